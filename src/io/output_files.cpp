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
    // Each file's temporary, and the name its earlier contents are kept under while the run's
    // files are renamed into place ("" when there was no earlier file).
    struct Pending {
        std::string temporary;
        std::string kept;
        bool placed = false;
    };
    std::vector<Pending> pending;
    // Puts back what was there before: earlier files return, new ones and temporaries go.
    const auto roll_back = [&] {
        for (std::size_t index = pending.size(); index-- > 0;) {
            Pending& file = pending[index];
            if (file.placed && file.kept.empty()) std::remove(files_[index].path.c_str());
            if (!file.kept.empty()) {
                std::error_code ignored;
                fs::rename(file.kept, files_[index].path, ignored);
            }
            if (!file.placed) std::remove(file.temporary.c_str());
        }
    };
    const auto failed = [&](std::size_t index, const std::string& why) {
        roll_back();
        return Status::invalid_input(files_[index].path + ": cannot write the file (" + why + ")");
    };
    for (std::size_t index = 0; index < files_.size(); ++index) {
        Pending& file = pending.emplace_back();
        file.temporary = temporary_name(files_[index].path);
        if (const std::string why = write_new_file(file.temporary, files_[index].contents);
            !why.empty()) {
            pending.pop_back();
            return failed(index, why);
        }
    }
    // Earlier files are kept aside under a temporary name until every new one is in place, so
    // that a rename failing halfway (the target became a folder, the disk went read-only) can
    // put them all back.
    for (std::size_t index = 0; index < files_.size(); ++index) {
        const std::string& path = files_[index].path;
        std::error_code error;
        const fs::file_status status = fs::symlink_status(path, error);
        if (!fs::exists(status)) continue;
        if (fs::is_directory(status)) return failed(index, "it is a folder");
        const std::string kept = temporary_name(path);
        fs::rename(path, kept, error);
        if (error) return failed(index, error.message());
        pending[index].kept = kept;
    }
    for (std::size_t index = 0; index < files_.size(); ++index) {
        std::error_code error;
        fs::rename(pending[index].temporary, files_[index].path, error);
        if (error) return failed(index, error.message());
        pending[index].placed = true;
    }
    for (const Pending& file : pending)
        if (!file.kept.empty()) std::remove(file.kept.c_str());
    files_.clear();
    return {};
}

Status write_file_atomically(const std::string& path, std::string contents) {
    OutputFiles files;
    if (Status status = files.add(path, std::move(contents)); !status) return status;
    return files.commit();
}

}  // namespace pathkit
