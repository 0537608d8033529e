// AgentWorld with agents of several sizes on one mesh: each plans on the radius class of its
// own radius, keeps that radius from the obstacles, and all arrive.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "pathkit/agents/agent_world.hpp"

namespace pathkit {
namespace {

constexpr float time_step = 0.05f;

struct Box {
    float x0, y0, x1, y1;
};

// The distance from `point` to the box (0 inside it).
float distance_to(const Box& box, Point2 point) {
    const float dx = std::max({box.x0 - point.x, 0.0f, point.x - box.x1});
    const float dy = std::max({box.y0 - point.y, 0.0f, point.y - box.y1});
    return std::hypot(dx, dy);
}

// A wall across the world with a gap 2 wide, and a way round at its right end 8 wide.
//
// clang-format off
//   (0,30) +----------------------------------------+
//          |   s s s   m m m   L  L  L              |   s: radius 0.25, m: 0.5, L: 1.25
//          |                                        |
//          |##################  ############        |   wall y 14..16: x 0..18 and 20..32
//          |                                        |
//          |   targets, each agent's straight below |
//   (0, 0) +----------------------------------------+ (40, 0)
// clang-format on
const std::vector<Box> walls{{0, 14, 18, 16}, {20, 14, 32, 16}};

NavMesh sized_mesh() {
    NavMesh mesh =
        NavMesh::create({0, 0}, {40, 30}, {.buffer_radius = 0.25f, .radius_classes = {0.5f, 1.25f}})
            .value();
    std::vector<Obstacle> obstacles;
    for (const Box& box : walls)
        obstacles.push_back(Obstacle::polygon(
            {{box.x0, box.y0}, {box.x1, box.y0}, {box.x1, box.y1}, {box.x0, box.y1}}));
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    mesh.triangulate();
    return mesh;
}

TEST(AgentSizes, SmallAgentsTakeTheGapLargeOnesGoRoundAndEachKeepsItsRadiusFromTheWalls) {
    const NavMesh mesh = sized_mesh();
    AgentWorld world = AgentWorld::create(mesh).value();
    const float radii[3] = {0.25f, 0.5f, 1.25f};
    std::vector<AgentId> ids;
    for (int kind = 0; kind < 3; ++kind)
        for (int index = 0; index < 3; ++index) {
            const float x = 4 + 9 * static_cast<float>(kind) + 3 * static_cast<float>(index);
            const AgentId id = world.add_agent({x, 25}, {.radius = radii[kind]}).value();
            ASSERT_TRUE(world.set_target(id, {x, 5}));
            ids.push_back(id);
        }
    float least_clearance = INFINITY, deepest_overlap = 0;
    bool large_in_gap = false, all_arrived = false;
    int steps = 0;
    for (; steps < 1200 && !all_arrived; ++steps) {
        ASSERT_TRUE(world.step(time_step));
        all_arrived = true;
        const auto agents = world.agents();
        for (std::size_t a = 0; a < agents.size(); ++a) {
            const Agent& agent = agents[a];
            all_arrived = all_arrived && agent.state == AgentState::Arrived;
            for (const Box& box : walls)
                least_clearance = std::min(least_clearance,
                                           distance_to(box, agent.position) - agent.params.radius);
            large_in_gap |= agent.params.radius > 1 && agent.position.x > 17 &&
                            agent.position.x < 21 && agent.position.y > 13 && agent.position.y < 17;
            for (std::size_t b = a + 1; b < agents.size(); ++b) {
                const float sum = agent.params.radius + agents[b].params.radius;
                const float gap = std::hypot(agent.position.x - agents[b].position.x,
                                             agent.position.y - agents[b].position.y);
                deepest_overlap = std::max(deepest_overlap, (sum - gap) / sum);
            }
        }
    }
    std::printf(
        "%d steps; least clearance from a wall beyond the agent's radius %.4f; deepest "
        "overlap %.3f of the radius sum\n",
        steps, least_clearance, deepest_overlap);
    EXPECT_TRUE(all_arrived) << "not all arrived in 1200 steps";
    EXPECT_GE(least_clearance, 0.0f) << "a centre came within its own radius of a wall";
    EXPECT_LE(deepest_overlap, 0.05f);
    EXPECT_FALSE(large_in_gap);
    // Every class this world needs was built, and no other.
    const std::vector<RadiusClassStats> stats = mesh.radius_class_stats();
    ASSERT_EQ(stats.size(), 3u);
    EXPECT_TRUE(stats[1].built && stats[2].built);
}

TEST(AgentSizes, ALargeAgentsTargetByAWallIsRefusedAndAResizedAgentPlansOnItsNewClass) {
    const NavMesh mesh = sized_mesh();
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId agent = world.add_agent({19, 25}, {.radius = 0.25f}).value();
    // 0.75 above the wall: free for the small agent, not for one of radius 1.25.
    ASSERT_TRUE(world.set_target(agent, {10, 16.75f}));
    ASSERT_TRUE(world.set_params(agent, {.radius = 1.25f}));
    const Status refused = world.set_target(agent, {10, 16.75f});
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.message().find("closer to an obstacle than the radius class 1.25"),
              std::string::npos)
        << refused.message();
    // Grown, it goes round the wall's right end instead of through the gap below it.
    ASSERT_TRUE(world.set_target(agent, {19, 5}));
    ASSERT_TRUE(world.step(time_step));
    const auto corridor = world.agent(agent).corridor;
    ASSERT_GE(corridor.size(), 2u);
    EXPECT_GT(corridor.front().x, 32);
    ASSERT_TRUE(world.set_params(agent, {.radius = 0.4f}));
    ASSERT_TRUE(world.step(time_step));
    EXPECT_EQ(world.agent(agent).corridor.size(), 1u);  // straight down through the gap
    // Larger than every class: it plans on the largest and keeps the rest by avoidance.
    ASSERT_TRUE(world.set_params(agent, {.radius = 1.5f}));
    ASSERT_TRUE(world.step(time_step));
    EXPECT_GT(world.agent(agent).corridor.front().x, 32);
}

}  // namespace
}  // namespace pathkit
