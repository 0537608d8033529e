// Reading input files: only regular files, never more than the limit.
#include "input_file.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace pathkit::io_detail {

namespace {

std::string kind_of(std::filesystem::file_type type) {
    switch (type) {
        case std::filesystem::file_type::directory:
            return "a folder";
        case std::filesystem::file_type::fifo:
            return "a FIFO";
        case std::filesystem::file_type::socket:
            return "a socket";
        case std::filesystem::file_type::character:
        case std::filesystem::file_type::block:
            return "a device";
        default:
            return "not a regular file";
    }
}

std::string too_big(std::string_view source, std::size_t limit) {
    return std::string(source) + ": the file is larger than the limit of " + std::to_string(limit) +
           " bytes";
}

}  // namespace

Status read_file_text(const std::string& path, std::string& text, std::size_t limit) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (error || !std::filesystem::exists(status))
        return Status::invalid_input(path + ": cannot open the file (" +
                                     (error ? error.message() : "it does not exist") + ")");
    if (!std::filesystem::is_regular_file(status))
        return Status::invalid_input(path + ": cannot read " + kind_of(status.type()) +
                                     "; give a regular file");
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (!error && size > limit) return Status::invalid_input(too_big(path, limit));
    std::ifstream input(path, std::ios::binary);
    if (!input) return Status::invalid_input(path + ": cannot open the file");
    return read_stream_text(input, path, text, limit);
}

Status read_stream_text(std::istream& input, std::string_view source, std::string& text,
                        std::size_t limit) {
    text.clear();
    char buffer[1 << 16];
    while (input) {
        input.read(buffer, sizeof buffer);
        const auto got = static_cast<std::size_t>(input.gcount());
        if (got > limit - text.size()) return Status::invalid_input(too_big(source, limit));
        text.append(buffer, got);
    }
    if (input.bad()) return Status::invalid_input(std::string(source) + ": reading failed");
    return {};
}

}  // namespace pathkit::io_detail
