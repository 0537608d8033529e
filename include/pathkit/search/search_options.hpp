/// How a search runs: which mode of the engine, budgets, and partial results.
#pragma once

#include <cstddef>
#include <limits>
#include <optional>
#include <string_view>

#include "pathkit/core/cost.hpp"

namespace pathkit {

/// The searches pathkit runs: the modes of the one engine, and jump point search, which is the
/// engine on a tile grid seen through its jump points. Every front end (the command line,
/// Python, C, the playground) names them with `to_string` and reads them with
/// `search_algorithm_named`.
enum class SearchAlgorithm {
    /// Best-first on f = g + weight * h. Optimal when h is admissible and weight is 1; weighted
    /// A* with `SearchOptions::heuristic_weight` above 1.
    AStar,
    /// A* with a zero heuristic: optimal for any non-negative costs, explores in rings.
    Dijkstra,
    /// First-in first-out order: the path with the fewest steps. Optimal cost only when every
    /// step costs the same; the reported cost is still the true sum of the step costs.
    BreadthFirst,
    /// Jump point search (tile grids only: `GridSpace::find_path`): A* between the tiles where
    /// an optimal path may turn, found by scanning the map. Optimal; refused on terrain costs,
    /// units bigger than a tile and diagonal costs outside (straight, 2 x straight).
    Jps,
    /// JPS+: jump point search reading jump distances computed once for the map and its rules
    /// (tile grids only; the space builds them at its first such query and again after the map
    /// changes). Refused where `Jps` is.
    JpsPlus,
};

/// "astar", "dijkstra", "bfs", "jps" or "jps+".
[[nodiscard]] const char* to_string(SearchAlgorithm algorithm);
/// The search a name stands for: a name `to_string` gives, or "breadth-first" for bfs.
[[nodiscard]] std::optional<SearchAlgorithm> search_algorithm_named(std::string_view name);
/// Every name `search_algorithm_named` reads, for messages and help.
inline constexpr std::string_view search_algorithm_names = "astar, dijkstra, bfs, jps, jps+";
/// True for the searches that run only on tile grids (jps, jps+).
[[nodiscard]] constexpr bool runs_on_grids_only(SearchAlgorithm algorithm) {
    return algorithm == SearchAlgorithm::Jps || algorithm == SearchAlgorithm::JpsPlus;
}

/// No limit on expansions.
inline constexpr std::size_t unlimited_expansions = std::numeric_limits<std::size_t>::max();

/// Options of one search. The defaults give an optimal A* with no limits.
struct SearchOptions {
    SearchAlgorithm algorithm = SearchAlgorithm::AStar;
    /// Weighted A*: f = g + weight * h. Must be finite and >= 1. Above 1 a state once
    /// expanded is not expanded again (a cheaper way found to it later is not taken): with a
    /// consistent heuristic the path found then costs at most `weight` times the optimal
    /// cost, and always what the result reports. Ignored by Dijkstra and BreadthFirst.
    float heuristic_weight = 1;
    /// The search stops after expanding this many states (over all slices of a time-sliced
    /// search). Detecting the goal when it is taken off the open list is not an expansion.
    std::size_t max_expansions = unlimited_expansions;
    /// When the goal is not reached (budget exhausted or unreachable), return the path to the
    /// expanded state with the lowest heuristic (ties: lower cost, then earlier expanded) with
    /// status `Partial` instead of an empty path.
    bool allow_partial = false;
    /// Only paths cheaper than this are sought (when finite): a state whose cost so far plus
    /// its heuristic (unweighted) reaches it is not put on the open list. With an admissible
    /// heuristic an optimal search (A*, Dijkstra, jps, jps+) then finds the cheapest path when
    /// it costs less, and NoPath says that no path does (to prove a path in hand optimal, say).
    /// Ignored by BreadthFirst.
    Cost cost_bound = infinite_cost;
};

}  // namespace pathkit
