/// A validator for crowd ticks: what must never happen between two ticks, for soak runs and
/// for games that want to assert it.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

/// Checks one tick, given every unit's tile before and after it (same order): each unit stays
/// or moves to one of its 8 neighbours onto a walkable tile (a unit that stays may stand on a
/// blocked tile: stuck where the map was blocked under it); no two units share a tile, swap
/// tiles, or cross each other on the diagonals of one square. Returns the first violation, or
/// nothing.
[[nodiscard]] std::optional<std::string> check_crowd_tick(const GridMap& map,
                                                          std::span<const Cell> before,
                                                          std::span<const Cell> after);

}  // namespace pathkit
