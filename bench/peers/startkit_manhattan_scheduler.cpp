// A task scheduler for the League of Robot Runners start kit that both planners share in
// scripts/bench-lifelong (compiled in place of the kit's src/TaskScheduler.cpp, outside the
// project): the kit's own greedy rule, each free robot takes the free task whose errands it
// would walk through in the fewest steps, with distances always Manhattan's.
//
// The kit itself uses Manhattan distances only on maps above 90,000 tiles (the game example);
// below (the warehouse example, 140 x 500) it grows one breadth-first table per errand tile,
// and with 2,500 robots and 3,750 tasks its scheduler hands out about one task a robot in the
// first hundreds of ticks, while its tables pass 2 GiB: no planner can be compared there.
#include <TaskScheduler.h>

#include <chrono>
#include <climits>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

std::unordered_set<int> free_robots;
std::unordered_set<int> free_tasks;
std::unordered_map<int, int> errand_walk;  // task -> steps from its first errand to its last

int manhattan(int from, int to, int columns) {
    return std::abs(from % columns - to % columns) + std::abs(from / columns - to / columns);
}

}  // namespace

void TaskScheduler::initialize(int /*preprocess_time_limit*/) {}

void TaskScheduler::plan(int time_limit, std::vector<int>& proposed_schedule) {
    // Half the call, as the kit's scheduler takes; the planner gets the rest.
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(time_limit / 2 - 10);
    const int columns = env->cols;
    for (const int task : env->new_tasks) {
        free_tasks.insert(task);
        const std::vector<int>& errands = env->task_pool[task].locations;
        int walk = 0;
        for (std::size_t errand = 1; errand < errands.size(); ++errand)
            walk += manhattan(errands[errand - 1], errands[errand], columns);
        errand_walk[task] = walk;
    }
    free_robots.insert(env->new_freeagents.begin(), env->new_freeagents.end());

    for (auto robot = free_robots.begin(); robot != free_robots.end();) {
        if (std::chrono::steady_clock::now() > deadline) break;
        const int here = env->curr_states[*robot].location;
        int best_task = -1;
        int best_walk = INT_MAX;
        for (const int task : free_tasks) {
            const int walk = manhattan(here, env->task_pool[task].locations.front(), columns) +
                             errand_walk[task];
            if (walk < best_walk) {
                best_walk = walk;
                best_task = task;
            }
        }
        if (best_task < 0) break;  // no free task: the rest wait for the next call
        proposed_schedule[*robot] = best_task;
        free_tasks.erase(best_task);
        errand_walk.erase(best_task);
        robot = free_robots.erase(robot);
    }
}
