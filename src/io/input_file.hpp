// Reading a whole input file (regular files only, up to a size limit) with errors naming it.
#pragma once

#include <istream>
#include <string>
#include <string_view>

#include "pathkit/core/status.hpp"
#include "pathkit/io/limits.hpp"

namespace pathkit::io_detail {

/// The file's bytes in `text`. Refused, naming the file: a path that does not exist, a folder,
/// a device, FIFO or socket (never opened, so never blocking), or a file over `limit` bytes.
[[nodiscard]] Status read_file_text(const std::string& path, std::string& text,
                                    std::size_t limit = limits::max_file_bytes);

/// Everything left in `input`, up to `limit` bytes; "SOURCE: ..." when it is longer.
[[nodiscard]] Status read_stream_text(std::istream& input, std::string_view source,
                                      std::string& text,
                                      std::size_t limit = limits::max_file_bytes);

}  // namespace pathkit::io_detail
