/// World: many tile maps linked at their edges and by doors (a grassland, houses...).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/grid/grid_map.hpp"
#include "pathkit/grid/movement.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit {

struct MapTag;
/// A map of a `World`, numbered as the game numbers it (0, 1, 2...).
using MapId = Id<MapTag>;

/// Outdoor maps meet other outdoor maps at their edges; indoor maps are entered by doors.
enum class MapKind { Outdoor, Indoor };

/// The edges of a map, in map coordinates (north is row 0).
enum class Side { North, East, South, West };

/// A tile of one map of the world.
struct WorldPosition {
    MapId map;
    Cell cell;
    friend constexpr bool operator==(const WorldPosition&, const WorldPosition&) = default;
};

/// A door: stepping onto `at` in one map puts you on `spawn` in `to`, and back (both ways).
struct Door {
    Cell at;
    MapId to;
    Cell spawn;
};

/// One map of the world: its tiles, the size of a tile in world units, and its links.
struct WorldMap {
    MapId id;
    std::string name;
    MapKind kind = MapKind::Outdoor;
    GridMap grid;
    /// World units per tile side (48 pixels in the FlashPunk NPC tutorial).
    float cell_size = 1;
    /// The neighbour across each edge (outdoor maps), and how far its rows or columns are
    /// shifted: crossing the east edge at row y lands on row y - offset of the east neighbour.
    std::array<std::optional<MapId>, 4> neighbours;
    std::array<int, 4> offsets{};
    std::vector<Door> doors;
};

/// The part of a route inside one map: the tiles walked there, the entry tile first.
struct RouteLeg {
    MapId map;
    std::vector<Cell> cells;
    /// Travel cost inside this map, in tiles (straight steps 1, times terrain costs).
    Cost cost = 0;
};

/// A route across maps. `cost` is in tiles (each door or edge crossing costs 1 step).
struct Route {
    SearchStatus status = SearchStatus::NoPath;
    std::string message;
    std::vector<RouteLeg> legs;
    Cost cost = 0;
    [[nodiscard]] bool found() const { return status == SearchStatus::Found; }
    /// The maps in order, e.g. 3, 0, 1, 5.
    [[nodiscard]] std::vector<MapId> maps() const;
};

/// How the distance fields behind routes were made since the world was made, for tests and
/// benchmarks of tile edits. A field is one
/// portal's costs over its map, to the portal or from it (one field serves both ways on maps
/// without terrain costs).
struct RouteFieldCounts {
    /// Fields computed whole: one search over the map each.
    std::uint64_t computed = 0;
    /// Fields that tile edits reached, repaired in place.
    std::uint64_t repaired = 0;
    /// Fields whose costs tile edits could not move, checked near the edits and kept as they were.
    std::uint64_t kept = 0;
    /// Tile costs the repairs wrote (a tile written twice counts twice).
    std::uint64_t costs_repaired = 0;
};

namespace detail {
class RouteCache;
}

/// Maps linked by edges and doors, and the routes across them.
///
/// Maps and links are added first; `set_walkable` and `set_terrain_cost` may change tiles
/// later. Routes run over a portal graph: portals are door tiles, spawn tiles and tiles where an
/// edge can be crossed (every `edge_portal_spacing`-th of each open stretch of an edge, and its
/// ends); inside each map the costs between portals are true grid costs, from distance fields
/// computed (before the route's search) for every map its start can reach that has none yet. With
/// a spacing of 1 routes are the shortest there are; with spacing k a route may cross an edge up
/// to k / 2 tiles away from the best crossing. A door whose tile or spawn tile is blocked is
/// closed until it opens again.
///
/// After tiles of a map change, its fields are repaired at their next use (or at
/// `prepare_routes`): only the costs the changes can reach are written again (a tile blocked
/// where every cost beside it is offered another way writes one), to exactly the costs computing
/// the fields again would give, so routes are the same as a new world's. A field no change can
/// reach is kept as it is. When a crossing opens or closes on a linked edge, the portal list is
/// made again: portals that stay keep their fields, new ones are computed. The fields of a map
/// are computed whole again when its changes touch more than a quarter of its tiles, when the
/// map no longer remembers them (`GridMap::changes_since`), or when its first terrain cost
/// makes its moves cost differently each way.
///
/// Changing the world needs exclusive access. Queries (`find_route` and the other const
/// members) may run on many threads at once on one `const World&`, each with its own
/// `SearchContext`: the shared caches fill themselves under a lock.
class World {
  public:
    World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    ~World();

    /// Movement inside maps (by default four directions, `DiagonalPolicy::Never`).
    void set_rules(const MovementRules& rules);
    [[nodiscard]] const MovementRules& rules() const { return rules_; }
    /// Every how many tiles of an open edge stretch a portal sits: 1..GridMap::max_side
    /// (default 16). Kept when the world is moved.
    Status set_edge_portal_spacing(int spacing);
    [[nodiscard]] int edge_portal_spacing() const;
    /// Most bytes the distance fields of all maps may take together (default 1 GiB). A route
    /// that needs more is refused (InvalidInput) with the figure and the limit in its message.
    void set_route_memory_limit(std::size_t bytes);
    [[nodiscard]] std::size_t route_memory_limit() const;

    /// Smallest and largest tile side accepted, in world units (positions stay finite).
    static constexpr float min_cell_size = 1e-3f;
    static constexpr float max_cell_size = 1e5f;

    /// Adds a map. Refused for a used id or a cell size outside min..max_cell_size; an empty
    /// name becomes "map ID".
    Status add_map(MapId id, std::string name, MapKind kind, GridMap grid, float cell_size);
    /// Links the `side` edge of `map` to the opposite edge of `neighbour` (both ways), with
    /// `offset` as in `WorldMap::offsets`. Refused for unknown or indoor maps, or a taken edge.
    Status link(MapId map, Side side, MapId neighbour, int offset = 0);
    /// Adds a door from `at` in `map` to `spawn` in `to`, usable both ways. Refused for unknown
    /// maps or door or spawn tiles outside their maps or blocked.
    Status add_door(MapId map, Cell at, MapId to, Cell spawn);
    /// Makes a tile of a map walkable or blocked; the map's distance fields are repaired at
    /// their next use. Refused for an unknown map or a tile outside it.
    Status set_walkable(MapId map, Cell cell, bool walkable);
    /// Sets a tile's terrain multiplier (see `GridMap::set_terrain_cost`); the map's distance
    /// fields are repaired at their next use.
    Status set_terrain_cost(MapId map, Cell cell, float multiplier);

    /// The map with this id, or nullptr.
    [[nodiscard]] const WorldMap* map(MapId id) const;
    /// Every map, in the order they were added.
    [[nodiscard]] const std::vector<WorldMap>& maps() const { return maps_; }
    /// Where the map with this id is in `maps()`, or `maps().size()` when there is none.
    [[nodiscard]] std::size_t index_of(MapId id) const;
    /// Ok when `position` is a walkable tile of a known map; else why not.
    [[nodiscard]] Status check_position(const WorldPosition& position, const char* role) const;

    /// The cheapest route from `from` to `to`. InvalidInput for unknown maps, tiles outside or
    /// blocked, or distance fields over the memory limit; NoPath when no route exists.
    [[nodiscard]] Route find_route(const WorldPosition& from, const WorldPosition& to,
                                   SearchContext& context) const;
    /// As above, with the calling thread's own context.
    [[nodiscard]] Route find_route(const WorldPosition& from, const WorldPosition& to) const {
        return find_route(from, to, thread_search_context());
    }

    /// Computes the distance fields of `map` now, or repairs them after its tiles changed, as
    /// the next route through it would first do: to pay for it at a time of your choosing (a
    /// level load, the frame of an edit). InvalidInput for an unknown map or fields over the
    /// memory limit. Safe beside queries, as they are.
    Status prepare_routes(MapId map, SearchContext& context) const;
    /// As above, with the calling thread's own context.
    Status prepare_routes(MapId map) const { return prepare_routes(map, thread_search_context()); }
    /// How the distance fields were made so far: computed whole, repaired, kept.
    [[nodiscard]] RouteFieldCounts route_field_counts() const;

    /// Portals in the portal graph (built when first needed).
    [[nodiscard]] std::size_t portal_count() const;
    /// Maps whose distance fields are computed and exact for their tiles now (a map whose tiles
    /// changed is not, until the next route through it or `prepare_routes` repairs them).
    [[nodiscard]] std::size_t ready_map_count() const;
    /// Bytes the distance fields of every map would take (what the memory limit is held to).
    [[nodiscard]] std::size_t route_memory_estimate() const;

  private:
    std::vector<WorldMap> maps_;
    MovementRules rules_{.diagonal = DiagonalPolicy::Never};
    std::unique_ptr<detail::RouteCache> routes_;
};

/// "north", "east", "south", "west".
[[nodiscard]] const char* to_string(Side side);

}  // namespace pathkit
