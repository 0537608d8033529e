/// Expected<T>: a value, or the Status that says why there is none (C++20 has no std::expected).
#pragma once

#include <optional>
#include <utility>

#include "pathkit/core/status.hpp"

namespace pathkit {

/// Either a `T` or an invalid-input `Status`, for loaders and other calls that produce a value.
template <class T>
class Expected {
  public:
    /// A value.
    Expected(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
    /// A refusal; `error` must not be ok.
    Expected(Status error) : error_(std::move(error)) {}  // NOLINT: implicit by design

    [[nodiscard]] bool has_value() const { return value_.has_value(); }
    explicit operator bool() const { return has_value(); }
    /// The value; only when `has_value()`.
    [[nodiscard]] T& value() & { return *value_; }
    [[nodiscard]] const T& value() const& { return *value_; }
    [[nodiscard]] T&& value() && { return std::move(*value_); }
    /// Why there is no value; ok when there is one.
    [[nodiscard]] const Status& error() const { return error_; }

  private:
    std::optional<T> value_;
    Status error_;
};

}  // namespace pathkit
