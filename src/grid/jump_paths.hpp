// From a jump point search's states to a grid path: the corner between each two jump points,
// and the path shaped as asked (every tile or the turns).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "jump_rules.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit::detail {

/// The tile between two consecutive states of a jump point path where the diagonal (or, under
/// Never, vertical) run turns into the straight one; none for a single run.
[[nodiscard]] inline std::optional<Cell> jump_corner(DiagonalPolicy policy, Cell from, Cell to) {
    const int x = to.x - from.x, y = to.y - from.y;
    if (x == 0 || y == 0) return std::nullopt;
    if (policy == DiagonalPolicy::Never) return Cell{from.x, to.y};
    if (std::abs(x) == std::abs(y)) return std::nullopt;
    const int diagonal_steps = std::min(std::abs(x), std::abs(y));
    return Cell{from.x + diagonal_steps * sign(x), from.y + diagonal_steps * sign(y)};
}

/// Searches `problem` (jump points, without links) from `start` and puts the tiles of its
/// path in `waypoints`, last first: each state's cell (`cell_of`) and the corner between
/// each two. Without links the turns are built straight from the search's records: each
/// jump is a diagonal (or vertical) run, then a straight one, so the corner goes in between.
template <class Problem, class CellOf>
[[nodiscard]] SearchResult search_jump_points(const Problem& problem, StateId start,
                                              SearchContext& context, const SearchOptions& options,
                                              DiagonalPolicy policy, const CellOf& cell_of,
                                              std::vector<Cell>& waypoints) {
    Search searcher(problem, context, options);
    if (searcher.begin(start) == SearchStatus::InProgress) searcher.step();
    waypoints.reserve(32);
    return searcher.finish_walking([&](StateId state) {
        const Cell cell = cell_of(state);
        if (!waypoints.empty()) {
            if (const auto corner = jump_corner(policy, cell, waypoints.back()))
                waypoints.push_back(*corner);
        }
        waypoints.push_back(cell);
    });
}

/// A search without links as a grid path: its tiles from `waypoints` (as
/// `search_jump_points` leaves them), every tile or the turns as `shape` asks.
[[nodiscard]] inline GridPath path_from_waypoints(SearchResult&& search,
                                                  std::vector<Cell>&& waypoints, PathShape shape) {
    GridPath result;
    result.status = search.status;
    result.message = std::move(search.message);
    result.cost = search.cost;
    result.stats = search.stats;
    std::reverse(waypoints.begin(), waypoints.end());
    if (shape == PathShape::Tiles) {
        result.path = expand_path(waypoints);
    } else {
        compress_path_in_place(waypoints);  // the turns
        result.path = std::move(waypoints);
    }
    return result;
}

}  // namespace pathkit::detail
