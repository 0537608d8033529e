// --trace OUT.json: the file of positions tick by tick that crowd and agents write per input.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "file_batches.hpp"
#include "outputs.hpp"

namespace pathkit::cli {

/// Adds --trace to `command`, its file's name going into `path`; `what` says what the trace
/// holds ("every agent's position at every step").
inline void add_trace_option(CLI::App& command, std::string& path, const std::string& what) {
    command.add_option(
        "--trace", path,
        "Write " + what + " as JSON (OUT-NAME.json per scenario when several are given)");
}

/// Adds the trace of `input` (one of `input_count` inputs) to the outputs, at --trace `path`
/// or its OUT-NAME.json, ending in a newline; exit_found, or exit_bad_input after saying why.
inline int add_trace(CommandOutputs& outputs, const std::string& path, std::size_t input_count,
                     const std::string& input, std::string trace) {
    if (trace.empty() || trace.back() != '\n') trace += '\n';
    return outputs.add(output_path_for(path, input_count, input), std::move(trace));
}

}  // namespace pathkit::cli
