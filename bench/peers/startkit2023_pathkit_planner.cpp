// The League of Robot Runners 2023 start kit's MAPFPlanner (the kit the 2023 winner,
// DiligentPanda/MAPF-LRR2023, ships in) answered by pathkit: a window of 25 steps (15 from 60%
// fill) planned by PIBT with traffic-flow guide paths (keeping robots on the last call's plan),
// improved for the rest of the call by WindowRefiner (LNS over tile and heading), guide paths
// and LNS priced by one-way lanes crossing like a street grid (or a guidance graph from a
// file), its first step taken
// (plan_window_call in bench/peers/startkit_pathkit_core.hpp; PATHKIT_WINDOW=0 for PIBT's one
// step); on maps at least 80% full, synchronised PIBT steps instead (plan_sync_call): compiled by
// scripts/bench-lifelong in place of that checkout's src/MAPFPlanner.cpp, against its headers,
// outside the project (never part of a pathkit library).
//
// This kit hands each robot its errands in a fixed order (env->goal_locations: the current
// one first) and asks for one action a robot every tick, within `time_limit` seconds: a call
// still running then costs the tick (every robot stands, and the kit counts an error).
#include <MAPFPlanner.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "startkit_pathkit_core.hpp"
#include "startkit_pathkit_sync.hpp"

namespace {

// Kept back from each call's limit for returning the actions: the kit's clock starts before
// it starts the planner's thread, and the machine may be shared.
constexpr std::chrono::milliseconds time_tolerance{100};
// The longest call planned for, whatever the kit allows (its default limit is INT_MAX s).
constexpr int longest_call_seconds = 3600;

std::unique_ptr<startkit_pathkit::PathkitPlanner> planner;
startkit_pathkit::WindowOptions window_options;
long call_milliseconds = 0;  // PATHKIT_CALL_MS: a shorter call than the kit allows

// A whole number from the environment (the bench's knobs), or `otherwise`.
long from_environment(const char* name, long otherwise) {
    const char* text = std::getenv(name);
    return text != nullptr && *text != 0 ? std::strtol(text, nullptr, 10) : otherwise;
}

// A guidance graph from `path`: the numbers in it (anything else separates them, so the 2023
// winner's JSON arrays do), five a tile row by row, the cost of a step east, south, west,
// north and of a turn or wait, each finite and above 0 (64 bytes a cost at most). Any other count,
// or a file that cannot be read, throws std::runtime_error naming the file.
std::vector<float> read_guidance(const char* path, std::size_t tiles) {
    std::FILE* file = std::fopen(path, "rb");
    if (file == nullptr) throw std::runtime_error(std::string("cannot read ") + path);
    std::string text;
    char buffer[1 << 16];
    const std::size_t longest = tiles * 5 * 64 + 4096;  // 64 bytes a cost is plenty
    for (std::size_t got;
         text.size() <= longest && (got = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
        text.append(buffer, got);
    std::fclose(file);
    if (text.size() > longest)
        throw std::runtime_error(std::string(path) + ": over " + std::to_string(longest) +
                                 " bytes");
    std::vector<float> costs;
    for (const char* at = text.c_str(); *at != 0;) {
        char* end = nullptr;
        const float cost = std::strtof(at, &end);
        if (end == at) {
            ++at;
            continue;
        }
        if (!(cost > 0) || !std::isfinite(cost) || costs.size() == tiles * 5)
            throw std::runtime_error(std::string(path) + ": not " + std::to_string(tiles * 5) +
                                     " finite costs above 0");
        costs.push_back(cost);
        at = end;
    }
    if (costs.size() != tiles * 5)
        throw std::runtime_error(std::string(path) + ": " + std::to_string(costs.size()) +
                                 " costs, not " + std::to_string(tiles * 5));
    return costs;
}

}  // namespace

void MAPFPlanner::initialize(int /*preprocess_time_limit*/) {
    planner = startkit_pathkit::make_planner(env->rows, env->cols, env->map);
    // Knobs for experiments: PATHKIT_WINDOW (steps planned a call, whatever the density: by
    // default 25, 15 from 60% fill; 0 for PIBT's one step),
    // PATHKIT_NEIGHBOURHOOD (robots an LNS round replans), PATHKIT_SEED (PIBT's and the LNS's),
    // PATHKIT_FOLLOW=0 (PIBT's window afresh each call), PATHKIT_WALKS=0 (no LNS walks),
    // PATHKIT_CALL_MS (milliseconds a call at most, under the kit's limit), PATHKIT_TURN_TENTHS
    // (PIBT's cost of a quarter turn, in tenths of a step; 5 in synchronised steps, else 0),
    // PATHKIT_SOFT_FOLLOW=0 or 1 (the last call's plan a constraint in PIBT, or a first choice,
    // whatever the robots' density), PATHKIT_SYNC=0 or 1 (synchronised steps never or always;
    // by default from 80% fill), PATHKIT_SAMPLES (PIBT steps tried a synchronised step; 64),
    // PATHKIT_CLOSER_FIRST=0 or 1 (among robots as long under way, fewer steps to go first in
    // PIBT, never or always; by default from 40% fill).
    window_options.window = static_cast<int>(from_environment("PATHKIT_WINDOW", 25));
    if (std::getenv("PATHKIT_WINDOW") != nullptr) planner->short_window_from = 2.0;  // as given
    window_options.neighbourhood =
        static_cast<std::uint32_t>(from_environment("PATHKIT_NEIGHBOURHOOD", 8));
    window_options.follow = from_environment("PATHKIT_FOLLOW", 1) != 0;
    window_options.walks = from_environment("PATHKIT_WALKS", 1) != 0;
    if (const long soft = from_environment("PATHKIT_SOFT_FOLLOW", -1); soft >= 0)
        planner->soft_follow_below = soft != 0 ? 2.0 : 0.0;  // always / never
    call_milliseconds = from_environment("PATHKIT_CALL_MS", 0);
    if (const long tenths = from_environment("PATHKIT_TURN_TENTHS", -1); tenths >= 0)
        planner->turn_cost = static_cast<double>(tenths) / 10;
    if (const long sync = from_environment("PATHKIT_SYNC", -1); sync >= 0)
        planner->sync_from = sync != 0 ? 0.0 : 2.0;  // always / never
    planner->sync_samples = static_cast<std::uint32_t>(from_environment("PATHKIT_SAMPLES", 64));
    if (const long closer = from_environment("PATHKIT_CLOSER_FIRST", -1); closer >= 0)
        planner->closer_first_from = closer != 0 ? 0.0 : 2.0;  // always / never
    planner->seed = static_cast<std::uint64_t>(from_environment("PATHKIT_SEED", 0));
    // PATHKIT_LANES=ALONG,AGAINST,STAY[,RISE]: one-way lanes crossing like a street grid, the
    // costs of a step along a lane, against it, and of a turn or wait, every move dearer by up
    // to RISE inside an outer band of the map (2,3,2,0 once the robots fill 28% of the open
    // tiles, 10,40,20,5 from 60% below synchronised steps, none below 28%; 0,0,0 for none;
    // given, it holds whatever the count).
    unsigned along = 2, against = 3, stay = 2, rise = 0;
    if (const char* lanes = std::getenv("PATHKIT_LANES"); lanes != nullptr) {
        (void)std::sscanf(lanes, "%u,%u,%u,%u", &along, &against, &stay, &rise);
        planner->lane_middle_rise = static_cast<std::uint16_t>(rise);
        planner->lanes_from = 0;           // as asked, however few the robots
        planner->strong_lanes_from = 2.0;  // or many
    }
    planner->lane_along = static_cast<std::uint16_t>(along);
    planner->lane_against = static_cast<std::uint16_t>(against);
    planner->lane_stay = static_cast<std::uint16_t>(stay);
    // PATHKIT_GUIDANCE=FILE: a guidance graph in place of the lanes (five costs a tile, see
    // read_guidance).
    if (const char* path = std::getenv("PATHKIT_GUIDANCE"); path != nullptr && *path != 0) {
        try {
            planner->guidance =
                read_guidance(path, static_cast<std::size_t>(env->rows) * env->cols);
        } catch (const std::runtime_error& error) {  // a bench run: stop, never run without it
            std::fprintf(stderr, "pathkit adapter: PATHKIT_GUIDANCE: %s\n", error.what());
            std::exit(2);
        }
    }
}

void MAPFPlanner::plan(int time_limit, std::vector<Action>& actions) {
    const auto planner_start = std::chrono::steady_clock::now();
    auto deadline = planner_start +
                    std::chrono::seconds(std::clamp(time_limit, 0, longest_call_seconds)) -
                    time_tolerance;
    if (call_milliseconds > 0)
        deadline = std::min(deadline, planner_start + std::chrono::milliseconds(call_milliseconds));
    const auto agents = static_cast<std::size_t>(env->num_of_agents);
    std::vector<startkit_pathkit::Robot> robots;
    std::vector<int> goals;
    startkit_pathkit::read_robots(*env, robots, goals);
    if (!planner->pibt) startkit_pathkit::start_pibt(*planner, robots);  // settles the density
    if (planner->sync) {
        startkit_pathkit::plan_sync_call(*planner, robots, goals, env->rows, deadline, actions);
        return;
    }
    if (window_options.window > 0) {
        const std::uint64_t rounds = startkit_pathkit::plan_window_call(
            *planner, robots, goals, env->rows, window_options, planner_start, deadline, actions);
        // PATHKIT_STATS names a file that gets the LNS's rounds of each call.
        if (const char* stats = std::getenv("PATHKIT_STATS"); stats != nullptr) {
            if (std::FILE* file = std::fopen(stats, "a"); file != nullptr) {
                std::fprintf(file, "%llu %llu\n", static_cast<unsigned long long>(rounds),
                             static_cast<unsigned long long>(planner->refiner->rounds_improved()));
                std::fclose(file);
            }
        }
        return;
    }
    std::vector<std::vector<Action>> by_agent;
    startkit_pathkit::plan_call(*planner, std::move(robots), goals, env->rows, /*steps=*/1,
                                planner_start, deadline, by_agent);
    actions.assign(agents, Action::W);
    for (std::size_t agent = 0; agent < agents; ++agent)
        actions[agent] = by_agent[agent].front();
}
