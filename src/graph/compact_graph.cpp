// CompactGraph: freezing a Graph into flat arrays in Hilbert-curve order, and its path queries.
#include "pathkit/graph/compact_graph.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>

#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

namespace {

constexpr std::uint32_t no_state = StateId::invalid_value;

std::string node_name(NodeId node) {
    return node.is_valid() ? "node " + std::to_string(node.value) : std::string("invalid node id");
}

GraphPath refuse(std::string message) {
    GraphPath path;
    path.status = SearchStatus::InvalidInput;
    path.message = std::move(message);
    return path;
}

/// The distance along the Hilbert curve that fills a 65,536 x 65,536 square of the point
/// (x, y), both in [0, 65535].
std::uint32_t hilbert_distance(std::uint32_t x, std::uint32_t y) {
    std::uint32_t distance = 0;
    for (std::uint32_t half = 1u << 15; half > 0; half >>= 1) {
        const std::uint32_t right = (x & half) != 0 ? 1 : 0;
        const std::uint32_t up = (y & half) != 0 ? 1 : 0;
        distance += half * half * ((3 * right) ^ up);
        if (up == 0) {  // turn the quadrant so that the curve enters and leaves it right
            if (right == 1) {
                x = 0xFFFFu - x;
                y = 0xFFFFu - y;
            }
            std::swap(x, y);
        }
    }
    return distance;
}

/// The nodes of `alive` (node ids, ascending) sorted along a Hilbert curve over their x and y
/// (ties by node id); each must have a position.
std::vector<std::uint32_t> hilbert_order(const Graph& graph,
                                         const std::vector<std::uint32_t>& alive) {
    float min_x = std::numeric_limits<float>::infinity(), min_y = min_x;
    float max_x = -min_x, max_y = -min_x;
    for (const std::uint32_t node : alive) {
        const Point3 position = *graph.position(NodeId(node));
        min_x = std::min(min_x, position.x);
        min_y = std::min(min_y, position.y);
        max_x = std::max(max_x, position.x);
        max_y = std::max(max_y, position.y);
    }
    // One scale for both axes, so that the curve's cells are square in the world. Positions
    // that are not finite only spoil the order, never the results.
    const double extent = std::max(double{max_x} - min_x, double{max_y} - min_y);
    const double scale =
        extent > 0 && extent < std::numeric_limits<double>::infinity() ? 65535.0 / extent : 0.0;
    const auto cell = [scale](float value, float minimum) {
        const double scaled = (double{value} - minimum) * scale;
        if (!(scaled > 0)) return std::uint32_t{0};
        return static_cast<std::uint32_t>(std::min(scaled, 65535.0));
    };
    std::vector<std::uint64_t> keys;
    keys.reserve(alive.size());
    for (const std::uint32_t node : alive) {
        const Point3 position = *graph.position(NodeId(node));
        const std::uint64_t distance =
            hilbert_distance(cell(position.x, min_x), cell(position.y, min_y));
        keys.push_back(distance << 32 | node);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<std::uint32_t> order;
    order.reserve(keys.size());
    for (const std::uint64_t key : keys)
        order.push_back(static_cast<std::uint32_t>(key));
    return order;
}

}  // namespace

Expected<CompactGraph> CompactGraph::build(const Graph& graph, StateOrder order) {
    CompactGraph compact;
    compact.id_bound_ = graph.id_bound();
    compact.heuristic_scale_ = graph.heuristic_scale();

    std::vector<std::uint32_t> alive;  // node ids in this copy, ascending
    alive.reserve(graph.node_count());
    std::size_t with_position = 0;
    bool planar = true;
    for (std::size_t index = 0; index < graph.id_bound(); ++index) {
        const NodeId node(static_cast<std::uint32_t>(index));
        if (!graph.contains(node)) continue;
        alive.push_back(node.value);
        if (const auto position = graph.position(node)) {
            ++with_position;
            planar = planar && position->z == 0;
        }
    }

    // The state order: node ids (skipping removed ones), or along the curve.
    const bool curve =
        order == StateOrder::AlongHilbertCurve && !alive.empty() && with_position == alive.size();
    compact.order_ = curve ? StateOrder::AlongHilbertCurve : StateOrder::ByNodeId;
    std::vector<std::uint32_t> node_of_state = curve ? hilbert_order(graph, alive) : alive;
    if (curve || alive.size() != graph.id_bound()) {
        compact.state_of_node_.assign(graph.id_bound(), no_state);
        for (std::uint32_t state = 0; state < node_of_state.size(); ++state)
            compact.state_of_node_[node_of_state[state]] = state;
        compact.node_of_state_ = std::move(node_of_state);
    }
    // (`node_of` checks against the state count, which the rows below have not set yet.)
    const auto node_at = [&compact](std::uint32_t state) {
        return NodeId(compact.node_of_state_.empty() ? state : compact.node_of_state_[state]);
    };
    const std::uint32_t states = static_cast<std::uint32_t>(alive.size());

    // Flags and positions, per state.
    compact.enabled_.resize(states);
    for (std::uint32_t state = 0; state < states; ++state)
        compact.enabled_[state] = graph.is_enabled(node_at(state));
    if (with_position > 0) {
        if (with_position < alive.size()) compact.has_position_.resize(states);
        if (planar) {
            compact.planar_positions_.resize(states);
        } else {
            compact.positions_.resize(states);
        }
        for (std::uint32_t state = 0; state < states; ++state) {
            const auto position = graph.position(node_at(state));
            if (!position) continue;
            if (!compact.has_position_.empty()) compact.has_position_[state] = true;
            if (planar) {
                compact.planar_positions_[state] = {position->x, position->y};
            } else {
                compact.positions_[state] = *position;
            }
        }
    }

    // The rows: each enabled node's connections to enabled nodes, in the graph's order.
    std::size_t kept = 0;
    for (std::uint32_t state = 0; state < states; ++state) {
        if (!compact.enabled_[state]) continue;
        for (const Edge& edge : graph.connections(node_at(state)))
            kept += graph.is_enabled(edge.to) ? 1 : 0;
    }
    if (kept >= std::numeric_limits<std::uint32_t>::max()) {
        return Status::invalid_input("the graph has " + std::to_string(kept) +
                                     " connections between enabled nodes; a compact graph "
                                     "holds at most 4294967294");
    }
    compact.first_connection_.reserve(std::size_t{states} + 1);
    compact.connections_.reserve(kept);
    for (std::uint32_t state = 0; state < states; ++state) {
        if (compact.enabled_[state]) {
            for (const Edge& edge : graph.connections(node_at(state))) {
                if (graph.is_enabled(edge.to))
                    compact.connections_.push_back({compact.state_of(edge.to).value, edge.cost});
            }
        }
        compact.first_connection_.push_back(
            static_cast<std::uint32_t>(compact.connections_.size()));
    }
    return compact;
}

Cost CompactGraph::estimated_cost(NodeId from, NodeId to) const {
    if (!contains(from) || !contains(to)) return 0;
    return estimate(state_of(from), state_of(to));
}

GraphPath CompactGraph::find_path(NodeId from, NodeId to, SearchContext& context,
                                  const SearchOptions& options) const {
    if (!contains(from)) return refuse("start " + node_name(from) + " is not in the graph");
    if (!contains(to)) return refuse("goal " + node_name(to) + " is not in the graph");
    if (!is_enabled(from)) return refuse("start " + node_name(from) + " is disabled");
    const SingleGoal problem(*this, state_of(to));
    auto result =
        convert_path<NodeId>(pathkit::find_path(problem, state_of(from), context, options),
                             [this](StateId state) { return node_of(state); });
    if (!is_enabled(to) && result.status == SearchStatus::NoPath) {
        result.message = "goal " + node_name(to) + " is disabled";
    }
    return result;
}

GraphPath CompactGraph::find_path_to_any(NodeId from, std::span<const NodeId> goals,
                                         SearchContext& context,
                                         const SearchOptions& options) const {
    if (!contains(from)) {
        return refuse("find_path_to_any: start " + node_name(from) + " is not in the graph");
    }
    if (!is_enabled(from))
        return refuse("find_path_to_any: start " + node_name(from) + " is disabled");
    std::vector<StateId> states;
    for (NodeId goal : goals) {
        if (!contains(goal)) {
            return refuse("find_path_to_any: goal " + node_name(goal) + " is not in the graph");
        }
        states.push_back(state_of(goal));
    }
    const AnyOfGoals problem(*this, std::move(states));
    return convert_path<NodeId>(pathkit::find_path(problem, state_of(from), context, options),
                                [this](StateId state) { return node_of(state); });
}

std::size_t CompactGraph::memory_bytes() const {
    const auto bits = [](const std::vector<bool>& flags) { return (flags.capacity() + 7) / 8; };
    return first_connection_.capacity() * sizeof(std::uint32_t) +
           connections_.capacity() * sizeof(Connection) +
           planar_positions_.capacity() * sizeof(Point2) + positions_.capacity() * sizeof(Point3) +
           bits(has_position_) + bits(enabled_) +
           state_of_node_.capacity() * sizeof(std::uint32_t) +
           node_of_state_.capacity() * sizeof(std::uint32_t);
}

}  // namespace pathkit
