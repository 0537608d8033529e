// `pathkit path MAP.map --from X,Y --to X,Y`: one path on a MovingAI map, printed as tiles.
#include <iostream>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "format.hpp"
#include "grid_flags.hpp"
#include "outputs.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
#include "search_flags.hpp"

namespace pathkit::cli {

namespace {

struct PathArguments {
    std::string map_file;
    std::string from;
    std::string to;
    std::string diagonal = "no-corner-cutting";
    bool json = false;
    SearchFlags search;
    PictureFlags pictures;
};

nlohmann::json tile_json(Cell cell) {
    return nlohmann::json::array({cell.x, cell.y});
}

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
    SearchContext context;
    const GridPath result = space.find_path(*from, *to, context, arguments.search.options());
    const bool has_path = !result.path.empty();
    const double cost = has_path ? path_cost(space, result.path) : 0;
    const int code = result.found()                                ? exit_found
                     : result.status == SearchStatus::InvalidInput ? exit_bad_input
                                                                   : exit_no_path;
    if (arguments.pictures.any()) {
        const std::string summary =
            result.found() ? "found, cost " + format_cost(cost) + " with " +
                                 std::string(result.stats.method) + "; explored tiles shaded"
                           : std::string(to_string(result.status)) + ": " + result.message;
        ViewerPart part =
            grid_part(arguments.map_file, summary, map.value(), result.path, &context);
        mark_query(part, tile_centre(map.value(), *from), tile_centre(map.value(), *to),
                   result.found() ? std::string() : result.message);
        if (int added =
                arguments.pictures.add(outputs, "pathkit path", {part}, 1, arguments.map_file);
            added != exit_found)
            return added;
    }
    if (arguments.json) {
        nlohmann::json document{{"map", arguments.map_file},
                                {"from", tile_json(*from)},
                                {"to", tile_json(*to)},
                                {"status", to_string(result.status)}};
        if (!result.message.empty()) document["message"] = result.message;
        if (has_path) {
            document["cost"] = cost;
            document["steps"] = result.path.size() - 1;
            document["path"] = nlohmann::json::array();
            for (const Cell& cell : result.path)
                document["path"].push_back(tile_json(cell));
        }
        document["method"] = result.stats.method;
        document["expanded"] = result.stats.expanded;
        std::cout << json_text(document) << '\n';
    } else {
        std::cout << "status: " << to_string(result.status) << '\n';
        if (!result.message.empty()) std::cout << "message: " << result.message << '\n';
        if (has_path) {
            std::cout << "cost: " << format_cost(cost) << '\n'
                      << "steps: " << result.path.size() - 1 << '\n';
        }
        std::cout << "method: " << result.stats.method << '\n'
                  << "expanded: " << result.stats.expanded << '\n';
        if (has_path) {
            std::cout << "path:";
            for (const Cell& cell : result.path)
                std::cout << ' ' << to_string(cell);
            std::cout << '\n';
        }
    }
    return outputs.finish(code);
}

}  // namespace

Command add_path_command(CLI::App& app) {
    auto arguments = std::make_shared<PathArguments>();
    CLI::App* command = app.add_subcommand("path", "Find a path on a MovingAI .map grid");
    command->add_option("map", arguments->map_file, "The .map file")->required();
    command->add_option("--from", arguments->from, "Start tile X,Y (column, row)")->required();
    command->add_option("--to", arguments->to, "Goal tile X,Y (column, row)")->required();
    add_diagonal_flag(*command, arguments->diagonal);
    arguments->search.add_to(*command);
    command->add_flag("--json", arguments->json, "Print the result as one JSON document");
    arguments->pictures.add_to(*command, true, true);
    return {command, [arguments] { return run_path(*arguments); }};
}

}  // namespace pathkit::cli
