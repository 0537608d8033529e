/// Numbers as text for messages: the shortest form that reads back as the same number.
#pragma once

#include <charconv>
#include <string>

namespace pathkit {

/// "0.5", "220", "1e+30": never std::to_string's six fixed decimals.
[[nodiscard]] inline std::string to_text(double number) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, number).ptr;
    return std::string(text, end);
}
/// As above for a float ("0.1", not "0.100000001").
[[nodiscard]] inline std::string to_text(float number) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, number).ptr;
    return std::string(text, end);
}

}  // namespace pathkit
