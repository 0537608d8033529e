// Internal to io/: what the SVG and PNG pictures share: colours, the legend, the frame shown,
// and each unit's trail up to it (the HTML page keeps the same colours in its script).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pathkit/io/viewer.hpp"

namespace pathkit::io_detail {

/// A colour as "#rrggbb".
struct Swatch {
    const char* css;
    std::uint8_t r, g, b;
};

inline constexpr Swatch background{"#fbfaf5", 251, 250, 245}, wall{"#4a433c", 74, 67, 60},
    swamp{"#9c8f5a", 156, 143, 90}, danger{"#e8a0a0", 232, 160, 160},
    floor_tile{"#efe9dc", 239, 233, 220}, explored{"#bed7f0", 190, 215, 240},
    buffer{"#f2c4b8", 242, 196, 184}, obstacle{"#5a5148", 90, 81, 72},
    triangle{"#9aabbb", 154, 170, 187}, graph_edge{"#8c9aa8", 140, 154, 168},
    panel{"#7d6f60", 125, 111, 96}, start{"#2a9d4b", 42, 157, 75}, goal{"#c8372d", 200, 55, 45},
    failed{"#c8372d", 200, 55, 45}, door{"#8a5a2b", 138, 90, 43};

/// Unit colours, in turn (as the page's).
inline constexpr Swatch unit_colors[] = {{"#d9480f", 217, 72, 15},  {"#1971c2", 25, 113, 194},
                                         {"#2f9e44", 47, 158, 68},  {"#ae3ec9", 174, 62, 201},
                                         {"#f08c00", 240, 140, 0},  {"#0c8599", 12, 133, 153},
                                         {"#e64980", 230, 73, 128}, {"#5c940d", 92, 148, 13}};
[[nodiscard]] inline const Swatch& unit_color(std::size_t unit) {
    return unit_colors[unit % (sizeof unit_colors / sizeof unit_colors[0])];
}

/// Link arcs, and area tints by type (type 1 the first; they repeat after the last).
inline constexpr Swatch link_color{"#7048e8", 112, 72, 232};
inline constexpr Swatch area_colors[] = {{"#a5d8ff", 165, 216, 255}, {"#e9d8a6", 233, 216, 166},
                                         {"#b2f2bb", 178, 242, 187}, {"#ffc9c9", 255, 201, 201},
                                         {"#d0bfff", 208, 191, 255}, {"#ffe8cc", 255, 232, 204}};
[[nodiscard]] inline const Swatch& area_color(int type) {
    constexpr int count = sizeof area_colors / sizeof area_colors[0];
    return area_colors[((type - 1) % count + count) % count];
}

/// The tint of a heat value in [0, 1] (pale yellow to dark brown, through orange), and the
/// blocks of a heat map with a value: column, row and colour.
[[nodiscard]] Swatch heat_color(float value);
inline constexpr Swatch heat_low{"#fff7bc", 255, 247, 188}, heat_high{"#662506", 102, 37, 6};
struct HeatBlock {
    int column, row;
    Swatch color;
};
[[nodiscard]] std::vector<HeatBlock> heat_blocks(const ViewerHeat& heat);

/// A link as drawn: the points of its arc (a curve bulging to the left of `from`->`to` by a
/// sixth of its length), and for a one-way link the arrow at `to` (barb, tip, barb), `size`
/// long in the part's units.
struct LinkShape {
    std::vector<Point2> arc;
    std::vector<Point2> arrow;
};
[[nodiscard]] LinkShape link_shape(const ViewerLink& link, float size);

/// A line of the legend: a colour and what it means.
struct LegendEntry {
    std::string css;
    std::string meaning;
};
/// The legend for what the part shows.
[[nodiscard]] std::vector<LegendEntry> legend_of(const ViewerPart& part);

/// The frame a picture shows: `options.frame` clamped, or the last one.
[[nodiscard]] std::size_t frame_shown(const ViewerPart& part, const PictureOptions& options);

/// The obstacles and buffers a part shows at `frame`: its `obstacles` and `buffers`, or the
/// last of its `obstacle_sets` that begins at or before the frame (both point into `part`).
struct ObstaclesShown {
    const std::vector<std::vector<Point2>>* obstacles;
    const std::vector<std::vector<Point2>>* buffers;
};
[[nodiscard]] ObstaclesShown obstacles_at(const ViewerPart& part, std::size_t frame);

/// The radius a unit is drawn with, in the part's units: its own (`unit_radii`) when the part
/// gives them, else `dot`.
[[nodiscard]] inline float unit_size(const ViewerPart& part, std::size_t unit, float dot) {
    return unit < part.unit_radii.size() ? part.unit_radii[unit] : dot;
}

/// Where a unit's velocity line ends (one second ahead); nothing to draw when it or the
/// velocity is unknown at that frame.
[[nodiscard]] std::optional<Point2> velocity_end(const ViewerPart& part, std::size_t frame,
                                                 std::size_t unit);

/// Per unit, the positions it held up to `frame` (NaN where it was not shown), when the
/// part is small enough for trails (units x frames up to 200,000); otherwise empty.
[[nodiscard]] std::vector<std::vector<Point2>> trails_until(const ViewerPart& part,
                                                            std::size_t frame);

}  // namespace pathkit::io_detail
