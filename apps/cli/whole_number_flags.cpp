// A strict reader in front of CLI11's whole-number conversion (see whole_number_flags.hpp).
#include "whole_number_flags.hpp"

#include <charconv>
#include <cstdint>
#include <string>

namespace pathkit::cli {

namespace {

template <class Number>
bool fits_in(const std::string& digits) {
    Number value = 0;
    return std::from_chars(digits.data(), digits.data() + digits.size(), value).ec == std::errc{};
}

// Checks `text` as a decimal whole number and rewrites it without a plus sign or leading zeros
// (which CLI11 would read as octal); returns why not, or "".
std::string normalise_whole_number(std::string& text, bool is_signed) {
    std::size_t at = 0;
    const bool negative = !text.empty() && text[0] == '-';
    if (!text.empty() && (text[0] == '+' || negative)) at = 1;
    if (negative && !is_signed) return "cannot be negative: " + text;
    if (at == text.size() || text.find_first_not_of("0123456789", at) != std::string::npos)
        return "not a whole decimal number: " + text;
    const std::size_t first_digit = std::min(text.find_first_not_of('0', at), text.size() - 1);
    std::string digits = (negative ? "-" : "") + text.substr(first_digit);
    const bool fits = is_signed ? fits_in<std::int64_t>(digits) : fits_in<std::uint64_t>(digits);
    if (!fits) return "too large a number: " + text;
    text = std::move(digits);
    return "";
}

void strict_options_of(CLI::App& app) {
    for (CLI::Option* option : app.get_options()) {
        // "UINT" or "INT", followed by the descriptions of the checks already added.
        const std::string type = option->get_type_name();
        const bool is_signed = type.starts_with("INT");
        if (!is_signed && !type.starts_with("UINT")) continue;
        option->transform(CLI::Validator(
            [is_signed](std::string& text) { return normalise_whole_number(text, is_signed); }, "",
            "whole number"));
    }
    for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; }))
        strict_options_of(*command);
}

}  // namespace

void read_whole_numbers_strictly(CLI::App& app) {
    strict_options_of(app);
}

}  // namespace pathkit::cli
