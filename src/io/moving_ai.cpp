// Readers for the MovingAI `.map` and `.scen` formats.
#include "pathkit/io/moving_ai.hpp"

#include "text_fields.hpp"

#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>

namespace pathkit {

namespace {

using io_detail::parse_number;
using io_detail::split_words;

/// Reads lines, strips a trailing '\r', and names the place for error messages.
class LineReader {
  public:
    LineReader(std::istream& input, std::string_view source) : input_(input), source_(source) {}

    bool next(std::string& line) {
        if (!std::getline(input_, line)) return false;
        ++number_;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }
    [[nodiscard]] Status error(const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ":" + std::to_string(number_) + ": " +
                                     what);
    }
    [[nodiscard]] Status error_at_end(const std::string& what) const {
        return Status::invalid_input(std::string(source_) + ": " + what);
    }

  private:
    std::istream& input_;
    std::string_view source_;
    int number_ = 0;
};

std::string base_name(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

template <class T>
Expected<T> load_with(const std::string& path,
                      Expected<T> (*read)(std::istream&, std::string_view)) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return Status::invalid_input(path + ": cannot open the file");
    return read(file, path);
}

}  // namespace

// Walkable `.` `G` `S`, blocked `@` `O` `T` `W` (and `#` when drawn by hand); else unknown.
static std::optional<bool> tile_walkable(char tile, bool allow_hash) {
    if (tile == '.' || tile == 'G' || tile == 'S') return true;
    if (tile == '@' || tile == 'O' || tile == 'T' || tile == 'W' || (allow_hash && tile == '#'))
        return false;
    return std::nullopt;
}

Expected<GridMap> read_moving_ai_map(std::istream& input, std::string_view source) {
    LineReader lines(input, source);
    std::string line;
    int width = -1, height = -1;
    bool at_rows = false;
    while (!at_rows && lines.next(line)) {
        const auto words = split_words(line);
        if (words.empty()) continue;
        if (words[0] == "map" && words.size() == 1) {
            at_rows = true;
        } else if (words[0] == "type" && words.size() == 2) {
            // "octile" in every benchmark file; the type does not change how tiles read.
        } else if ((words[0] == "height" || words[0] == "width") && words.size() == 2) {
            int value = 0;
            if (!parse_number(words[1], value) || value < 1 || value > GridMap::max_side) {
                return lines.error(std::string(words[0]) + " '" + std::string(words[1]) +
                                   "' is not a whole number in 1.." +
                                   std::to_string(GridMap::max_side));
            }
            (words[0] == "height" ? height : width) = value;
        } else {
            return lines.error("unexpected header line '" + line + "'");
        }
    }
    if (!at_rows) return lines.error_at_end("the header has no 'map' line");
    if (width < 0 || height < 0) return lines.error("the header lacks 'width' or 'height'");
    auto map = GridMap::create(width, height);
    if (!map) return map.error();
    for (int y = 0; y < height; ++y) {
        if (!lines.next(line)) {
            return lines.error_at_end("the map has " + std::to_string(y) + " rows, expected " +
                                      std::to_string(height));
        }
        if (static_cast<int>(line.size()) != width) {
            return lines.error("row " + std::to_string(y) + " has " + std::to_string(line.size()) +
                               " tiles, expected " + std::to_string(width));
        }
        for (int x = 0; x < width; ++x) {
            const std::optional<bool> walkable = tile_walkable(line[x], false);
            if (!walkable) {
                return lines.error("unknown tile '" + std::string(1, line[x]) + "' at column " +
                                   std::to_string(x));
            }
            if (!*walkable) (void)map.value().set_walkable({x, y}, false);
        }
    }
    while (lines.next(line)) {
        if (line.find_first_not_of(" \t") != std::string::npos) {
            return lines.error("text after the last map row");
        }
    }
    return map;
}

Expected<GridMap> map_from_rows(const std::vector<std::string>& rows, std::string_view source) {
    const std::string where(source);
    if (rows.empty() || rows[0].empty())
        return Status::invalid_input(where + ": the map has no rows");
    if (rows.size() > GridMap::max_side || rows[0].size() > GridMap::max_side)
        return Status::invalid_input(where + ": the map is larger than " +
                                     std::to_string(GridMap::max_side) + " tiles a side");
    auto map = GridMap::create(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()));
    if (!map) return map.error();
    for (std::size_t y = 0; y < rows.size(); ++y) {
        if (rows[y].size() != rows[0].size())
            return Status::invalid_input(where + ": row " + std::to_string(y) + " has " +
                                         std::to_string(rows[y].size()) + " tiles, expected " +
                                         std::to_string(rows[0].size()));
        for (std::size_t x = 0; x < rows[y].size(); ++x) {
            const std::optional<bool> walkable = tile_walkable(rows[y][x], true);
            if (!walkable)
                return Status::invalid_input(where + ": row " + std::to_string(y) + ", column " +
                                             std::to_string(x) + ": unknown tile '" +
                                             std::string(1, rows[y][x]) + "'");
            if (!*walkable)
                (void)map.value().set_walkable({static_cast<int>(x), static_cast<int>(y)}, false);
        }
    }
    return map;
}

Expected<GridMap> load_moving_ai_map(const std::string& path) {
    return load_with<GridMap>(path, read_moving_ai_map);
}

Expected<Scenario> read_moving_ai_scenario(std::istream& input, std::string_view source) {
    LineReader lines(input, source);
    std::string line;
    Scenario scenario;
    bool first = true;
    while (lines.next(line)) {
        const auto words = split_words(line);
        if (words.empty()) continue;
        if (first && words[0] == "version") {
            first = false;
            if (words.size() != 2 || (words[1] != "1" && words[1] != "1.0")) {
                return lines.error("unsupported version line '" + line + "'");
            }
            continue;
        }
        first = false;
        if (words.size() != 9) {
            return lines.error(
                "expected 9 fields (bucket map width height start_x start_y goal_x "
                "goal_y length), found " +
                std::to_string(words.size()));
        }
        ScenarioQuery query;
        query.map_name = base_name(words[1]);
        int* whole[] = {&query.bucket,  nullptr,        &query.map_width, &query.map_height,
                        &query.start.x, &query.start.y, &query.goal.x,    &query.goal.y};
        for (int field = 0; field < 8; ++field) {
            if (whole[field] && !parse_number(words[field], *whole[field])) {
                return lines.error("field " + std::to_string(field + 1) + " '" +
                                   std::string(words[field]) + "' is not a whole number");
            }
        }
        if (!parse_number(words[8], query.optimal_length) || !std::isfinite(query.optimal_length) ||
            query.optimal_length < 0) {
            return lines.error("length '" + std::string(words[8]) +
                               "' is not a finite number >= 0");
        }
        scenario.queries.push_back(std::move(query));
    }
    return scenario;
}

Expected<Scenario> load_moving_ai_scenario(const std::string& path) {
    return load_with<Scenario>(path, read_moving_ai_scenario);
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
