// Checks shared by obstacles, scenes and queries: coordinates in range, simple polygons.
#pragma once

#include <string>
#include <vector>

#include "fixed_point.hpp"
#include "pathkit/core/status.hpp"

namespace pathkit::geometry {

/// Ok when both coordinates are finite and within ±max_world_coordinate; `what` names the point.
[[nodiscard]] Status check_coordinate(Point2 point, const std::string& what);

/// Ok when `radius` is finite, >= 0 and below a quarter of the coordinate range.
[[nodiscard]] Status check_buffer_radius(float radius);

/// The points on the fixed grid, with repeated consecutive points (and a repeated first point
/// at the end) dropped.
[[nodiscard]] Ring fixed_ring(const std::vector<Point2>& points);

/// Ok when the ring has 3 or more points, non-zero area and no edges that cross or touch,
/// except neighbours at their shared corner. O(n log n); the message names the two edges
/// that meet when the ring has at most `max_named_crossing_points` points.
[[nodiscard]] Status check_simple_polygon(const Ring& ring);
inline constexpr std::size_t max_named_crossing_points = 2048;

/// CGAL's simplicity test (simple_polygon.cpp, the only other file that sees CGAL).
[[nodiscard]] bool is_simple_ring(const Ring& ring);

}  // namespace pathkit::geometry
