// Exact 2D geometry on a fixed grid of 1/1024 world unit, with 64-bit integer predicates.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "pathkit/core/point.hpp"
#include "pathkit/geometry/obstacle.hpp"

namespace pathkit::geometry {

/// Steps of the fixed grid per world unit.
inline constexpr double fixed_scale = 1024;

/// A point on the fixed grid. Coordinates stay below 2^30 in size (see max_world_coordinate),
/// so differences fit 31 bits and cross products of differences fit 63 bits: exact.
struct FixedPoint {
    std::int64_t x = 0;
    std::int64_t y = 0;
    friend constexpr bool operator==(FixedPoint, FixedPoint) = default;
    friend constexpr auto operator<=>(FixedPoint, FixedPoint) = default;
};

/// A closed ring of points with the obstacle on its left (counter-clockwise outer rings,
/// clockwise holes, in a y-up frame).
using Ring = std::vector<FixedPoint>;

/// The nearest grid point to a world position (which must be in range and finite).
[[nodiscard]] inline FixedPoint to_fixed(double x, double y) {
    return {std::llround(x * fixed_scale), std::llround(y * fixed_scale)};
}
[[nodiscard]] inline FixedPoint to_fixed(Point2 point) {
    return to_fixed(point.x, point.y);
}
/// The world position of a grid point.
[[nodiscard]] inline Point2 to_point(FixedPoint point) {
    return {static_cast<float>(static_cast<double>(point.x) / fixed_scale),
            static_cast<float>(static_cast<double>(point.y) / fixed_scale)};
}

/// Twice the signed area of triangle (origin, a, b): > 0 when b is left of origin->a.
[[nodiscard]] inline std::int64_t cross(FixedPoint origin, FixedPoint a, FixedPoint b) {
    return (a.x - origin.x) * (b.y - origin.y) - (a.y - origin.y) * (b.x - origin.x);
}
/// The cross product of the directions `a` and `b` (each a difference of points).
[[nodiscard]] inline std::int64_t cross(std::int64_t ax, std::int64_t ay, std::int64_t bx,
                                        std::int64_t by) {
    return ax * by - ay * bx;
}
/// -1, 0 or 1.
[[nodiscard]] inline int sign(std::int64_t value) {
    return (value > 0) - (value < 0);
}

/// Distance between two grid points, in world units.
[[nodiscard]] inline double world_distance(FixedPoint a, FixedPoint b) {
    return std::hypot(static_cast<double>(a.x - b.x), static_cast<double>(a.y - b.y)) / fixed_scale;
}

/// True when `point` lies on the closed segment [a, b] (exact).
[[nodiscard]] inline bool on_segment(FixedPoint a, FixedPoint b, FixedPoint point) {
    if (cross(a, b, point) != 0) return false;
    return std::min(a.x, b.x) <= point.x && point.x <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= point.y && point.y <= std::max(a.y, b.y);
}

/// Whether direction (dx, dy) from corner `at` points strictly into the obstacle, whose
/// boundary runs previous -> at -> next with the obstacle on the left.
[[nodiscard]] inline bool points_into_obstacle(FixedPoint previous, FixedPoint at, FixedPoint next,
                                               std::int64_t dx, std::int64_t dy) {
    const std::int64_t ox = next.x - at.x, oy = next.y - at.y;          // outgoing edge
    const std::int64_t bx = previous.x - at.x, by = previous.y - at.y;  // back along incoming
    const std::int64_t turn = cross(previous, at, next);
    if (turn > 0) return cross(ox, oy, dx, dy) > 0 && cross(dx, dy, bx, by) > 0;       // convex
    if (turn < 0) return !(cross(bx, by, dx, dy) >= 0 && cross(dx, dy, ox, oy) >= 0);  // reflex
    return cross(ox, oy, dx, dy) > 0;  // straight: the half-plane on the left
}

/// An axis-aligned box on the grid.
struct FixedBox {
    FixedPoint min{INT64_MAX, INT64_MAX};
    FixedPoint max{INT64_MIN, INT64_MIN};

    void add(FixedPoint point) {
        min = {std::min(min.x, point.x), std::min(min.y, point.y)};
        max = {std::max(max.x, point.x), std::max(max.y, point.y)};
    }
    [[nodiscard]] bool overlaps(const FixedBox& other) const {
        return min.x <= other.max.x && other.min.x <= max.x && min.y <= other.max.y &&
               other.min.y <= max.y;
    }
    [[nodiscard]] bool contains(FixedPoint point) const {
        return min.x <= point.x && point.x <= max.x && min.y <= point.y && point.y <= max.y;
    }
    [[nodiscard]] bool empty() const { return min.x > max.x; }
};

/// The box around the rings.
[[nodiscard]] inline FixedBox box_of(const std::vector<Ring>& rings) {
    FixedBox box;
    for (const Ring& ring : rings)
        for (FixedPoint point : ring)
            box.add(point);
    return box;
}

}  // namespace pathkit::geometry
