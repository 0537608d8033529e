// A uniform grid over the mesh's boundary edges, for the agents' step (edge_grid.hpp).
#include "edge_grid.hpp"

#include <algorithm>
#include <cmath>

namespace pathkit::agents {

namespace {
// Cells along one axis for an extent (world units) at a cell size, at least 1.
std::int32_t cells_for(float extent, float cell_size) {
    return static_cast<std::int32_t>(std::floor(extent / cell_size)) + 1;
}

// The box around `points` (an empty box at the origin when there are none).
template <class Points>
void grow_box(Point2& low, Point2& high, Points points) {
    for (Point2 point : points) {
        low = {std::min(low.x, point.x), std::min(low.y, point.y)};
        high = {std::max(high.x, point.x), std::max(high.y, point.y)};
    }
}
}  // namespace

Point2 closest_on_segment(Point2 from, Point2 to, Point2 point) {
    const Vector2 edge = to - from;
    const float size_squared = length_squared(edge);
    if (size_squared <= 0) return from;
    const float along = std::clamp(dot(point - from, edge) / size_squared, 0.0f, 1.0f);
    return from + edge * along;
}

void CellFrame::cover(Point2 low, Point2 high, float wanted_size, std::size_t max_cells) {
    if (low.x > high.x) low = high = {};
    origin = low;
    cell_size = wanted_size;
    while (static_cast<double>(cells_for(high.x - low.x, cell_size)) *
               cells_for(high.y - low.y, cell_size) >
           static_cast<double>(max_cells))
        cell_size *= 2;
    columns = cells_for(high.x - low.x, cell_size);
    rows = cells_for(high.y - low.y, cell_size);
}

namespace {
// The cell index of `offset` cells (clamped to 0..count-1; truncation is floor for offsets
// >= 0, and NaN lands in cell 0). No libm call: this runs several times per agent and step.
std::int32_t clamp_cell(float offset, std::int32_t count) {
    if (!(offset > 0)) return 0;
    if (offset >= static_cast<float>(count)) return count - 1;
    return std::min(static_cast<std::int32_t>(offset), count - 1);
}
}  // namespace

std::int32_t CellFrame::column_of(float x) const {
    return clamp_cell((x - origin.x) / cell_size, columns);
}

std::int32_t CellFrame::row_of(float y) const {
    return clamp_cell((y - origin.y) / cell_size, rows);
}

template <class Visit>
void EdgeGrid::for_each_cell(const MeshEdge& edge, Visit&& visit) const {
    const float y_low = std::min(edge.from.y, edge.to.y), y_high = std::max(edge.from.y, edge.to.y);
    for (std::int32_t row = frame_.row_of(y_low); row <= frame_.row_of(y_high); ++row) {
        const float band_low = std::max(y_low, frame_.origin.y + row * frame_.cell_size);
        const float band_high = std::min(y_high, frame_.origin.y + (row + 1) * frame_.cell_size);
        float x_low = std::min(edge.from.x, edge.to.x), x_high = std::max(edge.from.x, edge.to.x);
        if (edge.to.y != edge.from.y) {
            const auto x_at = [&](float y) {
                return edge.from.x +
                       (edge.to.x - edge.from.x) * (y - edge.from.y) / (edge.to.y - edge.from.y);
            };
            x_low = std::min(x_at(band_low), x_at(band_high));
            x_high = std::max(x_at(band_low), x_at(band_high));
        }
        for (std::int32_t column = std::max(0, frame_.column_of(x_low) - 1);
             column <= std::min(frame_.columns - 1, frame_.column_of(x_high) + 1); ++column)
            visit(static_cast<std::size_t>(row) * frame_.columns + column);
    }
}

void EdgeGrid::rebuild(const NavMesh& mesh) {
    revision_ = mesh.revision();
    edges_.assign(mesh.boundary_edges().begin(), mesh.boundary_edges().end());
    free_places_.clear();
    Point2 low{INFINITY, INFINITY}, high{-INFINITY, -INFINITY};
    for (const MeshEdge& edge : edges_)
        grow_box(low, high, std::initializer_list<Point2>{edge.from, edge.to});
    const float area = edges_.empty() ? 1.0f : (high.x - low.x) * (high.y - low.y);
    const float wanted = std::sqrt(std::max(area, 1e-6f) /
                                   static_cast<float>(std::max<std::size_t>(1, edges_.size())));
    frame_.cover(low, high, std::max(wanted, 1e-3f), 1 << 20);
    cells_.assign(frame_.cell_count(), {});
    for (std::uint32_t index = 0; index < edges_.size(); ++index)
        for_each_cell(edges_[index], [&](std::size_t cell) { cells_[cell].push_back(index); });
    seen_.assign(edges_.size(), 0);
    query_ = 0;
}

void EdgeGrid::follow(const NavMesh& mesh) {
    const MeshChange& change = mesh.last_change();
    if (mesh.revision() != revision_ + 1 || change.renumbered || change.everywhere ||
        edges_.empty()) {
        rebuild(mesh);
        return;
    }
    revision_ = mesh.revision();
    for (const MeshEdge& edge : change.boundary_edges_removed)
        erase(edge);
    for (const MeshEdge& edge : change.boundary_edges_added)
        insert(edge);
    seen_.resize(edges_.size(), 0);
}

void EdgeGrid::insert(const MeshEdge& edge) {
    std::uint32_t place = 0;
    if (free_places_.empty()) {
        place = static_cast<std::uint32_t>(edges_.size());
        edges_.push_back(edge);
    } else {
        place = free_places_.back();
        free_places_.pop_back();
        edges_[place] = edge;
    }
    for_each_cell(edge, [&](std::size_t cell) { cells_[cell].push_back(place); });
}

// Takes the edge (the same corners) out of the cells it passes; its place is free again.
void EdgeGrid::erase(const MeshEdge& edge) {
    const auto same = [&](std::uint32_t index) {
        return edges_[index].from == edge.from && edges_[index].to == edge.to;
    };
    std::uint32_t place = UINT32_MAX;
    for_each_cell(edge, [&](std::size_t cell) {
        auto& list = cells_[cell];
        const auto at = std::find_if(list.begin(), list.end(), same);
        if (at == list.end()) return;
        place = *at;
        *at = list.back();
        list.pop_back();
    });
    if (place != UINT32_MAX) free_places_.push_back(place);
}

void EdgeGrid::near(Point2 point, float range, std::vector<std::uint32_t>& out) const {
    out.clear();
    if (edges_.empty()) return;
    if (++query_ == 0) {
        std::fill(seen_.begin(), seen_.end(), 0);
        query_ = 1;
    }
    const float range_squared = range * range;
    frame_.for_each_cell_around(point, range, [&](std::size_t cell) {
        for (const std::uint32_t index : cells_[cell]) {
            if (seen_[index] == query_) continue;
            seen_[index] = query_;
            const MeshEdge& edge = edges_[index];
            if (length_squared(closest_on_segment(edge.from, edge.to, point) - point) <=
                range_squared)
                out.push_back(index);
        }
    });
    std::sort(out.begin(), out.end());
}

}  // namespace pathkit::agents
