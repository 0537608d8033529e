// Strict XML attribute reading with places in messages (see xml_reader.hpp).
#include "xml_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "safe_text.hpp"

namespace pathkit::io_detail {

namespace {

std::string shown(std::string_view value) {
    return "\"" + xml_escaped(value.substr(0, 40)) + (value.size() > 40 ? "...\"" : "\"");
}

std::string compact(double number) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", number);
    return text;
}

}  // namespace

int XmlReader::line_of(std::ptrdiff_t offset) const {
    const auto end = text_.begin() + std::clamp<std::ptrdiff_t>(
                                         offset, 0, static_cast<std::ptrdiff_t>(text_.size()));
    return 1 + static_cast<int>(std::count(text_.begin(), end, '\n'));
}

Status XmlReader::error(const pugi::xml_node& node, const std::string& what) const {
    return Status::invalid_input(std::string(source_) + ":" +
                                 std::to_string(line_of(node.offset_debug())) + ": <" +
                                 valid_utf8(node.name()) + ">: " + what);
}

Status XmlReader::parse_error(const pugi::xml_parse_result& result) const {
    return Status::invalid_input(std::string(source_) + ":" +
                                 std::to_string(line_of(result.offset)) + ": " +
                                 result.description());
}

bool XmlReader::fail(const pugi::xml_node& node, const std::string& what) {
    failure_ = error(node, what);
    return false;
}

std::optional<std::string_view> XmlReader::value(const pugi::xml_node& node, const char* name,
                                                 bool required) {
    const pugi::xml_attribute attribute = node.attribute(name);
    if (!attribute) {
        if (required) fail(node, std::string("missing attribute \"") + name + "\"");
        return std::nullopt;
    }
    std::string_view value = attribute.value();
    const auto first = value.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return std::string_view();
    value = value.substr(first, value.find_last_not_of(" \t\r\n") - first + 1);
    return value;
}

bool XmlReader::integer(const pugi::xml_node& node, const char* name, std::int64_t& out,
                        std::int64_t min, std::int64_t max, std::optional<std::int64_t> fallback) {
    const auto read = value(node, name, !fallback.has_value());
    if (!read) {
        if (!fallback) return false;
        out = *fallback;
        return true;
    }
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(read->data(), read->data() + read->size(), number);
    if (error != std::errc() || end != read->data() + read->size() || number < min || number > max)
        return fail(node, std::string(name) + "=" + shown(*read) + " is not a whole number in " +
                              std::to_string(min) + ".." + std::to_string(max));
    out = number;
    return true;
}

bool XmlReader::integer(const pugi::xml_node& node, const char* name, int& out, int min, int max,
                        std::optional<int> fallback) {
    std::int64_t wide = 0;
    if (!integer(node, name, wide, min, max,
                 fallback ? std::optional<std::int64_t>(*fallback) : std::nullopt))
        return false;
    out = static_cast<int>(wide);
    return true;
}

bool XmlReader::number(const pugi::xml_node& node, const char* name, float& out, double min,
                       double max, std::optional<float> fallback) {
    const auto read = value(node, name, !fallback.has_value());
    if (!read) {
        if (!fallback) return false;
        out = *fallback;
        return true;
    }
    double number = 0;
    const auto [end, error] = std::from_chars(read->data(), read->data() + read->size(), number);
    if (error != std::errc() || end != read->data() + read->size() || !std::isfinite(number) ||
        number < min || number > max)
        return fail(node, std::string(name) + "=" + shown(*read) + " is not a number in " +
                              compact(min) + ".." + compact(max));
    out = static_cast<float>(number);
    return true;
}

bool XmlReader::text(const pugi::xml_node& node, const char* name, std::string& out,
                     std::optional<std::string_view> fallback) {
    const pugi::xml_attribute attribute = node.attribute(name);
    if (!attribute) {
        if (!fallback) return fail(node, std::string("missing attribute \"") + name + "\"");
        out = *fallback;
        return true;
    }
    out = attribute.value();
    return true;
}

}  // namespace pathkit::io_detail
