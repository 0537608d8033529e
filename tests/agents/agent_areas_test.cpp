// AgentWorld and the mesh's areas: each agent's filter decides whether it swims, at what cost,
// or keeps off the water altogether.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "pathkit/agents/agent_world.hpp"

namespace pathkit {
namespace {

constexpr float time_step = 0.05f;
constexpr AreaType water = 1;

// A 30 x 20 world with a pond of water (type 1) from x 13 to 17, y 2 to 18; no obstacles.
//
//   +------------------------------+
//   |            ~~~~              |
//   |            ~~~~              |
//   |   S        ~~~~         T    |   S (5, 10), T (25, 10)
//   |            ~~~~              |
//   |            ~~~~              |
//   +------------------------------+
//
// Straight through costs 16 + 4 x (the water's cost); round the pond's ends, by (13, 18) and
// (17, 18), is 2 x sqrt(8^2 + 8^2) + 4 = 26.63 on plain ground.
constexpr float pond_x0 = 13, pond_x1 = 17, pond_y0 = 2, pond_y1 = 18;
const float around_the_pond = 2 * std::sqrt(128.0f) + 4;

NavMesh pond_mesh() {
    NavMesh mesh = NavMesh::create({0, 0}, {30, 20}, {.buffer_radius = 0.5f}).value();
    const std::vector<Point2> pond{
        {pond_x0, pond_y0}, {pond_x1, pond_y0}, {pond_x1, pond_y1}, {pond_x0, pond_y1}};
    EXPECT_TRUE(mesh.add_area(pond, water).has_value());
    mesh.triangulate();
    return mesh;
}

// How deep inside the pond a point lies (world units; 0 outside).
float depth_in_pond(Point2 point) {
    const float depth =
        std::min({point.x - pond_x0, pond_x1 - point.x, point.y - pond_y0, pond_y1 - point.y});
    return std::max(0.0f, depth);
}

struct Walk {
    bool arrived = false;
    bool stuck = false;
    float walked = 0;           // world units
    float deepest_in_pond = 0;  // world units
};

// Runs one agent from `from` to `to` under `filter` until it arrives (or the bound passes).
Walk walk(const NavMesh& mesh, Point2 from, Point2 to, const AreaFilter& filter) {
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId agent = world.add_agent(from, {.radius = 0.5f}).value();
    EXPECT_TRUE(world.set_area_filter(agent, filter));
    EXPECT_TRUE(world.set_target(agent, to));
    Walk seen;
    Point2 last = from;
    for (int step = 0; step < 2000 && !seen.arrived; ++step) {
        EXPECT_TRUE(world.step(time_step));
        const Agent& now = world.agent(agent);
        seen.walked += std::hypot(now.position.x - last.x, now.position.y - last.y);
        seen.deepest_in_pond = std::max(seen.deepest_in_pond, depth_in_pond(now.position));
        seen.arrived = now.state == AgentState::Arrived;
        seen.stuck = seen.stuck || now.state == AgentState::Stuck;
        last = now.position;
    }
    return seen;
}

AreaFilter water_costing(float cost) {
    AreaFilter filter;
    filter.costs[water] = cost;
    return filter;
}

AreaFilter without_water() {
    AreaFilter filter;
    filter.excluded = std::uint64_t{1} << water;
    return filter;
}

TEST(AgentAreas, AnAgentWithNoFilterWalksStraightThroughTheWater) {
    const Walk seen = walk(pond_mesh(), {5, 10}, {25, 10}, {});
    EXPECT_TRUE(seen.arrived);
    EXPECT_NEAR(seen.walked, 20, 0.5);
    EXPECT_GT(seen.deepest_in_pond, 1.9);  // through the middle, 2 from either bank
}

TEST(AgentAreas, AnAgentThatCannotSwimGoesRoundThePondAndNeverEntersIt) {
    const Walk seen = walk(pond_mesh(), {5, 10}, {25, 10}, without_water());
    EXPECT_TRUE(seen.arrived);
    EXPECT_FALSE(seen.stuck);
    EXPECT_LT(seen.deepest_in_pond, 0.02);
    EXPECT_GT(seen.walked, around_the_pond - 0.3);
    EXPECT_LT(seen.walked, around_the_pond * 1.03);
}

TEST(AgentAreas, ASwimmerCrossesWhereSwimmingIsCheaperThanTheWayRound) {
    // 16 + 4 x 1.5 = 22 through, 26.63 round.
    const Walk seen = walk(pond_mesh(), {5, 10}, {25, 10}, water_costing(1.5f));
    EXPECT_TRUE(seen.arrived);
    EXPECT_GT(seen.deepest_in_pond, 1.5);
    EXPECT_LT(seen.walked, 22);
}

TEST(AgentAreas, WhereSwimmingCostsMoreThanTheWayRoundTheSwimmerWalksRound) {
    // 16 + 4 x 3 = 28 through, 26.63 round.
    const Walk seen = walk(pond_mesh(), {5, 10}, {25, 10}, water_costing(3));
    EXPECT_TRUE(seen.arrived);
    EXPECT_LT(seen.deepest_in_pond, 0.02);
    EXPECT_GT(seen.walked, around_the_pond - 0.3);
}

TEST(AgentAreas, AnAgentSetDownInWaterItMayNotEnterWadesOutByAShortWayAndArrives) {
    // From (14, 10), one unit from the western bank: out west, then round the pond's end.
    const Walk seen = walk(pond_mesh(), {14, 10}, {25, 10}, without_water());
    EXPECT_TRUE(seen.arrived);
    EXPECT_FALSE(seen.stuck);
    EXPECT_LT(seen.walked, 1 + std::hypot(8.0f, 3.0f) + 4 + std::hypot(8.0f, 8.0f) + 2);
}

TEST(AgentAreas, FiltersAreCheckedAndKeptPerAgent) {
    const NavMesh mesh = pond_mesh();
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId swimmer = world.add_agent({5, 10}).value();
    const AgentId walker = world.add_agent({5, 5}).value();
    EXPECT_TRUE(world.set_area_filter(walker, without_water()));
    EXPECT_EQ(world.area_filter(walker).excluded, without_water().excluded);
    EXPECT_TRUE(world.area_filter(swimmer).is_plain());

    AreaFilter nan_cost = water_costing(std::nanf(""));
    AreaFilter below_one = water_costing(0.5f);
    AreaFilter no_points;
    no_points.points_per_edge = 0;
    for (const AreaFilter& bad : {nan_cost, below_one, no_points}) {
        const Status refused = world.set_area_filter(swimmer, bad);
        EXPECT_FALSE(refused);
        EXPECT_NE(refused.message().find("area filter"), std::string::npos) << refused.message();
        EXPECT_TRUE(world.area_filter(swimmer).is_plain());  // nothing changed
    }
    EXPECT_FALSE(world.set_area_filter(AgentId(7), without_water()));
}

}  // namespace
}  // namespace pathkit
