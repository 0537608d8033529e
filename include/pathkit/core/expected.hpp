/// Expected<T>: a value, or the Status that says why there is none (C++20 has no std::expected).
#pragma once

#include <optional>
#include <stdexcept>
#include <utility>

#include "pathkit/core/assert.hpp"
#include "pathkit/core/status.hpp"

namespace pathkit {

/// Thrown by `Expected::value()` when there is no value (a misuse: check `has_value()` first).
/// Debug builds stop at an assertion instead.
class BadExpectedAccess : public std::logic_error {
  public:
    explicit BadExpectedAccess(const std::string& why)
        : std::logic_error("Expected::value() without a value: " + why) {}
};

/// Either a `T` or an invalid-input `Status`, for loaders and other calls that produce a value.
template <class T>
class [[nodiscard]] Expected {
  public:
    /// A value.
    Expected(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
    /// A refusal; `error` must not be ok.
    Expected(Status error) : error_(std::move(error)) {  // NOLINT: implicit by design
        PATHKIT_ASSERT(!error_.ok());
    }

    [[nodiscard]] bool has_value() const { return value_.has_value(); }
    explicit operator bool() const { return has_value(); }
    /// The value. Without one: an assertion in debug builds, `BadExpectedAccess` in release.
    [[nodiscard]] T& value() & { return checked(), *value_; }
    [[nodiscard]] const T& value() const& { return checked(), *value_; }
    [[nodiscard]] T&& value() && { return checked(), std::move(*value_); }
    /// Why there is no value; ok when there is one.
    [[nodiscard]] const Status& error() const { return error_; }

  private:
    void checked() const {
        PATHKIT_ASSERT(value_.has_value());
        if (!value_.has_value()) throw BadExpectedAccess(error_.message());
    }

    std::optional<T> value_;
    Status error_;
};

}  // namespace pathkit
