// Internal to io/: splitting a line of text into words and reading numbers from them.
#pragma once

#include <algorithm>
#include <charconv>
#include <string_view>
#include <vector>

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

/// Reads a whole word as a number (no trailing characters); false if it is not one.
template <class Number>
bool parse_number(std::string_view word, Number& value) {
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    return error == std::errc() && end == word.data() + word.size();
}

}  // namespace pathkit::io_detail
