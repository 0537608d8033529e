// check_lifelong_plan: the moves step by step, then every agent's tasks against its own tiles.
#include "pathkit/mapf/lifelong_check.hpp"

#include <cstdlib>
#include <map>

namespace pathkit {

namespace {

bool straight_neighbours_or_same(Cell a, Cell b) {
    return std::llabs(static_cast<long long>(a.x) - b.x) +
               std::llabs(static_cast<long long>(a.y) - b.y) <=
           1;
}

}  // namespace

LifelongCheck check_lifelong_plan(const GridMap& map, std::span<const Cell> starts,
                                  const std::vector<std::vector<Cell>>& tasks,
                                  const std::vector<std::vector<Cell>>& steps,
                                  const std::vector<std::vector<std::uint64_t>>& finished,
                                  std::size_t max_problems) {
    LifelongCheck check;
    const auto problem = [&](const std::string& text) {
        if (check.problems.size() < max_problems) check.problems.push_back(text);
        ++check.problem_count;
    };
    const auto at = [](std::size_t t) { return "t=" + std::to_string(t) + ": "; };
    const std::size_t agents = starts.size();
    if (tasks.size() != agents || finished.size() != agents)
        problem(std::to_string(agents) + " agents, but tasks for " + std::to_string(tasks.size()) +
                " and finished tasks for " + std::to_string(finished.size()));
    if (steps.empty()) problem("the run has no steps");
    for (std::size_t t = 0; t < steps.size(); ++t)
        if (steps[t].size() != agents)
            problem(at(t) + std::to_string(steps[t].size()) + " agents listed, not " +
                    std::to_string(agents));
    if (check.problem_count > 0) return check;  // the rest assumes whole steps and lists

    std::map<Cell, std::size_t> holder;
    for (std::size_t t = 0; t < steps.size(); ++t) {
        holder.clear();
        for (std::size_t agent = 0; agent < agents; ++agent) {
            const Cell here = steps[t][agent];
            const std::string who = "agent " + std::to_string(agent);
            if (t == 0 && here != starts[agent])
                problem(who + " starts on " + to_string(here) + ", not on its start " +
                        to_string(starts[agent]));
            if (!map.is_walkable(here))
                problem(at(t) + who + " on " + to_string(here) +
                        (map.contains(here) ? ", a blocked tile" : ", outside the map"));
            if (const auto [other, added] = holder.try_emplace(here, agent); !added)
                problem(at(t) + "agents " + std::to_string(other->second) + " and " +
                        std::to_string(agent) + " both on " + to_string(here));
            if (t > 0 && !straight_neighbours_or_same(steps[t - 1][agent], here))
                problem(at(t) + who + " jumps from " + to_string(steps[t - 1][agent]) + " to " +
                        to_string(here));
        }
        if (t == 0) continue;
        for (std::size_t agent = 0; agent < agents; ++agent) {  // a moves onto b's tile, b onto a's
            const Cell before = steps[t - 1][agent], here = steps[t][agent];
            if (before == here) continue;
            const auto other = holder.find(before);
            if (other == holder.end() || other->second == agent) continue;
            if (steps[t - 1][other->second] == here && agent < other->second)
                problem(at(t) + "agents " + std::to_string(agent) + " and " +
                        std::to_string(other->second) + " trade tiles " + to_string(before) +
                        " and " + to_string(here));
        }
    }

    for (std::size_t agent = 0; agent < agents; ++agent) {
        const std::string who = "agent " + std::to_string(agent);
        const std::vector<Cell>& queue = tasks[agent];
        const std::vector<std::uint64_t>& claims = finished[agent];
        check.tasks_finished += claims.size();
        if (claims.size() > queue.size()) {
            problem(who + " claims " + std::to_string(claims.size()) + " tasks finished, of " +
                    std::to_string(queue.size()));
            continue;
        }
        std::size_t from = 0;  // the step the previous task was finished on
        for (std::size_t task = 0; task <= claims.size() && task < queue.size(); ++task) {
            std::size_t visit = from;  // the first step from `from` on its tile, or past the end
            while (visit < steps.size() && steps[visit][agent] != queue[task])
                ++visit;
            const std::string what =
                who + "'s task " + std::to_string(task + 1) + " (" + to_string(queue[task]) + ")";
            if (task == claims.size()) {  // the first task not claimed: never reached
                if (visit < steps.size())
                    problem(what + " is reached at t=" + std::to_string(visit) +
                            " but not claimed finished");
                break;
            }
            if (claims[task] != visit) {
                problem(what + " is claimed finished at t=" + std::to_string(claims[task]) +
                        (visit < steps.size()
                             ? ", but the agent first stands on it at t=" + std::to_string(visit)
                             : ", but the agent never stands on it after its task " +
                                   std::to_string(task) + " (or its start)"));
                break;
            }
            from = visit;
        }
    }
    return check;
}

}  // namespace pathkit
