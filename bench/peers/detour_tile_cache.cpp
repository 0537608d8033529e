// DetourTileCache as a peer: a 2D scene of polygon obstacles rasterized by Recast into tile
// layers, box obstacles added, moved and removed at run time, the tiles they touch rebuilt.
#include "detour_tile_cache.hpp"

#include <DetourNavMesh.h>
#include <DetourNavMeshBuilder.h>
#include <DetourNavMeshQuery.h>
#include <DetourTileCache.h>
#include <DetourTileCacheBuilder.h>
#include <Recast.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

#include "detour_scene.hpp"

namespace pathkit::bench {
namespace {

/// Keeps tile layers as they are: no time spent packing or unpacking them (RecastDemo packs
/// them with FastLZ, which Debian does not ship).
struct PassThroughCompressor final : dtTileCacheCompressor {
    int maxCompressedSize(const int buffer_size) override { return buffer_size; }
    dtStatus compress(const unsigned char* buffer, const int buffer_size, unsigned char* packed,
                      const int room, int* packed_size) override {
        if (buffer_size > room) return DT_FAILURE | DT_BUFFER_TOO_SMALL;
        std::memcpy(packed, buffer, static_cast<std::size_t>(buffer_size));
        *packed_size = buffer_size;
        return DT_SUCCESS;
    }
    dtStatus decompress(const unsigned char* packed, const int packed_size, unsigned char* buffer,
                        const int room, int* buffer_size) override {
        if (packed_size > room) return DT_FAILURE | DT_BUFFER_TOO_SMALL;
        std::memcpy(buffer, packed, static_cast<std::size_t>(packed_size));
        *buffer_size = packed_size;
        return DT_SUCCESS;
    }
};

/// Hands out a tile rebuild's scratch memory from one buffer, all of it given back at once
/// when the next rebuild starts (the cache calls reset() first).
struct LinearAllocator final : dtTileCacheAlloc {
    explicit LinearAllocator(std::size_t capacity) : buffer(capacity) {}
    void reset() override { used = 0; }
    void* alloc(const size_t size) override {
        const std::size_t start = (used + 15) / 16 * 16;
        if (start + size > buffer.size()) return nullptr;
        used = start + size;
        return buffer.data() + start;
    }
    void free(void*) override {}

    std::vector<unsigned char> buffer;
    std::size_t used = 0;
};

/// Makes every walkable polygon of a rebuilt tile pass Detour's default query filter.
struct WalkableFlags final : dtTileCacheMeshProcess {
    void process(dtNavMeshCreateParams* params, unsigned char* areas,
                 unsigned short* flags) override {
        for (int polygon = 0; polygon < params->polyCount; ++polygon)
            flags[polygon] = areas[polygon] == DT_TILECACHE_NULL_AREA ? 0 : 1;
    }
};

/// One tile layer as dtBuildTileCacheLayer packed it (owned by the cache once added).
struct PackedLayer {
    unsigned char* data = nullptr;
    int size = 0;
};

/// The Recast build of one tile's layers from the ground and the obstacles over it.
class TileRasterizer {
  public:
    TileRasterizer(const TileCacheSettings& settings, Point2 world_min, Point2 world_max,
                   float ground_low, float ground_high)
        : settings_(settings),
          world_min_(world_min),
          world_max_(world_max),
          ground_low_(ground_low),
          ground_high_(ground_high),
          radius_cells_(static_cast<int>(std::ceil(settings.agent_radius / settings.cell_size))),
          height_cells_(static_cast<int>(std::ceil(settings.agent_height / settings.cell_height))),
          climb_cells_(static_cast<int>(std::floor(settings.agent_climb / settings.cell_height))),
          border_cells_(radius_cells_ + 3),
          context_(false) {}

    /// The cells beyond a tile's edge rasterized with it, so erosion sees across the edge.
    [[nodiscard]] int border_cells() const { return border_cells_; }

    /// Appends the packed layers of tile (`column`, `row`); false on a Recast failure.
    bool build(int column, int row, std::span<const Obstacle* const> obstacles,
               dtTileCacheCompressor& compressor, std::vector<PackedLayer>& layers) {
        const float cell = settings_.cell_size;
        const int side = settings_.tile_cells + 2 * border_cells_;
        const float tile_side = static_cast<float>(settings_.tile_cells) * cell;
        const float low[3] = {
            world_min_.x + static_cast<float>(column) * tile_side - border_cells_ * cell,
            ground_low_, world_min_.y + static_cast<float>(row) * tile_side - border_cells_ * cell};
        const float high[3] = {low[0] + static_cast<float>(side) * cell, ground_high_,
                               low[2] + static_cast<float>(side) * cell};
        rcHeightfield* voxels = rcAllocHeightfield();
        rcCompactHeightfield* open = rcAllocCompactHeightfield();
        rcHeightfieldLayerSet* tile_layers = rcAllocHeightfieldLayerSet();
        const bool built =
            voxels && open && tile_layers &&
            rcCreateHeightfield(&context_, *voxels, side, side, low, high, cell,
                                settings_.cell_height) &&
            rasterize_ground(*voxels, low, high) &&
            rcBuildCompactHeightfield(&context_, height_cells_, climb_cells_, *voxels, *open) &&
            mark_obstacles(*open, obstacles) &&
            rcErodeWalkableArea(&context_, radius_cells_, *open) &&
            rcBuildHeightfieldLayers(&context_, *open, border_cells_, height_cells_,
                                     *tile_layers) &&
            pack(column, row, *tile_layers, compressor, layers);
        rcFreeHeightfieldLayerSet(tile_layers);
        rcFreeCompactHeightfield(open);
        rcFreeHeightField(voxels);
        return built;
    }

  private:
    // The ground is the world grown by the agent radius, so that the erosion leaves the
    // world's own edge walkable, as pathkit's mesh does.
    bool rasterize_ground(rcHeightfield& voxels, const float* low, const float* high) {
        const float reach = settings_.agent_radius;
        const float x0 = std::max(low[0], world_min_.x - reach);
        const float x1 = std::min(high[0], world_max_.x + reach);
        const float z0 = std::max(low[2], world_min_.y - reach);
        const float z1 = std::min(high[2], world_max_.y + reach);
        if (x0 >= x1 || z0 >= z1) return true;
        const float corners[12] = {x0, 0, z0, x1, 0, z0, x1, 0, z1, x0, 0, z1};
        const int triangles[6] = {0, 2, 1, 0, 3, 2};
        const unsigned char areas[2] = {RC_WALKABLE_AREA, RC_WALKABLE_AREA};
        return rcRasterizeTriangles(&context_, corners, 4, triangles, areas, 2, voxels,
                                    climb_cells_);
    }

    // Before the erosion, so the obstacles grow by the agent radius as walls do.
    bool mark_obstacles(rcCompactHeightfield& open, std::span<const Obstacle* const> obstacles) {
        std::vector<float> corners;
        for (const Obstacle* obstacle : obstacles) {
            corners.clear();
            for (const Point2 point : obstacle->outline())
                corners.insert(corners.end(), {point.x, 0, point.y});
            rcMarkConvexPolyArea(&context_, corners.data(), static_cast<int>(corners.size() / 3),
                                 ground_low_, ground_high_, RC_NULL_AREA, open);
        }
        return true;
    }

    static bool pack(int column, int row, const rcHeightfieldLayerSet& tile_layers,
                     dtTileCacheCompressor& compressor, std::vector<PackedLayer>& layers) {
        for (int index = 0; index < tile_layers.nlayers; ++index) {
            const rcHeightfieldLayer& layer = tile_layers.layers[index];
            dtTileCacheLayerHeader header{};
            header.magic = DT_TILECACHE_MAGIC;
            header.version = DT_TILECACHE_VERSION;
            header.tx = column;
            header.ty = row;
            header.tlayer = index;
            std::copy_n(layer.bmin, 3, header.bmin);
            std::copy_n(layer.bmax, 3, header.bmax);
            header.width = static_cast<unsigned char>(layer.width);
            header.height = static_cast<unsigned char>(layer.height);
            header.minx = static_cast<unsigned char>(layer.minx);
            header.maxx = static_cast<unsigned char>(layer.maxx);
            header.miny = static_cast<unsigned char>(layer.miny);
            header.maxy = static_cast<unsigned char>(layer.maxy);
            header.hmin = static_cast<unsigned short>(layer.hmin);
            header.hmax = static_cast<unsigned short>(layer.hmax);
            PackedLayer packed;
            if (dtStatusFailed(dtBuildTileCacheLayer(&compressor, &header, layer.heights,
                                                     layer.areas, layer.cons, &packed.data,
                                                     &packed.size)))
                return false;
            layers.push_back(packed);
        }
        return true;
    }

    TileCacheSettings settings_;
    Point2 world_min_, world_max_;
    float ground_low_, ground_high_;
    int radius_cells_, height_cells_, climb_cells_, border_cells_;
    rcContext context_;
};

}  // namespace

/// What the cache calls back into; it keeps pointers to them, so they live as long as it.
struct DetourTileCache::Helpers {
    PassThroughCompressor compressor;
    LinearAllocator allocator{std::size_t{4} << 20};
    WalkableFlags flags;
};

DetourTileCache::DetourTileCache(std::span<const Obstacle> obstacles, Point2 min, Point2 max,
                                 const TileCacheSettings& settings)
    : helpers_(std::make_unique<Helpers>()),
      reach_(3 * settings.cell_size),
      ground_low_(-2 * settings.cell_height),
      ground_high_(settings.agent_height + settings.agent_climb),
      origin_(min),
      tile_side_(static_cast<float>(settings.tile_cells) * settings.cell_size) {
    TileRasterizer rasterizer(settings, min, max, ground_low_, ground_high_);
    const float tile_side = tile_side_;
    const int columns = static_cast<int>(std::ceil((max.x - min.x) / tile_side));
    const int rows = static_cast<int>(std::ceil((max.y - min.y) / tile_side));
    // Each obstacle goes to every tile whose rasterized square (tile and border) its box meets.
    const float border = static_cast<float>(rasterizer.border_cells()) * settings.cell_size;
    std::vector<std::vector<const Obstacle*>> tile_obstacles(
        static_cast<std::size_t>(columns * rows));
    const auto tile_of = [&](float coordinate, float origin, int count) {
        return std::clamp(static_cast<int>(std::floor((coordinate - origin) / tile_side)), 0,
                          count - 1);
    };
    for (const Obstacle& obstacle : obstacles) {
        Point2 low{INFINITY, INFINITY}, high{-INFINITY, -INFINITY};
        for (const Point2 point : obstacle.outline()) {
            low = {std::min(low.x, point.x), std::min(low.y, point.y)};
            high = {std::max(high.x, point.x), std::max(high.y, point.y)};
        }
        for (int row = tile_of(low.y - border, min.y, rows);
             row <= tile_of(high.y + border, min.y, rows); ++row)
            for (int column = tile_of(low.x - border, min.x, columns);
                 column <= tile_of(high.x + border, min.x, columns); ++column)
                tile_obstacles[static_cast<std::size_t>(row * columns + column)].push_back(
                    &obstacle);
    }
    std::vector<PackedLayer> layers;
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < columns; ++column)
            if (!rasterizer.build(column, row,
                                  tile_obstacles[static_cast<std::size_t>(row * columns + column)],
                                  helpers_->compressor, layers)) {
                for (const PackedLayer& layer : layers)
                    dtFree(layer.data);
                return;
            }
    layer_count_ = static_cast<int>(layers.size());

    dtTileCacheParams cache_params{};
    cache_params.orig[0] = min.x;
    cache_params.orig[1] = ground_low_;
    cache_params.orig[2] = min.y;
    cache_params.cs = settings.cell_size;
    cache_params.ch = settings.cell_height;
    cache_params.width = settings.tile_cells;
    cache_params.height = settings.tile_cells;
    cache_params.walkableHeight = settings.agent_height;
    cache_params.walkableRadius = settings.agent_radius;
    cache_params.walkableClimb = settings.agent_climb;
    cache_params.maxSimplificationError = settings.max_simplification_error;
    cache_params.maxTiles = std::max(layer_count_, 1);
    cache_params.maxObstacles = 64;  // every tile rebuild visits each slot
    cache_ = dtAllocTileCache();
    bool added = cache_ && dtStatusSucceed(cache_->init(&cache_params, &helpers_->allocator,
                                                        &helpers_->compressor, &helpers_->flags));
    for (const PackedLayer& layer : layers) {
        if (added && dtStatusSucceed(cache_->addTile(layer.data, layer.size,
                                                     DT_COMPRESSEDTILE_FREE_DATA, nullptr)))
            continue;
        added = false;
        dtFree(layer.data);
    }
    if (!added) return;

    // Detour's 32-bit polygon references give tiles and polygons 22 bits between them.
    const int tile_bits = std::bit_width(std::bit_ceil(static_cast<unsigned>(layer_count_))) - 1;
    dtNavMeshParams mesh_params{};
    mesh_params.orig[0] = min.x;
    mesh_params.orig[1] = ground_low_;
    mesh_params.orig[2] = min.y;
    mesh_params.tileWidth = tile_side;
    mesh_params.tileHeight = tile_side;
    mesh_params.maxTiles = 1 << tile_bits;
    mesh_params.maxPolys = 1 << std::max(22 - tile_bits, 0);
    mesh_ = dtAllocNavMesh();
    if (!mesh_ || dtStatusFailed(mesh_->init(&mesh_params))) return;
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < columns; ++column)
            if (dtStatusFailed(cache_->buildNavMeshTilesAt(column, row, mesh_))) return;
    query_ = dtAllocNavMeshQuery();
    ready_ = query_ && dtStatusSucceed(query_->init(mesh_, 65535));
}

DetourTileCache::~DetourTileCache() {
    dtFreeNavMeshQuery(query_);
    dtFreeNavMesh(mesh_);
    dtFreeTileCache(cache_);
}

std::size_t DetourTileCache::polygon_count() const {
    std::size_t polygons = 0;
    const dtNavMesh& mesh = *mesh_;
    for (int index = 0; index < mesh.getMaxTiles(); ++index) {
        const dtMeshTile* tile = mesh.getTile(index);
        if (tile && tile->header) polygons += static_cast<std::size_t>(tile->header->polyCount);
    }
    return polygons;
}

std::uint32_t DetourTileCache::add_box(Point2 low, Point2 high) {
    const auto tiles_across = [&](float from, float to, float origin) {
        return std::floor((to - origin) / tile_side_) - std::floor((from - origin) / tile_side_) +
               1;
    };
    if (tiles_across(low.x, high.x, origin_.x) * tiles_across(low.y, high.y, origin_.y) >
        DT_MAX_TOUCHED_TILES)
        return 0;
    const float box_low[3] = {low.x, ground_low_, low.y};
    const float box_high[3] = {high.x, ground_high_, high.y};
    dtObstacleRef obstacle = 0;
    if (dtStatusFailed(cache_->addBoxObstacle(box_low, box_high, &obstacle))) return 0;
    return obstacle;
}

bool DetourTileCache::remove(std::uint32_t obstacle) {
    return dtStatusSucceed(cache_->removeObstacle(obstacle));
}

int DetourTileCache::update_until_current() {
    int calls = 0;
    for (bool current = false; !current; ++calls)
        if (dtStatusFailed(cache_->update(0, mesh_, &current))) return -1;
    return calls;
}

double DetourTileCache::path_length(Point2 from, Point2 to) const {
    return detour_path_length(*query_, from, to, reach_);
}

}  // namespace pathkit::bench
