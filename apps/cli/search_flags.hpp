// Command-line flags that choose the engine's mode and limits, the same on every command
// that runs a search (graph, path, scene, bench).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "pathkit/search/search_options.hpp"

namespace pathkit::cli {

/// The flags as parsed; `options()` turns them into engine options.
struct SearchFlags {
    std::string algorithm = "astar";
    float weight = 1;
    std::size_t budget = 0;
    bool partial = false;

    /// Adds --algo (astar, dijkstra, bfs, jps), --weight, --budget and --partial to `command`.
    void add_to(CLI::App& command);
    /// Why --algo does not apply to what the command searches ("jps runs on grid maps only"),
    /// or nothing. `grid` is true for commands on tile maps.
    [[nodiscard]] std::optional<std::string> unsupported(bool grid) const;
    [[nodiscard]] SearchOptions options() const;
    [[nodiscard]] bool jump_point_search() const { return algorithm == "jps"; }
};

}  // namespace pathkit::cli
