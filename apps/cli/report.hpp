// What a command prints: one tree of named fields, written as one JSON document (--json) or as
// text, from the same tree, so that the two always carry the same fields.
#pragma once

#include <concepts>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/point.hpp"
#include "pathkit/grid/cell.hpp"

namespace pathkit::cli {

/// A command's result: an object of named fields (in the order added), each a value (a string,
/// number, true/false, or a small array such as a tile), a list or another object.
///
/// JSON: one document, keys sorted, numbers with every digit, invalid UTF-8 replaced by U+FFFD.
/// Text, every field of the tree in the order added (see docs/cli.md, "Text and JSON"):
///   name: value           a value in its text form (numbers with at most three decimals)
///   name: a b c           a list of values on one line, `separator` apart
///   name:                 an object: its fields on the lines below, two spaces further in
///   name:                 a list of objects (or `lines()`): one line per item below,
///     - a: 1, b: x y        "- a: 1, b: x y"; an item that itself holds a list of objects is
///                           a block instead, its fields under the first
/// An empty list reads "(none)".
class Report {
  public:
    /// An object without fields; fill it with `add`.
    Report() = default;
    /// A value: a string, true/false, or a number (whole numbers as they are, others in text
    /// with at most three decimals). Not explicit: `report.add("cost", 4.5)`.
    Report(std::string value);
    Report(const char* value) : Report(std::string(value)) {}
    Report(std::string_view value) : Report(std::string(value)) {}
    Report(bool value);
    Report(double value);
    template <std::integral Number>
    requires(!std::same_as<Number, bool>) Report(Number value)
        : kind_(Kind::Value), value_(value), text_(std::to_string(value)) {}

    /// A value whose JSON is `json` (a scalar or an array of scalars, never an object: its
    /// keys would be missing from the text) and whose text is `text`, such as a tile [3, 2]
    /// written "3,2" or a byte count written "1.9 KiB".
    [[nodiscard]] static Report value(nlohmann::json json, std::string text);
    /// An empty list whose items the text writes on one line `separator` apart (values and
    /// lists of values) or one line each (objects).
    [[nodiscard]] static Report list(std::string separator = " ");
    /// An empty list whose items the text writes one line each, "- item" (long sentences).
    [[nodiscard]] static Report lines() { return list(one_per_line); }

    /// Adds the field `name` (unique in this object: a programming error otherwise) to an
    /// object; returns *this.
    Report& add(std::string name, Report field);
    /// Appends an item to a list; returns *this.
    Report& push(Report item);

    /// Writes the tree as one line of JSON (without a newline).
    void write_json(std::ostream& out) const;
    /// Writes the tree as text lines, each ending in a newline; `indent` spaces before each.
    void write_text(std::ostream& out, int indent = 0) const;

  private:
    static constexpr const char* one_per_line = "\n";
    enum class Kind : std::uint8_t { Value, List, Object };
    explicit Report(Kind kind) : kind_(kind) {}

    [[nodiscard]] bool has_field(const std::string& name) const;
    [[nodiscard]] bool holds_objects_in_lists() const;
    [[nodiscard]] bool one_item_a_line() const;
    void write_inline(std::ostream& out) const;
    void write_inline_fields(std::ostream& out) const;
    void write_item(std::ostream& out, int indent) const;

    Kind kind_ = Kind::Object;
    nlohmann::json value_;            ///< Value: what JSON writes
    std::string text_;                ///< Value: its text; List: the separator of items
    std::vector<std::string> names_;  ///< Object: the names of the fields, in order
    std::vector<Report> items_;       ///< Object: the fields' values; List: the items
};

/// A tile: [x, y] in JSON, "x,y" in text.
[[nodiscard]] Report tile_report(Cell cell);
/// A point: [x, y] in JSON (every digit), "x,y" in text (at most three decimals).
[[nodiscard]] Report point_report(Point2 point);
/// A count of bytes: the number in JSON, "1.9 KiB" in text.
[[nodiscard]] Report bytes_report(std::uint64_t bytes);

/// Prints `report` on stdout: one line of JSON when `json`, else its text.
void print_report(const Report& report, bool json);

}  // namespace pathkit::cli
