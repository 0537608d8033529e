// Lifelong many-agent runs: `pathkit mapf --lifelong`, `pathkit mapf-check --tasks` and the
// tasks generator `pathkit mapf-tasks`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "commands.hpp"

namespace pathkit::cli {

/// What `pathkit mapf --lifelong` was asked for.
struct LifelongRunArguments {
    std::string map_file;
    std::string scenario_file;  ///< its first `agents` rows' starts
    std::size_t agents = 0;
    std::string tasks_file;
    std::uint64_t steps = 0;
    double step_budget_ms = 100;
    double time_limit = 10;  ///< seconds for the whole run, after reading the files
    std::uint64_t seed = 0;
    bool swap = false;
    bool traffic_flow = false;  ///< guide paths by traffic flow
    std::string out;
    bool json = false;
};

/// Runs the planner for `steps` steps; exit 0 when it ran them all, 1 when out of time or
/// memory, 2 for bad input (nothing written then, or when out of time).
int run_mapf_lifelong(const LifelongRunArguments& arguments);

/// What `pathkit mapf-check ... --tasks TASKS` was asked for.
struct LifelongCheckArguments {
    std::string map_file;
    std::string scenario_file;
    std::size_t agents = 0;
    std::string result_file;
    std::string tasks_file;
    bool json = false;
};

/// Checks a lifelong result: exit 0 valid, 1 invalid, 2 bad input.
int run_lifelong_check(const LifelongCheckArguments& arguments);

/// `pathkit mapf-tasks MAP --scen S --agents N --tasks-per-agent K --out TASKS`.
Command add_mapf_tasks_command(CLI::App& app);

}  // namespace pathkit::cli
