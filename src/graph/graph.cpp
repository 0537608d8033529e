// Graph: node and connection bookkeeping, and the path queries that hand it to the engine.
#include "pathkit/graph/graph.hpp"
#include "pathkit/core/text.hpp"

#include <algorithm>
#include <string>

#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

namespace {
std::string node_name(NodeId node) {
    return node.is_valid() ? "node " + std::to_string(node.value) : std::string("invalid node id");
}
NodeId as_node(StateId state) {
    return NodeId(state.value);
}
}  // namespace

NodeId Graph::add_node() {
    return add_node_data(std::nullopt);
}
NodeId Graph::add_node(Point2 position) {
    return add_node_data(Point3{position.x, position.y, 0});
}
NodeId Graph::add_node(Point3 position) {
    return add_node_data(position);
}

NodeId Graph::add_node_data(std::optional<Point3> position) {
    const NodeId id(static_cast<NodeId::value_type>(nodes_.size()));
    nodes_.push_back({true, true, position.has_value()});
    positions_.push_back(position.value_or(Point3{}));
    out_.emplace_back();
    in_.emplace_back();
    ++live_nodes_;
    return id;
}

Status Graph::check_node(NodeId node, const char* operation) const {
    if (contains(node)) return {};
    return Status::invalid_input(std::string(operation) + ": " + node_name(node) +
                                 " is not in the graph");
}

Status Graph::remove_node(NodeId node) {
    if (auto status = check_node(node, "remove_node"); !status) return status;
    for (const Edge& edge : std::vector<Edge>(out_[node.index()]))
        disconnect(node, edge.to);
    for (NodeId source : std::vector<NodeId>(in_[node.index()]))
        disconnect(source, node);
    NodeData& data = nodes_[node.index()];
    if (!data.enabled) --disabled_count_;
    data = {false, false, false};
    --live_nodes_;
    return {};
}

Cost Graph::default_cost(NodeId from, NodeId to) const {
    if (nodes_[from.index()].has_position && nodes_[to.index()].has_position) {
        return distance(positions_[from.index()], positions_[to.index()]);
    }
    return 1;
}

Status Graph::add_connections(NodeId from, std::span<const NodeId> to, bool bidirectional,
                              std::optional<Cost> cost) {
    if (auto status = check_node(from, "add_connections"); !status) return status;
    for (NodeId target : to) {
        if (auto status = check_node(target, "add_connections"); !status) return status;
        if (target == from) {
            return Status::invalid_input(node_name(from) + " cannot be connected to itself");
        }
    }
    if (cost && !is_valid_step_cost(*cost)) {
        return Status::invalid_input("cost " + to_text(*cost) + " is not a finite number >= 0");
    }
    for (NodeId target : to) {
        connect(from, target, cost.value_or(default_cost(from, target)), cost.has_value());
        if (bidirectional) {
            connect(target, from, cost.value_or(default_cost(target, from)), cost.has_value());
        }
    }
    return {};
}

void Graph::connect(NodeId from, NodeId to, Cost cost, bool cost_given) {
    auto& edges = out_[from.index()];
    auto existing =
        std::find_if(edges.begin(), edges.end(), [to](const Edge& edge) { return edge.to == to; });
    if (existing != edges.end()) {
        if (!cost_given) return;
        existing->cost = cost;
    } else {
        edges.push_back({to, cost});
        in_[to.index()].push_back(from);
        ++edge_count_;
    }
    // Keep the distance heuristic a lower bound on every connection's cost.
    if (nodes_[from.index()].has_position && nodes_[to.index()].has_position) {
        const float length = distance(positions_[from.index()], positions_[to.index()]);
        if (length > 0 && cost < heuristic_scale_ * length) heuristic_scale_ = cost / length;
    }
}

void Graph::disconnect(NodeId from, NodeId to) {
    auto& edges = out_[from.index()];
    auto edge =
        std::find_if(edges.begin(), edges.end(), [to](const Edge& e) { return e.to == to; });
    if (edge == edges.end()) return;
    edges.erase(edge);
    auto& sources = in_[to.index()];
    sources.erase(std::find(sources.begin(), sources.end(), from));
    --edge_count_;
}

Status Graph::remove_connections(NodeId from, std::span<const NodeId> to, bool bidirectional) {
    if (auto status = check_node(from, "remove_connections"); !status) return status;
    for (NodeId target : to) {
        if (auto status = check_node(target, "remove_connections"); !status) return status;
    }
    for (NodeId target : to) {
        disconnect(from, target);
        if (bidirectional) disconnect(target, from);
    }
    return {};
}

Status Graph::connect_to_lowest_cost_node(NodeId node, bool bidirectional) {
    if (auto status = check_node(node, "connect_to_lowest_cost_node"); !status) return status;
    if (!nodes_[node.index()].has_position) {
        return Status::invalid_input(node_name(node) + " has no position to measure costs from");
    }
    NodeId nearest;
    float nearest_distance = infinite_cost;
    for (std::size_t index = 0; index < nodes_.size(); ++index) {
        const NodeData& data = nodes_[index];
        if (index == node.index() || !data.alive || !data.enabled || !data.has_position) continue;
        const float length = distance(positions_[node.index()], positions_[index]);
        if (length < nearest_distance) {
            nearest_distance = length;
            nearest = NodeId(static_cast<NodeId::value_type>(index));
        }
    }
    if (!nearest.is_valid()) {
        return Status::invalid_input(
            "no other enabled node with a "
            "position to connect " +
            node_name(node) + " to");
    }
    const NodeId targets[] = {nearest};
    return add_connections(node, targets, bidirectional);
}

std::span<const Edge> Graph::connections(NodeId node) const {
    if (!contains(node)) return {};
    return out_[node.index()];
}

std::span<const NodeId> Graph::incoming(NodeId node) const {
    if (!contains(node)) return {};
    return in_[node.index()];
}

Cost Graph::cost(NodeId from, NodeId to) const {
    for (const Edge& edge : connections(from)) {
        if (edge.to == to) return edge.cost;
    }
    return infinite_cost;
}

Cost Graph::estimated_cost(NodeId from, NodeId to) const {
    if (!contains(from) || !contains(to)) return 0;
    return estimate(StateId(from.value), StateId(to.value));
}

std::optional<Point3> Graph::position(NodeId node) const {
    if (!contains(node) || !nodes_[node.index()].has_position) return std::nullopt;
    return positions_[node.index()];
}

Status Graph::set_enabled(NodeId node, bool enabled) {
    if (auto status = check_node(node, "set_enabled"); !status) return status;
    NodeData& data = nodes_[node.index()];
    if (data.enabled != enabled) {
        data.enabled = enabled;
        if (enabled) {
            --disabled_count_;
        } else {
            ++disabled_count_;
        }
    }
    return {};
}

namespace {
GraphPath refuse(std::string message) {
    GraphPath path;
    path.status = SearchStatus::InvalidInput;
    path.message = std::move(message);
    return path;
}
}  // namespace

GraphPath Graph::find_path(NodeId from, NodeId to, SearchContext& context,
                           const SearchOptions& options) const {
    if (!contains(from)) return refuse("start " + node_name(from) + " is not in the graph");
    if (!contains(to)) return refuse("goal " + node_name(to) + " is not in the graph");
    if (!is_enabled(from)) return refuse("start " + node_name(from) + " is disabled");
    const SingleGoal problem(*this, StateId(to.value));
    auto result = convert_path<NodeId>(
        pathkit::find_path(problem, StateId(from.value), context, options), as_node);
    if (!is_enabled(to) && result.status == SearchStatus::NoPath) {
        result.message = "goal " + node_name(to) + " is disabled";
    }
    return result;
}

GraphPath Graph::find_path_to_any(NodeId from, std::span<const NodeId> goals,
                                  SearchContext& context, const SearchOptions& options) const {
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
        states.push_back(StateId(goal.value));
    }
    const AnyOfGoals problem(*this, std::move(states));
    return convert_path<NodeId>(pathkit::find_path(problem, StateId(from.value), context, options),
                                as_node);
}

std::size_t Graph::memory_bytes() const {
    std::size_t bytes = nodes_.capacity() * sizeof(NodeData) +
                        positions_.capacity() * sizeof(Point3) + out_.capacity() * sizeof(out_[0]) +
                        in_.capacity() * sizeof(in_[0]);
    for (const auto& edges : out_)
        bytes += edges.capacity() * sizeof(Edge);
    for (const auto& sources : in_)
        bytes += sources.capacity() * sizeof(NodeId);
    return bytes;
}

}  // namespace pathkit
