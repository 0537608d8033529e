// Internal to the geometry layer: one repair of a NavMesh (src/geometry/nav_mesh_update.cpp
// and, for the regions, nav_mesh_regions.cpp).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "fixed_point.hpp"
#include "nav_mesh_parts.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "triangulation.hpp"

namespace pathkit {

/// One repair: which triangles go, the free space they and the freed obstacles leave,
/// its triangles, and how they join the triangles kept.
class NavMesh::Repair {
  public:
    explicit Repair(NavMesh& mesh) : mesh_(mesh) {}

    /// False when the repair would not be worth it or its triangles do not fit the kept
    /// ones exactly (the caller triangulates instead); nothing is changed then.
    bool plan();
    /// Puts the new triangles in place and repairs everything derived from them.
    void apply();

  private:
    [[nodiscard]] geometry::FixedBox box_of_triangle(std::uint32_t triangle) const;
    /// Adds every triangle whose box meets `change`.
    void gather_removed(const geometry::FixedBox& change);
    [[nodiscard]] std::vector<geometry::Ring> removed_outline() const;
    /// True when a triangle not removed has the vertex as a corner.
    [[nodiscard]] bool is_kept_corner(std::uint32_t vertex) const;
    void place_triangles();
    void close_gaps();
    void label_regions();
    void repair_corners();

    NavMesh& mesh_;
    std::vector<std::uint32_t> removed_;  // ascending
    std::vector<std::uint8_t> is_removed_;
    geometry::Triangulation local_;
    std::vector<std::uint32_t> local_vertex_;         // corner of `local_` -> mesh vertex
    std::vector<geometry::FixedPoint> new_vertices_;  // mesh vertices to append, in order
    // Edges between a removed triangle and a kept one: the kept triangle and its edge.
    std::unordered_map<std::uint64_t, std::pair<std::uint32_t, int>> interface_;
    std::vector<std::uint32_t> placed_;  // the new triangles' numbers, after `close_gaps`
    std::vector<std::uint32_t> moved_;   // kept triangles renumbered to close gaps
    std::vector<std::uint32_t> touched_vertices_;
};

}  // namespace pathkit
