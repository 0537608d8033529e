// Readers for the MovingAI `.map` and `.scen` formats.
#include "pathkit/io/moving_ai.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "input_file.hpp"
#include "pathkit/io/limits.hpp"
#include "safe_text.hpp"
#include "text_fields.hpp"

namespace pathkit {

namespace {

using io_detail::LineReader;
using io_detail::parse_number;
using io_detail::split_words;

std::string base_name(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

/// A line quoted in a message: at most 60 bytes, valid UTF-8.
std::string quoted(std::string_view line) {
    const bool cut = line.size() > 60;
    return "'" + io_detail::valid_utf8(line.substr(0, 60)) + (cut ? "...'" : "'");
}

template <class T>
Expected<T> read_with(std::istream& input, std::string_view source,
                      Expected<T> (*parse)(std::string_view, std::string_view)) {
    std::string text;
    if (Status status = io_detail::read_stream_text(input, source, text); !status) return status;
    return parse(text, source);
}

template <class T>
Expected<T> load_with(const std::string& path,
                      Expected<T> (*parse)(std::string_view, std::string_view)) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse(text, path);
}

}  // namespace

// Walkable `.` `G` `S`, blocked `@` `O` `T` `W` (and `#` when drawn by hand); else unknown.
static std::optional<bool> tile_walkable(char tile, bool allow_hash) {
    if (tile == '.' || tile == 'G' || tile == 'S') return true;
    if (tile == '@' || tile == 'O' || tile == 'T' || tile == 'W' || (allow_hash && tile == '#'))
        return false;
    return std::nullopt;
}

static Expected<GridMap> parse_moving_ai_map(std::string_view text, std::string_view source) {
    LineReader lines(text, source);
    std::string_view line;
    int width = -1, height = -1;
    bool typed = false, at_rows = false;
    while (!at_rows && lines.next(line)) {
        const auto words = split_words(line);
        if (words.empty()) continue;
        if (words[0] == "map" && words.size() == 1) {
            at_rows = true;
        } else if (words[0] == "type" && words.size() == 2) {
            if (typed) return lines.error("a second 'type' line");
            if (words[1] != "octile")
                return lines.error("type " + quoted(words[1]) + " is not 'octile'");
            typed = true;
        } else if ((words[0] == "height" || words[0] == "width") && words.size() == 2) {
            int& side = words[0] == "height" ? height : width;
            if (side >= 0) return lines.error("a second '" + std::string(words[0]) + "' line");
            if (!parse_number(words[1], side) || side < 1 || side > GridMap::max_side) {
                return lines.error(std::string(words[0]) + " " + quoted(words[1]) +
                                   " is not a whole number in 1.." +
                                   std::to_string(GridMap::max_side));
            }
        } else {
            return lines.error("unexpected header line " + quoted(line) +
                               " (expected type, height, width, then map)");
        }
    }
    if (!at_rows) return lines.error_at_end("the header has no 'map' line");
    if (!typed) return lines.error("the header lacks its 'type octile' line");
    if (width < 0 || height < 0) return lines.error("the header lacks 'width' or 'height'");
    const auto tiles = static_cast<std::int64_t>(width) * height;
    if (tiles > limits::max_map_tiles)
        return lines.error("the map is " + std::to_string(width) + " x " + std::to_string(height) +
                           " = " + std::to_string(tiles) + " tiles, over the limit of " +
                           std::to_string(limits::max_map_tiles));
    // Every row takes at least `width` bytes: a short file is refused before the map is made.
    if (static_cast<std::int64_t>(lines.remaining()) < tiles)
        return lines.error_at_end("the header announces " + std::to_string(height) + " rows of " +
                                  std::to_string(width) + " tiles but only " +
                                  std::to_string(lines.remaining()) + " bytes follow it");
    auto map = GridMap::create(width, height);
    if (!map) return map.error();
    for (int y = 0; y < height; ++y) {
        if (!lines.next(line)) {
            return lines.error_at_end("the map has " + std::to_string(y) + " rows, expected " +
                                      std::to_string(height));
        }
        if (line.size() != static_cast<std::size_t>(width)) {
            return lines.error("row " + std::to_string(y) + " has " + std::to_string(line.size()) +
                               " tiles, expected " + std::to_string(width));
        }
        for (int x = 0; x < width; ++x) {
            const std::optional<bool> walkable = tile_walkable(line[x], false);
            if (!walkable) {
                return lines.error("unknown tile " + quoted(line.substr(x, 1)) + " at column " +
                                   std::to_string(x));
            }
            if (!*walkable) (void)map.value().set_walkable({x, y}, false);
        }
    }
    while (lines.next(line)) {
        if (line.find_first_not_of(" \t") != std::string_view::npos) {
            return lines.error("text after the last map row");
        }
    }
    return map;
}

Expected<GridMap> read_moving_ai_map(std::istream& input, std::string_view source) {
    return read_with<GridMap>(input, source, parse_moving_ai_map);
}

Expected<GridMap> map_from_rows(const std::vector<std::string>& rows, std::string_view source) {
    const std::string where(source);
    if (rows.empty() || rows[0].empty())
        return Status::invalid_input(where + ": the map has no rows");
    for (std::size_t y = 0; y < rows.size(); ++y)
        if (rows[y].size() != rows[0].size())
            return Status::invalid_input(where + ": row " + std::to_string(y) + " has " +
                                         std::to_string(rows[y].size()) + " tiles, expected " +
                                         std::to_string(rows[0].size()));
    if (rows.size() > GridMap::max_side || rows[0].size() > GridMap::max_side ||
        static_cast<double>(rows.size()) * static_cast<double>(rows[0].size()) >
            static_cast<double>(limits::max_map_tiles))
        return Status::invalid_input(where + ": the map is " + std::to_string(rows[0].size()) +
                                     " x " + std::to_string(rows.size()) +
                                     " tiles, over the limit of " +
                                     std::to_string(GridMap::max_side) + " a side and " +
                                     std::to_string(limits::max_map_tiles) + " in all");
    auto map = GridMap::create(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
    if (!map) return map.error();
    for (std::size_t y = 0; y < rows.size(); ++y) {
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            const std::optional<bool> walkable = tile_walkable(rows[y][x], true);
            if (!walkable)
                return Status::invalid_input(where + ": row " + std::to_string(y) + ", column " +
                                             std::to_string(x) + ": unknown tile " +
                                             quoted(std::string_view(rows[y]).substr(x, 1)));
            if (!*walkable)
                (void)map.value().set_walkable({static_cast<int>(x), static_cast<int>(y)}, false);
        }
    }
    return map;
}

Expected<GridMap> load_moving_ai_map(const std::string& path) {
    return load_with<GridMap>(path, parse_moving_ai_map);
}

static Expected<Scenario> parse_moving_ai_scenario(std::string_view text, std::string_view source) {
    LineReader lines(text, source);
    std::string_view line;
    Scenario scenario;
    bool versioned = false;
    while (lines.next(line)) {
        const auto words = split_words(line);
        if (words.empty()) continue;
        if (!versioned) {
            if (words[0] != "version")
                return lines.error("the file must start with its 'version 1' line, not " +
                                   quoted(line));
            if (words.size() != 2 || (words[1] != "1" && words[1] != "1.0"))
                return lines.error("unsupported version line " + quoted(line));
            versioned = true;
            continue;
        }
        if (words.size() != 9) {
            return lines.error(
                "expected 9 fields (bucket map width height start_x start_y goal_x "
                "goal_y length), found " +
                std::to_string(words.size()));
        }
        if (scenario.queries.size() == limits::max_scenario_rows)
            return lines.error("more than " + std::to_string(limits::max_scenario_rows) +
                               " queries");
        ScenarioQuery query;
        query.map_name = base_name(words[1]);
        if (query.map_name.empty()) return lines.error("field 2 names no map");
        int* whole[] = {&query.bucket,  nullptr,        &query.map_width, &query.map_height,
                        &query.start.x, &query.start.y, &query.goal.x,    &query.goal.y};
        for (int field = 0; field < 8; ++field) {
            if (whole[field] && (!parse_number(words[field], *whole[field]) || *whole[field] < 0 ||
                                 *whole[field] > limits::max_tile_coordinate)) {
                return lines.error("field " + std::to_string(field + 1) + " " +
                                   quoted(words[field]) + " is not a whole number in 0.." +
                                   std::to_string(limits::max_tile_coordinate));
            }
        }
        if (!parse_number(words[8], query.optimal_length) || !std::isfinite(query.optimal_length) ||
            query.optimal_length < 0) {
            return lines.error("length " + quoted(words[8]) + " is not a finite number >= 0");
        }
        scenario.queries.push_back(std::move(query));
    }
    if (!versioned) return lines.error_at_end("the file is empty (no 'version 1' line)");
    if (scenario.queries.empty()) return lines.error_at_end("the file has no queries");
    return scenario;
}

Expected<Scenario> read_moving_ai_scenario(std::istream& input, std::string_view source) {
    return read_with<Scenario>(input, source, parse_moving_ai_scenario);
}

Expected<Scenario> load_moving_ai_scenario(const std::string& path) {
    return load_with<Scenario>(path, parse_moving_ai_scenario);
}

bool matches_optimal_length(double length, double optimal_length) {
    return std::abs(length - optimal_length) <= 0.006 + 1e-5 * optimal_length;
}

Status check_query(const ScenarioQuery& query, const GridMap& map) {
    if (query.map_width != map.width() || query.map_height != map.height()) {
        return Status::invalid_input("the query is for a " + std::to_string(query.map_width) +
                                     " x " + std::to_string(query.map_height) +
                                     " map but the map is " + std::to_string(map.width()) + " x " +
                                     std::to_string(map.height()));
    }
    for (const auto& [cell, role] :
         {std::pair{query.start, "start"}, std::pair{query.goal, "goal"}}) {
        if (!map.contains(cell)) {
            return Status::invalid_input(std::string(role) + " " + to_string(cell) +
                                         " is outside the map");
        }
        if (!map.is_walkable(cell)) {
            return Status::invalid_input(std::string(role) + " " + to_string(cell) + " is blocked");
        }
    }
    return {};
}

}  // namespace pathkit
