// Tiled maps (.tmx with pugixml, .tmj with nlohmann/json) as walkable grids.
#include "pathkit/io/tiled.hpp"
#include "file_text.hpp"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <sstream>
#include <vector>

#include "json_reader.hpp"
#include "pathkit/core/rect.hpp"
#include "xml_places.hpp"

namespace pathkit {

namespace {

/// What the two formats have in common: a size, tile layers and rectangles that are solid.
struct SolidParts {
    int width = 0, height = 0;
    float tile_width = 0, tile_height = 0;
    std::vector<std::vector<long long>> tile_layers;  // gids, row by row
    std::vector<Rect> rectangles;                     // in pixels
};

Expected<TiledMap> to_grid(const SolidParts& parts, const std::string& source) {
    if (parts.width < 1 || parts.height < 1 || !(parts.tile_width > 0) || !(parts.tile_height > 0))
        return Status::invalid_input(source + ": the map needs a width, height and tile size");
    auto grid = GridMap::create(parts.width, parts.height);
    if (!grid) return Status::invalid_input(source + ": " + grid.error().message());
    for (const auto& layer : parts.tile_layers) {
        if (layer.size() != static_cast<std::size_t>(parts.width) * parts.height)
            return Status::invalid_input(source + ": a solid layer has " +
                                         std::to_string(layer.size()) + " tiles, expected " +
                                         std::to_string(parts.width * parts.height));
        for (int y = 0; y < parts.height; ++y)
            for (int x = 0; x < parts.width; ++x)
                if (layer[static_cast<std::size_t>(y * parts.width + x)] != 0)
                    (void)grid.value().set_walkable({x, y}, false);
    }
    for (const Rect& solid : parts.rectangles) {
        for (int y = 0; y < parts.height; ++y) {
            for (int x = 0; x < parts.width; ++x) {
                const Rect cell{x * parts.tile_width, y * parts.tile_height, parts.tile_width,
                                parts.tile_height};
                if (cell.overlaps(solid)) (void)grid.value().set_walkable({x, y}, false);
            }
        }
    }
    return TiledMap{std::move(grid).value(), parts.tile_width};
}

bool xml_layer_is_solid(const pugi::xml_node& layer) {
    if (std::string_view(layer.attribute("name").as_string()) == "solid") return true;
    for (const pugi::xml_node& property : layer.child("properties").children("property"))
        if (std::string_view(property.attribute("name").as_string()) == "solid")
            return property.attribute("value").as_bool();
    return false;
}

Expected<TiledMap> read_tmx(const std::string& text, const std::string& source) {
    pugi::xml_document document;
    const io_detail::XmlPlaces places(text, source);
    const pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
    if (!parsed) return places.parse_error(parsed);
    const pugi::xml_node map = document.child("map");
    if (!map) return Status::invalid_input(source + ": no <map> element");
    SolidParts parts{map.attribute("width").as_int(),
                     map.attribute("height").as_int(),
                     map.attribute("tilewidth").as_float(),
                     map.attribute("tileheight").as_float(),
                     {},
                     {}};
    for (const pugi::xml_node& layer : map.children("layer")) {
        if (!xml_layer_is_solid(layer)) continue;
        const pugi::xml_node data = layer.child("data");
        const std::string encoding = data.attribute("encoding").as_string();
        std::vector<long long> gids;
        if (encoding == "csv") {
            std::stringstream csv(data.child_value());
            std::string value;
            while (std::getline(csv, value, ','))
                if (value.find_first_not_of(" \r\n\t") != std::string::npos)
                    gids.push_back(std::stoll(value));
        } else if (encoding.empty()) {
            for (const pugi::xml_node& tile : data.children("tile"))
                gids.push_back(tile.attribute("gid").as_llong());
        } else {
            return places.error(data, "encoding \"" + encoding + "\" is not supported (use csv)");
        }
        parts.tile_layers.push_back(std::move(gids));
    }
    for (const pugi::xml_node& group : map.children("objectgroup")) {
        if (!xml_layer_is_solid(group)) continue;
        for (const pugi::xml_node& object : group.children("object"))
            parts.rectangles.push_back(
                {object.attribute("x").as_float(), object.attribute("y").as_float(),
                 object.attribute("width").as_float(), object.attribute("height").as_float()});
    }
    return to_grid(parts, source);
}

bool json_layer_is_solid(const nlohmann::json& layer) {
    if (layer.value("name", "") == "solid") return true;
    for (const auto& property : layer.value("properties", nlohmann::json::array()))
        if (property.value("name", "") == "solid") return property.value("value", false);
    return false;
}

Expected<TiledMap> read_tmj(const std::string& text, const std::string& source) {
    nlohmann::json map;
    if (Status status = io_detail::parse_json(text, source, map); !status) return status;
    if (!map.is_object()) return Status::invalid_input(source + ": expected a Tiled map object");
    SolidParts parts{map.value("width", 0),
                     map.value("height", 0),
                     map.value("tilewidth", 0.f),
                     map.value("tileheight", 0.f),
                     {},
                     {}};
    const nlohmann::json layers = map.value("layers", nlohmann::json::array());
    for (std::size_t index = 0; index < layers.size(); ++index) {
        const auto& layer = layers[index];
        if (!json_layer_is_solid(layer)) continue;
        const std::string where = source + ": /layers/" + std::to_string(index);
        if (layer.value("type", "") == "tilelayer") {
            if (!layer.contains("data") || !layer["data"].is_array())
                return Status::invalid_input(where + ": only plain \"data\" arrays are supported");
            parts.tile_layers.push_back(layer["data"].get<std::vector<long long>>());
        } else if (layer.value("type", "") == "objectgroup") {
            for (const auto& object : layer.value("objects", nlohmann::json::array()))
                parts.rectangles.push_back({object.value("x", 0.f), object.value("y", 0.f),
                                            object.value("width", 0.f),
                                            object.value("height", 0.f)});
        }
    }
    return to_grid(parts, source);
}

}  // namespace

Expected<TiledMap> load_tiled_map(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    const std::string extension = std::filesystem::path(path).extension().string();
    try {
        if (extension == ".tmx") return read_tmx(text, path);
        if (extension == ".tmj" || extension == ".json") return read_tmj(text, path);
    } catch (const std::exception& failure) {  // a malformed number in CSV or a JSON value
        return Status::invalid_input(path + ": " + failure.what());
    }
    return Status::invalid_input(path + ": not a Tiled map (.tmx or .tmj)");
}

}  // namespace pathkit
