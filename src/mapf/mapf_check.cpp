// check_mapf_plan: every rule of the standard model checked step by step, with no shortcut
// through the planners' own graph or tables.
#include "pathkit/mapf/mapf_check.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

#include "pathkit/grid/grid_space.hpp"
#include "step_rules.hpp"

namespace pathkit {

namespace {

// Straight steps between two tiles ignoring walls, in 64 bits: ints may be 2^32 apart.
std::uint64_t manhattan(Cell a, Cell b) {
    return static_cast<std::uint64_t>(std::llabs(static_cast<long long>(a.x) - b.x) +
                                      std::llabs(static_cast<long long>(a.y) - b.y));
}

constexpr long out_of_work = -2;

// The shortest number of straight steps from `from` to `to`, -1 when there is none, or
// `out_of_work` when the search needs more than `work` expansions (taken from it).
long steps_between(const GridSpace& space, Cell from, Cell to, SearchContext& context,
                   std::uint64_t& work) {
    if (!space.map().is_walkable(from) || !space.map().is_walkable(to)) return -1;
    if (work == 0) return out_of_work;
    const GridPath path = space.find_path(from, to, context, {.max_expansions = work});
    work -= std::min<std::uint64_t>(work, path.stats.expanded);
    if (path.status == SearchStatus::BudgetExhausted) {
        work = 0;
        return out_of_work;
    }
    return path.found() ? static_cast<long>(path.path.size()) - 1 : -1;
}

}  // namespace

MapfCheck check_mapf_plan(const GridMap& map, std::span<const Cell> starts,
                          std::span<const Cell> goals, const std::vector<std::vector<Cell>>& steps,
                          std::size_t max_problems, std::uint64_t search_limit) {
    MapfCheck check;
    const auto problem = [&](const std::string& text) {
        if (check.problems.size() < max_problems) check.problems.push_back(text);
        ++check.problem_count;
    };
    const std::size_t agents = starts.size();
    if (goals.size() != agents)
        problem(std::to_string(agents) + " starts but " + std::to_string(goals.size()) + " goals");

    // Lower bounds, each agent alone, on the map without terrain multipliers (a copy only when
    // it has some).
    std::optional<GridMap> unit_copy;
    if (map.has_terrain_costs()) {
        unit_copy.emplace(map);
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x)
                (void)unit_copy->set_terrain_cost({map.origin().x + x, map.origin().y + y}, 1);
    }
    const GridSpace space(unit_copy ? *unit_copy : map,
                          {.diagonal = DiagonalPolicy::Never, .straight_cost = 1});
    SearchContext context;
    std::uint64_t work = search_limit;
    for (std::size_t agent = 0; agent < std::min(agents, goals.size()); ++agent) {
        long distance = steps_between(space, starts[agent], goals[agent], context, work);
        if (distance == out_of_work) {
            ++check.agents_without_exact_bound;
            distance = static_cast<long>(manhattan(starts[agent], goals[agent]));
        }
        if (distance < 0) {
            problem("agent " + std::to_string(agent) + " cannot reach its goal " +
                    to_string(goals[agent]) + " from " + to_string(starts[agent]));
            continue;
        }
        check.sum_of_costs_lower_bound += static_cast<std::uint64_t>(distance);
        check.makespan_lower_bound =
            std::max(check.makespan_lower_bound, static_cast<std::uint64_t>(distance));
    }

    if (steps.empty()) {
        problem("the plan has no steps");
        return check;
    }
    for (std::size_t t = 0; t < steps.size(); ++t)
        if (steps[t].size() != agents)
            problem(detail::at_step(t) + std::to_string(steps[t].size()) + " agents listed, not " +
                    std::to_string(agents));
    if (check.problem_count > 0) return check;  // the rest assumes whole steps

    check.makespan = steps.size() - 1;
    for (std::size_t agent = 0; agent < agents; ++agent) {
        if (steps.front()[agent] != starts[agent])
            problem("agent " + std::to_string(agent) + " starts on " +
                    to_string(steps.front()[agent]) + ", not on its start " +
                    to_string(starts[agent]));
        if (agent < goals.size() && steps.back()[agent] != goals[agent])
            problem("agent " + std::to_string(agent) + " ends on " +
                    to_string(steps.back()[agent]) + ", not on its goal " +
                    to_string(goals[agent]));
        std::size_t last_away = 0;  // the time after its last step off its goal
        for (std::size_t t = 0; t < steps.size(); ++t)
            if (agent >= goals.size() || steps[t][agent] != goals[agent]) last_away = t + 1;
        check.sum_of_costs += last_away;
    }

    std::map<Cell, std::size_t> holder;
    for (std::size_t t = 0; t < steps.size(); ++t)
        detail::check_step_rules(map, steps, t, holder, problem);
    return check;
}

}  // namespace pathkit
