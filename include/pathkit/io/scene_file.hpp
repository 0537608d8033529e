/// Scene files: an open 2D world (bounds, buffer radius, obstacles) and queries, as JSON.
///
///     {"bounds": [[xmin, ymin], [xmax, ymax]],
///      "buffer_radius": 10,                                   (optional, default 0)
///      "radius_classes": [20, 40],                            (optional: more agent radii)
///      "obstacles": [{"polygon": [[x, y], ...]},
///                    {"circle": {"center": [x, y], "radius": r}, "id": "well"}],
///      "areas": [{"outline": [[x, y], ...], "type": 2}],      (optional)
///      "queries": [{"from": [x, y], "to": [x, y],             (optional)
///                   "filter": {"exclude": [1], "costs": {"2": 3.0},
///                              "points_per_edge": 4},
///                   "radius": 15}]}                          (filter, radius optional)
///
/// Areas (`NavMesh::add_area`) mark ground with a type 1..63 (0 is plain ground; later areas
/// win where they overlap); a query's filter (`AreaFilter`) excludes types (walls for it) and
/// gives types a cost per unit of length (>= 1, at most 1,000,000; keys are the types as
/// strings). A filter may name only type 0 and the types of the scene's areas. Only
/// `--mode navmesh` with optimal queries answers filtered queries.
///
/// A query with a "radius" is for agents of that radius: it is answered with the smallest of
/// `buffer_radius` and the radius classes at least that radius (refused when above them all,
/// naming /queries/i/radius). Radius classes: at most `limits::max_radius_classes`, each >= 0
/// and at most half the bounds' smaller side (naming /radius_classes/i).
///
/// Coordinates are world units, y up. Every obstacle is checked (`Obstacle::validate`).
/// Obstacles whose grown outlines touch at a point are a wall there (see docs/cli.md). An
/// obstacle may carry an "id": a name of 1..`limits::max_obstacle_name_bytes` bytes, unique
/// among the scene's obstacles, by which an agents file's timed changes remove or move it.
/// Scene files have no steps, so they take no changes: their queries are answered on one
/// world (agents files, which hold a scene, take `"changes"`; see agents_file.hpp).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {

/// One path query of a scene.
struct SceneQuery {
    Point2 from;
    Point2 to;
    /// The agent's radius (world units, >= 0) when the file gives one.
    std::optional<float> radius;
    /// Its filter's place in `Scene::filters`, or `no_filter`.
    std::size_t filter = no_filter;
    static constexpr std::size_t no_filter = SIZE_MAX;
};

/// An area of a scene (`NavMesh::add_area`): ground of a type inside an outline.
struct SceneArea {
    std::vector<Point2> outline;
    AreaType type = 0;
};

/// A link of a scene (`NavMesh::add_link`, `ObstacleGraph::add_link`): a ladder, a ledge, a
/// teleporter.
struct SceneLink {
    Point2 from;
    Point2 to;
    /// NaN (no "cost" in the file) for the straight distance between its ends.
    float cost = std::numeric_limits<float>::quiet_NaN();
    bool bidirectional = true;
    /// For agents (agents files): "traversal_seconds" (NaN when absent: cost / top speed) and
    /// "one_at_a_time" (`MeshLinkOptions`); scene queries ignore them.
    float traversal_seconds = std::numeric_limits<float>::quiet_NaN();
    bool one_at_a_time = false;
};

/// A scene as read from a file.
struct Scene {
    /// The world's rectangle: lower-left and upper-right corners.
    Point2 min;
    Point2 max;
    float buffer_radius = 0;
    /// More agent radii the scene answers for (`NavMeshOptions::radius_classes`), as read.
    std::vector<float> radius_classes;
    std::vector<Obstacle> obstacles;
    /// Per obstacle, its "id" in the file ("" when it has none); empty when no obstacle has
    /// one. Ids are unique.
    std::vector<std::string> obstacle_names;
    /// Links, crossed by the queries of both the navigation mesh and the obstacle graph
    /// (`build_nav_mesh` and `build_obstacle_graph` add them).
    std::vector<SceneLink> links;
    /// Areas, in the file's order (`build_nav_mesh` adds them).
    std::vector<SceneArea> areas;
    std::vector<SceneQuery> queries;
    /// The queries' filters, in the order of the queries that have one.
    std::vector<AreaFilter> filters;
};

/// The scene's obstacle graph. The bounds are walled in by a frame of obstacles whose grown
/// inside edge lies on the bounds, so paths stay inside them as navigation mesh paths do.
/// The scene's links are added to it (refused as `build_nav_mesh` refuses them). Obstacles
/// grow by `buffer_radius` (world units, >= 0; the scene's own by default, or a radius class's).
/// Refused for a scene with filtered queries (it knows no areas; the areas alone change nothing
/// for it).
[[nodiscard]] Expected<ObstacleGraph> build_obstacle_graph(const Scene& scene);
[[nodiscard]] Expected<ObstacleGraph> build_obstacle_graph(const Scene& scene, float buffer_radius);

/// The radius `query` is answered with: the smallest of the scene's buffer radius and radius
/// classes at least its radius (the buffer radius for a query without one). A parsed scene
/// always has one; else the largest.
[[nodiscard]] float answering_radius(const Scene& scene, const SceneQuery& query);

/// The scene's navigation mesh over its bounds, triangulated, with nodes of the given kinds
/// and the scene's links (a link with an end outside free space is refused, naming it) and
/// areas.
/// The scene's obstacles are its first, so their ids are their indices in the scene.
/// `radius_classes` become the mesh's (`NavMeshOptions::radius_classes`); scene files pass
/// their own.
[[nodiscard]] Expected<NavMesh> build_nav_mesh(const Scene& scene,
                                               MeshNodes nodes = MeshNodes::EdgeMidpoints,
                                               const std::vector<float>& radius_classes = {});

/// Parses a scene. Errors read "SOURCE: what is wrong": a syntax error gives its line and
/// column, a bad value the JSON pointer to it (e.g. "/obstacles/2/polygon/1").
[[nodiscard]] Expected<Scene> parse_scene(std::string_view text, std::string_view source_name);

/// Loads a scene file; errors name the file.
[[nodiscard]] Expected<Scene> load_scene_file(const std::string& path);

}  // namespace pathkit
