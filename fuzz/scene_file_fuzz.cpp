// Fuzz target: scene JSON; small scenes are built both ways, queried, and drawn (SVG, PNG);
// the navmesh's exact paths (Polyanya) are never longer than its funnel paths, nor shorter than
// the obstacle graph's (which may also squeeze through points where two obstacles touch); all
// three cross the scene's links; filtered queries (areas) never cost less than unfiltered
// ones; each query is answered on the radius class its radius asks for, and the graph is grown
// by that class's radius.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/viewer.hpp"
#include "pathkit/io/viewer_parts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    const auto scene =
        parse_scene(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (!scene || scene.value().obstacles.size() > 24 || scene.value().queries.size() > 8 ||
        scene.value().areas.size() > 16)
        return 0;
    SceneDrawing drawing;
    std::vector<PlanePath> exact;
    if (auto mesh =
            build_nav_mesh(scene.value(), MeshNodes::EdgeMidpoints, scene.value().radius_classes)) {
        const auto query_mesh = [&](const SceneQuery& query, NavMeshQuery kind) {
            return mesh.value().find_path(query.from, query.to, thread_plane_query_context(), {},
                                          kind, query.radius.value_or(scene.value().buffer_radius));
        };
        for (const SceneQuery& query : scene.value().queries) {
            exact.push_back(query_mesh(query, NavMeshQuery::Optimal));
            drawing.paths.push_back(exact.back().path);
            const PlanePath funnel = query_mesh(query, NavMeshQuery::Funnel);
            // Both cross links: they find the same, the funnel no shorter.
            if (funnel.found() != exact.back().found()) std::abort();
            if (funnel.found() && exact.back().cost > funnel.cost * (1 + 1e-5) + 1e-3) std::abort();
            // Every segment a link crosses joins the ends of a link of the scene.
            const PlanePath* const answers[] = {&exact.back(), &funnel};
            for (const PlanePath* path : answers)
                for (const PlaneLinkStep& step : path->links)
                    if (step.link.index() >= scene.value().links.size() ||
                        step.segment + 1 >= path->path.size())
                        std::abort();
            // A filter only takes ground away or makes it dearer: never cheaper than walking
            // without one (links aside, which filtered queries do not cross).
            if (query.filter != SceneQuery::no_filter && scene.value().links.empty()) {
                const PlanePath filtered =
                    mesh.value().find_path(query.from, query.to, thread_plane_query_context(),
                                           scene.value().filters[query.filter]);
                if (filtered.found() && !exact.back().found()) std::abort();
                if (filtered.found() && filtered.cost < exact.back().cost * (1 - 1e-5) - 1e-3)
                    std::abort();
            }
        }
        drawing.triangles = mesh.value().triangles();
        drawing.buffer_outlines = mesh.value().outlines();
    }
    if (auto graph = build_obstacle_graph(scene.value())) {
        for (std::size_t index = 0; index < scene.value().queries.size(); ++index) {
            const SceneQuery& query = scene.value().queries[index];
            // The graph for the radius the query is answered with: the scene's own, or one
            // grown by its class's radius (refused as the class's mesh is, when too wide).
            const float radius = answering_radius(scene.value(), query);
            std::optional<ObstacleGraph> sized;
            if (radius != scene.value().buffer_radius) {
                auto built = build_obstacle_graph(scene.value(), radius);
                if (!built) continue;
                sized = std::move(built).value();
            }
            const PlanePath shortest =
                (sized ? *sized : graph.value()).find_path(query.from, query.to);
            if (index >= exact.size() || !shortest.found() || !exact[index].found()) continue;
            // Both ends may be a grid step (1/1024) apart from where either structure sees them.
            const double tolerance = 1e-4 * (1 + shortest.cost) + 4.0 / 1024;
            if (exact[index].cost >= shortest.cost - tolerance) continue;
            std::fprintf(stderr, "query %zu: navmesh %.6f, obstacle graph %.6f\n", index,
                         static_cast<double>(exact[index].cost),
                         static_cast<double>(shortest.cost));
            std::abort();
        }
        drawing.graph_edges = graph_edges(graph.value());
    }
    const ViewerPart part = scene_part("fuzz", "fuzz", scene.value(), drawing);
    (void)part_svg(part);
    if (part.width * part.height <= 256.0 * 256.0) (void)part_png(part, 1);
    return 0;
}
