// Synchronised steps for the 2023 start kit's adapter on maps packed nearly full
// (plan_sync_call): each PIBT step, the best of many tries, kept as every robot's target until
// all have got there. Compiled with bench/peers/startkit2023_pathkit_planner.cpp, outside the
// project.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "startkit_pathkit_core.hpp"

namespace startkit_pathkit {

// The quarter turns (0 to 2) a robot at `robot` needs to face `target`, a neighbour.
inline int turns_to_face(const Robot& robot, int target, int columns) {
    const int apart = (facing(robot.location, target, columns) - robot.orientation + 4) % 4;
    return apart == 2 ? 2 : apart == 0 ? 0 : 1;
}

// What a synchronised step from `robots` (PIBT's `state.from`) to `next` gains: the steps
// towards the goals (lost ones subtracted) and the ticks it takes (1 plus the most quarter
// turns a moving robot needs first).
struct StepGain {
    long steps = 0;
    int ticks = 1;
};
inline StepGain step_gain(PathkitPlanner& state, const std::vector<Robot>& robots,
                          const pathkit::MapfConfiguration& next) {
    StepGain gain;
    for (std::size_t agent = 0; agent < robots.size(); ++agent) {
        if (next[agent] == state.from[agent]) continue;
        const auto id = static_cast<std::uint32_t>(agent);
        gain.steps += static_cast<long>(state.pibt->distance_to_goal(id, state.from[agent])) -
                      static_cast<long>(state.pibt->distance_to_goal(id, next[agent]));
        const int turns = turns_to_face(robots[agent], state.location(next[agent]), state.columns);
        gain.ticks = std::max(gain.ticks, 1 + turns);
    }
    return gain;
}

// PIBT's step for every robot, the best of `sync_samples` tries by steps gained per tick: the
// first in priority order, the others with each priority raised by a random amount below
// `sync_noise`. False when no try could be made.
inline bool sample_steps(PathkitPlanner& state, const std::vector<Robot>& robots,
                         std::chrono::steady_clock::time_point deadline) {
    pathkit::MapfConfiguration best;
    double best_score = 0;
    std::vector<float> keys(robots.size());
    std::uint64_t random = state.seed * 7919 + state.sync_calls++;
    for (std::uint32_t sample = 0; sample < state.sync_samples; ++sample) {
        if (sample > 0 && std::chrono::steady_clock::now() >= deadline - state.reserve) break;
        for (std::size_t agent = 0; agent < robots.size(); ++agent) {
            random = random * 6364136223846793005ULL + 1442695040888963407ULL;
            const double noise = sample == 0 ? 0 : static_cast<double>(random >> 40) / (1 << 24);
            keys[agent] = state.priorities[agent] + static_cast<float>(noise * state.sync_noise);
        }
        std::sort(state.order.begin(), state.order.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return keys[a] > keys[b]; });
        std::fill(state.next.begin(), state.next.end(), MapfVertex());
        if (!state.pibt->plan_step(state.from, state.next, state.order)) continue;
        const StepGain gain = step_gain(state, robots, state.next);
        const double score = static_cast<double>(gain.steps) / gain.ticks;
        if (best.empty() || score > best_score) best = state.next, best_score = score;
    }
    if (best.empty()) return false;
    state.next = std::move(best);
    return true;
}

// A robot on its synchronised target with nothing to do (`actions` W) turns meanwhile towards
// the neighbour nearest its goal, so that a step there later needs no turn.
inline void turn_waiting_robots(PathkitPlanner& state, const std::vector<Robot>& robots,
                                std::vector<Action>& actions) {
    const std::size_t agents = robots.size();
    for (std::size_t agent = 0; agent < agents; ++agent) {
        const MapfVertex goal = state.pibt->goals()[agent];
        const Robot robot = robots[agent];
        if (actions[agent] != Action::W || state.from[agent] != state.sync_target[agent] ||
            state.from[agent] == goal)
            continue;
        const std::uint32_t table = state.distances->table_for(goal);
        const int x = robot.location % state.columns, y = robot.location / state.columns;
        std::uint32_t best_distance = pathkit::DistanceTables::unreachable;
        int best_way = robot.orientation;
        for (int turn = 0; turn < 4; ++turn) {  // the way faced first, so it wins ties
            const int way = (robot.orientation + turn) % 4;
            const MapfVertex there = state.graph->vertex_at({x + step_x[way], y + step_y[way]});
            if (!there.is_valid()) continue;
            const std::uint32_t distance = state.distances->distance(table, there);
            if (distance < best_distance) best_distance = distance, best_way = way;
        }
        const int turn = (best_way - robot.orientation + 4) % 4;
        if (turn != 0) actions[agent] = turn == 3 ? Action::CCR : Action::CR;
    }
}

// Synchronised steps, for maps packed nearly full: a PIBT step (a tile each, from where the
// robots stand; the best of several tries, sample_steps) stays every robot's target until all
// have got there, however many ticks their turns take; only then is the next step planned. A
// robot facing its target steps there once the tile empties (or its robot steps on too); the
// others turn first, and a robot on its target meanwhile turns towards its goal. A step is
// conflict-free, so every robot gets there within three ticks (two turns and a step). Planning a
// fresh step each tick instead breaks the chains of moves apart while their robots turn. The
// robots' actions for this tick go to `actions`.
inline void plan_sync_call(PathkitPlanner& state, const std::vector<Robot>& robots,
                           const std::vector<int>& goal_locations, int rows,
                           std::chrono::steady_clock::time_point deadline,
                           std::vector<Action>& actions) {
    const std::size_t agents = robots.size();
    if (!state.pibt) start_pibt(state, robots);
    take_errands(state, goal_locations);
    if (state.sync_target.size() != agents) {
        state.sync_target.resize(agents);
        for (std::size_t agent = 0; agent < agents; ++agent)
            state.sync_target[agent] = state.vertex(robots[agent].location);
    }
    // Under way: a robot not yet on its target keeps it (for `sync_patience` ticks at most, a
    // guard against waits that cannot end).
    state.sync_ticks.resize(agents, 0);
    state.order.clear();
    std::size_t under_way = 0;
    for (std::uint32_t agent = 0; agent < agents; ++agent) {
        state.from[agent] = state.vertex(robots[agent].location);
        const bool keep = state.from[agent] != state.sync_target[agent] &&
                          ++state.sync_ticks[agent] <= state.sync_patience;
        if (!keep) {
            state.sync_ticks[agent] = 0;
            state.sync_target[agent] = state.from[agent];
        }
        if (keep) {
            state.next[agent] = state.sync_target[agent];
            ++under_way;
        } else {
            state.next[agent] = MapfVertex();
            state.order.push_back(agent);
        }
    }
    if (under_way == 0) {
        state.distances->stop_at(deadline);
        (void)guide(state, robots, deadline - state.reserve);
        set_pibt_poses(state, robots);
        bool planned = false;
        try {
            planned = sample_steps(state, robots, deadline);
        } catch (const pathkit::DistanceTables::OutOfTime&) {
        }
        state.distances->stop_at(std::nullopt);
        if (planned) {
            state.sync_target = state.next;
            age_priorities(state, robots);
        }
    }
    std::vector<int> robot_on(static_cast<std::size_t>(rows) * state.columns, -1);
    for (std::size_t agent = 0; agent < agents; ++agent)
        robot_on[robots[agent].location] = static_cast<int>(agent);
    std::vector<Robot> moved = robots;
    state.next = state.sync_target;
    state.followed.clear();
    actions.assign(agents, Action::W);
    step_actions(state, moved, actions, robot_on);
    turn_waiting_robots(state, robots, actions);
}

}  // namespace startkit_pathkit
