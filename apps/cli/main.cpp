// Entry point of the `pathkit` command-line tool.
#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <vector>

#include "commands.hpp"
#include "pathkit/version.hpp"

int main(int argc, char** argv) {
    CLI::App app{"pathkit: pathfinding for games", "pathkit"};
    app.set_version_flag("--version", std::string("pathkit ") + pathkit::version);
    app.footer(
        "Exit codes (every command): 0 every query answered; 1 some path not found, an NPC\n"
        "late or a place unreachable, a crowd order not completed, open-world agents not all\n"
        "arrived, agents not planned in time or a plan invalid; 2 bad input: a file or\n"
        "argument refused, an invalid query, or an output that could not be written (then no\n"
        "output is written at all). Limits on input files: docs/limits.md.");
    app.require_subcommand(1);
    const std::vector<pathkit::cli::Command> commands{
        pathkit::cli::add_demo_command(app),  pathkit::cli::add_graph_command(app),
        pathkit::cli::add_path_command(app),  pathkit::cli::add_scene_command(app),
        pathkit::cli::add_crowd_command(app), pathkit::cli::add_agents_command(app),
        pathkit::cli::add_mapf_command(app),  pathkit::cli::add_mapf_check_command(app),
        pathkit::cli::add_world_command(app), pathkit::cli::add_bench_command(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? 0 : pathkit::cli::exit_bad_input;
    }
    try {
        for (const auto& command : commands) {
            if (command.app->parsed()) return command.run();
        }
    } catch (const std::bad_alloc&) {  // the readers' limits should make this unreachable
        std::cerr << "pathkit: out of memory\n";
        return pathkit::cli::exit_bad_input;
    }
    return pathkit::cli::exit_bad_input;
}
