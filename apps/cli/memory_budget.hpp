// One memory budget per run: every command estimates what it will hold before it allocates,
// against this figure, and refuses (exit 2) or stops cleanly (exit 1) instead of running out.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>

namespace pathkit::cli {

/// Registers `--memory-limit MIB` on the tool (accepted before or after the command's name).
void add_memory_limit_option(CLI::App& app);

/// This run's budget in bytes: `--memory-limit` when given; otherwise three quarters of the
/// tightest of the machine's physical memory, the process's address-space and data limits
/// (`ulimit -v`, `ulimit -d`) and its control group's memory limit. At least 64 MiB.
[[nodiscard]] std::size_t memory_budget();

/// The budget with where it comes from, for messages: "the memory budget of 2.2 GiB (3/4 of
/// the process's address-space limit; --memory-limit sets it)".
[[nodiscard]] std::string memory_budget_text();

/// A byte count for people: "812 B", "12.5 KiB", "230 MiB", "1.5 GiB".
[[nodiscard]] std::string format_bytes(double bytes);

/// The most memory the process has held so far (peak resident set), in bytes.
[[nodiscard]] std::size_t peak_resident_bytes();

}  // namespace pathkit::cli
