// Command-line flags that choose the search and its limits, the same on every command that
// runs one (graph, path, scene, bench). Names of searches are the library's
// (`search_algorithm_named`).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit::cli {

/// The flags as parsed; `options()` turns them into engine options.
struct SearchFlags {
    std::string algorithm = "astar";
    float weight = 1;
    std::size_t budget = 0;
    bool partial = false;
    /// Side of the clusters of --algo hpa and hpa-optimal (tiles).
    int cluster_side = HierarchyOptions{}.cluster_side;
    /// Goal bounds made by `pathkit index` (grid commands): jps+ pruned by them.
    std::string index_file;

    /// Adds --algo (every name of `search_algorithm_names`, and on grid commands hpa and
    /// hpa-optimal with --cluster-side, and --index), --weight, --budget and --partial to
    /// `command`.
    void add_to(CLI::App& command, bool grid = false);
    /// Why --algo does not apply to what the command searches ("jps runs on tile grids
    /// only"), or nothing. `grid` is true for commands on tile maps.
    [[nodiscard]] std::optional<std::string> unsupported(bool grid) const;
    /// The search --algo names (checked when parsed); A* for the hierarchical ones; jps+ with
    /// --index.
    [[nodiscard]] SearchAlgorithm search() const;
    /// The hierarchical search --algo names (hpa: fast, hpa-optimal: optimal), or none.
    [[nodiscard]] std::optional<HierarchyMode> hierarchy_mode() const;
    /// The hierarchy these flags ask for (--cluster-side), built on `machine_threads()`.
    [[nodiscard]] HierarchyOptions hierarchy_options() const;
    [[nodiscard]] SearchOptions options() const;
    /// Refused (the map file named, the bytes and the budget) when a grid search by these flags
    /// on `map` may hold more than the run's memory budget: the search's records (12 bytes a
    /// tile), an open list of every tile at worst (16), and with jps+, --index or (`bench`,
    /// `with_index_for_hpa`) a hierarchy the jump point index (16 a padded tile).
    [[nodiscard]] Status fits_memory(const std::string& map_file, const GridMap& map,
                                     bool with_index_for_hpa) const;
};

/// The threads a command's builds run on: the machine's (1 to 64).
[[nodiscard]] int machine_threads();

}  // namespace pathkit::cli
