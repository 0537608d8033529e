// The C API over graphs and open worlds: GameplayKit-style graphs, visibility graphs around
// polygon obstacles, and navigation meshes.
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "c_api_support.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/graph/graph.hpp"
#include "pathkit/io/limits.hpp"

struct pk_graph {
    pathkit::Graph graph;
};
struct pk_obstacle_graph {
    pathkit::ObstacleGraph graph;
};
struct pk_nav_mesh {
    pathkit::NavMesh mesh;
};

namespace {

using namespace pathkit;
using c_api::fail;
using c_api::guarded;
using c_api::missing;

/// A polygon from `count` x, y pairs, or a refusal.
pk_status read_polygon(const float* points, size_t count, Obstacle& out) {
    if (points == nullptr) return fail(PK_INVALID_ARGUMENT, "points is NULL");
    if (count < 3 || count > limits::max_obstacle_points)
        return fail(PK_INVALID_ARGUMENT, "a polygon has 3 to " +
                                             std::to_string(limits::max_obstacle_points) +
                                             " corners, not " + std::to_string(count));
    std::vector<Point2> corners(count);
    for (std::size_t index = 0; index < count; ++index)
        corners[index] = {points[2 * index], points[2 * index + 1]};
    out = Obstacle::polygon(std::move(corners));
    return PK_OK;
}

/// Adds one obstacle to a graph or mesh and hands out its id.
template <class Space>
pk_status add_one(Space& space, const Obstacle& obstacle, uint32_t* id) {
    if (id == nullptr) return fail(PK_INVALID_ARGUMENT, "obstacle is NULL");
    auto added = space.add_obstacles(std::span<const Obstacle>(&obstacle, 1));
    if (!added) return c_api::refused(added.error());
    *id = added.value().front().value;
    return PK_OK;
}

/// Writes a found plane path, or says why there is none.
pk_status write_plane_path(const PlanePath& path, float* points, size_t capacity, size_t* length,
                           float* cost) {
    if (!path.found()) return c_api::search_failure(path.status, path.message);
    if (cost != nullptr) *cost = path.cost;
    return c_api::write_items(path.path.size(), points, capacity, length,
                              [&](std::size_t index, float* out) {
                                  out[2 * index] = path.path[index].x;
                                  out[2 * index + 1] = path.path[index].y;
                              });
}

/// The calls an obstacle graph and a navigation mesh share, on either.
template <class Space>
pk_status add_polygon_to(Space* space, const float* points, size_t count, uint32_t* obstacle) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "handle", status)) return status;
        Obstacle polygon = Obstacle::circle({0, 0}, 1);
        if ((status = read_polygon(points, count, polygon)) != PK_OK) return status;
        return add_one(*space, polygon, obstacle);
    });
}

template <class Space>
pk_status add_circle_to(Space* space, float x, float y, float radius, uint32_t* obstacle) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "handle", status)) return status;
        return add_one(*space, Obstacle::circle({x, y}, radius), obstacle);
    });
}

template <class Space>
pk_status remove_from(Space* space, uint32_t obstacle) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "handle", status)) return status;
        const ObstacleId id(obstacle);
        const Status removed = space->remove_obstacles(std::span<const ObstacleId>(&id, 1));
        return removed ? PK_OK : c_api::refused(removed);
    });
}

template <class Space>
pk_status find_plane_path(const Space* space, Point2 from, Point2 to, float* points,
                          size_t capacity, size_t* length, float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(space, "handle", status)) return status;
        return write_plane_path(space->find_path(from, to), points, capacity, length, cost);
    });
}

/// Adds a link to a mesh or a graph (NaN cost: the straight distance).
template <class Space>
pk_status add_plane_link(Space* space, Point2 from, Point2 to, float cost, int bidirectional,
                         uint32_t* link) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "handle", status) || missing(link, "link", status)) return status;
        const auto added =
            space->add_link(from, to, {.cost = cost, .bidirectional = bidirectional != 0});
        if (!added) return c_api::refused(added.error());
        *link = added.value().value;
        return PK_OK;
    });
}

template <class Space>
pk_status remove_plane_link(Space* space, uint32_t link) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(space, "handle", status)) return status;
        const Status removed = space->remove_link(LinkId(link));
        return removed ? PK_OK : c_api::refused(removed);
    });
}

/// Writes a found plane path and, when `links` is not NULL, per point the link crossed from it
/// to the next (PK_NO_LINK where the path walks), or says why there is none.
pk_status write_plane_path_ex(const PlanePath& path, float* points, uint32_t* links,
                              size_t capacity, size_t* length, float* cost) {
    const pk_status status = write_plane_path(path, points, capacity, length, cost);
    if (status != PK_OK || links == nullptr) return status;
    for (std::size_t point = 0; point < path.path.size(); ++point)
        links[point] = PK_NO_LINK;
    for (const PlaneLinkStep& step : path.links)
        links[step.segment] = step.link.value;
    return PK_OK;
}

/// A path of a mesh or a graph, with the link crossed per segment (PK_NO_LINK where it walks).
template <class Space>
pk_status find_plane_path_ex(const Space* space, Point2 from, Point2 to, float* points,
                             uint32_t* links, size_t capacity, size_t* length, float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(space, "handle", status)) return status;
        return write_plane_path_ex(space->find_path(from, to), points, links, capacity, length,
                                   cost);
    });
}

}  // namespace

extern "C" {

pk_status pk_graph_create(pk_graph** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status)) return status;
        *out = new pk_graph{};
        return PK_OK;
    });
}

void pk_graph_destroy(pk_graph* graph) {
    delete graph;
}

pk_status pk_graph_add_node(pk_graph* graph, float x, float y, uint32_t* node) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(graph, "graph", status) || missing(node, "node", status)) return status;
        if (!std::isfinite(x) || !std::isfinite(y))
            return fail(PK_INVALID_ARGUMENT, "a node's position must be finite");
        *node = graph->graph.add_node(Point2{x, y}).value;
        return PK_OK;
    });
}

pk_status pk_graph_connect(pk_graph* graph, uint32_t from, uint32_t to, float cost,
                           int bidirectional) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(graph, "graph", status)) return status;
        const NodeId target(to);
        const std::optional<Cost> given = cost < 0 ? std::nullopt : std::optional<Cost>(cost);
        const Status connected = graph->graph.add_connections(
            NodeId(from), std::span<const NodeId>(&target, 1), bidirectional != 0, given);
        return connected ? PK_OK : c_api::refused(connected);
    });
}

pk_status pk_graph_find_path(const pk_graph* graph, uint32_t from, uint32_t to, uint32_t* nodes,
                             size_t capacity, size_t* length, float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(graph, "graph", status)) return status;
        const GraphPath path = graph->graph.find_path(NodeId(from), NodeId(to));
        if (!path.found()) return c_api::search_failure(path.status, path.message);
        if (cost != nullptr) *cost = path.cost;
        return c_api::write_items(
            path.path.size(), nodes, capacity, length,
            [&](std::size_t index, uint32_t* out) { out[index] = path.path[index].value; });
    });
}

pk_status pk_obstacle_graph_create(float buffer_radius, pk_obstacle_graph** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status)) return status;
        *out = nullptr;
        return c_api::hand_out(ObstacleGraph::create({.buffer_radius = buffer_radius}), out);
    });
}

void pk_obstacle_graph_destroy(pk_obstacle_graph* graph) {
    delete graph;
}

pk_status pk_obstacle_graph_add_polygon(pk_obstacle_graph* graph, const float* points, size_t count,
                                        uint32_t* obstacle) {
    return add_polygon_to(graph ? &graph->graph : nullptr, points, count, obstacle);
}

pk_status pk_obstacle_graph_add_circle(pk_obstacle_graph* graph, float x, float y, float radius,
                                       uint32_t* obstacle) {
    return add_circle_to(graph ? &graph->graph : nullptr, x, y, radius, obstacle);
}

pk_status pk_obstacle_graph_remove(pk_obstacle_graph* graph, uint32_t obstacle) {
    return remove_from(graph ? &graph->graph : nullptr, obstacle);
}

pk_status pk_obstacle_graph_find_path(const pk_obstacle_graph* graph, float from_x, float from_y,
                                      float to_x, float to_y, float* points, size_t capacity,
                                      size_t* length, float* cost) {
    return find_plane_path(graph ? &graph->graph : nullptr, {from_x, from_y}, {to_x, to_y}, points,
                           capacity, length, cost);
}

pk_status pk_nav_mesh_create(float min_x, float min_y, float max_x, float max_y,
                             float buffer_radius, pk_nav_mesh** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status)) return status;
        *out = nullptr;
        return c_api::hand_out(
            NavMesh::create({min_x, min_y}, {max_x, max_y}, {.buffer_radius = buffer_radius}), out);
    });
}

void pk_nav_mesh_destroy(pk_nav_mesh* mesh) {
    delete mesh;
}

pk_status pk_nav_mesh_add_polygon(pk_nav_mesh* mesh, const float* points, size_t count,
                                  uint32_t* obstacle) {
    return add_polygon_to(mesh ? &mesh->mesh : nullptr, points, count, obstacle);
}

pk_status pk_nav_mesh_add_circle(pk_nav_mesh* mesh, float x, float y, float radius,
                                 uint32_t* obstacle) {
    return add_circle_to(mesh ? &mesh->mesh : nullptr, x, y, radius, obstacle);
}

pk_status pk_nav_mesh_remove(pk_nav_mesh* mesh, uint32_t obstacle) {
    return remove_from(mesh ? &mesh->mesh : nullptr, obstacle);
}

namespace {

// Makes the mesh current by `remake` (a rebuild or a repair) and gives its triangle count.
pk_status make_current(pk_nav_mesh* mesh, size_t* triangles, void (NavMesh::*remake)()) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(mesh, "mesh", status)) return status;
        (mesh->mesh.*remake)();
        if (triangles != nullptr) *triangles = mesh->mesh.triangle_count();
        return PK_OK;
    });
}

}  // namespace

pk_status pk_nav_mesh_triangulate(pk_nav_mesh* mesh, size_t* triangles) {
    return make_current(mesh, triangles, &NavMesh::triangulate);
}

pk_status pk_nav_mesh_update(pk_nav_mesh* mesh, size_t* triangles) {
    return make_current(mesh, triangles, &NavMesh::update);
}

pk_status pk_nav_mesh_move_obstacle(pk_nav_mesh* mesh, uint32_t obstacle, float dx, float dy) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(mesh, "mesh", status)) return status;
        const Status moved = mesh->mesh.move_obstacle(ObstacleId(obstacle), {dx, dy});
        return moved ? PK_OK : c_api::refused(moved);
    });
}

pk_status pk_nav_mesh_last_change(const pk_nav_mesh* mesh, float* min_x, float* min_y, float* max_x,
                                  float* max_y, int* everywhere) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(mesh, "mesh", status)) return status;
        const MeshChange& change = mesh->mesh.last_change();
        for (const auto& [out, value] :
             {std::pair{min_x, change.min.x}, std::pair{min_y, change.min.y},
              std::pair{max_x, change.max.x}, std::pair{max_y, change.max.y}})
            if (out != nullptr) *out = value;
        if (everywhere != nullptr) *everywhere = change.everywhere ? 1 : 0;
        return PK_OK;
    });
}

pk_status pk_nav_mesh_find_path(const pk_nav_mesh* mesh, float from_x, float from_y, float to_x,
                                float to_y, float* points, size_t capacity, size_t* length,
                                float* cost) {
    return find_plane_path(mesh ? &mesh->mesh : nullptr, {from_x, from_y}, {to_x, to_y}, points,
                           capacity, length, cost);
}

pk_status pk_nav_mesh_add_link(pk_nav_mesh* mesh, float from_x, float from_y, float to_x,
                               float to_y, float cost, int bidirectional, uint32_t* link) {
    return add_plane_link(mesh ? &mesh->mesh : nullptr, {from_x, from_y}, {to_x, to_y}, cost,
                          bidirectional, link);
}

pk_status pk_nav_mesh_remove_link(pk_nav_mesh* mesh, uint32_t link) {
    return remove_plane_link(mesh ? &mesh->mesh : nullptr, link);
}

pk_status pk_nav_mesh_find_path_ex(const pk_nav_mesh* mesh, float from_x, float from_y, float to_x,
                                   float to_y, float* points, uint32_t* links, size_t capacity,
                                   size_t* length, float* cost) {
    return find_plane_path_ex(mesh ? &mesh->mesh : nullptr, {from_x, from_y}, {to_x, to_y}, points,
                              links, capacity, length, cost);
}

pk_status pk_obstacle_graph_add_link(pk_obstacle_graph* graph, float from_x, float from_y,
                                     float to_x, float to_y, float cost, int bidirectional,
                                     uint32_t* link) {
    return add_plane_link(graph ? &graph->graph : nullptr, {from_x, from_y}, {to_x, to_y}, cost,
                          bidirectional, link);
}

pk_status pk_obstacle_graph_remove_link(pk_obstacle_graph* graph, uint32_t link) {
    return remove_plane_link(graph ? &graph->graph : nullptr, link);
}

pk_status pk_obstacle_graph_find_path_ex(const pk_obstacle_graph* graph, float from_x, float from_y,
                                         float to_x, float to_y, float* points, uint32_t* links,
                                         size_t capacity, size_t* length, float* cost) {
    return find_plane_path_ex(graph ? &graph->graph : nullptr, {from_x, from_y}, {to_x, to_y},
                              points, links, capacity, length, cost);
}

pk_status pk_nav_mesh_add_area(pk_nav_mesh* mesh, const float* points, size_t count, uint32_t type,
                               uint32_t* area) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(mesh, "mesh", status) || missing(points, "points", status) ||
            missing(area, "area", status))
            return status;
        if (type > max_area_type)
            return fail(PK_INVALID_ARGUMENT, "area type " + std::to_string(type) + " is above 63");
        std::vector<Point2> outline(count);
        for (std::size_t index = 0; index < count; ++index)
            outline[index] = {points[2 * index], points[2 * index + 1]};
        const auto added = mesh->mesh.add_area(outline, static_cast<AreaType>(type));
        if (!added) return c_api::refused(added.error());
        *area = added.value().value;
        return PK_OK;
    });
}

pk_status pk_nav_mesh_remove_area(pk_nav_mesh* mesh, uint32_t area) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(mesh, "mesh", status)) return status;
        const Status removed = mesh->mesh.remove_area(AreaId(area));
        return removed ? PK_OK : c_api::refused(removed);
    });
}

pk_status pk_nav_mesh_find_path_filtered(const pk_nav_mesh* mesh, float from_x, float from_y,
                                         float to_x, float to_y, uint64_t excluded,
                                         const float* costs, uint32_t points_per_edge,
                                         float* points, size_t capacity, size_t* length,
                                         float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(mesh, "mesh", status)) return status;
        AreaFilter filter;
        filter.excluded = excluded;
        filter.points_per_edge = points_per_edge;
        if (costs != nullptr) std::copy(costs, costs + filter.costs.size(), filter.costs.begin());
        return write_plane_path(mesh->mesh.find_path({from_x, from_y}, {to_x, to_y},
                                                     thread_plane_query_context(), filter),
                                points, capacity, length, cost);
    });
}

pk_status pk_nav_mesh_create_with_classes(float min_x, float min_y, float max_x, float max_y,
                                          float buffer_radius, const float* radius_classes,
                                          size_t class_count, pk_nav_mesh** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status)) return status;
        *out = nullptr;
        if (class_count > 0 && radius_classes == nullptr)
            return fail(PK_INVALID_ARGUMENT, "radius_classes is NULL");
        // More than the mesh takes is refused by it; no need to copy them all first.
        const std::size_t copied = std::min<std::size_t>(class_count, 17);
        NavMeshOptions options{.buffer_radius = buffer_radius};
        options.radius_classes.assign(radius_classes, radius_classes + copied);
        if (class_count > copied)
            return fail(PK_INVALID_ARGUMENT,
                        std::to_string(class_count) + " radius classes is over the limit of 16");
        return c_api::hand_out(NavMesh::create({min_x, min_y}, {max_x, max_y}, options), out);
    });
}

pk_status pk_nav_mesh_find_path_for_radius(const pk_nav_mesh* mesh, float from_x, float from_y,
                                           float to_x, float to_y, float radius, float* points,
                                           uint32_t* links, size_t capacity, size_t* length,
                                           float* cost) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (length != nullptr) *length = 0;
        if (missing(mesh, "mesh", status)) return status;
        return write_plane_path_ex(
            mesh->mesh.find_path({from_x, from_y}, {to_x, to_y}, thread_plane_query_context(), {},
                                 NavMeshQuery::Optimal, radius),
            points, links, capacity, length, cost);
    });
}

pk_status pk_nav_mesh_radius_class_stats(const pk_nav_mesh* mesh, pk_radius_class* classes,
                                         size_t capacity, size_t* count) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (count != nullptr) *count = 0;
        if (missing(mesh, "mesh", status)) return status;
        const std::vector<RadiusClassStats> stats = mesh->mesh.radius_class_stats();
        return c_api::write_items(
            stats.size(), classes, capacity, count, [&](std::size_t index, pk_radius_class* out) {
                out[index] = {stats[index].radius, stats[index].built ? 1 : 0,
                              stats[index].triangles, stats[index].memory_bytes,
                              stats[index].build_seconds};
            });
    });
}

}  // extern "C"
