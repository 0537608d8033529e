// `pathkit bench SCEN...`: solves every query of MovingAI scenarios and checks optimal lengths.
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "outputs.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/goal_bounds_file.hpp"
#include "pathkit/io/limits.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "report.hpp"
#include "search_flags.hpp"

namespace pathkit::cli {

namespace {

struct BenchArguments {
    std::vector<std::string> scenario_files;
    std::string map_file;
    SearchFlags search;
    std::string path_shape = "tiles";
    std::size_t warm_up = 0;  ///< each file's first queries left out of the times
    bool json = false;
};

struct FileFigures {
    std::string scenario;
    std::string map;
    std::size_t queries = 0;
    std::size_t mismatches = 0;
    std::size_t timed_queries = 0;  ///< the queries after the warm-up, whose times are summed
    double total_microseconds = 0;
    double total_expanded = 0;
    double search_bytes_per_cell = 0;       ///< the search context's memory over the map's tiles
    double index_build_milliseconds = 0;    ///< jps+: building the jump point index, every map
    double index_bytes_per_cell = 0;        ///< jps+: the largest index over its map's tiles
    double goal_bounds_bytes_per_cell = 0;  ///< --index: the goal bounds over the map's tiles
    /// hpa, hpa-optimal: building the hierarchy (every map, ms) and the largest over its tiles.
    double hierarchy_build_milliseconds = 0;
    double hierarchy_bytes_per_cell = 0;
    /// hpa: paths dearer than the optimal length, and their excess (cost / optimal - 1).
    std::size_t suboptimal = 0;
    double total_excess = 0;
    double largest_excess = 0;
};

/// Most tiles the rows of one scenario file may ask to search, each row counted as its whole
/// map (the most one search visits): 10^11, about an hour of the slowest searches. MovingAI's
/// files stay far below it (maze512-1-0's 11,960 rows on a 512 x 512 map: 3.1 x 10^9).
constexpr double max_tiles_searched_per_file = 1e11;

/// Refuses a file whose rows together could search more tiles than the limit.
Status check_total_work(const std::string& scenario_file,
                        const std::vector<ScenarioQuery>& queries) {
    double tiles = 0;
    for (const ScenarioQuery& query : queries)
        tiles += std::min(static_cast<double>(query.map_width) * query.map_height,
                          static_cast<double>(limits::max_map_tiles));
    if (tiles <= max_tiles_searched_per_file) return {};
    char figures[96];
    std::snprintf(figures, sizeof figures, "%.3g tiles, over the limit of %.3g a file", tiles,
                  max_tiles_searched_per_file);
    return Status::invalid_input(scenario_file + ": its " + std::to_string(queries.size()) +
                                 " rows may search up to " + figures +
                                 " (each row counted as its whole map); split it into smaller "
                                 "files");
}

/// The map a query names: --map if given, else the file named in its row, beside the scenario.
std::string map_path_for(const BenchArguments& arguments, const std::string& scenario_file,
                         const ScenarioQuery& query) {
    if (!arguments.map_file.empty()) return arguments.map_file;
    return (std::filesystem::path(scenario_file).parent_path() / query.map_name).string();
}

/// The rows of a scenario file that name one map file, in file order.
struct MapRows {
    std::string path;
    std::vector<std::size_t> rows;
};

/// The rows of a file grouped by the map file they name (one group per file on disk, however
/// the rows spell its name), groups in the order their maps first appear: each map is loaded
/// and indexed once, even when rows alternate between maps.
std::vector<MapRows> rows_by_map(const BenchArguments& arguments, const std::string& scenario_file,
                                 const std::vector<ScenarioQuery>& queries) {
    std::vector<MapRows> groups;
    // Keyed by device and inode for files that exist, by name for the rest (errors to come).
    std::map<std::string, std::size_t> group_of_map;
    std::size_t group = 0;
    for (std::size_t row = 0; row < queries.size(); ++row) {
        if (row > 0 && queries[row].map_name == queries[row - 1].map_name) {
            groups[group].rows.push_back(row);
            continue;
        }
        std::string path = map_path_for(arguments, scenario_file, queries[row]);
        struct stat file {};
        const std::string key =
            ::stat(path.c_str(), &file) == 0
                ? std::to_string(file.st_dev) + ":" + std::to_string(file.st_ino)
                : "name:" + path;
        const auto [found, added] = group_of_map.try_emplace(key, groups.size());
        if (added) groups.push_back({std::move(path), {}});
        group = found->second;
        groups[group].rows.push_back(row);
    }
    return groups;
}

/// Solves one scenario file, each row on the map it names; returns its figures or the error
/// that stopped it.
/// `bounds`, when not null, are --index's goal bounds.
Expected<FileFigures> run_file(const BenchArguments& arguments, const std::string& scenario_file,
                               const GoalBounds* bounds, bool show_progress) {
    HierarchyContext hierarchy_context;  // one per file, so its memory is this file's maps'
    SearchContext& context = hierarchy_context.tiles;
    const std::optional<HierarchyMode> hierarchy_mode = arguments.search.hierarchy_mode();
    auto scenario = load_moving_ai_scenario(scenario_file);
    if (!scenario) return scenario.error();
    if (Status status = check_total_work(scenario_file, scenario.value().queries); !status)
        return status;
    FileFigures figures;
    figures.scenario = scenario_file;
    double largest_map_tiles = 1;
    const PathShape shape = arguments.path_shape == "turns" ? PathShape::Turns : PathShape::Tiles;
    const auto& queries = scenario.value().queries;
    std::size_t solved = 0;
    const SearchOptions options = arguments.search.options();
    for (const MapRows& group : rows_by_map(arguments, scenario_file, queries)) {
        const std::string& map_file = group.path;
        auto loaded = load_moving_ai_map(map_file);
        if (!loaded) return loaded.error();
        const GridMap& map = loaded.value();
        if (Status fits = arguments.search.fits_memory(map_file, map, true); !fits) return fits;
        const GridSpace space(map);
        const double tiles = static_cast<double>(map.width()) * map.height();
        std::shared_ptr<const StaticGridIndex> jump_index;
        // The hierarchy answers short queries by jps+ on the same index.
        if (arguments.search.search() == SearchAlgorithm::JpsPlus || hierarchy_mode) {
            // Built before the clock starts, and timed on its own.
            const auto started = std::chrono::steady_clock::now();
            const auto index = space.jump_point_index();
            figures.index_build_milliseconds += std::chrono::duration<double, std::milli>(
                                                    std::chrono::steady_clock::now() - started)
                                                    .count();
            if (!index) return Status::invalid_input(map_file + ": " + index.error().message());
            jump_index = index.value();
            figures.index_bytes_per_cell =
                std::max(figures.index_bytes_per_cell,
                         static_cast<double>(index.value()->memory_bytes()) / tiles);
        }
        if (bounds != nullptr) {
            if (Status fits = bounds->check_fits(space); !fits) {
                return Status::invalid_input(arguments.search.index_file + ": " + fits.message() +
                                             " (" + map_file + ")");
            }
            figures.goal_bounds_bytes_per_cell =
                static_cast<double>(bounds->memory_bytes()) / tiles;
        }
        std::optional<GridHierarchy> hierarchy;
        if (hierarchy_mode) {
            const auto started = std::chrono::steady_clock::now();
            auto built = GridHierarchy::build(space, arguments.search.hierarchy_options());
            figures.hierarchy_build_milliseconds += std::chrono::duration<double, std::milli>(
                                                        std::chrono::steady_clock::now() - started)
                                                        .count();
            if (!built) return Status::invalid_input(map_file + ": " + built.error().message());
            hierarchy.emplace(std::move(built).value());
            figures.hierarchy_bytes_per_cell =
                std::max(figures.hierarchy_bytes_per_cell,
                         static_cast<double>(hierarchy->memory_bytes()) / tiles);
        }
        // Allocated before the clock starts, as a game would.
        context.reserve(space.state_count());
        largest_map_tiles = std::max(largest_map_tiles, tiles);
        figures.map = figures.map.empty() ? map_file : figures.map + ", ...";
        if (figures.map.ends_with(", ..., ...")) figures.map.resize(figures.map.size() - 5);
        for (const std::size_t row : group.rows) {
            const ScenarioQuery& query = queries[row];
            if (auto status = check_query(query, map); !status) {
                return Status::invalid_input(scenario_file + ": query " + std::to_string(row + 1) +
                                             ": " + status.message());
            }
            const auto started = std::chrono::steady_clock::now();
            const GridPath result =
                hierarchy ? hierarchy->find_path(query.start, query.goal, hierarchy_context,
                                                 *hierarchy_mode)
                : bounds != nullptr
                    ? jump_index->find_path(query.start, query.goal, *bounds, context, options,
                                            shape)
                    : space.find_path(query.start, query.goal, context, options, shape);
            const auto stopped = std::chrono::steady_clock::now();
            if (solved >= arguments.warm_up) {
                figures.total_microseconds +=
                    std::chrono::duration<double, std::micro>(stopped - started).count();
                ++figures.timed_queries;
            }
            figures.total_expanded += static_cast<double>(result.stats.expanded);
            ++figures.queries;
            const double length = result.found() ? path_cost(space, result.path) : -1;
            // The fast hierarchical mode may be dearer than optimal, never cheaper.
            const bool dearer = hierarchy_mode == HierarchyMode::Fast &&
                                length > query.optimal_length &&
                                !matches_optimal_length(length, query.optimal_length);
            if (dearer) {
                const double excess = length / query.optimal_length - 1;
                ++figures.suboptimal;
                figures.total_excess += excess;
                figures.largest_excess = std::max(figures.largest_excess, excess);
            } else if (!matches_optimal_length(length, query.optimal_length)) {
                ++figures.mismatches;
                std::cerr << scenario_file << ": query " << row + 1 << " from "
                          << to_string(query.start) << " to " << to_string(query.goal) << ": "
                          << to_string(result.status) << ", length " << length << ", expected "
                          << query.optimal_length << '\n';
            }
            ++solved;
            if (show_progress && (solved % 64 == 0 || solved == queries.size())) {
                std::cerr << "\r" << scenario_file << ": " << solved << "/" << queries.size()
                          << std::flush;
            }
        }
    }
    if (show_progress) std::cerr << "\r\033[K" << std::flush;
    figures.search_bytes_per_cell = static_cast<double>(context.memory_bytes()) / largest_map_tiles;
    return figures;
}

double mean(double total, std::size_t count) {
    return count == 0 ? 0 : total / static_cast<double>(count);
}

int run_bench(const BenchArguments& arguments) {
    if (auto why = arguments.search.unsupported(true)) return CommandOutputs("bench").refuse(*why);
    if (arguments.search.hierarchy_mode() && arguments.path_shape == "turns")
        return CommandOutputs("bench").refuse("--algo " + arguments.search.algorithm +
                                              " returns every tile; --path turns is for the "
                                              "other searches");
    const bool show_progress = isatty(STDERR_FILENO) != 0;
    std::optional<GoalBounds> bounds;
    if (!arguments.search.index_file.empty()) {
        auto loaded = load_goal_bounds(arguments.search.index_file);
        if (!loaded) return CommandOutputs("bench").refuse(loaded.error().message());
        bounds.emplace(std::move(loaded).value());
    }
    std::vector<FileFigures> files;
    for (const std::string& scenario_file : arguments.scenario_files) {
        auto figures =
            run_file(arguments, scenario_file, bounds ? &*bounds : nullptr, show_progress);
        if (!figures) return CommandOutputs("bench").refuse(figures.error().message());
        files.push_back(std::move(figures.value()));
    }
    std::size_t queries = 0, mismatches = 0;
    for (const auto& file : files) {
        queries += file.queries;
        mismatches += file.mismatches;
    }
    Report list = Report::list();
    for (const auto& file : files) {
        Report line;
        line.add("scen", file.scenario)
            .add("map", file.map)
            .add("queries", file.queries)
            .add("mismatches", file.mismatches)
            .add("mean_us", mean(file.total_microseconds, file.timed_queries))
            .add("mean_expanded", mean(file.total_expanded, file.queries))
            .add("search_bytes_per_cell", file.search_bytes_per_cell);
        if (arguments.warm_up > 0) line.add("timed_queries", file.timed_queries);
        if (file.index_bytes_per_cell > 0)  // jps+, or the hierarchy's optimal mode
            line.add("index_build_ms", file.index_build_milliseconds)
                .add("index_bytes_per_cell", file.index_bytes_per_cell);
        if (bounds) line.add("goal_bounds_bytes_per_cell", file.goal_bounds_bytes_per_cell);
        if (arguments.search.hierarchy_mode())
            line.add("hierarchy_build_ms", file.hierarchy_build_milliseconds)
                .add("hierarchy_bytes_per_cell", file.hierarchy_bytes_per_cell);
        if (arguments.search.hierarchy_mode() == HierarchyMode::Fast)
            line.add("suboptimal", file.suboptimal)
                .add("mean_suboptimality_percent", 100 * mean(file.total_excess, file.queries))
                .add("largest_suboptimality_percent", 100 * file.largest_excess);
        list.push(std::move(line));
    }
    Report report;
    report.add("algo", bounds ? "jps+ with goal bounds" : arguments.search.algorithm)
        .add("path", arguments.path_shape)
        .add("files", std::move(list))
        .add("queries", queries)
        .add("mismatches", mismatches);
    print_report(report, arguments.json);
    return mismatches == 0 ? exit_found : exit_no_path;
}

}  // namespace

Command add_bench_command(CLI::App& app) {
    auto arguments = std::make_shared<BenchArguments>();
    CLI::App* command = app.add_subcommand(
        "bench", "Solve MovingAI scenarios and compare every cost with the optimal length");
    command->add_option("scen", arguments->scenario_files, "The .scen files")->required();
    command->add_option("--map", arguments->map_file,
                        "The .map for every scenario (default: the map named in each, beside it)");
    arguments->search.add_to(*command, true);
    command
        ->add_option("--path", arguments->path_shape,
                     "What each query returns and the clock times: tiles (every tile walked, "
                     "the default) or turns (start, goal and the tiles where the direction "
                     "changes, as a unit steering from corner to corner needs)")
        ->check(CLI::IsMember({"tiles", "turns"}));
    command
        ->add_option("--warm-up", arguments->warm_up,
                     "Leave each file's first N queries out of the times (they are still "
                     "solved and checked): the code and memory they touch first are then "
                     "warm, as in a game that has been running for a while")
        ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 30));
    command->add_flag("--json", arguments->json,
                      "Print the figures as one JSON document (the same fields as the text)");
    return {command, [arguments] { return run_bench(*arguments); }};
}

}  // namespace pathkit::cli
