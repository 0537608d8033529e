// The C API over tile grids: maps, spaces (A*, Dijkstra, breadth-first, JPS, JPS+), flow fields,
// hierarchies and crowds.
#include <cmath>
#include <memory>

#include "c_api_support.hpp"
#include "pathkit/crowd/crowd.hpp"
#include "pathkit/grid/flow_field.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/io/moving_ai.hpp"

struct pk_grid_map {
    pathkit::GridMap map;
};
struct pk_grid_space {
    pathkit::GridSpace space;
};
struct pk_crowd {
    pathkit::Crowd crowd;
};
struct pk_grid_hierarchy {
    pathkit::GridHierarchy hierarchy;
};

namespace {

using namespace pathkit;
using c_api::fail;
using c_api::guarded;
using c_api::missing;

/// Writes a grid path's tiles (x, y pairs), the link of each step when `links` is not null, and
/// its cost; the status of a search that found none.
pk_status write_grid_path(const GridPath& path, int32_t* tiles, uint32_t* links, size_t capacity,
                          size_t* length, float* cost) {
    if (!path.found()) return c_api::search_failure(path.status, path.message);
    if (cost != nullptr) *cost = path.cost;
    return c_api::write_items(
        path.path.size(), tiles, capacity, length, [&](std::size_t index, int32_t* out) {
            out[2 * index] = path.path[index].x;
            out[2 * index + 1] = path.path[index].y;
            if (links == nullptr) return;
            links[index] = index < path.links.size() && path.links[index].is_valid()
                               ? path.links[index].value
                               : PK_NO_LINK;
        });
}

/// Refuses a tile outside the map.
bool outside(const GridMap& map, int32_t x, int32_t y, pk_status& status) {
    if (map.contains({x, y})) return false;
    status = fail(PK_INVALID_ARGUMENT, "tile " + std::to_string(x) + "," + std::to_string(y) +
                                           " is outside the " + std::to_string(map.width()) +
                                           " x " + std::to_string(map.height()) + " map");
    return true;
}

/// The library's search for each pk_algorithm, in the C enum's order (its numbers are ABI).
constexpr SearchAlgorithm searches_by_number[] = {
    SearchAlgorithm::AStar, SearchAlgorithm::Jps, SearchAlgorithm::Dijkstra,
    SearchAlgorithm::BreadthFirst, SearchAlgorithm::JpsPlus};

std::optional<SearchAlgorithm> search_numbered(pk_algorithm algorithm) {
    const auto number = static_cast<std::size_t>(algorithm);
    if (number >= std::size(searches_by_number)) return std::nullopt;
    return searches_by_number[number];
}

}  // namespace

extern "C" {

pk_status pk_algorithm_named(const char* name, pk_algorithm* out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(name, "name", status) || missing(out, "out", status)) return status;
        const auto algorithm = search_algorithm_named(name);
        for (std::size_t number = 0; algorithm && number < std::size(searches_by_number); ++number)
            if (searches_by_number[number] == *algorithm) {
                *out = static_cast<pk_algorithm>(number);
                return PK_OK;
            }
        return fail(PK_INVALID_ARGUMENT, "algorithm \"" + std::string(name) + "\" is not one of " +
                                             std::string(search_algorithm_names));
    });
}

const char* pk_algorithm_name(pk_algorithm algorithm) {
    const auto search = search_numbered(algorithm);
    return search ? to_string(*search) : "unknown";
}

pk_status pk_grid_map_create(int32_t width, int32_t height, pk_grid_map** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status)) return status;
        *out = nullptr;
        return c_api::hand_out(GridMap::create(width, height), out);
    });
}

pk_status pk_grid_map_load_moving_ai(const char* path, pk_grid_map** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status) || missing(path, "path", status)) return status;
        *out = nullptr;
        return c_api::hand_out(load_moving_ai_map(path), out);
    });
}

void pk_grid_map_destroy(pk_grid_map* map) {
    delete map;
}

pk_status pk_grid_map_size(const pk_grid_map* map, int32_t* width, int32_t* height) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(map, "map", status)) return status;
        if (width != nullptr) *width = map->map.width();
        if (height != nullptr) *height = map->map.height();
        return PK_OK;
    });
}

pk_status pk_grid_map_set_walkable(pk_grid_map* map, int32_t x, int32_t y, int walkable) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(map, "map", status) || outside(map->map, x, y, status)) return status;
        const Status set = map->map.set_walkable({x, y}, walkable != 0);
        return set ? PK_OK : c_api::refused(set);
    });
}

pk_status pk_grid_map_is_walkable(const pk_grid_map* map, int32_t x, int32_t y, int* walkable) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(map, "map", status) || missing(walkable, "walkable", status) ||
            outside(map->map, x, y, status))
            return status;
        *walkable = map->map.is_walkable({x, y}) ? 1 : 0;
        return PK_OK;
    });
}

pk_status pk_grid_map_set_terrain_cost(pk_grid_map* map, int32_t x, int32_t y, float cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(map, "map", status) || outside(map->map, x, y, status)) return status;
        const Status set = map->map.set_terrain_cost({x, y}, cost);
        return set ? PK_OK : c_api::refused(set);
    });
}

pk_status pk_grid_space_create(const pk_grid_map* map, pk_diagonal diagonal, pk_grid_space** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status) || missing(map, "map", status)) return status;
        *out = nullptr;
        MovementRules rules;
        switch (diagonal) {
            case PK_DIAGONAL_NEVER:
                rules.diagonal = DiagonalPolicy::Never;
                break;
            case PK_DIAGONAL_ALWAYS:
                rules.diagonal = DiagonalPolicy::Always;
                break;
            case PK_DIAGONAL_AT_LEAST_ONE_WALKABLE:
                rules.diagonal = DiagonalPolicy::AtLeastOneWalkable;
                break;
            case PK_DIAGONAL_NO_CORNER_CUTTING:
                rules.diagonal = DiagonalPolicy::NoCornerCutting;
                break;
            default:
                return fail(PK_INVALID_ARGUMENT, "diagonal " +
                                                     std::to_string(static_cast<int>(diagonal)) +
                                                     " is not a pk_diagonal");
        }
        *out = new pk_grid_space{GridSpace(map->map, rules)};
        return PK_OK;
    });
}

void pk_grid_space_destroy(pk_grid_space* space) {
    delete space;
}

pk_status pk_grid_hierarchy_create(const pk_grid_space* space, int32_t cluster_side,
                                   pk_grid_hierarchy** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status) || missing(space, "space", status)) return status;
        *out = nullptr;
        auto built = GridHierarchy::build(space->space, {.cluster_side = cluster_side});
        if (!built) return c_api::refused(built.error());
        *out = new pk_grid_hierarchy{std::move(built).value()};
        return PK_OK;
    });
}

void pk_grid_hierarchy_destroy(pk_grid_hierarchy* hierarchy) {
    delete hierarchy;
}

pk_status pk_grid_hierarchy_repair(pk_grid_hierarchy* hierarchy) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(hierarchy, "hierarchy", status)) return status;
        hierarchy->hierarchy.repair();
        return PK_OK;
    });
}

pk_status pk_grid_hierarchy_find_path(const pk_grid_hierarchy* hierarchy, int32_t start_x,
                                      int32_t start_y, int32_t goal_x, int32_t goal_y, int optimal,
                                      int32_t* tiles, size_t capacity, size_t* length,
                                      float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(hierarchy, "hierarchy", status)) return status;
        thread_local HierarchyContext context;
        const GridPath path = hierarchy->hierarchy.find_path(
            {start_x, start_y}, {goal_x, goal_y}, context,
            optimal != 0 ? HierarchyMode::Optimal : HierarchyMode::Fast);
        return write_grid_path(path, tiles, nullptr, capacity, length, cost);
    });
}

pk_status pk_grid_space_flow_field(const pk_grid_space* space, int32_t goal_x, int32_t goal_y,
                                   float* costs, uint8_t* directions, size_t capacity,
                                   size_t* length) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(space, "space", status)) return status;
        const GridMap& map = space->space.map();
        const std::size_t tiles = static_cast<std::size_t>(map.width()) * map.height();
        if (length != nullptr) *length = tiles;
        if (tiles > capacity)
            return fail(PK_BUFFER_TOO_SMALL, "the map has " + std::to_string(tiles) +
                                                 " tiles; the buffers hold " +
                                                 std::to_string(capacity));
        auto field = FlowField::create(space->space, Cell{goal_x, goal_y});
        if (!field) return c_api::refused(field.error());
        field.value().finish();
        if (costs != nullptr) {
            const std::vector<FlowCost> fixed = field.value().costs();
            for (std::size_t tile = 0; tile < tiles; ++tile)
                costs[tile] = fixed[tile] == flow_unreachable
                                  ? INFINITY
                                  : static_cast<float>(static_cast<double>(fixed[tile]) /
                                                       static_cast<double>(flow_cost_scale));
        }
        if (directions != nullptr) {
            const std::vector<FlowDirection> steps = field.value().directions();
            for (std::size_t tile = 0; tile < tiles; ++tile)
                directions[tile] = static_cast<uint8_t>(steps[tile]);
        }
        return PK_OK;
    });
}

pk_status pk_grid_space_find_path(const pk_grid_space* space, int32_t start_x, int32_t start_y,
                                  int32_t goal_x, int32_t goal_y, pk_algorithm algorithm,
                                  uint64_t budget, int32_t* tiles, size_t capacity, size_t* length,
                                  float* cost) {
    return pk_grid_space_find_path_ex(space, start_x, start_y, goal_x, goal_y, algorithm, budget,
                                      nullptr, 0, tiles, nullptr, capacity, length, cost);
}

pk_status pk_grid_space_find_path_ex(const pk_grid_space* space, int32_t start_x, int32_t start_y,
                                     int32_t goal_x, int32_t goal_y, pk_algorithm algorithm,
                                     uint64_t budget, const uint8_t* excluded,
                                     size_t excluded_count, int32_t* tiles, uint32_t* links,
                                     size_t capacity, size_t* length, float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(space, "space", status)) return status;
        if (excluded_count > 0 && missing(excluded, "excluded", status)) return status;
        SearchOptions options;
        if (budget > 0) options.max_expansions = static_cast<std::size_t>(budget);
        const Cell from{start_x, start_y}, to{goal_x, goal_y};
        const auto search = search_numbered(algorithm);
        if (!search)
            return fail(PK_INVALID_ARGUMENT, "algorithm " +
                                                 std::to_string(static_cast<int>(algorithm)) +
                                                 " is not a pk_algorithm");
        options.algorithm = *search;
        TerrainFilter filter;
        if (excluded_count > 0) filter.excluded.assign(excluded, excluded + excluded_count);
        const GridPath path = space->space.find_path(from, to, options, PathShape::Tiles, filter);
        return write_grid_path(path, tiles, links, capacity, length, cost);
    });
}

pk_status pk_grid_map_add_terrain_type(pk_grid_map* map, const char* name, uint8_t* type) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(map, "map", status) || missing(name, "name", status) ||
            missing(type, "type", status))
            return status;
        auto added = map->map.add_terrain_type(name);
        if (!added) return c_api::refused(added.error());
        *type = added.value();
        return PK_OK;
    });
}

pk_status pk_grid_map_set_terrain_type(pk_grid_map* map, int32_t x, int32_t y, uint8_t type) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(map, "map", status) || outside(map->map, x, y, status)) return status;
        const Status set = map->map.set_terrain_type({x, y}, type);
        return set ? PK_OK : c_api::refused(set);
    });
}

pk_status pk_grid_space_add_link(pk_grid_space* space, int32_t from_x, int32_t from_y, int32_t to_x,
                                 int32_t to_y, float cost, int bidirectional, uint32_t* link) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "space", status) || missing(link, "link", status)) return status;
        auto added = space->space.add_link({from_x, from_y}, {to_x, to_y},
                                           {.cost = cost, .bidirectional = bidirectional != 0});
        if (!added) return c_api::refused(added.error());
        *link = added.value().value;
        return PK_OK;
    });
}

pk_status pk_grid_space_remove_link(pk_grid_space* space, uint32_t link) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "space", status)) return status;
        const Status removed = space->space.remove_link(GridLinkId(link));
        return removed ? PK_OK : c_api::refused(removed);
    });
}

pk_status pk_crowd_create(const pk_grid_map* map, pk_crowd** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status) || missing(map, "map", status)) return status;
        *out = nullptr;
        return c_api::hand_out(Crowd::create(map->map), out);
    });
}

pk_status pk_crowd_create_for_orders(const pk_grid_map* map, pk_crowd** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status) || missing(map, "map", status)) return status;
        *out = nullptr;
        CrowdOptions options;
        options.lifelong_orders = true;
        return c_api::hand_out(Crowd::create(map->map, options), out);
    });
}

void pk_crowd_destroy(pk_crowd* crowd) {
    delete crowd;
}

pk_status pk_crowd_add_unit(pk_crowd* crowd, int32_t x, int32_t y, uint32_t* unit) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status) || missing(unit, "unit", status)) return status;
        auto added = crowd->crowd.add_unit({x, y});
        if (!added) return c_api::refused(added.error());
        *unit = added.value().value;
        return PK_OK;
    });
}

pk_status pk_crowd_add_sized_unit(pk_crowd* crowd, int32_t x, int32_t y, int32_t size,
                                  uint32_t* unit) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status) || missing(unit, "unit", status)) return status;
        if (size < 1) return c_api::refused(Status::invalid_input("size must be 1 to 3"));
        auto added = crowd->crowd.add_unit({x, y}, UnitState::Idle, size);
        if (!added) return c_api::refused(added.error());
        *unit = added.value().value;
        return PK_OK;
    });
}

pk_status pk_crowd_move_unit(pk_crowd* crowd, uint32_t unit, int32_t x, int32_t y) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status)) return status;
        const Status moved = crowd->crowd.move_to(UnitId(unit), {x, y});
        return moved ? PK_OK : c_api::refused(moved);
    });
}

pk_status pk_crowd_queue_order(pk_crowd* crowd, uint32_t unit, int32_t x, int32_t y,
                               size_t* count) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status)) return status;
        const Status queued = crowd->crowd.queue_order(UnitId(unit), {x, y});
        if (!queued) return c_api::refused(queued);
        if (count != nullptr) *count = crowd->crowd.queued_orders(UnitId(unit));
        return PK_OK;
    });
}

pk_status pk_crowd_step(pk_crowd* crowd, int* settled) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status)) return status;
        if (Status stepped = crowd->crowd.step(); !stepped) return c_api::refused(stepped);
        if (settled != nullptr) *settled = crowd->crowd.is_settled() ? 1 : 0;
        return PK_OK;
    });
}

pk_status pk_crowd_refresh(pk_crowd* crowd, pk_crowd_repair* out, uint32_t* replanned,
                           size_t capacity) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status)) return status;
        if (replanned == nullptr && capacity > 0)
            return fail(PK_INVALID_ARGUMENT, "replanned is NULL");
        const CrowdRepair repair = crowd->crowd.refresh();
        if (out != nullptr)
            *out = {repair.tiles_changed, repair.displaced.size(),
                    repair.stuck.size(),  repair.replanned.size(),
                    repair.kept,          repair.microseconds};
        for (std::size_t index = 0; index < repair.replanned.size() && index < capacity; ++index)
            replanned[index] = repair.replanned[index].value;
        return PK_OK;
    });
}

pk_status pk_crowd_unit_position(const pk_crowd* crowd, uint32_t unit, int32_t* x, int32_t* y) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(crowd, "crowd", status)) return status;
        const Unit* found = crowd->crowd.unit(UnitId(unit));
        if (found == nullptr)
            return fail(PK_INVALID_ARGUMENT, "unit " + std::to_string(unit) + " does not exist");
        if (x != nullptr) *x = found->at.x;
        if (y != nullptr) *y = found->at.y;
        return PK_OK;
    });
}

}  // extern "C"
