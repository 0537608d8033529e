// NavMesh lines: the boundary edges, whether a straight segment stays in free space, and the
// nearest free point.
#include <algorithm>
#include <cmath>
#include <limits>

#include "exact_predicates.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "shape_checks.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;

geometry::FixedPoint fixed_of(const std::array<std::int64_t, 2>& vertex) {
    return {vertex[0], vertex[1]};
}

// Finite and within the coordinate range (check_coordinate without its message, for speed).
bool in_range(Point2 point) {
    return std::fabs(point.x) <= max_world_coordinate && std::fabs(point.y) <= max_world_coordinate;
}

// A unit vector in world units (the way into free space from a boundary edge).
struct Inward {
    double x = 0;
    double y = 0;
};
}  // namespace

void NavMesh::build_boundary_edges() {
    boundary_edges_.clear();
    boundary_owners_.clear();
    boundary_places_.assign(triangle_corners_.size(), {none, none, none});
    for (std::uint32_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        add_boundary_edges(triangle);
}

void NavMesh::add_boundary_edges(std::uint32_t triangle) {
    const auto& corners = triangle_corners_[triangle];
    for (std::uint32_t edge = 0; edge < 3; ++edge) {
        if (triangle_neighbours_[triangle][edge] != none) continue;
        // Edge i lies opposite corner i; the triangle (free space) is on its left.
        boundary_places_[triangle][edge] = static_cast<std::uint32_t>(boundary_edges_.size());
        boundary_edges_.push_back(
            {vertex_point(corners[(edge + 1) % 3]), vertex_point(corners[(edge + 2) % 3])});
        boundary_owners_.push_back({triangle, edge});
    }
}

// Takes out the triangle's boundary edges, the last edges moving into their places.
void NavMesh::remove_boundary_edges(std::uint32_t triangle) {
    for (std::uint32_t& place : boundary_places_[triangle]) {
        if (place == none) continue;
        const auto [owner, edge] = boundary_owners_.back();
        boundary_edges_[place] = boundary_edges_.back();
        boundary_owners_[place] = boundary_owners_.back();
        boundary_places_[owner][edge] = place;
        boundary_edges_.pop_back();
        boundary_owners_.pop_back();
        place = none;
    }
}

// Walks the triangles the segment crosses, from a's triangle, with exact orientation tests on
// the fixed grid. Where the segment passes exactly through a mesh vertex, the walk turns
// around that vertex to the triangle whose corner holds the segment's direction; none means
// the segment enters an obstacle there (touching a corner or running along an edge is free).
// Triangles of a type in `wall_types` count as obstacles.
bool NavMesh::is_segment_free(Point2 a, Point2 b) const {
    return is_segment_free(a, b, 0);
}

bool NavMesh::is_segment_free(Point2 a, Point2 b, std::uint64_t wall_types) const {
    const auto lock = lock_for_reading();
    if (!in_range(a) || !in_range(b)) return false;
    const geometry::FixedPoint from = geometry::to_fixed(a), to = geometry::to_fixed(b);
    const auto walled = [&](std::uint32_t at) {
        return at == none || (wall_types != 0 && ((wall_types >> triangle_type_[at]) & 1U));
    };
    const auto across = [&](std::uint32_t at, int edge) {
        const std::uint32_t next = triangle_neighbours_[at][edge];
        return walled(next) ? none : next;
    };
    // Only a's triangle is looked up: a walk towards a b outside free space leaves it through
    // a boundary edge.
    std::uint32_t triangle = locate(from.x, from.y);
    if (triangle == none) return false;
    if (walled(triangle)) {
        // On an edge or corner a walled triangle shares with an open one: start from that.
        for (const std::uint32_t candidate : triangles_holding(a, triangle))
            if (!walled(candidate)) triangle = candidate;
        if (walled(triangle)) return false;
    }
    const geometry::Direction direction = to - from;
    const auto contains = [&](std::uint32_t at, geometry::FixedPoint point) {
        const auto& corners = triangle_corners_[at];
        for (int edge = 0; edge < 3; ++edge)
            if (geometry::orientation(fixed_of(vertices_[corners[edge]]),
                                      fixed_of(vertices_[corners[(edge + 1) % 3]]), point) < 0)
                return false;
        return true;
    };
    // The triangle around `vertex` whose corner there holds the direction; none if no such.
    const auto turn_around = [&](std::uint32_t start, std::uint32_t vertex) {
        for (int way = 0; way < 2; ++way) {
            std::uint32_t at = start;
            for (std::size_t count = 0; count <= triangle_corners_.size() && at != none; ++count) {
                const auto& corners = triangle_corners_[at];
                const int corner = static_cast<int>(
                    std::find(corners.begin(), corners.end(), vertex) - corners.begin());
                if (corner == 3) break;
                const geometry::FixedPoint w = fixed_of(vertices_[vertex]);
                const geometry::FixedPoint p = fixed_of(vertices_[corners[(corner + 1) % 3]]);
                const geometry::FixedPoint q = fixed_of(vertices_[corners[(corner + 2) % 3]]);
                if (geometry::in_wedge(p - w, q - w, direction)) return at;
                at = across(at, way == 0 ? (corner + 2) % 3 : (corner + 1) % 3);
                if (at == start) break;
            }
        }
        return none;
    };
    // On a corner where obstacles touch, the segment may leave into any side: start from the
    // triangle there whose corner holds its direction.
    for (const std::uint32_t candidate : triangles_holding(a, triangle)) {
        if (candidate == triangle || walled(candidate)) continue;
        const auto& corners = triangle_corners_[candidate];
        for (int corner = 0; corner < 3; ++corner) {
            if (fixed_of(vertices_[corners[corner]]) != from) continue;
            const geometry::FixedPoint p = fixed_of(vertices_[corners[(corner + 1) % 3]]);
            const geometry::FixedPoint q = fixed_of(vertices_[corners[(corner + 2) % 3]]);
            if (geometry::in_wedge(p - from, q - from, direction)) triangle = candidate;
        }
    }
    // Each pass moves strictly forward along the segment; the bound only guards bad meshes.
    for (std::size_t pass = 0; pass <= 4 * triangle_corners_.size() + 4; ++pass) {
        if (contains(triangle, to)) return true;
        const auto& corners = triangle_corners_[triangle];
        int side[3];
        for (int corner = 0; corner < 3; ++corner)
            side[corner] = geometry::orientation(from, to, fixed_of(vertices_[corners[corner]]));
        int exit_edge = -1;
        for (int edge = 0; edge < 3; ++edge)
            if (side[(edge + 1) % 3] < 0 && side[(edge + 2) % 3] > 0) exit_edge = edge;
        if (exit_edge >= 0) {
            triangle = across(triangle, exit_edge);
            if (triangle == none) return false;
            continue;
        }
        // The segment leaves through a corner on its line: the one furthest ahead.
        int pivot = -1;
        geometry::Wide furthest = 0;
        for (int corner = 0; corner < 3; ++corner) {
            if (side[corner] != 0) continue;
            // How far ahead along the segment the corner lies (scaled, exact).
            const geometry::Wide distance =
                geometry::dot(fixed_of(vertices_[corners[corner]]) - from, direction);
            if (pivot < 0 || distance > furthest) furthest = distance, pivot = corner;
        }
        if (pivot < 0 || furthest < 0) return false;
        triangle = turn_around(triangle, corners[pivot]);
        if (triangle == none) return false;
    }
    return false;
}

std::optional<Point2> NavMesh::nearest_free_point(Point2 point) const {
    const auto lock = lock_for_reading();
    if (!std::isfinite(point.x) || !std::isfinite(point.y) || triangle_corners_.empty())
        return std::nullopt;
    const auto low = geometry::to_point({bounds_[0], bounds_[1]});
    const auto high = geometry::to_point({bounds_[2], bounds_[3]});
    point = {std::clamp(point.x, low.x, high.x), std::clamp(point.y, low.y, high.y)};
    if (triangle_holding(point) != UINT32_MAX) return point;
    // The closest point of the boundary, then a few grid steps into free space if rounding
    // left it just outside.
    double best = std::numeric_limits<double>::infinity();
    Point2 closest = point;
    Inward inward;
    for (const MeshEdge& edge : boundary_edges_) {
        const double ex = static_cast<double>(edge.to.x) - edge.from.x;
        const double ey = static_cast<double>(edge.to.y) - edge.from.y;
        const double length_squared = ex * ex + ey * ey;
        if (length_squared <= 0) continue;
        const double along = std::clamp(((static_cast<double>(point.x) - edge.from.x) * ex +
                                         (static_cast<double>(point.y) - edge.from.y) * ey) /
                                            length_squared,
                                        0.0, 1.0);
        const double x = edge.from.x + along * ex, y = edge.from.y + along * ey;
        const double distance = std::hypot(x - point.x, y - point.y);
        if (distance < best) {
            best = distance;
            closest = {static_cast<float>(x), static_cast<float>(y)};
            const double size = std::sqrt(length_squared);
            inward = {-ey / size, ex / size};
        }
    }
    for (int step = 0; step <= 64; ++step) {
        const double nudge = step / geometry::fixed_scale;
        const Point2 candidate{static_cast<float>(closest.x + inward.x * nudge),
                               static_cast<float>(closest.y + inward.y * nudge)};
        if (triangle_holding(candidate) != UINT32_MAX) return candidate;
    }
    // Rounding defeated the nudge (huge coordinates): the nearest triangle centroid instead.
    best = std::numeric_limits<double>::infinity();
    for (const MeshTriangle& triangle : triangles()) {
        const Point2 centroid{(triangle[0].x + triangle[1].x + triangle[2].x) / 3,
                              (triangle[0].y + triangle[1].y + triangle[2].y) / 3};
        const double distance = std::hypot(centroid.x - point.x, centroid.y - point.y);
        if (distance < best) best = distance, closest = centroid;
    }
    return closest;
}

}  // namespace pathkit
