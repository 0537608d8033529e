// Command-line flags that choose the engine's mode and limits, the same on every command
// that runs a search (graph, path, scene, bench).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit::cli {

/// The flags as parsed; `options()` turns them into engine options.
struct SearchFlags {
    std::string algorithm = "astar";
    float weight = 1;
    std::size_t budget = 0;
    bool partial = false;

    /// Adds --algo (astar, dijkstra, bfs, jps, jps+), --weight, --budget and --partial to
    /// `command`.
    void add_to(CLI::App& command);
    /// Why --algo does not apply to what the command searches ("jps runs on grid maps only"),
    /// or nothing. `grid` is true for commands on tile maps.
    [[nodiscard]] std::optional<std::string> unsupported(bool grid) const;
    [[nodiscard]] SearchOptions options() const;
    /// True for jps and jps+.
    [[nodiscard]] bool jump_point_search() const { return algorithm.starts_with("jps"); }
    /// True for jps+: jump point search over a `StaticGridIndex` built for the map.
    [[nodiscard]] bool static_index() const { return algorithm == "jps+"; }
    /// Runs the chosen search on a grid; for jps+, `index` is the index built for `space`.
    [[nodiscard]] GridPath find_grid_path(const GridSpace& space, const StaticGridIndex* index,
                                          Cell from, Cell to, SearchContext& context,
                                          PathShape shape = PathShape::Tiles) const;
};

}  // namespace pathkit::cli
