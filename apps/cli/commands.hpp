// The subcommands of the `pathkit` tool; each registers its options and its run function.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

#include "pathkit/search/search_result.hpp"

namespace pathkit::cli {

/// Exit codes shared by every subcommand (listed in `pathkit --help` and the README).
enum ExitCode : int {
    exit_found = 0,      ///< every query answered (every path found, every NPC on time)
    exit_no_path = 1,    ///< the input was fine but something was not found, late or unreachable
    exit_bad_input = 2,  ///< a file, argument or query was refused, or an output not written
};

/// The exit code for a search's answer, the same on every command that searches: 0 found, 2 an
/// invalid query (refused), 1 anything else (no path, the budget spent, only a partial path).
[[nodiscard]] constexpr int exit_code_for(SearchStatus status) {
    if (status == SearchStatus::Found) return exit_found;
    return status == SearchStatus::InvalidInput ? exit_bad_input : exit_no_path;
}

/// A registered subcommand: run it when `app->parsed()`; it returns the exit code.
struct Command {
    CLI::App* app;
    std::function<int()> run;
};

/// `pathkit demo`: a built-in showcase that needs no files.
Command add_demo_command(CLI::App& app);
/// `pathkit graph FILE --from A --to B`: a path on a `.graph` file.
Command add_graph_command(CLI::App& app);
/// `pathkit path MAP --from X,Y --to X,Y`: a path on a MovingAI grid map.
Command add_path_command(CLI::App& app);
/// `pathkit flow MAP --to X,Y`: the flow field of one goal on a MovingAI grid map.
Command add_flow_command(CLI::App& app);
/// `pathkit scene FILE.json...`: paths around polygon obstacles in open-world scenes.
Command add_scene_command(CLI::App& app);
/// `pathkit crowd SCENARIO.json...`: cooperative units on tile maps.
Command add_crowd_command(CLI::App& app);
/// `pathkit agents SCENARIO.json...`: round agents walking to targets in open worlds.
Command add_agents_command(CLI::App& app);
/// `pathkit mapf --map M --scen S --agents N`: many agents planned together (LaCAM).
Command add_mapf_command(CLI::App& app);
/// `pathkit mapf-check MAP SCEN N RESULT`: checks a many-agent plan.
Command add_mapf_check_command(CLI::App& app);
/// `pathkit world FILE.xml`: NPCs keeping their schedules across linked maps.
Command add_world_command(CLI::App& app);
/// `pathkit bench SCEN...`: every query of MovingAI scenarios, checked and timed.
Command add_bench_command(CLI::App& app);
/// `pathkit index MAP --out FILE.pkx`: goal bounds for a map, built offline (resumable).
Command add_index_command(CLI::App& app);

}  // namespace pathkit::cli
