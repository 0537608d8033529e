// The League of Robot Runners start kit (2024, 3.x)'s MAPFPlanner answered by pathkit's PIBT
// with traffic-flow guide paths (bench/peers/startkit_pathkit_core.hpp): compiled by
// scripts/bench-lifelong in place of the kit's src/MAPFPlanner.cpp, against the kit's headers,
// outside the project (never part of a pathkit library).
//
// This kit's scheduler gives each robot its next errand (env->goal_locations) and its executor
// runs the returned multi-step plan: each call returns one action a robot for each of the
// steps the executor takes before the next call.
#include <MAPFPlanner.h>

#include <chrono>
#include <memory>
#include <vector>

#include "startkit_pathkit_core.hpp"

namespace {

// Milliseconds kept back from each call's limit for returning the plan (as the kit's default).
constexpr int time_tolerance_ms = 10;

std::unique_ptr<startkit_pathkit::PathkitPlanner> planner;

}  // namespace

// In bench/peers/startkit_plan_timer.cpp, linked beside this file.
void startkit_record_plan_time(std::chrono::steady_clock::time_point call_start,
                               std::chrono::steady_clock::time_point planner_start);

void MAPFPlanner::initialize(int /*preprocess_time_limit*/) {
    planner = startkit_pathkit::make_planner(env->rows, env->cols, env->map);
    planner->sync_from = 2.0;  // synchronised steps are the 2023 adapter's (one action a call)
}

void MAPFPlanner::plan(int time_limit, Plan& plan) {
    const auto planner_start = std::chrono::steady_clock::now();
    const auto deadline =
        env->plan_start_time + std::chrono::milliseconds(time_limit - time_tolerance_ms);
    const int steps =
        env->min_planner_communication_time / (env->action_time * env->max_counter) + 1;
    std::vector<startkit_pathkit::Robot> robots;
    std::vector<int> goals;
    startkit_pathkit::read_robots(*env, robots, goals);
    startkit_pathkit::plan_call(*planner, std::move(robots), goals, env->rows, steps, planner_start,
                                deadline, plan.actions);
    startkit_record_plan_time(env->plan_start_time, planner_start);
}
