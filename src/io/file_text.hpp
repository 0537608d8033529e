// Reading a whole file into a string, with an error that names the file.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "pathkit/core/status.hpp"

namespace pathkit::io_detail {

/// The file's bytes in `text`, or "PATH: cannot open the file".
inline Status read_file_text(const std::string& path, std::string& text) {
    std::ifstream input(path, std::ios::binary);
    if (!input) return Status::invalid_input(path + ": cannot open the file");
    std::ostringstream contents;
    contents << input.rdbuf();
    text = contents.str();
    return {};
}

}  // namespace pathkit::io_detail
