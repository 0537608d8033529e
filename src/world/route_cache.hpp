// Internal to world/: the portal graph, the per-map distance fields and the route search.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "pathkit/core/status.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/world/world.hpp"

namespace pathkit::detail {

/// What `World` computes for routes, filled in by const queries on many threads at once.
///
/// Per map and portal two fields of grid costs over the map's tiles: to the portal (for the
/// start's leg and portal-to-portal costs) and from it (for the goal's leg). Without terrain
/// costs moves cost the same both ways and one field serves as both. A route first makes sure
/// every map its start can reach has its fields (each map behind a lock of its own, so threads
/// fill different maps at once), then searches the portal graph, which only reads them.
class RouteCache {
  public:
    int spacing = 16;
    std::size_t memory_limit = std::size_t{1} << 30;

    /// Drops the fields of one map (after its tiles changed) and the portal list.
    void invalidate(std::size_t map_index);
    /// Drops everything.
    void invalidate_all();

    [[nodiscard]] Route find_route(const World& world, const WorldPosition& from,
                                   const WorldPosition& to, SearchContext& context);
    [[nodiscard]] std::size_t portal_count(const World& world);
    [[nodiscard]] std::size_t ready_map_count() const;
    [[nodiscard]] std::size_t memory_estimate(const World& world);

  private:
    struct Portal {
        std::uint32_t map;                                      // index into World::maps()
        std::uint32_t tile;                                     // padded index in that map
        std::vector<std::pair<std::uint32_t, Cost>> crossings;  // to portals of other maps
    };
    struct MapFields {
        std::mutex filling;  // held while the fields are computed
        std::atomic<bool> ready{false};
        std::vector<std::uint32_t> portals;  // global portal numbers in this map
        std::vector<float> to_portal;        // portal-major: [k * tiles + tile] = cost tile -> k
        std::vector<float> from_portal;      // cost k -> tile; empty when equal to to_portal
    };
    class PortalSpace;

    void ensure_built(const World& world);
    void build_portals(const World& world);
    /// The maps a route from `start_map` may cross: those its portals lead to, and on.
    [[nodiscard]] std::vector<std::uint32_t> maps_reachable_from(std::uint32_t start_map) const;
    /// Computes the map's fields once (with `context`); refused over the memory limit.
    Status ensure_fields(const World& world, std::uint32_t map, SearchContext& context);
    [[nodiscard]] std::size_t fields_bytes(const World& world, std::uint32_t map) const;
    std::uint32_t add_portal(std::uint32_t map, std::uint32_t tile);
    [[nodiscard]] const float* to_field(const World& world, std::uint32_t map,
                                        std::size_t local) const;
    [[nodiscard]] const float* from_field(const World& world, std::uint32_t map,
                                          std::size_t local) const;

    mutable std::mutex portals_mutex_;  // held while the portal graph is built
    std::atomic<bool> built_{false};
    std::vector<Portal> portals_;
    std::vector<std::unique_ptr<MapFields>> fields_;
    std::atomic<std::size_t> bytes_used_{0};  // fields computed (or being computed) so far
};

}  // namespace pathkit::detail
