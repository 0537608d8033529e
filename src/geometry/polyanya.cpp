// Optimal navmesh queries: Polyanya (Cui, Harabor and Grastien, IJCAI 2017), an any-angle
// search over intervals of the triangles' edges that finds the exact Euclidean shortest path.
//
// A search node is a root (the start, or a corner of free space where the path last turned)
// and an interval of an edge seen from it; its successors are the parts of the next triangle's
// far edges seen through the interval (same root) and, where the interval ends at a corner of
// free space, the parts hidden behind that corner (the corner becomes the root). Nodes are
// made as the search goes, so they are a keyed space for the one engine (find_keyed_path):
// f = g + the shortest way from the root through the interval to the goal, and the first node
// popped in a triangle holding the goal, which it reaches straight or round a corner, ends the
// shortest path. The per-root best costs ("root-level pruning") keep a corner from being
// turned at again by a longer way.
//
// Every turn decision is exact: an interval's end is either a mesh corner or the point where a
// ray from the root meets the edge, kept as that ray (a direction between two grid points: the
// root, or the corner the ray last passed, and a corner), so "does the ray pass left of, right
// of or through this corner" is a cross product on the grid. The points where rays meet edges
// are computed only for lengths (the f values).
#include <algorithm>
#include <cmath>

#include "pathkit/geometry/nav_mesh.hpp"
#include "polyanya_search.hpp"

namespace pathkit {

PlanePath NavMesh::find_shortest_path(Point2 from, Point2 to, std::uint32_t start_triangle,
                                      std::uint32_t goal_triangle, PlaneQueryContext& context,
                                      const SearchOptions& options) const {
    if (!context.polyanya_) context.polyanya_ = std::make_unique<geometry::PolyanyaScratch>();
    const geometry::MeshView mesh{vertices_, triangle_corners_, triangle_neighbours_,
                                  vertex_on_boundary_};
    const std::vector<std::uint32_t> starts = triangles_holding(from, start_triangle);
    const std::vector<std::uint32_t> goals = triangles_holding(to, goal_triangle);
    return geometry::PolyanyaSearch(mesh, *context.polyanya_, from, to, starts, goals).run(options);
}

namespace geometry {

namespace {
constexpr std::uint32_t none = UINT32_MAX;

double length(std::array<double, 2> a, std::array<double, 2> b) {
    const double dx = a[0] - b[0], dy = a[1] - b[1];
    return std::sqrt(dx * dx + dy * dy);  // no overflow within the coordinate range
}
std::array<double, 2> world(FixedPoint point) {
    return {static_cast<double>(point.x) / fixed_scale, static_cast<double>(point.y) / fixed_scale};
}
// > 0 when c is left of a -> b; for the estimate only (see estimate()).
double turn(std::array<double, 2> a, std::array<double, 2> b, std::array<double, 2> c) {
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}
}  // namespace

PolyanyaSearch::PolyanyaSearch(const MeshView& mesh, PolyanyaScratch& scratch, Point2 from,
                               Point2 to, std::span<const std::uint32_t> start_triangles,
                               std::span<const std::uint32_t> goal_triangles)
    : mesh_(mesh),
      scratch_(scratch),
      from_(from),
      to_(to),
      start_(to_fixed(from)),
      goal_(to_fixed(to)),
      goal_world_(world(goal_)),
      start_triangles_(start_triangles),
      goal_triangles_(goal_triangles) {
    result_.stats.method = "polyanya";
}

bool PolyanyaSearch::holds_goal(std::uint32_t triangle) const {
    return std::find(goal_triangles_.begin(), goal_triangles_.end(), triangle) !=
           goal_triangles_.end();
}

// The search as a keyed space of the engine: key 0 is the start (its successors are the nodes
// looking out of the start's triangles), key n + 1 is node n; a step costs the length from the
// parent's root to the child's (0 when the root stays), the heuristic is f - g, and a node in a
// triangle holding the goal is a goal when it reaches it straight or round a corner.
class PolyanyaSearch::Space {
  public:
    explicit Space(PolyanyaSearch& search) : search_(search) {}

    template <class Visit>
    void for_each_successor(StateKey key, Visit&& visit) const {
        auto& nodes = search_.scratch_.nodes;
        if (key == start) search_.begin_run();  // the engine may run again with more room
        const std::size_t first = nodes.size();
        double g = 0;
        if (key == start) {
            search_.push_start_nodes();
        } else {
            g = nodes[key - 1].g;
            search_.expand(static_cast<std::uint32_t>(key - 1));
        }
        for (std::size_t at = first; at < nodes.size(); ++at)
            visit(at + 1, static_cast<Cost>(nodes[at].g - g));
    }
    [[nodiscard]] Cost heuristic(StateKey key) const {
        if (key == start) return 0;
        const IntervalNode& node = search_.scratch_.nodes[key - 1];
        return static_cast<Cost>(node.f - node.g);
    }
    [[nodiscard]] bool is_goal(StateKey key) const {
        if (key == start) return false;
        const IntervalNode& node = search_.scratch_.nodes[key - 1];
        return search_.holds_goal(node.triangle) && search_.way_to_goal(node) != Way::Hidden;
    }

    static constexpr StateKey start = 0;

  private:
    PolyanyaSearch& search_;
};

PlanePath PolyanyaSearch::run(const SearchOptions& options) {
    // One triangle holds both ends (one lies on an edge, so each end was located in a
    // different triangle): the straight line. No node would ever enter that triangle.
    for (const std::uint32_t triangle : start_triangles_) {
        if (!holds_goal(triangle)) continue;
        result_.status = SearchStatus::Found;
        result_.path = {from_, to_};
        result_.cost = static_cast<Cost>(length({from_.x, from_.y}, {to_.x, to_.y}));
        return std::move(result_);
    }
    if (scratch_.root_costs.size() < mesh_.vertices.size()) {
        scratch_.root_costs.resize(mesh_.vertices.size());
        scratch_.root_stamps.resize(mesh_.vertices.size(), 0);
    }
    // Optimal A* whatever the options ask (another mode would lose the shortest path); the
    // start's own expansion is not counted against the budget.
    SearchOptions astar;
    astar.max_expansions = options.max_expansions == unlimited_expansions
                               ? unlimited_expansions
                               : options.max_expansions + 1;
    const Space space(*this);
    for (;;) {
        PathResult<StateKey> found = find_keyed_path(space, Space::start, scratch_.keyed, astar);
        const std::size_t capacity = scratch_.keyed.capacity();
        if (scratch_.nodes.size() + 1 > capacity && capacity < PolyanyaScratch::max_capacity) {
            // The nodes outgrew the pool: again with twice the room (kept for later queries).
            scratch_.keyed = KeyedSearchContext(2 * capacity);
            continue;
        }
        result_.stats = found.stats;
        --result_.stats.expanded;  // the start
        --result_.stats.heap_pushes;
        --result_.stats.heap_pops;
        result_.stats.method = "polyanya";
        if (found.status == SearchStatus::Found)
            return path_through(static_cast<std::uint32_t>(found.path.back() - 1));
        result_.status = found.status;
        result_.message =
            found.status == SearchStatus::NoPath
                ? "no way through free space leads from the start to the goal"
            : found.status == SearchStatus::BudgetExhausted && scratch_.nodes.size() + 1 <= capacity
                ? "the expansion budget ran out before the goal was reached"
                : found.message;
        return std::move(result_);
    }
}

void PolyanyaSearch::begin_run() {
    scratch_.nodes.clear();
    if (++scratch_.root_stamp == 0) {
        std::fill(scratch_.root_stamps.begin(), scratch_.root_stamps.end(), 0);
        scratch_.root_stamp = 1;
    }
}

void PolyanyaSearch::push_start_nodes() {
    for (const std::uint32_t triangle : start_triangles_) {
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t right = mesh_.corners[triangle][(edge + 1) % 3];
            const std::uint32_t left = mesh_.corners[triangle][(edge + 2) % 3];
            if (orientation(corner(right), corner(left), start_) <= 0)
                continue;  // the start is on it
            push(none, start_, none, 0,
                 {triangle, edge, corner_end(start_, right), corner_end(start_, left)});
        }
    }
}

bool PolyanyaSearch::push(std::uint32_t parent, FixedPoint root, std::uint32_t root_vertex,
                          double g, const Interval& interval) {
    const std::uint32_t next = mesh_.neighbours[interval.triangle][interval.edge];
    if (next == none) return false;  // free space ends here
    const IntervalEnd &right = interval.right, &left = interval.left;
    if (right.is_corner && left.is_corner
            ? right.ray == left.ray
            : !right.is_corner && !left.is_corner && orientation(right.ray, left.ray) == 0 &&
                  dot(right.ray, left.ray) > 0)
        return false;  // a single point (the end of a ray through a corner is that corner)
    int entry = 0;
    while (entry < 3 && mesh_.neighbours[next][entry] != interval.triangle)
        ++entry;
    if (entry == 3) return false;
    IntervalNode node{root,
                      right.ray,
                      left.ray,
                      g,
                      0,
                      root_vertex,
                      next,
                      parent,
                      static_cast<std::uint8_t>(entry),
                      right.is_corner,
                      left.is_corner};
    node.f = g + estimate(node, mesh_.corners[interval.triangle][(interval.edge + 1) % 3],
                          mesh_.corners[interval.triangle][(interval.edge + 2) % 3]);
    scratch_.nodes.push_back(node);
    return true;
}

std::array<double, 2> PolyanyaSearch::position(FixedPoint root, const IntervalEnd& end,
                                               std::uint32_t a, std::uint32_t b) const {
    if (end.is_corner) return world(root + end.ray);
    const std::array<double, 2> from = world(corner(a)), to = world(corner(b));
    const double t = std::clamp(crossing_fraction(root, end.ray, corner(a), corner(b)), 0.0, 1.0);
    return {from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t};
}

// The estimate is a length, continuous where it changes form (a target on the ray through an
// end is as far straight as by that end), so the branches for the goal's mirror image (off the
// grid) may be chosen in floating point; for the goal itself they are the exact tests.
double PolyanyaSearch::estimate(const IntervalNode& node, std::uint32_t right_vertex,
                                std::uint32_t left_vertex) const {
    const std::array<double, 2> root = world(node.root);
    if (node.root_vertex == right_vertex || node.root_vertex == left_vertex)
        return length(root, goal_world_);  // the root is a corner of the next triangle
    const FixedPoint a = corner(right_vertex), b = corner(left_vertex);
    const auto by = [&](const IntervalEnd& end,
                        std::array<double, 2> target) PATHKIT_ALWAYS_INLINE_LAMBDA {
        const std::array<double, 2> at = position(node.root, end, right_vertex, left_vertex);
        return length(root, at) + length(at, target);
    };
    if (orientation(a, b, node.root) * orientation(a, b, goal_) <= 0) {
        const std::array<double, 2> goal = goal_world_;
        if (side_of(node.root, node.right_ray, goal_) < 0) return by(node.right(), goal);
        if (side_of(node.root, node.left_ray, goal_) > 0) return by(node.left(), goal);
        return length(root, goal);
    }
    const std::array<double, 2> right =
        position(node.root, node.right(), right_vertex, left_vertex);
    const std::array<double, 2> left = position(node.root, node.left(), right_vertex, left_vertex);
    // The goal on the root's side of the interval: its mirror image in the edge's line.
    const std::array<double, 2> goal = goal_world_, base = world(a);
    const std::array<double, 2> line{static_cast<double>(b.x - a.x) / fixed_scale,
                                     static_cast<double>(b.y - a.y) / fixed_scale};
    const double along = ((goal[0] - base[0]) * line[0] + (goal[1] - base[1]) * line[1]) /
                         (line[0] * line[0] + line[1] * line[1]);
    const std::array<double, 2> foot{base[0] + line[0] * along, base[1] + line[1] * along};
    const std::array<double, 2> mirror{2 * foot[0] - goal[0], 2 * foot[1] - goal[1]};
    if (turn(root, right, mirror) < 0) return length(root, right) + length(right, mirror);
    if (turn(root, left, mirror) > 0) return length(root, left) + length(left, mirror);
    return length(root, mirror);
}

void PolyanyaSearch::turn_at(std::uint32_t index, std::uint32_t vertex,
                             std::initializer_list<Interval> intervals) {
    if (!mesh_.on_boundary[vertex]) return;
    const double g =
        scratch_.nodes[index].g + length(world(scratch_.nodes[index].root), world(corner(vertex)));
    // A path that turns at `vertex` after costing more than a path already queued to turn
    // there is never needed. Equal costs are kept, since two ways of the same cost may turn
    // there to different sides; sums of square roots that are equal may differ in their last
    // bits, so a cost counts as more only past that rounding.
    auto& cost = scratch_.root_costs[vertex];
    auto& stamp = scratch_.root_stamps[vertex];
    const bool recorded = stamp == scratch_.root_stamp;
    if (recorded && cost * (1 + 1e-12) < g) return;
    bool queued = false;
    for (const Interval& interval : intervals)
        queued = push(index, corner(vertex), vertex, g, interval) || queued;
    if (!queued) return;
    if (!recorded || g < cost) cost = g;
    stamp = scratch_.root_stamp;
}

void PolyanyaSearch::expand(std::uint32_t index) {
    const IntervalNode node = scratch_.nodes[index];
    const auto& corners = mesh_.corners[node.triangle];
    const std::uint32_t opposite = corners[node.edge];
    const std::uint32_t left_end = corners[(node.edge + 1) % 3];
    const std::uint32_t right_end = corners[(node.edge + 2) % 3];
    // The far edges, each looked at from inside with its right end first: right_end ->
    // opposite is edge (edge + 1), opposite -> left_end is edge (edge + 2).
    const int right_edge = (node.edge + 1) % 3, left_edge = (node.edge + 2) % 3;
    const FixedPoint root = node.root;
    const IntervalEnd right = node.right(), left = node.left();
    const auto same_root = [&](int edge, const IntervalEnd& seen_right,
                               const IntervalEnd& seen_left) {
        push(index, root, node.root_vertex, node.g, {node.triangle, edge, seen_right, seen_left});
    };
    if (node.root_vertex == left_end || node.root_vertex == right_end) {
        // The root is a corner of this triangle: all of it is in view.
        same_root(right_edge, corner_end(root, right_end), corner_end(root, opposite));
        same_root(left_edge, corner_end(root, opposite), corner_end(root, left_end));
        return;
    }
    // Where a ray through an end of the interval meets a far edge: strictly inside it, unless
    // the root is in line with the interval's edge (seen edge-on: the rays run along that edge
    // and meet each far edge at its corner on the line). The other end of that far edge, the
    // opposite corner, lies off the ray, as the tests below show.
    const bool edge_on = orientation(corner(right_end), corner(left_end), root) == 0;
    const auto end_on = [&](FixedPoint from, Direction ray, std::uint32_t vertex) {
        return edge_on ? corner_end(from, vertex) : IntervalEnd{ray, false};
    };
    // Where the opposite corner lies from the rays through the interval's ends.
    const int from_right = side_of(root, right.ray, corner(opposite));
    const int from_left = side_of(root, left.ray, corner(opposite));
    if (from_right >= 0 && from_left <= 0) {  // the opposite corner in view
        if (from_right > 0)
            same_root(right_edge, right.is_corner ? right : end_on(root, right.ray, right_end),
                      corner_end(root, opposite));
        if (from_left < 0)
            same_root(left_edge, corner_end(root, opposite),
                      left.is_corner ? left : end_on(root, left.ray, left_end));
        // A ray through the opposite corner along a far edge: beyond that edge lies hidden.
        const FixedPoint at_right = corner(right_end), at_left = corner(left_end);
        if (from_right == 0 && right.is_corner)
            turn_at(index, right_end,
                    {{node.triangle, right_edge, corner_end(at_right, right_end),
                      corner_end(at_right, opposite)}});
        if (from_left == 0 && left.is_corner)
            turn_at(index, left_end,
                    {{node.triangle, left_edge, corner_end(at_left, opposite),
                      corner_end(at_left, left_end)}});
    } else if (from_right < 0) {  // both rays meet the left far edge
        same_root(left_edge, end_on(root, right.ray, left_end),
                  left.is_corner ? left : end_on(root, left.ray, left_end));
        if (right.is_corner) {  // behind the right corner: all of the right far edge
            const FixedPoint at = corner(right_end);
            turn_at(
                index, right_end,
                {{node.triangle, right_edge, corner_end(at, right_end), corner_end(at, opposite)},
                 {node.triangle, left_edge, corner_end(at, opposite),
                  end_on(at, right.ray, left_end)}});
        }
    } else {  // both rays meet the right far edge
        same_root(right_edge, right.is_corner ? right : end_on(root, right.ray, right_end),
                  end_on(root, left.ray, right_end));
        if (left.is_corner) {  // behind the left corner: all of the left far edge
            const FixedPoint at = corner(left_end);
            turn_at(
                index, left_end,
                {{node.triangle, right_edge, end_on(at, left.ray, right_end),
                  corner_end(at, opposite)},
                 {node.triangle, left_edge, corner_end(at, opposite), corner_end(at, left_end)}});
        }
    }
}

PolyanyaSearch::Way PolyanyaSearch::way_to_goal(const IntervalNode& node) const {
    const auto& corners = mesh_.corners[node.triangle];
    if (node.root_vertex == corners[(node.edge + 1) % 3] ||
        node.root_vertex == corners[(node.edge + 2) % 3])
        return Way::Straight;  // the root is a corner of the goal's triangle
    if (side_of(node.root, node.right_ray, goal_) < 0)
        return node.right_is_corner ? Way::ByRight : Way::Hidden;
    if (side_of(node.root, node.left_ray, goal_) > 0)
        return node.left_is_corner ? Way::ByLeft : Way::Hidden;
    return Way::Straight;
}

PlanePath PolyanyaSearch::path_through(std::uint32_t index) {
    const auto& nodes = scratch_.nodes;
    const IntervalNode& last = nodes[index];
    // The turns, from the goal back (the start's node has the start as its root).
    std::vector<std::array<double, 2>> turns;
    const Way way = way_to_goal(last);
    if (way == Way::ByRight) turns.push_back(world(last.root + last.right_ray));
    if (way == Way::ByLeft) turns.push_back(world(last.root + last.left_ray));
    for (std::uint32_t at = index; nodes[at].parent != none; at = nodes[at].parent) {
        const std::array<double, 2> turn_point = world(nodes[at].root);
        if (turns.empty() || turns.back() != turn_point) turns.push_back(turn_point);
    }
    if (!turns.empty() && turns.back() == world(start_)) turns.pop_back();  // a start on a corner
    std::array<double, 2> previous{from_.x, from_.y};
    double total = 0;
    result_.path.assign(1, from_);
    for (auto at = turns.rbegin(); at != turns.rend(); ++at) {
        total += length(previous, *at);
        previous = *at;
        result_.path.push_back({static_cast<float>((*at)[0]), static_cast<float>((*at)[1])});
    }
    total += length(previous, {to_.x, to_.y});
    if (!(result_.path.back() == to_)) result_.path.push_back(to_);
    result_.status = SearchStatus::Found;
    result_.cost = static_cast<Cost>(total);
    return std::move(result_);
}

}  // namespace geometry
}  // namespace pathkit
