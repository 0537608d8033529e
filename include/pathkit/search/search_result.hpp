/// What a search returns: a status that tells found from partial from no path, and statistics.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pathkit/core/cost.hpp"
#include "pathkit/core/ids.hpp"

namespace pathkit {

/// The outcome of a search.
enum class SearchStatus {
    /// The search has started and not ended (time-sliced searches only).
    InProgress,
    /// A goal was reached; the path is optimal unless weighted A* was asked for.
    Found,
    /// The goal was not reached and `allow_partial` was set: the path leads to the closest
    /// state found. The message says whether the budget ran out or the goal is unreachable.
    Partial,
    /// The expansion budget ran out before a goal was reached (and partial paths were off).
    BudgetExhausted,
    /// Every state reachable from the start was explored: no path reaches the goal.
    NoPath,
    /// An argument was refused (unknown or blocked start, NaN or negative cost, weight < 1...);
    /// the message names it.
    InvalidInput,
};

/// A name for the status, e.g. "found", "no_path", for output and logs.
[[nodiscard]] std::string_view to_string(SearchStatus status);

/// Counters of one search, to compare algorithms and tune budgets.
struct SearchStats {
    /// Which method ran: "astar", "weighted-astar", "dijkstra", "breadth-first", or a name a
    /// space adds ("jps"; a jump point query on a weighted grid runs and reports "astar").
    std::string_view method = "astar";
    /// States taken off the open list whose successors were generated.
    std::uint64_t expanded = 0;
    /// Successors produced by the space (each edge looked at once per expansion).
    std::uint64_t generated = 0;
    /// Closed states put back on the open list because a cheaper path to them was found.
    std::uint64_t reopened = 0;
    /// Heap operations: pushes, pops and decrease-keys.
    std::uint64_t heap_pushes = 0;
    std::uint64_t heap_pops = 0;
    std::uint64_t heap_decreases = 0;
};

/// The result of a search, with the path given as `Location`s (states, graph nodes, cells...).
/// `path` runs from the start to the goal (or to the closest state for a partial result), both
/// included; it is empty for NoPath, BudgetExhausted and InvalidInput.
template <class Location>
struct PathResult {
    SearchStatus status = SearchStatus::NoPath;
    /// Why the status is what it is; empty when a path was found.
    std::string message;
    std::vector<Location> path;
    /// Sum of the step costs along `path` (0 when the path is empty or a single state).
    Cost cost = 0;
    SearchStats stats;

    /// True when `path` reaches a goal.
    [[nodiscard]] bool found() const { return status == SearchStatus::Found; }
};

/// What the engine itself returns: the path as state ids.
using SearchResult = PathResult<StateId>;

/// The same result with every state turned into a location by `to_location(StateId)`.
template <class Location, class Convert>
[[nodiscard]] PathResult<Location> convert_path(SearchResult&& result, Convert&& to_location) {
    PathResult<Location> converted;
    converted.status = result.status;
    converted.message = std::move(result.message);
    converted.path.reserve(result.path.size());
    for (StateId state : result.path)
        converted.path.push_back(to_location(state));
    converted.cost = result.cost;
    converted.stats = result.stats;
    return converted;
}

inline std::string_view to_string(SearchStatus status) {
    switch (status) {
        case SearchStatus::InProgress:
            return "in_progress";
        case SearchStatus::Found:
            return "found";
        case SearchStatus::Partial:
            return "partial";
        case SearchStatus::BudgetExhausted:
            return "budget_exhausted";
        case SearchStatus::NoPath:
            return "no_path";
        case SearchStatus::InvalidInput:
            return "invalid";
    }
    return "unknown";
}

}  // namespace pathkit
