// Exact orientation and segment predicates on the fixed grid, in integers: the one set of turn
// tests used by the obstacle graph, the mesh, Polyanya and the funnel.
#pragma once

#include <algorithm>
#include <cstdint>

#include "fixed_point.hpp"
#include "pathkit/core/assert.hpp"

namespace pathkit::geometry {

/// A 128-bit integer, for sums of products of grid differences (dot products along a segment).
__extension__ typedef __int128 Wide;

/// A direction on the grid: the difference of two grid points.
struct Direction {
    std::int64_t x = 0;
    std::int64_t y = 0;
    friend constexpr bool operator==(Direction, Direction) = default;
};
/// The direction from `from` to `to`.
[[nodiscard]] constexpr Direction operator-(FixedPoint to, FixedPoint from) {
    return {to.x - from.x, to.y - from.y};
}
/// The point `direction` away from `point`.
[[nodiscard]] constexpr FixedPoint operator+(FixedPoint point, Direction direction) {
    return {point.x + direction.x, point.y + direction.y};
}
/// The opposite direction.
[[nodiscard]] constexpr Direction operator-(Direction direction) {
    return {-direction.x, -direction.y};
}

/// The largest size of a direction's component whose square fits 63 bits. Differences of grid
/// points stay below 2^32 (2.56e9 at most), so every product of two components fits 64 bits;
/// a sum of two such products may not.
inline constexpr std::int64_t max_direction_component = 3'037'000'499;

/// Which way b turns from a: 1 counter-clockwise (b points left of a), -1 clockwise, 0 when
/// they are parallel; the sign of their cross product, found by comparing its two products
/// (each exact in 64 bits, where their difference might overflow).
[[nodiscard]] inline int orientation(Direction a, Direction b) {
    PATHKIT_ASSERT(std::max({a.x, -a.x, a.y, -a.y, b.x, -b.x, b.y, -b.y}) <=
                   max_direction_component);
    const std::int64_t left = a.x * b.y, right = a.y * b.x;
    return (left > right) - (left < right);
}
/// The orientation of triangle (origin, a, b): 1 when b is left of origin -> a.
[[nodiscard]] inline int orientation(FixedPoint origin, FixedPoint a, FixedPoint b) {
    return orientation(a - origin, b - origin);
}
/// The dot product of two directions.
[[nodiscard]] inline Wide dot(Direction a, Direction b) {
    return static_cast<Wide>(a.x) * b.x + static_cast<Wide>(a.y) * b.y;
}

/// Which side of the line from `origin` along `direction` the point lies on: 1 left, -1 right,
/// 0 on the line.
[[nodiscard]] inline int side_of(FixedPoint origin, Direction direction, FixedPoint point) {
    return orientation(direction, point - origin);
}

/// True when `point` lies on the closed segment [a, b].
[[nodiscard]] inline bool on_segment(FixedPoint a, FixedPoint b, FixedPoint point) {
    if (orientation(a, b, point) != 0) return false;
    return std::min(a.x, b.x) <= point.x && point.x <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= point.y && point.y <= std::max(a.y, b.y);
}

/// True when the closed segments [a, b] and [c, d] share a point.
[[nodiscard]] inline bool segments_touch(FixedPoint a, FixedPoint b, FixedPoint c, FixedPoint d) {
    const int abc = orientation(a, b, c), abd = orientation(a, b, d);
    const int cda = orientation(c, d, a), cdb = orientation(c, d, b);
    if (abc * abd < 0 && cda * cdb < 0) return true;
    return on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) || on_segment(c, d, b);
}

/// True when `direction` lies in the closed wedge swept counter-clockwise from `first` to
/// `last` (a wedge of at most a half turn).
[[nodiscard]] inline bool in_wedge(Direction first, Direction last, Direction direction) {
    return orientation(first, direction) >= 0 && orientation(direction, last) >= 0;
}

/// True when direction a comes before b counter-clockwise from the positive x axis (the
/// order of directions around a point).
[[nodiscard]] inline bool before_counter_clockwise(Direction a, Direction b) {
    const bool a_upper = a.y > 0 || (a.y == 0 && a.x > 0),
               b_upper = b.y > 0 || (b.y == 0 && b.x > 0);
    if (a_upper != b_upper) return a_upper;
    return orientation(a, b) > 0;
}

/// Whether `direction` from corner `at` points strictly into the obstacle, whose boundary runs
/// previous -> at -> next with the obstacle on the left.
[[nodiscard]] inline bool points_into_obstacle(FixedPoint previous, FixedPoint at, FixedPoint next,
                                               Direction direction) {
    const Direction out = next - at, back = previous - at;
    const int turn = orientation(previous, at, next);
    if (turn > 0) return orientation(out, direction) > 0 && orientation(direction, back) > 0;
    if (turn < 0) return !in_wedge(back, out, direction);  // a reflex corner
    return orientation(out, direction) > 0;                // straight: the half-plane on the left
}

/// Where the line from `origin` along `direction` meets the line through a and b, as a
/// fraction of the way from a to b (0 when they are parallel). A measure for lengths, never a
/// decision: the fraction is rounded.
[[nodiscard]] inline double crossing_fraction(FixedPoint origin, Direction direction, FixedPoint a,
                                              FixedPoint b) {
    const auto as_double = [](Direction u, Direction v) {
        return static_cast<double>(u.x) * static_cast<double>(v.y) -
               static_cast<double>(u.y) * static_cast<double>(v.x);
    };
    const double denominator = as_double(direction, b - a);
    if (denominator == 0) return 0;
    return as_double(a - origin, direction) / denominator;
}

}  // namespace pathkit::geometry
