// Optimal navmesh queries: Polyanya (Cui, Harabor and Grastien, IJCAI 2017), an any-angle
// search over intervals of the triangles' edges that finds the exact Euclidean shortest path.
//
// A search node is a root (the start, or a corner of free space where the path last turned)
// and an interval of an edge seen from it; its successors are the parts of the next triangle's
// far edges seen through the interval (same root) and, where the interval ends at a corner of
// free space, the parts hidden behind that corner (the corner becomes the root). f = g + the
// shortest way from the root through the interval to the goal, so the first node popped in a
// triangle holding the goal gives the shortest path. Nodes are made during the search and have
// no dense ids, so this search keeps its own heap instead of running the engine over states;
// the per-root best costs ("root-level pruning") play the part of the engine's closed list.
#include <algorithm>
#include <cmath>

#include "exact_predicates.hpp"
#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;

struct Vec {
    double x = 0, y = 0;
};
Vec operator-(Vec a, Vec b) {
    return {a.x - b.x, a.y - b.y};
}
Vec operator+(Vec a, Vec b) {
    return {a.x + b.x, a.y + b.y};
}
Vec operator*(Vec a, double s) {
    return {a.x * s, a.y * s};
}
double cross(Vec a, Vec b) {
    return a.x * b.y - a.y * b.x;
}
// > 0 when c is left of a -> b.
double turn(Vec a, Vec b, Vec c) {
    return cross(b - a, c - a);
}
double distance(Vec a, Vec b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

// Where the line from `origin` through `through` meets the edge a -> b, as a fraction of the
// way from a to b, kept in [0, 1].
double ray_meets_edge(Vec origin, Vec through, Vec a, Vec b) {
    const Vec direction = through - origin;
    const double denominator = cross(direction, b - a);
    if (denominator == 0) return 0;
    return std::clamp(cross(a - origin, direction) / denominator, 0.0, 1.0);
}

// The point a fraction `t` of the way from a to b: exactly a or b at 0 and 1.
Vec along(Vec a, Vec b, double t) {
    return t == 0 ? a : t == 1 ? b : a + (b - a) * t;
}

// The mirror image of `point` in the line through a and b.
Vec mirrored(Vec point, Vec a, Vec b) {
    const Vec line = b - a;
    const double along =
        ((point.x - a.x) * line.x + (point.y - a.y) * line.y) / (line.x * line.x + line.y * line.y);
    const Vec foot = a + line * along;
    return foot + (foot - point);
}

// How the shortest way from `root` through the interval right..left reaches `target`: straight
// (the target is in the cone), or turning at the right or the left end.
enum class Way { Straight, ByRight, ByLeft };

Way way_through(Vec root, Vec right, Vec left, Vec target, bool root_on_interval_line) {
    if (root_on_interval_line) return Way::Straight;
    if (turn(root, right, target) < 0) return Way::ByRight;
    if (turn(root, left, target) > 0) return Way::ByLeft;
    return Way::Straight;
}

// The length of the shortest way from `root` through the interval to `target` (mirrored to
// the far side of the interval when it lies on the root's side).
double length_through(Vec root, Vec right, Vec left, Vec target, bool root_on_interval_line) {
    if (!root_on_interval_line && turn(right, left, root) * turn(right, left, target) > 0)
        target = mirrored(target, right, left);
    switch (way_through(root, right, left, target, root_on_interval_line)) {
        case Way::ByRight:
            return distance(root, right) + distance(right, target);
        case Way::ByLeft:
            return distance(root, left) + distance(left, target);
        case Way::Straight:
            break;
    }
    return distance(root, target);
}

Vec as_vec(Point2 point) {
    return {point.x, point.y};
}
Point2 as_point(Vec v) {
    return {static_cast<float>(v.x), static_cast<float>(v.y)};
}
}  // namespace

PlanePath NavMesh::find_shortest_path(Point2 from, Point2 to, std::uint32_t start_triangle,
                                      std::uint32_t goal_triangle, PlaneQueryContext& context,
                                      const SearchOptions& options) const {
    using Node = PlaneQueryContext::IntervalNode;
    PlanePath result;
    result.stats.method = "polyanya";
    const auto corner_of = [&](std::uint32_t vertex) {
        return Vec{static_cast<double>(vertices_[vertex][0]) / geometry::fixed_scale,
                   static_cast<double>(vertices_[vertex][1]) / geometry::fixed_scale};
    };
    const std::vector<std::uint32_t> goal_triangles = triangles_holding(to, goal_triangle);
    // The search runs between the ends as placed on the fixed grid, where the mesh located
    // them (a point as given may lie a rounding step outside its triangle, on the far side of
    // an edge it would look through); lengths use the points as given, as the visibility
    // graph's do.
    const auto on_grid = [](Point2 point) {
        const geometry::FixedPoint fixed = geometry::to_fixed(point);
        return Vec{static_cast<double>(fixed.x) / geometry::fixed_scale,
                   static_cast<double>(fixed.y) / geometry::fixed_scale};
    };
    const Vec start = on_grid(from), goal = on_grid(to);

    auto& nodes = context.interval_nodes_;
    auto& open = context.interval_open_;
    nodes.clear();
    open.clear();
    if (context.root_costs_.size() < vertices_.size()) {
        context.root_costs_.resize(vertices_.size());
        context.root_stamps_.resize(vertices_.size(), 0);
    }
    if (++context.root_stamp_ == 0) {
        std::fill(context.root_stamps_.begin(), context.root_stamps_.end(), 0);
        context.root_stamp_ = 1;
    }
    const auto heap_order = [](const std::pair<double, std::uint32_t>& a,
                               const std::pair<double, std::uint32_t>& b) {
        return a.first > b.first || (a.first == b.first && a.second > b.second);
    };
    // Root-level pruning: a path that turns at `vertex` after costing more than a path already
    // queued to turn there is never needed. Equal costs are kept, since two ways of the same
    // cost may turn there to different sides; a cost is recorded only once nodes were queued.
    const auto beaten_at_root = [&](std::uint32_t vertex, double g) {
        return context.root_stamps_[vertex] == context.root_stamp_ &&
               context.root_costs_[vertex] * (1 + 1e-12) < g;
    };
    const auto record_root = [&](std::uint32_t vertex, double g) {
        if (context.root_stamps_[vertex] != context.root_stamp_ || g < context.root_costs_[vertex])
            context.root_costs_[vertex] = g;
        context.root_stamps_[vertex] = context.root_stamp_;
    };
    // Queues the node for the interval right..left of `edge` of `triangle`, looking from the
    // triangle's inside out, into the neighbour across it; false when there is none (free
    // space ends there) or the interval is a single point.
    const auto push = [&](std::uint32_t parent, Vec root, std::uint32_t root_vertex, double g,
                          std::uint32_t triangle, int edge, Vec right, Vec left,
                          bool right_is_corner, bool left_is_corner) {
        const std::uint32_t next = triangle_neighbours_[triangle][edge];
        if (next == none) return false;  // free space ends here
        if (right.x == left.x && right.y == left.y) return false;
        int entry = 0;
        while (entry < 3 && triangle_neighbours_[next][entry] != triangle)
            ++entry;
        if (entry == 3) return false;
        const std::uint32_t right_vertex = triangle_corners_[triangle][(edge + 1) % 3];
        const std::uint32_t left_vertex = triangle_corners_[triangle][(edge + 2) % 3];
        const bool on_line =
            root_vertex != none && (root_vertex == right_vertex || root_vertex == left_vertex);
        Node node{root.x,          root.y,        right.x, right.y,
                  left.x,          left.y,        g,       0,
                  root_vertex,     next,          parent,  static_cast<std::uint8_t>(entry),
                  right_is_corner, left_is_corner};
        node.f = g + length_through(root, right, left, goal, on_line);
        ++result.stats.generated;
        ++result.stats.heap_pushes;
        nodes.push_back(node);
        open.emplace_back(node.f, static_cast<std::uint32_t>(nodes.size() - 1));
        std::push_heap(open.begin(), open.end(), heap_order);
        return true;
    };

    const std::vector<std::uint32_t> start_triangles = triangles_holding(from, start_triangle);
    for (const std::uint32_t triangle : start_triangles) {
        // One triangle holds both ends (one lies on an edge, so each end was located in a
        // different triangle): the straight line. No node would ever enter that triangle.
        if (std::find(goal_triangles.begin(), goal_triangles.end(), triangle) ==
            goal_triangles.end())
            continue;
        result.status = SearchStatus::Found;
        result.path = {from, to};
        result.cost = static_cast<Cost>(distance(as_vec(from), as_vec(to)));
        return result;
    }
    for (const std::uint32_t triangle : start_triangles) {
        const geometry::FixedPoint fixed = geometry::to_fixed(from);
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t a = triangle_corners_[triangle][(edge + 1) % 3];
            const std::uint32_t b = triangle_corners_[triangle][(edge + 2) % 3];
            if (geometry::cross({vertices_[a][0], vertices_[a][1]},
                                {vertices_[b][0], vertices_[b][1]}, fixed) <= 0)
                continue;  // the start lies on this edge
            push(none, start, none, 0, triangle, edge, corner_of(a), corner_of(b), true, true);
        }
    }

    while (!open.empty()) {
        std::pop_heap(open.begin(), open.end(), heap_order);
        const std::uint32_t index = open.back().second;
        open.pop_back();
        ++result.stats.heap_pops;
        const Node node = nodes[index];
        const Vec root{node.root_x, node.root_y}, right{node.right_x, node.right_y},
            left{node.left_x, node.left_y};
        const auto& corners = triangle_corners_[node.triangle];
        const std::uint32_t opposite = corners[node.edge];
        const std::uint32_t left_end = corners[(node.edge + 1) % 3];
        const std::uint32_t right_end = corners[(node.edge + 2) % 3];
        const bool on_line = node.root_vertex != none &&
                             (node.root_vertex == left_end || node.root_vertex == right_end);

        if (std::find(goal_triangles.begin(), goal_triangles.end(), node.triangle) !=
            goal_triangles.end()) {
            // The turns, from the goal back (the start's node has the start as its root).
            std::vector<Vec> turns;
            const Way way = way_through(root, right, left, goal, on_line);
            if (way == Way::ByRight) turns.push_back(right);
            if (way == Way::ByLeft) turns.push_back(left);
            for (std::uint32_t at = index; nodes[at].parent != none; at = nodes[at].parent) {
                const Vec turn_point{nodes[at].root_x, nodes[at].root_y};
                if (turns.empty() || turns.back().x != turn_point.x ||
                    turns.back().y != turn_point.y)
                    turns.push_back(turn_point);
            }
            if (!turns.empty() && turns.back().x == start.x && turns.back().y == start.y)
                turns.pop_back();  // a start on a corner
            Vec previous = as_vec(from);
            double length = 0;
            result.path.assign(1, from);
            for (auto at = turns.rbegin(); at != turns.rend(); ++at) {
                length += distance(previous, *at);
                previous = *at;
                result.path.push_back(as_point(*at));
            }
            length += distance(previous, as_vec(to));
            if (!(result.path.back() == to)) result.path.push_back(to);
            result.status = SearchStatus::Found;
            result.cost = static_cast<Cost>(length);
            return result;
        }
        if (result.stats.expanded >= options.max_expansions) {
            result.status = SearchStatus::BudgetExhausted;
            result.message = "the expansion budget ran out before the goal was reached";
            return result;
        }
        ++result.stats.expanded;

        const Vec p_left = corner_of(left_end), p_right = corner_of(right_end),
                  p_opposite = corner_of(opposite);
        // The far edges: right_end -> opposite is edge (edge + 1), opposite -> left_end is
        // edge (edge + 2), each looked at from inside with its right end first.
        const int right_edge = (node.edge + 1) % 3, left_edge = (node.edge + 2) % 3;
        if (on_line) {  // the root is a corner of this triangle: all of it is in view
            push(index, root, node.root_vertex, node.g, node.triangle, right_edge, p_right,
                 p_opposite, true, true);
            push(index, root, node.root_vertex, node.g, node.triangle, left_edge, p_opposite,
                 p_left, true, true);
            continue;
        }
        // The parts of this triangle hidden behind an end of the interval that is a corner of
        // free space: a path may turn there. Each call queues them from that corner as root.
        const auto turn_at = [&](bool is_corner, std::uint32_t vertex, Vec at, auto&& queue) {
            if (!is_corner || !vertex_on_boundary_[vertex]) return;
            const double g = node.g + distance(root, at);
            if (beaten_at_root(vertex, g)) return;
            if (queue(g)) record_root(vertex, g);
        };
        // Where the rays from the root through the interval's ends leave the triangle, as
        // fractions along a far edge. A ray through a corner meets the edges there exactly:
        // computed, it may miss by a rounding error, and a corner missed is a turn never made.
        // The ends of the interval are often computed points, so a ray meant to run exactly
        // through the opposite corner (corners in a row) may miss it by a rounding error:
        // within a billionth of a radian it runs through it.
        const auto seen_from = [&](Vec through) {
            const double side = turn(root, through, p_opposite);
            const Vec a = through - root, b = p_opposite - root;
            const bool in_line =
                side * side <= 1e-18 * (a.x * a.x + a.y * a.y) * (b.x * b.x + b.y * b.y);
            return in_line ? 0.0 : side;
        };
        const double opposite_from_right = seen_from(right);
        const double opposite_from_left = seen_from(left);
        if (opposite_from_right >= 0 && opposite_from_left <= 0) {  // the opposite corner in view
            const double r = opposite_from_right == 0 ? 1
                             : node.right_is_corner
                                 ? 0
                                 : ray_meets_edge(root, right, p_right, p_opposite);
            const double l = opposite_from_left == 0 ? 0
                             : node.left_is_corner   ? 1
                                                   : ray_meets_edge(root, left, p_opposite, p_left);
            const Vec seen_right = along(p_right, p_opposite, r);
            const Vec seen_left = along(p_opposite, p_left, l);
            push(index, root, node.root_vertex, node.g, node.triangle, right_edge, seen_right,
                 p_opposite, r == 0, true);
            push(index, root, node.root_vertex, node.g, node.triangle, left_edge, p_opposite,
                 seen_left, true, l == 1);
            if (r > 0)
                turn_at(node.right_is_corner, right_end, p_right, [&](double g) {
                    return push(index, p_right, right_end, g, node.triangle, right_edge, p_right,
                                seen_right, true, r == 1);
                });
            if (l < 1)
                turn_at(node.left_is_corner, left_end, p_left, [&](double g) {
                    return push(index, p_left, left_end, g, node.triangle, left_edge, seen_left,
                                p_left, l == 0, true);
                });
        } else if (opposite_from_right < 0) {  // both rays meet the left far edge
            const double r = ray_meets_edge(root, right, p_opposite, p_left);
            const double l =
                node.left_is_corner ? 1 : ray_meets_edge(root, left, p_opposite, p_left);
            const Vec seen_right = along(p_opposite, p_left, r);
            const Vec seen_left = along(p_opposite, p_left, l);
            push(index, root, node.root_vertex, node.g, node.triangle, left_edge, seen_right,
                 seen_left, r == 0, l == 1);
            turn_at(node.right_is_corner, right_end, p_right, [&](double g) {
                const bool near = push(index, p_right, right_end, g, node.triangle, right_edge,
                                       p_right, p_opposite, true, true);
                const bool far = push(index, p_right, right_end, g, node.triangle, left_edge,
                                      p_opposite, seen_right, true, r == 1);
                return near || far;
            });
        } else {  // both rays meet the right far edge
            const double r =
                node.right_is_corner ? 0 : ray_meets_edge(root, right, p_right, p_opposite);
            const double l = ray_meets_edge(root, left, p_right, p_opposite);
            const Vec seen_right = along(p_right, p_opposite, r);
            const Vec seen_left = along(p_right, p_opposite, l);
            push(index, root, node.root_vertex, node.g, node.triangle, right_edge, seen_right,
                 seen_left, r == 0, l == 1);
            turn_at(node.left_is_corner, left_end, p_left, [&](double g) {
                const bool far = push(index, p_left, left_end, g, node.triangle, right_edge,
                                      seen_left, p_opposite, l == 0, true);
                const bool near = push(index, p_left, left_end, g, node.triangle, left_edge,
                                       p_opposite, p_left, true, true);
                return far || near;
            });
        }
    }
    result.status = SearchStatus::NoPath;
    result.message = "no way through free space leads from the start to the goal";
    return result;
}

}  // namespace pathkit
