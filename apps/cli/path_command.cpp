// `pathkit path MAP.map --from X,Y --to X,Y`: one path on a MovingAI map, printed as tiles.
#include <memory>
#include <optional>

#include "commands.hpp"
#include "format.hpp"
#include "grid_flags.hpp"
#include "outputs.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/goal_bounds_file.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
#include "report.hpp"
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

/// The answer: the query, the status, the cost and the path (when there is one) and the work.
Report path_report(const PathArguments& arguments, Cell from, Cell to, const GridPath& result,
                   double cost) {
    Report report;
    report.add("map", arguments.map_file)
        .add("from", tile_report(from))
        .add("to", tile_report(to))
        .add("status", to_string(result.status));
    if (!result.message.empty()) report.add("message", result.message);
    if (!result.path.empty()) report.add("cost", cost).add("steps", result.path.size() - 1);
    report.add("method", result.stats.method).add("expanded", result.stats.expanded);
    if (!result.path.empty()) {
        Report path = Report::list();
        for (const Cell& cell : result.path)
            path.push(tile_report(cell));
        report.add("path", std::move(path));
    }
    return report;
}

int run_path(const PathArguments& arguments) {
    CommandOutputs outputs("path");
    outputs.protect_inputs({arguments.map_file});
    if (!arguments.search.index_file.empty()) outputs.protect_inputs({arguments.search.index_file});
    const auto from = parse_cell(arguments.from);
    const auto to = parse_cell(arguments.to);
    if (!from || !to) return outputs.refuse("--from and --to take X,Y (whole numbers)");
    auto map = load_moving_ai_map(arguments.map_file);
    if (!map) return outputs.refuse(map.error().message());
    MovementRules rules;
    rules.diagonal = diagonal_policy(arguments.diagonal);
    const GridSpace space(map.value(), rules);
    if (auto why = arguments.search.unsupported(true)) return outputs.refuse(*why);
    if (Status fits = arguments.search.fits_memory(arguments.map_file, map.value(), false); !fits)
        return outputs.refuse(fits.message());
    HierarchyContext hierarchy_context;
    SearchContext& context = hierarchy_context.tiles;
    GridPath result;
    if (const auto mode = arguments.search.hierarchy_mode()) {
        // One query: building the JPS+ index for it would cost more than it saves.
        HierarchyOptions options = arguments.search.hierarchy_options();
        options.plain_by_jump_point_index = false;
        auto hierarchy = GridHierarchy::build(space, options);
        if (!hierarchy)
            return outputs.refuse(arguments.map_file + ": " + hierarchy.error().message());
        result = hierarchy.value().find_path(*from, *to, hierarchy_context, *mode);
    } else if (!arguments.search.index_file.empty()) {
        auto bounds = load_goal_bounds(arguments.search.index_file);
        if (!bounds) return outputs.refuse(bounds.error().message());
        if (Status fits = bounds.value().check_fits(space); !fits)
            return outputs.refuse(arguments.search.index_file + ": " + fits.message());
        const auto index = space.jump_point_index();
        if (!index) return outputs.refuse(arguments.map_file + ": " + index.error().message());
        result = index.value()->find_path(*from, *to, bounds.value(), context,
                                          arguments.search.options());
    } else {
        result = space.find_path(*from, *to, context, arguments.search.options());
    }
    const bool has_path = !result.path.empty();
    const double cost = has_path ? path_cost(space, result.path) : 0;
    const int code = exit_code_for(result.status);
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
    print_report(path_report(arguments, *from, *to, result, cost), arguments.json);
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
    arguments->search.add_to(*command, true);
    command->add_flag("--json", arguments->json,
                      "Print the result as one JSON document (the same fields as the text)");
    arguments->pictures.add_to(*command, true, true);
    return {command, [arguments] { return run_path(*arguments); }};
}

}  // namespace pathkit::cli
