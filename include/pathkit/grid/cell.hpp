/// Cell: a tile of a grid map in map coordinates (column x, row y, y growing downwards).
#pragma once

#include <compare>
#include <string>

namespace pathkit {

/// A tile of a grid map, in map coordinates: `x` is the column, `y` the row (row 0 is the top
/// row of a MovingAI map). With a map origin of (-10, -10) the top-left cell is (-10, -10).
struct Cell {
    int x = 0;
    int y = 0;
    friend constexpr auto operator<=>(Cell, Cell) = default;
};

/// "(x, y)", for messages.
[[nodiscard]] inline std::string to_string(Cell cell) {
    return std::to_string(cell.x) + "," + std::to_string(cell.y);
}

}  // namespace pathkit
