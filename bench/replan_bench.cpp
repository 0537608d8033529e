// Replanning after an edit blocked a unit's path: PathRepair beside jump point search from
// scratch, online (jps) and over the repaired index (jps+), on the rows of MovingAI scenarios.
//
// For each row (every row, or an even spread of --rows of them): the unit's path is planned by
// jps on the map as it is; an edit blocks the middle tile of the path (--edit tile) or a 3 x 3
// building centred on it (--edit building, rows where it covers the start or goal are skipped);
// then, each timed --repeat times and the median kept: the repair asked for an optimal path,
// the repair that takes the splice as found, jps from the unit's tile, jps+ over the index
// (its repair after the edit timed on its own: a map's index is repaired once per edit, for
// every unit), and jps+ bounded just below the optimal cost (the search that proves a splice
// dearer than the old path optimal, when the splice is optimal). The edit is then undone.
// Prints a Markdown table per scenario: medians and 90th percentiles over the rows, the ratios,
// how the optimal repairs went, and the cost of the spliced paths against the optimal cost.
// Usage: pathkit_bench_replan SCEN... [--rows N] [--repeat R] [--edit tile|building]
//        [--window-steps S] [--window-turns T] [--max-window M] [--budget E]
//        [--splice astar|jps|jps+]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "pathkit/grid/replan.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace pathkit::bench {
namespace {

/// What the command line asked for.
struct Settings {
    std::vector<std::string> scenarios;
    std::size_t rows = 1000;
    int repeat = 5;
    bool building = false;
    ReplanOptions repair;
};

/// The times and outcomes of one row, in microseconds.
struct Row {
    double optimal_repair = 0, spliced_repair = 0, jps = 0, jps_plus = 0, index_repair = 0;
    double jps_plus_bounded = 0;  // jps+ bounded just below the optimum: a splice's proof
    ReplanMethod optimal_method = ReplanMethod::Kept;
    bool optimal_by_search = false;  // proven by a search bounded by the path's cost
    ReplanMethod spliced_method = ReplanMethod::Kept;
    bool spliced_proven = false;
    double spliced_over_optimal = 1;
};

[[noreturn]] void stop(const std::string& why) {
    std::fprintf(stderr, "pathkit_bench_replan: %s\n", why.c_str());
    std::exit(2);
}

template <class Work>
double microseconds(Work&& work) {
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

double percentile_90(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() * 9 / 10];
}

/// The median over `repeat` runs of `work`, each after `prepare` (untimed).
template <class Prepare, class Work>
double median_time(int repeat, Prepare&& prepare, Work&& work) {
    std::vector<double> times;
    for (int run = 0; run < repeat; ++run) {
        prepare();
        times.push_back(microseconds(work));
    }
    return median(times);
}

/// The tiles the edit blocks: the middle tile of the path, or the 3 x 3 square around it.
std::vector<Cell> edit_tiles(const GridMap& map, const GridPlan& plan, bool building) {
    const Cell middle = plan.tiles[plan.tiles.size() / 2];
    if (!building) return {middle};
    std::vector<Cell> tiles;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const Cell tile{middle.x + dx, middle.y + dy};
            if (map.is_walkable(tile)) tiles.push_back(tile);
        }
    return tiles;
}

Settings read_settings(int argc, char** argv) {
    Settings settings;
    for (int at = 1; at < argc; ++at) {
        const std::string word = argv[at];
        const auto number = [&] {
            if (at + 1 >= argc) stop(word + " needs a value");
            return std::atoi(argv[++at]);
        };
        if (word == "--rows")
            settings.rows = static_cast<std::size_t>(number());
        else if (word == "--repeat")
            settings.repeat = std::max(1, number());
        else if (word == "--window-steps")
            settings.repair.window_steps = number();
        else if (word == "--window-turns")
            settings.repair.window_turns = number();
        else if (word == "--max-window")
            settings.repair.max_window_steps = number();
        else if (word == "--splice") {
            if (at + 1 >= argc) stop("--splice needs a search's name");
            const auto algorithm = search_algorithm_named(argv[++at]);
            if (!algorithm)
                stop(std::string("--splice takes ") + std::string(search_algorithm_names));
            settings.repair.splice_search = *algorithm;
        } else if (word == "--budget")
            settings.repair.max_splice_expansions = static_cast<std::size_t>(number());
        else if (word == "--edit") {
            if (at + 1 >= argc) stop("--edit needs tile or building");
            const std::string edit = argv[++at];
            if (edit != "tile" && edit != "building") stop("--edit takes tile or building");
            settings.building = edit == "building";
        } else if (word.starts_with("--"))
            stop("unknown option " + word);
        else
            settings.scenarios.push_back(word);
    }
    if (settings.scenarios.empty()) stop("give one or more .scen files");
    return settings;
}

/// Runs every chosen row of one scenario and prints its table.
void run_scenario(const std::string& scenario_file, const Settings& settings) {
    const auto scenario = load_moving_ai_scenario(scenario_file);
    if (!scenario) stop(scenario.error().message());
    if (scenario.value().queries.empty()) stop(scenario_file + ": no rows");
    const auto& queries = scenario.value().queries;
    const std::string map_file =
        (std::filesystem::path(scenario_file).parent_path() / queries[0].map_name).string();
    auto loaded = load_moving_ai_map(map_file);
    if (!loaded) stop(loaded.error().message());
    GridMap map = std::move(loaded).value();
    const GridSpace space(map);
    PathRepair repair(space);
    SearchContext context;
    if (!space.jump_point_index()) stop(map_file + ": no jump point index");

    std::vector<Row> rows;
    const std::size_t stride = std::max<std::size_t>(1, queries.size() / settings.rows);
    for (std::size_t at = 0; at < queries.size(); at += stride) {
        const ScenarioQuery& query = queries[at];
        const GridPlan planned =
            repair.plan(query.start, query.goal, context, SearchAlgorithm::Jps);
        if (planned.tiles.size() < 3) continue;
        const std::vector<Cell> blocked = edit_tiles(map, planned, settings.building);
        if (std::find(blocked.begin(), blocked.end(), query.start) != blocked.end() ||
            std::find(blocked.begin(), blocked.end(), query.goal) != blocked.end())
            continue;
        for (const Cell tile : blocked)
            (void)map.set_walkable(tile, false);

        Row row;
        row.index_repair = microseconds([&] { (void)space.jump_point_index(); });
        GridPlan plan;
        ReplanReport report;
        ReplanOptions optimal = settings.repair, spliced = settings.repair;
        spliced.require_optimal = false;
        row.optimal_repair = median_time(
            settings.repeat, [&] { plan = planned; },
            [&] { report = repair.repair(plan, context, optimal); });
        row.optimal_method = report.method;
        row.optimal_by_search = report.proven_by_search;
        row.spliced_repair = median_time(
            settings.repeat, [&] { plan = planned; },
            [&] { report = repair.repair(plan, context, spliced); });
        row.spliced_method = report.method;
        row.spliced_proven = report.optimal;
        GridPath scratch;
        row.jps = median_time(
            settings.repeat, [] {},
            [&] {
                scratch = space.find_path(query.start, query.goal, context,
                                          {.algorithm = SearchAlgorithm::Jps});
            });
        const Cost optimal_cost = scratch.cost;
        row.jps_plus = median_time(
            settings.repeat, [] {},
            [&] {
                scratch = space.find_path(query.start, query.goal, context,
                                          {.algorithm = SearchAlgorithm::JpsPlus});
            });
        // The search that proves a splice costing the optimum: jps+ bounded as PathRepair
        // bounds it (the splice's cost less half the tolerance); it finds nothing.
        const SearchOptions bounded{
            .algorithm = SearchAlgorithm::JpsPlus,
            .cost_bound = optimal_cost - optimality_tolerance(optimal_cost) / 2};
        row.jps_plus_bounded = median_time(
            settings.repeat, [] {},
            [&] { (void)space.find_path(query.start, query.goal, context, bounded); });
        if (scratch.found() && !plan.tiles.empty()) {  // else the edit cut the unit off
            row.spliced_over_optimal = plan.cost() / optimal_cost;
            rows.push_back(row);
        }
        for (const Cell tile : blocked)
            (void)map.set_walkable(tile, true);
        (void)space.jump_point_index();  // repaired back, untimed
    }

    const auto column = [&](double Row::*field) {
        std::vector<double> values;
        for (const Row& row : rows)
            values.push_back(row.*field);
        return values;
    };
    const auto count = [&](auto predicate) {
        return std::count_if(rows.begin(), rows.end(), predicate);
    };
    if (rows.empty()) stop(scenario_file + ": no row had a path an edit could block");
    const double jps = median(column(&Row::jps));
    std::printf("\n%s: %zu rows, edit: %s, %d runs a row (medians)\n\n",
                std::filesystem::path(scenario_file).filename().c_str(), rows.size(),
                settings.building ? "3 x 3 building on the middle tile" : "middle tile",
                settings.repeat);
    std::printf(
        "| replanning | median (us) | p90 (us) | jps / this (medians) |\n|---|---:|---:|---:|\n");
    const auto line = [&](const char* name, double Row::*field) {
        const auto values = column(field);
        std::printf("| %s | %.2f | %.2f | %.2fx |\n", name, median(values), percentile_90(values),
                    jps / median(values));
    };
    line("PathRepair, optimal asked", &Row::optimal_repair);
    line("PathRepair, splice as found", &Row::spliced_repair);
    line("jps from scratch", &Row::jps);
    line("jps+ from scratch (index already repaired)", &Row::jps_plus);
    line("jps+ bounded just below the optimum (what proves a splice)", &Row::jps_plus_bounded);
    line("jps+ index repair after the edit (once per map)", &Row::index_repair);

    const auto share = [&](auto predicate) {
        return 100.0 * static_cast<double>(count(predicate)) / static_cast<double>(rows.size());
    };
    std::printf(
        "\noptimal asked: %.1f%% spliced and proven optimal (%.1f%% by a jps+ search bounded by "
        "its cost), %.1f%% planned again (jps+), %.1f%% kept\n",
        share([](const Row& row) { return row.optimal_method == ReplanMethod::Spliced; }),
        share([](const Row& row) {
            return row.optimal_method == ReplanMethod::Spliced && row.optimal_by_search;
        }),
        share([](const Row& row) { return row.optimal_method == ReplanMethod::Planned; }),
        share([](const Row& row) { return row.optimal_method == ReplanMethod::Kept; }));
    std::vector<double> ratios = column(&Row::spliced_over_optimal);
    double sum = 0;
    for (const double ratio : ratios)
        sum += ratio;
    std::printf(
        "splice as found: %.1f%% spliced (%.1f%% proven optimal), %.1f%% planned again; "
        "cost / optimal: mean %.4f, p90 %.4f, max %.4f, optimal in %.1f%% of rows\n",
        share([](const Row& row) { return row.spliced_method == ReplanMethod::Spliced; }),
        share([](const Row& row) { return row.spliced_proven; }),
        share([](const Row& row) { return row.spliced_method == ReplanMethod::Planned; }),
        sum / static_cast<double>(ratios.size()), percentile_90(ratios),
        *std::max_element(ratios.begin(), ratios.end()),
        share([](const Row& row) { return row.spliced_over_optimal <= 1.00001; }));
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    const auto settings = pathkit::bench::read_settings(argc, argv);
    for (const std::string& scenario : settings.scenarios)
        pathkit::bench::run_scenario(scenario, settings);
}
