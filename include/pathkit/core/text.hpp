/// Numbers as text for messages: the shortest form that reads back as the same number.
#pragma once

#include <charconv>
#include <string>
#include <version>

#if !defined(__cpp_lib_to_chars)
#include <cstdio>
#include <cstdlib>
#endif

namespace pathkit {

namespace detail {

/// The shortest text of `number` that reads back as the same value of type `Number`.
template <class Number>
[[nodiscard]] std::string shortest_text(Number number) {
    char text[40];
#if defined(__cpp_lib_to_chars)
    const auto end = std::to_chars(text, text + sizeof text, number).ptr;
    return std::string(text, end);
#else
    // Standard libraries without floating-point to_chars (emscripten's, for the playground):
    // the fewest significant digits that read back exactly.
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(number));
        if (static_cast<Number>(std::strtod(text, nullptr)) == number) break;
    }
    return text;
#endif
}

}  // namespace detail

/// "0.5", "220", "1e+30": never std::to_string's six fixed decimals.
[[nodiscard]] inline std::string to_text(double number) {
    return detail::shortest_text(number);
}
/// As above for a float ("0.1", not "0.100000001").
[[nodiscard]] inline std::string to_text(float number) {
    return detail::shortest_text(number);
}

}  // namespace pathkit
