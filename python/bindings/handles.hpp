// The objects several binding files share: a grid map and a navigation mesh, each with the lock
// that lets searches run without the GIL while changes wait for them.
#pragma once

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/grid/grid_map.hpp"
#include "python_support.hpp"

namespace pathkit::python {

/// pathkit.GridMap: the map and its lock. Spaces, crowds and plans made from it keep it alive.
struct GridMapHandle {
    GridMap map;
    ReadersWriterLock lock;
};

/// pathkit.NavMesh: the mesh and its lock; agent worlds made on it keep it alive.
struct NavMeshHandle {
    NavMesh mesh;
    ReadersWriterLock lock;

    /// Repairs the triangles where obstacles changed since the last repair or triangulation
    /// (with the GIL held).
    void update_if_needed() {
        if (!mesh.needs_triangulation()) return;
        auto hold = write_lock(lock);
        mesh.update();
    }
    /// Rebuilds every triangle when obstacles changed (with the GIL held).
    void triangulate_if_needed() {
        if (!mesh.needs_triangulation()) return;
        auto hold = write_lock(lock);
        mesh.triangulate();
    }
};

}  // namespace pathkit::python
