/// Tile paths after the search: exact length, compress and expand, smoothing, world positions.
#pragma once

#include <span>
#include <vector>

#include "pathkit/core/point.hpp"
#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

/// The cost of a path under the space's rules, summed in double precision (the search adds
/// floats). A step between tiles that are not neighbours counts as a straight-then-diagonal
/// walk of octile length, each tile of it at the terrain multiplier of the step's end tile.
[[nodiscard]] double path_cost(const GridSpace& space, std::span<const Cell> path);

/// Keeps only the start, the goal and the tiles where the direction changes.
[[nodiscard]] std::vector<Cell> compress_path(std::span<const Cell> path);
/// As `compress_path`, in place.
void compress_path_in_place(std::vector<Cell>& path);

/// The inverse of `compress_path`: every tile between consecutive waypoints, which must lie on
/// a common row, column or diagonal (as jump point search returns them). Returns an empty path
/// if two waypoints do not.
[[nodiscard]] std::vector<Cell> expand_path(std::span<const Cell> path);

/// True when a unit walking the straight segment between the centres of `from` and `to` only
/// crosses tiles where it fits; where the segment passes exactly through a tile corner, both
/// tiles beside the corner must be free too (no corner cutting).
[[nodiscard]] bool has_line_of_sight(const GridSpace& space, Cell from, Cell to);

/// Line-of-sight smoothing (string pulling): from each kept waypoint, walks along the path
/// while the next tile is still in sight and keeps the last one that was. The result is never
/// longer (in straight-line length) than the path and every segment has line of sight.
/// Terrain costs are not considered, so use it on uniform maps.
[[nodiscard]] std::vector<Cell> smooth_path(const GridSpace& space, std::span<const Cell> path);

/// Where the tiles of a map sit in the world: each tile is `cell_size` world units square and
/// tile (0, 0)'s top-left corner is at `offset`.
struct GridFrame {
    float cell_size = 1;
    Point2 offset;

    /// The world position of a tile's centre.
    [[nodiscard]] Point2 center(Cell cell) const;
    /// The tile that contains a world position.
    [[nodiscard]] Cell cell_at(Point2 position) const;
};

/// The centres of the path's tiles in world units.
[[nodiscard]] std::vector<Point2> to_world(const GridFrame& frame, std::span<const Cell> path);

}  // namespace pathkit
