// Measures of a NavMesh's free space for tests and fuzz targets: its area and the length of
// its outline, to compare a repaired mesh with a rebuilt one.
#pragma once

#include <cmath>

#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit::testing {

/// The area of free space (square world units), from the triangles' corners.
inline double free_area(const NavMesh& mesh) {
    double total = 0;
    for (const MeshTriangle& t : mesh.triangles())
        total += (double{t[1].x} - t[0].x) * (double{t[2].y} - t[0].y) -
                 (double{t[1].y} - t[0].y) * (double{t[2].x} - t[0].x);
    return total / 2;
}

/// The length of the outline of free space (world units): its boundary edges.
inline double outline_length(const NavMesh& mesh) {
    double total = 0;
    for (const MeshEdge& edge : mesh.boundary_edges())
        total += std::hypot(double{edge.to.x} - edge.from.x, double{edge.to.y} - edge.from.y);
    return total;
}

}  // namespace pathkit::testing
