// check_lifelong_plan: the moves step by step, then every agent's tasks against its own tiles.
#include "pathkit/mapf/lifelong_check.hpp"

#include <map>

#include "step_rules.hpp"

namespace pathkit {

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
    const std::size_t agents = starts.size();
    if (tasks.size() != agents || finished.size() != agents)
        problem(std::to_string(agents) + " agents, but tasks for " + std::to_string(tasks.size()) +
                " and finished tasks for " + std::to_string(finished.size()));
    if (steps.empty()) problem("the run has no steps");
    for (std::size_t t = 0; t < steps.size(); ++t)
        if (steps[t].size() != agents)
            problem(detail::at_step(t) + std::to_string(steps[t].size()) + " agents listed, not " +
                    std::to_string(agents));
    if (check.problem_count > 0) return check;  // the rest assumes whole steps and lists

    for (std::size_t agent = 0; agent < agents; ++agent)
        if (steps.front()[agent] != starts[agent])
            problem("agent " + std::to_string(agent) + " starts on " +
                    to_string(steps.front()[agent]) + ", not on its start " +
                    to_string(starts[agent]));
    std::map<Cell, std::size_t> holder;
    for (std::size_t t = 0; t < steps.size(); ++t)
        detail::check_step_rules(map, steps, t, holder, problem);

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
