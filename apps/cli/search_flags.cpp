// Command-line flags that choose the search and its limits.
#include "search_flags.hpp"

namespace pathkit::cli {

void SearchFlags::add_to(CLI::App& command) {
    command
        .add_option("--algo", algorithm,
                    "Search: astar, dijkstra, bfs (fewest steps), jps (jump point search, grid "
                    "maps) or jps+ (jump point search over jump distances computed once per "
                    "map, grid maps)")
        ->check(CLI::Validator(
            [](const std::string& name) {
                return search_algorithm_named(name)
                           ? std::string()
                           : "expected one of " + std::string(search_algorithm_names);
            },
            "", "search"))
        ->capture_default_str();
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
    return std::nullopt;
}

SearchAlgorithm SearchFlags::search() const {
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

}  // namespace pathkit::cli
