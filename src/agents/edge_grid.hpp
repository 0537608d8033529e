// A uniform grid of the mesh's boundary edges for the agents' step (the obstacle edges near an
// agent), reusing its memory.
#pragma once

#include <cstdint>
#include <vector>

#include "pathkit/agents/vector2.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit::agents {

/// Square cells over a box: which column and row a coordinate falls in (clamped to the box).
struct CellFrame {
    Point2 origin;
    float cell_size = 1;
    std::int32_t columns = 0, rows = 0;
    /// Lays out cells at least `cell_size` wide (coarser past `max_cells`) over `low`..`high`.
    void cover(Point2 low, Point2 high, float cell_size, std::size_t max_cells);
    [[nodiscard]] std::int32_t column_of(float x) const;
    [[nodiscard]] std::int32_t row_of(float y) const;
    [[nodiscard]] std::size_t cell_count() const {
        return static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows);
    }
    /// Calls visit(cell index) for each cell touching the square of half-size `range` around
    /// `centre`, row by row.
    template <class Visit>
    void for_each_cell_around(Point2 centre, float range, Visit&& visit) const {
        const std::int32_t column_low = column_of(centre.x - range);
        const std::int32_t column_high = column_of(centre.x + range);
        const std::int32_t row_high = row_of(centre.y + range);
        for (std::int32_t row = row_of(centre.y - range); row <= row_high; ++row)
            for (std::int32_t column = column_low; column <= column_high; ++column)
                visit(static_cast<std::size_t>(row) * static_cast<std::size_t>(columns) +
                      static_cast<std::size_t>(column));
    }
};

/// The mesh's boundary edges bucketed in square cells, built once per triangulation and
/// repaired after `NavMesh::update`.
class EdgeGrid {
  public:
    /// Buckets `mesh.boundary_edges()`; remembers the mesh revision it was built for.
    void rebuild(const NavMesh& mesh);
    /// Follows the mesh's last change: after one repair (`NavMesh::update`) since the grid
    /// was made current, swaps the edges it took out and put in; otherwise rebuilds.
    void follow(const NavMesh& mesh);
    [[nodiscard]] std::uint64_t revision() const { return revision_; }
    /// Indices (into `edges()`) of the edges with a point within `range` (world units) of
    /// `point`, each once, in increasing order, written to `out` (cleared first).
    void near(Point2 point, float range, std::vector<std::uint32_t>& out) const;
    /// The edges by index; places freed by a repair hold stale edges `near` never returns.
    [[nodiscard]] std::span<const MeshEdge> edges() const { return edges_; }

  private:
    /// Calls visit(cell) for the cells the edge passes, row by row (one cell of slack).
    template <class Visit>
    void for_each_cell(const MeshEdge& edge, Visit&& visit) const;
    void insert(const MeshEdge& edge);
    void erase(const MeshEdge& edge);

    std::uint64_t revision_ = UINT64_MAX;
    std::vector<MeshEdge> edges_;
    std::vector<std::uint32_t> free_places_;
    CellFrame frame_;
    std::vector<std::vector<std::uint32_t>> cells_;
    mutable std::vector<std::uint32_t> seen_;  // per edge: the query that last saw it
    mutable std::uint32_t query_ = 0;
};

/// The point of segment `from`-`to` closest to `point` (world units).
[[nodiscard]] Point2 closest_on_segment(Point2 from, Point2 to, Point2 point);

}  // namespace pathkit::agents
