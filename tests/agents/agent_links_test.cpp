// AgentWorld and the mesh's links: agents walk to a link, cross it for its traversal time, walk
// on; a one-at-a-time link takes its queue in turn.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "pathkit/agents/agent_world.hpp"

namespace pathkit {
namespace {

constexpr float time_step = 0.05f;

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

// A wall right across a 20 x 20 world: only links join the halves.
//
//   +--------------------+
//   |   S           L    |   L: a ladder over the wall, from (15, 12) to (15, 8)
//   |####################|
//   |   T           L    |
//   +--------------------+
NavMesh walled_mesh() {
    NavMesh mesh = NavMesh::create({0, 0}, {20, 20}, {.buffer_radius = 0.5f}).value();
    EXPECT_TRUE(mesh.add_obstacles(std::vector{rectangle(0, 9, 20, 11)}).has_value());
    mesh.triangulate();
    return mesh;
}

struct Seen {
    std::uint64_t step = 0;
    AgentId agent;
    AgentEventKind kind;
    LinkId link;
};

// A run: the link events in order, whether every agent arrived within the bound, whether a
// centre ever stood inside an obstacle, and how often an agent got stuck.
struct LinkRun {
    std::vector<Seen> links;
    bool arrived = false;
    bool entered_obstacle = false;
    int stuck = 0;
};

LinkRun run(AgentWorld& world, const NavMesh& mesh, int step_bound) {
    LinkRun seen;
    for (int step = 0; step < step_bound && !seen.arrived; ++step) {
        EXPECT_TRUE(world.step(time_step));
        for (const AgentEvent& event : world.events()) {
            if (event.kind == AgentEventKind::LinkStarted ||
                event.kind == AgentEventKind::LinkFinished)
                seen.links.push_back({event.step, event.agent, event.kind, event.link});
            seen.stuck += event.kind == AgentEventKind::Stuck ? 1 : 0;
        }
        seen.arrived = true;
        for (const Agent& agent : world.agents()) {
            seen.arrived = seen.arrived && agent.state == AgentState::Arrived;
            seen.entered_obstacle |= !mesh.triangle_at(agent.position).has_value();
        }
    }
    return seen;
}

TEST(AgentLinks, AnAgentClimbsALadderOverAWallThenWalksOnToItsTarget) {
    NavMesh mesh = walled_mesh();
    const auto ladder = mesh.add_link({15, 12}, {15, 8}, {.cost = 4});
    ASSERT_TRUE(ladder.has_value());
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId agent = world.add_agent({3, 15}).value();
    ASSERT_TRUE(world.set_target(agent, {3, 5}));
    ASSERT_TRUE(world.step(time_step));
    // The corridor ends at the ladder's foot, not at the target beyond the wall.
    ASSERT_FALSE(world.agent(agent).corridor.empty());
    EXPECT_EQ(world.agent(agent).corridor.back(), (Point2{15, 12}));
    const LinkRun ran = run(world, mesh, 2000);
    EXPECT_TRUE(ran.arrived);
    EXPECT_FALSE(ran.entered_obstacle);
    const std::vector<Seen>& seen = ran.links;
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0].kind, AgentEventKind::LinkStarted);
    EXPECT_EQ(seen[1].kind, AgentEventKind::LinkFinished);
    EXPECT_EQ(seen[0].link, ladder.value());
    // Crossing took the ladder's cost over the top speed (4 / 2 = 2 s, 40 steps).
    EXPECT_NEAR(static_cast<double>(seen[1].step - seen[0].step) * time_step, 2.0, 2 * time_step);
    EXPECT_STREQ(to_string(AgentEventKind::LinkStarted), "link_started");
    EXPECT_STREQ(to_string(AgentEventKind::LinkFinished), "link_finished");
}

TEST(AgentLinks, WhileCrossingAnAgentStandsAtTheEntranceOutOfTheCrowdForTheTraversalTime) {
    NavMesh mesh = walled_mesh();
    ASSERT_TRUE(mesh.add_link({15, 12}, {15, 8}, {.traversal_seconds = 1}).has_value());
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId agent = world.add_agent({15, 12.05f}).value();
    ASSERT_TRUE(world.set_target(agent, {15, 5}));
    ASSERT_TRUE(world.step(time_step));
    ASSERT_TRUE(world.agent(agent).crossing.has_value());
    int crossing_steps = 1;
    float fraction = 0;
    while (world.agent(agent).crossing) {
        EXPECT_EQ(world.agent(agent).position, (Point2{15, 12}));
        EXPECT_GE(world.agent(agent).crossing_fraction, fraction);
        fraction = world.agent(agent).crossing_fraction;
        ASSERT_TRUE(world.step(time_step));
        ++crossing_steps;
    }
    EXPECT_NEAR(crossing_steps * time_step, 1.0, 1.5 * time_step);
    // Off at the exit, it walked on in the same step: at most a step's walk from it.
    const Point2 at = world.agent(agent).position;
    EXPECT_LE(std::hypot(at.x - 15, at.y - 8), 2 * time_step + 1e-4f);
    EXPECT_EQ(world.agent(agent).state, AgentState::Moving);
}

TEST(AgentLinks, TwoAgentsOnAOneAtATimeLinkCrossOneAfterTheOther) {
    NavMesh mesh = walled_mesh();
    const auto boat =
        mesh.add_link({10, 13}, {10, 7}, {.traversal_seconds = 2, .one_at_a_time = true});
    ASSERT_TRUE(boat.has_value());
    AgentWorld world = AgentWorld::create(mesh).value();
    // The first is nearer the boat: it goes first, the other waits its turn.
    const AgentId first = world.add_agent({8, 15}).value();
    const AgentId second = world.add_agent({13, 17}).value();
    ASSERT_TRUE(world.set_target(first, {4, 3}));
    ASSERT_TRUE(world.set_target(second, {16, 3}));
    const LinkRun ran = run(world, mesh, 4000);
    EXPECT_TRUE(ran.arrived);
    EXPECT_FALSE(ran.entered_obstacle);
    EXPECT_EQ(ran.stuck, 0);  // the second stood in line, not stuck
    const std::vector<Seen>& seen = ran.links;
    ASSERT_EQ(seen.size(), 4u);
    const AgentEventKind started = AgentEventKind::LinkStarted,
                         finished = AgentEventKind::LinkFinished;
    EXPECT_EQ(seen[0].agent, first);
    EXPECT_EQ(seen[0].kind, started);
    EXPECT_EQ(seen[1].agent, first);
    EXPECT_EQ(seen[1].kind, finished);
    EXPECT_EQ(seen[2].agent, second);
    EXPECT_EQ(seen[2].kind, started);
    EXPECT_EQ(seen[3].agent, second);
    EXPECT_EQ(seen[3].kind, finished);
    EXPECT_GE(seen[2].step, seen[1].step);
}

TEST(AgentLinks, AShareableLinkTakesBothAtOnce) {
    NavMesh mesh = walled_mesh();
    ASSERT_TRUE(mesh.add_link({10, 13}, {10, 7}, {.traversal_seconds = 2}).has_value());
    AgentWorld world = AgentWorld::create(mesh).value();
    const AgentId first = world.add_agent({8, 15}).value();
    const AgentId second = world.add_agent({12, 15}).value();
    ASSERT_TRUE(world.set_target(first, {4, 3}));
    ASSERT_TRUE(world.set_target(second, {16, 3}));
    const LinkRun ran = run(world, mesh, 4000);
    EXPECT_TRUE(ran.arrived);
    const std::vector<Seen>& seen = ran.links;
    ASSERT_EQ(seen.size(), 4u);
    // Both were on it at once: the second started before the first finished.
    EXPECT_EQ(seen[0].kind, AgentEventKind::LinkStarted);
    EXPECT_EQ(seen[1].kind, AgentEventKind::LinkStarted);
}

TEST(AgentLinks, BadTraversalTimesAreRefused) {
    NavMesh mesh = walled_mesh();
    EXPECT_FALSE(mesh.add_link({15, 12}, {15, 8}, {.traversal_seconds = -1}).has_value());
    EXPECT_FALSE(mesh.add_link({15, 12}, {15, 8}, {.traversal_seconds = INFINITY}).has_value());
    EXPECT_EQ(mesh.link_count(), 0u);
    const auto link =
        mesh.add_link({15, 12}, {15, 8}, {.traversal_seconds = 3, .one_at_a_time = true});
    ASSERT_TRUE(link.has_value());
    const auto read = mesh.link(link.value());
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->options.traversal_seconds, 3);
    EXPECT_TRUE(read->options.one_at_a_time);
    EXPECT_EQ(read->options.cost, 4);  // the straight distance
    ASSERT_TRUE(mesh.remove_link(link.value()));
    EXPECT_FALSE(mesh.link(link.value()).has_value());
}

}  // namespace
}  // namespace pathkit
