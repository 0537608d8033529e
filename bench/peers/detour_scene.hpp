// Recast/Detour as a peer: our navigation mesh's triangles loaded as a Detour tile, queried
// with findPath + findStraightPath, to time the same scene side by side.
#pragma once

#include <memory>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"

class dtNavMesh;
class dtNavMeshQuery;

namespace pathkit::bench {

/// findNearestPoly for both ends (within `reach` world units on every axis; (x, y) is Detour's
/// (x, 0, y)), then findPath and findStraightPath on `query`: the straight path's length, or a
/// negative number when an end is off the mesh or the corridor stops short of the goal.
[[nodiscard]] double detour_path_length(const dtNavMeshQuery& query, Point2 from, Point2 to,
                                        float reach);

/// The 2D scene extruded to 3D: (x, y) becomes Detour's (x, 0, y), one polygon per triangle.
class DetourScene {
  public:
    /// An off-mesh connection: from one point to another, both ways or one.
    struct Link {
        Point2 from, to;
        bool bidirectional = true;
    };
    /// Builds a single-tile Detour mesh from the triangles; `flip` reverses their winding.
    /// `links` become off-mesh connections (one tile holds the whole scene, so they may be
    /// of any length), each end joined to the nearest polygon within `link_reach`.
    DetourScene(const std::vector<MeshTriangle>& triangles, Point2 min, Point2 max, bool flip,
                const std::vector<Link>& links = {}, float link_reach = 1);
    ~DetourScene();
    DetourScene(const DetourScene&) = delete;
    DetourScene& operator=(const DetourScene&) = delete;

    /// True when the tile was built.
    [[nodiscard]] bool ready() const { return query_ != nullptr; }
    /// The Detour mesh (owned by this scene), for a DetourCrowd on it.
    [[nodiscard]] dtNavMesh* nav_mesh() const { return mesh_; }
    /// findNearestPoly for both ends (not timed by callers), then findPath and
    /// findStraightPath; the straight path's length, or a negative number when none is found.
    [[nodiscard]] double path_length(Point2 from, Point2 to) const;

  private:
    dtNavMesh* mesh_ = nullptr;
    dtNavMeshQuery* query_ = nullptr;
};

}  // namespace pathkit::bench
