// AgentWorld: agents reach their targets around obstacles and each other, replan when the mesh
// or their target changes, report unreachable targets, and refuse bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "pathkit/agents/agent_world.hpp"

namespace pathkit {
namespace {

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

NavMesh make_mesh(const std::vector<Obstacle>& obstacles, Point2 size, float radius = 0.5f) {
    auto made = NavMesh::create({0, 0}, size, {.buffer_radius = radius});
    EXPECT_TRUE(made.has_value()) << made.error().message();
    NavMesh mesh = std::move(made).value();
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    mesh.triangulate();
    return mesh;
}

TEST(AgentWorld, OneAgentWalksAroundABlockToItsTarget) {
    const NavMesh mesh = make_mesh({rectangle(8, 6, 12, 14)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId walker = world.add_agent({3, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {17, 10}));
    int steps = 0;
    while (world.agent(walker).state == AgentState::Moving && steps < 1000) {
        ASSERT_TRUE(world.step(0.05f));
        ASSERT_FALSE(mesh.is_inside_obstacle(world.agent(walker).position));
        ++steps;
    }
    EXPECT_EQ(world.agent(walker).state, AgentState::Arrived);
    EXPECT_LT(steps, 400);
}

}  // namespace
}  // namespace pathkit
