// Internal to io/: splitting a text into lines and words, and reading numbers from them.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/status.hpp"

namespace pathkit::io_detail {

/// The words of a line, split on spaces, tabs and carriage returns.
inline std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t position = 0;
    while (true) {
        const auto begin = line.find_first_not_of(" \t\r", position);
        if (begin == std::string_view::npos) break;
        const auto end = std::min(line.find_first_of(" \t\r", begin), line.size());
        words.push_back(line.substr(begin, end - begin));
        position = end;
    }
    return words;
}

/// Hands out the lines of a text (trailing carriage returns stripped: CRLF files, and stray
/// ones) and names the place for errors: "SOURCE:LINE: what".
class LineReader {
  public:
    LineReader(std::string_view text, std::string_view source) : text_(text), source_(source) {}

    bool next(std::string_view& line) {
        if (text_.empty()) return false;
        const std::size_t end = std::min(text_.find('\n'), text_.size());
        line = text_.substr(0, end);
        text_.remove_prefix(std::min(end + 1, text_.size()));
        ++number_;
        while (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        return true;
    }
    /// The number of the line read last (1 for the first; 0 before any).
    [[nodiscard]] std::size_t number() const { return number_; }
    /// Bytes not read yet.
    [[nodiscard]] std::size_t remaining() const { return text_.size(); }
    /// An error at the line read last (line 1 when none was: an empty text).
    [[nodiscard]] Status error(const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ":" +
                                     std::to_string(std::max<std::size_t>(number_, 1)) + ": " +
                                     what);
    }
    /// An error about the whole text, with no line.
    [[nodiscard]] Status error_at_end(const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ": " + what);
    }

  private:
    std::string_view text_;
    std::string_view source_;
    std::size_t number_ = 0;
};

/// Reads a whole word as a number (no trailing characters); false if it is not one.
template <class Number>
bool parse_number(std::string_view word, Number& value) {
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    return error == std::errc() && end == word.data() + word.size();
}

}  // namespace pathkit::io_detail
