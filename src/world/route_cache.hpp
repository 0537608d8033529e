// Internal to world/: the portal graph, the per-map distance fields and the route search.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <span>
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
///
/// After tiles of a map change, its fields are repaired at their next use
/// (`DistanceFieldRepair`: only the costs the changes reach are written again, to the bits a
/// new computation gives); when the portal list is built again, a portal whose tile stays a
/// portal keeps its fields, and only new portals' fields are computed.
class RouteCache {
  public:
    int spacing = 16;
    std::size_t memory_limit = std::size_t{1} << 30;

    /// Notes a change of `cell` in map `map_index` (its walkability when `walkability`, else
    /// its terrain): the map's fields are repaired at their next use, and the portal list is
    /// built again when a crossing may open or close there (a walkability change on a linked
    /// edge).
    void note_change(const World& world, std::size_t map_index, Cell cell, bool walkability);
    /// Drops everything.
    void invalidate_all();

    [[nodiscard]] Route find_route(const World& world, const WorldPosition& from,
                                   const WorldPosition& to, SearchContext& context);
    /// Makes the fields of one map exact for its tiles now (see `World::prepare_routes`).
    [[nodiscard]] Status prepare(const World& world, std::uint32_t map, SearchContext& context);
    [[nodiscard]] std::size_t portal_count(const World& world);
    [[nodiscard]] std::size_t ready_map_count() const;
    [[nodiscard]] std::size_t memory_estimate(const World& world);
    [[nodiscard]] RouteFieldCounts counts() const;

  private:
    struct Portal {
        std::uint32_t map;                                      // index into World::maps()
        std::uint32_t tile;                                     // padded index in that map
        std::vector<std::pair<std::uint32_t, Cost>> crossings;  // to portals of other maps
    };
    struct MapFields {
        std::mutex filling;                  // held while the fields are computed or repaired
        std::atomic<bool> ready{false};      // every field exact for the map's tiles now
        std::vector<std::uint32_t> portals;  // global portal numbers in this map
        std::vector<float> to_portal;        // portal-major: [k * tiles + tile] = cost tile -> k
        std::vector<float> from_portal;      // cost k -> tile; empty when equal to to_portal
        std::vector<std::uint8_t> present;   // per portal: its fields hold the costs at revision
        std::uint64_t revision = 0;          // the map's revision the present fields are exact at
        bool symmetric = true;               // the present fields were made as one per portal
        [[nodiscard]] std::size_t bytes() const {
            return (to_portal.size() + from_portal.size()) * sizeof(float);
        }
    };
    class PortalSpace;

    void ensure_built(const World& world);
    void build_portals(const World& world);
    /// Moves the fields of `old` to `now` for every portal tile the two share.
    static void keep_fields(MapFields& old, const std::vector<std::uint32_t>& old_tiles,
                            MapFields& now, const std::vector<std::uint32_t>& tiles,
                            std::size_t map_tiles);
    /// The maps a route from `start_map` may cross: those its portals lead to, and on.
    [[nodiscard]] std::vector<std::uint32_t> maps_reachable_from(std::uint32_t start_map) const;
    /// Makes the map's fields exact (with `context`): repairs those it holds, computes the
    /// others; refused over the memory limit.
    Status ensure_fields(const World& world, std::uint32_t map, SearchContext& context);
    /// Takes room in the memory limit for the map's fields; refused (and the fields dropped)
    /// over it.
    Status reserve_fields(const World& world, std::uint32_t map);
    /// Repairs the map's present fields after the changes near `near` (tiles_near_changes) and
    /// computes the missing ones.
    void fill_fields(const World& world, std::uint32_t map, std::span<const std::uint32_t> near,
                     SearchContext& context);
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
    std::atomic<std::size_t> bytes_used_{0};  // what the maps' fields hold (or are taking)
    std::atomic<std::uint64_t> fields_computed_{0};
    std::atomic<std::uint64_t> fields_repaired_{0};
    std::atomic<std::uint64_t> fields_kept_{0};
    std::atomic<std::uint64_t> costs_repaired_{0};
};

}  // namespace pathkit::detail
