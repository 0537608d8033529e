// NavMesh::update: the triangles where obstacles changed are triangulated again, the rest kept.
#include <algorithm>
#include <cassert>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "inflation.hpp"
#include "nav_mesh_repair.hpp"
#include "nav_mesh_sizes.hpp"

namespace pathkit {

using geometry::FixedBox;
using geometry::FixedPoint;
using geometry::Ring;

namespace {

constexpr std::uint32_t none = UINT32_MAX;

/// The two corners of an edge in one number, whichever way round.
std::uint64_t edge_key(std::uint32_t a, std::uint32_t b) {
    return (std::uint64_t{std::min(a, b)} << 32) | std::max(a, b);
}

bool boxes_meet(const FixedBox& a, const FixedBox& b) {
    return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

struct PointHash {
    std::size_t operator()(FixedPoint point) const {
        return std::hash<std::int64_t>()(point.x * 1'000'003 + point.y);
    }
};

/// Drops the corners of the ring, unless pinned, that lie within one grid step of the straight
/// line between the corners before and after them (between those two), or within two steps
/// of a pinned corner beside them. Outlines keep every corner through a repair, so without
/// this, corners where two grown outlines crossed (rounded to the grid) would stay on an
/// outline after one of them left, and pile up edit after edit; and a crossing rounded next
/// to a pinned corner would split the edge a kept triangle needs whole.
void drop_straight_corners(Ring& ring, const std::unordered_set<FixedPoint, PointHash>& pinned) {
    const auto near_pinned = [&](FixedPoint at, FixedPoint beside) {
        return pinned.contains(beside) && std::abs(at.x - beside.x) <= 2 &&
               std::abs(at.y - beside.y) <= 2;
    };
    const auto straight = [&](FixedPoint before, FixedPoint at, FixedPoint after) {
        if (pinned.contains(at)) return false;
        if (near_pinned(at, before) || near_pinned(at, after)) return true;
        const double ax = static_cast<double>(after.x - before.x),
                     ay = static_cast<double>(after.y - before.y);
        const double px = static_cast<double>(at.x - before.x),
                     py = static_cast<double>(at.y - before.y);
        const double along = px * ax + py * ay, length_squared = ax * ax + ay * ay;
        if (!(along > 0 && along < length_squared)) return false;
        const double cross = ax * py - ay * px;
        return cross * cross <= length_squared;  // within one step of the line
    };
    bool dropped = true;
    while (dropped && ring.size() > 3) {
        dropped = false;
        Ring kept;
        kept.reserve(ring.size());
        for (std::size_t index = 0; index < ring.size(); ++index) {
            const FixedPoint before = kept.empty() ? ring.back() : kept.back();
            const FixedPoint after = ring[(index + 1) % ring.size()];
            if (ring.size() - (index - kept.size()) > 3 && straight(before, ring[index], after)) {
                dropped = true;
                continue;
            }
            kept.push_back(ring[index]);
        }
        ring = std::move(kept);
    }
}

/// Moves every corner of the ring within one grid step (each way) of a corner the removed
/// triangles had onto that corner. Where an obstacle that left crossed one that stays, the
/// triangles kept the crossing rounded to the grid; cutting the staying obstacle to the freed
/// outline finds the crossing again and may round it one step away, which would leave a notch
/// a step wide between the two corners and cut free space there in two.
void snap_to_known(Ring& ring,
                   const std::unordered_map<FixedPoint, std::uint32_t, PointHash>& known) {
    const auto known_beside = [&](FixedPoint at) -> std::optional<FixedPoint> {
        for (std::int64_t dx = -1; dx <= 1; ++dx)
            for (std::int64_t dy = -1; dy <= 1; ++dy)
                if (const FixedPoint near{at.x + dx, at.y + dy}; known.contains(near)) return near;
        return std::nullopt;
    };
    for (FixedPoint& corner : ring)
        if (!known.contains(corner))
            if (const std::optional<FixedPoint> near = known_beside(corner)) corner = *near;
    // Corners snapped onto their neighbours are one corner.
    ring.erase(std::unique(ring.begin(), ring.end()), ring.end());
    while (ring.size() > 1 && ring.front() == ring.back())
        ring.pop_back();
}

}  // namespace

FixedBox NavMesh::Repair::box_of_triangle(std::uint32_t triangle) const {
    FixedBox box;
    for (const std::uint32_t vertex : mesh_.triangle_corners_[triangle])
        box.add({mesh_.vertices_[vertex][0], mesh_.vertices_[vertex][1]});
    return box;
}

// The locator's cells over the change hold every triangle whose box meets it.
void NavMesh::Repair::gather_removed(const FixedBox& change) {
    const std::int64_t* bounds = mesh_.bounds_.data();
    if (change.max.x < bounds[0] || change.min.x > bounds[2] || change.max.y < bounds[1] ||
        change.min.y > bounds[3])
        return;
    const auto cell_of = [&](std::int64_t value, int axis) {
        return (std::clamp(value, bounds[axis], bounds[axis + 2]) - bounds[axis]) /
               mesh_.cell_size_;
    };
    for (std::int64_t row = cell_of(change.min.y, 1); row <= cell_of(change.max.y, 1); ++row)
        for (std::int64_t column = cell_of(change.min.x, 0); column <= cell_of(change.max.x, 0);
             ++column)
            for (const std::uint32_t triangle :
                 mesh_.cells_[static_cast<std::size_t>(row * mesh_.cell_columns_ + column)]) {
                if (is_removed_[triangle] || !boxes_meet(box_of_triangle(triangle), change))
                    continue;
                is_removed_[triangle] = 1;
                removed_.push_back(triangle);
            }
}

bool NavMesh::Repair::is_kept_corner(std::uint32_t vertex) const {
    const std::int64_t x = mesh_.vertices_[vertex][0], y = mesh_.vertices_[vertex][1];
    const auto cell =
        static_cast<std::size_t>(((y - mesh_.bounds_[1]) / mesh_.cell_size_) * mesh_.cell_columns_ +
                                 (x - mesh_.bounds_[0]) / mesh_.cell_size_);
    for (const std::uint32_t triangle : mesh_.cells_[cell]) {
        if (is_removed_[triangle]) continue;
        const auto& corners = mesh_.triangle_corners_[triangle];
        if (std::find(corners.begin(), corners.end(), vertex) != corners.end()) return true;
    }
    return false;
}

// The removed triangles' edges that a kept triangle or a wall lies across, chained into
// rings: the outline of their union, counter-clockwise round it and clockwise round its holes
// (a ring may pass a corner twice where the union touches itself).
std::vector<Ring> NavMesh::Repair::removed_outline() const {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;  // from, to
    for (const std::uint32_t triangle : removed_)
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t across = mesh_.triangle_neighbours_[triangle][edge];
            if (across != none && is_removed_[across]) continue;
            const auto& corners = mesh_.triangle_corners_[triangle];
            edges.emplace_back(corners[(edge + 1) % 3], corners[(edge + 2) % 3]);
        }
    std::sort(edges.begin(), edges.end());
    std::vector<std::uint8_t> used(edges.size(), 0);
    std::vector<Ring> rings;
    for (std::size_t first = 0; first < edges.size(); ++first) {
        if (used[first]) continue;
        Ring ring;
        std::size_t at = first;
        while (true) {
            used[at] = 1;
            const std::uint32_t from = edges[at].first, to = edges[at].second;
            ring.push_back({mesh_.vertices_[from][0], mesh_.vertices_[from][1]});
            if (to == edges[first].first) break;
            // Every corner of the outline has as many edges leaving as arriving.
            auto next = std::lower_bound(edges.begin(), edges.end(), std::pair{to, 0U});
            while (used[static_cast<std::size_t>(next - edges.begin())])
                ++next;
            assert(next != edges.end() && next->first == to);
            at = static_cast<std::size_t>(next - edges.begin());
        }
        rings.push_back(std::move(ring));
    }
    return rings;
}

bool NavMesh::Repair::plan() {
    // The triangles round each change, and how far they reach.
    is_removed_.assign(mesh_.triangle_corners_.size(), 0);
    for (const auto& box : mesh_.pending_changes_)
        gather_removed({{box[0], box[1]}, {box[2], box[3]}});
    std::sort(removed_.begin(), removed_.end());
    if (2 * removed_.size() >= mesh_.triangle_corners_.size()) return false;
    // Near an area the triangles must split along its outline: a rebuild does that.
    FixedBox reach;
    for (const std::uint32_t triangle : removed_) {
        const FixedBox box = box_of_triangle(triangle);
        reach.add(box.min);
        reach.add(box.max);
    }
    for (const ObstacleEntry& entry : mesh_.pending_freed_) {
        reach.add(entry.box.min);
        reach.add(entry.box.max);
    }
    if (mesh_.areas_meet(reach)) return false;

    // The area to triangulate again: the removed triangles and what the freed obstacles
    // covered, minus every obstacle reaching into it.
    std::vector<Ring> region = removed_outline();
    // Free space stays free there but where obstacles came (added, or moved there), and what
    // obstacles left (removed, or moved away) is free but where other obstacles cover it too.
    // Obstacles that did not change are not cut from the triangles again: where two grown
    // outlines cross, the corner the triangles have was rounded to the grid, and cutting
    // again might round it elsewhere.
    std::vector<Ring> freed;
    std::vector<FixedBox> freed_boxes;
    for (const ObstacleEntry& entry : mesh_.pending_freed_) {
        freed.insert(freed.end(), entry.grown.begin(), entry.grown.end());
        freed_boxes.push_back(entry.box);
    }
    std::vector<std::uint32_t> arrived_numbers;
    for (const std::uint32_t obstacle : mesh_.pending_arrived_)
        if (mesh_.obstacles_[obstacle].alive) arrived_numbers.push_back(obstacle);
    std::sort(arrived_numbers.begin(), arrived_numbers.end());
    arrived_numbers.erase(std::unique(arrived_numbers.begin(), arrived_numbers.end()),
                          arrived_numbers.end());
    std::vector<const std::vector<Ring>*> arrived, covering;
    for (const std::uint32_t obstacle : arrived_numbers)
        arrived.push_back(&mesh_.obstacles_[obstacle].grown);
    std::vector<std::uint32_t> covering_numbers;
    for (const FixedBox& box : freed_boxes)
        for (const std::uint32_t obstacle : mesh_.obstacles_meeting(box))
            if (!std::binary_search(arrived_numbers.begin(), arrived_numbers.end(), obstacle))
                covering_numbers.push_back(obstacle);
    std::sort(covering_numbers.begin(), covering_numbers.end());
    covering_numbers.erase(std::unique(covering_numbers.begin(), covering_numbers.end()),
                           covering_numbers.end());
    for (const std::uint32_t obstacle : covering_numbers)
        covering.push_back(&mesh_.obstacles_[obstacle].grown);
    FixedBox bounds;
    bounds.add({mesh_.bounds_[0], mesh_.bounds_[1]});
    bounds.add({mesh_.bounds_[2], mesh_.bounds_[3]});
    // The corners of the removed triangles keep their numbers; other corners are new. Those
    // that kept triangles have too are pinned: the new triangles must have them.
    std::unordered_map<FixedPoint, std::uint32_t, PointHash> known;
    std::unordered_set<FixedPoint, PointHash> pinned;
    for (const std::uint32_t triangle : removed_)
        for (const std::uint32_t vertex : mesh_.triangle_corners_[triangle]) {
            const FixedPoint at{mesh_.vertices_[vertex][0], mesh_.vertices_[vertex][1]};
            if (!known.emplace(at, vertex).second) continue;
            touched_vertices_.push_back(vertex);
            if (is_kept_corner(vertex)) pinned.insert(at);
        }
    std::vector<Ring> free = geometry::free_space_within(bounds, region, arrived, covering, freed);
    std::vector<const Ring*> rings;
    for (Ring& ring : free) {
        snap_to_known(ring, known);
        drop_straight_corners(ring, pinned);
        rings.push_back(&ring);
    }
    local_ = geometry::triangulate_rings(rings);

    for (const FixedPoint corner : local_.corners) {
        const auto found = known.find(corner);
        if (found != known.end()) {
            local_vertex_.push_back(found->second);
        } else {
            local_vertex_.push_back(
                static_cast<std::uint32_t>(mesh_.vertices_.size() + new_vertices_.size()));
            new_vertices_.push_back(corner);
        }
    }
    for (const std::uint32_t triangle : removed_)
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t kept = mesh_.triangle_neighbours_[triangle][edge];
            if (kept == none || is_removed_[kept]) continue;
            const auto& corners = mesh_.triangle_corners_[triangle];
            const auto& across = mesh_.triangle_neighbours_[kept];
            const int back = across[0] == triangle ? 0 : across[1] == triangle ? 1 : 2;
            interface_[edge_key(corners[(edge + 1) % 3], corners[(edge + 2) % 3])] = {kept, back};
        }
    // Every edge between a removed and a kept triangle must come back as an edge of a new
    // triangle on the free space's outline, or the kept triangle would lose its neighbour.
    std::size_t matched = 0;
    for (std::size_t triangle = 0; triangle < local_.triangles.size(); ++triangle)
        for (int edge = 0; edge < 3; ++edge)
            if (local_.neighbours[triangle][edge] == none &&
                interface_.contains(
                    edge_key(local_vertex_[local_.triangles[triangle][(edge + 1) % 3]],
                             local_vertex_[local_.triangles[triangle][(edge + 2) % 3]])))
                ++matched;
    return matched == interface_.size();
}

void NavMesh::Repair::apply() {
    MeshChange& change = mesh_.last_change_;
    change.boundary_edges_removed.clear();
    change.boundary_edges_added.clear();
    for (const std::uint32_t triangle : removed_) {
        for (const std::uint32_t place : mesh_.boundary_places_[triangle])
            if (place != none)
                change.boundary_edges_removed.push_back(mesh_.boundary_edges_[place]);
        mesh_.remove_from_locator(triangle, none);
        mesh_.remove_boundary_edges(triangle);
    }
    // Corners where free space touched itself round a removed triangle are worked out again.
    std::erase_if(mesh_.touching_corner_triangles_,
                  [&](const auto& entry) { return is_removed_[entry.second] != 0; });
    for (const FixedPoint corner : new_vertices_) {
        mesh_.vertices_.push_back({corner.x, corner.y});
        mesh_.vertex_on_boundary_.push_back(0);
    }
    place_triangles();
    close_gaps();
    for (const std::uint32_t triangle : placed_) {
        mesh_.add_to_locator(triangle);
        mesh_.add_boundary_edges(triangle);
        for (const std::uint32_t place : mesh_.boundary_places_[triangle])
            if (place != none) change.boundary_edges_added.push_back(mesh_.boundary_edges_[place]);
    }
    label_regions();
    repair_corners();
    std::vector<std::uint32_t>& replaced = change.replaced_triangles;
    replaced = placed_;
    replaced.insert(replaced.end(), moved_.begin(), moved_.end());
    std::sort(replaced.begin(), replaced.end());
}

// The new triangles take the removed ones' numbers first, then numbers after the last.
void NavMesh::Repair::place_triangles() {
    auto& corners = mesh_.triangle_corners_;
    auto& neighbours = mesh_.triangle_neighbours_;
    const std::size_t count = local_.triangles.size();
    for (std::size_t index = 0; index < count; ++index)
        placed_.push_back(index < removed_.size() ? removed_[index]
                                                  : static_cast<std::uint32_t>(
                                                        corners.size() + index - removed_.size()));
    if (count > removed_.size()) {
        corners.resize(corners.size() + count - removed_.size());
        neighbours.resize(corners.size());
        mesh_.triangle_region_.resize(corners.size());
        mesh_.triangle_type_.resize(corners.size());
        mesh_.boundary_places_.resize(corners.size(), {none, none, none});
        is_removed_.resize(corners.size(), 0);
    }
    for (std::size_t index = 0; index < count; ++index) {
        const std::uint32_t at = placed_[index];
        is_removed_[at] = 0;
        mesh_.triangle_type_[at] = 0;  // no area reaches the repair
        for (int corner = 0; corner < 3; ++corner)
            corners[at][corner] = local_vertex_[local_.triangles[index][corner]];
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t across = local_.neighbours[index][edge];
            neighbours[at][edge] = across == none ? none : placed_[across];
            if (across != none) continue;
            const auto found =
                interface_.find(edge_key(corners[at][(edge + 1) % 3], corners[at][(edge + 2) % 3]));
            if (found == interface_.end()) continue;
            neighbours[at][edge] = found->second.first;
            neighbours[found->second.first][found->second.second] = at;
        }
    }
}

// Fewer triangles than before: the last ones move into the numbers left free.
void NavMesh::Repair::close_gaps() {
    auto& corners = mesh_.triangle_corners_;
    auto& neighbours = mesh_.triangle_neighbours_;
    std::vector<std::uint32_t> gaps(
        removed_.begin() + static_cast<std::ptrdiff_t>(std::min(placed_.size(), removed_.size())),
        removed_.end());
    std::size_t next_gap = 0;
    while (next_gap < gaps.size()) {
        const auto last = static_cast<std::uint32_t>(corners.size() - 1);
        if (is_removed_[last]) {  // a gap at the end: drop it
            gaps.erase(
                std::find(gaps.begin() + static_cast<std::ptrdiff_t>(next_gap), gaps.end(), last));
        } else {
            const std::uint32_t gap = gaps[next_gap++];
            mesh_.remove_from_locator(last, gap);
            for (auto& [vertex, triangle] : mesh_.touching_corner_triangles_)
                if (triangle == last) triangle = gap;
            corners[gap] = corners[last];
            neighbours[gap] = neighbours[last];
            mesh_.boundary_places_[gap] = mesh_.boundary_places_[last];
            for (const std::uint32_t place : mesh_.boundary_places_[gap])
                if (place != none) mesh_.boundary_owners_[place].first = gap;
            mesh_.triangle_region_[gap] = mesh_.triangle_region_[last];
            mesh_.triangle_type_[gap] = mesh_.triangle_type_[last];
            is_removed_[gap] = 0;
            for (const std::uint32_t across : neighbours[gap])
                if (across != none)
                    for (std::uint32_t& back : neighbours[across])
                        if (back == last) back = gap;
            const auto placed = std::find(placed_.begin(), placed_.end(), last);
            if (placed != placed_.end()) {
                *placed = gap;
            } else {
                moved_.push_back(gap);
            }
        }
        corners.pop_back();
        neighbours.pop_back();
        mesh_.triangle_region_.pop_back();
        mesh_.triangle_type_.pop_back();
        mesh_.boundary_places_.pop_back();
        is_removed_.pop_back();
    }
}

// Around every corner of a removed or new triangle: whether an edge where free space ends
// meets it, and whether the triangles round it fall into several fans (free space touching
// itself there). The locator's cell of a corner holds every triangle around it.
void NavMesh::Repair::repair_corners() {
    for (const std::uint32_t triangle : placed_)
        for (const std::uint32_t vertex : mesh_.triangle_corners_[triangle])
            touched_vertices_.push_back(vertex);
    std::sort(touched_vertices_.begin(), touched_vertices_.end());
    touched_vertices_.erase(std::unique(touched_vertices_.begin(), touched_vertices_.end()),
                            touched_vertices_.end());
    std::erase_if(mesh_.touching_corner_triangles_, [&](const auto& entry) {
        return std::binary_search(touched_vertices_.begin(), touched_vertices_.end(), entry.first);
    });
    std::vector<std::uint32_t> around, fan;
    for (const std::uint32_t vertex : touched_vertices_) {
        const std::int64_t x = mesh_.vertices_[vertex][0], y = mesh_.vertices_[vertex][1];
        const std::size_t cell = static_cast<std::size_t>(
            ((y - mesh_.bounds_[1]) / mesh_.cell_size_) * mesh_.cell_columns_ +
            (x - mesh_.bounds_[0]) / mesh_.cell_size_);
        around.clear();
        bool on_boundary = false;
        for (const std::uint32_t triangle : mesh_.cells_[cell]) {
            const auto& corners = mesh_.triangle_corners_[triangle];
            const auto corner = std::find(corners.begin(), corners.end(), vertex);
            if (corner == corners.end()) continue;
            around.push_back(triangle);
            const auto at = corner - corners.begin();
            const auto& neighbours = mesh_.triangle_neighbours_[triangle];
            on_boundary =
                on_boundary || neighbours[(at + 1) % 3] == none || neighbours[(at + 2) % 3] == none;
        }
        mesh_.vertex_on_boundary_[vertex] = on_boundary ? 1 : 0;
        if (around.empty()) continue;
        // One fan: every triangle round the corner reached from the first across shared edges.
        fan.assign(1, around.front());
        for (std::size_t at = 0; at < fan.size(); ++at)
            for (const std::uint32_t across : mesh_.triangle_neighbours_[fan[at]])
                if (across != none && std::find(fan.begin(), fan.end(), across) == fan.end() &&
                    std::find(around.begin(), around.end(), across) != around.end())
                    fan.push_back(across);
        if (fan.size() == around.size()) continue;
        for (const std::uint32_t triangle : around)
            mesh_.touching_corner_triangles_.push_back({vertex, triangle});
    }
    std::sort(mesh_.touching_corner_triangles_.begin(), mesh_.touching_corner_triangles_.end());
}

void NavMesh::update() {
    const auto lock = lock_for_editing();
    edit_radius_classes([](NavMesh& mesh) { mesh.update(); });
    if (!dirty_) return;
    // Repairs keep every corner the triangles around them have, so corners where grown
    // outlines crossed (rounded to the grid) gather slowly, edit after edit: a rebuild when
    // they have made half as many triangles again as the last one had.
    const bool crowded =
        triangle_corners_.size() > triangles_at_build_ + triangles_at_build_ / 2 + 1024;
    if (pending_everywhere_ || revision_ == 0 || crowded) {
        rebuild();
        return;
    }
    Repair repair(*this);
    if (!repair.plan()) {
        rebuild();
        return;
    }
    repair.apply();
    // Corners no triangle uses any more pile up over many repairs: renumber now and then.
    if (vertices_.size() > 4 * triangle_corners_.size() + 4096) compact_vertices();
    // The locator's cells were sized for the triangles of the last build.
    const double crowding =
        static_cast<double>(triangle_corners_.size()) / static_cast<double>(cells_.size());
    if (crowding > 4 || crowding < 0.25) build_locator();
    finish_change(false);
}

// Numbers the corners in use 0, 1, ... again, dropping the others.
void NavMesh::compact_vertices() {
    std::vector<std::uint32_t> number(vertices_.size(), none);
    std::vector<std::array<std::int64_t, 2>> kept;
    std::vector<std::uint8_t> on_boundary;
    for (auto& corners : triangle_corners_)
        for (std::uint32_t& vertex : corners) {
            if (number[vertex] == none) {
                number[vertex] = static_cast<std::uint32_t>(kept.size());
                kept.push_back(vertices_[vertex]);
                on_boundary.push_back(vertex_on_boundary_[vertex]);
            }
            vertex = number[vertex];
        }
    vertices_ = std::move(kept);
    vertex_on_boundary_ = std::move(on_boundary);
    for (auto& entry : touching_corner_triangles_)
        entry.first = number[entry.first];
    std::sort(touching_corner_triangles_.begin(), touching_corner_triangles_.end());
}

}  // namespace pathkit
