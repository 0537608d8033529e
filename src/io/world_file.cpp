// World files (see pathkit/io/world_file.hpp), read with pugixml.
#include "pathkit/io/world_file.hpp"
#include "file_text.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <pugixml.hpp>
#include <sstream>

#include "pathkit/grid/rasterize.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/tiled.hpp"
#include "xml_places.hpp"

namespace pathkit {

namespace {

/// Reads one document, naming the line and element of anything wrong.
class WorldReader {
  public:
    WorldReader(std::string_view text, std::string_view source, std::string folder)
        : places_(text, source), folder_(std::move(folder)) {}

    Expected<WorldFile> read(const pugi::xml_node& root) {
        if (std::string_view(root.name()) != "world")
            return Status::invalid_input(std::string("the document must be a <world>"));
        WorldFile file{World(), GameClock(), {}};
        const int ticks = root.attribute("ticks_per_minute").as_int(12);
        if (ticks < 1) return places_.error(root, "ticks_per_minute must be >= 1");
        const auto start = GameClock::parse(root.attribute("start").as_string("00:00"));
        if (!start) return places_.error(root, "start must be HH:MM");
        file.clock = GameClock(ticks, *start);
        const std::string diagonal = root.attribute("diagonal").as_string("never");
        MovementRules rules;
        if (diagonal == "never")
            rules.diagonal = DiagonalPolicy::Never;
        else if (diagonal == "no-corner-cutting")
            rules.diagonal = DiagonalPolicy::NoCornerCutting;
        else
            return places_.error(root, "diagonal must be never or no-corner-cutting");
        file.world.set_rules(rules);
        file.world.routes().set_edge_portal_spacing(
            root.attribute("edge_portal_spacing").as_int(16));

        for (const pugi::xml_node& map : root.children("map"))
            if (Status status = read_map(map, file.world); !status) return status;
        for (const pugi::xml_node& map : root.children("map"))  // links may name later maps
            if (Status status = read_links(map, file.world); !status) return status;
        for (const pugi::xml_node& npc : root.children("npc")) {
            auto spec = read_npc(npc, file.world);
            if (!spec) return spec.error();
            file.npcs.push_back(std::move(spec).value());
        }
        return file;
    }

  private:
    // An attribute that must be there, as an int.
    bool required_int(const pugi::xml_node& node, const char* name, int& out) {
        const pugi::xml_attribute attribute = node.attribute(name);
        if (!attribute) {
            failure_ = places_.error(node, std::string("missing attribute \"") + name + "\"");
            return false;
        }
        out = attribute.as_int();
        return true;
    }

    Status read_map(const pugi::xml_node& node, World& world) {
        int id = 0;
        if (!required_int(node, "id", id)) return failure_;
        if (id < 0) return places_.error(node, "id must be >= 0");
        const std::string kind = node.attribute("kind").as_string("outdoor");
        if (kind != "outdoor" && kind != "indoor")
            return places_.error(node, "kind must be outdoor or indoor");
        float cell_size = node.attribute("cell_size").as_float(48);
        std::optional<GridMap> grid;
        if (const pugi::xml_node tiled = node.child("tiled")) {
            auto loaded = load_tiled_map(
                (std::filesystem::path(folder_) / tiled.attribute("file").as_string()).string());
            if (!loaded) return places_.error(tiled, loaded.error().message());
            cell_size = node.attribute("cell_size").as_float(loaded.value().cell_size);
            grid = std::move(loaded.value().grid);
        } else if (const pugi::xml_node tiles = node.child("tiles")) {
            std::vector<std::string> rows;
            std::istringstream text(tiles.child_value());
            for (std::string row; text >> row;)
                rows.push_back(row);
            auto drawn = map_from_rows(rows, "tiles");
            if (!drawn) return places_.error(tiles, drawn.error().message());
            grid = std::move(drawn).value();
        } else {
            int width = 0, height = 0;
            if (!required_int(node, "width", width) || !required_int(node, "height", height))
                return failure_;
            std::vector<Rect> solids;
            for (const pugi::xml_node& solid : node.children("solid"))
                solids.push_back({solid.attribute("x").as_float(), solid.attribute("y").as_float(),
                                  solid.attribute("width").as_float(),
                                  solid.attribute("height").as_float()});
            auto made = rasterize(static_cast<float>(width) * cell_size,
                                  static_cast<float>(height) * cell_size, cell_size, solids);
            if (!made) return places_.error(node, made.error().message());
            grid = std::move(made).value();
        }
        const Status added = world.add_map(
            MapId(static_cast<std::uint32_t>(id)), node.attribute("name").as_string(),
            kind == "outdoor" ? MapKind::Outdoor : MapKind::Indoor, std::move(*grid), cell_size);
        return added ? Status() : places_.error(node, added.message());
    }

    Status read_links(const pugi::xml_node& node, World& world) {
        const MapId id(static_cast<std::uint32_t>(node.attribute("id").as_int()));
        for (const pugi::xml_node& neighbour : node.children("neighbour")) {
            const std::string side = neighbour.attribute("side").as_string();
            const Side sides[] = {Side::North, Side::East, Side::South, Side::West};
            const char* names[] = {"north", "east", "south", "west"};
            int which = -1;
            for (int index = 0; index < 4; ++index)
                if (side == names[index]) which = index;
            if (which < 0)
                return places_.error(neighbour, "side must be north, east, south or west");
            int other = 0;
            if (!required_int(neighbour, "map", other)) return failure_;
            const Status linked =
                world.link(id, sides[which], MapId(static_cast<std::uint32_t>(other)),
                           neighbour.attribute("offset").as_int(0));
            if (!linked) return places_.error(neighbour, linked.message());
        }
        for (const pugi::xml_node& door : node.children("door")) {
            int x = 0, y = 0, to = 0, spawn_x = 0, spawn_y = 0;
            if (!required_int(door, "x", x) || !required_int(door, "y", y) ||
                !required_int(door, "to", to) || !required_int(door, "spawn_x", spawn_x) ||
                !required_int(door, "spawn_y", spawn_y))
                return failure_;
            const Status added = world.add_door(id, {x, y}, MapId(static_cast<std::uint32_t>(to)),
                                                {spawn_x, spawn_y});
            if (!added) return places_.error(door, added.message());
        }
        return {};
    }

    Expected<NpcSpec> read_npc(const pugi::xml_node& node, const World& world) {
        NpcSpec spec;
        spec.name = node.attribute("name").as_string();
        if (spec.name.empty()) return places_.error(node, "missing attribute \"name\"");
        int map = 0, x = 0, y = 0;
        if (!required_int(node, "map", map) || !required_int(node, "x", x) ||
            !required_int(node, "y", y))
            return failure_;
        spec.start = {MapId(static_cast<std::uint32_t>(map)), {x, y}};
        if (Status status = world.check_position(spec.start, "start"); !status)
            return places_.error(node, status.message());
        spec.speed = node.attribute("speed").as_float(4);
        if (!(spec.speed > 0) || !std::isfinite(spec.speed))
            return places_.error(node, "speed must be > 0");
        for (const pugi::xml_node& appointment : node.children("appointment")) {
            const auto time = GameClock::parse(appointment.attribute("time").as_string());
            if (!time) return places_.error(appointment, "time must be HH:MM");
            int to_map = 0, to_x = 0, to_y = 0;
            if (!required_int(appointment, "map", to_map) ||
                !required_int(appointment, "x", to_x) || !required_int(appointment, "y", to_y))
                return failure_;
            const WorldPosition place{MapId(static_cast<std::uint32_t>(to_map)), {to_x, to_y}};
            if (Status status = world.check_position(place, "appointment"); !status)
                return places_.error(appointment, status.message());
            spec.appointments.push_back({*time, place});
        }
        return spec;
    }

    io_detail::XmlPlaces places_;
    std::string folder_;
    Status failure_;
};

}  // namespace

Expected<WorldFile> parse_world_file(std::string_view text, std::string_view source,
                                     const std::string& folder) {
    pugi::xml_document document;
    const io_detail::XmlPlaces places(text, source);
    const pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
    if (!parsed) return places.parse_error(parsed);
    auto file = WorldReader(text, source, folder).read(document.document_element());
    if (!file && file.error().message().rfind("the document", 0) == 0)
        return Status::invalid_input(std::string(source) + ": " + file.error().message());
    return file;
}

Expected<WorldFile> load_world_file(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_world_file(text, path, std::filesystem::path(path).parent_path().string());
}

}  // namespace pathkit
