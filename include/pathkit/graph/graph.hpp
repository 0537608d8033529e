/// Graph: a directed graph with per-edge costs and GameplayKit's GKGraph/GKGraphNode semantics.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/assert.hpp"
#include "pathkit/core/cost.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit {

/// One outgoing connection of a node.
struct Edge {
    NodeId to;
    Cost cost = 1;
};

/// The result of a search on a graph: the path as node ids.
using GraphPath = PathResult<NodeId>;

/// A directed graph of nodes joined by one-way connections, each with a cost.
///
/// - Connections are directed; `bidirectional` adds or removes both directions. There is at
///   most one connection from a node to another, and none from a node to itself.
/// - The cost of a connection is given, or else 1 (GKGraphNode), or the straight-line distance
///   when both nodes have positions (GKGraphNode2D/3D). `cost(a, b)` is +infinity when `a` is
///   not connected to `b`.
/// - The heuristic (`estimated_cost`) is 0, so searches behave as Dijkstra, unless both nodes
///   have positions: then it is the distance scaled down by the smallest cost/distance ratio of
///   any connection ever added, which keeps it admissible whatever costs are given.
/// - Removing a node strips its connections in both directions; its id is never reused.
///   Disabled nodes stay in the graph but searches do not enter or start from them.
///
/// Searches only read the graph, so any number of threads may search one graph at once, each
/// with its own `SearchContext`, as long as nobody modifies it meanwhile.
class Graph {
  public:
    Graph() = default;

    /// Adds a node without a position and returns its id.
    NodeId add_node();
    /// Adds a node at a 2D position (z = 0), in world units.
    NodeId add_node(Point2 position);
    /// Adds a node at a 3D position, in world units.
    NodeId add_node(Point3 position);
    /// Removes a node and every connection to or from it. Refused for unknown ids.
    Status remove_node(NodeId node);

    /// True if `node` was added and not removed.
    [[nodiscard]] bool contains(NodeId node) const {
        return node.index() < nodes_.size() && nodes_[node.index()].alive;
    }
    /// Number of nodes in the graph (added and not removed).
    [[nodiscard]] std::size_t node_count() const { return live_nodes_; }
    /// Number of connections in the graph (a bidirectional pair counts twice).
    [[nodiscard]] std::size_t connection_count() const { return edge_count_; }
    /// One past the largest id ever given out.
    [[nodiscard]] std::size_t id_bound() const { return nodes_.size(); }

    /// Connects `from` to each of `to` (and back when `bidirectional`). `cost` must be finite
    /// and >= 0; without it each connection gets the default cost (see the class comment).
    /// An existing connection keeps a single edge; a given cost replaces its cost. Refused,
    /// with nothing changed, for unknown ids, a connection of a node to itself, or a bad cost.
    Status add_connections(NodeId from, std::span<const NodeId> to, bool bidirectional,
                           std::optional<Cost> cost = std::nullopt);
    Status add_connections(NodeId from, std::initializer_list<NodeId> to, bool bidirectional,
                           std::optional<Cost> cost = std::nullopt) {
        return add_connections(from, std::span<const NodeId>(to.begin(), to.size()), bidirectional,
                               cost);
    }
    /// Removes the connections from `from` to each of `to` (and back when `bidirectional`).
    /// Connections that do not exist are ignored. Refused for unknown ids.
    Status remove_connections(NodeId from, std::span<const NodeId> to, bool bidirectional);
    Status remove_connections(NodeId from, std::initializer_list<NodeId> to, bool bidirectional) {
        return remove_connections(from, std::span<const NodeId>(to.begin(), to.size()),
                                  bidirectional);
    }
    /// Connects `node` to the nearest other enabled node (by straight-line distance; ties go
    /// to the lower id), with the default cost. Refused when `node` is unknown or has no
    /// position, or when no other enabled node has one.
    Status connect_to_lowest_cost_node(NodeId node, bool bidirectional);

    /// The connections out of `node` in the order they were added; empty for unknown ids.
    [[nodiscard]] std::span<const Edge> connections(NodeId node) const;
    /// The nodes with a connection to `node`; empty for unknown ids.
    [[nodiscard]] std::span<const NodeId> incoming(NodeId node) const;
    /// The cost of the connection from `from` to `to`; +infinity when there is none.
    [[nodiscard]] Cost cost(NodeId from, NodeId to) const;
    /// The heuristic from `from` to `to` (see the class comment); 0 for unknown ids.
    [[nodiscard]] Cost estimated_cost(NodeId from, NodeId to) const;
    /// The node's position, if it has one.
    [[nodiscard]] std::optional<Point3> position(NodeId node) const;
    /// The factor, in [0, 1], that scales straight-line
    /// distances into the heuristic: the smallest cost/distance ratio of any connection ever
    /// added between two nodes with positions apart, or 1 before there was one.
    [[nodiscard]] Cost heuristic_scale() const { return heuristic_scale_; }

    /// Enables or disables a node. A disabled node keeps its connections, but searches neither
    /// start from it nor pass through it. Refused for unknown ids.
    Status set_enabled(NodeId node, bool enabled);
    /// True for a node in the graph that is enabled.
    [[nodiscard]] bool is_enabled(NodeId node) const {
        return contains(node) && nodes_[node.index()].enabled;
    }

    /// The cheapest path from `from` to `to` (GameplayKit's `[from findPathToNode:to]`).
    /// Status InvalidInput for unknown or disabled `from`, or unknown `to`; NoPath when `to` is
    /// disabled or unreachable.
    [[nodiscard]] GraphPath find_path(NodeId from, NodeId to, SearchContext& context,
                                      const SearchOptions& options = {}) const;
    /// As above, with the calling thread's own context.
    [[nodiscard]] GraphPath find_path(NodeId from, NodeId to,
                                      const SearchOptions& options = {}) const {
        return find_path(from, to, thread_search_context(), options);
    }
    /// The reverse-direction twin, GameplayKit's `[node findPathFromNode:start]`: the path
    /// from `start` to `node`. In a directed graph it may differ from `find_path(node, start)`.
    [[nodiscard]] GraphPath find_path_from(NodeId node, NodeId start,
                                           const SearchOptions& options = {}) const {
        return find_path(start, node, thread_search_context(), options);
    }
    /// The cheapest path from `from` to whichever of `goals` is cheapest to reach.
    [[nodiscard]] GraphPath find_path_to_any(NodeId from, std::span<const NodeId> goals,
                                             SearchContext& context,
                                             const SearchOptions& options = {}) const;

    // The search-space interface (see pathkit/search/search_space.hpp): a node's state id is
    // its node id.

    /// Every node id is below this.
    [[nodiscard]] std::size_t state_count() const { return nodes_.size(); }
    /// True for a node in the graph that is enabled.
    [[nodiscard]] bool is_valid(StateId state) const { return is_enabled(NodeId(state.value)); }
    /// Calls `visit(StateId, Cost)` for each connection out of `state` to an enabled node.
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        PATHKIT_ASSERT(state.index() < out_.size());
        const auto& edges = out_[state.index()];
        if (disabled_count_ == 0) {
            for (const Edge& edge : edges)
                visit(StateId(edge.to.value), edge.cost);
        } else {
            for (const Edge& edge : edges) {
                if (nodes_[edge.to.index()].enabled) visit(StateId(edge.to.value), edge.cost);
            }
        }
    }
    /// Admissible estimate of the cost from `from` to `to` (unchecked ids).
    [[nodiscard]] Cost estimate(StateId from, StateId to) const {
        const NodeData& a = nodes_[from.index()];
        const NodeData& b = nodes_[to.index()];
        if (!a.has_position || !b.has_position) return 0;
        return heuristic_scale_ * distance(positions_[from.index()], positions_[to.index()]);
    }

    /// Approximate bytes held by the graph.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    struct NodeData {
        bool alive = true;
        bool enabled = true;
        bool has_position = false;
    };

    NodeId add_node_data(std::optional<Point3> position);
    [[nodiscard]] Cost default_cost(NodeId from, NodeId to) const;
    void connect(NodeId from, NodeId to, Cost cost, bool cost_given);
    void disconnect(NodeId from, NodeId to);
    Status check_node(NodeId node, const char* operation) const;

    std::vector<NodeData> nodes_;
    std::vector<Point3> positions_;
    std::vector<std::vector<Edge>> out_;
    std::vector<std::vector<NodeId>> in_;
    std::size_t live_nodes_ = 0;
    std::size_t edge_count_ = 0;
    std::size_t disabled_count_ = 0;
    Cost heuristic_scale_ = 1;
};

}  // namespace pathkit
