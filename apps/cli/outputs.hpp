// The files one run of a command writes: gathered while it runs, written together at the end
// (all or nothing), and not at all when the run found bad input.
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pathkit/io/output_files.hpp"

namespace pathkit::cli {

/// Collects a command's output files and writes them when the run ends.
class CommandOutputs {
  public:
    explicit CommandOutputs(const char* command) : command_(command) {}

    /// Outputs may not overwrite these.
    void protect_inputs(const std::vector<std::string>& inputs) {
        for (const std::string& input : inputs)
            files_.protect_input(input);
    }
    /// Says why the run stops and returns exit_bad_input.
    int refuse(const std::string& message) const {
        std::cerr << "pathkit " << command_ << ": " << message << '\n';
        return exit_bad_input;
    }
    /// Adds a file to write at the end; exit_bad_input (after saying why) when refused, such
    /// as a second output to the same file.
    int add(const std::string& path, std::string contents) {
        if (Status status = files_.add(path, std::move(contents)); !status)
            return refuse(status.message());
        return exit_found;
    }
    /// Writes every file unless `code` is exit_bad_input, saying "wrote PATH" for each on
    /// stderr; returns `code`, or exit_bad_input when a file could not be written (then none
    /// is left behind).
    int finish(int code) {
        if (code >= exit_bad_input) return code;
        const std::vector<std::string> paths = files_.paths();
        if (Status status = files_.commit(); !status) return refuse(status.message());
        for (const std::string& path : paths)
            std::cerr << "wrote " << path << '\n';
        return code;
    }

  private:
    const char* command_;
    OutputFiles files_;
};

/// A JSON document as text; invalid UTF-8 (a node's name, a file's name) becomes U+FFFD.
inline std::string json_text(const nlohmann::json& document, int indent = -1) {
    return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace pathkit::cli
