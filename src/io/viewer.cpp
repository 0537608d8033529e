// The HTML viewer page and the SVG and PNG pictures of its parts.
#include "pathkit/io/viewer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "json_reader.hpp"
#include "pathkit/io/output_files.hpp"
#include "picture_style.hpp"
#include "safe_text.hpp"

namespace pathkit {

namespace io_detail {
extern const std::string_view viewer_page;
}  // namespace io_detail

namespace {

using nlohmann::json;

json points_json(const std::vector<Point2>& points) {
    json list = json::array();
    for (const Point2& point : points)
        list.push_back({point.x, point.y});
    return list;
}

json part_json(const ViewerPart& part) {
    json data{{"name", part.name},
              {"summary", part.summary},
              {"width", part.width},
              {"height", part.height},
              {"y_up", part.y_up},
              {"tiles", part.tiles},
              {"explored", points_json(part.explored)},
              {"unit_labels", part.unit_labels},
              {"frame_labels", part.frame_labels}};
    data["panels"] = json::array();
    for (const ViewerPanel& panel : part.panels)
        data["panels"].push_back({{"label", panel.label},
                                  {"x", panel.x},
                                  {"y", panel.y},
                                  {"width", panel.width},
                                  {"height", panel.height}});
    const auto rings_json = [](const std::vector<std::vector<Point2>>& rings) {
        json list = json::array();
        for (const auto& ring : rings)
            list.push_back(points_json(ring));
        return list;
    };
    data["obstacles"] = rings_json(part.obstacles);
    data["buffers"] = rings_json(part.buffers);
    data["obstacle_sets"] = json::array();
    for (const ViewerObstacleSet& set : part.obstacle_sets)
        data["obstacle_sets"].push_back({{"first_frame", set.first_frame},
                                         {"obstacles", rings_json(set.obstacles)},
                                         {"buffers", rings_json(set.buffers)}});
    data["triangles"] = json::array();
    for (const auto& triangle : part.triangles)
        data["triangles"].push_back(points_json({triangle[0], triangle[1], triangle[2]}));
    data["areas"] = json::array();
    for (const ViewerArea& area : part.areas)
        if (area.type != 0)
            data["areas"].push_back({{"color", io_detail::area_color(area.type).css},
                                     {"outline", points_json(area.outline)}});
    json heat_colors = json::array();
    for (const io_detail::HeatBlock& block : io_detail::heat_blocks(part.heat)) {
        char color[8];
        std::snprintf(color, sizeof color, "#%02x%02x%02x", block.color.r, block.color.g,
                      block.color.b);
        heat_colors.push_back({block.column, block.row, color});
    }
    data["heat"] = {{"columns", part.heat.columns},
                    {"rows", part.heat.rows},
                    {"blocks", std::move(heat_colors)}};
    data["links"] = json::array();
    const float arrow = std::max(part.width, part.height) / 80;
    for (const ViewerLink& link : part.links) {
        const io_detail::LinkShape shape = io_detail::link_shape(link, arrow);
        data["links"].push_back({{"arc", points_json(shape.arc)},
                                 {"arrow", points_json(shape.arrow)},
                                 {"from", {link.from.x, link.from.y}},
                                 {"to", {link.to.x, link.to.y}}});
    }
    data["paths"] = json::array();
    for (const ViewerPath& path : part.paths)
        data["paths"].push_back(
            {{"label", path.label}, {"color", path.color}, {"points", points_json(path.points)}});
    data["edges"] = json::array();
    for (const auto& [a, b] : part.edges)
        data["edges"].push_back({a.x, a.y, b.x, b.y});
    static constexpr const char* kinds[] = {"start", "goal", "failed", "door", "destination"};
    data["markers"] = json::array();
    for (const ViewerMarker& marker : part.markers)
        data["markers"].push_back({{"kind", kinds[static_cast<int>(marker.kind)]},
                                   {"x", marker.at.x},
                                   {"y", marker.at.y},
                                   {"label", marker.label}});
    data["legend"] = json::array();
    for (const io_detail::LegendEntry& entry : io_detail::legend_of(part))
        data["legend"].push_back({entry.css, entry.meaning});
    data["destinations"] = json::array();
    for (const auto& frame : part.destinations)
        data["destinations"].push_back(points_json(frame));
    data["planned"] = json::array();
    for (const auto& frame : part.planned) {
        json ways = json::array();
        for (const auto& way : frame)
            ways.push_back(points_json(way));
        data["planned"].push_back(std::move(ways));
    }
    data["trail_breaks"] = json::array();
    for (const auto& frame : part.trail_breaks)
        data["trail_breaks"].push_back(frame);
    data["unit_radii"] = part.unit_radii;
    data["velocities"] = json::array();
    for (const auto& frame : part.velocities)
        data["velocities"].push_back(points_json(frame));
    data["frames"] = json::array();
    for (const auto& frame : part.frames)
        data["frames"].push_back(points_json(frame));  // NaN becomes null: not shown
    return data;
}

void replace_all(std::string& text, std::string_view from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

}  // namespace

std::string viewer_html(const std::string& title, const std::vector<ViewerPart>& parts) {
    json data{{"parts", json::array()}};
    for (const ViewerPart& part : parts)
        data["parts"].push_back(part_json(part));
    std::string payload = io_detail::json_text(data);  // invalid UTF-8 in names replaced
    replace_all(payload, "</", "<\\/");                // never close the script element early
    std::string page(io_detail::viewer_page);
    replace_all(page, "{{TITLE}}", io_detail::xml_escaped(title));
    replace_all(page, "{{DATA}}", payload);
    return page;
}

Status write_viewer_html(const std::string& path, const std::string& title,
                         const std::vector<ViewerPart>& parts) {
    return write_file_atomically(path, viewer_html(title, parts));
}

}  // namespace pathkit
