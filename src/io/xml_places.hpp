// Error messages that name an XML file, the line and the element (pugixml gives byte offsets).
#pragma once

#include <algorithm>
#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "pathkit/core/status.hpp"

namespace pathkit::io_detail {

/// Turns byte offsets of one document into "SOURCE:LINE: <element>: what".
class XmlPlaces {
  public:
    XmlPlaces(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    [[nodiscard]] int line_of(std::ptrdiff_t offset) const {
        const auto end = text_.begin() + std::clamp<std::ptrdiff_t>(
                                             offset, 0, static_cast<std::ptrdiff_t>(text_.size()));
        return 1 + static_cast<int>(std::count(text_.begin(), end, '\n'));
    }
    [[nodiscard]] Status error(const pugi::xml_node& node, const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ":" +
                                     std::to_string(line_of(node.offset_debug())) + ": <" +
                                     node.name() + ">: " + what);
    }
    [[nodiscard]] Status parse_error(const pugi::xml_parse_result& result) const {
        return Status::invalid_input(std::string(source_) + ":" +
                                     std::to_string(line_of(result.offset)) + ": " +
                                     result.description());
    }

  private:
    std::string_view text_;
    std::string_view source_;
};

}  // namespace pathkit::io_detail
