/// ObstacleGraph: a visibility graph around polygon obstacles (GameplayKit's GKObstacleGraph).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/geometry/obstacle.hpp"
#include "pathkit/geometry/plane_query.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit {

namespace geometry {
class EdgeIndex;
struct FixedPoint;
struct ShortcutArc;
}  // namespace geometry

/// How an `ObstacleGraph` grows and connects its obstacles.
struct ObstacleGraphOptions {
    /// The agent's radius in world units (>= 0, finite): obstacles grow by it, and obstacles
    /// whose grown outlines overlap or touch merge into one. 0 uses the outlines as given.
    float buffer_radius = 0;
    /// How the grown outline turns around convex corners.
    CornerStyle corners = CornerStyle::Mitered;
    /// false (the default): connect two nodes only when each sees the other along a tangent
    /// of its obstacle, the only connections a shortest path ever takes (a "reduced"
    /// visibility graph, often 4x fewer connections). true: connect every pair that sees each
    /// other, as GKObstacleGraph does. Shortest paths are the same either way.
    bool connect_all_visible_pairs = false;
};

/// Which obstacles a node inserted with `connect_node_using_obstacles` may see through.
struct ConnectOptions {
    /// Obstacles treated as absent (GameplayKit's `connectNodeUsingObstacles:ignoringObstacles:`).
    std::vector<ObstacleId> ignored;
    /// Obstacles whose buffer is ignored: their bare outline still blocks (GameplayKit's
    /// `ignoringBufferRadiusOfObstacles:`), for a unit standing in a buffer but outside it.
    std::vector<ObstacleId> ignoring_buffer;
};

/// One connection out of a node: the node it leads to and its length in world units.
struct PlaneConnection {
    NodeId to;
    Cost cost = 0;
};

/// A visibility graph in a 2D plane with polygon and circle obstacles.
///
/// - Each obstacle is grown by the buffer radius (true polygon offsetting); grown obstacles
///   that overlap merge. Nodes sit at the convex corners of the merged outlines; two nodes are
///   connected (both ways, cost = distance) when the segment between them does not enter any
///   grown obstacle. Running along an outline or touching a corner is allowed; passing through
///   a point where two grown obstacles touch is not (a wall, as on a `NavMesh`).
/// - Adding or removing obstacles updates only what they change: the nodes of the merged
///   outlines they touch, connections crossing them, and pairs they used to block. The result
///   is exactly the graph that building from scratch gives.
/// - `find_path` between any two points answers without touching the graph (the start and goal
///   live in the query's context), so many threads may query one graph at once, each with its
///   own `PlaneQueryContext`, as long as nobody modifies the graph meanwhile. The path is the
///   shortest one around the grown obstacles.
/// - Node ids of removed nodes are given to later nodes; obstacle ids are never reused.
class ObstacleGraph {
  public:
    /// An empty graph, or InvalidInput for a NaN, infinite, negative or too large radius.
    [[nodiscard]] static Expected<ObstacleGraph> create(const ObstacleGraphOptions& options = {});

    ObstacleGraph(ObstacleGraph&&) noexcept;
    ObstacleGraph& operator=(ObstacleGraph&&) noexcept;
    ~ObstacleGraph();

    /// Adds obstacles and returns their ids, in order. Every obstacle is checked first
    /// (`Obstacle::validate`, and coordinates plus the buffer within range); if one is refused,
    /// nothing is added and the message names its index.
    Expected<std::vector<ObstacleId>> add_obstacles(std::span<const Obstacle> obstacles);
    /// Removes obstacles. Refused, with nothing removed, for unknown or already removed ids.
    Status remove_obstacles(std::span<const ObstacleId> obstacles);
    /// Removes every obstacle (nodes inserted with `connect_node_using_obstacles` stay).
    void remove_all_obstacles();
    /// The obstacles in the graph, in the order they were added.
    [[nodiscard]] std::vector<ObstacleId> obstacles() const;
    /// The obstacle as it was added; nullptr for unknown or removed ids.
    [[nodiscard]] const Obstacle* obstacle(ObstacleId id) const;

    /// The nodes on the grown outline of `obstacle` (GameplayKit's `nodesForObstacle:`), in
    /// order around it; for an obstacle merged with others, the merged corners on its own
    /// grown outline. Empty for unknown ids.
    [[nodiscard]] std::vector<NodeId> nodes_for_obstacle(ObstacleId obstacle) const;
    /// The grown, merged outlines: each ring a closed polygon, for drawing.
    [[nodiscard]] std::vector<std::vector<Point2>> outlines() const;

    /// Inserts a node at `position` and connects it to every node it sees, looking through the
    /// obstacles `options` names (GameplayKit's `connectNodeUsingObstacles:` and its
    /// ignoring variants). It stays connected as obstacles come and go, seeing through the same
    /// obstacles. Refused for a bad position or an unknown obstacle id.
    Expected<NodeId> connect_node_using_obstacles(Point2 position,
                                                  const ConnectOptions& options = {});
    /// Removes a node inserted with `connect_node_using_obstacles`. Refused for unknown ids,
    /// obstacle corners (remove the obstacle instead) and link ends (remove the link).
    Status remove_node(NodeId node);

    /// Adds a link between two points of free space (world units, any distance apart) that
    /// `find_path` may cross at its cost: a jump down a ledge, a ladder, a teleporter, a boat.
    /// Its ends become nodes of the graph (one node for link ends at one point), connected as
    /// `connect_node_using_obstacles` connects, and the link an arc between them (one way
    /// when not bidirectional). Refused, with nothing added, for NaN or out of range points,
    /// points inside a grown obstacle, the same point twice, a negative or infinite cost, or a
    /// traversal time that is neither NaN nor finite and >= 0.
    /// A link whose end a later obstacle covers is not used (the end is no node) until that
    /// end is free again. O(nodes) visibility tests per new end; every obstacle edit checks
    /// every link end (O(links x regions)).
    Expected<LinkId> add_link(Point2 from, Point2 to, const MeshLinkOptions& options = {});
    /// Removes a link (and the nodes of its ends that no other link shares); refused for
    /// unknown or removed ids.
    Status remove_link(LinkId link);
    /// The number of links in the graph (those with a covered end included).
    [[nodiscard]] std::size_t link_count() const;

    /// Keeps the connection a-b in place whatever obstacles are added later. Refused when the
    /// nodes are unknown or not connected.
    Status lock_connection(NodeId a, NodeId b);
    /// Lets later obstacle changes remove the connection again. Refused for unknown nodes.
    Status unlock_connection(NodeId a, NodeId b);
    /// True when the connection a-b is locked.
    [[nodiscard]] bool is_connection_locked(NodeId a, NodeId b) const;

    /// True for a node in the graph.
    [[nodiscard]] bool contains(NodeId node) const;
    /// Every node, by increasing id.
    [[nodiscard]] std::vector<NodeId> nodes() const;
    /// Number of nodes.
    [[nodiscard]] std::size_t node_count() const { return live_nodes_; }
    /// Number of connections, each counted once (they all go both ways).
    [[nodiscard]] std::size_t connection_count() const { return connection_count_; }
    /// The node's position in world units; (0, 0) for unknown ids.
    [[nodiscard]] Point2 position(NodeId node) const;
    /// The connections out of a node (walking; links are not connections); empty for unknown
    /// ids.
    [[nodiscard]] std::span<const PlaneConnection> connections(NodeId node) const;
    /// The buffer radius the graph was made with.
    [[nodiscard]] float buffer_radius() const { return options_.buffer_radius; }

    /// True when `point` is strictly inside a grown obstacle (on the outline is outside).
    [[nodiscard]] bool is_inside_obstacle(Point2 point) const;
    /// True when an agent can walk straight from `a` to `b` without entering a grown obstacle.
    [[nodiscard]] bool can_see(Point2 a, Point2 b) const;

    /// The shortest path from `from` to `to` around the grown obstacles, crossing links where
    /// that is shorter (`PlanePath::links` names the segments that cross them). InvalidInput when a
    /// point is NaN, out of range, or inside a grown obstacle (the message names which);
    /// NoPath when the obstacles wall the goal off.
    [[nodiscard]] PlanePath find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                                      const SearchOptions& options = {}) const;
    /// As above, with the calling thread's own context.
    [[nodiscard]] PlanePath find_path(Point2 from, Point2 to) const {
        return find_path(from, to, thread_plane_query_context());
    }

    // The search-space interface (pathkit/search/search_space.hpp) over the graph's nodes and
    // their walking connections (`find_path` alone crosses links).

    /// Every node id is below this.
    [[nodiscard]] std::size_t state_count() const { return links_.size(); }
    /// True for a node in the graph.
    [[nodiscard]] bool is_valid(StateId state) const { return contains(NodeId(state.value)); }
    /// Calls `visit(StateId, Cost)` for each connection out of `state`.
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        for (const PlaneConnection& link : links_[state.index()])
            visit(StateId(link.to.value), link.cost);
    }
    /// Straight-line distance between two nodes (admissible).
    [[nodiscard]] Cost estimate(StateId from, StateId to) const;

  private:
    struct NodeData;
    struct ObstacleData;
    struct RegionData;
    struct PairRecord;
    struct LinkEntry;
    struct LinkArc;
    /// Adds to `regions` every live region whose box meets the box of one of them: an edit
    /// changes how the regions it redoes are rounded, and so whether their neighbours touch
    /// them, which decides what is one region in a rebuild.
    void add_neighbouring_regions(std::vector<std::uint32_t>& regions) const;

    explicit ObstacleGraph(const ObstacleGraphOptions& options);
    void add_region_nodes(std::uint32_t region);
    std::uint32_t new_region();
    void retire_region(std::uint32_t region, std::vector<PairRecord>& orphaned_pairs);
    std::uint32_t new_node();
    void remove_node_unchecked(std::uint32_t node);
    void connect(std::uint32_t a, std::uint32_t b);
    void disconnect(std::uint32_t a, std::uint32_t b);
    void link_new_nodes(const std::vector<std::uint32_t>& fresh);
    void retest_pairs(const std::vector<PairRecord>& pairs);
    void cut_connections_through(const std::vector<std::uint32_t>& regions);
    void test_pair(std::uint32_t a, std::uint32_t b);
    [[nodiscard]] bool sees_through_region(std::uint32_t node, std::uint32_t region) const;
    [[nodiscard]] bool is_candidate_pair(std::uint32_t a, std::uint32_t b) const;
    [[nodiscard]] bool tangent_at(std::uint32_t node, const geometry::FixedPoint& other) const;
    [[nodiscard]] std::uint32_t blocker(std::uint32_t a, std::uint32_t b) const;
    [[nodiscard]] std::uint32_t blocker_between(const geometry::FixedPoint& u,
                                                const geometry::FixedPoint& v) const;
    [[nodiscard]] std::uint32_t region_containing(const geometry::FixedPoint& point) const;
    void regroup(std::vector<std::uint32_t> old_regions, std::vector<std::uint32_t> extra_members,
                 bool cut_crossing_connections);
    [[nodiscard]] std::vector<std::vector<std::vector<geometry::FixedPoint>>> merge_members(
        const std::vector<std::uint32_t>& members) const;
    [[nodiscard]] static std::uint64_t pair_key(std::uint32_t a, std::uint32_t b);
    /// Gives every free end of a live link a node and takes the nodes of covered ends away,
    /// then makes the link arcs again (src/geometry/obstacle_graph_link_ends.cpp).
    void refresh_link_ends();
    void make_link_arcs();
    void release_link_end(std::uint32_t node);
    [[nodiscard]] std::uint32_t claim_link_end(Point2 point);
    /// Adds to `path` (the search's states as points) which segments cross links.
    void name_link_segments(const std::vector<StateId>& states, PlanePath& path) const;

    ObstacleGraphOptions options_;
    std::vector<NodeData> nodes_;
    std::vector<std::vector<PlaneConnection>> links_;  // by node
    std::vector<std::uint32_t> free_nodes_;
    std::vector<ObstacleData> obstacles_;
    std::vector<RegionData> regions_;
    std::vector<std::uint32_t> free_regions_;
    std::unique_ptr<geometry::EdgeIndex> index_;
    std::set<std::uint64_t> locked_;
    // Links as added (ids index them; removed ones stay, not alive), and per node the arcs of
    // links leaving it; `shortcuts_` lists the arcs cheaper than walking, for the estimate.
    std::vector<LinkEntry> link_entries_;
    std::vector<std::vector<LinkArc>> link_arcs_;
    std::vector<geometry::ShortcutArc> shortcuts_;
    std::size_t live_nodes_ = 0;
    std::size_t connection_count_ = 0;
    std::uint32_t next_serial_ = 1;
};

}  // namespace pathkit
