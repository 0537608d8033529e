/// Cross-map routes: the shortest way through linked maps, by real in-map travel costs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_result.hpp"
#include "pathkit/world/world.hpp"

namespace pathkit {

/// The part of a route inside one map: the tiles walked there, the entry tile first.
struct RouteLeg {
    MapId map;
    std::vector<Cell> cells;
    /// Travel cost inside this map, in tiles (straight steps 1).
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

/// The portal graph of a world and its caches: portals are door tiles, spawn tiles and tiles
/// where an edge can be crossed (every `edge_portal_spacing`-th of each open stretch of an
/// edge, and its ends); inside each map the cost between any two portals is the true grid
/// cost, from one distance field per portal, computed the first time the map is needed and
/// dropped when a tile of the map changes. A route search runs the one engine over the
/// portal graph with the start and goal attached, then walks each leg down the fields.
///
/// With a spacing of 1 routes are the shortest there are; with spacing k a route may cross an
/// edge up to k / 2 tiles away from the best crossing. Not thread-safe: it fills its caches.
class RouteCache {
  public:
    explicit RouteCache(const World& world) : world_(&world) {}

    /// Every how many tiles of an open edge stretch a portal sits (>= 1; default 16).
    void set_edge_portal_spacing(int spacing);
    /// The cheapest route from `from` to `to`. InvalidInput for unknown maps or tiles outside
    /// or blocked; NoPath when no route exists.
    [[nodiscard]] Route find_route(const WorldPosition& from, const WorldPosition& to);

    /// Drops what was computed for one map (after its tiles changed), or for all.
    void invalidate(MapId map);
    void invalidate_all();
    /// Portals in the graph, and maps whose distance fields are computed.
    [[nodiscard]] std::size_t portal_count();
    [[nodiscard]] std::size_t ready_map_count() const;

  private:
    struct Portal {
        std::uint32_t map;                                      // index into World::maps()
        std::uint32_t tile;                                     // padded index in that map
        std::vector<std::pair<std::uint32_t, Cost>> crossings;  // to portals of other maps
    };
    struct MapFields {
        bool ready = false;
        std::vector<std::uint32_t> portals;  // global portal numbers in this map
        std::vector<float> distances;        // portal-major: distances[k * tiles + tile]
    };
    class PortalSpace;

    void build_portals();
    void ensure_fields(std::uint32_t map);
    [[nodiscard]] float distance(std::uint32_t map, std::size_t local_portal,
                                 std::uint32_t tile) const;
    [[nodiscard]] std::vector<Cell> descend(std::uint32_t map, std::size_t local_portal,
                                            std::uint32_t from_tile) const;
    std::uint32_t add_portal(std::uint32_t map, std::uint32_t tile);

    const World* world_;
    int spacing_ = 16;
    bool built_ = false;
    std::vector<Portal> portals_;
    std::vector<MapFields> fields_;
    SearchContext context_;        // route searches
    SearchContext field_context_;  // distance fields, filled while a route search runs
};

}  // namespace pathkit
