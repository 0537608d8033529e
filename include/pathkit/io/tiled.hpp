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

/// The two file formats of Tiled.
enum class TiledFormat { Tmx, Tmj };

/// Parses a Tiled map from text. Errors read "SOURCE:LINE: <element>: what" (.tmx) or
/// "SOURCE: /json/pointer: what" (.tmj). Maps are limited as `limits::max_map_tiles` says.
[[nodiscard]] Expected<TiledMap> parse_tiled_map(std::string_view text, std::string_view source,
                                                 TiledFormat format);

/// Loads a `.tmx` or `.tmj` (or `.json`) file, by its extension.
[[nodiscard]] Expected<TiledMap> load_tiled_map(const std::string& path);

}  // namespace pathkit
