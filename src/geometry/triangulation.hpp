// Constrained Delaunay triangulation of free space (CGAL), handed back as plain arrays.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "fixed_point.hpp"
#include "inflation.hpp"

namespace pathkit::geometry {

/// Triangles covering some shapes exactly: corners, triangles as three corner numbers
/// counter-clockwise, and across edge i (opposite corner i) the neighbouring triangle, or
/// UINT32_MAX at the shapes' boundary.
struct Triangulation {
    std::vector<FixedPoint> corners;
    std::vector<std::array<std::uint32_t, 3>> triangles;
    std::vector<std::array<std::uint32_t, 3>> neighbours;
};

/// Triangulates the inside of `shapes` (rings with the inside on their left, as `free_space`
/// returns them), keeping every ring edge as a triangle edge.
[[nodiscard]] Triangulation triangulate(const std::vector<Shape>& shapes);
/// The same for rings in no order (outer rings and holes apart) that do not cross, with
/// the inside on their left.
[[nodiscard]] Triangulation triangulate_rings(const std::vector<const Ring*>& rings);
/// The same with `marks` (area outlines: simple rings that bound nothing) kept as triangle
/// edges too, inside the rings and across them; where a mark crosses a ring or another mark,
/// the crossing is a corner, rounded to the grid (free space there moves by less than one step).
[[nodiscard]] Triangulation triangulate_rings(const std::vector<const Ring*>& rings,
                                              const std::vector<const Ring*>& marks);

}  // namespace pathkit::geometry
