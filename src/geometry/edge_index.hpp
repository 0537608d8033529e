// A uniform grid over obstacle edges, so a segment is tested only against the edges near it.
#pragma once

#include <cstdint>
#include <vector>

#include "exact_predicates.hpp"
#include "inflation.hpp"

namespace pathkit::geometry {

/// One boundary edge a -> b of a shape, with the corner before a (for tests at vertex a).
struct IndexedEdge {
    FixedPoint a;
    FixedPoint b;
    FixedPoint before_a;
    std::uint32_t shape = 0;
};

/// How the segment u -> v (u != v) meets the obstacle that `edge` bounds (on its left), at
/// this edge or at its first vertex. It blocks on a proper crossing, a pass through the vertex
/// into the obstacle, or an endpoint on the edge with the segment heading inside; touching the
/// boundary and running along it do not block.
enum class EdgeMeets {
    Clear,   // it does not enter the obstacle here, and corner a is off the segment's line
    OnLine,  // it does not enter, and corner a lies on its line (see `add_contacts`)
    Blocks,
};
[[nodiscard]] inline EdgeMeets edge_meets(const IndexedEdge& edge, FixedPoint u, FixedPoint v) {
    const FixedPoint a = edge.a, b = edge.b;
    const int side_a = orientation(u, v, a), side_b = orientation(u, v, b);
    const EdgeMeets clear = side_a == 0 ? EdgeMeets::OnLine : EdgeMeets::Clear;
    if (side_a == side_b && side_a != 0) return clear;
    const int side_u = orientation(a, b, u), side_v = orientation(a, b, v);
    if (side_a * side_b < 0 && side_u * side_v < 0) return EdgeMeets::Blocks;  // proper crossing
    const Direction direction = v - u;
    if (side_a == 0 && on_segment(u, v, a)) {
        // The segment passes through (or starts or ends at) corner a.
        if (a != v && points_into_obstacle(edge.before_a, a, b, direction))
            return EdgeMeets::Blocks;
        if (a != u && points_into_obstacle(edge.before_a, a, b, -direction))
            return EdgeMeets::Blocks;
    }
    // An endpoint inside the edge, with the segment heading into the obstacle (the left).
    if (side_u == 0 && u != a && u != b && on_segment(a, b, u) && side_v > 0)
        return EdgeMeets::Blocks;
    if (side_v == 0 && v != a && v != b && on_segment(a, b, v) && side_u > 0)
        return EdgeMeets::Blocks;
    return clear;
}

/// True when the segment u -> v enters the obstacle at this edge (`EdgeMeets::Blocks`).
[[nodiscard]] inline bool edge_blocks(const IndexedEdge& edge, FixedPoint u, FixedPoint v) {
    return edge_meets(edge, u, v) == EdgeMeets::Blocks;
}

/// Where the open segment u -> v touches an obstacle without entering it: from `from` to `to`
/// along the segment (dot products with v - u, exact; one point for a corner), with the
/// obstacle (of the edge's `shape`) on its `side` (1 left, -1 right).
struct Contact {
    Wide from = 0;
    Wide to = 0;
    int side = 0;
    std::uint32_t shape = 0;
};

/// Adds the contacts of the segment u -> v (u != v) with `edge`, which must not block it
/// (`edge_meets` gave `OnLine`; for `Clear` there are none): its first vertex strictly inside the
/// segment, or the part of the edge the segment runs along.
void add_contacts(const IndexedEdge& edge, FixedPoint u, FixedPoint v,
                  std::vector<Contact>& contacts);

/// A corner the segment touches with an obstacle touching the same point from the other side,
/// or null: the segment would pass where two obstacles (or two parts of one) touch, a gap of
/// zero width, which is a wall.
[[nodiscard]] const Contact* touching_from_both_sides(const std::vector<Contact>& contacts);

/// True when the segment u -> v enters the inside of `shape` (tested edge by edge) or passes
/// where two of its parts touch.
[[nodiscard]] bool shape_blocks(const Shape& shape, FixedPoint u, FixedPoint v);

/// The edges of many shapes in grid cells. Adding and removing shapes is cheap; the grid is
/// laid out again when shapes reach beyond it or the edge count grows fourfold.
class EdgeIndex {
  public:
    /// Adds the edges of `shape`, tagged with the caller's shape number.
    void add(std::uint32_t shape_number, const Shape& shape);
    /// Removes the edges tagged with `shape_number` (which must have been added).
    void remove(std::uint32_t shape_number);
    /// Removes everything.
    void clear();

    /// Calls `visit(const IndexedEdge&)` for every edge in the cells the segment u -> v
    /// crosses, nearest cells to u first (an edge may come more than once), until a call
    /// returns true; then returns true.
    template <class Visit>
    bool any_along(FixedPoint u, FixedPoint v, Visit&& visit) const;

  private:
    struct Cells {
        std::int64_t origin_x = 0, origin_y = 0, size = 1;
        std::int64_t columns = 0, rows = 0;
    };
    void lay_out(const FixedBox& must_cover);
    void insert_into_cells(std::uint32_t edge);
    [[nodiscard]] std::int64_t column_of(std::int64_t x) const;
    [[nodiscard]] std::int64_t row_of(std::int64_t y) const;
    template <class Visit>
    bool visit_cell(std::int64_t column, std::int64_t row, Visit& visit) const;

    std::vector<IndexedEdge> edges_;
    std::vector<std::uint32_t> free_edges_;
    std::vector<std::vector<std::uint32_t>> edges_of_shape_;
    std::vector<std::vector<std::uint32_t>> cells_;
    Cells grid_;
    FixedBox covered_;
    std::size_t live_edges_ = 0;
    std::size_t edges_at_layout_ = 0;
};

template <class Visit>
bool EdgeIndex::visit_cell(std::int64_t column, std::int64_t row, Visit& visit) const {
    for (std::uint32_t edge : cells_[static_cast<std::size_t>(row * grid_.columns + column)])
        if (visit(edges_[edge])) return true;
    return false;
}

template <class Visit>
bool EdgeIndex::any_along(FixedPoint u, FixedPoint v, Visit&& visit) const {
    if (grid_.columns == 0) return false;
    // The segment in cell units, clipped to the grid (Liang-Barsky); nothing lies outside.
    const double size = static_cast<double>(grid_.size);
    const double x0 = static_cast<double>(u.x - grid_.origin_x) / size;
    const double y0 = static_cast<double>(u.y - grid_.origin_y) / size;
    const double dx = static_cast<double>(v.x - grid_.origin_x) / size - x0;
    const double dy = static_cast<double>(v.y - grid_.origin_y) / size - y0;
    double t_enter = 0, t_exit = 1;
    const auto clip = [&](double start, double delta, double limit) {
        if (delta == 0) return start >= -1e-9 && start <= limit + 1e-9;
        double t0 = (0 - start) / delta, t1 = (limit - start) / delta;
        if (t0 > t1) std::swap(t0, t1);
        t_enter = std::max(t_enter, t0);
        t_exit = std::min(t_exit, t1);
        return t_enter <= t_exit;
    };
    if (!clip(x0, dx, static_cast<double>(grid_.columns)) ||
        !clip(y0, dy, static_cast<double>(grid_.rows)))
        return false;
    constexpr double slack = 1e-6;
    const auto clamp_column = [&](double x) {
        return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(x)), 0,
                                        grid_.columns - 1);
    };
    const auto clamp_row = [&](double y) {
        return std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(y)), 0,
                                        grid_.rows - 1);
    };
    const double xa = x0 + dx * t_enter, xb = x0 + dx * t_exit;
    const std::int64_t first_column = clamp_column(dx >= 0 ? xa - slack : xa + slack);
    const std::int64_t last_column = clamp_column(dx >= 0 ? xb + slack : xb - slack);
    const std::int64_t column_step = dx >= 0 ? 1 : -1;
    for (std::int64_t column = first_column;; column += column_step) {
        // The part of the segment over this column, widened a little against rounding.
        double t0 = t_enter, t1 = t_exit;
        if (dx != 0) {
            double ta = (static_cast<double>(column) - slack - x0) / dx;
            double tb = (static_cast<double>(column + 1) + slack - x0) / dx;
            if (ta > tb) std::swap(ta, tb);
            t0 = std::max(t0, ta);
            t1 = std::min(t1, tb);
        }
        const double ya = y0 + dy * t0, yb = y0 + dy * t1;
        std::int64_t row = clamp_row(std::min(ya, yb) - slack);
        std::int64_t end_row = clamp_row(std::max(ya, yb) + slack);
        std::int64_t row_step = 1;
        if (dy < 0) {
            std::swap(row, end_row);
            row_step = -1;
        }
        for (;; row += row_step) {
            if (visit_cell(column, row, visit)) return true;
            if (row == end_row) break;
        }
        if (column == last_column) break;
    }
    return false;
}

}  // namespace pathkit::geometry
