// The pruning rules of jump point search for each diagonal policy, and the direction tables
// and slots its searches and indexes share.
//
// Pruning rules. A tile x reached from p by a move in direction D keeps only the neighbours
// that no equally cheap path from p avoiding x reaches (the *natural* ones: straight on, and
// for a diagonal move its two straight parts) plus the *forced* ones that an obstacle makes
// necessary. Per policy, with S a side perpendicular to a straight D:
//   NoCornerCutting  straight: x+S free while p+S is blocked forces x+S and x+D+S;
//                    diagonal: nothing is forced (a diagonal never squeezes past a corner).
//   Always           straight: x+S blocked while x+D+S is free forces x+D+S;
//                    diagonal (dx, dy): x-(dx,0) blocked while x+(-dx,dy) is free forces it
//                    (and the mirror with dy).
//   AtLeastOne       as Always, and the forced diagonal step must itself be allowed.
//   Never            straight paths prefer vertical first: a vertical move keeps both
//                    horizontal turns; a horizontal move keeps x+S when p+S is blocked.
// These rules need straight < diagonal < 2 x straight, which jump_point_search_refusal checks.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "pathkit/grid/movement.hpp"

namespace pathkit::detail {

[[nodiscard]] inline int sign(int value) {
    return (value > 0) - (value < 0);
}

/// The four straight directions in the order of the tables: E, S, W, N.
inline constexpr std::array<std::pair<int, int>, 4> straight_directions{
    {{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};
/// The four diagonals in the order of the tables: SE, SW, NW, NE.
inline constexpr std::array<std::pair<int, int>, 4> diagonal_directions{
    {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};

/// The table slot of a straight direction (E 0, S 1, W 2, N 3).
[[nodiscard]] constexpr int straight_slot(int dx, int dy) {
    return dx > 0 ? 0 : dy > 0 ? 1 : dx < 0 ? 2 : 3;
}
/// The table slot of a run: a diagonal (SE 0, SW 1, NW 2, NE 3), or under Never a vertical run
/// (down 0, up 1).
[[nodiscard]] constexpr int run_slot(int dx, int dy) {
    if (dx == 0) return dy > 0 ? 0 : 1;
    return dy > 0 ? (dx > 0 ? 0 : 1) : (dx < 0 ? 2 : 3);
}
/// The goal-bounds slot of a move: straight E 0, S 1, W 2, N 3; diagonal SE 4, SW 5, NW 6, NE 7.
[[nodiscard]] constexpr int move_slot(int dx, int dy) {
    return dx != 0 && dy != 0 ? 4 + run_slot(dx, dy) : straight_slot(dx, dy);
}

/// What each diagonal policy allows and forces at one tile, read from the walkable bytes of
/// the padded map (see the rules at the top of this file).
template <DiagonalPolicy Policy>
struct JumpRules {
    const std::uint8_t* walkable;
    int stride;

    [[nodiscard]] bool free(int column, int row) const {
        return walkable[row * stride + column] != 0;
    }
    /// May a unit step from (column, row) diagonally by (dx, dy)?
    [[nodiscard]] bool diagonal_allowed(int column, int row, int dx, int dy) const {
        if constexpr (Policy == DiagonalPolicy::NoCornerCutting) {
            return free(column + dx, row) && free(column, row + dy) && free(column + dx, row + dy);
        } else if constexpr (Policy == DiagonalPolicy::AtLeastOneWalkable) {
            return (free(column + dx, row) || free(column, row + dy)) &&
                   free(column + dx, row + dy);
        } else {
            return free(column + dx, row + dy);
        }
    }
    /// After a straight move (dx, dy) onto (column, row): is the way to side `turn` (1 or -1,
    /// the side (dy * turn, dx * turn)) forced, that is, may an optimal path turn there?
    [[nodiscard]] bool forced_side(int column, int row, int dx, int dy, int turn) const {
        const int sx = dy * turn, sy = dx * turn;
        if constexpr (Policy == DiagonalPolicy::NoCornerCutting ||
                      Policy == DiagonalPolicy::Never) {
            return free(column + sx, row + sy) && !free(column - dx + sx, row - dy + sy);
        } else {
            const bool ahead_needed = Policy == DiagonalPolicy::AtLeastOneWalkable;
            return !free(column + sx, row + sy) && free(column + dx + sx, row + dy + sy) &&
                   (!ahead_needed || free(column + dx, row + dy));
        }
    }
    /// Is a straight move (dx, dy) onto (column, row) a jump point (a neighbour is forced)?
    [[nodiscard]] bool forced_straight(int column, int row, int dx, int dy) const {
        return forced_side(column, row, dx, dy, 1) || forced_side(column, row, dx, dy, -1);
    }
    /// After a diagonal move (dx, dy) onto (column, row) under Always or AtLeastOneWalkable:
    /// is (-dx, dy) forced?
    [[nodiscard]] bool forced_back_x(int column, int row, int dx, int dy) const {
        const bool needs_side = Policy == DiagonalPolicy::AtLeastOneWalkable;
        return !free(column - dx, row) && free(column - dx, row + dy) &&
               (!needs_side || free(column, row + dy));
    }
    /// The same for (dx, -dy).
    [[nodiscard]] bool forced_back_y(int column, int row, int dx, int dy) const {
        const bool needs_side = Policy == DiagonalPolicy::AtLeastOneWalkable;
        return !free(column, row - dy) && free(column + dx, row - dy) &&
               (!needs_side || free(column + dx, row));
    }
    /// Does a diagonal run (dx, dy) stop on (column, row) with a forced turn back?
    [[nodiscard]] bool forced_back(int column, int row, int dx, int dy) const {
        if constexpr (Policy == DiagonalPolicy::Always ||
                      Policy == DiagonalPolicy::AtLeastOneWalkable) {
            return forced_back_x(column, row, dx, dy) || forced_back_y(column, row, dx, dy);
        } else {
            return false;
        }
    }
};

}  // namespace pathkit::detail
