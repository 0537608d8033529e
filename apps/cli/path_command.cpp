// `pathkit path MAP.map --from X,Y --to X,Y`: one path on a MovingAI map, printed as tiles.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "grid_flags.hpp"
#include "outputs.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"

namespace pathkit::cli {

namespace {

struct PathArguments {
    std::string map_file;
    std::string from;
    std::string to;
    std::string diagonal = "no-corner-cutting";
    std::string algorithm = "astar";
    PictureFlags pictures;
};

int run_path(const PathArguments& arguments) {
    CommandOutputs outputs("path");
    outputs.protect_inputs({arguments.map_file});
    const auto from = parse_cell(arguments.from);
    const auto to = parse_cell(arguments.to);
    if (!from || !to) return outputs.refuse("--from and --to take X,Y (whole numbers)");
    auto map = load_moving_ai_map(arguments.map_file);
    if (!map) return outputs.refuse(map.error().message());
    MovementRules rules;
    rules.diagonal = diagonal_policy(arguments.diagonal);
    const GridSpace space(map.value(), rules);
    SearchOptions options;
    if (arguments.algorithm == "dijkstra") options.algorithm = SearchAlgorithm::Dijkstra;
    SearchContext context;
    const GridPath result = arguments.algorithm == "jps"
                                ? find_path_jps(space, *from, *to, context, options)
                                : space.find_path(*from, *to, context, options);
    if (arguments.pictures.any()) {
        const ViewerPart part = grid_part(
            arguments.map_file,
            std::string(to_string(result.status)) + " with " + std::string(result.stats.method) +
                ", cost " + std::to_string(result.cost) + "; explored tiles shaded",
            map.value(), result.path, &context);
        if (int code =
                arguments.pictures.add(outputs, "pathkit path", {part}, 1, arguments.map_file);
            code != exit_found)
            return code;
    }
    std::cout << "status: " << to_string(result.status) << '\n';
    if (!result.message.empty()) std::cout << "message: " << result.message << '\n';
    if (result.status == SearchStatus::InvalidInput) return exit_bad_input;
    if (!result.found()) return outputs.finish(exit_no_path);
    std::cout << "cost: " << path_cost(space, result.path) << '\n'
              << "steps: " << result.path.size() - 1 << '\n'
              << "method: " << result.stats.method << '\n'
              << "expanded: " << result.stats.expanded << '\n'
              << "cells:";
    for (const Cell& cell : result.path)
        std::cout << ' ' << cell.x << ',' << cell.y;
    std::cout << '\n';
    return outputs.finish(exit_found);
}

}  // namespace

Command add_path_command(CLI::App& app) {
    auto arguments = std::make_shared<PathArguments>();
    CLI::App* command = app.add_subcommand("path", "Find a path on a MovingAI .map grid");
    command->add_option("map", arguments->map_file, "The .map file")->required();
    command->add_option("--from", arguments->from, "Start tile X,Y (column, row)")->required();
    command->add_option("--to", arguments->to, "Goal tile X,Y (column, row)")->required();
    add_diagonal_flag(*command, arguments->diagonal);
    command
        ->add_option("--algo", arguments->algorithm,
                     "Search: astar, jps (jump point search) or dijkstra")
        ->check(CLI::IsMember({"astar", "jps", "dijkstra"}))
        ->capture_default_str();
    arguments->pictures.add_to(*command, true, true);
    return {command, [arguments] { return run_path(*arguments); }};
}

}  // namespace pathkit::cli
