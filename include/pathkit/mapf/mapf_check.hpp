/// check_mapf_plan: an independent check of a many-agent plan, and its costs and lower bounds.
#pragma once

#include <cstddef>
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
    /// distances from start to goal. Agents whose search did not fit in the work limit count
    /// their straight-line (Manhattan) distance instead, a weaker bound that is still true.
    std::uint64_t sum_of_costs_lower_bound = 0;
    std::uint64_t makespan_lower_bound = 0;
    /// Agents whose bound is the Manhattan distance because the searches reached their limit
    /// (0: every bound is the shortest distance).
    std::uint64_t agents_without_exact_bound = 0;

    [[nodiscard]] bool valid() const { return problem_count == 0; }
};

/// Expansions the lower-bound searches of one check make at most by default, all agents
/// together (a few seconds at most; one agent on a winding 8192 x 8192 map takes ~30 million).
inline constexpr std::uint64_t mapf_check_search_limit = 50'000'000;

/// Checks `steps` (every agent's tile at times 0, 1, 2, ..., in agent order) against the
/// standard model on `map`: at least one step, every step lists every agent, agents start on
/// `starts` and end on `goals`, stand on walkable tiles inside the map, move to a straight
/// neighbour or wait, never share a tile (vertex conflict) and never trade tiles along an edge
/// (swap conflict). Written apart from the planners: lower bounds come from the one search
/// engine over the map, with every step costing 1 (terrain multipliers are ignored), agent
/// after agent until they have expanded `search_limit` tiles in all; the agents left get the
/// Manhattan distance (and an agent whose goal is unreachable is then not reported unless its
/// plan is checked). Coordinates may be any `int`: differences are taken in 64 bits.
[[nodiscard]] MapfCheck check_mapf_plan(const GridMap& map, std::span<const Cell> starts,
                                        std::span<const Cell> goals,
                                        const std::vector<std::vector<Cell>>& steps,
                                        std::size_t max_problems = 20,
                                        std::uint64_t search_limit = mapf_check_search_limit);

}  // namespace pathkit
