// Checks shared by obstacles, scenes and queries: coordinates in range, simple polygons.
#include "shape_checks.hpp"

#include <cmath>

#include "exact_predicates.hpp"

namespace pathkit::geometry {

namespace {

std::string describe(FixedPoint point) {
    const Point2 world = to_point(point);
    return to_string(world);
}

}  // namespace

Status check_coordinate(Point2 point, const std::string& what) {
    if (!std::isfinite(point.x) || !std::isfinite(point.y))
        return Status::invalid_input(what + " has a NaN or infinite coordinate");
    if (std::fabs(point.x) > max_world_coordinate || std::fabs(point.y) > max_world_coordinate)
        return Status::invalid_input(what + " " + to_string(point) + " is outside ±" +
                                     std::to_string(static_cast<int>(max_world_coordinate)) +
                                     " world units");
    return {};
}

Status check_buffer_radius(float radius) {
    if (!std::isfinite(radius) || radius < 0 || radius > max_world_coordinate / 4)
        return Status::invalid_input("buffer radius " + to_text(radius) +
                                     " must be finite, >= 0 and below a quarter of " +
                                     std::to_string(static_cast<int>(max_world_coordinate)));
    return {};
}

Ring fixed_ring(const std::vector<Point2>& points) {
    Ring ring;
    for (Point2 point : points) {
        const FixedPoint fixed = to_fixed(point);
        if (ring.empty() || ring.back() != fixed) ring.push_back(fixed);
    }
    while (ring.size() > 1 && ring.back() == ring.front())
        ring.pop_back();
    return ring;
}

Status check_simple_polygon(const Ring& ring) {
    const std::size_t count = ring.size();
    if (count < 3)
        return Status::invalid_input("polygon has " + std::to_string(count) +
                                     " distinct points; it needs at least 3");
    bool flat = true;
    for (std::size_t index = 2; index < count && flat; ++index)
        flat = orientation(ring[0], ring[1], ring[index]) == 0;
    if (flat) return Status::invalid_input("polygon has zero area: its points are collinear");
    for (std::size_t first = 0; first < count; ++first) {
        // Neighbouring edges share a corner; they must not fold back over each other.
        const FixedPoint a = ring[first], b = ring[(first + 1) % count];
        const FixedPoint after = ring[(first + 2) % count];
        if (on_segment(a, b, after) || on_segment(b, after, a))
            return Status::invalid_input("polygon folds back on itself at " + describe(b));
    }
    if (is_simple_ring(ring)) return {};
    if (count > max_named_crossing_points)
        return Status::invalid_input("polygon is self-intersecting: two of its " +
                                     std::to_string(count) + " edges cross or touch");
    // Only to name the two edges: every pair, on a ring small enough for that to be quick.
    for (std::size_t first = 0; first < count; ++first) {
        const FixedPoint a = ring[first], b = ring[(first + 1) % count];
        for (std::size_t second = first + 2; second < count; ++second) {
            if (first == 0 && second == count - 1) continue;  // the closing neighbours
            const FixedPoint c = ring[second], d = ring[(second + 1) % count];
            if (segments_touch(a, b, c, d))
                return Status::invalid_input("polygon is self-intersecting: edge " +
                                             std::to_string(first) + " " + describe(a) + "-" +
                                             describe(b) + " meets edge " + std::to_string(second) +
                                             " " + describe(c) + "-" + describe(d));
        }
    }
    return Status::invalid_input("polygon is self-intersecting");
}

}  // namespace pathkit::geometry
