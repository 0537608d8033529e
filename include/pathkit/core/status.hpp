/// Status of a non-search operation: ok, or invalid input with a message naming the place.
#pragma once

#include <string>
#include <utility>

namespace pathkit {

/// The outcome of an operation that can be refused, such as adding an edge with a NaN cost.
/// Library code never throws for bad input and never exits: it returns one of these.
class [[nodiscard]] Status {
  public:
    /// Success.
    Status() = default;

    /// A refusal because an argument was out of range, unknown or malformed; `message` says
    /// which argument and why, e.g. "node 7 does not exist".
    [[nodiscard]] static Status invalid_input(std::string message) {
        Status status;
        status.ok_ = false;
        status.message_ = std::move(message);
        return status;
    }

    /// True when the operation took effect.
    [[nodiscard]] bool ok() const { return ok_; }
    /// Empty on success; otherwise why the input was refused.
    [[nodiscard]] const std::string& message() const { return message_; }
    explicit operator bool() const { return ok_; }

  private:
    bool ok_ = true;
    std::string message_;
};

}  // namespace pathkit
