// Polyanya (Cui, Harabor and Grastien, IJCAI 2017): the exact Euclidean shortest path through
// a triangle mesh, as a search over intervals of the triangles' edges.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "exact_predicates.hpp"
#include "mesh_links.hpp"
#include "pathkit/core/config.hpp"
#include "pathkit/geometry/plane_query.hpp"
#include "pathkit/search/keyed_search.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit::geometry {

/// The parts of a mesh the search reads: corners on the fixed grid, triangles (corners
/// counter-clockwise; across edge i, opposite corner i, the neighbour or UINT32_MAX), and which
/// corners lie where free space ends (the only places a shortest path turns).
struct MeshView {
    std::span<const std::array<std::int64_t, 2>> vertices;
    std::span<const std::array<std::uint32_t, 3>> corners;
    std::span<const std::array<std::uint32_t, 3>> neighbours;
    std::span<const std::uint8_t> on_boundary;
    const MeshLinks* links = nullptr;  // none when the mesh has no link in use
};

/// One end of an interval: the ray from the node's root through it and whether it is the
/// edge's own end (a corner of the mesh). Any other end lies strictly inside its edge, where
/// the ray meets it; it is never computed for a decision, only for lengths.
struct IntervalEnd {
    Direction ray;
    bool is_corner = false;
};

/// A search node: the points of an interval of `edge` of `triangle`, entered from outside,
/// reached straight from `root` (the start or a corner where the path last turned) after a
/// path of length `g` to the root; `right` and `left` as seen from the root.
struct IntervalNode {
    FixedPoint root;
    Direction right_ray, left_ray;
    double g = 0, f = 0;
    std::uint32_t root_vertex = UINT32_MAX;  // the mesh vertex at the root; none for the start
    std::uint32_t triangle = 0;
    std::uint32_t parent = UINT32_MAX;
    std::uint8_t edge = 0;
    bool right_is_corner = false, left_is_corner = false;
    // Links: a node whose root is a link's exit says which arc it crossed and how its parent
    // reached the entrance (a `Way`); the parent is the node whose triangle held the entrance
    // (none when the entrance lay in the start's triangle). A node that `reaches_goal` is no
    // interval but a whole path, made when links make estimates lower than the true rest: its
    // root (the start or an exit, or its parent's root, then by `goal_way`) goes to the goal.
    std::uint32_t via_arc = UINT32_MAX;
    std::uint8_t arc_way = 0;
    bool reaches_goal = false;
    std::uint8_t goal_way = 0;  // a `Way` round a corner of the parent's interval to the goal
    // A node standing for a link's exit reached (`via_arc`), queued like the others so that
    // exits are left in order of cost; expanding it pushes the nodes out of the exit.
    bool at_exit = false;

    [[nodiscard]] IntervalEnd right() const { return {right_ray, right_is_corner}; }
    [[nodiscard]] IntervalEnd left() const { return {left_ray, left_is_corner}; }
};

/// What a search writes, kept in the query's context from one query to the next: the nodes,
/// and the engine's records for them (a pool that starts at `first_capacity` nodes and doubles,
/// the search run again, whenever a query outgrows it).
struct PolyanyaScratch {
    static constexpr std::size_t first_capacity = 4096;
    static constexpr std::size_t max_capacity = std::size_t{1} << 31;

    std::vector<IntervalNode> nodes;
    KeyedSearchContext keyed{first_capacity};
    // Root-level pruning: per mesh vertex the cheapest path queued to turn there, by stamp.
    std::vector<double> root_costs;
    std::vector<std::uint32_t> root_stamps;
    std::uint32_t root_stamp = 0;
    // Per link arc the cheapest way queued out of its exit, by the same stamp.
    std::vector<double> arc_costs;
    std::vector<std::uint32_t> arc_stamps;
    // Records of points links were crossed from (the start, an exit) that no queued node
    // stands for; a parent number with `anchor_flag` set names one.
    static constexpr std::uint32_t anchor_flag = 0x80000000;
    std::vector<IntervalNode> anchors;
    // Per mesh vertex the least way on by links (`least_by_links`), by the same stamp.
    std::vector<double> least_by_links;
    std::vector<std::uint32_t> least_by_links_stamps;
};

/// One query: construct, then `run`. The start and goal are the points as given (the path's
/// ends and its length use them) and the triangles holding each (several on an edge or a
/// corner); the search itself runs between the points as placed on the fixed grid, where the
/// mesh located them, and every turn it decides is an exact predicate on that grid.
class PolyanyaSearch {
  public:
    PolyanyaSearch(const MeshView& mesh, PolyanyaScratch& scratch, Point2 from, Point2 to,
                   std::span<const std::uint32_t> start_triangles,
                   std::span<const std::uint32_t> goal_triangles);

    /// The shortest path, NoPath, or BudgetExhausted after `options.max_expansions` expansions
    /// (the rest of `options` is not read: the search is always the engine's optimal A*).
    [[nodiscard]] PlanePath run(const SearchOptions& options);

  private:
    class Space;

    /// The interval of `edge` of `triangle` (looking out of it) that a new node covers.
    struct Interval {
        std::uint32_t triangle;
        int edge;
        IntervalEnd right, left;
    };

    [[nodiscard]] FixedPoint corner(std::uint32_t vertex) const {
        return {mesh_.vertices[vertex][0], mesh_.vertices[vertex][1]};
    }
    [[nodiscard]] bool holds_goal(std::uint32_t triangle) const;

    /// Forgets the nodes and root costs of an earlier run (the engine's retry or this class's).
    void begin_run();
    /// The nodes looking out of the triangles holding `point` (the start, or a link's exit,
    /// reached at cost `g`) through each edge the point is not on; with links, also the node
    /// going straight to the goal where a triangle holds it, and the links whose entrances
    /// those triangles hold.
    void push_point_nodes(FixedPoint point, double g, std::span<const std::uint32_t> triangles,
                          std::uint32_t parent, std::uint32_t via_arc, std::uint8_t arc_way);
    /// Crosses link arc `arc`, whose entrance node `parent` reaches (or the start when none)
    /// at cost `g` by `way`: queues a node for its exit, unless a way out as cheap is queued.
    void cross_link(std::uint32_t parent, std::uint32_t arc, double g, std::uint8_t way);
    /// The nodes out of the exit that node `index` (`at_exit`) stands for, unless its arc was
    /// crossed more cheaply since.
    void leave_exit(std::uint32_t index);
    /// The links whose entrances lie in node `index`'s triangle, crossed where its root sees
    /// them through its interval or round one of its corners.
    void cross_links_from(std::uint32_t index);
    /// Queues the node for `interval` (entering the neighbour across it) from `root`; false
    /// when free space ends there or the interval is a single point.
    bool push(std::uint32_t parent, FixedPoint root, std::uint32_t root_vertex, double g,
              const Interval& interval);
    /// The successors of a node: what its root sees of the triangle beyond (observable, same
    /// root) and what lies hidden behind an end of the interval that is a corner of free space
    /// (non-observable, that corner the new root).
    void expand(std::uint32_t index);
    /// The successors of node `index` that turn at `vertex`, an end of its interval, given by
    /// `intervals` (`vertex` their root); none when `vertex` is not on the boundary or a path
    /// already queued to turn there is shorter.
    void turn_at(std::uint32_t index, std::uint32_t vertex,
                 std::initializer_list<Interval> intervals);
    [[nodiscard]] IntervalEnd corner_end(FixedPoint root, std::uint32_t vertex) const {
        return {corner(vertex) - root, true};
    }
    /// Where an end of an interval on the edge a -> b lies, in world units (for lengths).
    [[nodiscard]] PATHKIT_ALWAYS_INLINE std::array<double, 2> position(FixedPoint root,
                                                                       const IntervalEnd& end,
                                                                       std::uint32_t a,
                                                                       std::uint32_t b) const;
    /// f of a new node: g plus the shortest way from its root through the interval to the
    /// goal (mirrored across the edge when it lies on the root's side).
    [[nodiscard]] PATHKIT_ALWAYS_INLINE double estimate(const IntervalNode& node,
                                                        std::uint32_t right_vertex,
                                                        std::uint32_t left_vertex) const;
    /// How the shortest way from a node's root through its interval reaches the goal in the
    /// triangle beyond: straight, turning at the interval's right or left end where that end
    /// is a corner, or not at all (the goal lies beyond an end inside an edge: a path turning
    /// there is never shortest, and the path through the corner behind it is found instead).
    enum class Way : std::uint8_t { Straight, ByRight, ByLeft, Hidden };
    [[nodiscard]] Way way_to_goal(const IntervalNode& node) const { return way_to(node, goal_); }
    /// The same for any point in the node's triangle.
    [[nodiscard]] Way way_to(const IntervalNode& node, FixedPoint target) const;
    /// The length from the node's root to `target` by `way`.
    [[nodiscard]] double length_by(const IntervalNode& node, Way way, FixedPoint target) const;
    /// The path through node `index`, whose triangle holds the goal, reached some way.
    [[nodiscard]] PlanePath path_through(std::uint32_t index);

    const MeshView mesh_;
    PolyanyaScratch& scratch_;
    Point2 from_, to_;
    FixedPoint start_, goal_;           // on the grid
    std::array<double, 2> goal_world_;  // goal_ in world units
    std::span<const std::uint32_t> start_triangles_, goal_triangles_;
    // With links that cost less than walking (shortcuts): per arc the least a path can cost
    // from its entrance on, walking straight between links and crossing them at their cost
    // (a Dijkstra over the arcs, once per query); the estimates take it into account.
    double total_saving_ = 0;
    std::vector<double> rest_after_entrance_;
    /// A lower bound on any way from `root` (mesh vertex `root_vertex`, or none) to the goal
    /// that crosses a link: the straight way to an entrance plus `rest_after_entrance_`.
    [[nodiscard]] double least_by_links(FixedPoint root, std::uint32_t root_vertex);
    /// The node or anchor a parent number names.
    [[nodiscard]] const IntervalNode& record(std::uint32_t parent) const {
        return parent & PolyanyaScratch::anchor_flag
                   ? scratch_.anchors[parent & ~PolyanyaScratch::anchor_flag]
                   : scratch_.nodes[parent];
    }
    PlanePath result_;
};

}  // namespace pathkit::geometry
