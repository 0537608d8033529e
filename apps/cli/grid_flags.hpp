// Command-line flags for grid commands: tiles as "X,Y" and the diagonal policy by name.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "pathkit/grid/cell.hpp"
#include "pathkit/grid/movement.hpp"

namespace pathkit::cli {

/// Parses "X,Y" (whole numbers); nothing for anything else.
[[nodiscard]] std::optional<Cell> parse_cell(const std::string& text);

/// Adds --diagonal to `command`, writing the policy's name into `name`.
void add_diagonal_flag(CLI::App& command, std::string& name);
/// The policy named by --diagonal (never, always, at-least-one, no-corner-cutting).
[[nodiscard]] DiagonalPolicy diagonal_policy(const std::string& name);

}  // namespace pathkit::cli
