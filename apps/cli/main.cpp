// Entry point of the `pathkit` command-line tool.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "commands.hpp"
#include "lifelong_command.hpp"
#include "memory_budget.hpp"
#include "pathkit/version.hpp"
#include "whole_number_flags.hpp"

namespace {

// The arguments that name existing files: the inputs a message about the whole run names.
std::string input_files(int argc, char** argv) {
    std::string files;
    for (int index = 1; index < argc; ++index) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(argv[index], error)) continue;
        files += (files.empty() ? "" : ", ") + std::string(argv[index]);
    }
    return files.empty() ? "no input files" : "inputs: " + files;
}

}  // namespace

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
    pathkit::cli::add_memory_limit_option(app);
    const std::vector<pathkit::cli::Command> commands{
        pathkit::cli::add_demo_command(app),  pathkit::cli::add_graph_command(app),
        pathkit::cli::add_path_command(app),  pathkit::cli::add_scene_command(app),
        pathkit::cli::add_crowd_command(app), pathkit::cli::add_agents_command(app),
        pathkit::cli::add_mapf_command(app),  pathkit::cli::add_mapf_check_command(app),
        pathkit::cli::add_world_command(app), pathkit::cli::add_bench_command(app),
        pathkit::cli::add_flow_command(app),  pathkit::cli::add_mapf_tasks_command(app),
        pathkit::cli::add_index_command(app)};
    for (const auto& command : commands)
        command.app->fallthrough();  // --memory-limit also after the command's name
    pathkit::cli::read_whole_numbers_strictly(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? 0 : pathkit::cli::exit_bad_input;
    }
    for (const auto& command : commands) {
        if (!command.app->parsed()) continue;
        try {
            return command.run();
        } catch (const std::bad_alloc&) {
            // Every command estimates its memory before allocating, so this is a machine that
            // gave less than its limits promised: a resource failure, not bad input.
            std::cerr << "pathkit " << command.app->get_name()
                      << ": stopped at the memory limit: the system refused more memory after "
                      << pathkit::cli::format_bytes(
                             static_cast<double>(pathkit::cli::peak_resident_bytes()))
                      << " at the peak (" << pathkit::cli::memory_budget_text() << "); "
                      << input_files(argc, argv) << "; nothing was written\n";
            return pathkit::cli::exit_no_path;
        }
    }
    return pathkit::cli::exit_bad_input;
}
