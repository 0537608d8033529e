// The connections of an obstacle graph as a set of point pairs, to compare two graphs exactly.
#pragma once

#include <set>
#include <tuple>

#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit::testing {

/// Each connection once, as (x1, y1, x2, y2) with the smaller end first.
using EdgeSet = std::set<std::tuple<float, float, float, float>>;

inline EdgeSet edges_of(const ObstacleGraph& graph) {
    EdgeSet edges;
    for (NodeId node : graph.nodes()) {
        const Point2 a = graph.position(node);
        for (const auto& link : graph.connections(node)) {
            const Point2 b = graph.position(link.to);
            if (std::tie(a.x, a.y) < std::tie(b.x, b.y)) edges.insert({a.x, a.y, b.x, b.y});
        }
    }
    return edges;
}

}  // namespace pathkit::testing
