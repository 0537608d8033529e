// A uniform grid over obstacle edges, so a segment is tested only against the edges near it.
#include "edge_index.hpp"

#include <algorithm>
#include <cmath>

namespace pathkit::geometry {

void add_contacts(const IndexedEdge& edge, FixedPoint u, FixedPoint v,
                  std::vector<Contact>& contacts) {
    const Direction direction = v - u;
    const auto along = [&](FixedPoint point) { return dot(point - u, direction); };
    const Wide end = along(v);
    const FixedPoint a = edge.a, b = edge.b;
    if (orientation(u, v, a) != 0) return;
    const Wide at = along(a);
    if (orientation(u, v, b) == 0) {  // the edge lies on the segment's line: the part they share
        const Wide low = std::max<Wide>(std::min(at, along(b)), 0);
        const Wide high = std::min(std::max(at, along(b)), end);
        // The obstacle lies left of a -> b.
        const int side = dot(b - a, direction) > 0 ? 1 : -1;
        if (low < high) contacts.push_back({low, high, side, edge.shape});
    }
    if (at <= 0 || at >= end) return;
    // Corner a is on the segment, which does not enter it: the corner lies on one side, the
    // side of its outgoing edge, or of its incoming one when the outgoing edge runs along.
    int side = orientation(direction, b - a);
    if (side == 0) side = orientation(direction, edge.before_a - a);
    if (side == 0) side = dot(b - a, direction) > 0 ? 1 : -1;
    contacts.push_back({at, at, side, edge.shape});
}

const Contact* touching_from_both_sides(const std::vector<Contact>& contacts) {
    for (const Contact& corner : contacts) {
        if (corner.from != corner.to) continue;
        for (const Contact& other : contacts)
            if (other.side == -corner.side && other.from <= corner.from && corner.to <= other.to)
                return &corner;
    }
    return nullptr;
}

bool shape_blocks(const Shape& shape, FixedPoint u, FixedPoint v) {
    std::vector<Contact> contacts;
    for (const Ring& ring : shape) {
        const std::size_t count = ring.size();
        for (std::size_t index = 0; index < count; ++index) {
            const IndexedEdge edge{ring[index], ring[(index + 1) % count],
                                   ring[(index + count - 1) % count], 0};
            const EdgeMeets meets = edge_meets(edge, u, v);
            if (meets == EdgeMeets::Blocks) return true;
            if (meets == EdgeMeets::OnLine) add_contacts(edge, u, v, contacts);
        }
    }
    return touching_from_both_sides(contacts) != nullptr;
}

std::int64_t EdgeIndex::column_of(std::int64_t x) const {
    const std::int64_t offset = x - grid_.origin_x;
    const std::int64_t column =
        offset >= 0 ? offset / grid_.size : -((-offset + grid_.size - 1) / grid_.size);
    return std::clamp<std::int64_t>(column, 0, grid_.columns - 1);
}

std::int64_t EdgeIndex::row_of(std::int64_t y) const {
    const std::int64_t offset = y - grid_.origin_y;
    const std::int64_t row =
        offset >= 0 ? offset / grid_.size : -((-offset + grid_.size - 1) / grid_.size);
    return std::clamp<std::int64_t>(row, 0, grid_.rows - 1);
}

void EdgeIndex::insert_into_cells(std::uint32_t edge) {
    const IndexedEdge& data = edges_[edge];
    const std::int64_t c0 = column_of(std::min(data.a.x, data.b.x));
    const std::int64_t c1 = column_of(std::max(data.a.x, data.b.x));
    const std::int64_t r0 = row_of(std::min(data.a.y, data.b.y));
    const std::int64_t r1 = row_of(std::max(data.a.y, data.b.y));
    for (std::int64_t row = r0; row <= r1; ++row)
        for (std::int64_t column = c0; column <= c1; ++column)
            cells_[static_cast<std::size_t>(row * grid_.columns + column)].push_back(edge);
}

void EdgeIndex::lay_out(const FixedBox& must_cover) {
    FixedBox box = must_cover;
    if (!covered_.empty()) {
        box.add(covered_.min);
        box.add(covered_.max);
    }
    // About one edge per cell over the area in use, and room to grow by half on every side.
    const std::int64_t width = box.max.x - box.min.x + 1, height = box.max.y - box.min.y + 1;
    const double area = static_cast<double>(width) * static_cast<double>(height);
    const double wanted_cells = std::max<double>(1, static_cast<double>(live_edges_));
    const std::int64_t size =
        std::max<std::int64_t>(1, std::llround(std::sqrt(area / wanted_cells)));
    box.add({box.min.x - width / 2, box.min.y - height / 2});
    box.add({box.max.x + width / 2, box.max.y + height / 2});
    grid_.origin_x = box.min.x;
    grid_.origin_y = box.min.y;
    grid_.size = size;
    grid_.columns = (box.max.x - box.min.x) / size + 1;
    grid_.rows = (box.max.y - box.min.y) / size + 1;
    covered_ = box;
    cells_.assign(static_cast<std::size_t>(grid_.columns * grid_.rows), {});
    for (std::uint32_t shape = 0; shape < edges_of_shape_.size(); ++shape)
        for (std::uint32_t edge : edges_of_shape_[shape])
            insert_into_cells(edge);
    edges_at_layout_ = live_edges_;
}

void EdgeIndex::add(std::uint32_t shape_number, const Shape& shape) {
    if (edges_of_shape_.size() <= shape_number) edges_of_shape_.resize(shape_number + 1);
    std::vector<std::uint32_t>& mine = edges_of_shape_[shape_number];
    const std::size_t first_new = mine.size();
    for (const Ring& ring : shape) {
        const std::size_t count = ring.size();
        for (std::size_t index = 0; index < count; ++index) {
            const IndexedEdge edge{ring[index], ring[(index + 1) % count],
                                   ring[(index + count - 1) % count], shape_number};
            std::uint32_t slot;
            if (!free_edges_.empty()) {
                slot = free_edges_.back();
                free_edges_.pop_back();
                edges_[slot] = edge;
            } else {
                slot = static_cast<std::uint32_t>(edges_.size());
                edges_.push_back(edge);
            }
            mine.push_back(slot);
            ++live_edges_;
        }
    }
    const FixedBox box = box_of(shape);
    const bool outside =
        covered_.empty() || !covered_.contains(box.min) || !covered_.contains(box.max);
    if (outside || live_edges_ > 4 * std::max<std::size_t>(edges_at_layout_, 64)) {
        lay_out(box);
        return;
    }
    for (std::size_t index = first_new; index < mine.size(); ++index)
        insert_into_cells(mine[index]);
}

void EdgeIndex::remove(std::uint32_t shape_number) {
    if (shape_number >= edges_of_shape_.size()) return;
    for (std::uint32_t edge : edges_of_shape_[shape_number]) {
        const IndexedEdge& data = edges_[edge];
        const std::int64_t c0 = column_of(std::min(data.a.x, data.b.x));
        const std::int64_t c1 = column_of(std::max(data.a.x, data.b.x));
        const std::int64_t r0 = row_of(std::min(data.a.y, data.b.y));
        const std::int64_t r1 = row_of(std::max(data.a.y, data.b.y));
        for (std::int64_t row = r0; row <= r1; ++row) {
            for (std::int64_t column = c0; column <= c1; ++column) {
                auto& cell = cells_[static_cast<std::size_t>(row * grid_.columns + column)];
                const auto found = std::find(cell.begin(), cell.end(), edge);
                if (found != cell.end()) {
                    *found = cell.back();
                    cell.pop_back();
                }
            }
        }
        free_edges_.push_back(edge);
        --live_edges_;
    }
    edges_of_shape_[shape_number].clear();
}

void EdgeIndex::clear() {
    *this = EdgeIndex();
}

}  // namespace pathkit::geometry
