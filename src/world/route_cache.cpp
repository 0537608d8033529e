// Cross-map routes: portals, per-map distance fields, the portal search and the legs.
#include "route_cache.hpp"

#include <algorithm>
#include <span>

#include "pathkit/grid/distance_field.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;
constexpr Cost crossing_cost = 1;  // a door or an edge is one more step

/// Moves cost the same both ways unless tiles have terrain costs.
bool symmetric(const GridMap& grid) {
    return !grid.has_terrain_costs();
}

/// The tiles from `from_tile` down `field` to the tile where it is 0, both included: each step
/// goes to a successor (in `space`) whose field value plus the step's cost is the tile's own.
template <class Space>
std::vector<std::uint32_t> descend(const Space& space, const float* field,
                                   std::uint32_t from_tile) {
    std::vector<std::uint32_t> tiles{from_tile};
    std::uint32_t at = from_tile;
    while (field[at] > 0) {
        std::uint32_t best = none;
        space.for_each_successor(StateId(at), [&](StateId next, Cost step) {
            const float there = field[next.value];
            if (there < field[at] && step + there <= field[at] + 1e-4f * (1 + field[at]) &&
                (best == none || there < field[best]))
                best = next.value;
        });
        if (best == none) break;  // not expected on an exact field
        at = best;
        tiles.push_back(at);
    }
    return tiles;
}
}  // namespace

std::vector<MapId> Route::maps() const {
    std::vector<MapId> ids;
    for (const RouteLeg& leg : legs)
        if (ids.empty() || ids.back() != leg.map) ids.push_back(leg.map);
    return ids;
}

namespace detail {

void RouteCache::invalidate_all() {
    built_ = false;
    fields_.clear();
    bytes_used_ = 0;
}

void RouteCache::note_change(const World& world, std::size_t map_index, Cell cell,
                             bool walkability) {
    if (map_index < fields_.size()) fields_[map_index]->ready = false;
    if (!walkability) return;
    // Crossings need both sides walkable: a linked edge's tiles decide the portals of the maps
    // on both sides of it.
    const WorldMap& map = world.maps()[map_index];
    const Cell first = map.grid.origin();
    const Cell last{first.x + map.grid.width() - 1, first.y + map.grid.height() - 1};
    const bool on_side[4] = {cell.y == first.y, cell.x == last.x, cell.y == last.y,
                             cell.x == first.x};  // north, east, south, west
    for (int side = 0; side < 4; ++side)
        if (on_side[side] && map.neighbours[side]) built_ = false;
}

RouteFieldCounts RouteCache::counts() const {
    return {fields_computed_.load(), fields_repaired_.load(), fields_kept_.load(),
            costs_repaired_.load()};
}

std::size_t RouteCache::ready_map_count() const {
    std::lock_guard lock(portals_mutex_);
    return static_cast<std::size_t>(std::count_if(
        fields_.begin(), fields_.end(), [](const auto& fields) { return fields->ready.load(); }));
}

std::size_t RouteCache::portal_count(const World& world) {
    ensure_built(world);
    return portals_.size();
}

std::size_t RouteCache::fields_bytes(const World& world, std::uint32_t map) const {
    const GridMap& grid = world.maps()[map].grid;
    return fields_[map]->portals.size() * grid.padded_size() * sizeof(float) *
           (symmetric(grid) ? 1 : 2);
}

std::size_t RouteCache::memory_estimate(const World& world) {
    ensure_built(world);
    std::size_t bytes = 0;
    for (std::uint32_t map = 0; map < fields_.size(); ++map)
        bytes += fields_bytes(world, map);
    return bytes;
}

void RouteCache::ensure_built(const World& world) {
    if (built_.load(std::memory_order_acquire)) return;
    std::lock_guard lock(portals_mutex_);
    if (built_.load(std::memory_order_relaxed)) return;
    build_portals(world);
    built_.store(true, std::memory_order_release);
}

std::uint32_t RouteCache::add_portal(std::uint32_t map, std::uint32_t tile) {
    for (std::uint32_t portal : fields_[map]->portals)
        if (portals_[portal].tile == tile) return portal;
    portals_.push_back({map, tile, {}});
    fields_[map]->portals.push_back(static_cast<std::uint32_t>(portals_.size() - 1));
    return static_cast<std::uint32_t>(portals_.size() - 1);
}

void RouteCache::build_portals(const World& world) {
    const auto& maps = world.maps();
    // What was computed before, by map: its portal tiles and fields, reused when unchanged.
    std::vector<std::vector<std::uint32_t>> old_tiles(fields_.size());
    for (std::size_t map = 0; map < fields_.size(); ++map)
        for (std::uint32_t portal : fields_[map]->portals)
            old_tiles[map].push_back(portals_[portal].tile);
    std::vector<std::unique_ptr<MapFields>> old_fields = std::move(fields_);
    portals_.clear();
    fields_.clear();
    for (std::size_t map = 0; map < maps.size(); ++map)
        fields_.push_back(std::make_unique<MapFields>());
    const auto connect = [&](std::uint32_t a, std::uint32_t b) {
        portals_[a].crossings.push_back({b, crossing_cost});
        portals_[b].crossings.push_back({a, crossing_cost});
    };
    for (std::uint32_t map = 0; map < maps.size(); ++map) {
        for (const Door& door : maps[map].doors) {
            const auto to = static_cast<std::uint32_t>(world.index_of(door.to));
            connect(add_portal(map, maps[map].grid.index(door.at)),
                    add_portal(to, maps[to].grid.index(door.spawn)));
        }
        // East and south links (west and north are the same links seen from the other side).
        for (const Side side : {Side::East, Side::South}) {
            const auto& neighbour = maps[map].neighbours[static_cast<int>(side)];
            if (!neighbour) continue;
            const auto other = static_cast<std::uint32_t>(world.index_of(*neighbour));
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
                    if ((at - along) % spacing != 0 && at != end) continue;
                    const auto [a, b] = crossing(at);
                    connect(add_portal(map, here.index(a)), add_portal(other, there.index(b)));
                }
                along = end + 1;
            }
        }
    }
    std::size_t bytes_kept = 0;
    for (std::uint32_t map = 0; map < maps.size() && map < old_fields.size(); ++map) {
        std::vector<std::uint32_t> tiles;
        for (std::uint32_t portal : fields_[map]->portals)
            tiles.push_back(portals_[portal].tile);
        keep_fields(*old_fields[map], old_tiles[map], *fields_[map], tiles,
                    maps[map].grid.padded_size());
        bytes_kept += fields_[map]->bytes();
    }
    bytes_used_ = bytes_kept;
}

void RouteCache::keep_fields(MapFields& old, const std::vector<std::uint32_t>& old_tiles,
                             MapFields& now, const std::vector<std::uint32_t>& tiles,
                             std::size_t map_tiles) {
    if (std::find(old.present.begin(), old.present.end(), 1) == old.present.end()) return;
    now.revision = old.revision;
    now.symmetric = old.symmetric;
    if (tiles == old_tiles) {  // the same portals: every field stays, exact or to be repaired
        now.to_portal = std::move(old.to_portal);
        now.from_portal = std::move(old.from_portal);
        now.present = std::move(old.present);
        now.ready = old.ready.load();
        return;
    }
    now.present.assign(tiles.size(), 0);
    now.to_portal.assign(tiles.size() * map_tiles, infinite_cost);
    if (!old.from_portal.empty()) now.from_portal.assign(tiles.size() * map_tiles, infinite_cost);
    for (std::size_t local = 0; local < tiles.size(); ++local) {
        const auto was = std::find(old_tiles.begin(), old_tiles.end(), tiles[local]);
        const auto old_local = static_cast<std::size_t>(was - old_tiles.begin());
        if (was == old_tiles.end() || !old.present[old_local]) continue;
        for (const auto field : {&MapFields::to_portal, &MapFields::from_portal}) {
            const std::vector<float>& kept = old.*field;
            if (kept.empty()) continue;
            std::copy_n(kept.begin() + static_cast<std::ptrdiff_t>(old_local * map_tiles),
                        map_tiles,
                        (now.*field).begin() + static_cast<std::ptrdiff_t>(local * map_tiles));
        }
        now.present[local] = 1;
    }
}

std::vector<std::uint32_t> RouteCache::maps_reachable_from(std::uint32_t start_map) const {
    std::vector<std::uint32_t> reached{start_map};
    std::vector<bool> seen(fields_.size(), false);
    seen[start_map] = true;
    for (std::size_t next = 0; next < reached.size(); ++next)
        for (const std::uint32_t portal : fields_[reached[next]]->portals)
            for (const auto& [other, cost] : portals_[portal].crossings)
                if (!seen[portals_[other].map]) {
                    seen[portals_[other].map] = true;
                    reached.push_back(portals_[other].map);
                }
    return reached;
}

Status RouteCache::prepare(const World& world, std::uint32_t map, SearchContext& context) {
    ensure_built(world);
    return ensure_fields(world, map, context);
}

Status RouteCache::ensure_fields(const World& world, std::uint32_t map, SearchContext& context) {
    MapFields& fields = *fields_[map];
    if (fields.ready.load(std::memory_order_acquire)) return {};
    std::lock_guard lock(fields.filling);
    if (fields.ready.load(std::memory_order_relaxed)) return {};
    const GridMap& grid = world.maps()[map].grid;
    // The fields held are repaired if they were made as they would be now, at a revision whose
    // changes the map remembers and reach at most a quarter of its tiles; else all are computed.
    std::vector<std::uint32_t> near;
    bool keep = fields.symmetric == symmetric(grid);
    if (keep && fields.revision != grid.revision()) {
        const auto changes = grid.changes_since(fields.revision);
        if (changes) near = tiles_near_changes(grid, world.rules().agent_size, *changes);
        keep = changes && near.size() <= grid.padded_size() / 4;
    }
    if (!keep) fields.present.assign(fields.portals.size(), 0);
    if (Status status = reserve_fields(world, map); !status) return status;
    fill_fields(world, map, near, context);
    fields.revision = grid.revision();
    fields.symmetric = symmetric(grid);
    fields.ready.store(true, std::memory_order_release);
    return {};
}

Status RouteCache::reserve_fields(const World& world, std::uint32_t map) {
    MapFields& fields = *fields_[map];
    const std::size_t held = fields.bytes();
    const std::size_t needed = fields_bytes(world, map);
    // Room in the memory limit is taken before the fields are made, so threads filling other
    // maps at once cannot pass it together.
    std::size_t used = bytes_used_.load();
    std::size_t others = 0;
    do {
        others = used - held;
        if (needed > memory_limit || others > memory_limit - needed) {
            bytes_used_ -= held;
            fields.to_portal = {};
            fields.from_portal = {};
            fields.present.clear();
            const auto megabytes = [](std::size_t bytes) {
                return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB";
            };
            return Status::invalid_input(
                "the routes through map " + std::to_string(world.maps()[map].id.value) + " need " +
                megabytes(needed) + " of distance fields (" +
                std::to_string(fields.portals.size()) + " portals), over the limit of " +
                megabytes(memory_limit) + " (" + megabytes(others) +
                " in use); raise the edge portal spacing or the route memory limit");
        }
    } while (!bytes_used_.compare_exchange_weak(used, others + needed));
    const GridMap& grid = world.maps()[map].grid;
    const std::size_t size = fields.portals.size() * grid.padded_size();
    fields.present.resize(fields.portals.size(), 0);
    fields.to_portal.resize(size, infinite_cost);
    if (symmetric(grid))
        fields.from_portal = {};
    else
        fields.from_portal.resize(size, infinite_cost);
    return {};
}

void RouteCache::fill_fields(const World& world, std::uint32_t map,
                             std::span<const std::uint32_t> near, SearchContext& context) {
    MapFields& fields = *fields_[map];
    const GridMap& grid = world.maps()[map].grid;
    const GridSpace space(grid, world.rules());
    const ReverseGridSpace reverse(space);
    const std::size_t tiles = grid.padded_size();
    const bool both_ways = symmetric(grid);
    // Four moves of one cost: breadth-first order gives the same costs, without a heap.
    const SearchAlgorithm algorithm = both_ways && world.rules().diagonal == DiagonalPolicy::Never
                                          ? SearchAlgorithm::BreadthFirst
                                          : SearchAlgorithm::Dijkstra;
    DistanceFieldRepair repairer;
    const auto count_repair = [&](std::size_t written) {
        (written > 0 ? fields_repaired_ : fields_kept_) += 1;
        costs_repaired_ += written;
    };
    for (std::size_t local = 0; local < fields.portals.size(); ++local) {
        const std::uint32_t portal = portals_[fields.portals[local]].tile;
        const std::span<float> to(fields.to_portal.data() + local * tiles, tiles);
        const std::span<float> from =
            both_ways ? to : std::span<float>(fields.from_portal.data() + local * tiles, tiles);
        if (!fields.present[local]) {
            fields.present[local] = 1;
            if (both_ways) {
                compute_distance_field(space, portal, algorithm, context, to);
                ++fields_computed_;
                continue;
            }
            compute_distance_field(reverse, portal, SearchAlgorithm::Dijkstra, context, to);
            compute_distance_field(space, portal, SearchAlgorithm::Dijkstra, context, from);
            fields_computed_ += 2;
        } else if (!near.empty()) {
            if (both_ways) {
                count_repair(repairer.repair(space, reverse, portal, near, to));
                continue;
            }
            count_repair(repairer.repair(reverse, space, portal, near, to));
            count_repair(repairer.repair(space, reverse, portal, near, from));
        }
    }
}

const float* RouteCache::to_field(const World& world, std::uint32_t map, std::size_t local) const {
    return fields_[map]->to_portal.data() + local * world.maps()[map].grid.padded_size();
}

const float* RouteCache::from_field(const World& world, std::uint32_t map,
                                    std::size_t local) const {
    const MapFields& fields = *fields_[map];
    const auto& field = fields.from_portal.empty() ? fields.to_portal : fields.from_portal;
    return field.data() + local * world.maps()[map].grid.padded_size();
}

/// The portal graph with a start and a goal attached, for the one engine. It only reads the
/// fields: every map the search can reach has them before it starts.
class RouteCache::PortalSpace {
  public:
    PortalSpace(const RouteCache& cache, const World& world, std::uint32_t start_map,
                std::uint32_t start_tile, std::uint32_t goal_map, std::uint32_t goal_tile,
                Cost direct)
        : cache_(cache),
          world_(world),
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
        if (from_start && direct_ < infinite_cost) visit(StateId(start_ + 1), direct_);
        if (!from_start)
            for (const auto& [other, cost] : cache_.portals_[state.value].crossings)
                visit(StateId(other), cost);
        PATHKIT_ASSERT(cache_.fields_[map]->ready.load(std::memory_order_acquire));
        const auto& locals = cache_.fields_[map]->portals;
        for (std::size_t local = 0; local < locals.size(); ++local) {
            if (locals[local] == state.value) continue;
            const Cost cost = cache_.to_field(world_, map, local)[tile];
            if (cost < infinite_cost) visit(StateId(locals[local]), cost);
        }
        if (!from_start && map == goal_map_) {
            const Cost cost =
                cache_.from_field(world_, map, local_of(map, state.value))[goal_tile_];
            if (cost < infinite_cost) visit(StateId(start_ + 1), cost);
        }
    }
    [[nodiscard]] std::uint32_t start() const { return start_; }
    [[nodiscard]] std::size_t local_of(std::uint32_t map, std::uint32_t portal) const {
        const auto& locals = cache_.fields_[map]->portals;
        return static_cast<std::size_t>(std::find(locals.begin(), locals.end(), portal) -
                                        locals.begin());
    }

  private:
    const RouteCache& cache_;
    const World& world_;
    std::uint32_t start_map_, start_tile_, goal_map_, goal_tile_;
    Cost direct_;
    std::uint32_t start_;
};

Route RouteCache::find_route(const World& world, const WorldPosition& from, const WorldPosition& to,
                             SearchContext& context) {
    Route route;
    for (const auto& [position, role] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (Status status = world.check_position(position, role); !status) {
            route.status = SearchStatus::InvalidInput;
            route.message = status.message();
            return route;
        }
    }
    ensure_built(world);
    const auto& maps = world.maps();
    const auto start_map = static_cast<std::uint32_t>(world.index_of(from.map));
    const auto goal_map = static_cast<std::uint32_t>(world.index_of(to.map));
    const std::uint32_t start_tile = maps[start_map].grid.index(from.cell);
    const std::uint32_t goal_tile = maps[goal_map].grid.index(to.cell);
    // Within one map the way may not touch a portal at all: a plain grid search.
    Cost direct = infinite_cost;
    std::vector<Cell> direct_cells;
    if (start_map == goal_map) {
        const GridSpace space(maps[start_map].grid, world.rules());
        const GridPath path = space.find_path(from.cell, to.cell, context);
        if (path.found()) {
            direct = path.cost;
            direct_cells = path.path;
        }
    }
    for (const std::uint32_t map : maps_reachable_from(start_map)) {
        if (Status status = ensure_fields(world, map, context); !status) {
            route.status = SearchStatus::InvalidInput;
            route.message = status.message();
            return route;
        }
    }
    const PortalSpace space(*this, world, start_map, start_tile, goal_map, goal_tile, direct);
    SearchResult found =
        find_path(space, StateId(space.start()), context, {.algorithm = SearchAlgorithm::Dijkstra});
    route.status = found.status == SearchStatus::Found ? SearchStatus::Found : SearchStatus::NoPath;
    if (!found.found()) {
        route.message = "no route from " + maps[start_map].name + " " + to_string(from.cell) +
                        " to " + maps[goal_map].name + " " + to_string(to.cell);
        return route;
    }
    route.cost = found.cost;
    // Walk the states: steps inside a map follow the distance fields; crossings start a leg.
    const std::uint32_t start_state = space.start(), goal_state = start_state + 1;
    route.legs.push_back({from.map, {from.cell}, 0});
    std::uint32_t map = start_map, tile = start_tile;
    const auto cells_of = [&](const std::vector<std::uint32_t>& tiles, auto first, auto last) {
        std::vector<Cell> cells;
        for (auto at = first; at != last; ++at)
            cells.push_back(maps[map].grid.cell(tiles[static_cast<std::size_t>(at)]));
        return cells;
    };
    for (std::size_t index = 1; index < found.path.size(); ++index) {
        const std::uint32_t state = found.path[index].value;
        RouteLeg& leg = route.legs.back();
        const GridSpace grid_space(maps[map].grid, world.rules());
        if (state == goal_state && found.path[index - 1].value == start_state) {
            leg.cells = direct_cells;
            leg.cost = direct;
            break;
        }
        if (state == goal_state) {  // from the last portal to the goal: back down its field
            const std::size_t local = space.local_of(map, found.path[index - 1].value);
            const float* field = from_field(world, map, local);
            const ReverseGridSpace reverse(grid_space);
            std::vector<std::uint32_t> back = descend(reverse, field, goal_tile);
            std::reverse(back.begin(), back.end());
            leg.cost += field[goal_tile];
            const std::vector<Cell> cells =
                cells_of(back, std::ptrdiff_t{1}, static_cast<std::ptrdiff_t>(back.size()));
            leg.cells.insert(leg.cells.end(), cells.begin(), cells.end());
            break;
        }
        const Portal& portal = portals_[state];
        if (portal.map != map) {  // through a door or over an edge
            map = portal.map;
            tile = portal.tile;
            route.legs.push_back({maps[map].id, {maps[map].grid.cell(tile)}, 0});
            continue;
        }
        const float* field = to_field(world, map, space.local_of(map, state));
        const std::vector<std::uint32_t> tiles = descend(grid_space, field, tile);
        leg.cost += field[tile];
        const std::vector<Cell> cells =
            cells_of(tiles, std::ptrdiff_t{1}, static_cast<std::ptrdiff_t>(tiles.size()));
        leg.cells.insert(leg.cells.end(), cells.begin(), cells.end());
        tile = portal.tile;
    }
    return route;
}

}  // namespace detail

}  // namespace pathkit
