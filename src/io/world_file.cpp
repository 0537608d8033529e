// World files (see pathkit/io/world_file.hpp), read with pugixml.
#include "pathkit/io/world_file.hpp"

#include <cmath>
#include <filesystem>
#include <pugixml.hpp>
#include <sstream>

#include "input_file.hpp"
#include "pathkit/grid/rasterize.hpp"
#include "pathkit/io/limits.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/tiled.hpp"
#include "xml_reader.hpp"

namespace pathkit {

namespace {

constexpr int max_id = static_cast<int>(limits::max_file_id);
constexpr int max_tile = GridMap::max_side;

/// Reads one document, naming the line and element of anything wrong.
class WorldReader {
  public:
    WorldReader(std::string_view text, std::string_view source, std::string folder)
        : xml_(text, source), folder_(std::move(folder)) {}

    Expected<WorldFile> read(const pugi::xml_node& root) {
        if (std::string_view(root.name()) != "world")
            return xml_.error(root, "the document must be a <world>");
        WorldFile file{World(), GameClock(), {}};
        int ticks = 0, spacing = 0;
        std::string start, diagonal;
        if (!xml_.integer(root, "ticks_per_minute", ticks, 1, GameClock::max_ticks_per_minute,
                          12) ||
            !xml_.text(root, "start", start, "00:00") ||
            !xml_.text(root, "diagonal", diagonal, "never") ||
            !xml_.integer(root, "edge_portal_spacing", spacing, 1, max_tile, 16))
            return xml_.failure();
        const auto start_minute = GameClock::parse(start);
        if (!start_minute) return xml_.error(root, "start must be HH:MM");
        file.clock = GameClock(ticks, *start_minute);
        MovementRules rules;
        const auto policy = diagonal_policy_named(diagonal);
        if (!policy)
            return xml_.error(root,
                              "diagonal must be one of " + std::string(diagonal_policy_names));
        rules.diagonal = *policy;
        file.world.set_rules(rules);
        if (Status status = file.world.set_edge_portal_spacing(spacing); !status)
            return xml_.error(root, status.message());

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
    Status read_map(const pugi::xml_node& node, World& world) {
        int id = 0;
        std::string kind, name;
        float cell_size = 0;
        if (!xml_.integer(node, "id", id, 0, max_id) || !xml_.text(node, "kind", kind, "outdoor") ||
            !xml_.text(node, "name", name, ""))
            return xml_.failure();
        if (kind != "outdoor" && kind != "indoor")
            return xml_.error(node, "kind must be outdoor or indoor");
        std::optional<GridMap> grid;
        if (const pugi::xml_node tiled = node.child("tiled")) {
            std::string file;
            if (!xml_.text(tiled, "file", file)) return xml_.failure();
            auto loaded = load_tiled_map((std::filesystem::path(folder_) / file).string());
            if (!loaded) return xml_.error(tiled, loaded.error().message());
            if (!xml_.number(node, "cell_size", cell_size, World::min_cell_size,
                             World::max_cell_size, loaded.value().cell_size))
                return xml_.failure();
            grid = std::move(loaded.value().grid);
        } else if (const pugi::xml_node tiles = node.child("tiles")) {
            if (!xml_.number(node, "cell_size", cell_size, World::min_cell_size,
                             World::max_cell_size, 48))
                return xml_.failure();
            std::vector<std::string> rows;
            std::istringstream text(tiles.child_value());
            for (std::string row; text >> row;)
                rows.push_back(row);
            auto drawn = map_from_rows(rows, "tiles");
            if (!drawn) return xml_.error(tiles, drawn.error().message());
            grid = std::move(drawn).value();
        } else {
            int width = 0, height = 0;
            if (!xml_.number(node, "cell_size", cell_size, World::min_cell_size,
                             World::max_cell_size, 48) ||
                !xml_.integer(node, "width", width, 1, max_tile) ||
                !xml_.integer(node, "height", height, 1, max_tile))
                return xml_.failure();
            if (static_cast<std::int64_t>(width) * height > limits::max_map_tiles)
                return xml_.error(node, std::to_string(width) + " x " + std::to_string(height) +
                                            " tiles is over the limit of " +
                                            std::to_string(limits::max_map_tiles));
            auto made = GridMap::create(width, height);
            if (!made) return xml_.error(node, made.error().message());
            grid = std::move(made).value();
            std::vector<Rect> solids;
            for (const pugi::xml_node& solid : node.children("solid")) {
                Rect rectangle;
                if (!xml_.number(solid, "x", rectangle.x, -1e9, 1e9) ||
                    !xml_.number(solid, "y", rectangle.y, -1e9, 1e9) ||
                    !xml_.number(solid, "width", rectangle.width, 0, 1e9) ||
                    !xml_.number(solid, "height", rectangle.height, 0, 1e9))
                    return xml_.failure();
                solids.push_back(rectangle);
            }
            if (Status status = block_rectangles(*grid, cell_size, cell_size, solids); !status)
                return xml_.error(node, status.message());
        }
        total_tiles_ += static_cast<std::int64_t>(grid->width()) * grid->height();
        if (total_tiles_ > limits::max_world_tiles)
            return xml_.error(node, "the world's maps have more than " +
                                        std::to_string(limits::max_world_tiles) +
                                        " tiles together");
        const Status added = world.add_map(MapId(static_cast<std::uint32_t>(id)), name,
                                           kind == "outdoor" ? MapKind::Outdoor : MapKind::Indoor,
                                           std::move(*grid), cell_size);
        return added ? Status() : xml_.error(node, added.message());
    }

    Status read_links(const pugi::xml_node& node, World& world) {
        int id = 0;
        if (!xml_.integer(node, "id", id, 0, max_id)) return xml_.failure();
        const MapId map(static_cast<std::uint32_t>(id));
        for (const pugi::xml_node& neighbour : node.children("neighbour")) {
            std::string side;
            int other = 0, offset = 0;
            if (!xml_.text(neighbour, "side", side) ||
                !xml_.integer(neighbour, "map", other, 0, max_id) ||
                !xml_.integer(neighbour, "offset", offset, -max_tile, max_tile, 0))
                return xml_.failure();
            const Side sides[] = {Side::North, Side::East, Side::South, Side::West};
            int which = -1;
            for (int index = 0; index < 4; ++index)
                if (side == to_string(sides[index])) which = index;
            if (which < 0) return xml_.error(neighbour, "side must be north, east, south or west");
            const Status linked =
                world.link(map, sides[which], MapId(static_cast<std::uint32_t>(other)), offset);
            if (!linked) return xml_.error(neighbour, linked.message());
        }
        for (const pugi::xml_node& door : node.children("door")) {
            int x = 0, y = 0, to = 0, spawn_x = 0, spawn_y = 0;
            if (!xml_.integer(door, "x", x, 0, max_tile) ||
                !xml_.integer(door, "y", y, 0, max_tile) ||
                !xml_.integer(door, "to", to, 0, max_id) ||
                !xml_.integer(door, "spawn_x", spawn_x, 0, max_tile) ||
                !xml_.integer(door, "spawn_y", spawn_y, 0, max_tile))
                return xml_.failure();
            const Status added = world.add_door(map, {x, y}, MapId(static_cast<std::uint32_t>(to)),
                                                {spawn_x, spawn_y});
            if (!added) return xml_.error(door, added.message());
        }
        return {};
    }

    Expected<NpcSpec> read_npc(const pugi::xml_node& node, const World& world) {
        NpcSpec spec;
        int map = 0, x = 0, y = 0;
        if (!xml_.text(node, "name", spec.name) || !xml_.integer(node, "map", map, 0, max_id) ||
            !xml_.integer(node, "x", x, 0, max_tile) || !xml_.integer(node, "y", y, 0, max_tile) ||
            !xml_.number(node, "speed", spec.speed, NpcSpec::min_speed, NpcSpec::max_speed, 4))
            return xml_.failure();
        if (spec.name.empty()) return xml_.error(node, "the name is empty");
        spec.start = {MapId(static_cast<std::uint32_t>(map)), {x, y}};
        if (Status status = world.check_position(spec.start, "start"); !status)
            return xml_.error(node, status.message());
        for (const pugi::xml_node& appointment : node.children("appointment")) {
            std::string time;
            int to_map = 0, to_x = 0, to_y = 0;
            if (!xml_.text(appointment, "time", time) ||
                !xml_.integer(appointment, "map", to_map, 0, max_id) ||
                !xml_.integer(appointment, "x", to_x, 0, max_tile) ||
                !xml_.integer(appointment, "y", to_y, 0, max_tile))
                return xml_.failure();
            const auto minute = GameClock::parse(time);
            if (!minute) return xml_.error(appointment, "time must be HH:MM");
            const WorldPosition place{MapId(static_cast<std::uint32_t>(to_map)), {to_x, to_y}};
            if (Status status = world.check_position(place, "appointment"); !status)
                return xml_.error(appointment, status.message());
            spec.appointments.push_back({*minute, place});
        }
        return spec;
    }

    io_detail::XmlReader xml_;
    std::string folder_;
    std::int64_t total_tiles_ = 0;
};

}  // namespace

Expected<WorldFile> parse_world_file(std::string_view text, std::string_view source,
                                     const std::string& folder) {
    pugi::xml_document document;
    const io_detail::XmlReader xml(text, source);
    const pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
    if (!parsed) return xml.parse_error(parsed);
    if (!document.document_element())
        return Status::invalid_input(std::string(source) + ": the document has no element");
    return WorldReader(text, source, folder).read(document.document_element());
}

Expected<WorldFile> load_world_file(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_world_file(text, path, std::filesystem::path(path).parent_path().string());
}

}  // namespace pathkit
