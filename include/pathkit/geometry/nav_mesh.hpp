/// NavMesh: free space triangulated around polygon obstacles (GameplayKit's GKMeshGraph).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <span>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/geometry/obstacle.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/geometry/plane_query.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit {

namespace geometry {
struct FixedBox;
struct FixedPoint;
struct MeshEdgeFrame;
struct MeshLinks;
struct RadiusClasses;
}  // namespace geometry

struct AreaTag;
/// An area of a `NavMesh` (ground of a type, `NavMesh::add_area`). Ids stay stable when other
/// areas are removed.
using AreaId = Id<AreaTag>;
/// The type of ground an area marks, 0..`max_area_type`; 0 is plain ground, what lies under no
/// area. Types mean what the caller says (water, road, a zone only some units enter).
using AreaType = std::uint8_t;
inline constexpr AreaType max_area_type = 63;

/// What one optimal `NavMesh` query may walk on and what each type of ground costs it.
struct AreaFilter {
    /// Bit t set: ground of type t is a wall for this query (the path stays exact).
    std::uint64_t excluded = 0;
    /// Per type, what a unit of length on that ground costs (finite, >= 1; 1 is plain
    /// walking). Where any type the path could cross costs more than 1 the query is
    /// approximate: see `NavMesh::find_path` with a filter for its bound.
    std::array<float, max_area_type + 1> costs = [] {
        std::array<float, max_area_type + 1> ones{};
        ones.fill(1);
        return ones;
    }();
    /// For weighted queries: points placed evenly on every edge of the triangles (1..64);
    /// more points, a closer path and a slower query.
    std::uint32_t points_per_edge = 4;

    [[nodiscard]] bool excludes(AreaType type) const { return (excluded >> type) & 1U; }
    /// The types a query under this filter cannot walk (excluded) or pays more to walk
    /// (cost above 1), one bit per type.
    [[nodiscard]] std::uint64_t guarded_types() const;
    /// True when the filter excludes nothing and weighs nothing: the plain query.
    [[nodiscard]] bool is_plain() const { return guarded_types() == 0; }
    /// Refused (InvalidInput, saying which) for a cost NaN, infinite or below 1, or
    /// `points_per_edge` outside 1..64.
    [[nodiscard]] Status validate() const;
};

/// Where a navigation mesh puts its graph nodes (GKMeshGraphTriangulationMode); combine with |.
enum class MeshNodes : unsigned {
    /// The triangles' corners.
    Vertices = 1,
    /// The triangles' centroids.
    Centers = 2,
    /// The midpoints of edges shared by two triangles (the portals), as Detour does.
    EdgeMidpoints = 4,
};
[[nodiscard]] constexpr MeshNodes operator|(MeshNodes a, MeshNodes b) {
    return static_cast<MeshNodes>(static_cast<unsigned>(a) | static_cast<unsigned>(b));
}
[[nodiscard]] constexpr bool has(MeshNodes set, MeshNodes one) {
    return (static_cast<unsigned>(set) & static_cast<unsigned>(one)) != 0;
}

/// How a `NavMesh` grows its obstacles and where it puts its nodes.
struct NavMeshOptions {
    /// The agent's radius in world units (>= 0, finite), as for `ObstacleGraph`.
    float buffer_radius = 0;
    CornerStyle corners = CornerStyle::Mitered;
    /// Which nodes the graph over the triangles has; at least one.
    MeshNodes nodes = MeshNodes::EdgeMidpoints;
    /// Further agent radii the mesh answers for (world units, each finite and >= 0, at most
    /// 16, none so large that an agent of it cannot fit in the bounds): a query for agents
    /// of radius r uses the smallest of these and `buffer_radius` that is at least r (see
    /// `NavMesh::radius_class_mesh`). Each is a mesh of its own, built at its first query.
    std::vector<float> radius_classes;
};

/// What one radius class of a `NavMesh` holds (see `NavMesh::radius_class_stats`).
struct RadiusClassStats {
    /// The agents' radius it is for (world units): obstacles in it are grown by this much.
    float radius = 0;
    /// False until its first query (the mesh's own class is always built).
    bool built = false;
    /// Its triangles (0 unbuilt).
    std::size_t triangles = 0;
    /// What it holds in memory (bytes, 0 unbuilt): `NavMesh::memory_bytes` of its mesh.
    std::size_t memory_bytes = 0;
    /// How long its last whole build took (seconds): for a class, growing every obstacle by
    /// its radius and triangulating; for the mesh's own, the last rebuild of its triangles.
    double build_seconds = 0;
};

/// A triangle of the mesh, corners counter-clockwise (y up), in world units.
using MeshTriangle = std::array<Point2, 3>;

/// An edge where free space ends (a grown obstacle or the bounds), in world units: free space
/// lies on its left going from `from` to `to`.
struct MeshEdge {
    Point2 from;
    Point2 to;
};

/// How `NavMesh::find_path` answers.
enum class NavMeshQuery {
    /// The exact Euclidean shortest path through the mesh (Polyanya: an any-angle search over
    /// intervals of the triangles' edges; Cui, Harabor and Grastien, IJCAI 2017).
    Optimal,
    /// The engine over the node graph (`NavMeshOptions::nodes`, with link ends and arcs), then
    /// the funnel through the triangles each walked piece crosses: faster on some meshes, never
    /// shorter, usually close.
    Funnel,
};

/// An axis-aligned rectangle of the plane, `min`..`max` in world units.
struct MeshArea {
    Point2 min;
    Point2 max;
};

/// What one `triangulate()` or `update()` changed, so that whoever keeps paths on the mesh
/// redoes only the paths that cross it.
struct MeshChange {
    /// The mesh's `revision()` this change made.
    std::uint64_t revision = 0;
    /// Every grown obstacle added or removed since the triangulation before lies within
    /// `min`..`max` (world units): free space changed nowhere else. Empty (min above max)
    /// when no obstacle changed.
    Point2 min{INFINITY, INFINITY};
    Point2 max{-INFINITY, -INFINITY};
    /// The rectangles within `min`..`max` where free space changed: one round each grown
    /// obstacle added or removed, and round the old and the new place of one moved (fewer,
    /// larger ones after very many edits between two repairs).
    std::vector<MeshArea> areas;
    /// True for the first triangulation, after `remove_all_obstacles()`, and after more than
    /// 4,096 obstacles were added, removed or moved between two repairs: anything may have
    /// changed.
    bool everywhere = true;
    /// True after `triangulate()`, which numbers every triangle anew. After `update()`, false:
    /// only the triangles in `replaced_triangles` hold something new (replaced, or moved to
    /// close a gap in the numbers), ascending; every other triangle is as it was.
    bool renumbered = true;
    std::vector<std::uint32_t> replaced_triangles;
    /// After `update()`: the boundary edges (`NavMesh::boundary_edges`) the replaced
    /// triangles had and the ones they have now, so that whoever keeps a copy of the edges
    /// swaps only these. Empty after `triangulate()`.
    std::vector<MeshEdge> boundary_edges_removed;
    std::vector<MeshEdge> boundary_edges_added;

    /// True when the segment from `a` to `b` passes through one of the changed `areas` (ends
    /// included); always true when the change was everywhere.
    [[nodiscard]] bool touches_segment(Point2 a, Point2 b) const;
};

/// The free space inside a rectangle minus the grown obstacles, as a constrained triangulation
/// (CGAL), with a graph over it for searching.
///
/// - Obstacles are added, removed and moved as for `ObstacleGraph`; the mesh changes only when
///   `update()` (a repair of the area the edits touched) or `triangulate()` (a rebuild,
///   GameplayKit's explicit `triangulate`) is called, so several edits cost one repair.
///   Queries use the last repair or triangulation.
/// - `find_path` locates the start and goal triangles. The optimal query (the default) runs
///   the one engine over intervals of the triangles' edges (Polyanya) and gives the exact
///   shortest path. The funnel query runs it over the graph of nodes
///   (`NavMeshOptions::nodes`) with temporary start and goal nodes in the context, turns the
///   node path into a corridor of triangles and pulls it tight with the funnel algorithm: never
///   shorter than the shortest path, and usually close to it.
/// - Threads: any number may query the mesh at once, each with its own `PlaneQueryContext`,
///   and one may edit it meanwhile. Queries share a lock that edits, `update()` and
///   `triangulate()` hold alone: a query waits for a repair under way and answers from the
///   mesh before or after it, never from one half-repaired; an edit waits for the queries under
///   way. The views `connections()`, `boundary_edges()` and `last_change()` return are read
///   without the lock: they hold until the next `update()` or `triangulate()`, so read them on
///   the thread that edits. The node graph of the funnel query is built at its first use after
///   a change (under its own lock).
class NavMesh {
  public:
    /// An empty mesh over the rectangle `min`..`max` (world units). Refused for NaN or out of
    /// range corners, an empty rectangle, no node kind, or a bad radius.
    [[nodiscard]] static Expected<NavMesh> create(Point2 min, Point2 max,
                                                  const NavMeshOptions& options = {});

    NavMesh(NavMesh&&) noexcept;
    NavMesh& operator=(NavMesh&&) noexcept;
    ~NavMesh();

    /// Adds obstacles (checked as `ObstacleGraph::add_obstacles` does); call `triangulate()`.
    Expected<std::vector<ObstacleId>> add_obstacles(std::span<const Obstacle> obstacles);
    /// Removes obstacles; refused with nothing removed for unknown ids. Call `triangulate()`.
    Status remove_obstacles(std::span<const ObstacleId> obstacles);
    /// Moves an obstacle by `offset` (world units), keeping its id: a cart driving, a door
    /// swinging shut by steps. Refused, with nothing changed, for an unknown id, a NaN or
    /// infinite offset, or a moved obstacle outside the coordinate range. Call
    /// `triangulate()`; `last_change()` then holds both the old and the new place.
    Status move_obstacle(ObstacleId obstacle, Point2 offset);
    /// Removes every obstacle. Call `triangulate()`.
    void remove_all_obstacles();
    /// Adds a link between two points of free space (world units, any distance apart) that
    /// the optimal query may cross at its cost: a jump down a ledge, a ladder, a teleporter, a
    /// boat. Refused, with nothing added, for NaN points, points outside the bounds or inside a
    /// grown obstacle as the mesh is now, the same point twice, or a negative or infinite
    /// cost, or a traversal time that is neither NaN nor finite and >= 0. A link whose end an
    /// obstacle covers after an edit is not used until that end is free again. The funnel query
    /// crosses links too (its graph gains their ends; each walked piece is pulled on its own). Each
    /// call (and each repair) indexes every link again: O(links), so adding n links one by one is
    /// O(n^2).
    Expected<LinkId> add_link(Point2 from, Point2 to, const MeshLinkOptions& options = {});
    /// Removes a link; refused for unknown or removed ids.
    Status remove_link(LinkId link);
    /// The number of links in the mesh.
    [[nodiscard]] std::size_t link_count() const;
    /// A link as added; none for unknown or removed ids.
    [[nodiscard]] std::optional<PlaneLink> link(LinkId link) const;

    /// Marks the ground inside `outline` (a simple polygon, world units, at most
    /// `max_area_corners` corners, inside the bounds) with `type` (0..`max_area_type`): it
    /// does not block, but filtered queries may exclude it or walk it at a cost. The
    /// triangles split along every area's outline; where areas overlap, the one added last
    /// wins. Obstacles still block inside areas; areas are not grown by the buffer radius
    /// (they mark where an agent's centre walks). Refused, with nothing changed, for NaN
    /// points, points outside the bounds, fewer than 3 corners, an outline that crosses or
    /// touches itself or has no area, a type above 63, or more than `max_areas` areas. Call
    /// `update()` or `triangulate()`: an area edit costs a whole rebuild (not a local repair).
    Expected<AreaId> add_area(std::span<const Point2> outline, AreaType type);
    /// Removes an area; refused for unknown or removed ids. Call `update()`.
    Status remove_area(AreaId area);
    /// The number of areas in the mesh.
    [[nodiscard]] std::size_t area_count() const;
    /// The type of ground at `point` as the mesh is now triangulated; none outside the bounds,
    /// inside a grown obstacle or for NaN.
    [[nodiscard]] std::optional<AreaType> area_type_at(Point2 point) const;
    /// The type of each triangle, in the order of `triangles()`.
    [[nodiscard]] std::vector<AreaType> triangle_types() const;
    static constexpr std::size_t max_areas = 65'536;
    static constexpr std::size_t max_weighted_points = 16'777'216;
    static constexpr std::size_t max_area_corners = 65'536;

    /// The options it was created with (the buffer radius grows every obstacle).
    [[nodiscard]] const NavMeshOptions& options() const { return options_; }
    /// True when obstacles changed since the last `triangulate()`.
    [[nodiscard]] bool needs_triangulation() const;

    /// Rebuilds the triangles and the graph from the bounds and the current obstacles.
    void triangulate();
    /// Repairs the triangles where obstacles were added, removed or moved since the last
    /// `update()` or `triangulate()`: the triangles whose boxes meet the box of the changed
    /// obstacles' grown outlines (old and new places) are triangulated again with the free
    /// space there, the rest kept. The free space is the one `triangulate()` would give (the
    /// triangles may differ; where grown outlines cross, corners round to the 1/1024 unit
    /// grid either way). Rebuilds instead when nothing was triangulated yet, after
    /// `remove_all_obstacles()` or more than 4,096 obstacle edits since the last repair, when the
    /// repair would replace half the triangles or more, or when repairs have left half as many
    /// triangles again as the last rebuild made (corners where grown outlines crossed gather slowly
    /// over many thousands of edits). Does nothing when no obstacle changed.
    void update();

    /// The triangles, for drawing.
    [[nodiscard]] std::vector<MeshTriangle> triangles() const;
    /// The grown obstacles, merged where they overlap: each ring a closed polygon, for drawing.
    [[nodiscard]] std::vector<std::vector<Point2>> outlines() const;
    [[nodiscard]] std::size_t triangle_count() const;
    /// The triangle containing `point` (on an edge: one of its triangles); none outside the
    /// bounds or inside a grown obstacle.
    [[nodiscard]] std::optional<std::size_t> triangle_at(Point2 point) const;
    /// True when `point` is in the bounds but inside a grown obstacle.
    [[nodiscard]] bool is_inside_obstacle(Point2 point) const;

    /// The graph's nodes: their count, positions and connections (straight-line costs).
    [[nodiscard]] std::size_t node_count() const;
    [[nodiscard]] Point2 node_position(NodeId node) const;
    [[nodiscard]] std::span<const PlaneConnection> connections(NodeId node) const;

    /// A path from `from` to `to`: the shortest one (`NavMeshQuery::Optimal`) or the funnel's.
    /// InvalidInput for NaN points, points outside the bounds or inside a grown obstacle (the
    /// message says which); NoPath when walled off. `options.max_expansions` bounds the
    /// expansions of either search (BudgetExhausted); the optimal query is always A* and reads
    /// nothing else of `options`, the funnel's search reads all of them.
    [[nodiscard]] PlanePath find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                                      const SearchOptions& options = {},
                                      NavMeshQuery query = NavMeshQuery::Optimal) const;
    [[nodiscard]] PlanePath find_path(Point2 from, Point2 to) const {
        return find_path(from, to, thread_plane_query_context());
    }
    /// The optimal query under a filter (links are not used, unless the filter excludes and
    /// weighs nothing: then it is the plain optimal query). Excluded types are walls: the
    /// path is the exact shortest one around them and obstacles, and an end on excluded
    /// ground is refused (InvalidInput). Weighted types (cost above 1): `cost` is the
    /// weighted length (each piece's length times its ground's cost; along an edge between
    /// two types, the cheaper). The query first finds the exact shortest path ignoring
    /// weights; when it crosses no weighted ground it is optimal and returned. Otherwise an
    /// A* over `points_per_edge` points on every triangle edge and the corners (straight
    /// moves within a triangle) runs, and the cheaper of the two is returned. Bound: the
    /// answer costs at most the optimum plus, for every triangle the optimal path crosses,
    /// the triangle's cost times its longest edge over (points_per_edge + 1); and never more
    /// than the shortest path's weighted cost. InvalidInput for a cost NaN, infinite or
    /// below 1, points_per_edge outside 1..64, or a weighted search that would place more than
    /// `max_weighted_points` points (corners and 3 x triangles x points_per_edge; the search
    /// holds 12 bytes a point in the context).
    [[nodiscard]] PlanePath find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                                      const AreaFilter& filter,
                                      const SearchOptions& options = {}) const;
    /// A path for an agent of `radius` (world units): as `find_path` on
    /// `radius_class_mesh(radius)`, exact for that class's radius. InvalidInput as well for a
    /// radius that is NaN, negative, or above every class (the message says which).
    [[nodiscard]] PlanePath find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                                      const SearchOptions& options, NavMeshQuery query,
                                      float radius) const;

    /// The radii the mesh answers for, ascending: `buffer_radius` and the radius classes.
    [[nodiscard]] std::vector<float> radius_classes() const;
    /// The mesh that answers for agents of `radius` (world units): this one, or the mesh of
    /// the smallest radius class at least `radius`, built (under a lock; other queries go on)
    /// at its first use from the obstacles and links as they are then (edits not yet repaired
    /// included). Every edit, `update()` and `triangulate()` goes to every class built; a
    /// class mesh has no classes of its own. The mesh returned is read only and lives as long
    /// as this one (moves included); read its `last_change()` on the thread that edits.
    /// Refused for a NaN or negative radius, or one above the largest class.
    [[nodiscard]] Expected<const NavMesh*> radius_class_mesh(float radius) const;
    /// Per radius class, ascending (the mesh's own among them): built or not, size, memory
    /// and build time.
    [[nodiscard]] std::vector<RadiusClassStats> radius_class_stats() const;
    /// What this mesh holds in memory, in bytes, its radius classes left out: triangles,
    /// point location, obstacles as given and grown, links, the node graph once built.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// True when free space joins the two points, so that `find_path` finds a path; false
    /// when either is NaN, outside the bounds or inside a grown obstacle. Constant time: it
    /// compares the points' regions (parts of free space) and searches nothing.
    [[nodiscard]] bool are_connected(Point2 from, Point2 to) const;

    /// Counts the triangulations and repairs so far: whoever keeps paths on the mesh replans
    /// when it changes (those that cross `last_change()`, at least).
    [[nodiscard]] std::uint64_t revision() const;
    /// Where the last `triangulate()` or `update()` changed free space.
    [[nodiscard]] const MeshChange& last_change() const { return last_change_; }
    /// Where free space ends: the triangles' edges with no neighbour, free side on the left.
    [[nodiscard]] std::span<const MeshEdge> boundary_edges() const { return boundary_edges_; }
    /// True when the straight segment from `a` to `b` stays in free space (both ends in it),
    /// never passing through a point where obstacles touch (an end there may leave either way).
    [[nodiscard]] bool is_segment_free(Point2 a, Point2 b) const;
    /// As `is_segment_free`, ground of a type whose bit is set in `wall_types` counting as an
    /// obstacle too (the segment may touch it, run along it or end on its border).
    [[nodiscard]] bool is_segment_free(Point2 a, Point2 b, std::uint64_t wall_types) const;
    /// The point of free space closest to `point` (`point` itself when free); none when the
    /// mesh has no triangles or `point` is NaN.
    [[nodiscard]] std::optional<Point2> nearest_free_point(Point2 point) const;

  private:
    struct ObstacleEntry;
    struct AreaEntry;
    struct AreaCache;
    struct NodeGraph;
    class Repair;

    explicit NavMesh(const NavMeshOptions& options);
    // Queries hold `access_` shared, edits and repairs alone (see the class comment); the
    // public members take it and call the private ones, which never do. An edit holds
    // `turnstile_` while it waits, so that queries coming after it wait for it too: a stream
    // of queries from many threads never keeps an edit out for long.
    [[nodiscard]] std::shared_lock<std::shared_mutex> lock_for_reading() const {
        { const std::lock_guard after_waiting_edits(*turnstile_); }
        return std::shared_lock(*access_);
    }
    [[nodiscard]] std::unique_lock<std::shared_mutex> lock_for_editing() {
        const std::lock_guard ahead_of_later_queries(*turnstile_);
        return std::unique_lock(*access_);
    }
    void rebuild();
    /// The triangle holding the point (NaN, outside the bounds or in an obstacle: UINT32_MAX).
    [[nodiscard]] std::uint32_t triangle_holding(Point2 point) const;
    [[nodiscard]] std::vector<std::array<std::uint32_t, 3>> corner_fans() const;
    [[nodiscard]] std::shared_ptr<const NodeGraph> build_node_graph() const;
    /// The node graph of the current triangles, built at the first call after a change.
    [[nodiscard]] const NodeGraph& node_graph() const;
    void build_touching_corners(const std::vector<std::array<std::uint32_t, 3>>& fans);
    [[nodiscard]] std::vector<std::uint32_t> triangles_holding(Point2 point,
                                                               std::uint32_t first) const;
    void build_locator();
    void add_to_locator(std::uint32_t triangle);
    void remove_from_locator(std::uint32_t triangle, std::uint32_t replacement);
    template <class Visit>
    void for_each_locator_cell(std::uint32_t triangle, Visit&& visit);
    /// The triangle holding a query's end (`name`: "start" or "goal"); refused, naming it, for
    /// a NaN or out-of-range point, one outside the bounds or inside a grown obstacle. Under
    /// the caller's read lock.
    [[nodiscard]] Expected<std::uint32_t> locate_end(Point2 point, const std::string& name) const;
    [[nodiscard]] std::uint32_t locate(std::int64_t x, std::int64_t y) const;
    void corridor_between(const NodeGraph& graph, const std::vector<StateId>& states,
                          std::span<const std::uint32_t> start_triangles,
                          std::span<const std::uint32_t> goal_triangles,
                          std::vector<std::uint32_t>& corridor) const;
    void fill_fan(std::uint32_t from, std::uint32_t to, std::uint32_t vertex,
                  std::vector<std::uint32_t>& corridor) const;
    [[nodiscard]] std::vector<Point2> pull_string(Point2 from, Point2 to,
                                                  const std::vector<std::uint32_t>& corridor) const;
    [[nodiscard]] Point2 vertex_point(std::uint32_t vertex) const;
    /// True when the triangles holding the points (`start`, `goal`, or others where a point
    /// lies on a corner where obstacles touch) share a region.
    [[nodiscard]] bool regions_join(Point2 from, Point2 to, std::uint32_t start,
                                    std::uint32_t goal) const;

    [[nodiscard]] PlanePath find_funnel_path(Point2 from, Point2 to, std::uint32_t start_triangle,
                                             std::uint32_t goal_triangle,
                                             PlaneQueryContext& context,
                                             const SearchOptions& options) const;
    /// The funnel query where links exist (src/geometry/nav_mesh_funnel_links.cpp).
    [[nodiscard]] PlanePath find_funnel_path_with_links(Point2 from, Point2 to,
                                                        std::span<const std::uint32_t> starts,
                                                        std::span<const std::uint32_t> goals,
                                                        PlaneQueryContext& context,
                                                        const SearchOptions& options) const;
    [[nodiscard]] PlanePath find_shortest_path(Point2 from, Point2 to, std::uint32_t start_triangle,
                                               std::uint32_t goal_triangle,
                                               PlaneQueryContext& context,
                                               const SearchOptions& options) const;

    void build_boundary_edges();
    void add_boundary_edges(std::uint32_t triangle);
    void remove_boundary_edges(std::uint32_t triangle);
    void build_regions();
    /// The links as the optimal query reads them, made again for the current triangles.
    void index_links();
    void finish_change(bool renumbered);
    void compact_vertices();
    // Radius classes (src/geometry/nav_mesh_sizes.cpp): the checks an edit must pass for every
    // class (growing by the largest radius), and edits passed on to the classes built.
    [[nodiscard]] Status check_for_radius_classes(const Obstacle& obstacle,
                                                  const std::string& where) const;
    template <class Edit>
    void edit_radius_classes(Edit&& edit);
    [[nodiscard]] Expected<std::unique_ptr<NavMesh>> build_radius_class(float radius) const;
    [[nodiscard]] std::size_t memory_bytes_unlocked() const;

    NavMeshOptions options_;
    std::uint64_t revision_ = 0;
    std::vector<MeshEdge> boundary_edges_;
    // Per boundary edge the triangle and edge it lies on, and per triangle edge its place in
    // `boundary_edges_` (UINT32_MAX for edges with a neighbour): a repair takes out and puts
    // in only the edges of the triangles it replaced.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> boundary_owners_;
    std::vector<std::array<std::uint32_t, 3>> boundary_places_;
    std::array<std::int64_t, 4> bounds_{};  // min x, min y, max x, max y on the fixed grid
    std::vector<ObstacleEntry> obstacles_;
    bool dirty_ = true;
    MeshChange last_change_;
    // The boxes of the grown obstacles added, removed or moved since the last triangulation or
    // repair (min x, min y, max x, max y on the fixed grid), the grown outlines that left (removed,
    // or before a move), and whether everything may have changed (no triangulation yet, or every
    // obstacle removed).
    std::vector<std::array<std::int64_t, 4>> pending_changes_;
    std::vector<ObstacleEntry> pending_freed_;
    std::vector<std::uint32_t> pending_arrived_;  // obstacles added or moved, by number
    bool pending_everywhere_ = true;
    void note_changed(const ObstacleEntry& entry);
    void note_freed(const ObstacleEntry& entry);
    void note_arrived(std::uint32_t obstacle);
    void forget_pending_past_limit();
    // The obstacles in the mesh by place (src/geometry/nav_mesh_obstacles.cpp): a repair
    // finds those near what it redoes without visiting every obstacle.
    std::vector<std::vector<std::uint32_t>> obstacle_cells_;
    template <class Visit>
    void for_each_obstacle_cell(const geometry::FixedBox& box, Visit&& visit) const;
    /// Lists (`in`) or unlists the obstacle in the cells its grown box meets.
    void file_obstacle(std::uint32_t obstacle, bool in);
    /// The obstacles in the mesh whose grown boxes meet `box`, ascending.
    [[nodiscard]] std::vector<std::uint32_t> obstacles_meeting(const geometry::FixedBox& box) const;

    // The triangulation: corners (fixed grid), triangles (3 corners, counter-clockwise) and
    // across each edge i (opposite corner i) the neighbour triangle or UINT32_MAX.
    std::vector<std::array<std::int64_t, 2>> vertices_;
    std::vector<std::array<std::uint32_t, 3>> triangle_corners_;
    std::vector<std::array<std::uint32_t, 3>> triangle_neighbours_;
    // 1 for corners on an edge where free space ends: the only places a shortest path turns.
    std::vector<std::uint8_t> vertex_on_boundary_;
    // Per triangle, its region of free space (triangles joined by edges): a query between two
    // regions has no path and needs no search. Labels are only compared; a repair gives the
    // regions it touches labels from `next_region_` up.
    std::vector<std::uint32_t> triangle_region_;
    std::uint32_t next_region_ = 0;
    std::size_t triangles_at_build_ = 0;  // after the last `triangulate()`
    // Corners where free space touches itself (obstacles touching there, a wall), with every
    // triangle around them, sorted: a path never passes through such a corner from one side to
    // another, but one that starts or ends there may leave into any side.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> touching_corner_triangles_;

    // The graph over the triangles, for the funnel query: null until first used after a
    // change (`node_graph()` builds it under the lock).
    mutable std::shared_ptr<const NodeGraph> node_graph_;
    mutable std::unique_ptr<std::mutex> node_graph_lock_ = std::make_unique<std::mutex>();
    mutable std::unique_ptr<std::shared_mutex> access_ = std::make_unique<std::shared_mutex>();
    mutable std::unique_ptr<std::mutex> turnstile_ = std::make_unique<std::mutex>();

    // Links: as added (ids index this; removed ones stay, not alive), and as the optimal query
    // reads them (src/geometry/nav_mesh_links.cpp), made again after every change.
    struct LinkEntry {
        Point2 from, to;
        float cost = 0;
        bool bidirectional = true, alive = false;
        float traversal_seconds = 0;  // NaN: cost / the agent's top speed
        bool one_at_a_time = false;
    };
    std::vector<LinkEntry> links_;
    std::unique_ptr<geometry::MeshLinks> link_index_;

    // Areas (src/geometry/nav_mesh_areas.cpp): as added (ids index this), each triangle's
    // type, and what filtered queries build from the triangles, made when first needed after
    // a change (under its own lock).
    std::vector<AreaEntry> areas_;
    std::vector<AreaType> triangle_type_;
    mutable std::shared_ptr<AreaCache> area_cache_;
    mutable std::unique_ptr<std::mutex> area_cache_lock_ = std::make_unique<std::mutex>();
    /// The area outlines the triangulation keeps as edges (alive areas, in order).
    [[nodiscard]] std::vector<const std::vector<geometry::FixedPoint>*> area_rings() const;
    /// Gives every triangle the type of the last area holding its centre (0 for none).
    void assign_triangle_types();
    /// True when an alive area's box meets `box` (a repair there needs a rebuild).
    [[nodiscard]] bool areas_meet(const geometry::FixedBox& box) const;
    struct ExcludedView;
    /// The neighbours and boundary corners with the triangles of excluded types cut off.
    [[nodiscard]] std::shared_ptr<const ExcludedView> excluded_view(std::uint64_t excluded) const;
    /// Edge numbers, per edge its sides, per corner its triangles, per type its triangles.
    [[nodiscard]] std::shared_ptr<const geometry::MeshEdgeFrame> edge_frame() const;
    [[nodiscard]] PlanePath find_weighted_path(
        Point2 from, Point2 to, std::span<const std::uint32_t> starts,
        std::span<const std::uint32_t> goals,
        std::span<const std::array<std::uint32_t, 3>> neighbours, const AreaFilter& filter,
        PlaneQueryContext& context, const SearchOptions& options, PlanePath&& shortest) const;
    // The meshes of the radius classes (null without classes), and how long the last rebuild
    // of this mesh's triangles took (seconds).
    std::unique_ptr<geometry::RadiusClasses> radius_classes_;
    double rebuild_seconds_ = 0;

    // Point location: triangles bucketed by their boxes in a uniform grid (the cells of a
    // corner hold every triangle around it).
    std::int64_t cell_size_ = 1;
    std::int64_t cell_columns_ = 0, cell_rows_ = 0;
    std::vector<std::vector<std::uint32_t>> cells_;
};

}  // namespace pathkit
