// A one-line progress indicator on stderr, for long runs, shown only when stderr is a terminal.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

namespace pathkit::cli {

/// Shows "label: done/total" on one stderr line while work goes on; clears it when done.
class Progress {
  public:
    Progress(std::string label, std::size_t total)
        : label_(std::move(label)), total_(total), shown_(isatty(fileno(stderr)) != 0) {}
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;
    ~Progress() {
        if (shown_) std::fprintf(stderr, "\r\033[K");
    }
    void update(std::size_t done) {
        if (!shown_) return;
        std::fprintf(stderr, "\r%s: %zu/%zu", label_.c_str(), done, total_);
        std::fflush(stderr);
    }

  private:
    std::string label_;
    std::size_t total_;
    bool shown_;
};

}  // namespace pathkit::cli
