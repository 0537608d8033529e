// Reading typed values out of a JSON document with errors that name the file and JSON pointer.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/grid/cell.hpp"

namespace pathkit::io_detail {

/// Remembers the first error, as "SOURCE: /json/pointer: what is wrong".
class JsonReader {
  public:
    explicit JsonReader(std::string_view source) : source_(source) {}

    /// Records an error at `where` (a JSON pointer; "" for the document) and returns it.
    Status error(const std::string& where, const std::string& what) {
        failure_ = Status::invalid_input(std::string(source_) + ": " +
                                         (where.empty() ? "" : where + ": ") + what);
        return failure_;
    }
    /// The first error recorded.
    [[nodiscard]] const Status& failure() const { return failure_; }

    /// A finite number.
    bool number(const nlohmann::json& value, const std::string& where, float& out) {
        if (!value.is_number()) {
            error(where, "expected a number, got " + value.dump());
            return false;
        }
        out = value.get<float>();
        if (!std::isfinite(out)) {
            error(where, "the number is not finite");
            return false;
        }
        return true;
    }
    /// A whole number.
    bool integer(const nlohmann::json& value, const std::string& where, long long& out) {
        if (!value.is_number_integer()) {
            error(where, "expected a whole number, got " + value.dump());
            return false;
        }
        out = value.get<long long>();
        return true;
    }
    /// A point [x, y].
    bool point(const nlohmann::json& value, const std::string& where, Point2& out) {
        if (!value.is_array() || value.size() != 2) {
            error(where, "expected a point [x, y], got " + value.dump());
            return false;
        }
        return number(value[0], where + "/0", out.x) && number(value[1], where + "/1", out.y);
    }
    /// A tile [x, y] of whole numbers.
    bool cell(const nlohmann::json& value, const std::string& where, Cell& out) {
        long long x = 0, y = 0;
        if (!value.is_array() || value.size() != 2) {
            error(where, "expected a tile [x, y], got " + value.dump());
            return false;
        }
        if (!integer(value[0], where + "/0", x) || !integer(value[1], where + "/1", y))
            return false;
        if (x < -1'000'000'000 || x > 1'000'000'000 || y < -1'000'000'000 || y > 1'000'000'000) {
            error(where, "tile out of range");
            return false;
        }
        out = {static_cast<int>(x), static_cast<int>(y)};
        return true;
    }

  private:
    std::string_view source_;
    Status failure_;
};

/// Parses text as JSON; a syntax error names the line and column.
inline Status parse_json(std::string_view text, std::string_view source, nlohmann::json& out) {
    try {
        out = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& failure) {
        return Status::invalid_input(std::string(source) + ": " + failure.what());
    }
    return {};
}

}  // namespace pathkit::io_detail
