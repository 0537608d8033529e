// Grid maps drawn as ASCII art in tests: '#' blocked, anything else walkable, letters mark tiles.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "pathkit/grid/grid_map.hpp"

namespace pathkit::testing {

/// A drawn map and its marks. '~' tiles get terrain multiplier 3 (the tutorial's swamp).
struct AsciiMap {
    GridMap map;
    std::vector<std::string> rows;
    Cell origin;

    /// The tile marked `mark` (first one, reading rows top to bottom).
    [[nodiscard]] Cell find(char mark) const {
        for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
            const auto x = rows[y].find(mark);
            if (x != std::string::npos) return {origin.x + static_cast<int>(x), origin.y + y};
        }
        throw std::logic_error(std::string("no tile marked ") + mark);
    }
    /// The drawing with every tile of `path` but its ends replaced by '*'.
    [[nodiscard]] std::vector<std::string> draw(const std::vector<Cell>& path) const {
        auto picture = rows;
        for (std::size_t index = 1; index + 1 < path.size(); ++index) {
            picture[path[index].y - origin.y][path[index].x - origin.x] = '*';
        }
        return picture;
    }
};

inline AsciiMap ascii_map(std::vector<std::string> rows, Cell origin = {}) {
    auto map =
        GridMap::create(static_cast<int>(rows[0].size()), static_cast<int>(rows.size()), origin)
            .value();
    for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
        for (int x = 0; x < static_cast<int>(rows[y].size()); ++x) {
            const Cell cell{origin.x + x, origin.y + y};
            if (rows[y][x] == '#') (void)map.set_walkable(cell, false);
            if (rows[y][x] == '~') (void)map.set_terrain_cost(cell, 3);
        }
    }
    return {std::move(map), std::move(rows), origin};
}

}  // namespace pathkit::testing
