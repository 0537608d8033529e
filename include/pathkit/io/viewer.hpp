/// The HTML viewer: one self-contained page (no network, no external scripts) that draws maps,
/// obstacles, explored states, paths and moving units on canvases, with play, pause, step,
/// speed, scrub and layer toggles. Also the same pictures as SVG and PNG.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/point.hpp"

namespace pathkit {

/// A drawn path with a name and a CSS colour.
struct ViewerPath {
    std::string label;
    std::vector<Point2> points;
    std::string color = "#1f6fd1";
};

/// A titled rectangle drawn as a frame (a map of a world, say).
struct ViewerPanel {
    std::string label;
    float x = 0, y = 0, width = 0, height = 0;
};

/// One part of a page: a picture in its own units (tiles or world units), each layer optional.
struct ViewerPart {
    std::string name;
    std::string summary;
    /// The extent drawn, from (0, 0).
    float width = 1, height = 1;
    /// True when y grows upwards (open worlds); tiles and units use y downwards otherwise.
    bool y_up = false;
    /// Tiles, one row per string, one unit per character: '#' wall, '~' swamp, '!' danger,
    /// ' ' nothing, anything else floor.
    std::vector<std::string> tiles;
    std::vector<ViewerPanel> panels;
    std::vector<std::vector<Point2>> obstacles;
    std::vector<std::vector<Point2>> buffers;
    std::vector<std::array<Point2, 3>> triangles;
    /// Centres of the states the search explored.
    std::vector<Point2> explored;
    std::vector<ViewerPath> paths;
    /// Moving units: their names, and per frame every unit's position (NaN: not shown).
    std::vector<std::string> unit_labels;
    std::vector<std::vector<Point2>> frames;
    /// Per frame, what to print beside the scrubber (a tick, a time of day).
    std::vector<std::string> frame_labels;
};

/// The page for `parts`, with `title` as its heading.
[[nodiscard]] std::string viewer_html(const std::string& title,
                                      const std::vector<ViewerPart>& parts);
/// Writes `viewer_html` to `path` (all or nothing, see output_files.hpp); refused with the
/// file's name when it cannot be written.
[[nodiscard]] Status write_viewer_html(const std::string& path, const std::string& title,
                                       const std::vector<ViewerPart>& parts);

/// One part as an SVG picture (the first frame of its units).
[[nodiscard]] std::string part_svg(const ViewerPart& part);
/// One part as the bytes of a PNG picture, `pixels` per unit of the part (1..64). Refused for
/// a scale outside 1..64, an empty or non-finite extent, or a picture over 8192 pixels a side.
/// Shapes reaching outside the picture are clipped to it.
[[nodiscard]] Expected<std::string> part_png(const ViewerPart& part, int pixels);
/// Writes `part_png` to `path` (all or nothing); refused as it is, or when the file cannot be
/// written.
[[nodiscard]] Status write_part_png(const std::string& path, const ViewerPart& part, int pixels);

}  // namespace pathkit
