// Output files written all or nothing (see pathkit/io/output_files.hpp).
#include "pathkit/io/output_files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <system_error>

namespace pathkit {

namespace {

namespace fs = std::filesystem;

/// The same file for two spellings of one path ("out.svg", "./out.svg").
std::string normal_form(const std::string& path) {
    std::error_code error;
    const fs::path normal = fs::weakly_canonical(fs::absolute(path, error), error);
    return error ? path : normal.string();
}

std::string reason() {
    return std::strerror(errno);
}

/// Writes `contents` to a new file `path`, every step checked; "" or why it failed.
std::string write_new_file(const std::string& path, const std::string& contents) {
    std::FILE* file = std::fopen(path.c_str(), "wbx");  // x: never an existing file
    if (!file) return reason();
    std::string why;
    if (std::fwrite(contents.data(), 1, contents.size(), file) != contents.size() ||
        std::fflush(file) != 0)
        why = reason();
    if (std::fclose(file) != 0 && why.empty()) why = reason();
    if (!why.empty()) std::remove(path.c_str());
    return why;
}

std::string temporary_name(const std::string& target) {
    static thread_local std::mt19937_64 random{std::random_device{}()};
    char suffix[24];
    std::snprintf(suffix, sizeof suffix, ".%016llx.tmp", static_cast<unsigned long long>(random()));
    return target + suffix;
}

}  // namespace

void OutputFiles::protect_input(const std::string& path) {
    inputs_.push_back(normal_form(path));
}

Status OutputFiles::add(std::string path, std::string contents) {
    if (path.empty()) return Status::invalid_input("an output file needs a name");
    const std::string normal = normal_form(path);
    for (const File& file : files_)
        if (normal_form(file.path) == normal)
            return Status::invalid_input(path + ": two outputs would be written to this file");
    for (const std::string& input : inputs_)
        if (input == normal)
            return Status::invalid_input(path + ": the output would overwrite an input file");
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (fs::exists(status) && !fs::is_regular_file(status))
        return Status::invalid_input(
            path + ": cannot write there: " +
            (fs::is_directory(status) ? "it is a folder" : "it is not a regular file"));
    files_.push_back({std::move(path), std::move(contents)});
    return {};
}

std::vector<std::string> OutputFiles::paths() const {
    std::vector<std::string> paths;
    for (const File& file : files_)
        paths.push_back(file.path);
    return paths;
}

Status OutputFiles::commit() {
    std::vector<std::string> temporaries;
    const auto remove_temporaries = [&] {
        for (const std::string& temporary : temporaries)
            std::remove(temporary.c_str());
    };
    for (const File& file : files_) {
        const std::string temporary = temporary_name(file.path);
        if (const std::string why = write_new_file(temporary, file.contents); !why.empty()) {
            remove_temporaries();
            return Status::invalid_input(file.path + ": cannot write the file (" + why + ")");
        }
        temporaries.push_back(temporary);
    }
    for (std::size_t index = 0; index < files_.size(); ++index) {
        std::error_code error;
        fs::rename(temporaries[index], files_[index].path, error);
        if (error) {
            remove_temporaries();
            return Status::invalid_input(files_[index].path + ": cannot write the file (" +
                                         error.message() + ")");
        }
    }
    files_.clear();
    return {};
}

Status write_file_atomically(const std::string& path, std::string contents) {
    OutputFiles files;
    if (Status status = files.add(path, std::move(contents)); !status) return status;
    return files.commit();
}

}  // namespace pathkit
