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
#include <limits>

#include "mesh_links.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "polyanya_search.hpp"

namespace pathkit {

PlanePath NavMesh::find_shortest_path(Point2 from, Point2 to, std::uint32_t start_triangle,
                                      std::uint32_t goal_triangle, PlaneQueryContext& context,
                                      const SearchOptions& options) const {
    if (!context.polyanya_) context.polyanya_ = std::make_unique<geometry::PolyanyaScratch>();
    const geometry::MeshView mesh{vertices_, triangle_corners_, triangle_neighbours_,
                                  vertex_on_boundary_, link_index_.get()};
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
    if (mesh_.links && mesh_.links->total_saving > 0) {
        total_saving_ = mesh_.links->total_saving;
        // From each entrance: across its link, then straight to the goal or to another
        // entrance; Dijkstra backwards from the goal over the complete graph of the arcs.
        const auto& arcs = mesh_.links->arcs;
        const std::size_t count = arcs.size();
        rest_after_entrance_.resize(count);
        for (std::size_t arc = 0; arc < count; ++arc)
            rest_after_entrance_[arc] = arcs[arc].cost + length(world(arcs[arc].exit), goal_world_);
        std::vector<std::uint8_t> settled(count, 0);
        for (std::size_t round = 0; round < count; ++round) {
            std::size_t next = count;
            for (std::size_t arc = 0; arc < count; ++arc)
                if (!settled[arc] &&
                    (next == count || rest_after_entrance_[arc] < rest_after_entrance_[next]))
                    next = arc;
            settled[next] = 1;
            const std::array<double, 2> entrance = world(arcs[next].entrance);
            for (std::size_t arc = 0; arc < count; ++arc)
                if (!settled[arc])
                    rest_after_entrance_[arc] =
                        std::min(rest_after_entrance_[arc],
                                 arcs[arc].cost + length(world(arcs[arc].exit), entrance) +
                                     rest_after_entrance_[next]);
        }
    }
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
            search_.push_point_nodes(search_.start_, 0, search_.start_triangles_, none, none, 0);
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
        // With links an estimate may fall short of the rest of the way even in the goal's
        // triangle: there the path is a node of its own (`reaches_goal`), queued at its cost.
        if (search_.mesh_.links) return node.reaches_goal;
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
        if (!holds_goal(triangle) || mesh_.links) continue;  // a link might be shorter
        result_.status = SearchStatus::Found;
        result_.path = {from_, to_};
        result_.cost = static_cast<Cost>(length({from_.x, from_.y}, {to_.x, to_.y}));
        return std::move(result_);
    }
    if (scratch_.root_costs.size() < mesh_.vertices.size()) {
        scratch_.root_costs.resize(mesh_.vertices.size());
        scratch_.root_stamps.resize(mesh_.vertices.size(), 0);
    }
    if (mesh_.links && scratch_.arc_costs.size() < mesh_.links->arcs.size()) {
        scratch_.arc_costs.resize(mesh_.links->arcs.size());
        scratch_.arc_stamps.resize(mesh_.links->arcs.size(), 0);
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
    scratch_.anchors.clear();
    if (++scratch_.root_stamp == 0) {
        std::fill(scratch_.root_stamps.begin(), scratch_.root_stamps.end(), 0);
        std::fill(scratch_.arc_stamps.begin(), scratch_.arc_stamps.end(), 0);
        std::fill(scratch_.least_by_links_stamps.begin(), scratch_.least_by_links_stamps.end(), 0);
        scratch_.root_stamp = 1;
    }
}

void PolyanyaSearch::push_point_nodes(FixedPoint point, double g,
                                      std::span<const std::uint32_t> triangles,
                                      std::uint32_t parent, std::uint32_t via_arc,
                                      std::uint8_t arc_way) {
    const std::size_t first = scratch_.nodes.size();
    for (const std::uint32_t triangle : triangles) {
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t right = mesh_.corners[triangle][(edge + 1) % 3];
            const std::uint32_t left = mesh_.corners[triangle][(edge + 2) % 3];
            if (orientation(corner(right), corner(left), point) <= 0)
                continue;  // the point is on it
            push(parent, point, none, g,
                 {triangle, edge, corner_end(point, right), corner_end(point, left)});
        }
    }
    if (mesh_.links) {
        if (std::any_of(triangles.begin(), triangles.end(),
                        [&](std::uint32_t triangle) { return holds_goal(triangle); })) {
            IntervalNode straight{};
            straight.root = point;
            straight.g = g;
            straight.f = g + length(world(point), goal_world_);
            straight.parent = parent;
            straight.reaches_goal = true;
            scratch_.nodes.push_back(straight);
        }
    }
    for (std::size_t at = first; at < scratch_.nodes.size(); ++at) {
        scratch_.nodes[at].via_arc = via_arc;
        scratch_.nodes[at].arc_way = arc_way;
    }
    if (!mesh_.links) return;
    // Links whose entrances those triangles hold: reached straight from the point, which an
    // anchor stands for in the path.
    const auto& entrances = mesh_.links->entrances;
    std::vector<std::uint32_t> arcs;
    for (const std::uint32_t triangle : triangles) {
        if (!mesh_.links->holds_entrance[triangle]) continue;
        for (auto at = std::lower_bound(entrances.begin(), entrances.end(),
                                        std::pair{triangle, std::uint32_t{0}});
             at != entrances.end() && at->first == triangle; ++at)
            if (via_arc == none ||
                mesh_.links->arcs[at->second].link != mesh_.links->arcs[via_arc].link)
                arcs.push_back(at->second);  // never straight back over the link just crossed
    }
    if (arcs.empty()) return;
    std::sort(arcs.begin(), arcs.end());
    arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
    IntervalNode anchor{};
    anchor.root = point;
    anchor.g = g;
    anchor.parent = parent;
    anchor.via_arc = via_arc;
    anchor.arc_way = arc_way;
    const std::uint32_t anchor_number =
        PolyanyaScratch::anchor_flag | static_cast<std::uint32_t>(scratch_.anchors.size());
    scratch_.anchors.push_back(anchor);
    for (const std::uint32_t arc : arcs)
        cross_link(anchor_number, arc,
                   g + length(world(point), world(mesh_.links->arcs[arc].entrance)),
                   static_cast<std::uint8_t>(Way::Straight));
}

double PolyanyaSearch::least_by_links(FixedPoint root, std::uint32_t root_vertex) {
    const auto least = [&] {
        double best = std::numeric_limits<double>::infinity();
        const std::array<double, 2> from = world(root);
        const auto& arcs = mesh_.links->arcs;
        for (std::size_t arc = 0; arc < arcs.size(); ++arc)
            best =
                std::min(best, length(from, world(arcs[arc].entrance)) + rest_after_entrance_[arc]);
        return best;
    };
    if (root_vertex == none) return least();
    if (scratch_.least_by_links_stamps.size() < mesh_.vertices.size()) {
        scratch_.least_by_links.resize(mesh_.vertices.size());
        scratch_.least_by_links_stamps.resize(mesh_.vertices.size(), 0);
    }
    if (scratch_.least_by_links_stamps[root_vertex] != scratch_.root_stamp) {
        scratch_.least_by_links[root_vertex] = least();
        scratch_.least_by_links_stamps[root_vertex] = scratch_.root_stamp;
    }
    return scratch_.least_by_links[root_vertex];
}

void PolyanyaSearch::cross_link(std::uint32_t parent, std::uint32_t arc, double g,
                                std::uint8_t way) {
    const LinkArc& crossed = mesh_.links->arcs[arc];
    const double out = g + crossed.cost;
    double& cost = scratch_.arc_costs[arc];
    std::uint32_t& stamp = scratch_.arc_stamps[arc];
    if (stamp == scratch_.root_stamp && cost <= out) return;  // a way out as cheap is queued
    cost = out;
    stamp = scratch_.root_stamp;
    IntervalNode exit{};
    exit.root = crossed.exit;
    exit.g = out;
    exit.f = out + std::min(length(world(crossed.exit), goal_world_),
                            total_saving_ > 0 ? least_by_links(crossed.exit, none)
                                              : std::numeric_limits<double>::infinity());
    exit.triangle = mesh_.links->exit_triangles[crossed.exits_begin];
    exit.parent = parent;
    exit.via_arc = arc;
    exit.arc_way = way;
    exit.at_exit = true;
    scratch_.nodes.push_back(exit);
}

void PolyanyaSearch::leave_exit(std::uint32_t index) {
    const IntervalNode node = scratch_.nodes[index];
    if (scratch_.arc_costs[node.via_arc] < node.g) return;  // left since by a cheaper way
    const LinkArc& crossed = mesh_.links->arcs[node.via_arc];
    push_point_nodes(crossed.exit, node.g,
                     std::span<const std::uint32_t>(mesh_.links->exit_triangles)
                         .subspan(crossed.exits_begin, crossed.exits_end - crossed.exits_begin),
                     index, none, 0);
}

void PolyanyaSearch::cross_links_from(std::uint32_t index) {
    if (!mesh_.links || !mesh_.links->holds_entrance[scratch_.nodes[index].triangle]) return;
    const IntervalNode node = scratch_.nodes[index];
    const auto& entrances = mesh_.links->entrances;
    for (auto at = std::lower_bound(entrances.begin(), entrances.end(),
                                    std::pair{node.triangle, std::uint32_t{0}});
         at != entrances.end() && at->first == node.triangle; ++at) {
        const FixedPoint entrance = mesh_.links->arcs[at->second].entrance;
        const Way way = way_to(node, entrance);
        if (way == Way::Hidden) continue;  // the corner behind which it lies will reach it
        cross_link(index, at->second, node.g + length_by(node, way, entrance),
                   static_cast<std::uint8_t>(way));
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
    double h = estimate(node, mesh_.corners[interval.triangle][(interval.edge + 1) % 3],
                        mesh_.corners[interval.triangle][(interval.edge + 2) % 3]);
    // A way on that crosses links costs at least the least way to the goal through them.
    if (total_saving_ > 0) h = std::min(h, least_by_links(root, root_vertex));
    node.f = g + h;
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
    if (scratch_.nodes[index].reaches_goal) return;
    if (scratch_.nodes[index].at_exit) {
        leave_exit(index);
        return;
    }
    cross_links_from(index);
    if (mesh_.links && holds_goal(scratch_.nodes[index].triangle)) {
        const IntervalNode& node = scratch_.nodes[index];
        if (const Way way = way_to_goal(node); way != Way::Hidden) {
            IntervalNode done{};
            done.root = node.root;
            done.g = node.g;
            done.f = node.g + length_by(node, way, goal_);
            done.parent = index;
            done.reaches_goal = true;
            done.goal_way = static_cast<std::uint8_t>(way);
            scratch_.nodes.push_back(done);
        }
    }
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

PolyanyaSearch::Way PolyanyaSearch::way_to(const IntervalNode& node, FixedPoint target) const {
    const auto& corners = mesh_.corners[node.triangle];
    if (node.root_vertex == corners[(node.edge + 1) % 3] ||
        node.root_vertex == corners[(node.edge + 2) % 3])
        return Way::Straight;  // the root is a corner of the target's triangle
    if (side_of(node.root, node.right_ray, target) < 0)
        return node.right_is_corner ? Way::ByRight : Way::Hidden;
    if (side_of(node.root, node.left_ray, target) > 0)
        return node.left_is_corner ? Way::ByLeft : Way::Hidden;
    return Way::Straight;
}

double PolyanyaSearch::length_by(const IntervalNode& node, Way way, FixedPoint target) const {
    if (way == Way::Straight) return length(world(node.root), world(target));
    const FixedPoint turn = node.root + (way == Way::ByRight ? node.right_ray : node.left_ray);
    return length(world(node.root), world(turn)) + length(world(turn), world(target));
}

PlanePath PolyanyaSearch::path_through(std::uint32_t index) {
    // The turns, from the goal back (the start's nodes have the start as their root); a turn
    // may be a link's exit, reached across the link from the turn before it, its entrance.
    struct Turn {
        std::array<double, 2> at;
        std::uint32_t exit_of = none, entrance_of = none;  // link arcs
    };
    std::vector<Turn> turns;
    const auto add = [&](std::array<double, 2> point) {
        if (turns.empty() || turns.back().at != point) turns.push_back({point});
    };
    const IntervalNode& last = scratch_.nodes[index];
    const Way way = last.reaches_goal ? static_cast<Way>(last.goal_way) : way_to_goal(last);
    if (way == Way::ByRight || way == Way::ByLeft) {  // round a corner of the interval
        const IntervalNode& turning = last.reaches_goal ? record(last.parent) : last;
        add(world(turning.root + (way == Way::ByRight ? turning.right_ray : turning.left_ray)));
    }
    for (std::uint32_t at = index; at != none;) {
        const IntervalNode& node = record(at);
        if (node.parent == none && node.via_arc == none) break;  // its root is the start
        add(world(node.root));
        if (node.via_arc != none) {
            const LinkArc& arc = mesh_.links->arcs[node.via_arc];
            turns.back().exit_of = node.via_arc;
            add(world(arc.entrance));
            turns.back().entrance_of = node.via_arc;
            const auto to_entrance = static_cast<Way>(node.arc_way);
            if (to_entrance != Way::Straight) {  // round a corner of the parent's interval
                const IntervalNode& parent = record(node.parent);
                add(world(parent.root +
                          (to_entrance == Way::ByRight ? parent.right_ray : parent.left_ray)));
            }
        }
        at = node.parent;
    }
    if (!turns.empty() && turns.back().at == world(start_) && turns.back().exit_of == none &&
        turns.back().entrance_of == none)
        turns.pop_back();  // a start on a corner
    std::array<double, 2> previous{from_.x, from_.y};
    double total = 0;
    result_.path.assign(1, from_);
    for (auto at = turns.rbegin(); at != turns.rend(); ++at) {
        Point2 point{static_cast<float>(at->at[0]), static_cast<float>(at->at[1])};
        if (at->exit_of != none) {  // across a link from the point before
            const LinkArc& arc = mesh_.links->arcs[at->exit_of];
            total += arc.cost;
            point = arc.exit_point;
            result_.links.push_back({result_.path.size() - 1, LinkId(arc.link)});
        } else {
            total += length(previous, at->at);
            if (at->entrance_of != none) point = mesh_.links->arcs[at->entrance_of].entrance_point;
        }
        previous = at->at;
        if (!(point == result_.path.back()) || at->exit_of != none) result_.path.push_back(point);
    }
    total += length(previous, {to_.x, to_.y});
    if (!(result_.path.back() == to_)) result_.path.push_back(to_);
    result_.status = SearchStatus::Found;
    result_.cost = static_cast<Cost>(total);
    return std::move(result_);
}

}  // namespace geometry
}  // namespace pathkit
