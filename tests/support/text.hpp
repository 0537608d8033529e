// Small text checks shared by the tests.
#pragma once

#include <string>

namespace pathkit::testing {

/// True when `message` contains `part`.
inline bool mentions(const std::string& message, const std::string& part) {
    return message.find(part) != std::string::npos;
}

}  // namespace pathkit::testing
