// Constrained Delaunay triangulation of free space (CGAL), handed back as plain arrays.
#include "triangulation.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Constrained_triangulation_plus_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <climits>
#include <deque>
#include <type_traits>
#include <unordered_map>

namespace pathkit::geometry {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
// Per face: how many constrained edges lie between it and the outside (-1: not yet known),
// its number among the triangles handed back, and per edge the rings' edges along it counted
// by side: +1 for each that has this face on its left (inside), -1 for each that has it on
// its right. Rings may run along each other's edges the opposite way (a hole touching its
// outer ring along a stretch, which Clipper gives back); there the counts cancel, and the
// edge is no border. `unknown` for an edge no ring was walked along.
constexpr int unknown = INT_MIN;
struct FaceInfo {
    int depth = -1;
    std::uint32_t number = UINT32_MAX;
    std::array<int, 3> sides{unknown, unknown, unknown};
};
using VertexBase = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, Kernel>;
using FaceBase = CGAL::Constrained_triangulation_face_base_2<
    Kernel, CGAL::Triangulation_face_base_with_info_2<FaceInfo, Kernel>>;
using Storage = CGAL::Triangulation_data_structure_2<VertexBase, FaceBase>;
using Cdt = CGAL::Constrained_Delaunay_triangulation_2<Kernel, Storage, CGAL::Exact_predicates_tag>;
// With marks (area outlines) crossing the rings and each other: the triangulation that keeps,
// per ring, every corner along it (crossings included), so that sides are counted exactly.
using MarkedCdt = CGAL::Constrained_triangulation_plus_2<Cdt>;

constexpr std::uint32_t unnumbered = UINT32_MAX;

// True when the edge is a border of the shapes: rings run along it, and not as many each way.
// With marks every ring edge was counted, and an edge no ring runs along is never a border.
template <class Triangulation2>
bool is_border(const Triangulation2& cdt, const typename Triangulation2::Face_handle& face,
               int edge) {
    const int sides = face->info().sides[edge];
    if constexpr (std::is_same_v<Triangulation2, MarkedCdt>) return sides != unknown && sides != 0;
    return sides == unknown ? cdt.is_constrained({face, edge}) : sides != 0;
}

// Counts the sides of every edge along the rings (constraints `ids`), corner by corner as
// the triangulation keeps them.
void count_marked_sides(MarkedCdt& cdt, const std::vector<MarkedCdt::Constraint_id>& ids) {
    const auto count = [](int& sides, int side) { sides = (sides == unknown ? 0 : sides) + side; };
    const auto count_edge = [&](MarkedCdt::Vertex_handle at, MarkedCdt::Vertex_handle next) {
        MarkedCdt::Face_handle face;
        int edge = 0;
        if (at == next || !cdt.is_edge(at, next, face, edge)) return;
        const bool left = face->vertex(cdt.ccw(edge)) == at;
        count(face->info().sides[edge], left ? 1 : -1);
        const MarkedCdt::Face_handle other = face->neighbor(edge);
        count(other->info().sides[other->index(face)], left ? -1 : 1);
    };
    for (const MarkedCdt::Constraint_id& id : ids) {
        auto at = cdt.vertices_in_constraint_begin(id);
        const auto end = cdt.vertices_in_constraint_end(id);
        if (at == end) continue;
        const MarkedCdt::Vertex_handle first = *at;
        MarkedCdt::Vertex_handle previous = first;
        for (++at; at != end; ++at) {
            count_edge(previous, *at);
            previous = *at;
        }
        count_edge(previous, first);  // the closing edge, unless the list repeats the first
    }
}

// Counts every ring edge on the triangulation's edges along it (several where corners of
// other rings lie on it), by side.
void count_sides(Cdt& cdt, const std::vector<const Ring*>& rings) {
    struct PointHash {
        std::size_t operator()(FixedPoint point) const {
            return std::hash<std::int64_t>()(point.x * 1'000'003 + point.y);
        }
    };
    std::unordered_map<FixedPoint, Cdt::Vertex_handle, PointHash> vertex_at;
    for (auto vertex = cdt.finite_vertices_begin(); vertex != cdt.finite_vertices_end(); ++vertex)
        vertex_at.emplace(
            FixedPoint{std::llround(vertex->point().x()), std::llround(vertex->point().y())},
            vertex);
    const auto count = [](int& sides, int side) { sides = (sides == unknown ? 0 : sides) + side; };
    for (const Ring* ring : rings)
        for (std::size_t index = 0; index < ring->size(); ++index) {
            const auto from = vertex_at.find((*ring)[index]);
            const auto to = vertex_at.find((*ring)[(index + 1) % ring->size()]);
            if (from == vertex_at.end() || to == vertex_at.end()) continue;
            const Kernel::Point_2 end = to->second->point();
            Cdt::Vertex_handle at = from->second;
            // Along the segment from corner to corner of the triangulation on it.
            for (std::size_t guard = 0; at != to->second && guard < cdt.number_of_vertices();
                 ++guard) {
                Cdt::Face_handle face;
                int edge = 0;
                Cdt::Vertex_handle next;
                if (cdt.is_edge(at, to->second, face, edge)) next = to->second;
                auto around = cdt.incident_vertices(at), done = around;
                while (next == Cdt::Vertex_handle()) {
                    if (!cdt.is_infinite(around) &&
                        (around == to->second ||
                         (CGAL::orientation(at->point(), end, around->point()) == CGAL::COLLINEAR &&
                          CGAL::collinear_are_ordered_along_line(at->point(), around->point(),
                                                                 end) &&
                          around->point() != at->point())))
                        next = around;
                    if (++around == done) break;
                }
                if (next == Cdt::Vertex_handle() || !cdt.is_edge(at, next, face, edge)) break;
                // Edge `edge` of `face` runs from its corner edge + 1 to edge + 2
                // counter-clockwise: the face is on the left when that is our way.
                const bool left = face->vertex(cdt.ccw(edge)) == at;
                count(face->info().sides[edge], left ? 1 : -1);
                const Cdt::Face_handle other = face->neighbor(edge);
                count(other->info().sides[other->index(face)], left ? -1 : 1);
                at = next;
            }
        }
}

// Labels every face with the number of constraints crossed to reach it from the infinite
// face; the faces with odd numbers are inside the shapes.
template <class Triangulation2>
void label_depths(Triangulation2& cdt) {
    using Face_handle = typename Triangulation2::Face_handle;
    for (auto face = cdt.all_faces_begin(); face != cdt.all_faces_end(); ++face)
        face->info().depth = -1;
    std::deque<std::pair<Face_handle, int>> seeds{{cdt.infinite_face(), 0}};
    while (!seeds.empty()) {
        const auto [seed, depth] = seeds.front();
        seeds.pop_front();
        if (seed->info().depth != -1) continue;
        // Flood the region of this depth; faces across constraints wait at depth + 1.
        std::deque<Face_handle> region{seed};
        seed->info().depth = depth;
        while (!region.empty()) {
            const Face_handle face = region.front();
            region.pop_front();
            for (int edge = 0; edge < 3; ++edge) {
                const Face_handle next = face->neighbor(edge);
                if (next->info().depth != -1) continue;
                if (is_border(cdt, face, edge)) {
                    seeds.push_back({next, depth + 1});
                } else {
                    next->info().depth = depth;
                    region.push_back(next);
                }
            }
        }
    }
}

// The ring without repeated corners or spikes (a corner that the ring leaves the way it came):
// either would be a constraint the depth labelling counts twice or wrongly.
Ring without_spikes(const Ring& ring) {
    Ring kept;
    kept.reserve(ring.size());
    for (FixedPoint point : ring) {
        if (!kept.empty() && kept.back() == point) continue;
        while (kept.size() >= 2 && kept[kept.size() - 2] == point) {
            kept.pop_back();
            if (kept.back() == point) kept.pop_back();
        }
        kept.push_back(point);
    }
    // Around the closing corner the same.
    while (kept.size() >= 3 && (kept.front() == kept.back() || kept[1] == kept.back() ||
                                kept.front() == kept[kept.size() - 2])) {
        if (kept.front() == kept.back()) {
            kept.pop_back();
        } else if (kept[1] == kept.back()) {
            kept.erase(kept.begin());
            kept.pop_back();
        } else {
            kept.pop_back();
            kept.pop_back();
        }
    }
    return kept.size() >= 3 ? kept : Ring{};
}

}  // namespace

Triangulation triangulate(const std::vector<Shape>& shapes) {
    std::vector<const Ring*> rings;
    for (const Shape& shape : shapes)
        for (const Ring& ring : shape)
            rings.push_back(&ring);
    return triangulate_rings(rings);
}

namespace {

// The triangles inside the shapes (odd depth), numbered, with their corners on the grid.
template <class Triangulation2>
Triangulation inside_triangles(Triangulation2& cdt) {
    using Face_handle = typename Triangulation2::Face_handle;
    Triangulation result;
    for (auto vertex = cdt.finite_vertices_begin(); vertex != cdt.finite_vertices_end(); ++vertex)
        vertex->info() = unnumbered;
    std::vector<Face_handle> inside;
    for (auto face = cdt.finite_faces_begin(); face != cdt.finite_faces_end(); ++face)
        if (face->info().depth % 2 == 1) inside.push_back(face);
    for (std::uint32_t index = 0; index < inside.size(); ++index)
        inside[index]->info().number = index;
    for (const Face_handle& face : inside) {
        std::array<std::uint32_t, 3> corners{};
        std::array<std::uint32_t, 3> neighbours{};
        for (int corner = 0; corner < 3; ++corner) {
            const auto vertex = face->vertex(corner);
            if (vertex->info() == unnumbered) {
                vertex->info() = static_cast<std::uint32_t>(result.corners.size());
                const auto& point = vertex->point();
                result.corners.push_back({std::llround(point.x()), std::llround(point.y())});
            }
            corners[corner] = vertex->info();
            const Face_handle next = face->neighbor(corner);
            const bool walkable = !cdt.is_infinite(next) && next->info().depth % 2 == 1 &&
                                  !is_border(cdt, face, corner);
            neighbours[corner] = walkable ? next->info().number : unnumbered;
        }
        result.triangles.push_back(corners);
        result.neighbours.push_back(neighbours);
    }
    return result;
}

template <class Triangulation2>
auto insert_ring(Triangulation2& cdt, const Ring& ring) {
    std::vector<Kernel::Point_2> points;
    points.reserve(ring.size());
    for (FixedPoint point : without_spikes(ring))
        points.emplace_back(static_cast<double>(point.x), static_cast<double>(point.y));
    if constexpr (std::is_same_v<Triangulation2, MarkedCdt>) {
        if (points.empty()) return MarkedCdt::Constraint_id();
        return cdt.insert_constraint(points.begin(), points.end(), /*close=*/true);
    } else {
        if (!points.empty()) cdt.insert_constraint(points.begin(), points.end(), /*close=*/true);
    }
}

}  // namespace

Triangulation triangulate_rings(const std::vector<const Ring*>& rings) {
    Cdt cdt;
    for (const Ring* ring : rings)
        insert_ring(cdt, *ring);
    // No free space, or only a point or a line of it: no triangles (and faces without
    // neighbours, which the labelling could not walk). Found by fuzzing.
    if (cdt.dimension() < 2) return {};
    count_sides(cdt, rings);
    label_depths(cdt);
    return inside_triangles(cdt);
}

namespace {

// The corners the triangulation keeps along a constraint, rounded to the grid: a mark that
// crossed a ring there now bends through the rounded crossing, and so does the ring.
Ring rounded_constraint(const MarkedCdt& cdt, MarkedCdt::Constraint_id id) {
    Ring ring;
    for (auto at = cdt.vertices_in_constraint_begin(id); at != cdt.vertices_in_constraint_end(id);
         ++at) {
        const FixedPoint point{std::llround((*at)->point().x()), std::llround((*at)->point().y())};
        if (ring.empty() || ring.back() != point) ring.push_back(point);
    }
    while (ring.size() > 1 && ring.front() == ring.back())
        ring.pop_back();
    return ring;
}

bool has_corner_off_grid(const MarkedCdt& cdt) {
    for (auto vertex = cdt.finite_vertices_begin(); vertex != cdt.finite_vertices_end(); ++vertex)
        if (vertex->point().x() != std::round(vertex->point().x()) ||
            vertex->point().y() != std::round(vertex->point().y()))
            return true;
    return false;
}

}  // namespace

// Crossings are points CGAL constructs off the grid; rounding them afterwards could fold a
// thin triangle over or give two corners one place. Instead the rings and marks are bent
// through the rounded crossings and triangulated again (rarely a third time, where bending
// made a new crossing), until every corner lies on the grid.
Triangulation triangulate_rings(const std::vector<const Ring*>& rings,
                                const std::vector<const Ring*>& marks) {
    if (marks.empty()) return triangulate_rings(rings);
    std::vector<Ring> lines;
    for (const auto* list : {&rings, &marks})
        for (const Ring* ring : *list)
            lines.push_back(*ring);
    constexpr int most_rounds = 4;
    for (int round = 0;; ++round) {
        MarkedCdt cdt;
        std::vector<MarkedCdt::Constraint_id> ids(lines.size());
        for (std::size_t line = 0; line < lines.size(); ++line)
            ids[line] = insert_ring(cdt, lines[line]);
        if (cdt.dimension() < 2) return {};
        if (round + 1 < most_rounds && has_corner_off_grid(cdt)) {
            for (std::size_t line = 0; line < lines.size(); ++line)
                if (ids[line] != MarkedCdt::Constraint_id())
                    lines[line] = rounded_constraint(cdt, ids[line]);
            continue;
        }
        std::vector<MarkedCdt::Constraint_id> ring_ids;
        for (std::size_t line = 0; line < rings.size(); ++line)
            if (ids[line] != MarkedCdt::Constraint_id()) ring_ids.push_back(ids[line]);
        count_marked_sides(cdt, ring_ids);
        label_depths(cdt);
        return inside_triangles(cdt);
    }
}

}  // namespace pathkit::geometry
