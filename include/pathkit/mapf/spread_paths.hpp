/// spread_paths: one path per agent that keeps out of the others' way where it costs little,
/// to guide PIBT (the space utilisation idea of LaCAM3's "scatter").
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// For each agent a path from its start to its goal on which stepping onto a tile costs one
/// more for every other agent whose path uses it, found by the one search engine (A* with the
/// exact distance as heuristic), in two rounds over the agents so that early paths see later
/// ones. Stops at `deadline`: agents not reached yet get an empty path. Paths are plain
/// routes, not timed: PIBT prefers the next tile of an agent's route while the agent is on it.
[[nodiscard]] std::vector<std::vector<MapfVertex>> spread_paths(
    const MapfGraph& graph, DistanceTables& distances, const MapfConfiguration& starts,
    const MapfConfiguration& goals, std::chrono::steady_clock::time_point deadline);

}  // namespace pathkit
