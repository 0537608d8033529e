// Viewer parts as SVG pictures: every layer, the units at one frame with their trails, and the
// legend below the picture.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "picture_style.hpp"
#include "safe_text.hpp"

namespace pathkit {

namespace {

using namespace io_detail;

/// Writes SVG elements for one part, in its units (y flipped for y-up parts).
class SvgWriter {
  public:
    explicit SvgWriter(const ViewerPart& part)
        : part_(part), line_(std::max(part.width, part.height) / 500) {}

    std::ostringstream& out() { return svg_; }
    [[nodiscard]] float line() const { return line_; }
    [[nodiscard]] float y(float value) const { return part_.y_up ? part_.height - value : value; }
    [[nodiscard]] bool shown(Point2 p) const { return !std::isnan(p.x) && !std::isnan(p.y); }

    /// A points attribute; NaN points end one run and begin the next (as separate polylines).
    [[nodiscard]] std::vector<std::string> runs(const std::vector<Point2>& points) const {
        std::vector<std::string> out;
        std::ostringstream text;
        std::size_t count = 0;
        for (const Point2& p : points) {
            if (!shown(p)) {
                if (count > 1) out.push_back(text.str());
                text.str("");
                count = 0;
                continue;
            }
            text << p.x << ',' << y(p.y) << ' ';
            ++count;
        }
        if (count > 1) out.push_back(text.str());
        return out;
    }
    void polyline(const std::vector<Point2>& points, const std::string& color, float width,
                  const char* extra = "") {
        for (const std::string& run : runs(points))
            svg_ << "<polyline points=\"" << run << "\" fill=\"none\" stroke=\"" << color
                 << "\" stroke-width=\"" << width << "\" stroke-linejoin=\"round\"" << extra
                 << "/>\n";
    }
    void polygon(const std::vector<Point2>& points, const char* attributes) {
        svg_ << "<polygon points=\"";
        for (const Point2& p : points)
            svg_ << p.x << ',' << y(p.y) << ' ';
        svg_ << "\" " << attributes << "/>\n";
    }
    void disc(Point2 p, float radius, const std::string& fill, const char* extra = "") {
        svg_ << "<circle cx=\"" << p.x << "\" cy=\"" << y(p.y) << "\" r=\"" << radius
             << "\" fill=\"" << fill << '"' << extra << "/>\n";
    }
    void text(float x, float y_value, float size, const std::string& words) {
        svg_ << "<text x=\"" << x << "\" y=\"" << y_value << "\" font-size=\"" << size
             << "\" font-family=\"sans-serif\" fill=\"#333\">" << xml_escaped(words) << "</text>\n";
    }

  private:
    const ViewerPart& part_;
    float line_;
    std::ostringstream svg_;
};

void draw_tiles(const ViewerPart& part, SvgWriter& svg) {
    // One rectangle per run of equal tiles in a row: no seams, far fewer elements.
    for (std::size_t row = 0; row < part.tiles.size(); ++row) {
        const std::string& tiles = part.tiles[row];
        for (std::size_t x = 0; x < tiles.size();) {
            std::size_t end = x + 1;
            while (end < tiles.size() && tiles[end] == tiles[x])
                ++end;
            if (tiles[x] != ' ') {
                const char* color = tiles[x] == '#'   ? wall.css
                                    : tiles[x] == '~' ? swamp.css
                                    : tiles[x] == '!' ? danger.css
                                                      : floor_tile.css;
                svg.out() << "<rect x=\"" << x << "\" y=\"" << row << "\" width=\"" << end - x
                          << "\" height=\"1\" fill=\"" << color
                          << "\" shape-rendering=\"crispEdges\"/>\n";
            }
            x = end;
        }
    }
}

void draw_units(const ViewerPart& part, std::size_t frame, const PictureOptions& options,
                SvgWriter& svg) {
    if (part.frames.empty()) return;
    const float radius = std::max(part.width, part.height) / 120;
    if (options.trails) {
        const auto trails = trails_until(part, frame);
        for (std::size_t unit = 0; unit < trails.size(); ++unit)
            svg.polyline(trails[unit], unit_color(unit).css, radius / 2,
                         " stroke-opacity=\"0.35\"");
    }
    if (frame < part.planned.size())
        for (std::size_t unit = 0; unit < part.planned[frame].size(); ++unit)
            svg.polyline(part.planned[frame][unit], unit_color(unit).css, radius / 3,
                         " stroke-dasharray=\"1 0.6\"");
    if (frame < part.destinations.size())
        for (std::size_t unit = 0; unit < part.destinations[frame].size(); ++unit)
            if (svg.shown(part.destinations[frame][unit]))
                svg.disc(part.destinations[frame][unit], unit_size(part, unit, radius) * 1.3,
                         "none",
                         (" stroke-width=\"" + std::to_string(radius / 3) + "\" stroke=\"" +
                          unit_color(unit).css + "\"")
                             .c_str());
    const auto& positions = part.frames[frame];
    for (std::size_t unit = 0; unit < positions.size(); ++unit) {
        if (const auto end = velocity_end(part, frame, unit))
            svg.polyline({positions[unit], *end}, unit_color(unit).css, svg.line() * 1.5f);
        if (svg.shown(positions[unit]))
            svg.disc(positions[unit], unit_size(part, unit, radius), unit_color(unit).css,
                     part.unit_radii.empty() ? "" : " fill-opacity=\"0.8\"");
    }
}

void draw_markers(const ViewerPart& part, SvgWriter& svg) {
    const float size = std::max(part.width, part.height) / 90;
    for (const ViewerMarker& marker : part.markers) {
        const Point2 p = marker.at;
        switch (marker.kind) {
            case MarkerKind::Start:
                svg.disc(p, size, start.css, " stroke=\"#fff\" stroke-width=\"0.15\"");
                break;
            case MarkerKind::Goal:
                svg.disc(p, size, goal.css, " stroke=\"#fff\" stroke-width=\"0.15\"");
                break;
            case MarkerKind::Failed: {
                const float cy = svg.y(p.y);
                svg.out() << "<path d=\"M" << p.x - size << ',' << cy - size << 'L' << p.x + size
                          << ',' << cy + size << 'M' << p.x - size << ',' << cy + size << 'L'
                          << p.x + size << ',' << cy - size << "\" stroke=\"" << failed.css
                          << "\" stroke-width=\"" << size / 2 << "\"/>\n";
                svg.text(p.x + size * 1.5f, cy, size * 1.6f, marker.label);
                break;
            }
            case MarkerKind::Door:
                svg.out() << "<rect x=\"" << p.x - size / 2 << "\" y=\"" << svg.y(p.y) - size / 2
                          << "\" width=\"" << size << "\" height=\"" << size << "\" fill=\""
                          << door.css << "\"/>\n";
                break;
            case MarkerKind::Destination:
                svg.disc(p, size, "none",
                         (" stroke=\"" + std::string(goal.css) + "\" stroke-width=\"" +
                          std::to_string(size / 3) + "\"")
                             .c_str());
                break;
        }
    }
}

}  // namespace

std::string part_svg(const ViewerPart& part, const PictureOptions& options) {
    SvgWriter svg(part);
    const float line = svg.line();
    const std::vector<LegendEntry> legend = legend_of(part);
    const float row = std::max(part.width, part.height) / 28;
    const float legend_height = row * (static_cast<float>(legend.size()) + 1);
    const float total = part.height + legend_height;
    auto& out = svg.out();
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << part.width << ' ' << total
        << "\" width=\"800\" height=\"" << io_detail::picture_height(800, part.width, total)
        << "\">\n<title>" << xml_escaped(part.name) << "</title>\n<rect width=\"" << part.width
        << "\" height=\"" << part.height << "\" fill=\"" << background.css << "\"/>\n";
    out << "<svg width=\"" << part.width << "\" height=\"" << part.height
        << "\" overflow=\"hidden\">\n";  // the picture stays inside its own area
    draw_tiles(part, svg);
    if (const auto blocks = heat_blocks(part.heat); !blocks.empty()) {
        const float width = part.width / static_cast<float>(part.heat.columns);
        const float height = part.height / static_cast<float>(part.heat.rows);
        out << "<g fill-opacity=\"0.7\">\n";
        for (const HeatBlock& block : blocks) {
            const float top = static_cast<float>(block.row + (part.y_up ? 1 : 0)) * height;
            char color[8];
            std::snprintf(color, sizeof color, "#%02x%02x%02x", block.color.r, block.color.g,
                          block.color.b);
            out << "<rect x=\"" << static_cast<float>(block.column) * width << "\" y=\""
                << svg.y(top) << "\" width=\"" << width << "\" height=\"" << height << "\" fill=\""
                << color << "\"/>\n";
        }
        out << "</g>\n";
    }
    for (const Point2& p : part.explored)
        out << "<rect x=\"" << p.x - 0.45f << "\" y=\"" << svg.y(p.y) - 0.45f
            << "\" width=\"0.9\" height=\"0.9\" fill=\"#5096e6\" fill-opacity=\"0.28\"/>\n";
    for (const ViewerArea& area : part.areas)
        if (area.type != 0)
            svg.polygon(area.outline,
                        ("fill=\"" + std::string(area_color(area.type).css) + "\"").c_str());
    for (const auto& t : part.triangles)
        svg.polygon({t[0], t[1], t[2]}, ("fill=\"none\" stroke=\"" + std::string(triangle.css) +
                                         "\" stroke-width=\"" + std::to_string(line / 2) + "\"")
                                            .c_str());
    const ObstaclesShown shown = obstacles_at(part, frame_shown(part, options));
    if (!shown.buffers->empty()) {
        out << "<path fill=\"" << buffer.css << "\" fill-rule=\"evenodd\" d=\"";
        for (const auto& ring : *shown.buffers) {
            for (std::size_t index = 0; index < ring.size(); ++index)
                out << (index == 0 ? 'M' : 'L') << ring[index].x << ',' << svg.y(ring[index].y)
                    << ' ';
            out << "Z ";
        }
        out << "\"/>\n";
    }
    for (const auto& shape : *shown.obstacles)
        svg.polygon(shape, ("fill=\"" + std::string(obstacle.css) + "\"").c_str());
    for (const auto& edge : part.edges)
        svg.polyline({edge[0], edge[1]}, graph_edge.css, line / 2);
    for (const ViewerLink& link : part.links) {
        const LinkShape shape = link_shape(link, line * 5);
        svg.polyline(shape.arc, link_color.css, line * 2);
        if (!shape.arrow.empty()) svg.polyline(shape.arrow, link_color.css, line * 2);
        svg.disc(link.from, line * 3, link_color.css);
        svg.disc(link.to, line * 3, link_color.css);
    }
    for (const ViewerPanel& panel : part.panels) {
        out << "<rect x=\"" << panel.x << "\" y=\"" << panel.y << "\" width=\"" << panel.width
            << "\" height=\"" << panel.height << "\" fill=\"none\" stroke=\""
            << io_detail::panel.css << "\" stroke-width=\"" << line * 1.5f << "\"/>\n";
        svg.text(panel.x, panel.y - line * 3, line * 9, panel.label);
    }
    for (const ViewerPath& path : part.paths)
        svg.polyline(path.points, xml_escaped(path.color), line * 2.5f);
    draw_units(part, frame_shown(part, options), options, svg);
    draw_markers(part, svg);
    out << "</svg>\n";
    // The legend, below the picture.
    float at = part.height + row;
    if (!part.frames.empty() && !part.frame_labels.empty())
        svg.text(row * 0.2f, at - row * 0.25f, row * 0.7f,
                 "shown: " + part.frame_labels[frame_shown(part, options)]);
    for (const LegendEntry& entry : legend) {
        out << "<rect x=\"" << row * 0.2f << "\" y=\"" << at << "\" width=\"" << row * 0.7f
            << "\" height=\"" << row * 0.7f << "\" fill=\"" << xml_escaped(entry.css)
            << "\" stroke=\"#999\" stroke-width=\"" << row / 40 << "\"/>\n";
        svg.text(row * 1.2f, at + row * 0.6f, row * 0.7f, entry.meaning);
        at += row;
    }
    out << "</svg>\n";
    return out.str();
}

}  // namespace pathkit
