/// Tile paths after the search: their exact length.
#pragma once

#include <span>

#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

/// The cost of a path of adjacent tiles under the space's rules, summed in double precision
/// (the search itself adds floats). Steps between tiles that are not neighbours count as
/// straight lines of octile length. Used to check results against published lengths.
[[nodiscard]] double path_cost(const GridSpace& space, std::span<const Cell> path);

}  // namespace pathkit
