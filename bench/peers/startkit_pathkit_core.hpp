// pathkit's lifelong planner for the League of Robot Runners start kits (2023 and 2024), shared
// by bench/peers/startkit_pathkit_planner.cpp and startkit2023_pathkit_planner.cpp: compiled by
// scripts/bench-lifelong against a kit's headers, outside the project (never part of a pathkit
// library). Include it after the kit's MAPFPlanner.h (it uses the kit's Action: FW, CR, CCR, W).
//
// The kit's robots face one of four ways and act by FW (a step ahead), CR/CCR (a quarter turn)
// or W; the kit gives each robot its next errand and runs the returned actions. Each step here
// is one PIBT step of pathkit (straight moves between tiles, distances without turn costs)
// turned into actions:
// - a robot PIBT keeps in place waits (W);
// - a robot facing the tile PIBT chose steps ahead (FW) if that tile is empty or its robot
//   steps on too (a chain, or a cycle, of FW), and waits otherwise;
// - a robot facing elsewhere turns towards the tile (CR or CCR; CR twice for the opposite
//   way) and stays; the tile stays its choice on the next steps (a PIBT constraint) until it
//   steps there or the constraint cannot be met.
// Before the steps, each call spends its time but a reserve on guide paths by traffic flow
// (TrafficFlow: each robot's path priced by the others' flows, opposite flows above all,
// renewed in turn from call to call), which PIBT follows (its choices ordered by steps to go
// along the path, the tile a robot faces first among equals); the reserve is twice what the
// previous call's steps took.
//
// On maps packed nearly full (at least 80% of the open tiles) the 2023 adapter keeps each PIBT
// step as the robots' targets until all have got there (plan_sync_call, in
// startkit_pathkit_sync.hpp), the best of many tries by steps gained per tick.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "pathkit/grid/grid_map.hpp"
#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"
#include "pathkit/mapf/pibt.hpp"
#include "pathkit/mapf/traffic_flow.hpp"
#include "pathkit/mapf/window_refiner.hpp"

namespace startkit_pathkit {

using pathkit::MapfVertex;

// Bytes for the distance tables (one per goal, 4 bytes a tile; least recently used freed).
constexpr std::size_t distance_memory_limit = std::size_t{1} << 30;
// The least time of each call kept for PIBT's steps after the guide paths.
constexpr std::chrono::milliseconds minimum_reserve{50};
constexpr int no_location = -1;

struct Robot {
    int location = 0;
    int orientation = 0;  // 0 east, 1 south, 2 west, 3 north (the kit's)
};

/// Each robot's tile and heading and its current goal (its own tile when it has none), read
/// from either kit's environment: both hold `curr_states` and `goal_locations` alike.
template <class Environment>
void read_robots(const Environment& env, std::vector<Robot>& robots, std::vector<int>& goals) {
    const auto agents = static_cast<std::size_t>(env.num_of_agents);
    robots.assign(agents, {});
    goals.assign(agents, 0);
    for (std::size_t agent = 0; agent < agents; ++agent) {
        robots[agent] = {env.curr_states[agent].location, env.curr_states[agent].orientation};
        goals[agent] = env.goal_locations[agent].empty() ? robots[agent].location
                                                         : env.goal_locations[agent].front().first;
    }
}

struct PathkitPlanner {
    std::optional<pathkit::GridMap> map;
    std::optional<pathkit::MapfGraph> graph;
    std::unique_ptr<pathkit::DistanceTables> distances;
    std::unique_ptr<pathkit::Pibt> pibt;
    int columns = 0;
    std::vector<float> priorities;     // by agent: 1 a step off its goal, a tie-break below 1
    std::vector<int> turning_towards;  // by agent: the tile it turned towards, or no_location
    std::vector<std::uint32_t> order;  // scratch
    // Whether among robots equally long under way the one with fewer steps to go comes first
    // in PIBT (as the 2023 winner's order does), rather than by a fixed tie-break: once the
    // robots fill `closer_first_from` of the open tiles (settle_density). random_600 (73%), the
    // first 10 ticks: 23 tasks against 8 to 14 (the robots near their first goal stood in
    // jams); random_400 (49%) 1,288 tasks against 1,206; random_200 (24%) 1,124 against 1,131.
    double closer_first_from = 0.4;
    bool closer_first = false;
    std::vector<double> keys;                    // scratch, by agent
    std::unique_ptr<pathkit::TrafficFlow> flow;  // the guide paths
    pathkit::MapfConfiguration ahead;            // by agent: the tile it faces, or none
    std::chrono::steady_clock::duration reserve = minimum_reserve;  // kept for PIBT's steps
    pathkit::MapfConfiguration from, next;
    std::uint64_t seed = 0;              // PIBT's
    double turn_cost = -1;               // PIBT's cost of a quarter turn, in steps; < 0: by density
    std::vector<std::uint8_t> headings;  // scratch
    // The windowed planner (plan_window_call): its refiner and the plan it executed a step of.
    std::unique_ptr<pathkit::WindowRefiner> refiner;
    pathkit::MapfPosePlan window_plan;
    std::vector<int> window_goals;  // by agent: the goal window_plan was made for
    // Followed in the PIBT steps (by agent: its poses from now, or empty): a robot standing on
    // the pose of its step takes the plan's next action, PIBT plans the others around it.
    pathkit::MapfPosePlan follow;
    std::vector<Action> forced;          // by agent, this step: the plan's action, if followed
    std::vector<std::uint8_t> followed;  // by agent, this step: whether it follows its plan
    pathkit::MapfConfiguration planned;  // by agent, this step: the plan's tile, if followed
    // Whether the plan's tile is PIBT's first choice for a followed robot (which a robot of
    // higher priority may still push off it) rather than a constraint: while the robots fill
    // less than `soft_follow_below` of the open tiles (settle_density). The first choice lets a
    // jam's oldest robots through at 400 robots on 819 tiles (+5% tasks) but breaks the LNS's
    // plans apart at 600 (a third fewer tasks), where the constraint is kept.
    double soft_follow_below = 0.6;
    bool soft_follow = true;
    // One-way lanes (pathkit::crisscross_move_costs): the costs of a step along a lane, against
    // it, and of a turn or wait, in the LNS and (as steps along / against, in units of a step
    // along) in the guide paths; 0: none. Dropped while the robots fill less than `lanes_from`
    // of the open tiles (settle_density): with little traffic they only make robots detour
    // (200 robots on 819 tiles: 2% fewer tasks; 100 on 1,277: 3%; 400 on 1,277: 5% more).
    std::uint16_t lane_along = 0, lane_against = 0, lane_stay = 0;
    // The lanes' middle_rise (pathkit::crisscross_move_costs): every move dearer inside a cheap
    // outer band, round the middle of the map, where most routes meet.
    std::uint16_t lane_middle_rise = 0;
    double lanes_from = 0.28;
    // Stronger lanes (1, 4, 2, as 10, 40, 20) where robots fill from `strong_lanes_from` of the
    // open tiles up to `sync_from` (settle_density; only when there are lanes): against 2, 3, 2,
    // 200 ticks, random_600 (73%) 737 tasks against 634 (three seeds), warehouse_small_800 (63%)
    // 1,524 against 1,098, warehouse_small_1000 (78%) 834 against 570; random_400 (49%) loses
    // 7%. Their middle rise is `strong_middle_rise` (in tenths of a step along): as a plateau
    // with a cheap outer band, random_600 843 tasks (six seeds) against 773 with a rise that
    // fell evenly to the edge, warehouse_small_1000 970 against 852, warehouse_small_800 1,645
    // against 1,670 (docs/benchmarks.md).
    double strong_lanes_from = 0.6;
    std::uint16_t strong_middle_rise = 5;
    // The windowed planner's window in steps from `short_window_from` fill (settle_density;
    // 0 below: WindowOptions::window): random_600 (73%), seeds 0 to 2, 747 tasks a run with 15
    // steps against 702 with 25 (10 steps: 671).
    double short_window_from = 0.6;
    int short_window = 15;
    int window = 0;
    // A guidance graph in place of the lanes, whatever the fill (read_guidance): by tile x 5,
    // the cost of a step east, south, west, north and of a turn or wait; empty: the lanes.
    std::vector<float> guidance;
    // Synchronised steps (plan_sync_call) once the robots fill at least `sync_from` of the open
    // tiles (settle_density): each the best of `sync_samples` PIBT steps, whose priorities are
    // raised by a random amount below `sync_noise` in all tries but the first.
    double sync_from = 0.8;
    bool sync = false;
    std::uint32_t sync_samples = 64;
    double sync_noise = 2;
    std::uint32_t sync_patience = 6;         // ticks a robot may be under way to its target
    std::uint64_t sync_calls = 0;            // steps planned (the tries' random numbers)
    std::vector<std::uint32_t> sync_ticks;   // by agent: ticks under way to its target
    pathkit::MapfConfiguration sync_target;  // plan_sync_call's step under way, by agent

    [[nodiscard]] MapfVertex vertex(int location) const {
        return graph->vertex_at({location % columns, location / columns});
    }
    [[nodiscard]] int location(MapfVertex vertex) const {
        const pathkit::Cell cell = graph->cell(vertex);
        return cell.y * columns + cell.x;
    }
};

inline int facing(int from, int to, int columns) {
    if (to == from + 1) return 0;
    if (to == from + columns) return 1;
    if (to == from - 1) return 2;
    return 3;
}

// A step along each heading (the kit's: 0 east, 1 south, 2 west, 3 north).
constexpr int step_x[4] = {1, 0, -1, 0};
constexpr int step_y[4] = {0, 1, 0, -1};

inline int ahead(const Robot& robot, int columns) {
    return robot.location + step_x[robot.orientation] + step_y[robot.orientation] * columns;
}

// The kit's action that takes a robot from pose `from` to pose `to`, one legal move apart.
inline Action action_between(pathkit::MapfPose from, pathkit::MapfPose to) {
    if (to.vertex != from.vertex) return Action::FW;
    if (to.heading == (from.heading + 1) % 4) return Action::CR;
    if (to.heading == (from.heading + 3) % 4) return Action::CCR;
    return Action::W;
}

// PIBT's starting tiles (`state.from`), the tiles the robots face and (with a turn cost) their
// headings, from `robots`.
inline void set_pibt_poses(PathkitPlanner& state, const std::vector<Robot>& robots) {
    const std::size_t agents = robots.size();
    for (std::size_t agent = 0; agent < agents; ++agent) {
        state.from[agent] = state.vertex(robots[agent].location);
        const int heading = robots[agent].orientation;
        state.ahead[agent] =
            state.graph->vertex_at({robots[agent].location % state.columns + step_x[heading],
                                    robots[agent].location / state.columns + step_y[heading]});
    }
    state.pibt->set_headings(state.ahead);
    if (state.turn_cost > 0) {
        state.headings.resize(agents);
        for (std::size_t agent = 0; agent < agents; ++agent)
            state.headings[agent] = static_cast<std::uint8_t>(robots[agent].orientation);
        state.pibt->set_turn_costs(state.headings, state.turn_cost);
    }
}

// `agents` by PIBT's priority, highest first: ticks under way to the errand, then (with
// `closer_first`) the fewer steps still to go, else the fixed tie-break. PIBT's starting tiles
// (`state.from`) must be set. Throws DistanceTables::OutOfTime as the distance searches do.
inline void sort_by_priority(PathkitPlanner& state, std::vector<std::uint32_t>& agents) {
    if (!state.closer_first) {
        std::sort(agents.begin(), agents.end(), [&](std::uint32_t a, std::uint32_t b) {
            return state.priorities[a] > state.priorities[b];
        });
        return;
    }
    const double scale = 1.0 / (static_cast<double>(state.graph->vertex_count()) + 1);
    state.keys.resize(state.priorities.size());
    for (const std::uint32_t agent : agents) {
        const std::uint32_t to_go = state.pibt->distance_to_goal(agent, state.from[agent]);
        state.keys[agent] = std::floor(state.priorities[agent]) + 1 -
                            std::min(1.0, static_cast<double>(to_go) * scale) +
                            (state.priorities[agent] - std::floor(state.priorities[agent])) * scale;
    }
    std::sort(agents.begin(), agents.end(),
              [&](std::uint32_t a, std::uint32_t b) { return state.keys[a] > state.keys[b]; });
}

// One PIBT step from `robots`; false when the distance searches ran out of time.
inline bool pibt_step(PathkitPlanner& state, const std::vector<Robot>& robots, int step) {
    const std::size_t agents = robots.size();
    state.followed.assign(agents, 0);
    state.forced.assign(agents, Action::W);
    state.planned.assign(agents, MapfVertex());
    for (std::size_t agent = 0; agent < agents && !state.follow.empty(); ++agent) {
        const auto& path = state.follow[agent];
        const auto at = static_cast<std::size_t>(step);
        if (at + 1 >= path.size() || path[at].vertex != state.vertex(robots[agent].location) ||
            path[at].heading != robots[agent].orientation)
            continue;
        const pathkit::MapfPose from = path[at], to = path[at + 1];
        state.followed[agent] = 1;
        state.forced[agent] = action_between(from, to);
        state.planned[agent] = to.vertex;
    }
    const bool soft = state.soft_follow && !state.follow.empty();
    state.pibt->set_first_choices(soft ? std::span<const MapfVertex>(state.planned)
                                       : std::span<const MapfVertex>());
    set_pibt_poses(state, robots);
    for (int attempt = 0; attempt < 2; ++attempt) {
        state.order.clear();
        for (std::uint32_t agent = 0; agent < agents; ++agent) {
            if (state.followed[agent]) {  // the plan's tile: a constraint, or a first choice
                state.next[agent] = soft ? MapfVertex() : state.planned[agent];
                if (soft) state.order.push_back(agent);
                continue;
            }
            const int target = state.turning_towards[agent];
            state.next[agent] = target == no_location ? MapfVertex() : state.vertex(target);
            if (target == no_location) state.order.push_back(agent);
        }
        try {
            sort_by_priority(state, state.order);
            if (state.pibt->plan_step(state.from, state.next, state.order)) return true;
        } catch (const pathkit::DistanceTables::OutOfTime&) {
            return false;
        }
        // The turned robots' tiles could not all be kept: plan everyone afresh.
        std::fill(state.turning_towards.begin(), state.turning_towards.end(), no_location);
        std::fill(state.followed.begin(), state.followed.end(), 0);
    }
    return false;  // unreachable: without constraints every robot finds a tile
}

// The actions of one step from PIBT's choice `state.next`, applied to `robots`.
inline void step_actions(PathkitPlanner& state, std::vector<Robot>& robots,
                         std::vector<Action>& actions, std::vector<int>& robot_on) {
    const std::size_t agents = robots.size();
    const int columns = state.columns;
    for (std::size_t agent = 0; agent < agents; ++agent) {
        const int here = robots[agent].location;
        const int there = state.location(state.next[agent]);
        state.turning_towards[agent] = no_location;
        if (!state.followed.empty() && state.followed[agent] &&
            state.next[agent] == state.planned[agent]) {  // kept to its plan
            actions[agent] = state.forced[agent];
            continue;
        }
        if (there == here) {
            actions[agent] = Action::W;
            continue;
        }
        const int way = facing(here, there, columns);
        const int turn = (way - robots[agent].orientation + 4) % 4;
        if (turn == 0) {
            actions[agent] = Action::FW;
            continue;
        }
        actions[agent] = turn == 3 ? Action::CCR : Action::CR;
        state.turning_towards[agent] = there;
    }
    // FW only into a tile that empties: walk each chain of FW to its end once.
    enum class Verdict : std::uint8_t { unknown, walking, go, stop };
    std::vector<Verdict> verdict(agents, Verdict::unknown);
    std::vector<std::size_t> chain;
    for (std::size_t first = 0; first < agents; ++first) {
        if (actions[first] != Action::FW || verdict[first] != Verdict::unknown) continue;
        chain.clear();
        std::size_t agent = first;
        Verdict outcome = Verdict::go;
        while (true) {
            verdict[agent] = Verdict::walking;
            chain.push_back(agent);
            const int blocker = robot_on[ahead(robots[agent], columns)];
            if (blocker < 0) break;
            const auto other = static_cast<std::size_t>(blocker);
            if (verdict[other] == Verdict::walking) {  // a cycle: all move together, but
                if (chain.size() >= 2 && chain[chain.size() - 2] == other)
                    outcome = Verdict::stop;  // two robots may not swap tiles
                break;
            }
            if (verdict[other] != Verdict::unknown) {
                outcome = verdict[other];
                break;
            }
            if (actions[other] != Action::FW) {
                outcome = Verdict::stop;
                break;
            }
            agent = other;
        }
        for (const std::size_t member : chain) {
            verdict[member] = outcome;
            if (outcome == Verdict::stop) actions[member] = Action::W;
        }
    }
    // Apply: leave every tile first, then enter, so chains and cycles stay consistent.
    for (std::size_t agent = 0; agent < agents; ++agent)
        if (actions[agent] == Action::FW) robot_on[robots[agent].location] = -1;
    for (std::size_t agent = 0; agent < agents; ++agent) {
        Robot& robot = robots[agent];
        if (actions[agent] == Action::FW) {
            robot.location = ahead(robot, columns);
            robot_on[robot.location] = static_cast<int>(agent);
        } else if (actions[agent] == Action::CR) {
            robot.orientation = (robot.orientation + 1) % 4;
        } else if (actions[agent] == Action::CCR) {
            robot.orientation = (robot.orientation + 3) % 4;
        }
    }
}

// Guide paths by traffic flow (pathkit's TrafficFlow: per robot a path priced by the flows
// of the others' paths, opposite flows above all) until `deadline`, which PIBT follows. Robots
// with a new errand come first, then those pushed off their path, then the others in turn.
// Returns when the paths were found (what follows, handing them over and PIBT's steps, is what
// the reserve covers).
inline std::chrono::steady_clock::time_point guide(PathkitPlanner& state,
                                                   const std::vector<Robot>& robots,
                                                   std::chrono::steady_clock::time_point deadline) {
    const std::size_t agents = robots.size();
    for (std::size_t agent = 0; agent < agents; ++agent)
        state.from[agent] = state.vertex(robots[agent].location);
    try {
        (void)state.flow->update(state.from, state.pibt->goals(), deadline);
    } catch (const pathkit::DistanceTables::OutOfTime&) {
    }
    const auto found = std::chrono::steady_clock::now();
    try {
        state.pibt->follow_routes(state.flow->routes());
    } catch (const pathkit::DistanceTables::OutOfTime&) {
    }
    return found;
}

// Each robot's errand (`goal_locations`, by agent) given to PIBT; a robot with a new one starts
// again at the lowest priority (its tie-break kept).
inline void take_errands(PathkitPlanner& state, const std::vector<int>& goal_locations) {
    for (std::size_t agent = 0; agent < goal_locations.size(); ++agent) {
        const MapfVertex goal = state.vertex(goal_locations[agent]);
        if (state.pibt->goals()[agent] == goal) continue;
        state.pibt->set_goal(static_cast<std::uint32_t>(agent), goal);
        state.priorities[agent] -= std::floor(state.priorities[agent]);
    }
}

// PIBT's priorities a step on, robots standing at `robots`: up by one off the goal, back to
// the tie-break on it.
inline void age_priorities(PathkitPlanner& state, const std::vector<Robot>& robots) {
    for (std::size_t agent = 0; agent < robots.size(); ++agent) {
        const bool on_goal = state.vertex(robots[agent].location) == state.pibt->goals()[agent];
        state.priorities[agent] =
            on_goal ? state.priorities[agent] - std::floor(state.priorities[agent])
                    : state.priorities[agent] + 1;
    }
}

// The settings that depend on how full the map is (`agents` robots on its open tiles): the
// first choice and the lanes. Called once, by start_pibt, before any planner is made.
inline void settle_density(PathkitPlanner& state, std::size_t agents) {
    const double fill =
        static_cast<double>(agents) / static_cast<double>(state.graph->vertex_count());
    state.soft_follow = fill < state.soft_follow_below;
    state.sync = fill >= state.sync_from;
    state.closer_first = fill >= state.closer_first_from;
    state.window = fill >= state.short_window_from ? state.short_window : 0;
    if (fill < state.lanes_from) state.lane_along = state.lane_against = state.lane_stay = 0;
    if (state.lane_along > 0 && fill >= state.strong_lanes_from && !state.sync) {
        state.lane_along = 10;
        state.lane_against = 40;
        state.lane_stay = 20;
        state.lane_middle_rise = state.strong_middle_rise;
    }
    if (state.turn_cost < 0) state.turn_cost = state.sync ? 0.5 : 0;
}

// The guidance graph as move costs (pathkit::WindowRefiner::Options::move_costs, by vertex x
// 5): `state.guidance` scaled so that its cheapest move costs 10, else the lanes, else none.
inline std::vector<std::uint16_t> move_costs(const PathkitPlanner& state) {
    if (state.guidance.empty()) {
        if (state.lane_along == 0) return {};
        return pathkit::crisscross_move_costs(*state.graph, state.lane_along, state.lane_against,
                                              state.lane_stay, state.lane_middle_rise);
    }
    const std::uint32_t vertices = state.graph->vertex_count();
    const auto given = [&](std::uint32_t vertex, std::size_t way) {
        const auto tile = static_cast<std::size_t>(state.location(MapfVertex(vertex)));
        return state.guidance[tile * 5 + way];
    };
    float cheapest = std::numeric_limits<float>::max();
    for (std::uint32_t vertex = 0; vertex < vertices; ++vertex)
        for (std::size_t way = 0; way < 5; ++way)
            cheapest = std::min(cheapest, given(vertex, way));
    std::vector<std::uint16_t> costs(std::size_t{vertices} * 5);
    for (std::uint32_t vertex = 0; vertex < vertices; ++vertex)
        for (std::size_t way = 0; way < 5; ++way)
            costs[std::size_t{vertex} * 5 + way] = static_cast<std::uint16_t>(
                std::lround(std::clamp(10 * given(vertex, way) / cheapest, 1.0f,
                                       float{pathkit::WindowRefiner::largest_move_cost})));
    return costs;
}

// PIBT and the per-robot state, made on the first call (the kits fill the robots' states only
// after `initialize`) from where the robots stand.
inline void start_pibt(PathkitPlanner& state, const std::vector<Robot>& robots) {
    const std::size_t agents = robots.size();
    settle_density(state, agents);
    pathkit::MapfConfiguration starts(agents);
    for (std::size_t agent = 0; agent < agents; ++agent)
        starts[agent] = state.vertex(robots[agent].location);
    state.pibt = std::make_unique<pathkit::Pibt>(*state.graph, *state.distances, starts, state.seed,
                                                 /*swap=*/false);
    state.priorities.resize(agents);
    for (std::size_t agent = 0; agent < agents; ++agent)
        state.priorities[agent] = static_cast<float>(agent) / static_cast<float>(agents);
    state.turning_towards.assign(agents, no_location);
    pathkit::TrafficFlowOptions flow_options;
    if (const std::vector<std::uint16_t> costs = move_costs(state); !costs.empty()) {
        // In units of the cheapest step: the guide paths' estimate is the steps to go.
        std::uint16_t cheapest = pathkit::WindowRefiner::largest_move_cost;
        for (std::size_t vertex = 0; vertex < state.graph->vertex_count(); ++vertex)
            for (std::size_t way = 0; way < 4; ++way)
                cheapest = std::min(cheapest, costs[vertex * 5 + way]);
        flow_options.step_costs.resize(std::size_t{state.graph->vertex_count()} * 4);
        for (std::size_t vertex = 0; vertex < state.graph->vertex_count(); ++vertex)
            for (std::size_t way = 0; way < 4; ++way)
                flow_options.step_costs[vertex * 4 + way] =
                    static_cast<float>(costs[vertex * 5 + way]) / cheapest;
    }
    state.flow = std::make_unique<pathkit::TrafficFlow>(*state.graph, *state.distances, agents,
                                                        flow_options);
    state.ahead.resize(agents);
    state.from.resize(agents);
    state.next.resize(agents);
}

// The planner for a kit's map (`rows` x `columns` tiles, row by row, 0 open, anything else a
// wall); throws std::runtime_error when pathkit refuses the size.
inline std::unique_ptr<PathkitPlanner> make_planner(int rows, int columns,
                                                    const std::vector<int>& tiles) {
    auto map = pathkit::GridMap::create(columns, rows);
    if (!map) throw std::runtime_error("pathkit adapter: map size refused");
    auto planner = std::make_unique<PathkitPlanner>();
    planner->map.emplace(std::move(map).value());
    for (int location = 0; location < rows * columns; ++location)
        if (tiles[static_cast<std::size_t>(location)] != 0)
            (void)planner->map->set_walkable({location % columns, location / columns}, false);
    planner->columns = columns;
    planner->graph.emplace(*planner->map);
    planner->distances =
        std::make_unique<pathkit::DistanceTables>(*planner->graph, distance_memory_limit);
    return planner;
}

// One planning call: `steps` actions for each robot (`actions`, by agent, one a step) from
// where the robots stand (`robots`, the kit's states) towards their errands
// (`goal_locations`, by agent: the tile, or the robot's own for none), the guide paths until
// `deadline` but the reserve; `planner_start` is when the call began.
inline void plan_call(PathkitPlanner& state, std::vector<Robot> robots,
                      const std::vector<int>& goal_locations, int rows, int steps,
                      std::chrono::steady_clock::time_point planner_start,
                      std::chrono::steady_clock::time_point deadline,
                      std::vector<std::vector<Action>>& actions_by_agent) {
    if (!state.pibt) start_pibt(state, robots);
    const std::size_t agents = robots.size();
    const int columns = state.columns;
    std::vector<int> robot_on(static_cast<std::size_t>(rows) * columns, -1);
    for (std::size_t agent = 0; agent < agents; ++agent) {
        robot_on[robots[agent].location] = static_cast<int>(agent);
        // A turn planned last time holds only while the robot still stands next to its tile.
        const int target = state.turning_towards[agent];
        if (target != no_location && std::abs(target - robots[agent].location) != 1 &&
            std::abs(target - robots[agent].location) != columns)
            state.turning_towards[agent] = no_location;
    }
    take_errands(state, goal_locations);

    actions_by_agent.assign(agents, {});
    std::vector<Action> actions(agents, Action::W);
    state.distances->stop_at(deadline);
    const auto guided = guide(state, robots, deadline - state.reserve);
    bool ran_out = false;
    for (int step = 0; step < steps; ++step) {
        if (!pibt_step(state, robots, step)) {
            ran_out = true;
            std::fill(actions.begin(), actions.end(), Action::W);
            std::fill(state.turning_towards.begin(), state.turning_towards.end(), no_location);
        } else {
            step_actions(state, robots, actions, robot_on);
        }
        for (std::size_t agent = 0; agent < agents; ++agent)
            actions_by_agent[agent].push_back(actions[agent]);
        age_priorities(state, robots);
    }
    state.distances->stop_at(std::nullopt);
    // Next call's reserve: twice what this call's steps took after the routes (at least 50 ms),
    // or twice this call's when they ran out of time (at most half the call).
    state.reserve = ran_out ? std::min(2 * state.reserve, (deadline - planner_start) / 2)
                            : std::max(std::chrono::steady_clock::duration(minimum_reserve),
                                       2 * (std::chrono::steady_clock::now() - guided));
}

// Windowed planning (Jiang et al. 2024's windowed PIBT-LNS): `window` PIBT steps as above
// (guide paths, then steps) make a plan of every robot's poses; a WindowRefiner (LNS with a
// space-time A* over tile and heading) improves it until `deadline`; each robot's action is the
// plan's first step. With `follow`, the PIBT steps keep each robot on the last call's refined
// plan (a step on) while it stands where that plan put it and its errand is the same: the
// plan's tile is its first choice in PIBT (`soft_follow`, by density; a robot of higher
// priority may still push it off, so a jam's oldest robots get through) or, without, a
// constraint PIBT plans the others around; a robot given its plan's tile takes the plan's
// action. So the LNS's work carries over from call to call and PIBT plans only the window's
// new last step, robots with a new errand and robots pushed off their plan. PIBT's per-robot
// state (priorities, turns under way) moves on by the first step only. Returns the LNS's
// rounds.
struct WindowOptions {
    int window = 25;
    std::uint32_t neighbourhood = 8;
    // Time the PIBT steps and guide paths may take at most, from the call's start.
    std::chrono::milliseconds pibt_time{200};
    // Whether PIBT's steps keep robots on the last call's plan (see above).
    bool follow = true;
    // Whether the LNS takes the robots in the way of the most delayed one in half its rounds.
    bool walks = true;
};

inline std::uint64_t plan_window_call(PathkitPlanner& state, const std::vector<Robot>& robots,
                                      const std::vector<int>& goal_locations, int rows,
                                      const WindowOptions& options,
                                      std::chrono::steady_clock::time_point planner_start,
                                      std::chrono::steady_clock::time_point deadline,
                                      std::vector<Action>& actions) {
    const std::size_t agents = robots.size();
    if (!state.pibt) start_pibt(state, robots);
    if (!state.refiner) {
        pathkit::WindowRefiner::Options refiner_options{options.neighbourhood, true, state.seed};
        refiner_options.walks = options.walks;
        refiner_options.move_costs = move_costs(state);
        state.refiner = std::make_unique<pathkit::WindowRefiner>(*state.graph, refiner_options);
    }
    std::vector<float> priorities = state.priorities;
    for (std::size_t agent = 0; agent < agents; ++agent)  // a new errand: as plan_call does
        if (state.pibt->goals()[agent] != state.vertex(goal_locations[agent]))
            priorities[agent] -= std::floor(priorities[agent]);
    // The last call's plan from where the robots stand, for robots still on it with the same goal.
    state.follow.assign(options.follow ? agents : 0, {});
    for (std::size_t agent = 0; agent < state.follow.size() && state.window_plan.size() == agents;
         ++agent) {
        const auto& last = state.window_plan[agent];
        if (last.size() < 2 || state.window_goals[agent] != goal_locations[agent]) continue;
        state.follow[agent].assign(last.begin() + 1, last.end());
    }
    std::vector<std::vector<Action>> by_agent;
    plan_call(state, robots, goal_locations, rows, state.window > 0 ? state.window : options.window,
              planner_start, std::min(deadline, planner_start + options.pibt_time), by_agent);
    state.follow.clear();
    state.followed.clear();
    state.priorities = priorities;

    // PIBT's actions as poses.
    pathkit::MapfPosePlan plan(agents);
    pathkit::MapfConfiguration goals(agents);
    for (std::size_t agent = 0; agent < agents; ++agent) {
        goals[agent] = state.vertex(goal_locations[agent]);
        pathkit::MapfPose pose{state.vertex(robots[agent].location),
                               static_cast<std::uint8_t>(robots[agent].orientation)};
        plan[agent].push_back(pose);
        for (const Action action : by_agent[agent]) {
            if (action == Action::FW) pose.vertex = state.refiner->ahead(pose.vertex, pose.heading);
            if (action == Action::CR)
                pose.heading = static_cast<std::uint8_t>((pose.heading + 1) % 4);
            if (action == Action::CCR)
                pose.heading = static_cast<std::uint8_t>((pose.heading + 3) % 4);
            plan[agent].push_back(pose);
        }
    }
    const std::uint64_t rounds = state.refiner->refine(plan, goals, deadline);

    actions.assign(agents, Action::W);
    for (std::size_t agent = 0; agent < agents; ++agent) {
        const pathkit::MapfPose from = plan[agent][0];
        const pathkit::MapfPose to = plan[agent][1];
        actions[agent] = action_between(from, to);
        // PIBT's state a step on: priorities as plan_call does, a turn towards the tile faced.
        const bool on_goal = to.vertex == goals[agent];
        state.priorities[agent] =
            on_goal ? state.priorities[agent] - std::floor(state.priorities[agent])
                    : state.priorities[agent] + 1;
        const pathkit::MapfVertex faced = state.refiner->ahead(to.vertex, to.heading);
        state.turning_towards[agent] =
            to.heading != from.heading && faced.is_valid() ? state.location(faced) : no_location;
    }
    state.window_plan = std::move(plan);
    state.window_goals = goal_locations;
    return rounds;
}
}  // namespace startkit_pathkit
