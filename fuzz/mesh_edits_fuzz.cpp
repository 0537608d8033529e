// Fuzz target (API): obstacles added, removed and moved in the order the bytes say, the mesh
// repaired after each step, answer as a mesh triangulated from the obstacles left.
#include <cmath>
#include <cstdint>
#include <vector>

#include "fuzz_bytes.hpp"
#include "fuzz_shapes.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "support/nav_mesh_measures.hpp"

namespace {

using namespace pathkit;

constexpr float side = 48;

NavMesh empty_mesh(float radius) {
    return std::move(NavMesh::create({0, 0}, {side, side}, {.buffer_radius = radius}).value());
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
            const std::vector<Obstacle> added{fuzzing::polygon_from_bytes(bytes, 48)};
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
        if (std::abs(testing::free_area(mesh) - testing::free_area(rebuilt)) >
            testing::outline_length(rebuilt) / 1024 + 5e-4)
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
