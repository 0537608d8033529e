// Cross-map routes: portals, per-map distance fields, the portal search and the legs.
#include "pathkit/world/route.hpp"

#include <algorithm>
#include <map>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;
constexpr Cost crossing_cost = 1;  // a door or an edge is one more step
}  // namespace

std::vector<MapId> Route::maps() const {
    std::vector<MapId> ids;
    for (const RouteLeg& leg : legs)
        if (ids.empty() || ids.back() != leg.map) ids.push_back(leg.map);
    return ids;
}

void RouteCache::set_edge_portal_spacing(int spacing) {
    spacing_ = std::max(1, spacing);
    invalidate_all();
}

void RouteCache::invalidate_all() {
    built_ = false;
    fields_.clear();
}

void RouteCache::invalidate(MapId map) {
    // Portals of neighbours depend on this map's edge tiles: rebuild the portal list, keep
    // the fields of maps whose portals come out the same.
    const std::size_t index = world_->index_of(map);
    if (index < fields_.size()) fields_[index].ready = false;
    built_ = false;
}

std::size_t RouteCache::ready_map_count() const {
    return static_cast<std::size_t>(
        std::count_if(fields_.begin(), fields_.end(), [](const MapFields& f) { return f.ready; }));
}

std::size_t RouteCache::portal_count() {
    if (!built_) build_portals();
    return portals_.size();
}

std::uint32_t RouteCache::add_portal(std::uint32_t map, std::uint32_t tile) {
    for (std::uint32_t portal : fields_[map].portals)
        if (portals_[portal].tile == tile) return portal;
    portals_.push_back({map, tile, {}});
    fields_[map].portals.push_back(static_cast<std::uint32_t>(portals_.size() - 1));
    return static_cast<std::uint32_t>(portals_.size() - 1);
}

void RouteCache::build_portals() {
    const auto& maps = world_->maps();
    // What was computed before, by map: its portal tiles and fields, reused when unchanged.
    std::vector<std::vector<std::uint32_t>> old_tiles(fields_.size());
    for (std::size_t map = 0; map < fields_.size(); ++map)
        for (std::uint32_t portal : fields_[map].portals)
            old_tiles[map].push_back(portals_[portal].tile);
    std::vector<MapFields> old_fields = std::move(fields_);
    portals_.clear();
    fields_.assign(maps.size(), {});
    const auto connect = [&](std::uint32_t a, std::uint32_t b) {
        portals_[a].crossings.push_back({b, crossing_cost});
        portals_[b].crossings.push_back({a, crossing_cost});
    };
    for (std::uint32_t map = 0; map < maps.size(); ++map) {
        for (const Door& door : maps[map].doors) {
            const auto to = static_cast<std::uint32_t>(world_->index_of(door.to));
            connect(add_portal(map, maps[map].grid.index(door.at)),
                    add_portal(to, maps[to].grid.index(door.spawn)));
        }
        // East and south links (west and north are the same links seen from the other side).
        for (const Side side : {Side::East, Side::South}) {
            const auto& neighbour = maps[map].neighbours[static_cast<int>(side)];
            if (!neighbour) continue;
            const auto other = static_cast<std::uint32_t>(world_->index_of(*neighbour));
            const GridMap& here = maps[map].grid;
            const GridMap& there = maps[other].grid;
            const int offset = maps[map].offsets[static_cast<int>(side)];
            const bool east = side == Side::East;
            const int length = east ? here.height() : here.width();
            const auto crossing = [&](int along) -> std::pair<Cell, Cell> {
                const Cell o = here.origin(), p = there.origin();
                if (east)
                    return {{o.x + here.width() - 1, o.y + along}, {p.x, p.y + along - offset}};
                return {{o.x + along, o.y + here.height() - 1}, {p.x + along - offset, p.y}};
            };
            const auto open = [&](int along) {
                const auto [a, b] = crossing(along);
                return here.is_walkable(a) && there.is_walkable(b);
            };
            for (int along = 0; along < length;) {
                if (!open(along)) {
                    ++along;
                    continue;
                }
                int end = along;
                while (end + 1 < length && open(end + 1))
                    ++end;
                for (int at = along; at <= end; ++at) {
                    if ((at - along) % spacing_ != 0 && at != end) continue;
                    const auto [a, b] = crossing(at);
                    connect(add_portal(map, here.index(a)), add_portal(other, there.index(b)));
                }
                along = end + 1;
            }
        }
    }
    for (std::uint32_t map = 0; map < maps.size() && map < old_fields.size(); ++map) {
        std::vector<std::uint32_t> tiles;
        for (std::uint32_t portal : fields_[map].portals)
            tiles.push_back(portals_[portal].tile);
        if (old_fields[map].ready && tiles == old_tiles[map]) {
            fields_[map].distances = std::move(old_fields[map].distances);
            fields_[map].ready = true;
        }
    }
    built_ = true;
}

void RouteCache::ensure_fields(std::uint32_t map) {
    MapFields& fields = fields_[map];
    if (fields.ready) return;
    const GridMap& grid = world_->maps()[map].grid;
    const GridSpace space(grid, world_->rules());
    const std::size_t tiles = grid.padded_size();
    fields.distances.assign(fields.portals.size() * tiles, infinite_cost);
    const auto nowhere = [](StateId) { return false; };
    // Four moves of one cost: breadth-first order gives the same distances, without a heap.
    const bool uniform =
        world_->rules().diagonal == DiagonalPolicy::Never && !grid.has_terrain_costs();
    const SearchAlgorithm algorithm =
        uniform ? SearchAlgorithm::BreadthFirst : SearchAlgorithm::Dijkstra;
    for (std::size_t local = 0; local < fields.portals.size(); ++local) {
        const StateId source(portals_[fields.portals[local]].tile);
        (void)find_path(GoalWhere(space, nowhere), source, field_context_,
                        {.algorithm = algorithm});
        for (std::uint32_t tile = 0; tile < tiles; ++tile)
            fields.distances[local * tiles + tile] = field_context_.cost_to(StateId(tile));
    }
    fields.ready = true;
}

float RouteCache::distance(std::uint32_t map, std::size_t local_portal, std::uint32_t tile) const {
    const std::size_t tiles = world_->maps()[map].grid.padded_size();
    return fields_[map].distances[local_portal * tiles + tile];
}

// The tiles from `from_tile` down the portal's field to the portal, both included.
std::vector<Cell> RouteCache::descend(std::uint32_t map, std::size_t local_portal,
                                      std::uint32_t from_tile) const {
    const GridMap& grid = world_->maps()[map].grid;
    const GridSpace space(grid, world_->rules());
    std::vector<Cell> cells{grid.cell(from_tile)};
    std::uint32_t at = from_tile;
    while (distance(map, local_portal, at) > 0) {
        std::uint32_t best = none;
        Cost best_total = distance(map, local_portal, at);
        space.for_each_successor(StateId(at), [&](StateId next, Cost step) {
            const Cost total = step + distance(map, local_portal, next.value);
            if (total <= best_total + 1e-4f &&
                distance(map, local_portal, next.value) < distance(map, local_portal, at)) {
                if (best == none ||
                    distance(map, local_portal, next.value) < distance(map, local_portal, best))
                    best = next.value;
            }
        });
        if (best == none) break;  // not expected on an exact field
        at = best;
        cells.push_back(grid.cell(at));
    }
    return cells;
}

/// The portal graph with a start and a goal attached, for the one engine.
class RouteCache::PortalSpace {
  public:
    PortalSpace(RouteCache& cache, std::uint32_t start_map, std::uint32_t start_tile,
                std::uint32_t goal_map, std::uint32_t goal_tile, Cost direct)
        : cache_(cache),
          start_map_(start_map),
          start_tile_(start_tile),
          goal_map_(goal_map),
          goal_tile_(goal_tile),
          direct_(direct),
          start_(static_cast<std::uint32_t>(cache.portals_.size())) {}

    [[nodiscard]] std::size_t state_count() const { return start_ + 2; }
    [[nodiscard]] bool is_valid(StateId) const { return true; }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == start_ + 1; }
    [[nodiscard]] Cost heuristic(StateId) const { return 0; }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        if (state.value == start_ + 1) return;
        const bool from_start = state.value == start_;
        const std::uint32_t map = from_start ? start_map_ : cache_.portals_[state.value].map;
        const std::uint32_t tile = from_start ? start_tile_ : cache_.portals_[state.value].tile;
        cache_.ensure_fields(map);
        const auto& locals = cache_.fields_[map].portals;
        for (std::size_t local = 0; local < locals.size(); ++local) {
            if (locals[local] == state.value) continue;
            const Cost cost = cache_.distance(map, local, tile);
            if (cost < infinite_cost) visit(StateId(locals[local]), cost);
        }
        if (from_start) {
            if (direct_ < infinite_cost) visit(StateId(start_ + 1), direct_);
            return;
        }
        for (const auto& [other, cost] : cache_.portals_[state.value].crossings)
            visit(StateId(other), cost);
        if (map == goal_map_) {
            const auto local = static_cast<std::size_t>(
                std::find(locals.begin(), locals.end(), state.value) - locals.begin());
            const Cost cost = cache_.distance(map, local, goal_tile_);
            if (cost < infinite_cost) visit(StateId(start_ + 1), cost);
        }
    }
    [[nodiscard]] std::uint32_t start() const { return start_; }

  private:
    RouteCache& cache_;
    std::uint32_t start_map_, start_tile_, goal_map_, goal_tile_;
    Cost direct_;
    std::uint32_t start_;
};

Route RouteCache::find_route(const WorldPosition& from, const WorldPosition& to) {
    Route route;
    for (const auto& [position, role] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (Status status = world_->check_position(position, role); !status) {
            route.status = SearchStatus::InvalidInput;
            route.message = "find_route: " + status.message();
            return route;
        }
    }
    if (!built_) build_portals();
    const auto& maps = world_->maps();
    const auto start_map = static_cast<std::uint32_t>(world_->index_of(from.map));
    const auto goal_map = static_cast<std::uint32_t>(world_->index_of(to.map));
    const std::uint32_t start_tile = maps[start_map].grid.index(from.cell);
    const std::uint32_t goal_tile = maps[goal_map].grid.index(to.cell);
    // Within one map the way may not touch a portal at all: a plain grid search.
    Cost direct = infinite_cost;
    std::vector<Cell> direct_cells;
    if (start_map == goal_map) {
        const GridSpace space(maps[start_map].grid, world_->rules());
        const GridPath path = space.find_path(from.cell, to.cell, context_);
        if (path.found()) {
            direct = path.cost;
            direct_cells = path.path;
        }
    }
    const PortalSpace space(*this, start_map, start_tile, goal_map, goal_tile, direct);
    SearchResult found = find_path(space, StateId(space.start()), context_,
                                   {.algorithm = SearchAlgorithm::Dijkstra});
    route.status = found.status == SearchStatus::Found ? SearchStatus::Found : SearchStatus::NoPath;
    if (!found.found()) {
        route.message = "find_route: no route from map " + std::to_string(from.map.value) + " " +
                        to_string(from.cell) + " to map " + std::to_string(to.map.value) + " " +
                        to_string(to.cell);
        return route;
    }
    route.cost = found.cost;
    // Walk the states: steps inside a map follow the distance fields; crossings start a leg.
    const std::uint32_t start_state = space.start(), goal_state = start_state + 1;
    route.legs.push_back({from.map, {from.cell}, 0});
    std::uint32_t map = start_map, tile = start_tile;
    for (std::size_t index = 1; index < found.path.size(); ++index) {
        const std::uint32_t state = found.path[index].value;
        RouteLeg& leg = route.legs.back();
        const auto local_of = [&](std::uint32_t portal) {
            const auto& locals = fields_[map].portals;
            return static_cast<std::size_t>(std::find(locals.begin(), locals.end(), portal) -
                                            locals.begin());
        };
        if (state == goal_state && found.path[index - 1].value == start_state) {
            leg.cells = direct_cells;
            leg.cost = direct;
            break;
        }
        if (state == goal_state) {  // from the last portal down to the goal: the field, reversed
            const std::size_t local = local_of(found.path[index - 1].value);
            std::vector<Cell> back = descend(map, local, goal_tile);
            leg.cost += distance(map, local, goal_tile);
            for (auto cell = back.rbegin() + 1; cell != back.rend(); ++cell)
                leg.cells.push_back(*cell);
            break;
        }
        const Portal& portal = portals_[state];
        if (portal.map != map) {  // through a door or over an edge
            map = portal.map;
            tile = portal.tile;
            route.legs.push_back({maps[map].id, {maps[map].grid.cell(tile)}, 0});
            continue;
        }
        const std::size_t local = local_of(state);
        const std::vector<Cell> cells = descend(map, local, tile);
        leg.cost += distance(map, local, tile);
        leg.cells.insert(leg.cells.end(), cells.begin() + 1, cells.end());
        tile = portal.tile;
    }
    return route;
}

}  // namespace pathkit
