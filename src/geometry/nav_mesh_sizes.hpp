// Internal to the geometry layer: the radius classes of a NavMesh, each a mesh of its own.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit::geometry {

/// The radius classes of a mesh other than its own radius, ascending by radius. `lock` guards
/// building one (queries build under it while holding the mesh's lock shared); edits, which
/// hold the mesh's lock alone, read `classes` without it.
struct RadiusClasses {
    struct Class {
        float radius = 0;
        std::unique_ptr<NavMesh> mesh;  // null until its first query
        double build_seconds = 0;
    };
    std::vector<Class> classes;
    std::unique_ptr<std::mutex> lock = std::make_unique<std::mutex>();
};

}  // namespace pathkit::geometry

namespace pathkit {

/// The classes `options.radius_classes` asks for (null when none), or why they are refused:
/// NaN, negative, too many, or too large for an agent to fit in the bounds `min`..`max`.
[[nodiscard]] Expected<std::unique_ptr<geometry::RadiusClasses>> make_radius_classes(
    const NavMeshOptions& options, Point2 min, Point2 max);

/// Calls `edit` with the mesh of every radius class built so far (the caller holds this
/// mesh's lock alone).
template <class Edit>
void NavMesh::edit_radius_classes(Edit&& edit) {
    if (!radius_classes_) return;
    for (geometry::RadiusClasses::Class& each : radius_classes_->classes)
        if (each.mesh) edit(*each.mesh);
}

}  // namespace pathkit
