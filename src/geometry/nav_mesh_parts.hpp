// The private parts of a NavMesh that its source files share: obstacles and the node graph.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "fixed_point.hpp"
#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit {

/// An obstacle as given, grown by the buffer radius, and whether it is still in the mesh.
struct NavMesh::ObstacleEntry {
    Obstacle shape;
    std::vector<geometry::Ring> grown;
    geometry::FixedBox box;  // of `grown`
    bool alive = false;
};

/// An area as given (src/geometry/nav_mesh_areas.cpp): its outline on the grid, its box and
/// type, and whether it is still in the mesh.
struct NavMesh::AreaEntry {
    geometry::Ring ring;
    geometry::FixedBox box;
    AreaType type = 0;
    bool alive = false;
};

/// Nodes (`NavMeshOptions::nodes`) with their positions and connections, which triangles each
/// node lies in and which nodes each triangle holds; built whole from the triangles.
struct NavMesh::NodeGraph {
    std::vector<Point2> positions;
    std::vector<std::uint32_t> connection_starts;
    std::vector<PlaneConnection> connections;
    std::vector<std::uint32_t> node_triangle_starts;
    std::vector<std::uint32_t> node_triangle_list;
    std::vector<std::uint32_t> triangle_node_starts;
    std::vector<std::uint32_t> triangle_node_list;
    std::vector<std::uint32_t> node_vertex;  // node -> its mesh vertex, or UINT32_MAX

    [[nodiscard]] std::span<const std::uint32_t> node_triangles(std::uint32_t node) const {
        return std::span<const std::uint32_t>(node_triangle_list)
            .subspan(node_triangle_starts[node],
                     node_triangle_starts[node + 1] - node_triangle_starts[node]);
    }
    [[nodiscard]] std::span<const std::uint32_t> triangle_nodes(std::uint32_t triangle) const {
        return std::span<const std::uint32_t>(triangle_node_list)
            .subspan(triangle_node_starts[triangle],
                     triangle_node_starts[triangle + 1] - triangle_node_starts[triangle]);
    }
};

}  // namespace pathkit
