// Entry point of the `pathkit` command-line tool.
#include <CLI/CLI.hpp>
#include <iostream>
#include <vector>

#include "commands.hpp"
#include "pathkit/version.hpp"

int main(int argc, char** argv) {
    CLI::App app{"pathkit: pathfinding for games", "pathkit"};
    app.set_version_flag("--version", std::string("pathkit ") + pathkit::version);
    app.require_subcommand(1);
    const std::vector<pathkit::cli::Command> commands{
        pathkit::cli::add_demo_command(app),  pathkit::cli::add_graph_command(app),
        pathkit::cli::add_path_command(app),  pathkit::cli::add_scene_command(app),
        pathkit::cli::add_crowd_command(app), pathkit::cli::add_world_command(app),
        pathkit::cli::add_bench_command(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? 0 : pathkit::cli::exit_bad_input;
    }
    for (const auto& command : commands) {
        if (command.app->parsed()) return command.run();
    }
    return pathkit::cli::exit_bad_input;
}
