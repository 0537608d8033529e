// `pathkit flow MAP.map --to X,Y`: the flow field of one goal on a MovingAI map: its costs,
// and pictures of its costs (a heat map) with an arrow a tile on a subsample and the way from
// --from.
#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "format.hpp"
#include "grid_flags.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/grid/flow_field.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
#include "report.hpp"

namespace pathkit::cli {

namespace {

struct FlowArguments {
    std::string map_file;
    std::string to;
    std::string from;
    std::string diagonal = "no-corner-cutting";
    int arrow_spacing = 0;
    bool json = false;
    PictureFlags pictures;
};

/// Bytes the field may hold: its sectors (9 bytes a padded tile when the search reaches every
/// sector) and its queue (at most 8 entries of 8 bytes a tile: each tile is queued once per
/// neighbour that lowers its cost).
std::uint64_t field_bytes(const GridMap& map) {
    return 9 * static_cast<std::uint64_t>(map.padded_size()) +
           64 * static_cast<std::uint64_t>(map.width()) * static_cast<std::uint64_t>(map.height());
}

/// The field's costs as a heat map over blocks of tiles (one tile a block up to 256 tiles a
/// side, then as many tiles as keep 256 blocks a side): each block the mean of its reachable
/// tiles' costs over the farthest cost, none where no tile of it reaches the goal.
ViewerHeat cost_heat(const GridMap& map, const std::vector<FlowCost>& costs, FlowCost farthest) {
    constexpr int most_blocks = 256;
    const int side =
        std::max(1, (std::max(map.width(), map.height()) + most_blocks - 1) / most_blocks);
    ViewerHeat heat;
    heat.columns = (map.width() + side - 1) / side;
    heat.rows = (map.height() + side - 1) / side;
    heat.label = "cost to the goal";
    std::vector<double> sums(static_cast<std::size_t>(heat.columns) * heat.rows, 0);
    std::vector<int> counts(sums.size(), 0);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            const FlowCost cost = costs[static_cast<std::size_t>(y) * map.width() + x];
            if (cost == flow_unreachable) continue;
            const std::size_t block = static_cast<std::size_t>(y / side) * heat.columns + x / side;
            sums[block] +=
                static_cast<double>(cost) / static_cast<double>(std::max<FlowCost>(farthest, 1));
            ++counts[block];
        }
    heat.values.resize(sums.size());
    for (std::size_t block = 0; block < sums.size(); ++block)
        heat.values[block] = counts[block] == 0 ? std::numeric_limits<float>::quiet_NaN()
                                                : static_cast<float>(sums[block] / counts[block]);
    return heat;
}

/// An arrow from the centre of `cell` half a tile toward its next tile.
ViewerPath arrow(const GridMap& map, Cell cell, FlowDirection direction) {
    const Point2 centre = tile_centre(map, cell);
    const Cell step = flow_offset(direction);
    const Point2 tip{centre.x + 0.45f * static_cast<float>(step.x),
                     centre.y + 0.45f * static_cast<float>(step.y)};
    return {"", {centre, tip}, "#8a8f98"};
}

int run_flow(const FlowArguments& arguments) {
    CommandOutputs outputs("flow");
    outputs.protect_inputs({arguments.map_file});
    const auto goal = parse_cell(arguments.to);
    if (!goal) return outputs.refuse("--to takes X,Y (whole numbers)");
    std::optional<Cell> from;
    if (!arguments.from.empty()) {
        from = parse_cell(arguments.from);
        if (!from) return outputs.refuse("--from takes X,Y (whole numbers)");
    }
    auto map = load_moving_ai_map(arguments.map_file);
    if (!map) return outputs.refuse(map.error().message());
    if (const std::uint64_t needed = map.value().memory_bytes() + field_bytes(map.value());
        needed > memory_budget())
        return outputs.refuse(arguments.map_file + ": the flow field needs up to " +
                              format_bytes(static_cast<double>(needed)) + " (a map of " +
                              std::to_string(map.value().width()) + " x " +
                              std::to_string(map.value().height()) + " tiles), over " +
                              memory_budget_text());
    MovementRules rules;
    rules.diagonal = diagonal_policy(arguments.diagonal);
    const GridSpace space(map.value(), rules);
    auto made = FlowField::create(space, *goal);
    if (!made) return outputs.refuse(arguments.map_file + ": " + made.error().message());
    FlowField& field = made.value();
    const auto started = std::chrono::steady_clock::now();
    field.finish();
    const double milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    const std::vector<FlowCost> costs = field.costs();
    FlowCost farthest = 0;
    for (const FlowCost cost : costs)
        if (cost != flow_unreachable) farthest = std::max(farthest, cost);
    std::vector<Cell> way;
    if (from) (void)field.append_way(*from, way);
    const int code = from && way.empty() ? exit_no_path : exit_found;

    Report report;
    report.add("map", arguments.map_file)
        .add("to", tile_report(*goal))
        .add("tiles_reached", field.settled_tiles())
        .add("farthest_cost", static_cast<double>(farthest) / flow_cost_scale)
        .add("milliseconds", milliseconds)
        .add("bytes", bytes_report(field.memory_bytes()));
    if (from) {
        report.add("from", tile_report(*from));
        if (way.empty()) {
            report.add("status", "no way to the goal");
        } else {
            report.add("cost", static_cast<double>(field.cost(*from)) / flow_cost_scale)
                .add("steps", way.size() - 1);
            Report tiles = Report::list();
            for (const Cell cell : way)
                tiles.push(tile_report(cell));
            report.add("way", std::move(tiles));
        }
    }
    if (arguments.pictures.any()) {
        const GridMap& grid = map.value();
        ViewerPart part = grid_part(
            arguments.map_file,
            "flow field to " + to_string(*goal) + ": " + std::to_string(field.settled_tiles()) +
                " tiles reach it, the farthest at cost " +
                format_cost(static_cast<double>(farthest) / flow_cost_scale),
            grid, way, nullptr);
        part.heat = cost_heat(grid, costs, farthest);
        // An arrow every few tiles (about 48 across the map, at least every other tile, unless
        // set).
        const int spacing = arguments.arrow_spacing > 0
                                ? arguments.arrow_spacing
                                : std::max(2, std::max(grid.width(), grid.height()) / 48);
        for (int y = spacing / 2; y < grid.height(); y += spacing)
            for (int x = spacing / 2; x < grid.width(); x += spacing) {
                const Cell cell{grid.origin().x + x, grid.origin().y + y};
                const FlowDirection step =
                    field.known_direction(cell).value_or(FlowDirection::None);
                if (step != FlowDirection::None && step != FlowDirection::Goal)
                    part.paths.push_back(arrow(grid, cell, step));
            }
        mark_query(part, tile_centre(grid, from.value_or(*goal)), tile_centre(grid, *goal),
                   from && way.empty() ? "no way to the goal" : std::string());
        if (int added =
                arguments.pictures.add(outputs, "pathkit flow", {part}, 1, arguments.map_file);
            added != exit_found)
            return added;
    }
    print_report(report, arguments.json);
    return outputs.finish(code);
}

}  // namespace

Command add_flow_command(CLI::App& app) {
    auto arguments = std::make_shared<FlowArguments>();
    CLI::App* command =
        app.add_subcommand("flow", "The flow field of one goal on a MovingAI .map grid");
    command->add_option("map", arguments->map_file, "The .map file")->required();
    command->add_option("--to", arguments->to, "Goal tile X,Y (column, row)")->required();
    command->add_option("--from", arguments->from,
                        "A tile X,Y whose way to the goal is printed and drawn");
    command
        ->add_option("--arrow-spacing", arguments->arrow_spacing,
                     "Tiles between arrows in pictures (default: about 48 across the map)")
        ->check(CLI::Range(1, 16384));
    add_diagonal_flag(*command, arguments->diagonal);
    command->add_flag("--json", arguments->json,
                      "Print the result as one JSON document (the same fields as the text)");
    arguments->pictures.add_to(*command, true, true);
    return {command, [arguments] { return run_flow(*arguments); }};
}

}  // namespace pathkit::cli
