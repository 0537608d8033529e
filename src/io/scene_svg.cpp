// Pictures of open-world scenes as SVG (see pathkit/io/scene_svg.hpp).
#include "pathkit/io/scene_svg.hpp"

#include <algorithm>
#include <sstream>

#include "pathkit/io/output_files.hpp"
#include "safe_text.hpp"

namespace pathkit {

namespace {

// A polygon's or polyline's points attribute.
std::string points_of(const std::vector<Point2>& points) {
    std::ostringstream text;
    for (const Point2& point : points)
        text << point.x << ',' << point.y << ' ';
    return text.str();
}

}  // namespace

std::string scene_svg(const Scene& scene, const SceneDrawing& drawing) {
    const float width = scene.max.x - scene.min.x, height = scene.max.y - scene.min.y;
    const float line = std::max(width, height) / 600;
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << scene.min.x << ' '
        << -scene.max.y << ' ' << width << ' ' << height << "\" width=\"800\" height=\""
        << io_detail::picture_height(800, width, height) << "\">\n"
        << "<g transform=\"scale(1,-1)\">\n"  // world y points up
        << "<rect x=\"" << scene.min.x << "\" y=\"" << scene.min.y << "\" width=\"" << width
        << "\" height=\"" << height << "\" fill=\"#fbfaf5\" stroke=\"#333\" stroke-width=\"" << line
        << "\"/>\n";
    svg << "<g fill=\"none\" stroke=\"#9ab\" stroke-width=\"" << line / 3 << "\">\n";
    for (const MeshTriangle& triangle : drawing.triangles)
        svg << "<polygon points=\"" << points_of({triangle[0], triangle[1], triangle[2]})
            << "\"/>\n";
    svg << "</g>\n<g fill=\"#f2c4b8\" fill-rule=\"evenodd\" stroke=\"#d98c7a\" stroke-width=\""
        << line / 2 << "\">\n";
    if (!drawing.buffer_outlines.empty()) {
        svg << "<path d=\"";
        for (const auto& ring : drawing.buffer_outlines) {
            for (std::size_t index = 0; index < ring.size(); ++index)
                svg << (index == 0 ? 'M' : 'L') << ring[index].x << ',' << ring[index].y << ' ';
            svg << "Z ";
        }
        svg << "\"/>\n";
    }
    svg << "</g>\n<g fill=\"#5a5148\">\n";
    for (const Obstacle& obstacle : scene.obstacles) {
        if (obstacle.is_circle())
            svg << "<circle cx=\"" << obstacle.center().x << "\" cy=\"" << obstacle.center().y
                << "\" r=\"" << obstacle.radius() << "\"/>\n";
        else
            svg << "<polygon points=\"" << points_of(obstacle.points()) << "\"/>\n";
    }
    svg << "</g>\n<g fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"" << line * 2
        << "\" stroke-linejoin=\"round\">\n";
    for (const auto& path : drawing.paths)
        if (path.size() > 1) svg << "<polyline points=\"" << points_of(path) << "\"/>\n";
    svg << "</g>\n";
    for (std::size_t index = 0; index < scene.queries.size(); ++index) {
        const SceneQuery& query = scene.queries[index];
        svg << "<circle cx=\"" << query.from.x << "\" cy=\"" << query.from.y << "\" r=\""
            << line * 4 << "\" fill=\"#2a9d4b\"/>\n<circle cx=\"" << query.to.x << "\" cy=\""
            << query.to.y << "\" r=\"" << line * 4 << "\" fill=\"#c8372d\"/>\n";
    }
    svg << "</g>\n</svg>\n";
    return svg.str();
}

Status write_scene_svg(const std::string& path, const Scene& scene, const SceneDrawing& drawing) {
    return write_file_atomically(path, scene_svg(scene, drawing));
}

}  // namespace pathkit
