// Reading typed, range-checked values out of a JSON document, with errors that name the file
// and the JSON pointer; nothing here throws.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/grid/cell.hpp"

namespace pathkit::io_detail {

/// A short description of a value for messages: `"abc"`, `12`, `an array of 3 values`...
/// (strings cut at 40 characters, invalid UTF-8 replaced).
[[nodiscard]] std::string describe(const nlohmann::json& value);

/// A key as one token of a JSON pointer ("~" and "/" escaped).
[[nodiscard]] std::string pointer_token(std::string_view key);

/// The value as JSON text with invalid UTF-8 replaced by U+FFFD (never throws).
[[nodiscard]] std::string json_text(const nlohmann::json& value, int indent = -1);

/// Parses text as JSON. Refused with "SOURCE: ..." for a syntax error (with line and column),
/// nesting deeper than `limits::max_json_depth`, or "SOURCE: /json/pointer: ..." for a number
/// out of range.
[[nodiscard]] Status parse_json(std::string_view text, std::string_view source,
                                nlohmann::json& out);

/// Remembers the first error, as "SOURCE: /json/pointer: what is wrong". Each reading method
/// returns false after recording an error.
class JsonReader {
  public:
    explicit JsonReader(std::string_view source) : source_(source) {}

    /// Records an error at `where` (a JSON pointer; "" for the document) and returns it.
    Status error(const std::string& where, const std::string& what);
    /// The first error recorded.
    [[nodiscard]] const Status& failure() const { return failure_; }

    /// An object whose keys are all among `known`.
    bool object(const nlohmann::json& value, const std::string& where,
                std::initializer_list<std::string_view> known);
    /// An array of at most `max_size` values.
    bool array(const nlohmann::json& value, const std::string& where, std::size_t max_size);
    /// A number in [min, max].
    bool number(const nlohmann::json& value, const std::string& where, float& out,
                double min = -3.0e38, double max = 3.0e38);
    /// A whole number in [min, max].
    bool integer(const nlohmann::json& value, const std::string& where, std::int64_t& out,
                 std::int64_t min, std::int64_t max);
    /// A string.
    bool text(const nlohmann::json& value, const std::string& where, std::string& out);
    /// true or false.
    bool boolean(const nlohmann::json& value, const std::string& where, bool& out);
    /// A point [x, y] of finite numbers.
    bool point(const nlohmann::json& value, const std::string& where, Point2& out);
    /// A tile [x, y] of whole numbers within ±limits::max_tile_coordinate.
    bool cell(const nlohmann::json& value, const std::string& where, Cell& out);

  private:
    std::string_view source_;
    Status failure_;
};

/// The member `key` of an object, or nullptr when absent (or `object` is not an object).
[[nodiscard]] inline const nlohmann::json* member(const nlohmann::json& object,
                                                  std::string_view key) {
    if (!object.is_object()) return nullptr;
    const auto found = object.find(key);
    return found == object.end() ? nullptr : &*found;
}

}  // namespace pathkit::io_detail
