// Paths checked step by step against a grid space's own moves.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "pathkit/grid/grid_space.hpp"

namespace pathkit::testing {

/// The cost of walking `path` by moves of `space` (each step one the space offers, at its
/// cost), or why it is no such walk.
inline std::variant<double, std::string> walked_cost(const GridSpace& space,
                                                     const std::vector<Cell>& path) {
    const GridMap& map = space.map();
    double walked = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        bool is_move = false;
        Cost step = 0;
        space.for_each_successor(StateId(map.index(path[i - 1])), [&](StateId next, Cost c) {
            if (next.value == map.index(path[i])) is_move = true, step = c;
        });
        if (!is_move) return "no move from " + to_string(path[i - 1]) + " to " + to_string(path[i]);
        walked += step;
    }
    return walked;
}

}  // namespace pathkit::testing
