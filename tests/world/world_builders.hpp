// Worlds for the tests: the town of the FlashPunk NPC tutorial drawn as maps, and a brute-force
// route oracle.
#pragma once

#include <deque>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "pathkit/world/world.hpp"
#include "support/ascii_map.hpp"

namespace pathkit::testing {

/// Adds a map drawn as ASCII art ('#' solid).
inline void add_drawn_map(World& world, int id, MapKind kind, std::vector<std::string> rows,
                          float cell_size = 48) {
    AsciiMap drawn = ascii_map(std::move(rows));
    const Status added =
        world.add_map(MapId(static_cast<std::uint32_t>(id)), "map " + std::to_string(id), kind,
                      std::move(drawn.map), cell_size);
    if (!added) throw std::logic_error(added.message());
}

inline MapId map_id(int id) {
    return MapId(static_cast<std::uint32_t>(id));
}

/// A new world with the maps, links and doors of `first` (never edited nor asked for
/// routes) and the tiles of `edited`: every distance field it makes is computed anew.
inline World rebuilt_world(const World& first, const World& edited) {
    World made;
    made.set_rules(first.rules());
    (void)made.set_edge_portal_spacing(first.edge_portal_spacing());
    for (const WorldMap& map : first.maps())
        (void)made.add_map(map.id, map.name, map.kind, map.grid, map.cell_size);
    for (const WorldMap& map : first.maps()) {
        for (const Side side : {Side::East, Side::South}) {
            const auto& neighbour = map.neighbours[static_cast<int>(side)];
            if (neighbour)
                (void)made.link(map.id, side, *neighbour, map.offsets[static_cast<int>(side)]);
        }
        for (const Door& door : map.doors)
            (void)made.add_door(map.id, door.at, door.to, door.spawn);
    }
    for (const WorldMap& map : edited.maps()) {  // doors first, then the tiles as they are
        const GridMap& grid = map.grid;
        for (int y = 0; y < grid.height(); ++y)
            for (int x = 0; x < grid.width(); ++x) {
                const Cell cell{grid.origin().x + x, grid.origin().y + y};
                (void)made.set_walkable(map.id, cell, grid.is_walkable(cell));
                if (grid.has_terrain_costs())
                    (void)made.set_terrain_cost(map.id, cell, grid.terrain_cost(cell));
            }
    }
    return made;
}

/// The tutorial's world: grassland (0) and earthland (1) side by side, each with three houses
/// (2, 3, 4 and 5, 6, 7) entered by doors on the south wall of the house.
inline World town() {
    World world;
    const std::vector<std::string> outdoor{
        "..............", ".##...##...##.", ".##...##...##.",
        "..............", "..............", "..............",
    };
    const std::vector<std::string> house{
        "#####",
        "#...#",
        "#...#",
        "#...#",
    };
    add_drawn_map(world, 0, MapKind::Outdoor, outdoor);
    add_drawn_map(world, 1, MapKind::Outdoor, outdoor);
    for (int id = 2; id <= 7; ++id)
        add_drawn_map(world, id, MapKind::Indoor, house);
    (void)world.link(map_id(0), Side::East, map_id(1));
    const int door_x[] = {1, 6, 11};
    for (int house_index = 0; house_index < 3; ++house_index) {
        (void)world.add_door(map_id(0), {door_x[house_index], 3}, map_id(2 + house_index), {2, 3});
        (void)world.add_door(map_id(1), {door_x[house_index], 3}, map_id(5 + house_index), {2, 3});
    }
    return world;
}

/// The cheapest route cost by brute force: Dijkstra over every tile of every map (4 moves, a
/// step costing the terrain multiplier of the tile entered), edges and doors costing one step. With
/// a `sequence` of maps, only routes that visit exactly those maps in that order count.
inline double brute_force_route_cost(const World& world, WorldPosition from, WorldPosition to,
                                     const std::vector<MapId>& sequence = {}) {
    struct Node {
        std::uint32_t first;    // map id
        Cell second;            // tile
        std::size_t stage = 0;  // index in `sequence`
    };
    const auto key = [](const Node& n) {
        return std::tuple{n.stage, n.first, n.second.x, n.second.y};
    };
    std::map<std::tuple<std::size_t, std::uint32_t, int, int>, double> best;
    const Node start{from.map.value, from.cell, 0};
    std::multimap<double, Node> open{{0.0, start}};
    best[key(start)] = 0;
    while (!open.empty()) {
        // Plain copies, not a structured binding: the lambda below captures them (clang 14).
        const double cost = open.begin()->first;
        const Node node = open.begin()->second;
        open.erase(open.begin());
        if (cost > best[key(node)]) continue;
        if (node.first == to.map.value && node.second == to.cell &&
            (sequence.empty() || node.stage + 1 == sequence.size()))
            return cost;
        // A move into another map is allowed only as the sequence's next map.
        const auto usable = [&](Node& n) {
            if (!sequence.empty() && n.first != node.first) {
                if (node.stage + 1 >= sequence.size() || sequence[node.stage + 1].value != n.first)
                    return false;
                n.stage = node.stage + 1;
            } else {
                n.stage = node.stage;
            }
            const WorldMap* map = world.map(MapId(n.first));
            return map && map->grid.is_walkable(n.second);
        };
        const WorldMap& map = *world.map(MapId(node.first));
        std::vector<std::pair<Node, double>> next;  // a node and the step's cost
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const Cell cell{node.second.x + dx, node.second.y + dy};
            if (map.grid.contains(cell)) {
                next.push_back({{node.first, cell, 0}, map.grid.terrain_cost(cell)});
                continue;
            }
            // Off the edge: onto the neighbour across it, shifted by the link's offset.
            const Side side = dx > 0   ? Side::East
                              : dx < 0 ? Side::West
                              : dy > 0 ? Side::South
                                       : Side::North;
            const auto& neighbour = map.neighbours[static_cast<int>(side)];
            if (!neighbour) continue;
            const WorldMap& other = *world.map(*neighbour);
            const int offset = map.offsets[static_cast<int>(side)];
            Cell landing = node.second;
            if (side == Side::East) landing = {0, node.second.y - offset};
            if (side == Side::West) landing = {other.grid.width() - 1, node.second.y - offset};
            if (side == Side::South) landing = {node.second.x - offset, 0};
            if (side == Side::North) landing = {node.second.x - offset, other.grid.height() - 1};
            if (other.grid.contains(landing)) next.push_back({{neighbour->value, landing, 0}, 1.0});
        }
        for (const WorldMap& any : world.maps()) {  // doors, both ways
            for (const Door& door : any.doors) {
                if (any.id.value == node.first && door.at == node.second)
                    next.push_back({{door.to.value, door.spawn, 0}, 1.0});
                if (door.to.value == node.first && door.spawn == node.second)
                    next.push_back({{any.id.value, door.at, 0}, 1.0});
            }
        }
        for (auto& [n, step] : next) {
            if (!usable(n)) continue;
            auto found = best.find(key(n));
            if (found == best.end() || cost + step < found->second) {
                best[key(n)] = cost + step;
                open.insert({cost + step, n});
            }
        }
    }
    return std::numeric_limits<double>::infinity();
}

}  // namespace pathkit::testing
