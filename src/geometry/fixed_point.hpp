// The fixed grid of 1/1024 world unit that all open-world geometry runs on: points, boxes.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pathkit/core/point.hpp"
#include "pathkit/geometry/obstacle.hpp"

namespace pathkit::geometry {

/// Steps of the fixed grid per world unit.
inline constexpr double fixed_scale = 1024;

/// A point on the fixed grid. Coordinates stay below 2^31 in size (max_world_coordinate and a
/// buffer of at most a quarter of it: 1.25 million units, 1.28e9 steps), so differences stay
/// below 2^32 and a product of two fits 64 bits (the predicates, exact_predicates.hpp, compare
/// such products; sums of them take 128).
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

/// Distance between two grid points, in world units.
[[nodiscard]] inline double world_distance(FixedPoint a, FixedPoint b) {
    return std::hypot(static_cast<double>(a.x - b.x), static_cast<double>(a.y - b.y)) / fixed_scale;
}
/// Distance between two world positions, in world units (single precision, as path costs).
[[nodiscard]] inline float distance(Point2 a, Point2 b) {
    return std::hypot(b.x - a.x, b.y - a.y);
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
