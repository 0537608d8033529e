// Building a grid map from solid rectangles in world units.
#include "pathkit/grid/rasterize.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace pathkit {

Expected<GridMap> rasterize(float world_width, float world_height, float cell_size,
                            std::span<const Rect> solids) {
    const auto positive = [](float value) { return value > 0 && std::isfinite(value); };
    if (!positive(cell_size)) {
        return Status::invalid_input("rasterize: cell size " + std::to_string(cell_size) +
                                     " is not a finite number > 0");
    }
    if (!positive(world_width) || !positive(world_height)) {
        return Status::invalid_input("rasterize: world size " + std::to_string(world_width) +
                                     " x " + std::to_string(world_height) +
                                     " is not positive and finite");
    }
    const double columns = std::ceil(static_cast<double>(world_width) / cell_size);
    const double rows = std::ceil(static_cast<double>(world_height) / cell_size);
    if (columns > GridMap::max_side || rows > GridMap::max_side) {
        return Status::invalid_input("rasterize: " + std::to_string(columns) + " x " +
                                     std::to_string(rows) + " tiles is too many");
    }
    auto map = GridMap::create(static_cast<int>(columns), static_cast<int>(rows));
    if (!map) return map.error();
    for (std::size_t index = 0; index < solids.size(); ++index) {
        const Rect& solid = solids[index];
        if (!std::isfinite(solid.x) || !std::isfinite(solid.y) || !(solid.width >= 0) ||
            !(solid.height >= 0) || !std::isfinite(solid.width) || !std::isfinite(solid.height)) {
            return Status::invalid_input("rasterize: solid rectangle " + std::to_string(index) +
                                         " has a NaN, infinite or negative field");
        }
        // Only tiles whose squares the rectangle can reach; then the exact overlap test.
        const int first_x = std::max(0, static_cast<int>(std::floor(solid.x / cell_size)));
        const int first_y = std::max(0, static_cast<int>(std::floor(solid.y / cell_size)));
        const int last_x =
            std::min(map.value().width() - 1,
                     static_cast<int>(std::floor((solid.x + solid.width) / cell_size)));
        const int last_y =
            std::min(map.value().height() - 1,
                     static_cast<int>(std::floor((solid.y + solid.height) / cell_size)));
        for (int y = first_y; y <= last_y; ++y) {
            for (int x = first_x; x <= last_x; ++x) {
                const Rect tile{static_cast<float>(x) * cell_size,
                                static_cast<float>(y) * cell_size, cell_size, cell_size};
                if (solid.overlaps(tile)) (void)map.value().set_walkable({x, y}, false);
            }
        }
    }
    return map;
}

}  // namespace pathkit
