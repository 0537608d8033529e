// Tiled maps (.tmx with pugixml, .tmj with nlohmann/json) as walkable grids.
#include "pathkit/io/tiled.hpp"

#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <vector>

#include "input_file.hpp"
#include "json_reader.hpp"
#include "pathkit/core/rect.hpp"
#include "pathkit/grid/rasterize.hpp"
#include "pathkit/io/limits.hpp"
#include "xml_reader.hpp"

namespace pathkit {

namespace {

/// Largest tile side in pixels, and largest object coordinate.
constexpr double max_tile_pixels = 1e6;
constexpr double max_object_pixels = 1e9;
/// Tiled keeps flip flags in the top bits of a gid: any value up to 2^32 - 1.
constexpr std::int64_t max_gid = 0xFFFFFFFF;

/// The size of a map, checked against the limits before the grid is made.
Status check_size(int width, int height, const std::string& source) {
    const auto tiles = static_cast<std::int64_t>(width) * height;
    if (tiles > limits::max_map_tiles)
        return Status::invalid_input(source + ": the map is " + std::to_string(width) + " x " +
                                     std::to_string(height) + " = " + std::to_string(tiles) +
                                     " tiles, over the limit of " +
                                     std::to_string(limits::max_map_tiles));
    return {};
}

/// Blocks tile `index` (row by row) when `gid` is not 0.
void apply_gid(GridMap& grid, std::size_t index, std::int64_t gid) {
    if (gid == 0) return;
    const int width = grid.width();
    (void)grid.set_walkable({static_cast<int>(index % static_cast<std::size_t>(width)),
                             static_cast<int>(index / static_cast<std::size_t>(width))},
                            false);
}

std::string tile_count_error(std::size_t count, const GridMap& grid) {
    return "a solid layer has " + std::to_string(count) + " tiles, expected " +
           std::to_string(static_cast<std::int64_t>(grid.width()) * grid.height());
}

bool xml_layer_is_solid(const pugi::xml_node& layer) {
    if (std::string_view(layer.attribute("name").as_string()) == "solid") return true;
    for (const pugi::xml_node& property : layer.child("properties").children("property"))
        if (std::string_view(property.attribute("name").as_string()) == "solid")
            return std::string_view(property.attribute("value").as_string()) == "true";
    return false;
}

/// A CSV tile layer, applied to the grid as it is read.
bool read_csv(io_detail::XmlReader& xml, const pugi::xml_node& data, GridMap& grid) {
    std::string_view text = data.child_value();
    const std::size_t tiles = static_cast<std::size_t>(grid.width()) * grid.height();
    std::size_t count = 0;
    while (true) {
        const std::size_t comma = std::min(text.find(','), text.size());
        std::string_view word = text.substr(0, comma);
        const auto first = word.find_first_not_of(" \t\r\n");
        word = first == std::string_view::npos
                   ? std::string_view()
                   : word.substr(first, word.find_last_not_of(" \t\r\n") - first + 1);
        const bool last = comma == text.size();
        if (!word.empty() || !last) {
            std::int64_t gid = 0;
            const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), gid);
            if (error != std::errc() || end != word.data() + word.size() || gid < 0 ||
                gid > max_gid)
                return xml.fail(data, "tile " + std::to_string(count) + ": \"" +
                                          std::string(word.substr(0, 20)) +
                                          "\" is not a tile number in 0.." +
                                          std::to_string(max_gid));
            if (count == tiles)
                return xml.fail(data, "more tiles than the map's " + std::to_string(tiles));
            apply_gid(grid, count++, gid);
        }
        if (last) break;
        text.remove_prefix(comma + 1);
    }
    if (count != tiles) return xml.fail(data, tile_count_error(count, grid));
    return true;
}

Expected<TiledMap> read_tmx(std::string_view text, const std::string& source) {
    pugi::xml_document document;
    io_detail::XmlReader xml(text, source);
    const pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
    if (!parsed) return xml.parse_error(parsed);
    const pugi::xml_node map = document.child("map");
    if (!map) return Status::invalid_input(source + ": no <map> element");
    int width = 0, height = 0;
    float tile_width = 0, tile_height = 0;
    if (!xml.integer(map, "width", width, 1, GridMap::max_side) ||
        !xml.integer(map, "height", height, 1, GridMap::max_side) ||
        !xml.number(map, "tilewidth", tile_width, 1e-3, max_tile_pixels) ||
        !xml.number(map, "tileheight", tile_height, 1e-3, max_tile_pixels))
        return xml.failure();
    if (Status status = check_size(width, height, source); !status) return status;
    GridMap grid = GridMap::create(width, height).value();
    for (const pugi::xml_node& layer : map.children("layer")) {
        if (!xml_layer_is_solid(layer)) continue;
        const pugi::xml_node data = layer.child("data");
        const std::string encoding = data.attribute("encoding").as_string();
        if (encoding == "csv") {
            if (!read_csv(xml, data, grid)) return xml.failure();
        } else if (encoding.empty()) {
            std::size_t count = 0;
            for (const pugi::xml_node& tile : data.children("tile")) {
                std::int64_t gid = 0;
                if (!xml.integer(tile, "gid", gid, 0, max_gid, 0)) return xml.failure();
                if (count == static_cast<std::size_t>(width) * height)
                    return xml.error(tile, "more tiles than the map has");
                apply_gid(grid, count++, gid);
            }
            if (count != static_cast<std::size_t>(width) * height)
                return xml.error(data, tile_count_error(count, grid));
        } else {
            return xml.error(data, "encoding \"" + encoding + "\" is not supported (use csv)");
        }
    }
    std::vector<Rect> rectangles;
    for (const pugi::xml_node& group : map.children("objectgroup")) {
        if (!xml_layer_is_solid(group)) continue;
        for (const pugi::xml_node& object : group.children("object")) {
            Rect rectangle;
            if (!xml.number(object, "x", rectangle.x, -max_object_pixels, max_object_pixels, 0) ||
                !xml.number(object, "y", rectangle.y, -max_object_pixels, max_object_pixels, 0) ||
                !xml.number(object, "width", rectangle.width, 0, max_object_pixels, 0) ||
                !xml.number(object, "height", rectangle.height, 0, max_object_pixels, 0))
                return xml.failure();
            rectangles.push_back(rectangle);
        }
    }
    if (Status status = block_rectangles(grid, tile_width, tile_height, rectangles); !status)
        return Status::invalid_input(source + ": " + status.message());
    return TiledMap{std::move(grid), tile_width};
}

/// Reads a .tmj document, naming the JSON pointer of anything wrong.
class TmjReader : public io_detail::JsonReader {
  public:
    using JsonReader::JsonReader;

    Expected<TiledMap> read(const nlohmann::json& map, const std::string& source) {
        if (!map.is_object()) return error("", "expected a Tiled map object");
        std::int64_t width = 0, height = 0;
        float tile_width = 0, tile_height = 0;
        const auto field = [&](const char* key) -> const nlohmann::json& {
            static const nlohmann::json missing;
            const nlohmann::json* value = io_detail::member(map, key);
            return value ? *value : missing;
        };
        if (!integer(field("width"), "/width", width, 1, GridMap::max_side) ||
            !integer(field("height"), "/height", height, 1, GridMap::max_side) ||
            !number(field("tilewidth"), "/tilewidth", tile_width, 1e-3, max_tile_pixels) ||
            !number(field("tileheight"), "/tileheight", tile_height, 1e-3, max_tile_pixels))
            return failure();
        if (Status status = check_size(static_cast<int>(width), static_cast<int>(height), source);
            !status)
            return status;
        GridMap grid = GridMap::create(static_cast<int>(width), static_cast<int>(height)).value();
        std::vector<Rect> rectangles;
        if (const nlohmann::json* layers = io_detail::member(map, "layers")) {
            if (!array(*layers, "/layers", 100'000)) return failure();
            for (std::size_t index = 0; index < layers->size(); ++index)
                if (!read_layer((*layers)[index], "/layers/" + std::to_string(index), grid,
                                rectangles))
                    return failure();
        }
        if (Status status = block_rectangles(grid, tile_width, tile_height, rectangles); !status)
            return Status::invalid_input(source + ": " + status.message());
        return TiledMap{std::move(grid), tile_width};
    }

  private:
    bool solid(const nlohmann::json& layer, const std::string& where) {
        std::string name;
        if (const nlohmann::json* value = io_detail::member(layer, "name");
            value && !text(*value, where + "/name", name))
            return false;
        if (name == "solid") return true;
        const nlohmann::json* properties = io_detail::member(layer, "properties");
        if (!properties || !properties->is_array()) return false;
        for (const nlohmann::json& property : *properties) {
            const nlohmann::json* key = io_detail::member(property, "name");
            const nlohmann::json* value = io_detail::member(property, "value");
            if (key && *key == "solid") return value && *value == true;
        }
        return false;
    }

    bool read_layer(const nlohmann::json& layer, const std::string& where, GridMap& grid,
                    std::vector<Rect>& rectangles) {
        if (!layer.is_object()) {
            (void)error(where, "expected a layer object, got " + io_detail::describe(layer));
            return false;
        }
        if (!solid(layer, where)) return failure().ok();
        const nlohmann::json* type = io_detail::member(layer, "type");
        if (type && *type == "tilelayer") {
            const nlohmann::json* data = io_detail::member(layer, "data");
            if (!data || !data->is_array()) {
                (void)error(where, "only plain \"data\" arrays are supported");
                return false;
            }
            const std::size_t tiles = static_cast<std::size_t>(grid.width()) * grid.height();
            if (data->size() != tiles) {
                (void)error(where + "/data", tile_count_error(data->size(), grid));
                return false;
            }
            for (std::size_t index = 0; index < tiles; ++index) {
                std::int64_t gid = 0;
                if (!integer((*data)[index], where + "/data/" + std::to_string(index), gid, 0,
                             max_gid))
                    return false;
                apply_gid(grid, index, gid);
            }
        } else if (type && *type == "objectgroup") {
            const nlohmann::json* objects = io_detail::member(layer, "objects");
            if (!objects) return true;
            if (!array(*objects, where + "/objects", 1'000'000)) return false;
            for (std::size_t index = 0; index < objects->size(); ++index) {
                const std::string at = where + "/objects/" + std::to_string(index);
                const nlohmann::json& object = (*objects)[index];
                Rect rectangle;
                const std::pair<const char*, float*> fields[] = {{"x", &rectangle.x},
                                                                 {"y", &rectangle.y},
                                                                 {"width", &rectangle.width},
                                                                 {"height", &rectangle.height}};
                for (const auto& [key, target] : fields) {
                    const nlohmann::json* value = io_detail::member(object, key);
                    const bool size = key[0] == 'w' || key[0] == 'h';
                    if (value && !number(*value, at + "/" + key, *target,
                                         size ? 0 : -max_object_pixels, max_object_pixels))
                        return false;
                }
                rectangles.push_back(rectangle);
            }
        }
        return true;
    }
};

Expected<TiledMap> read_tmj(std::string_view text, const std::string& source) {
    nlohmann::json map;
    if (Status status = io_detail::parse_json(text, source, map); !status) return status;
    return TmjReader(source).read(map, source);
}

}  // namespace

Expected<TiledMap> parse_tiled_map(std::string_view text, std::string_view source,
                                   TiledFormat format) {
    const std::string name(source);
    return format == TiledFormat::Tmx ? read_tmx(text, name) : read_tmj(text, name);
}

Expected<TiledMap> load_tiled_map(const std::string& path) {
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension != ".tmx" && extension != ".tmj" && extension != ".json")
        return Status::invalid_input(path + ": not a Tiled map (.tmx or .tmj)");
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_tiled_map(text, path, extension == ".tmx" ? TiledFormat::Tmx : TiledFormat::Tmj);
}

}  // namespace pathkit
