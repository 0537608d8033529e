/// The HTML viewer: one self-contained page (no network, no external scripts) that draws maps,
/// obstacles, explored states, paths and moving units on canvases, with play, pause, step,
/// speed, scrub and layer toggles. Also the same pictures as SVG and PNG.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/point.hpp"

namespace pathkit {

/// A drawn path with a name and a CSS colour ("#rrggbb"). A NaN point breaks the line (a route
/// jumping from one map to another).
struct ViewerPath {
    std::string label;
    std::vector<Point2> points;
    std::string color = "#1f6fd1";
};

/// What a marker stands for; it decides its symbol and colour, and its line in the legend.
enum class MarkerKind {
    Start,        ///< where a search began (green disc)
    Goal,         ///< where it was to end (red disc)
    Failed,       ///< the goal of a query that found no path; the label says why (red cross)
    Door,         ///< a door between two maps (brown square)
    Destination,  ///< where a unit is going (ring in the unit's colour)
};

/// A marked point with a label, in the part's units.
struct ViewerMarker {
    MarkerKind kind = MarkerKind::Start;
    Point2 at;
    std::string label;
};

/// A titled rectangle drawn as a frame (a map of a world, say).
struct ViewerPanel {
    std::string label;
    float x = 0, y = 0, width = 0, height = 0;
};

/// The obstacles of a part from one frame on, for worlds whose obstacles change while units
/// move: they replace the part's `obstacles` and `buffers` from `first_frame` until the next
/// set's first frame.
struct ViewerObstacleSet {
    std::size_t first_frame = 0;
    std::vector<std::vector<Point2>> obstacles;
    std::vector<std::vector<Point2>> buffers;
};

/// A link the ground does not make (a ledge, a ladder, a teleporter), drawn as an arc from
/// `from` to `to` in the part's units, with an arrow at `to` when it is crossed only that way.
struct ViewerLink {
    Point2 from;
    Point2 to;
    bool bidirectional = true;
};

/// Ground marked with an area type (water, a road), drawn as a tint of the type's colour
/// under everything else. `label` names the type in the legend (the first area of each type
/// gives it); type 0 is plain ground and is not tinted.
struct ViewerArea {
    std::vector<Point2> outline;
    int type = 0;
    std::string label;
};

/// A value per block of a part (a heat map: a flow field's costs), tinted from pale yellow (0)
/// to dark brown (1) over the tiles. `columns` x `rows` equal blocks cover the part, row by row
/// from y 0; values in [0, 1], NaN where there is none. `label` names the values in the legend.
struct ViewerHeat {
    int columns = 0;
    int rows = 0;
    std::vector<float> values;
    std::string label;
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
    /// Optional, in frame order: the obstacles and buffers as they change (see
    /// `ViewerObstacleSet`); `obstacles` and `buffers` hold them before the first set.
    std::vector<ViewerObstacleSet> obstacle_sets;
    std::vector<std::array<Point2, 3>> triangles;
    std::vector<ViewerArea> areas;
    ViewerHeat heat;
    std::vector<ViewerLink> links;
    /// Centres of the states the search explored.
    std::vector<Point2> explored;
    /// The connections of the graph a search ran on (a visibility graph), drawn thin.
    std::vector<std::array<Point2, 2>> edges;
    std::vector<ViewerPath> paths;
    std::vector<ViewerMarker> markers;
    /// Moving units: their names, and per frame every unit's position (NaN: not shown).
    std::vector<std::string> unit_labels;
    std::vector<std::vector<Point2>> frames;
    /// Per frame, what to print beside the scrubber (a tick, a time of day).
    std::vector<std::string> frame_labels;
    /// Optional, per frame and unit: where the unit is going (NaN: nowhere), and the way it
    /// plans to take there (empty: none). Either is left empty when not recorded.
    std::vector<std::vector<Point2>> destinations;
    std::vector<std::vector<std::vector<Point2>>> planned;
    /// Optional, per unit: its radius in the part's units. When given, units are drawn as
    /// circles of their size (round agents); otherwise as dots of one size that suits the part.
    std::vector<float> unit_radii;
    /// Optional, per frame and unit: its velocity in the part's units per second (NaN: none),
    /// drawn as a line from its centre to where it would be one second later.
    std::vector<std::vector<Point2>> velocities;
    /// Optional, per frame and unit: true where the unit's trail starts anew (it went through a
    /// door to another map since the frame before), so no line crosses the picture there.
    std::vector<std::vector<bool>> trail_breaks;
};

/// The page for `parts`, with `title` as its heading.
[[nodiscard]] std::string viewer_html(const std::string& title,
                                      const std::vector<ViewerPart>& parts);
/// Writes `viewer_html` to `path` (all or nothing, see output_files.hpp); refused with the
/// file's name when it cannot be written.
[[nodiscard]] Status write_viewer_html(const std::string& path, const std::string& title,
                                       const std::vector<ViewerPart>& parts);

/// What a still picture of a part shows.
struct PictureOptions {
    /// The frame of the units shown; the last one when empty (clamped to the frames there are).
    std::optional<std::size_t> frame;
    /// Trails of where each unit went up to that frame (left out on very long runs).
    bool trails = true;
};

/// The frame `name` picks: "first", "last", a label of the part's frames ("06:30", "start",
/// "tick 12"), or a number N, the frame labelled "tick N" or "step N". Nothing when none
/// matches.
[[nodiscard]] std::optional<std::size_t> frame_named(const ViewerPart& part, std::string_view name);

/// One part as an SVG picture with its legend below it.
[[nodiscard]] std::string part_svg(const ViewerPart& part, const PictureOptions& options = {});
/// One part as the bytes of a PNG picture, `pixels` per unit of the part (1..64); no legend
/// (the SVG and the page have one). Refused for a scale outside 1..64, an empty or
/// non-finite extent, or a picture over 8192 pixels a side. Shapes reaching outside the
/// picture are clipped to it.
[[nodiscard]] Expected<std::string> part_png(const ViewerPart& part, int pixels,
                                             const PictureOptions& options = {});
/// Writes `part_png` to `path` (all or nothing); refused as it is, or when the file cannot be
/// written.
[[nodiscard]] Status write_part_png(const std::string& path, const ViewerPart& part, int pixels,
                                    const PictureOptions& options = {});

}  // namespace pathkit
