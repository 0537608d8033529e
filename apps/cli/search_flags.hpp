// Command-line flags that choose the search and its limits, the same on every command that
// runs one (graph, path, scene, bench). Names of searches are the library's
// (`search_algorithm_named`).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit::cli {

/// The flags as parsed; `options()` turns them into engine options.
struct SearchFlags {
    std::string algorithm = "astar";
    float weight = 1;
    std::size_t budget = 0;
    bool partial = false;

    /// Adds --algo (every name of `search_algorithm_names`), --weight, --budget and --partial
    /// to `command`.
    void add_to(CLI::App& command);
    /// Why --algo does not apply to what the command searches ("jps runs on tile grids
    /// only"), or nothing. `grid` is true for commands on tile maps.
    [[nodiscard]] std::optional<std::string> unsupported(bool grid) const;
    /// The search --algo names (checked when parsed).
    [[nodiscard]] SearchAlgorithm search() const;
    [[nodiscard]] SearchOptions options() const;
};

}  // namespace pathkit::cli
