// Fuzz target (API): obstacles added, removed and moved in the order the bytes say, the mesh
// repaired after each step, answer as a mesh triangulated from the obstacles left.
#include <cmath>
#include <cstdint>
#include <vector>

#include "fuzz_bytes.hpp"
#include "pathkit/geometry/nav_mesh.hpp"

namespace {

using namespace pathkit;

constexpr float side = 48;

/// A triangle or a quadrilateral on a 0..48 grid, from the bytes (may be invalid: refused).
Obstacle shape_from(fuzzing::FuzzBytes& bytes) {
    const int corners = bytes.flip() ? 3 : 4;
    std::vector<Point2> points;
    for (int corner = 0; corner < corners; ++corner)
        points.push_back(
            {static_cast<float>(bytes.in(0, 48)), static_cast<float>(bytes.in(0, 48))});
    return Obstacle::polygon(std::move(points));
}

NavMesh empty_mesh(float radius) {
    return std::move(NavMesh::create({0, 0}, {side, side}, {.buffer_radius = radius}).value());
}

/// The length of the outline of free space (world units).
double outline_length(const NavMesh& mesh) {
    double total = 0;
    for (const MeshEdge& edge : mesh.boundary_edges())
        total += std::hypot(double{edge.to.x} - edge.from.x, double{edge.to.y} - edge.from.y);
    return total;
}

/// Twice the free area, from the triangles' corners.
double doubled_area(const NavMesh& mesh) {
    double total = 0;
    for (const MeshTriangle& t : mesh.triangles())
        total += (double{t[1].x} - t[0].x) * (double{t[2].y} - t[0].y) -
                 (double{t[1].y} - t[0].y) * (double{t[2].x} - t[0].x);
    return total;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::FuzzBytes bytes(data, size);
    const float radius = static_cast<float>(bytes.in(0, 2)) / 2;
    NavMesh mesh = empty_mesh(radius);
    mesh.triangulate();
    std::vector<std::pair<ObstacleId, Obstacle>> present;
    for (int step = 0; step < 16 && !bytes.empty(); ++step) {
        const int what = present.empty() ? 0 : bytes.in(0, 3);
        if (what <= 1) {
            const std::vector<Obstacle> added{shape_from(bytes)};
            if (const auto ids = mesh.add_obstacles(added))
                present.push_back({ids.value().front(), added.front()});
        } else {
            const std::size_t which =
                static_cast<std::size_t>(bytes.in(0, static_cast<int>(present.size()) - 1));
            if (what == 2) {
                if (!mesh.remove_obstacles({&present[which].first, 1}))
                    fuzzing::broken("a present obstacle was refused");
                present.erase(present.begin() + static_cast<std::ptrdiff_t>(which));
            } else {
                const Point2 by{static_cast<float>(bytes.in(-6, 6)),
                                static_cast<float>(bytes.in(-6, 6))};
                if (mesh.move_obstacle(present[which].first, by))
                    present[which].second = present[which].second.moved_by(by);
            }
        }
        mesh.update();
        NavMesh rebuilt = empty_mesh(radius);
        std::vector<Obstacle> all;
        for (const auto& entry : present)
            all.push_back(entry.second);
        if (!rebuilt.add_obstacles(all)) fuzzing::broken("obstacles accepted one by one refused");
        rebuilt.triangulate();
        // Corners where outlines cross round to the 1/1024 grid either way, and a repair drops
        // corners within a step of a straight outline: the areas may differ by a step's width
        // along the outline.
        if (std::abs(doubled_area(mesh) - doubled_area(rebuilt)) >
            2 * outline_length(rebuilt) / 1024 + 1e-3)
            fuzzing::broken("a repair covered other free space than a rebuild");
        for (int query = 0; query < 3 && !bytes.empty(); ++query) {
            const Point2 from{static_cast<float>(bytes.in(0, 96)) / 2 + 0.25f,
                              static_cast<float>(bytes.in(0, 96)) / 2 + 0.25f};
            const Point2 to{static_cast<float>(bytes.in(0, 96)) / 2 + 0.25f,
                            static_cast<float>(bytes.in(0, 96)) / 2 + 0.25f};
            const PlanePath repaired = mesh.find_path(from, to);
            const PlanePath expected = rebuilt.find_path(from, to);
            if (repaired.status != expected.status)
                fuzzing::broken("a repaired mesh answered with another status than a rebuild");
            if (std::abs(repaired.cost - expected.cost) > 1e-3f * (1 + expected.cost))
                fuzzing::broken("a repaired mesh gave another length than a rebuild");
        }
    }
    return 0;
}
