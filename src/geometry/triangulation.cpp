// Constrained Delaunay triangulation of free space (CGAL), handed back as plain arrays.
#include "triangulation.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <climits>
#include <deque>
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

constexpr std::uint32_t unnumbered = UINT32_MAX;

// True when the edge is a border of the shapes: rings run along it, and not as many each way.
bool is_border(const Cdt& cdt, const Cdt::Face_handle& face, int edge) {
    const int sides = face->info().sides[edge];
    return sides == unknown ? cdt.is_constrained({face, edge}) : sides != 0;
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
void label_depths(Cdt& cdt) {
    for (auto face = cdt.all_faces_begin(); face != cdt.all_faces_end(); ++face)
        face->info().depth = -1;
    std::deque<std::pair<Cdt::Face_handle, int>> seeds{{cdt.infinite_face(), 0}};
    while (!seeds.empty()) {
        const auto [seed, depth] = seeds.front();
        seeds.pop_front();
        if (seed->info().depth != -1) continue;
        // Flood the region of this depth; faces across constraints wait at depth + 1.
        std::deque<Cdt::Face_handle> region{seed};
        seed->info().depth = depth;
        while (!region.empty()) {
            const Cdt::Face_handle face = region.front();
            region.pop_front();
            for (int edge = 0; edge < 3; ++edge) {
                const Cdt::Face_handle next = face->neighbor(edge);
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

Triangulation triangulate_rings(const std::vector<const Ring*>& rings) {
    Cdt cdt;
    for (const Ring* ring : rings) {
        std::vector<Kernel::Point_2> points;
        points.reserve(ring->size());
        for (FixedPoint point : without_spikes(*ring))
            points.emplace_back(static_cast<double>(point.x), static_cast<double>(point.y));
        if (points.empty()) continue;
        cdt.insert_constraint(points.begin(), points.end(), /*close=*/true);
    }
    Triangulation result;
    // No free space, or only a point or a line of it: no triangles (and faces without
    // neighbours, which the labelling could not walk). Found by fuzzing.
    if (cdt.dimension() < 2) return result;
    count_sides(cdt, rings);
    label_depths(cdt);

    for (auto vertex = cdt.finite_vertices_begin(); vertex != cdt.finite_vertices_end(); ++vertex)
        vertex->info() = unnumbered;
    std::vector<Cdt::Face_handle> inside;
    for (auto face = cdt.finite_faces_begin(); face != cdt.finite_faces_end(); ++face)
        if (face->info().depth % 2 == 1) inside.push_back(face);
    for (std::uint32_t index = 0; index < inside.size(); ++index)
        inside[index]->info().number = index;
    for (const Cdt::Face_handle& face : inside) {
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
            const Cdt::Face_handle next = face->neighbor(corner);
            const bool walkable = !cdt.is_infinite(next) && next->info().depth % 2 == 1 &&
                                  !is_border(cdt, face, corner);
            neighbours[corner] = walkable ? next->info().number : unnumbered;
        }
        result.triangles.push_back(corners);
        result.neighbours.push_back(neighbours);
    }
    return result;
}

}  // namespace pathkit::geometry
