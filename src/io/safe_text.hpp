// Internal to io/: text and sizes from files made safe to write out (valid UTF-8, XML escapes).
#pragma once

#include <string>
#include <string_view>

namespace pathkit::io_detail {

/// `text` with every byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD.
[[nodiscard]] std::string valid_utf8(std::string_view text);

/// `text` as valid UTF-8 with & < > " ' escaped and control characters other than tab and
/// newline dropped: safe inside XML (SVG) and HTML text and attribute values.
[[nodiscard]] std::string xml_escaped(std::string_view text);

/// The height in whole pixels of a picture `width` pixels wide showing an extent of
/// `extent_width` x `extent_height`, clamped to 1..100000 (never an overflowing cast).
[[nodiscard]] int picture_height(int width, double extent_width, double extent_height);

}  // namespace pathkit::io_detail
