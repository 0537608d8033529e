/// Maps made with the Tiled editor: `.tmx` (XML) and `.tmj` (JSON) files as walkable grids.
///
/// A cell is solid when a tile layer marked solid has a tile there (gid != 0), or when a
/// rectangle of an object layer marked solid shares area with it. A layer is marked solid by a
/// boolean property `solid` set to true, or by the name "solid". Tile layers must be CSV
/// (`.tmx`) or plain arrays (`.tmj`); other encodings are refused with their name.
#pragma once

#include <string>
#include <string_view>

#include "pathkit/core/expected.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

/// A Tiled map as a grid, with its tile size (world units per cell, Tiled's tilewidth).
struct TiledMap {
    GridMap grid;
    float cell_size = 1;
};

/// Loads a `.tmx` or `.tmj` file (by its extension). Errors name the file and, for `.tmx`, the
/// line and element.
[[nodiscard]] Expected<TiledMap> load_tiled_map(const std::string& path);

}  // namespace pathkit
