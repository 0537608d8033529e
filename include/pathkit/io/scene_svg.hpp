/// Pictures of open-world scenes as SVG: obstacles, their buffers, triangles and paths.
#pragma once

#include <string>
#include <vector>

#include "pathkit/core/status.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/io/scene_file.hpp"

namespace pathkit {

/// What to draw over a scene; every part is optional.
struct SceneDrawing {
    /// The grown, merged outlines (`ObstacleGraph::outlines`), drawn as the buffer.
    std::vector<std::vector<Point2>> buffer_outlines;
    /// A navigation mesh's triangles (`NavMesh::triangles`).
    std::vector<MeshTriangle> triangles;
    /// One path per query (empty when none was found), from start to goal.
    std::vector<std::vector<Point2>> paths;
};

/// An SVG document of the scene's bounds and obstacles with the drawing over them, y up.
[[nodiscard]] std::string scene_svg(const Scene& scene, const SceneDrawing& drawing);

/// Writes `scene_svg` to `path` (all or nothing); refused with the file's name when it cannot
/// be written.
[[nodiscard]] Status write_scene_svg(const std::string& path, const Scene& scene,
                                     const SceneDrawing& drawing);

}  // namespace pathkit
