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
    if (!part.triangles.empty()) entries.push_back({triangle.css, "navigation mesh"});
    if (!part.edges.empty()) entries.push_back({graph_edge.css, "visibility graph"});
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
