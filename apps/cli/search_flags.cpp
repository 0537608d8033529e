// Command-line flags that choose the search and its limits.
#include "search_flags.hpp"

#include <algorithm>
#include <thread>

#include "memory_budget.hpp"

namespace pathkit::cli {

namespace {
constexpr const char* hierarchy_fast = "hpa";
constexpr const char* hierarchy_optimal = "hpa-optimal";
}  // namespace

void SearchFlags::add_to(CLI::App& command, bool grid) {
    const std::string help =
        "Search: astar, dijkstra, bfs (fewest steps), jps (jump point search, grid maps) or "
        "jps+ (jump point search over jump distances computed once per map, grid maps)" +
        std::string(grid ? "; hpa (hierarchical: clusters and gates built once per map, a "
                           "path planned across them and each leg refined, not always the "
                           "cheapest) or hpa-optimal (A* guided by the hierarchy's exact lower "
                           "bounds, the cheapest)"
                         : "");
    command.add_option("--algo", algorithm, help)
        ->check(CLI::Validator(
            [grid](const std::string& name) {
                if (search_algorithm_named(name)) return std::string();
                if (grid && (name == hierarchy_fast || name == hierarchy_optimal))
                    return std::string();
                return "expected one of " + std::string(search_algorithm_names) +
                       (grid ? ", hpa, hpa-optimal" : "");
            },
            "", "search"))
        ->capture_default_str();
    if (grid) {
        command.add_option("--index", index_file,
                           "Goal bounds made by pathkit index for this map and --diagonal: "
                           "jps+ skips every move no cheapest path to the goal takes (--algo "
                           "may be left out or be jps+)");
        command
            .add_option("--cluster-side", cluster_side,
                        "Side of the hierarchy's square clusters in tiles (--algo hpa and "
                        "hpa-optimal): a power of two, 8 to 256")
            ->check(CLI::IsMember({8, 16, 32, 64, 128, 256}))
            ->capture_default_str();
    }
    command
        .add_option("--weight", weight, "Heuristic weight for A* (>= 1; cost <= weight x optimal)")
        ->check(CLI::Range(1.0f, 1e6f))
        ->capture_default_str();
    command.add_option("--budget", budget, "Stop after this many expansions (0: no limit)");
    command.add_flag("--partial", partial,
                     "When the goal is not reached, give the path to the closest state found");
}

std::optional<std::string> SearchFlags::unsupported(bool grid) const {
    if (runs_on_grids_only(search()) && !grid)
        return "--algo " + algorithm + " runs on grid maps only; here use astar, dijkstra or bfs";
    if (hierarchy_mode() && (weight != 1 || budget > 0 || partial))
        return "--algo " + algorithm + " takes no --weight, --budget or --partial";
    if (!index_file.empty() && algorithm != "astar" && algorithm != "jps+")
        return "--index runs jps+ with goal bounds; leave out --algo " + algorithm;
    return std::nullopt;
}

std::optional<HierarchyMode> SearchFlags::hierarchy_mode() const {
    if (algorithm == hierarchy_fast) return HierarchyMode::Fast;
    if (algorithm == hierarchy_optimal) return HierarchyMode::Optimal;
    return std::nullopt;
}

HierarchyOptions SearchFlags::hierarchy_options() const {
    return {.cluster_side = cluster_side, .threads = machine_threads()};
}

int machine_threads() {
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 64U));
}

SearchAlgorithm SearchFlags::search() const {
    if (!index_file.empty()) return SearchAlgorithm::JpsPlus;
    return search_algorithm_named(algorithm).value_or(SearchAlgorithm::AStar);
}

SearchOptions SearchFlags::options() const {
    SearchOptions options;
    options.algorithm = search();
    options.heuristic_weight = weight;
    if (budget > 0) options.max_expansions = budget;
    options.allow_partial = partial;
    return options;
}

Status SearchFlags::fits_memory(const std::string& map_file, const GridMap& map,
                                bool with_index_for_hpa) const {
    const auto tiles = static_cast<double>(map.width()) * map.height();
    const auto padded = static_cast<double>(map.width() + 2) * (map.height() + 2);
    const bool index = search() == SearchAlgorithm::JpsPlus ||
                       (with_index_for_hpa && hierarchy_mode().has_value());
    const double needed = 28 * tiles + (index ? 16 * padded : 0);
    if (needed <= static_cast<double>(memory_budget())) return {};
    return Status::invalid_input(
        map_file + ": a search over its " + std::to_string(map.width()) + " x " +
        std::to_string(map.height()) + " tiles may hold " + format_bytes(needed) +
        (index ? " with the jump point index" : "") + ", over " + memory_budget_text());
}

}  // namespace pathkit::cli
