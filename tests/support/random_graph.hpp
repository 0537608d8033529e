// Random graphs for tests, and a plain reference Dijkstra to check the engine against.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <queue>
#include <random>
#include <vector>

#include "pathkit/graph/graph.hpp"

namespace pathkit::testing {

/// A random graph with positions in a square, so a distance heuristic is meaningful; every
/// cost is at least the straight-line distance times `min_stretch`.
struct RandomGraphSpec {
    int nodes = 30;
    int edges = 90;
    float side = 100;
    float min_stretch = 1;
    float max_stretch = 3;
    bool with_positions = true;
    bool integer_costs = false;  ///< costs 1..5, many ties
};

inline Graph make_random_graph(const RandomGraphSpec& spec, std::mt19937& random) {
    Graph graph;
    std::uniform_real_distribution<float> coordinate(0, spec.side);
    std::uniform_real_distribution<float> stretch(spec.min_stretch, spec.max_stretch);
    std::uniform_int_distribution<int> pick(0, spec.nodes - 1);
    std::uniform_int_distribution<int> small_cost(1, 5);
    for (int index = 0; index < spec.nodes; ++index) {
        if (spec.with_positions) {
            graph.add_node(Point2{coordinate(random), coordinate(random)});
        } else {
            graph.add_node();
        }
    }
    for (int index = 0; index < spec.edges; ++index) {
        const NodeId from(static_cast<std::uint32_t>(pick(random)));
        const NodeId to(static_cast<std::uint32_t>(pick(random)));
        if (from == to) continue;
        Cost cost;
        if (spec.integer_costs) {
            cost = static_cast<Cost>(small_cost(random));
        } else if (spec.with_positions) {
            cost = distance(*graph.position(from), *graph.position(to)) * stretch(random);
        } else {
            cost = stretch(random);
        }
        const NodeId targets[] = {to};
        (void)graph.add_connections(from, targets, false, cost);
    }
    return graph;
}

/// Textbook Dijkstra with std::priority_queue and lazy deletion, in double precision: the
/// oracle the engine is compared with. Returns the distance to every node (infinity if none).
inline std::vector<double> reference_dijkstra(const Graph& graph, NodeId start) {
    std::vector<double> distance(graph.id_bound(), std::numeric_limits<double>::infinity());
    using Entry = std::pair<double, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    distance[start.index()] = 0;
    open.push({0, start.value});
    while (!open.empty()) {
        const auto [d, node] = open.top();
        open.pop();
        if (d > distance[node]) continue;
        for (const Edge& edge : graph.connections(NodeId(node))) {
            if (!graph.is_enabled(edge.to)) continue;
            const double next = d + edge.cost;
            if (next < distance[edge.to.index()]) {
                distance[edge.to.index()] = next;
                open.push({next, edge.to.value});
            }
        }
    }
    return distance;
}

/// The sum of the graph's costs along `path`, in double precision; +infinity if a step of
/// the path is not a connection.
inline double path_cost(const Graph& graph, const std::vector<NodeId>& path) {
    double total = 0;
    for (std::size_t index = 1; index < path.size(); ++index) {
        total += graph.cost(path[index - 1], path[index]);
    }
    return total;
}

/// Float costs accumulate rounding; the reference works in double.
inline bool close_costs(double a, double b) {
    return std::abs(a - b) <= 1e-4 * std::max(1.0, std::abs(b));
}

/// A small random graph's shape for differential round `round`: 2-60 nodes, up to 4 edges a
/// node, positions in two rounds of three, integer costs in one round of five.
inline RandomGraphSpec small_graph_spec(int round, std::mt19937& random) {
    RandomGraphSpec spec;
    spec.nodes = std::uniform_int_distribution<int>(2, 60)(random);
    spec.edges = std::uniform_int_distribution<int>(0, spec.nodes * 4)(random);
    spec.with_positions = round % 3 != 0;
    spec.integer_costs = round % 5 == 0;
    return spec;
}

}  // namespace pathkit::testing
