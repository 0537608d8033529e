// Internal to the geometry layer: what filtered NavMesh queries build from the triangles
// (src/geometry/nav_mesh_areas.cpp, nav_mesh_weighted.cpp), made again after every change.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit {

/// The triangles' neighbours with every edge into a triangle of an excluded type cut (a wall
/// for the query), and the corners on those edges marked as boundary corners (where a
/// shortest path may turn).
struct NavMesh::ExcludedView {
    std::uint64_t excluded = 0;
    std::vector<std::array<std::uint32_t, 3>> neighbours;
    std::vector<std::uint8_t> on_boundary;
};

/// Numbers for the triangles' edges (an edge two triangles share has one number), per edge
/// its corners (lower vertex number first) and its triangles (the second UINT32_MAX on a
/// wall), per corner the triangles round it, and per type the triangles of that type.
}  // namespace pathkit

namespace pathkit::geometry {

struct MeshEdgeFrame {
    std::vector<std::array<std::uint32_t, 3>> edge_of;  // per triangle, edge i opposite corner i
    std::vector<std::array<std::uint32_t, 2>> edge_ends;
    std::vector<std::array<std::uint32_t, 2>> edge_sides;
    std::vector<std::uint32_t> vertex_starts, vertex_triangles;
    std::vector<std::uint32_t> type_starts, type_triangles;
};

}  // namespace pathkit::geometry

namespace pathkit {

/// What the filtered queries of one revision of the mesh share: the excluded views last asked
/// for (a few masks) and the edge frame.
struct NavMesh::AreaCache {
    static constexpr std::size_t kept_views = 8;
    std::vector<std::shared_ptr<const ExcludedView>> views;  // the latest last
    std::shared_ptr<const geometry::MeshEdgeFrame> frame;
};

}  // namespace pathkit
