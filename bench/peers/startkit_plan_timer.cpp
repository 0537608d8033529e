// Planning time per call in the League of Robot Runners start kit (whose 3.x simulator leaves
// its output's plannerTimes empty), the same way for the kit's planner and pathkit's adapter:
// linked into both lifelong builds by scripts/bench-lifelong, outside the project.
//
// Each call records two figures in milliseconds: the whole call (from the kit's
// env->plan_start_time, so the kit's task scheduler included) and the planner's part alone.
// They are appended to the file named by PATHKIT_PLAN_TIMES, one call a line:
// "CALL_MS PLANNER_MS". The kit's default planner is timed by wrapping DefaultPlanner::plan
// (the linker's --wrap, which the script passes); pathkit's adapter calls
// startkit_record_plan_time itself.
#include <SharedEnv.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace {

double in_milliseconds(std::chrono::steady_clock::duration duration) {
    return std::chrono::duration<double, std::milli>(duration).count();
}

}  // namespace

/// Records one planning call that began (the kit's clock) at `call_start` and whose planner
/// began at `planner_start`; ends now. Written at once: the kit leaves by _exit, so nothing
/// may wait for the end of the program.
void startkit_record_plan_time(std::chrono::steady_clock::time_point call_start,
                               std::chrono::steady_clock::time_point planner_start) {
    const auto now = std::chrono::steady_clock::now();
    static std::mutex mutex;
    static std::FILE* file = nullptr;
    static bool opened = false;
    const std::lock_guard<std::mutex> lock(mutex);
    if (!opened) {
        opened = true;
        const char* path = std::getenv("PATHKIT_PLAN_TIMES");
        if (path != nullptr) file = std::fopen(path, "w");
    }
    if (file == nullptr) return;
    std::fprintf(file, "%.3f %.3f\n", in_milliseconds(now - call_start),
                 in_milliseconds(now - planner_start));
    std::fflush(file);
}

// The kit's default planner, reached through the linker's --wrap.
void real_default_plan(int time_limit, std::vector<std::vector<Action>>& actions, SharedEnvironment* env, int steps) __asm__(
    "__real__ZN14DefaultPlanner4planEiRSt6vectorIS0_I6ActionSaIS1_EESaIS3_EEP17"
    "SharedEnvironmenti");
void timed_default_plan(int time_limit, std::vector<std::vector<Action>>& actions, SharedEnvironment* env, int steps) __asm__(
    "__wrap__ZN14DefaultPlanner4planEiRSt6vectorIS0_I6ActionSaIS1_EESaIS3_EEP17"
    "SharedEnvironmenti");

void timed_default_plan(int time_limit, std::vector<std::vector<Action>>& actions,
                        SharedEnvironment* env, int steps) {
    const auto planner_start = std::chrono::steady_clock::now();
    real_default_plan(time_limit, actions, env, steps);
    startkit_record_plan_time(env->plan_start_time, planner_start);
}
