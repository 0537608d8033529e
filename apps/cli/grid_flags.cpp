// Command-line flags for grid commands.
#include "grid_flags.hpp"

#include <charconv>

namespace pathkit::cli {

std::optional<Cell> parse_cell(const std::string& text) {
    const auto comma = text.find(',');
    if (comma == std::string::npos) return std::nullopt;
    Cell cell;
    const char* begin = text.data();
    const char* end = text.data() + text.size();
    auto first = std::from_chars(begin, begin + comma, cell.x);
    auto second = std::from_chars(begin + comma + 1, end, cell.y);
    if (first.ec != std::errc() || first.ptr != begin + comma || second.ec != std::errc() ||
        second.ptr != end) {
        return std::nullopt;
    }
    return cell;
}

void add_diagonal_flag(CLI::App& command, std::string& name) {
    command.add_option("--diagonal", name, "Diagonal moves: " + std::string(diagonal_policy_names))
        ->check(
            [](const std::string& value) {
                return diagonal_policy_named(value)
                           ? std::string()
                           : "expected one of " + std::string(diagonal_policy_names);
            },
            "DIAGONAL")
        ->capture_default_str();
}

DiagonalPolicy diagonal_policy(const std::string& name) {
    return diagonal_policy_named(name).value_or(DiagonalPolicy::NoCornerCutting);
}

}  // namespace pathkit::cli
