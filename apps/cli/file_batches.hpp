// Commands that take several input files: one output file per input, the worst exit code.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "commands.hpp"

namespace pathkit::cli {

/// Where the output for `input` goes: `out` itself when there is one input, else OUT-STEM.EXT
/// (`out.svg` and `maps/a.json` give `out-a.svg`).
inline std::string output_path_for(const std::string& out, std::size_t input_count,
                                   const std::string& input) {
    if (input_count == 1) return out;
    const std::filesystem::path path(out);
    const std::string stem = std::filesystem::path(input).stem().string();
    return (path.parent_path() / (path.stem().string() + "-" + stem + path.extension().string()))
        .string();
}

/// Runs `run(file)` for every file and returns the worst (highest) exit code.
template <class Run>
int run_each(const std::vector<std::string>& files, Run&& run) {
    int worst = exit_found;
    for (const std::string& file : files)
        worst = std::max(worst, run(file));
    return worst;
}

}  // namespace pathkit::cli
