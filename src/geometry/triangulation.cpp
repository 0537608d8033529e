// Constrained Delaunay triangulation of free space (CGAL), handed back as plain arrays.
#include "triangulation.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <deque>

namespace pathkit::geometry {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
// Per face: how many constrained edges lie between it and the outside (-1: not yet known),
// and its number among the triangles handed back.
struct FaceInfo {
    int depth = -1;
    std::uint32_t number = UINT32_MAX;
};
using VertexBase = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, Kernel>;
using FaceBase = CGAL::Constrained_triangulation_face_base_2<
    Kernel, CGAL::Triangulation_face_base_with_info_2<FaceInfo, Kernel>>;
using Storage = CGAL::Triangulation_data_structure_2<VertexBase, FaceBase>;
using Cdt = CGAL::Constrained_Delaunay_triangulation_2<Kernel, Storage, CGAL::Exact_predicates_tag>;

constexpr std::uint32_t unnumbered = UINT32_MAX;

// Labels every face with the number of constraints crossed to reach it from the infinite
// face; the faces with odd numbers are inside the shapes.
void label_depths(Cdt& cdt) {
    for (auto face = cdt.all_faces_begin(); face != cdt.all_faces_end(); ++face)
        face->info() = {};
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
                if (cdt.is_constrained({face, edge})) {
                    seeds.push_back({next, depth + 1});
                } else {
                    next->info().depth = depth;
                    region.push_back(next);
                }
            }
        }
    }
}

}  // namespace

Triangulation triangulate(const std::vector<Shape>& shapes) {
    Cdt cdt;
    for (const Shape& shape : shapes) {
        for (const Ring& ring : shape) {
            std::vector<Kernel::Point_2> points;
            points.reserve(ring.size());
            for (FixedPoint point : ring)
                points.emplace_back(static_cast<double>(point.x), static_cast<double>(point.y));
            cdt.insert_constraint(points.begin(), points.end(), /*close=*/true);
        }
    }
    Triangulation result;
    // No free space, or only a point or a line of it: no triangles (and faces without
    // neighbours, which the labelling could not walk). Found by fuzzing.
    if (cdt.dimension() < 2) return result;
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
                                  !cdt.is_constrained({face, corner});
            neighbours[corner] = walkable ? next->info().number : unnumbered;
        }
        result.triangles.push_back(corners);
        result.neighbours.push_back(neighbours);
    }
    return result;
}

}  // namespace pathkit::geometry
