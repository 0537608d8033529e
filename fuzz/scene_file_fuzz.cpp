// Fuzz target: scene JSON; small scenes are built both ways, queried, and drawn (SVG, PNG).
#include <cstdint>
#include <string_view>

#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/viewer.hpp"
#include "pathkit/io/viewer_parts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    const auto scene =
        parse_scene(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (!scene || scene.value().obstacles.size() > 24 || scene.value().queries.size() > 8) return 0;
    SceneDrawing drawing;
    if (auto mesh = build_nav_mesh(scene.value())) {
        for (const SceneQuery& query : scene.value().queries)
            drawing.paths.push_back(mesh.value().find_path(query.from, query.to).path);
        drawing.triangles = mesh.value().triangles();
        drawing.buffer_outlines = mesh.value().outlines();
    }
    if (auto graph = build_obstacle_graph(scene.value())) {
        for (const SceneQuery& query : scene.value().queries)
            (void)graph.value().find_path(query.from, query.to);
        drawing.graph_edges = graph_edges(graph.value());
    }
    const ViewerPart part = scene_part("fuzz", "fuzz", scene.value(), drawing);
    (void)part_svg(part);
    if (part.width * part.height <= 256.0 * 256.0) (void)part_png(part, 1);
    return 0;
}
