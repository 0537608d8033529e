/// check_lifelong_plan: an independent check of a lifelong run: its moves and its finished tasks.
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
struct LifelongCheck {
    /// Violations, first ones first, each naming the step, agents, tiles or task ("t=4: agents
    /// 2 and 7 both on 5,9"); at most `max_problems` are kept, `problem_count` counts them all.
    std::vector<std::string> problems;
    std::uint64_t problem_count = 0;
    /// Tasks the run claims finished, every agent together.
    std::uint64_t tasks_finished = 0;

    [[nodiscard]] bool valid() const { return problem_count == 0; }
};

/// Checks a lifelong run on `map` against the standard model and its tasks, written apart from
/// the planner: `steps` (every agent's tile at steps 0, 1, 2, ..., in agent order) has at least
/// one step, every step lists every agent, agents start on `starts`, stand on walkable tiles,
/// move to a straight neighbour or wait, never share a tile, never trade tiles along an edge.
/// `tasks[agent]` is its queue in order and `finished[agent]` the step each of its first tasks
/// was claimed finished on: at most its task count, and each task claimed on the first step,
/// from the previous task's step on, that the agent stands on its tile; a task the agent
/// stands on after that without a claim is a problem too (finished but not claimed).
[[nodiscard]] LifelongCheck check_lifelong_plan(
    const GridMap& map, std::span<const Cell> starts, const std::vector<std::vector<Cell>>& tasks,
    const std::vector<std::vector<Cell>>& steps,
    const std::vector<std::vector<std::uint64_t>>& finished, std::size_t max_problems = 20);

}  // namespace pathkit
