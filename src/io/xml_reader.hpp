// Reading XML documents (pugixml) with strict, range-checked attributes and errors that name
// the file, the line and the element.
#pragma once

#include <cstdint>
#include <optional>
#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "pathkit/core/status.hpp"

namespace pathkit::io_detail {

/// Turns byte offsets of one document into "SOURCE:LINE: <element>: what" and reads attributes
/// strictly ("12abc", "" and out-of-range numbers are refused, never read as 0). Each reading
/// method returns false after recording an error in `failure()`.
class XmlReader {
  public:
    XmlReader(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    [[nodiscard]] int line_of(std::ptrdiff_t offset) const;
    /// "SOURCE:LINE: <element>: what".
    [[nodiscard]] Status error(const pugi::xml_node& node, const std::string& what) const;
    /// "SOURCE:LINE: what pugixml found wrong".
    [[nodiscard]] Status parse_error(const pugi::xml_parse_result& result) const;
    /// Records an error and returns false.
    bool fail(const pugi::xml_node& node, const std::string& what);
    [[nodiscard]] const Status& failure() const { return failure_; }

    /// Attribute `name` as a whole number in [min, max]; `fallback` when absent (required when
    /// there is no fallback).
    bool integer(const pugi::xml_node& node, const char* name, std::int64_t& out, std::int64_t min,
                 std::int64_t max, std::optional<std::int64_t> fallback = std::nullopt);
    /// As above, into an int.
    bool integer(const pugi::xml_node& node, const char* name, int& out, int min, int max,
                 std::optional<int> fallback = std::nullopt);
    /// Attribute `name` as a finite number in [min, max]; `fallback` when absent.
    bool number(const pugi::xml_node& node, const char* name, float& out, double min, double max,
                std::optional<float> fallback = std::nullopt);
    /// Attribute `name` as text; `fallback` when absent.
    bool text(const pugi::xml_node& node, const char* name, std::string& out,
              std::optional<std::string_view> fallback = std::nullopt);

  private:
    /// The attribute's value trimmed, or nothing after recording "missing attribute".
    std::optional<std::string_view> value(const pugi::xml_node& node, const char* name,
                                          bool required);

    std::string_view text_;
    std::string_view source_;
    Status failure_;
};

}  // namespace pathkit::io_detail
