// AgentWorld: agents reach their targets around obstacles and each other, replan when the mesh
// or their target changes, report unreachable targets, and refuse bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "pathkit/agents/agent_world.hpp"

namespace pathkit {
namespace {

constexpr float time_step = 0.05f;

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

// What a run saw: steps until every agent arrived (or the bound), the deepest overlap of two
// agents as a fraction of their radius sum, and whether a centre ever lay in an obstacle.
struct RunRecord {
    int steps = 0;
    bool all_arrived = false;
    float deepest_overlap = 0;
    bool entered_obstacle = false;
    bool not_finite = false;
};

RunRecord run_until_arrived(AgentWorld& world, const NavMesh& mesh, int step_bound,
                            float step_seconds = time_step) {
    RunRecord seen;
    while (seen.steps < step_bound) {
        EXPECT_TRUE(world.step(step_seconds));
        ++seen.steps;
        const auto agents = world.agents();
        bool arrived = true;
        for (std::size_t a = 0; a < agents.size(); ++a) {
            if (!agents[a].active) continue;
            arrived = arrived && (!agents[a].target || agents[a].state == AgentState::Arrived);
            seen.entered_obstacle |= mesh.is_inside_obstacle(agents[a].position) ||
                                     !mesh.triangle_at(agents[a].position).has_value();
            seen.not_finite |=
                !std::isfinite(agents[a].position.x) || !std::isfinite(agents[a].position.y) ||
                !std::isfinite(agents[a].velocity.x) || !std::isfinite(agents[a].velocity.y);
            for (std::size_t b = a + 1; b < agents.size(); ++b) {
                if (!agents[b].active) continue;
                const float sum = agents[a].params.radius + agents[b].params.radius;
                const float gap = std::hypot(agents[a].position.x - agents[b].position.x,
                                             agents[a].position.y - agents[b].position.y);
                seen.deepest_overlap = std::max(seen.deepest_overlap, (sum - gap) / sum);
            }
        }
        if (arrived) {
            seen.all_arrived = true;
            break;
        }
    }
    return seen;
}

void expect_clean(const RunRecord& seen, int step_bound) {
    EXPECT_TRUE(seen.all_arrived) << "not all arrived within " << step_bound << " steps";
    EXPECT_LE(seen.deepest_overlap, 0.05f);
    EXPECT_FALSE(seen.entered_obstacle);
    EXPECT_FALSE(seen.not_finite);
}

TEST(AgentWorld, OneAgentWalksAroundABlockToItsTarget) {
    const NavMesh mesh = make_mesh({rectangle(8, 6, 12, 14)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId walker = world.add_agent({3, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {17, 10}));
    const RunRecord seen = run_until_arrived(world, mesh, 400);
    expect_clean(seen, 400);
    // Around the grown block (7.5..12.5 x 5.5..14.5): 2 * hypot(4.5, 4.5) + 5 = 17.7 units at
    // 2 units per second is 177 steps; a little more for speeding up and slowing down.
    EXPECT_GE(seen.steps, 170);
    EXPECT_LE(seen.steps, 215);
    EXPECT_LE(std::hypot(world.agent(walker).position.x - 17, world.agent(walker).position.y - 10),
              0.1f + 0.02f);
}

// Agents on a circle all cross to the opposite side: the standard ORCA scene.
TEST(AgentWorld, ACircleOfTwelveAgentsSwapsToTheOppositeSideWithoutOverlapping) {
    const NavMesh mesh = make_mesh({}, {24, 24});
    AgentWorld world = AgentWorld::create(mesh).value();
    const int count = 12;
    for (int index = 0; index < count; ++index) {
        const float angle = 6.2831853f * static_cast<float>(index) / count;
        const Point2 start{12 + 9 * std::cos(angle), 12 + 9 * std::sin(angle)};
        const AgentId agent = world.add_agent(start).value();
        ASSERT_TRUE(world.set_target(agent, {24 - start.x, 24 - start.y}));
    }
    const RunRecord seen = run_until_arrived(world, mesh, 600);
    expect_clean(seen, 600);
    EXPECT_GE(seen.steps, 180) << "18 units at 2 units per second take 180 steps at least";
}

// Sixteen agents crossing a circle all meet around a pillar where fifteen fit shoulder to
// shoulder: ORCA's half-planes cannot all be met, and steps of a tenth of a second let agents
// close in before the next step sees it; pushing overlapping agents apart keeps them clear.
TEST(AgentWorld, SixteenAgentsCrowdingRoundAPillarInLongStepsStillKeepClear) {
    const NavMesh mesh = make_mesh({Obstacle::circle({15, 15}, 1.5f)}, {30, 30});
    AgentWorld world = AgentWorld::create(mesh).value();
    const int count = 16;
    for (int index = 0; index < count; ++index) {
        const float angle = 6.2831853f * static_cast<float>(index) / count;
        const Point2 start{15 + 11 * std::cos(angle), 15 + 11 * std::sin(angle)};
        const AgentId agent = world.add_agent(start).value();
        ASSERT_TRUE(world.set_target(agent, {30 - start.x, 30 - start.y}));
    }
    const RunRecord seen = run_until_arrived(world, mesh, 1000, 0.1f);
    expect_clean(seen, 1000);
}

//   +------------------------------+
//   | A A A                  B B B |   (a corridor 6 units high: the bounds are its walls)
//   | A A A                  B B B |
//   +------------------------------+
TEST(AgentWorld, TwoGroupsCrossInACorridor) {
    const NavMesh mesh = make_mesh({}, {30, 6});
    AgentWorld world = AgentWorld::create(mesh).value();
    for (int row = 0; row < 2; ++row) {
        for (int column = 0; column < 3; ++column) {
            const float y = 2 + 2.0f * static_cast<float>(row);
            const float x = 2 + 1.5f * static_cast<float>(column);
            const AgentId left = world.add_agent({x, y}).value();
            ASSERT_TRUE(world.set_target(left, {30 - x, y}));
            const AgentId right = world.add_agent({30 - x, y}).value();
            ASSERT_TRUE(world.set_target(right, {x, y}));
        }
    }
    const RunRecord seen = run_until_arrived(world, mesh, 800);
    expect_clean(seen, 800);
}

//   +---------|---------+
//   |  . . .  |         |
//   |  . . .  door  ->  |   a wall at x = 10 with a door 2 units wide (after the buffer)
//   |  . . .  |         |
//   +---------|---------+
TEST(AgentWorld, ACrowdGoesThroughADoorway) {
    const NavMesh mesh =
        make_mesh({rectangle(9.5f, 0, 10.5f, 8.5f), rectangle(9.5f, 11.5f, 10.5f, 20)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    for (int row = 0; row < 3; ++row) {
        for (int column = 0; column < 3; ++column) {
            const Point2 start{2 + 1.5f * static_cast<float>(column),
                               8 + 1.5f * static_cast<float>(row)};
            const AgentId agent = world.add_agent(start).value();
            // Spots on the far side, 2 units apart.
            ASSERT_TRUE(world.set_target(agent, {13 + 2.0f * static_cast<float>(column),
                                                 7 + 2.0f * static_cast<float>(row)}));
        }
    }
    const RunRecord seen = run_until_arrived(world, mesh, 1200);
    expect_clean(seen, 1200);
}

std::vector<Agent> crossing_run(std::uint64_t seed) {
    const NavMesh mesh = make_mesh({rectangle(9, 9, 11, 11)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh, {.seed = seed}).value();
    AgentParams wandering;
    wandering.behaviours.wander = 0.3f;
    wandering.behaviours.separation = 0.2f;
    for (int index = 0; index < 8; ++index) {
        const float angle = 6.2831853f * static_cast<float>(index) / 8;
        const Point2 start{10 + 8 * std::cos(angle), 10 + 8 * std::sin(angle)};
        const AgentId agent = world.add_agent(start, wandering).value();
        EXPECT_TRUE(world.set_target(agent, {20 - start.x, 20 - start.y}));
    }
    for (int step = 0; step < 150; ++step)
        EXPECT_TRUE(world.step(time_step));
    return {world.agents().begin(), world.agents().end()};
}

TEST(AgentWorld, TwoRunsWithTheSameCallsAreIdenticalBitForBit) {
    const std::vector<Agent> first = crossing_run(7), second = crossing_run(7);
    ASSERT_EQ(first.size(), second.size());
    for (std::size_t index = 0; index < first.size(); ++index) {
        EXPECT_EQ(first[index].position, second[index].position);
        EXPECT_EQ(first[index].velocity, second[index].velocity);
        EXPECT_EQ(first[index].state, second[index].state);
    }
    const std::vector<Agent> other_seed = crossing_run(8);
    bool differs = false;
    for (std::size_t index = 0; index < first.size(); ++index)
        differs |= !(first[index].position == other_seed[index].position);
    EXPECT_TRUE(differs) << "the wander seed changes the run";
}

TEST(AgentWorld, ARetargetMidMoveReplansAndArrivesAtTheNewTarget) {
    const NavMesh mesh = make_mesh({rectangle(8, 6, 12, 14)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId walker = world.add_agent({3, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {17, 10}));
    for (int step = 0; step < 30; ++step)
        ASSERT_TRUE(world.step(time_step));
    ASSERT_EQ(world.agent(walker).state, AgentState::Moving);
    ASSERT_TRUE(world.set_target(walker, {3, 2}));
    ASSERT_TRUE(world.step(time_step));
    ASSERT_EQ(world.events().size(), 1u);
    EXPECT_EQ(world.events()[0].kind, AgentEventKind::Replanned);
    EXPECT_EQ(world.events()[0].step, 31u);
    const RunRecord seen = run_until_arrived(world, mesh, 400);
    expect_clean(seen, 400);
    EXPECT_LE(std::hypot(world.agent(walker).position.x - 3, world.agent(walker).position.y - 2),
              0.12f);
}

TEST(AgentWorld, AWallAddedOnThePathMakesTheAgentReplanAndGoAround) {
    NavMesh mesh = make_mesh({}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId walker = world.add_agent({2, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {18, 10}));
    for (int step = 0; step < 20; ++step)
        ASSERT_TRUE(world.step(time_step));
    EXPECT_NEAR(world.agent(walker).position.y, 10, 1e-3f) << "straight so far";
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(9.5f, 3, 10.5f, 17)}).has_value());
    mesh.triangulate();
    ASSERT_TRUE(world.step(time_step));
    ASSERT_FALSE(world.events().empty());
    EXPECT_EQ(world.events()[0].kind, AgentEventKind::Replanned);
    float furthest = 0;
    RunRecord seen;
    for (int step = 0; step < 600 && world.agent(walker).state != AgentState::Arrived; ++step) {
        ASSERT_TRUE(world.step(time_step));
        ASSERT_FALSE(mesh.is_inside_obstacle(world.agent(walker).position));
        furthest = std::max(furthest, std::fabs(world.agent(walker).position.y - 10));
    }
    EXPECT_EQ(world.agent(walker).state, AgentState::Arrived);
    EXPECT_GE(furthest, 7.4f) << "around an end of the wall (grown to 2.5..17.5)";
}

// Two walkers on parallel lanes, a wall dropped across the lower lane only: the walker on it
// plans again; the other keeps its path, which the wall does not touch. Two triangulations
// between steps (nothing says what both changed) make every walker plan again.
TEST(AgentWorld, AnEditReplansOnlyTheAgentsWhosePathsItCrosses) {
    NavMesh mesh = make_mesh({}, {40, 40});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId lower = world.add_agent({2, 5}).value();
    const AgentId upper = world.add_agent({2, 35}).value();
    ASSERT_TRUE(world.set_target(lower, {38, 5}));
    ASSERT_TRUE(world.set_target(upper, {38, 35}));
    ASSERT_TRUE(world.step(time_step));
    const auto replanned = [&] {
        std::vector<AgentId> who;
        for (const AgentEvent& event : world.events())
            if (event.kind == AgentEventKind::Replanned) who.push_back(event.agent);
        return who;
    };
    const ObstacleId wall =
        mesh.add_obstacles(std::vector{rectangle(19, 1, 20, 12)}).value().front();
    mesh.triangulate();
    EXPECT_FALSE(mesh.last_change().everywhere);
    EXPECT_TRUE(mesh.last_change().touches_segment({2, 5}, {38, 5}));
    EXPECT_FALSE(mesh.last_change().touches_segment({2, 35}, {38, 35}));
    ASSERT_TRUE(world.step(time_step));
    EXPECT_EQ(replanned(), std::vector<AgentId>{lower});
    ASSERT_TRUE(mesh.remove_obstacles(std::vector{wall}));
    mesh.triangulate();
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(30, 30, 31, 31)}).has_value());
    mesh.triangulate();
    ASSERT_TRUE(world.step(time_step));
    EXPECT_EQ(replanned(), (std::vector<AgentId>{lower, upper}));
    const RunRecord seen = run_until_arrived(world, mesh, 2000);
    EXPECT_TRUE(seen.all_arrived);
    EXPECT_FALSE(seen.entered_obstacle);
}

TEST(AgentWorld, AnUnreachableTargetLeavesTheAgentStuckWithNoPath) {
    // A wall from bottom to top: the right half cannot be reached.
    const NavMesh mesh = make_mesh({rectangle(9, -1, 11, 21)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId walker = world.add_agent({3, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {17, 10}));
    ASSERT_TRUE(world.step(time_step));
    EXPECT_EQ(world.agent(walker).state, AgentState::Stuck);
    EXPECT_EQ(world.agent(walker).stuck_reason, StuckReason::NoPath);
    ASSERT_EQ(world.events().size(), 1u);
    EXPECT_EQ(world.events()[0].kind, AgentEventKind::Stuck);
    EXPECT_EQ(world.last_step_stats().stuck, 1u);
    ASSERT_TRUE(world.step(time_step));
    EXPECT_TRUE(world.events().empty()) << "reported once";
    EXPECT_EQ(world.agent(walker).position, (Point2{3, 10})) << "it stands still";
}

//   ####################
//   ..mover......idle #     a dead-end pocket one agent wide (centres 9.5..9.7 high),
//   ####################    its end taken by an idle agent that cannot give way
TEST(AgentWorld, AnAgentThatCannotGetCloserIsStuckWithNoProgress) {
    const NavMesh mesh = make_mesh(
        {rectangle(5, 0, 15, 9), rectangle(5, 10.2f, 15, 20), rectangle(14, 8, 16, 12)}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh, {.stuck_seconds = 1}).value();
    ASSERT_TRUE(world.add_agent({13.2f, 9.6f}).has_value());
    const AgentId mover = world.add_agent({2, 9.6f}).value();
    ASSERT_TRUE(world.set_target(mover, {13, 9.6f}));
    int steps = 0;
    while (world.agent(mover).state == AgentState::Moving && steps < 600) {
        ASSERT_TRUE(world.step(time_step));
        ++steps;
    }
    EXPECT_EQ(world.agent(mover).state, AgentState::Stuck);
    EXPECT_EQ(world.agent(mover).stuck_reason, StuckReason::NoProgress);
    ASSERT_EQ(world.events().size(), 1u);
    EXPECT_EQ(world.events()[0].kind, AgentEventKind::Stuck);
    EXPECT_GT(world.agent(mover).position.x, 11) << "it got as far as the idle agent";
}

// The same pocket: once the idle agent leaves, the stuck agent tries again after
// retry_seconds and arrives.
TEST(AgentWorld, AStuckAgentTriesAgainAndArrivesOnceTheWayClears) {
    const NavMesh mesh = make_mesh(
        {rectangle(5, 0, 15, 9), rectangle(5, 10.2f, 15, 20), rectangle(14, 8, 16, 12)}, {20, 20});
    AgentWorld world =
        AgentWorld::create(mesh, {.stuck_seconds = 1, .retry_seconds = 0.5f}).value();
    const AgentId idle = world.add_agent({13.2f, 9.6f}).value();
    const AgentId mover = world.add_agent({2, 9.6f}).value();
    ASSERT_TRUE(world.set_target(mover, {13, 9.6f}));
    int steps = 0;
    while (world.agent(mover).state != AgentState::Stuck && steps < 600) {
        ASSERT_TRUE(world.step(time_step));
        ++steps;
    }
    ASSERT_EQ(world.agent(mover).state, AgentState::Stuck);
    ASSERT_TRUE(world.remove_agent(idle));
    bool replanned = false;
    for (steps = 0; world.agent(mover).state != AgentState::Arrived && steps < 200; ++steps) {
        ASSERT_TRUE(world.step(time_step));
        for (const AgentEvent& event : world.events())
            replanned |= event.agent == mover && event.kind == AgentEventKind::Replanned;
    }
    EXPECT_EQ(world.agent(mover).state, AgentState::Arrived);
    EXPECT_TRUE(replanned);
    EXPECT_GE(steps, 10) << "it stood for retry_seconds (10 steps) first";
}

TEST(AgentWorld, NaNsAndBadParamsAreRefused) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, {20, 20});
    EXPECT_FALSE(AgentWorld::create(mesh, {.stuck_seconds = 0}).has_value());
    EXPECT_FALSE(AgentWorld::create(mesh, {.neighbour_distance = NAN}).has_value());
    EXPECT_FALSE(AgentWorld::create(mesh, {.max_neighbours = 0}).has_value());
    EXPECT_FALSE(AgentWorld::create(mesh, {.retry_seconds = -1}).has_value());
    auto untriangulated = NavMesh::create({0, 0}, {5, 5}).value();
    EXPECT_FALSE(AgentWorld::create(untriangulated).has_value());
    // Obstacles covering the whole mesh leave a world where no agent can stand.
    const NavMesh covered = make_mesh({rectangle(-1, -1, 6, 6)}, {5, 5});
    ASSERT_EQ(covered.triangle_count(), 0u);
    AgentWorld empty = AgentWorld::create(covered).value();
    EXPECT_FALSE(empty.add_agent({2, 2}).has_value());
    EXPECT_TRUE(empty.step(0.1f));

    AgentWorld world = AgentWorld::create(mesh).value();
    EXPECT_FALSE(world.add_agent({NAN, 1}).has_value());
    EXPECT_FALSE(world.add_agent({10, 10}).has_value()) << "inside the block";
    EXPECT_FALSE(world.add_agent({30, 1}).has_value()) << "outside the bounds";
    for (auto spoil : std::vector<void (*)(AgentParams&)>{
             [](AgentParams& p) { p.radius = 0; },
             [](AgentParams& p) { p.radius = NAN; },
             [](AgentParams& p) { p.max_speed = -1; },
             [](AgentParams& p) { p.max_acceleration = INFINITY; },
             [](AgentParams& p) { p.time_horizon = 0; },
             [](AgentParams& p) { p.obstacle_time_horizon = NAN; },
             [](AgentParams& p) { p.arrival_distance = -0.1f; },
             [](AgentParams& p) { p.behaviours.seek = NAN; },
             [](AgentParams& p) { p.behaviours.cohesion = -1; },
             [](AgentParams& p) { p.behaviours.flock_distance = 0; },
             [](AgentParams& p) {
                 p.behaviours.flee_point = {INFINITY, 0};
             },
         }) {
        AgentParams params;
        spoil(params);
        EXPECT_FALSE(world.add_agent({2, 2}, params).has_value());
    }
    const AgentId agent = world.add_agent({2, 2}).value();
    AgentParams bad;
    bad.max_speed = NAN;
    EXPECT_FALSE(world.set_params(agent, bad));
    EXPECT_FALSE(world.set_target(agent, {NAN, 2}));
    EXPECT_FALSE(world.set_target(agent, {10, 10}));
    EXPECT_FALSE(world.set_target(AgentId(7), {3, 3}));
    EXPECT_FALSE(world.step(NAN));
    EXPECT_FALSE(world.step(0));
    EXPECT_FALSE(world.step(-1));
    EXPECT_EQ(world.step_count(), 0u);
    EXPECT_TRUE(world.remove_agent(agent));
    EXPECT_FALSE(world.remove_agent(agent)) << "removed twice";
    EXPECT_FALSE(world.set_target(agent, {3, 3}));
    EXPECT_FALSE(world.agents()[0].active);
}

// Whether every agent with a target is Arrived exactly when it stands within the arrival
// distance (+ 0.02) of its target, as the state promises.
bool arrived_means_there(const AgentWorld& world) {
    for (const Agent& agent : world.agents()) {
        if (!agent.active || !agent.target) continue;
        const float off =
            std::hypot(agent.target->x - agent.position.x, agent.target->y - agent.position.y);
        if ((agent.state == AgentState::Arrived) != (off <= agent.params.arrival_distance + 0.02f))
            return false;
    }
    return true;
}

// Five agents of radius 0.5 sent to one point: one can stand on it, the others are pushed
// off and must not count as arrived where they stand, after any step.
TEST(AgentWorld, FiveAgentsSentToOnePointAreArrivedOnlyWhileTheyStandOnIt) {
    const NavMesh mesh = make_mesh({}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    for (const Point2 start :
         {Point2{5, 5}, Point2{15, 5}, Point2{5, 15}, Point2{15, 15}, Point2{10, 3}}) {
        const AgentId agent = world.add_agent(start).value();
        ASSERT_TRUE(world.set_target(agent, {10, 10}));
    }
    int arrived = 0;
    for (int step = 0; step < 1200; ++step) {
        ASSERT_TRUE(world.step(time_step));
        ASSERT_TRUE(arrived_means_there(world)) << "after step " << step + 1;
        arrived = 0;
        for (const Agent& agent : world.agents())
            arrived += agent.state == AgentState::Arrived ? 1 : 0;
    }
    EXPECT_GE(arrived, 1);
    EXPECT_LE(arrived, 1) << "two agents of radius 0.5 cannot both stand within 0.12 of a point";
}

// An arrived agent pushed aside by one passing through it is Moving while it is off its
// target, walks back, and arrives a second time.
TEST(AgentWorld, AnArrivedAgentPushedOffItsTargetWalksBackAndArrivesAgain) {
    const NavMesh mesh = make_mesh({}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId standing = world.add_agent({10, 10}).value();
    ASSERT_TRUE(world.set_target(standing, {10, 10}));
    ASSERT_TRUE(world.step(time_step));
    ASSERT_EQ(world.agent(standing).state, AgentState::Arrived);
    const AgentId walker = world.add_agent({3, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {17, 10}));
    int arrivals = 0;
    bool walked_back = false;
    for (int step = 0; step < 800; ++step) {
        ASSERT_TRUE(world.step(time_step));
        ASSERT_TRUE(arrived_means_there(world)) << "after step " << step + 1;
        walked_back |= world.agent(standing).state == AgentState::Moving;
        for (const AgentEvent& event : world.events())
            arrivals += event.agent == standing && event.kind == AgentEventKind::Arrived ? 1 : 0;
    }
    EXPECT_TRUE(walked_back) << "the walker never pushed it off its target";
    EXPECT_GE(arrivals, 1);
    EXPECT_EQ(world.agent(standing).state, AgentState::Arrived);
    EXPECT_EQ(world.agent(walker).state, AgentState::Arrived);
}

TEST(AgentWorld, IdleAgentsGiveWayToAnAgentPassingThroughThem) {
    const NavMesh mesh = make_mesh({}, {20, 20});
    AgentWorld world = AgentWorld::create(mesh).value();
    for (int index = 0; index < 3; ++index)
        ASSERT_TRUE(world.add_agent({10, 9 + static_cast<float>(index)}).has_value());
    const AgentId walker = world.add_agent({3, 10}).value();
    ASSERT_TRUE(world.set_target(walker, {17, 10}));
    const RunRecord seen = run_until_arrived(world, mesh, 600);
    expect_clean(seen, 600);
    EXPECT_EQ(world.agent(walker).state, AgentState::Arrived);
    EXPECT_EQ(world.agent(AgentId(0)).state, AgentState::Idle);
}

}  // namespace
}  // namespace pathkit
