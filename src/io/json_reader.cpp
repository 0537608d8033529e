// JSON parsing with a depth limit, and range-checked reading of values (see json_reader.hpp).
#include "json_reader.hpp"

#include <cmath>
#include <vector>

#include "pathkit/io/limits.hpp"
#include "safe_text.hpp"

namespace pathkit::io_detail {

namespace {

using nlohmann::json;

/// nlohmann's messages start "[json.exception.parse_error.101] "; users need only the rest,
/// and not all of a 100,000-digit number it quotes.
std::string without_exception_tag(const char* what) {
    std::string_view text(what);
    const auto close = text.find("] ");
    if (text.starts_with("[json.exception.") && close != std::string_view::npos)
        text.remove_prefix(close + 2);
    constexpr std::size_t longest = 160;
    return text.size() <= longest ? std::string(text) : valid_utf8(text.substr(0, longest)) + "...";
}

/// Finds nesting deeper than the limit before the parser builds it (outside strings).
Status check_depth(std::string_view text, std::string_view source) {
    int depth = 0, line = 1;
    std::size_t line_start = 0;
    bool in_string = false, escaped = false;
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char c = text[at];
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '\n') {
            ++line;
            line_start = at + 1;
        } else if (c == '[' || c == '{') {
            if (++depth > limits::max_json_depth)
                return Status::invalid_input(std::string(source) + ":" + std::to_string(line) +
                                             ":" + std::to_string(at - line_start + 1) +
                                             ": values nested deeper than " +
                                             std::to_string(limits::max_json_depth) + " levels");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return {};
}

}  // namespace

std::string pointer_token(std::string_view key) {
    std::string token;
    for (char c : key)
        token += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    return token;
}

std::string json_text(const json& value, int indent) {
    return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string describe(const json& value) {
    switch (value.type()) {
        case json::value_t::array:
            return "an array of " + std::to_string(value.size()) + " values";
        case json::value_t::object:
            return "an object";
        case json::value_t::string: {
            const auto& text = value.get_ref<const std::string&>();
            if (text.size() <= 40) return json_text(value);
            return json_text(json(text.substr(0, 40))).insert(41, "...");
        }
        default:
            return json_text(value);
    }
}

namespace {

/// Where the parser is in the document, as the JSON pointer of the value it reads next: one
/// entry per open array (the index of its next value) or object (its last key). Followed by
/// nlohmann's SAX interface, which builds nothing: run only to name the place of a number too
/// large, after the plain parse refused it (parsing with a callback instead would scan each
/// array's values again at every object's end: quadratic in the values of an array).
class ParsePlace final : public nlohmann::json_sax<json> {
  public:
    bool null() override { return value_done(); }
    bool boolean(bool) override { return value_done(); }
    bool number_integer(number_integer_t) override { return value_done(); }
    bool number_unsigned(number_unsigned_t) override { return value_done(); }
    bool number_float(number_float_t, const string_t&) override { return value_done(); }
    bool string(string_t&) override { return value_done(); }
    bool binary(binary_t&) override { return value_done(); }
    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool key(string_t& key) override {
        if (!levels_.empty()) levels_.back().key = key;
        return true;
    }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;  // stop where the parser stopped
    }

    [[nodiscard]] std::string pointer() const {
        std::string where;
        for (const Level& level : levels_)
            where += "/" + (level.array ? std::to_string(level.index)
                                        : valid_utf8(pointer_token(level.key).substr(0, 60)));
        return where;
    }

  private:
    bool value_done() {
        if (!levels_.empty() && levels_.back().array) ++levels_.back().index;
        return true;
    }
    bool open(bool array) {
        levels_.push_back({array, 0, {}});
        return true;
    }
    bool close() {
        if (!levels_.empty()) levels_.pop_back();
        return value_done();
    }
    struct Level {
        bool array = false;
        std::size_t index = 0;
        std::string key;
    };
    std::vector<Level> levels_;
};

}  // namespace

Status parse_json(std::string_view text, std::string_view source, json& out) {
    if (Status status = check_depth(text, source); !status) return status;
    try {
        out = json::parse(text);
    } catch (const json::out_of_range& failure) {  // a number too large for a double
        ParsePlace place;
        (void)json::sax_parse(text, &place);  // stops at the same number
        const std::string where = place.pointer();
        return Status::invalid_input(std::string(source) + ": " +
                                     (where.empty() ? "" : where + ": ") +
                                     without_exception_tag(failure.what()));
    } catch (const json::exception& failure) {  // syntax errors
        return Status::invalid_input(std::string(source) + ": " +
                                     without_exception_tag(failure.what()));
    }
    return {};
}

Status JsonReader::error(const std::string& where, const std::string& what) {
    failure_ = Status::invalid_input(std::string(source_) + ": " +
                                     (where.empty() ? "" : where + ": ") + what);
    return failure_;
}

bool JsonReader::object(const json& value, const std::string& where,
                        std::initializer_list<std::string_view> known) {
    if (!value.is_object()) {
        (void)error(where, "expected an object, got " + describe(value));
        return false;
    }
    for (const auto& [key, item] : value.items()) {
        bool listed = false;
        for (std::string_view name : known)
            listed = listed || key == name;
        if (listed) continue;
        std::string names;
        for (std::string_view name : known)
            names += (names.empty() ? "" : ", ") + std::string(name);
        (void)error(where + "/" + valid_utf8(pointer_token(key).substr(0, 60)),
                    "unknown key (expected " + names + ")");
        return false;
    }
    return true;
}

bool JsonReader::array(const json& value, const std::string& where, std::size_t max_size) {
    if (!value.is_array()) {
        (void)error(where, "expected an array, got " + describe(value));
        return false;
    }
    if (value.size() > max_size) {
        (void)error(where, "has " + std::to_string(value.size()) + " values, over the limit of " +
                               std::to_string(max_size));
        return false;
    }
    return true;
}

bool JsonReader::number(const json& value, const std::string& where, float& out, double min,
                        double max) {
    if (!value.is_number()) {
        (void)error(where, "expected a number, got " + describe(value));
        return false;
    }
    const double read = value.get<double>();
    if (!std::isfinite(read) || read < min || read > max) {
        (void)error(where, describe(value) + " is outside " + json_text(json(min)) + ".." +
                               json_text(json(max)));
        return false;
    }
    out = static_cast<float>(read);
    return true;
}

bool JsonReader::integer(const json& value, const std::string& where, std::int64_t& out,
                         std::int64_t min, std::int64_t max) {
    if (!value.is_number_integer()) {
        // A whole number too large for 64 bits is read as a float: it is out of range, not
        // a fraction.
        const bool too_large = value.is_number_float() && std::fabs(value.get<double>()) >= 0x1p63;
        (void)error(where, too_large ? describe(value) + " is outside " + std::to_string(min) +
                                           ".." + std::to_string(max)
                                     : "expected a whole number, got " + describe(value));
        return false;
    }
    bool in_range = false;
    if (value.is_number_unsigned()) {
        const auto read = value.get<std::uint64_t>();
        in_range =
            read <= static_cast<std::uint64_t>(max) && static_cast<std::int64_t>(read) >= min;
        out = in_range ? static_cast<std::int64_t>(read) : 0;
    } else {
        const auto read = value.get<std::int64_t>();
        in_range = read >= min && read <= max;
        out = read;
    }
    if (!in_range) {
        (void)error(where, describe(value) + " is outside " + std::to_string(min) + ".." +
                               std::to_string(max));
        return false;
    }
    return true;
}

bool JsonReader::text(const json& value, const std::string& where, std::string& out) {
    if (!value.is_string()) {
        (void)error(where, "expected a string, got " + describe(value));
        return false;
    }
    out = value.get<std::string>();
    return true;
}

bool JsonReader::boolean(const json& value, const std::string& where, bool& out) {
    if (!value.is_boolean()) {
        (void)error(where, "expected true or false, got " + describe(value));
        return false;
    }
    out = value.get<bool>();
    return true;
}

bool JsonReader::point(const json& value, const std::string& where, Point2& out) {
    if (!value.is_array() || value.size() != 2) {
        (void)error(where, "expected a point [x, y], got " + describe(value));
        return false;
    }
    return number(value[0], where + "/0", out.x) && number(value[1], where + "/1", out.y);
}

bool JsonReader::cell(const json& value, const std::string& where, Cell& out) {
    if (!value.is_array() || value.size() != 2) {
        (void)error(where, "expected a tile [x, y], got " + describe(value));
        return false;
    }
    std::int64_t x = 0, y = 0;
    constexpr std::int64_t limit = limits::max_tile_coordinate;
    if (!integer(value[0], where + "/0", x, -limit, limit) ||
        !integer(value[1], where + "/1", y, -limit, limit))
        return false;
    out = {static_cast<int>(x), static_cast<int>(y)};
    return true;
}

}  // namespace pathkit::io_detail
