/// Building a grid map from solid rectangles in world units (the FlashPunk NPC tutorial's 48 x 48
/// squares).
#pragma once

#include <span>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/rect.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

/// A map covering `world_width` x `world_height` world units from (0, 0), in square tiles of
/// `cell_size` units (a partial tile at the right or bottom edge counts as a tile). A tile is
/// blocked when any solid rectangle shares area with it; touching its edge does not count.
/// Refused for a non-positive or non-finite size or cell size, or a map over GridMap::max_side.
[[nodiscard]] Expected<GridMap> rasterize(float world_width, float world_height, float cell_size,
                                          std::span<const Rect> solids);

/// Blocks every tile of `map` that shares area with one of `solids`, the map's top-left tile
/// covering world units [0, cell_width) x [0, cell_height). Only the tiles a rectangle
/// reaches are visited. Refused for a non-positive tile size or a NaN, infinite or negative
/// rectangle field (rectangles before it are applied).
[[nodiscard]] Status block_rectangles(GridMap& map, float cell_width, float cell_height,
                                      std::span<const Rect> solids);

}  // namespace pathkit
