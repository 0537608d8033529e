// DetourTileCache as a peer: a 2D scene of polygon obstacles rasterized by Recast into tile
// layers, box obstacles added, moved and removed at run time, the tiles they touch rebuilt.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "pathkit/geometry/obstacle.hpp"

class dtNavMesh;
class dtNavMeshQuery;
class dtTileCache;

namespace pathkit::bench {

/// How the scene becomes Recast's voxels and tiles; lengths in world units unless named cells.
struct TileCacheSettings {
    /// The side of a voxel on the ground (Recast's cs).
    float cell_size = 5;
    /// The height of a voxel (Recast's ch).
    float cell_height = 2.5f;
    /// The side of a tile, in cells (at most 255 minus the border on both sides).
    int tile_cells = 32;
    /// The agent's radius: the walkable area is eroded by it, rounded up to whole cells.
    float agent_radius = 10;
    /// The clearance an agent needs above the ground.
    float agent_height = 20;
    /// The step an agent may climb.
    float agent_climb = 5;
    /// How far a contour may stray from the voxels' outline, in cells (Recast's default 1.3).
    float max_simplification_error = 1.3f;
};

/// The 2D scene on Recast's ground plane: (x, y) becomes (x, 0, y). The ground covers the world
/// grown by the agent radius, every obstacle's polygon is marked unwalkable on it
/// (rcMarkConvexPolyArea, whose inside test holds for concave polygons too) before the erosion
/// by the agent radius, and each tile's layers are kept in a dtTileCache (pass-through
/// compressor, linear allocator) that builds the Detour mesh.
class DetourTileCache {
  public:
    /// Rasterizes `obstacles` in the world `min`..`max` and builds every tile of the mesh.
    DetourTileCache(std::span<const Obstacle> obstacles, Point2 min, Point2 max,
                    const TileCacheSettings& settings);
    ~DetourTileCache();
    DetourTileCache(const DetourTileCache&) = delete;
    DetourTileCache& operator=(const DetourTileCache&) = delete;

    /// True when every tile was built.
    [[nodiscard]] bool ready() const { return ready_; }
    /// The tile layers the cache holds.
    [[nodiscard]] int layer_count() const { return layer_count_; }
    /// The polygons of the Detour mesh now.
    [[nodiscard]] std::size_t polygon_count() const;

    /// Asks for an axis-aligned box obstacle over `low`..`high` on the ground (already grown
    /// by the agent radius: the cache does not erode its obstacles); 0 when refused, also for
    /// a box over more tiles than the cache records for an obstacle (DT_MAX_TOUCHED_TILES, 8:
    /// it would leave the others unmarked). The mesh changes at `update_until_current()`.
    [[nodiscard]] std::uint32_t add_box(Point2 low, Point2 high);
    /// Asks for an obstacle's removal; false when refused.
    [[nodiscard]] bool remove(std::uint32_t obstacle);
    /// Calls dtTileCache::update until the cache says it is up to date. Each call rebuilds one
    /// tile, so this is the number of tiles rebuilt; negative on a failure.
    [[nodiscard]] int update_until_current();
    /// The Detour query of `detour_path_length` from `from` to `to` on the current mesh.
    [[nodiscard]] double path_length(Point2 from, Point2 to) const;

  private:
    struct Helpers;
    std::unique_ptr<Helpers> helpers_;
    dtTileCache* cache_ = nullptr;
    dtNavMesh* mesh_ = nullptr;
    dtNavMeshQuery* query_ = nullptr;
    // How far from a query's end Detour looks for the mesh: three cells, as the voxels
    // shift pathkit's edges by up to a cell or so.
    float reach_ = 0;
    float ground_low_ = 0, ground_high_ = 0;
    Point2 origin_;
    float tile_side_ = 0;
    int layer_count_ = 0;
    bool ready_ = false;
};

}  // namespace pathkit::bench
