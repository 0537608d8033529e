// Command-line flags that choose the engine's mode and limits.
#include "search_flags.hpp"

#include "pathkit/grid/jump_point_search.hpp"

namespace pathkit::cli {

void SearchFlags::add_to(CLI::App& command) {
    command
        .add_option("--algo", algorithm,
                    "Search: astar, dijkstra, bfs (fewest steps), jps (jump point search, grid "
                    "maps) or jps+ (jump point search over jump distances computed once per "
                    "map, grid maps)")
        ->check(CLI::IsMember({"astar", "dijkstra", "bfs", "jps", "jps+"}))
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
    if (jump_point_search() && !grid)
        return "--algo " + algorithm + " runs on grid maps only; here use astar, dijkstra or bfs";
    return std::nullopt;
}

SearchOptions SearchFlags::options() const {
    SearchOptions options;
    if (algorithm == "dijkstra") options.algorithm = SearchAlgorithm::Dijkstra;
    if (algorithm == "bfs") options.algorithm = SearchAlgorithm::BreadthFirst;
    options.heuristic_weight = weight;
    if (budget > 0) options.max_expansions = budget;
    options.allow_partial = partial;
    return options;
}

GridPath SearchFlags::find_grid_path(const GridSpace& space, const StaticGridIndex* index,
                                     Cell from, Cell to, SearchContext& context,
                                     PathShape shape) const {
    if (static_index() && index != nullptr)
        return index->find_path(from, to, context, options(), shape);
    if (jump_point_search()) return find_path_jps(space, from, to, context, options(), shape);
    return space.find_path(from, to, context, options(), shape);
}

}  // namespace pathkit::cli
