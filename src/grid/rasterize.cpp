// Building a grid map from solid rectangles in world units.
#include "pathkit/grid/rasterize.hpp"
#include "pathkit/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace pathkit {

namespace {

/// The tile column (or row) holding world coordinate `at`, clamped to -1..count (in double, so
/// huge coordinates never overflow an int).
int tile_of(double at, double cell, int count) {
    return static_cast<int>(std::clamp(std::floor(at / cell), -1.0, static_cast<double>(count)));
}

}  // namespace

Status block_rectangles(GridMap& map, float cell_width, float cell_height,
                        std::span<const Rect> solids) {
    const auto positive = [](float value) { return value > 0 && std::isfinite(value); };
    if (!positive(cell_width) || !positive(cell_height))
        return Status::invalid_input("tile size " + to_text(cell_width) + " x " +
                                     to_text(cell_height) + " is not finite and > 0");
    for (std::size_t index = 0; index < solids.size(); ++index) {
        const Rect& solid = solids[index];
        if (!std::isfinite(solid.x) || !std::isfinite(solid.y) || !(solid.width >= 0) ||
            !(solid.height >= 0) || !std::isfinite(solid.width) || !std::isfinite(solid.height)) {
            return Status::invalid_input("solid rectangle " + std::to_string(index) +
                                         " has a NaN, infinite or negative field");
        }
        // Only tiles whose squares the rectangle can reach; then the exact overlap test.
        const int first_x = std::max(0, tile_of(solid.x, cell_width, map.width()));
        const int first_y = std::max(0, tile_of(solid.y, cell_height, map.height()));
        const int last_x =
            std::min(map.width() - 1,
                     tile_of(static_cast<double>(solid.x) + solid.width, cell_width, map.width()));
        const int last_y = std::min(
            map.height() - 1,
            tile_of(static_cast<double>(solid.y) + solid.height, cell_height, map.height()));
        for (int y = first_y; y <= last_y; ++y) {
            for (int x = first_x; x <= last_x; ++x) {
                const Rect tile{static_cast<float>(x) * cell_width,
                                static_cast<float>(y) * cell_height, cell_width, cell_height};
                if (solid.overlaps(tile))
                    (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
            }
        }
    }
    return {};
}

Expected<GridMap> rasterize(float world_width, float world_height, float cell_size,
                            std::span<const Rect> solids) {
    const auto positive = [](float value) { return value > 0 && std::isfinite(value); };
    if (!positive(cell_size)) {
        return Status::invalid_input("cell size " + to_text(cell_size) +
                                     " is not a finite number > 0");
    }
    if (!positive(world_width) || !positive(world_height)) {
        return Status::invalid_input("world size " + to_text(world_width) + " x " +
                                     to_text(world_height) + " is not positive and finite");
    }
    const double columns = std::ceil(static_cast<double>(world_width) / cell_size);
    const double rows = std::ceil(static_cast<double>(world_height) / cell_size);
    if (columns > GridMap::max_side || rows > GridMap::max_side) {
        return Status::invalid_input(std::to_string(columns) + " x " + std::to_string(rows) +
                                     " tiles is too many");
    }
    auto map = GridMap::create(static_cast<int>(columns), static_cast<int>(rows));
    if (!map) return map.error();
    if (Status status = block_rectangles(map.value(), cell_size, cell_size, solids); !status)
        return Status::invalid_input(status.message());
    return map;
}

}  // namespace pathkit
