/// Output files written all or nothing: each goes to a temporary file beside its target and is
/// renamed into place only when every one of them was written and closed without error.
#pragma once

#include <string>
#include <vector>

#include "pathkit/core/status.hpp"

namespace pathkit {

/// A set of files to write together. Nothing touches the disk before `commit()`.
class OutputFiles {
  public:
    /// Inputs of the same run: an output may not overwrite one of them.
    void protect_input(const std::string& path);
    /// Adds a file. Refused when another added file has the same path, when the path is an
    /// input of the run, or when it names something that is not a regular file (a folder, a
    /// device such as /dev/full, a FIFO).
    [[nodiscard]] Status add(std::string path, std::string contents);
    /// Writes every file: temporaries first (every write and close checked), then renames.
    /// On failure names the file and the reason and leaves none of this commit's files:
    /// renames already done are undone and files that were there before are put back.
    [[nodiscard]] Status commit();
    /// The paths added, in order.
    [[nodiscard]] std::vector<std::string> paths() const;

  private:
    struct File {
        std::string path;
        std::string contents;
    };
    std::vector<File> files_;
    std::vector<std::string> inputs_;
};

/// Writes one file all or nothing (see `OutputFiles`).
[[nodiscard]] Status write_file_atomically(const std::string& path, std::string contents);

}  // namespace pathkit
