// Command-line flags that choose the engine's mode and limits, shared by path commands.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "pathkit/search/search_options.hpp"

namespace pathkit::cli {

/// The flags as parsed; `options()` turns them into engine options.
struct SearchFlags {
    std::string algorithm = "astar";
    float weight = 1;
    std::size_t budget = 0;
    bool partial = false;

    /// Adds --algo, --weight, --budget and --partial to `command`.
    void add_to(CLI::App& command);
    [[nodiscard]] SearchOptions options() const;
};

}  // namespace pathkit::cli
