// Commands that take several input files (scene, crowd, agents): registered and run the same
// way, one output file per input, the worst exit code.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "outputs.hpp"

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

/// Adds the input files (positional, at least one, into `arguments->files`) to `command` and
/// returns it with its run: `run_file(*arguments, file, outputs)` for every file in turn, with
/// one set of outputs for the whole run (the inputs protected, everything written at the end,
/// nothing when a file was refused); the worst exit code.
template <class Arguments, class RunFile>
Command add_file_batch(CLI::App& command, std::shared_ptr<Arguments> arguments,
                       const std::string& files_help, RunFile run_file) {
    command.add_option("files", arguments->files, files_help)->required();
    return {&command, [arguments, run_file, name = command.get_name()]() mutable {
                CommandOutputs outputs(name.c_str());
                outputs.protect_inputs(arguments->files);
                return outputs.finish(run_each(arguments->files, [&](const std::string& file) {
                    return run_file(*arguments, file, outputs);
                }));
            }};
}

}  // namespace pathkit::cli
