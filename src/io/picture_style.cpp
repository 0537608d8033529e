// The legend, the frame shown and the trails, shared by the SVG and PNG pictures.
#include "picture_style.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pathkit {

std::optional<std::size_t> frame_named(const ViewerPart& part, std::string_view name) {
    if (part.frames.empty()) return std::nullopt;
    if (name == "first") return 0;
    if (name == "last") return part.frames.size() - 1;
    for (std::size_t frame = 0; frame < part.frame_labels.size(); ++frame)
        if (part.frame_labels[frame] == name ||
            part.frame_labels[frame] == "tick " + std::string(name) ||
            part.frame_labels[frame] == "step " + std::string(name))
            return frame;
    return std::nullopt;
}

namespace io_detail {

Swatch heat_color(float value) {
    // YlOrBr: pale yellow, orange, dark brown; css is left empty (pictures use the numbers).
    constexpr Swatch stops[] = {heat_low, {"", 254, 196, 79}, {"", 236, 112, 20}, heat_high};
    const float at = std::clamp(std::isfinite(value) ? value : 0.0f, 0.0f, 1.0f) * 3;
    const int low = std::min(2, static_cast<int>(at));
    const float share = at - static_cast<float>(low);
    const auto mix = [&](std::uint8_t a, std::uint8_t b) {
        return static_cast<std::uint8_t>(std::lround(a + (b - a) * share));
    };
    const Swatch& a = stops[low];
    const Swatch& b = stops[low + 1];
    return {"", mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

std::vector<HeatBlock> heat_blocks(const ViewerHeat& heat) {
    std::vector<HeatBlock> blocks;
    if (heat.columns <= 0 || heat.rows <= 0 ||
        heat.values.size() != static_cast<std::size_t>(heat.columns) * heat.rows)
        return blocks;
    for (int row = 0; row < heat.rows; ++row)
        for (int column = 0; column < heat.columns; ++column) {
            const float value = heat.values[static_cast<std::size_t>(row) * heat.columns + column];
            if (std::isfinite(value)) blocks.push_back({column, row, heat_color(value)});
        }
    return blocks;
}

std::vector<LegendEntry> legend_of(const ViewerPart& part) {
    std::vector<LegendEntry> entries;
    const auto has_tile = [&](char wanted) {
        return std::any_of(part.tiles.begin(), part.tiles.end(), [&](const std::string& row) {
            return row.find(wanted) != std::string::npos;
        });
    };
    if (has_tile('#')) entries.push_back({wall.css, "wall"});
    if (has_tile('.')) entries.push_back({floor_tile.css, "floor"});
    if (has_tile('~')) entries.push_back({swamp.css, "dearer terrain"});
    if (has_tile('!')) entries.push_back({danger.css, "danger"});
    if (!part.explored.empty()) entries.push_back({explored.css, "tiles the search explored"});
    if (!part.heat.values.empty()) {
        entries.push_back({heat_low.css, part.heat.label + ": low"});
        entries.push_back({heat_high.css, part.heat.label + ": high"});
    }
    const auto in_a_set = [&](std::vector<std::vector<Point2>> ViewerObstacleSet::*layer) {
        return std::any_of(part.obstacle_sets.begin(), part.obstacle_sets.end(),
                           [&](const ViewerObstacleSet& set) { return !(set.*layer).empty(); });
    };
    if (!part.obstacles.empty() || in_a_set(&ViewerObstacleSet::obstacles))
        entries.push_back({obstacle.css, part.obstacle_sets.empty()
                                             ? "obstacle"
                                             : "obstacle (appearing, moving and vanishing)"});
    if (!part.buffers.empty() || in_a_set(&ViewerObstacleSet::buffers))
        entries.push_back({buffer.css, "buffer (the agent's radius)"});
    std::vector<int> area_types;
    for (const ViewerArea& area : part.areas) {
        if (area.type == 0 ||
            std::find(area_types.begin(), area_types.end(), area.type) != area_types.end())
            continue;
        area_types.push_back(area.type);
        entries.push_back({area_color(area.type).css,
                           area.label.empty() ? "area " + std::to_string(area.type) : area.label});
    }
    if (!part.triangles.empty()) entries.push_back({triangle.css, "navigation mesh"});
    if (!part.edges.empty()) entries.push_back({graph_edge.css, "visibility graph"});
    if (!part.links.empty())
        entries.push_back(
            {link_color.css, std::any_of(part.links.begin(), part.links.end(),
                                         [](const ViewerLink& link) { return !link.bidirectional; })
                                 ? "links: ledges, ladders, teleporters (arrow: one way only)"
                                 : "links: ladders, teleporters (both ways)"});
    for (const ViewerPath& path : part.paths)
        if (std::none_of(entries.begin(), entries.end(),
                         [&](const LegendEntry& entry) { return entry.meaning == path.label; }))
            entries.push_back({path.color, path.label});
    const auto has_marker = [&](MarkerKind kind) {
        return std::any_of(part.markers.begin(), part.markers.end(),
                           [&](const ViewerMarker& marker) { return marker.kind == kind; });
    };
    if (has_marker(MarkerKind::Start)) entries.push_back({start.css, "start"});
    if (has_marker(MarkerKind::Goal)) entries.push_back({goal.css, "goal"});
    if (has_marker(MarkerKind::Failed))
        entries.push_back({failed.css, "goal not reached (x, with the reason)"});
    if (has_marker(MarkerKind::Door)) entries.push_back({door.css, "door"});
    if (!part.unit_radii.empty())
        entries.push_back({unit_color(0).css,
                           "agents at their size (rings: targets; dashes: the rest of each path; "
                           "lines: where each is a second later; faint: trails)"});
    else if (!part.unit_labels.empty())
        entries.push_back({unit_color(0).css, part.planned.empty()
                                                  ? "units (rings: where they go; faint: trails)"
                                                  : "units (rings: where they go; dashes: the "
                                                    "way they plan; faint: trails)"});
    return entries;
}

LinkShape link_shape(const ViewerLink& link, float size) {
    LinkShape shape;
    const float dx = link.to.x - link.from.x, dy = link.to.y - link.from.y;
    const Point2 control{(link.from.x + link.to.x) / 2 - dy / 3,
                         (link.from.y + link.to.y) / 2 + dx / 3};  // the arc's peak: 1/6 out
    constexpr int pieces = 24;
    for (int piece = 0; piece <= pieces; ++piece) {  // a quadratic Bezier curve
        const float t = static_cast<float>(piece) / pieces, u = 1 - t;
        shape.arc.push_back({u * u * link.from.x + 2 * u * t * control.x + t * t * link.to.x,
                             u * u * link.from.y + 2 * u * t * control.y + t * t * link.to.y});
    }
    if (link.bidirectional) return shape;
    const float ax = link.to.x - control.x, ay = link.to.y - control.y;  // direction at the end
    const float length = std::hypot(ax, ay);
    if (!(length > 0)) return shape;
    const float ux = ax / length * size, uy = ay / length * size;
    shape.arrow = {{link.to.x - ux - uy * 0.6f, link.to.y - uy + ux * 0.6f},
                   link.to,
                   {link.to.x - ux + uy * 0.6f, link.to.y - uy - ux * 0.6f}};
    return shape;
}

std::size_t frame_shown(const ViewerPart& part, const PictureOptions& options) {
    if (part.frames.empty()) return 0;
    return std::min(options.frame.value_or(part.frames.size() - 1), part.frames.size() - 1);
}

ObstaclesShown obstacles_at(const ViewerPart& part, std::size_t frame) {
    ObstaclesShown shown{&part.obstacles, &part.buffers};
    for (const ViewerObstacleSet& set : part.obstacle_sets) {
        if (set.first_frame > frame) break;
        shown = {&set.obstacles, &set.buffers};
    }
    return shown;
}

std::optional<Point2> velocity_end(const ViewerPart& part, std::size_t frame, std::size_t unit) {
    if (frame >= part.velocities.size() || unit >= part.velocities[frame].size() ||
        frame >= part.frames.size() || unit >= part.frames[frame].size())
        return std::nullopt;
    const Point2 at = part.frames[frame][unit], velocity = part.velocities[frame][unit];
    if (std::isnan(at.x) || std::isnan(at.y) || std::isnan(velocity.x) || std::isnan(velocity.y))
        return std::nullopt;
    return Point2{at.x + velocity.x, at.y + velocity.y};
}

std::vector<std::vector<Point2>> trails_until(const ViewerPart& part, std::size_t frame) {
    if (part.frames.empty()) return {};
    const std::size_t units = part.frames.front().size();
    if (units * (frame + 1) > 200'000) return {};
    std::vector<std::vector<Point2>> trails(units);
    for (std::size_t at = 0; at <= frame && at < part.frames.size(); ++at)
        for (std::size_t unit = 0; unit < units && unit < part.frames[at].size(); ++unit) {
            if (at < part.trail_breaks.size() && unit < part.trail_breaks[at].size() &&
                part.trail_breaks[at][unit])
                trails[unit].push_back({std::nanf(""), std::nanf("")});
            trails[unit].push_back(part.frames[at][unit]);
        }
    return trails;
}

}  // namespace io_detail

}  // namespace pathkit
