/// How a search runs: which mode of the engine, budgets, and partial results.
#pragma once

#include <cstddef>
#include <limits>

#include "pathkit/core/cost.hpp"

namespace pathkit {

/// The modes of the one engine.
enum class SearchAlgorithm {
    /// Best-first on f = g + weight * h. Optimal when h is admissible and weight is 1.
    AStar,
    /// A* with a zero heuristic: optimal for any non-negative costs, explores in rings.
    Dijkstra,
    /// First-in first-out order: the path with the fewest steps. Optimal cost only when every
    /// step costs the same; the reported cost is still the true sum of the step costs.
    BreadthFirst,
};

/// No limit on expansions.
inline constexpr std::size_t unlimited_expansions = std::numeric_limits<std::size_t>::max();

/// Options of one search. The defaults give an optimal A* with no limits.
struct SearchOptions {
    SearchAlgorithm algorithm = SearchAlgorithm::AStar;
    /// Weighted A*: f = g + weight * h. Must be finite and >= 1; the path found then costs at
    /// most `weight` times the optimal cost. Ignored by Dijkstra and BreadthFirst.
    float heuristic_weight = 1;
    /// The search stops after expanding this many states (over all slices of a time-sliced
    /// search). Detecting the goal when it is taken off the open list is not an expansion.
    std::size_t max_expansions = unlimited_expansions;
    /// When the goal is not reached (budget exhausted or unreachable), return the path to the
    /// expanded state with the lowest heuristic (ties: lower cost, then earlier expanded) with
    /// status `Partial` instead of an empty path.
    bool allow_partial = false;
};

}  // namespace pathkit
