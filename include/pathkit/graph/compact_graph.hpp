/// CompactGraph: a frozen copy of a Graph in flat arrays (CSR), for fast searches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pathkit/core/assert.hpp"
#include "pathkit/core/cost.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/graph/graph.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit {

/// How a `CompactGraph` numbers its search states.
enum class StateOrder {
    /// Along a Hilbert curve over the nodes' x and y when every node has a position, so that
    /// nodes close in the world are close in memory and a search touches fewer cache lines;
    /// by node id when some node has none.
    AlongHilbertCurve,
    /// By node id: among paths of equal cost a search picks the same one as on the `Graph`,
    /// with the same counters.
    ByNodeId,
};

/// A `Graph` frozen for searching: its connections in one array, grouped by node (compressed
/// sparse rows), and its positions in another, with the nodes renumbered in the order asked.
///
/// - Searches give the same costs as `Graph::find_path` on the graph it was built from, the
///   same statuses and messages, and paths as the graph's `NodeId`s; among paths of equal cost
///   it may pick another one unless built with `StateOrder::ByNodeId`.
/// - It is a copy: changing the graph afterwards changes nothing here; build it again.
/// - Disabled nodes stay disabled: searches neither start from them nor pass through them.
///   Connections into or out of a disabled node are not kept.
/// - The heuristic is the graph's: the straight-line distance scaled by
///   `Graph::heuristic_scale()` when both nodes have positions, else 0.
///
/// It holds 4 bytes per node for the row offsets, 8 per connection kept, 8 per node for
/// positions in the plane (12 when some z is not 0; none when no node has a position), plus 8
/// per node to translate ids when the state order is not the node order, and a bit per node for
/// the enabled flags. Searches only read it: any number of threads may search one at once.
class CompactGraph {
  public:
    /// Builds the compact copy of `graph`'s nodes that are not removed, numbered in `order`.
    /// Refused when the graph has more than 4,294,967,294 connections between enabled nodes.
    [[nodiscard]] static Expected<CompactGraph> build(
        const Graph& graph, StateOrder order = StateOrder::AlongHilbertCurve);

    /// True if `node` was in the graph (added and not removed) when this copy was built.
    [[nodiscard]] bool contains(NodeId node) const { return state_of(node).is_valid(); }
    /// True for a node of this copy that was enabled.
    [[nodiscard]] bool is_enabled(NodeId node) const {
        const StateId state = state_of(node);
        return state.is_valid() && is_valid(state);
    }
    /// Number of nodes (the graph's, not removed).
    [[nodiscard]] std::size_t node_count() const { return first_connection_.size() - 1; }
    /// Number of connections kept (those between two enabled nodes).
    [[nodiscard]] std::size_t connection_count() const { return connections_.size(); }
    /// One past the largest node id the graph had given out.
    [[nodiscard]] std::size_t id_bound() const { return id_bound_; }
    /// The order the states are numbered in: AlongHilbertCurve only if it was asked for and every
    /// node has a position.
    [[nodiscard]] StateOrder state_order() const { return order_; }

    /// The search state of `node`; invalid when the node is not in this copy.
    [[nodiscard]] StateId state_of(NodeId node) const {
        if (node.index() >= id_bound_) return StateId();
        if (state_of_node_.empty()) return StateId(node.value);
        return StateId(state_of_node_[node.index()]);
    }
    /// The node of a search state (below `state_count()`, unchecked).
    [[nodiscard]] NodeId node_of(StateId state) const {
        PATHKIT_ASSERT(state.index() < state_count());
        if (node_of_state_.empty()) return NodeId(state.value);
        return NodeId(node_of_state_[state.index()]);
    }

    /// The heuristic from `from` to `to`, as `Graph::estimated_cost`; 0 for unknown ids.
    [[nodiscard]] Cost estimated_cost(NodeId from, NodeId to) const;

    /// The cheapest path from `from` to `to`, as `Graph::find_path`: InvalidInput for an
    /// unknown or disabled `from`, or an unknown `to`; NoPath when `to` is disabled or
    /// unreachable.
    [[nodiscard]] GraphPath find_path(NodeId from, NodeId to, SearchContext& context,
                                      const SearchOptions& options = {}) const;
    /// As above, with the calling thread's own context.
    [[nodiscard]] GraphPath find_path(NodeId from, NodeId to,
                                      const SearchOptions& options = {}) const {
        return find_path(from, to, thread_search_context(), options);
    }
    /// The cheapest path from `from` to whichever of `goals` is cheapest to reach, as
    /// `Graph::find_path_to_any`.
    [[nodiscard]] GraphPath find_path_to_any(NodeId from, std::span<const NodeId> goals,
                                             SearchContext& context,
                                             const SearchOptions& options = {}) const;

    // The search-space interface (see pathkit/search/search_space.hpp): states are numbered
    // 0 .. node_count() - 1 in `state_order()`; `state_of` and `node_of` translate. After a
    // search, `context.cost_to(state_of(node))` reads the cost found to a node.

    /// Every state id is below this: `node_count()`.
    [[nodiscard]] std::size_t state_count() const { return node_count(); }
    /// True for the state of an enabled node.
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.index() < state_count() && enabled_[state.index()];
    }
    /// Calls `visit(StateId, Cost)` for each connection out of `state` (unchecked id), in the
    /// order the graph lists them.
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        PATHKIT_ASSERT(state.index() < state_count());
        const Connection* connection = connections_.data() + first_connection_[state.index()];
        const Connection* end = connections_.data() + first_connection_[state.index() + 1];
        for (; connection != end; ++connection)
            visit(StateId(connection->to), connection->cost);
    }
    /// Admissible estimate of the cost from `from` to `to` (unchecked state ids).
    [[nodiscard]] Cost estimate(StateId from, StateId to) const {
        if (!has_position_.empty() && !(has_position_[from.index()] && has_position_[to.index()]))
            return 0;
        if (!planar_positions_.empty()) {
            const Point2 a = planar_positions_[from.index()];
            const Point2 b = planar_positions_[to.index()];
            // The graph's own formula with z = 0, so that both give the very same float.
            return heuristic_scale_ * distance(Point3{a.x, a.y, 0}, Point3{b.x, b.y, 0});
        }
        if (!positions_.empty()) {
            return heuristic_scale_ * distance(positions_[from.index()], positions_[to.index()]);
        }
        return 0;
    }

    /// Bytes held by the copy.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    /// One connection kept: the state it leads to and its cost.
    struct Connection {
        std::uint32_t to;
        Cost cost;
    };

    CompactGraph() = default;

    std::vector<std::uint32_t> first_connection_{0};  // per state, and one past the last
    std::vector<Connection> connections_;
    std::vector<Point2> planar_positions_;      // per state, when every z is 0
    std::vector<Point3> positions_;             // per state, when some z is not
    std::vector<bool> has_position_;            // per state; empty when all or none have one
    std::vector<bool> enabled_;                 // per state
    std::vector<std::uint32_t> state_of_node_;  // per node id; empty when states are node ids
    std::vector<std::uint32_t> node_of_state_;  // per state; empty when states are node ids
    std::size_t id_bound_ = 0;
    Cost heuristic_scale_ = 1;
    StateOrder order_ = StateOrder::ByNodeId;
};

}  // namespace pathkit
