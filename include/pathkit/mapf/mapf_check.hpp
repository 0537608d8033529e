/// check_mapf_plan: an independent check of a many-agent plan, and its costs and lower bounds.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "pathkit/grid/cell.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

/// What the check found.
struct MapfCheck {
    /// Violations, first ones first, each naming the time, agents and tiles ("t=4: agents 2 and
    /// 7 both on 5,9"); at most `max_problems` are kept, `problem_count` counts them all.
    std::vector<std::string> problems;
    std::uint64_t problem_count = 0;
    /// Sum over agents of the time they last arrive at their goal (the standard sum of costs),
    /// and the plan's length in steps (its makespan).
    std::uint64_t sum_of_costs = 0;
    std::uint64_t makespan = 0;
    /// Lower bounds from each agent alone: the sum and the largest of the shortest 4-connected
    /// distances from start to goal.
    std::uint64_t sum_of_costs_lower_bound = 0;
    std::uint64_t makespan_lower_bound = 0;

    [[nodiscard]] bool valid() const { return problem_count == 0; }
};

/// Checks `steps` (every agent's tile at times 0, 1, 2, ..., in agent order) against the
/// standard model on `map`: at least one step, every step lists every agent, agents start on
/// `starts` and end on `goals`, stand on walkable tiles inside the map, move to a straight
/// neighbour or wait, never share a tile (vertex conflict) and never trade tiles along an edge
/// (swap conflict). Written apart from the planners: lower bounds come from the one search
/// engine over the map, with every step costing 1 (terrain multipliers are ignored).
[[nodiscard]] MapfCheck check_mapf_plan(const GridMap& map, std::span<const Cell> starts,
                                        std::span<const Cell> goals,
                                        const std::vector<std::vector<Cell>>& steps,
                                        std::size_t max_problems = 20);

}  // namespace pathkit
