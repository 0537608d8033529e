// EdgeGrid: after repairs of the mesh the grid follows, the walls near any point are those a
// brute-force scan of the mesh's boundary edges finds.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <vector>

#include "agents/edge_grid.hpp"
#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit::agents {
namespace {

using EdgeKey = std::tuple<float, float, float, float>;

EdgeKey key_of(const MeshEdge& edge) {
    return {edge.from.x, edge.from.y, edge.to.x, edge.to.y};
}

// The reference: every boundary edge of the mesh with a point within `range` of `point`.
std::vector<EdgeKey> brute_force(const NavMesh& mesh, Point2 point, float range) {
    std::vector<EdgeKey> near;
    for (const MeshEdge& edge : mesh.boundary_edges())
        if (length_squared(closest_on_segment(edge.from, edge.to, point) - point) <= range * range)
            near.push_back(key_of(edge));
    std::sort(near.begin(), near.end());
    return near;
}

std::vector<EdgeKey> from_grid(const EdgeGrid& grid, Point2 point, float range) {
    std::vector<std::uint32_t> ids;
    grid.near(point, range, ids);
    std::vector<EdgeKey> near;
    for (const std::uint32_t id : ids)
        near.push_back(key_of(grid.edges()[id]));
    std::sort(near.begin(), near.end());
    return near;
}

TEST(EdgeGrid, FollowingRepairsOfTheMeshItFindsTheWallsABruteForceScanFinds) {
    NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 0.5f}).value();
    std::mt19937 random(17);
    std::uniform_real_distribution<float> place(5, 90), size(1, 8), anywhere(0, 100);
    const auto box = [&] {
        const float x = place(random), y = place(random), w = size(random), h = size(random);
        return Obstacle::polygon({{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}});
    };
    std::vector<ObstacleId> present;
    for (int rock = 0; rock < 60; ++rock)
        present.push_back(mesh.add_obstacles(std::vector{box()}).value()[0]);
    mesh.triangulate();
    EdgeGrid grid;
    grid.rebuild(mesh);
    int repairs = 0;
    for (int edit = 0; edit < 300; ++edit) {
        const std::size_t which = random() % present.size();
        switch (random() % 3) {
            case 0:
                present.push_back(mesh.add_obstacles(std::vector{box()}).value()[0]);
                break;
            case 1:
                ASSERT_TRUE(mesh.remove_obstacles({&present[which], 1}));
                present.erase(present.begin() + static_cast<std::ptrdiff_t>(which));
                break;
            default:
                ASSERT_TRUE(mesh.move_obstacle(present[which], {anywhere(random) / 20 - 2.5f, 1}));
                break;
        }
        mesh.update();
        repairs += mesh.last_change().renumbered ? 0 : 1;
        grid.follow(mesh);
        for (int query = 0; query < 8; ++query) {
            const Point2 point{anywhere(random), anywhere(random)};
            const float range = size(random);
            ASSERT_EQ(from_grid(grid, point, range), brute_force(mesh, point, range))
                << "edit " << edit << " at " << to_string(point);
        }
    }
    EXPECT_GT(repairs, 250) << "most edits were repairs the grid followed";
}

}  // namespace
}  // namespace pathkit::agents
