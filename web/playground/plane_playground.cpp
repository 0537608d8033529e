// The playground's polygon tab, compiled to WebAssembly: shortest paths around the polygons the
// page drew, by the visibility graph or the navigation mesh, kept for the page to read.
#include <emscripten/emscripten.h>

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace {

using namespace pathkit;

/// The last answer of the polygon tab.
struct PlaneAnswer {
    std::string status;
    std::string message;
    double cost = 0;
    double milliseconds = 0;
    std::uint64_t expanded = 0;
    std::vector<float> path;        // x, y pairs
    std::vector<float> expansions;  // x, y of each expanded node, in order (graph searches)
    std::vector<float> lines;       // x1, y1, x2, y2: the graph's connections or mesh edges
};

PlaneAnswer plane;

void add_line(Point2 from, Point2 to) {
    plane.lines.insert(plane.lines.end(), {from.x, from.y, to.x, to.y});
}

/// Times one query, then runs it again recording its expansions as node positions.
template <class Search, class Position>
void answer_query(Search&& search, std::size_t state_count, Point2 start, Position&& position) {
    PlaneQueryContext context;
    const auto begin = std::chrono::steady_clock::now();
    const PlanePath path = search(context);
    const auto end = std::chrono::steady_clock::now();
    std::vector<StateId> log;
    context.search_context().record_expansions(&log);
    (void)search(context);
    plane.status = std::string(to_string(path.status));
    plane.message = path.message;
    plane.cost = path.cost;
    plane.expanded = path.stats.expanded;
    plane.milliseconds = std::chrono::duration<double, std::milli>(end - begin).count();
    for (const Point2 corner : path.path)
        plane.path.insert(plane.path.end(), {corner.x, corner.y});
    for (const StateId state : log) {
        // States past the graph's nodes are the query's own start (and goal) nodes.
        const Point2 at = state.index() < state_count ? position(state) : start;
        plane.expansions.insert(plane.expansions.end(), {at.x, at.y});
    }
}

/// The polygons: `counts[i]` corners each, as x, y pairs one polygon after another.
std::vector<Obstacle> read_polygons(const float* points, const std::int32_t* counts, int polygons) {
    std::vector<Obstacle> obstacles;
    std::size_t next = 0;
    for (int polygon = 0; polygon < polygons; ++polygon) {
        std::vector<Point2> corners;
        for (int corner = 0; corner < counts[polygon]; ++corner, ++next)
            corners.push_back({points[2 * next], points[2 * next + 1]});
        obstacles.push_back(Obstacle::polygon(std::move(corners)));
    }
    return obstacles;
}

int refuse(const std::string& why) {
    plane.status = "invalid";
    plane.message = why;
    return 0;
}

}  // namespace

extern "C" {

/// Finds a path from (start_x, start_y) to (goal_x, goal_y) inside the rectangle (min_x,
/// min_y)..(max_x, max_y) around `polygon_count` polygons grown by `radius`, by `mode`: 0 the
/// visibility graph, 1 the navigation mesh's exact query (Polyanya), 2 the mesh's funnel.
/// Returns 1 when a path was found.
EMSCRIPTEN_KEEPALIVE int playground_plane_solve(float min_x, float min_y, float max_x, float max_y,
                                                float radius, const float* points,
                                                const std::int32_t* counts, int polygon_count,
                                                float start_x, float start_y, float goal_x,
                                                float goal_y, int mode) {
    plane = {};
    if (mode < 0 || mode > 2) return refuse("unknown mode");
    const auto obstacles = read_polygons(points, counts, polygon_count);
    const Point2 start{start_x, start_y}, goal{goal_x, goal_y};
    if (mode == 0) {
        auto made = ObstacleGraph::create({.buffer_radius = radius});
        if (!made) return refuse(made.error().message());
        ObstacleGraph graph = std::move(made).value();
        if (auto added = graph.add_obstacles(obstacles); !added)
            return refuse(added.error().message());
        for (const NodeId node : graph.nodes())
            for (const PlaneConnection& link : graph.connections(node))
                if (link.to.value > node.value)
                    add_line(graph.position(node), graph.position(link.to));
        answer_query(
            [&](PlaneQueryContext& context) { return graph.find_path(start, goal, context); },
            graph.state_count(), start,
            [&](StateId state) { return graph.position(NodeId(state.value)); });
    } else {
        auto made = NavMesh::create({min_x, min_y}, {max_x, max_y}, {.buffer_radius = radius});
        if (!made) return refuse(made.error().message());
        NavMesh mesh = std::move(made).value();
        if (auto added = mesh.add_obstacles(obstacles); !added)
            return refuse(added.error().message());
        mesh.triangulate();
        for (const MeshTriangle& triangle : mesh.triangles())
            for (int corner = 0; corner < 3; ++corner)
                add_line(triangle[corner], triangle[(corner + 1) % 3]);
        const NavMeshQuery query = mode == 1 ? NavMeshQuery::Optimal : NavMeshQuery::Funnel;
        answer_query(
            [&](PlaneQueryContext& context) {
                return mesh.find_path(start, goal, context, {}, query);
            },
            mesh.node_count(), start,
            [&](StateId state) { return mesh.node_position(NodeId(state.value)); });
    }
    return plane.status == "found" ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* playground_plane_status() {
    return plane.status.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* playground_plane_message() {
    return plane.message.c_str();
}
EMSCRIPTEN_KEEPALIVE double playground_plane_cost() {
    return plane.cost;
}
EMSCRIPTEN_KEEPALIVE double playground_plane_milliseconds() {
    return plane.milliseconds;
}
/// States the search expanded (Polyanya's search nodes for the exact mesh query).
EMSCRIPTEN_KEEPALIVE double playground_plane_expanded() {
    return static_cast<double>(plane.expanded);
}
EMSCRIPTEN_KEEPALIVE int playground_plane_path_length() {
    return static_cast<int>(plane.path.size() / 2);
}
EMSCRIPTEN_KEEPALIVE const float* playground_plane_path() {
    return plane.path.data();
}
/// Expanded graph nodes recorded in order (none for Polyanya, which is not a graph search).
EMSCRIPTEN_KEEPALIVE int playground_plane_expansion_count() {
    return static_cast<int>(plane.expansions.size() / 2);
}
EMSCRIPTEN_KEEPALIVE const float* playground_plane_expansions() {
    return plane.expansions.data();
}
EMSCRIPTEN_KEEPALIVE int playground_plane_line_count() {
    return static_cast<int>(plane.lines.size() / 4);
}
EMSCRIPTEN_KEEPALIVE const float* playground_plane_lines() {
    return plane.lines.data();
}

}  // extern "C"
