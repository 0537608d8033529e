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

/// The same for units of several sizes (`sizes`, same order, each 1..64; `Unit::size`): a unit
/// is its footprint, the `size` x `size` tiles from its top-left tile right and down. Each
/// unit stays or moves to one of its 8 neighbours where its whole footprint is inside the map
/// and walkable (one that stays may cover blocked tiles: stuck); no two footprints share a
/// tile after the tick; no two units move each into the other's old footprint (a swap); no
/// two one-tile units cross on the diagonals of one square. Returns the first violation, or
/// nothing.
[[nodiscard]] std::optional<std::string> check_crowd_tick(const GridMap& map,
                                                          std::span<const Cell> before,
                                                          std::span<const Cell> after,
                                                          std::span<const int> sizes);

}  // namespace pathkit
