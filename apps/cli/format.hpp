// How the command-line tool prints numbers and tiles in text (JSON keeps full numbers).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "pathkit/grid/cell.hpp"

namespace pathkit::cli {

/// A cost or length with at most three decimals and no trailing zeros: 4.414, 5, 482.69.
[[nodiscard]] inline std::string format_cost(double value) {
    if (!std::isfinite(value)) return value > 0 ? "inf" : "nan";
    char text[48];
    std::snprintf(text, sizeof text, "%.3f", value);
    std::string out(text);
    while (out.back() == '0')
        out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out == "-0" ? "0" : out;
}

}  // namespace pathkit::cli
