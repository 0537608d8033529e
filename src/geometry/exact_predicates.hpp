// Exact orientation and segment predicates on the fixed grid, in 128-bit integers: the one set
// of turn tests used by the obstacle graph, the mesh, Polyanya and the funnel.
#pragma once

#include <algorithm>
#include <cstdint>

#include "fixed_point.hpp"

namespace pathkit::geometry {

/// A 128-bit integer. Grid differences fit 33 bits (see FixedPoint), so products of two fit 66
/// bits and sums of such products stay far inside 127: every predicate below is exact.
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

/// The cross product of the directions (ax, ay) and (bx, by): > 0 when b points left of a.
[[nodiscard]] inline Wide cross(std::int64_t ax, std::int64_t ay, std::int64_t bx,
                                std::int64_t by) {
    return static_cast<Wide>(ax) * by - static_cast<Wide>(ay) * bx;
}
[[nodiscard]] inline Wide cross(Direction a, Direction b) {
    return cross(a.x, a.y, b.x, b.y);
}
/// Twice the signed area of triangle (origin, a, b): > 0 when b is left of origin -> a.
[[nodiscard]] inline Wide cross(FixedPoint origin, FixedPoint a, FixedPoint b) {
    return cross(a - origin, b - origin);
}
/// The dot product of two directions.
[[nodiscard]] inline Wide dot(Direction a, Direction b) {
    return static_cast<Wide>(a.x) * b.x + static_cast<Wide>(a.y) * b.y;
}
/// -1, 0 or 1.
[[nodiscard]] inline int sign(Wide value) {
    return (value > 0) - (value < 0);
}

/// Which side of the line from `origin` along `direction` the point lies on: 1 left, -1 right,
/// 0 on the line.
[[nodiscard]] inline int side_of(FixedPoint origin, Direction direction, FixedPoint point) {
    return sign(cross(direction, point - origin));
}

/// True when `point` lies on the closed segment [a, b].
[[nodiscard]] inline bool on_segment(FixedPoint a, FixedPoint b, FixedPoint point) {
    if (cross(a, b, point) != 0) return false;
    return std::min(a.x, b.x) <= point.x && point.x <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= point.y && point.y <= std::max(a.y, b.y);
}

/// True when the closed segments [a, b] and [c, d] share a point.
[[nodiscard]] inline bool segments_touch(FixedPoint a, FixedPoint b, FixedPoint c, FixedPoint d) {
    const int abc = sign(cross(a, b, c)), abd = sign(cross(a, b, d));
    const int cda = sign(cross(c, d, a)), cdb = sign(cross(c, d, b));
    if (abc * abd < 0 && cda * cdb < 0) return true;
    return on_segment(a, b, c) || on_segment(a, b, d) || on_segment(c, d, a) || on_segment(c, d, b);
}

/// True when `direction` lies in the closed wedge swept counter-clockwise from `first` to
/// `last` (a wedge of at most a half turn).
[[nodiscard]] inline bool in_wedge(Direction first, Direction last, Direction direction) {
    return cross(first, direction) >= 0 && cross(direction, last) >= 0;
}

/// True when direction a comes before b counter-clockwise from the positive x axis (the
/// order of directions around a point).
[[nodiscard]] inline bool before_counter_clockwise(Direction a, Direction b) {
    const bool a_upper = a.y > 0 || (a.y == 0 && a.x > 0),
               b_upper = b.y > 0 || (b.y == 0 && b.x > 0);
    if (a_upper != b_upper) return a_upper;
    return cross(a, b) > 0;
}

/// Whether `direction` from corner `at` points strictly into the obstacle, whose boundary runs
/// previous -> at -> next with the obstacle on the left.
[[nodiscard]] inline bool points_into_obstacle(FixedPoint previous, FixedPoint at, FixedPoint next,
                                               Direction direction) {
    const Direction out = next - at, back = previous - at;
    const Wide turn = cross(previous, at, next);
    if (turn > 0) return cross(out, direction) > 0 && cross(direction, back) > 0;  // convex
    if (turn < 0) return !in_wedge(back, out, direction);                          // reflex
    return cross(out, direction) > 0;  // straight: the half-plane on the left
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
