/// Goal-bounds files (`.pkx`, written by `pathkit index`): `GoalBounds` saved with the size,
/// rules and fingerprint of the map they were built for, and a checksum.
#pragma once

#include <string>
#include <string_view>

#include "pathkit/core/expected.hpp"
#include "pathkit/grid/goal_bounds.hpp"

namespace pathkit {

/// Most tiles of a map whose goal bounds a file may hold: 2048 x 2048 tiles (a file of
/// 256 MiB, 64 bytes a tile; a build that size would take days).
inline constexpr std::size_t max_goal_bounds_tiles = std::size_t{1} << 22;

/// The bytes of a goal-bounds file (little-endian): the 8 bytes "PKBOUNDS", version 1 (32
/// bits), width and height (32 bits each), the diagonal policy (one byte: 0 never, 1 always, 2
/// at least one walkable, 3 no corner cutting; three zero bytes), the straight and diagonal
/// costs (32-bit floats), the map's walkable fingerprint and the tiles done (64 bits each);
/// then for every tile in rows and each of its 8 moves the box min x, max x, min y, max y
/// (16 bits each; an empty box is 1, 0, 1, 0), as `GoalBounds::box` gives them (widened to
/// the bounds' grain); then an FNV-1a hash of all that (64 bits).
[[nodiscard]] std::string goal_bounds_bytes(const GoalBounds& bounds);

/// Reads goal bounds from a file's bytes. Refused with `source`, the byte offset and what is
/// wrong: another magic or version, a size or count out of range, a length that does not match,
/// a checksum that does not, boxes outside the map or not empty past the tiles done. A file
/// that passes is what `goal_bounds_bytes` wrote, unless made to pass on purpose: its boxes
/// are not checked against the map (`GoalBounds::check_fits` checks the map it was built for):
/// forged boxes can make answers dearer or report no path, never an illegal path.
[[nodiscard]] Expected<GoalBounds> parse_goal_bounds(std::string_view bytes,
                                                     const std::string& source);

/// `parse_goal_bounds` of a file's contents (regular files only, within the size the largest
/// map allows).
[[nodiscard]] Expected<GoalBounds> load_goal_bounds(const std::string& path);

/// Writes `goal_bounds_bytes(bounds)` to `path`, all or nothing.
[[nodiscard]] Status save_goal_bounds(const GoalBounds& bounds, const std::string& path);

}  // namespace pathkit
