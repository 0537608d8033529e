// Whole-number options read strictly: CLI11 reads "-1" into an unsigned option as 2^64 - 1, a
// number past 64 bits as the largest one, and "010" as octal; pathkit refuses all three.
#pragma once

#include <CLI/CLI.hpp>

namespace pathkit::cli {

/// Makes every whole-number option of `app` and its commands (registered before the call)
/// accept only decimal digits, with a sign only where negative values are meant ("-" on
/// signed options, "+" on any), and refuse values that do not fit in 64 bits; leading zeros
/// are read as decimal. Refusals exit 2 like any other bad argument.
void read_whole_numbers_strictly(CLI::App& app);

}  // namespace pathkit::cli
