// The oracle of the link tests: walking distances from a visibility graph without links, and a
// Dijkstra over the start, the goal and the links' ends, walking or crossing links.
#pragma once

#include <cmath>
#include <vector>

#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit::test_oracles {

/// A link as the oracle sees it: its ends, its cost, and whether it goes both ways.
struct LinkSpec {
    Point2 from, to;
    float cost;
    bool both_ways;
};

/// The length of the shortest way from `start` to `goal` that walks on `graph` (which has no
/// links) between the links' ends and crosses links at their cost; INFINITY when none.
inline double shortest_with_links(const ObstacleGraph& graph, Point2 start, Point2 goal,
                                  const std::vector<LinkSpec>& links) {
    std::vector<Point2> points{start, goal};
    for (const LinkSpec& link : links) {
        points.push_back(link.from);
        points.push_back(link.to);
    }
    const std::size_t count = points.size();
    std::vector<std::vector<double>> step(count, std::vector<double>(count, INFINITY));
    for (std::size_t a = 0; a < count; ++a)
        for (std::size_t b = 0; b < count; ++b) {
            if (a == b) continue;
            const PlanePath walk = graph.find_path(points[a], points[b]);
            if (walk.found()) step[a][b] = walk.cost;
        }
    for (std::size_t link = 0; link < links.size(); ++link) {
        const std::size_t from = 2 + 2 * link, to = from + 1;
        step[from][to] = std::min<double>(step[from][to], links[link].cost);
        if (links[link].both_ways)
            step[to][from] = std::min<double>(step[to][from], links[link].cost);
    }
    std::vector<double> best(count, INFINITY);
    std::vector<bool> done(count, false);
    best[0] = 0;
    for (std::size_t round = 0; round < count; ++round) {
        std::size_t next = count;
        for (std::size_t at = 0; at < count; ++at)
            if (!done[at] && (next == count || best[at] < best[next])) next = at;
        if (next == count || best[next] == INFINITY) break;
        done[next] = true;
        for (std::size_t to = 0; to < count; ++to)
            best[to] = std::min(best[to], best[next] + step[next][to]);
    }
    return best[1];
}

}  // namespace pathkit::test_oracles
