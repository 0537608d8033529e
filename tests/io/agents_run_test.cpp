// Runs of agents files whose obstacles change on the way: a gate that closes and opens, a way
// closed that agents walk round, a cart that drives onto an agent, and what the run records.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/agents_run.hpp"
#include "pathkit/io/limits.hpp"

namespace pathkit {
namespace {

AgentScenario scenario_from(const std::string& text) {
    auto scenario = parse_agent_scenario(text, "inline");
    EXPECT_TRUE(scenario.has_value()) << scenario.error().message();
    return std::move(scenario).value();
}

AgentRun run_of(const AgentScenario& scenario, AgentRecording recording = {}) {
    auto run = run_agent_scenario(scenario, "inline", recording);
    EXPECT_TRUE(run.has_value()) << run.error().message();
    return std::move(run).value();
}

// A wall across x = 9..11 with an opening at y = 3.5..6.5. Agent 1 walks through it from the
// left; agent 2 walks on the right side, nowhere near it.
std::string gate_scenario(const std::string& changes) {
    return R"({"bounds": [[0, 0], [20, 10]], "buffer_radius": 0.5,
               "obstacles": [{"polygon": [[9, 0], [11, 0], [11, 3.5], [9, 3.5]]},
                             {"polygon": [[9, 6.5], [11, 6.5], [11, 10], [9, 10]]}],
               "agents": [{"id": 1, "at": [2, 5], "to": [18, 5]},
                          {"id": 2, "at": [13, 2], "to": [18, 8]}],
               "dt": 0.1, "max_steps": 600, "changes": )" +
           changes + "}";
}

TEST(AgentsRun, AnAgentWaitsAtAClosedGateAndPassesOnceItOpens) {
    const AgentScenario scenario = scenario_from(gate_scenario(
        R"([{"step": 5, "add": [{"id": "gate", "polygon": [[9, 3], [11, 3], [11, 7], [9, 7]]}]},
            {"step": 80, "remove": ["gate"]}])"));
    const AgentRun run = run_of(scenario);

    ASSERT_EQ(run.changes.size(), 2u);
    const AgentChangeRecord& closed = run.changes[0];
    EXPECT_EQ(closed.step, 5);
    EXPECT_EQ(closed.changes, (std::vector<std::size_t>{0}));
    EXPECT_GT(closed.repair_microseconds, 0);
    EXPECT_GT(closed.triangles_replaced, 0u);
    EXPECT_EQ(closed.walled_off, (std::vector<std::int64_t>{1})) << "the gate walls agent 1 off";
    EXPECT_TRUE(closed.replanned.empty()) << "agent 2's path never crossed the gate";
    const AgentChangeRecord& opened = run.changes[1];
    EXPECT_EQ(opened.step, 80);
    EXPECT_EQ(opened.replanned, (std::vector<std::int64_t>{1})) << "only the waiting agent";
    EXPECT_TRUE(opened.walled_off.empty());

    ASSERT_EQ(run.arrived_count(), 2u);
    EXPECT_GT(*run.arrived_step[0], 80) << "agent 1 passed only after the gate opened";
    EXPECT_LT(*run.arrived_step[1], 80) << "agent 2 walked on regardless";
    EXPECT_EQ(run.centres_in_obstacles, 0);
}

TEST(AgentsRun, AnAgentWalksRoundAWayClosedInFrontOfIt) {
    // A second opening at y = 8..9.5 through a wall of three pieces.
    const AgentScenario scenario = scenario_from(
        R"({"bounds": [[0, 0], [20, 10]], "buffer_radius": 0.5,
            "obstacles": [{"polygon": [[9, 0], [11, 0], [11, 1], [9, 1]]},
                          {"polygon": [[9, 4], [11, 4], [11, 7], [9, 7]]},
                          {"polygon": [[9, 9.5], [11, 9.5], [11, 10], [9, 10]]}],
            "agents": [{"id": 7, "at": [2, 2.5], "to": [18, 2.5]}],
            "max_steps": 600,
            "changes": [{"step": 10, "add": [{"polygon": [[9, 0.5], [11, 0.5], [11, 4.5],
                                                           [9, 4.5]]}]}]})");
    const AgentRun run = run_of(scenario);
    ASSERT_EQ(run.changes.size(), 1u);
    EXPECT_EQ(run.changes[0].replanned, (std::vector<std::int64_t>{7}));
    EXPECT_TRUE(run.changes[0].walled_off.empty());
    EXPECT_EQ(run.arrived_count(), 1u) << "it went round through the other opening";
    EXPECT_GT(run.final_agents[0].position.x, 11);
    EXPECT_EQ(run.centres_in_obstacles, 0);
}

TEST(AgentsRun, ACartDrivenOntoAnAgentPushesItOutAndItWalksOn) {
    const AgentScenario scenario = scenario_from(
        R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": 0.5,
            "obstacles": [{"id": "cart", "circle": {"center": [5, 1.5], "radius": 1}}],
            "agents": [{"id": 1, "at": [5, 4.5], "to": [5, 9], "max_speed": 0.2}],
            "max_steps": 800,
            "changes": [{"step": 2, "move": {"id": "cart", "by": [0, 3]}},
                        {"step": 3, "move": {"id": "cart", "by": [0, -3]}}]})");
    const AgentRun run = run_of(scenario, {.positions = true});
    ASSERT_EQ(run.changes.size(), 2u);
    const Point2 pushed = run.positions[2][0];
    EXPECT_GE(std::hypot(pushed.x - 5, pushed.y - 4.5f), 1.49f)
        << "at " << to_string(pushed) << ": out of the cart grown by the buffer";
    EXPECT_EQ(run.centres_in_obstacles, 0);
    EXPECT_EQ(run.arrived_count(), 1u);
}

TEST(AgentsRun, TheRunGoesOnUntilItsLastChangeAndRecordsTheObstaclesForPictures) {
    const AgentScenario scenario = scenario_from(gate_scenario(
        R"([{"step": 5, "add": [{"id": "gate", "polygon": [[9, 3], [11, 3], [11, 7], [9, 7]]}]},
            {"step": 80, "move": {"id": "gate", "by": [0, 4]}},
            {"step": 80, "add": [{"circle": {"center": [15, 8], "radius": 0.5}}]},
            {"step": 590, "remove": ["gate"]}])"));
    const AgentRun run = run_of(scenario, {.pictures = true});
    EXPECT_EQ(run.steps, 590) << "everyone arrived long before the last change";
    ASSERT_EQ(run.changes.size(), 3u) << "one record a step";
    EXPECT_EQ(run.changes[1].changes, (std::vector<std::size_t>{1, 2}));
    ASSERT_EQ(run.obstacle_sets.size(), 3u);
    EXPECT_EQ(run.obstacle_sets[0].first_step, 5);
    EXPECT_EQ(run.obstacle_sets[0].obstacles.size(), 3u);
    EXPECT_EQ(run.obstacle_sets[1].obstacles.size(), 4u);
    EXPECT_FLOAT_EQ(run.obstacle_sets[1].obstacles[2][0].y, 7) << "the gate moved up by 4";
    EXPECT_EQ(run.obstacle_sets[2].obstacles.size(), 3u);
    EXPECT_FALSE(run.obstacle_sets[2].buffers.empty());
    EXPECT_EQ(run.obstacles_left_out_from, 0);

    const ViewerPart part = agents_part("gate", "", scenario, run);
    ASSERT_EQ(part.obstacle_sets.size(), 3u);
    EXPECT_EQ(part.obstacle_sets[0].first_frame, 5u) << "frame N shows step N";
    EXPECT_EQ(part.obstacle_sets[2].first_frame, 590u);
}

TEST(AgentsRun, ObstaclesPastThePictureBudgetAreLeftOutAndTheSummarySaysSo) {
    const AgentScenario scenario = scenario_from(gate_scenario(
        R"([{"step": 5, "add": [{"id": "gate", "polygon": [[9, 3], [11, 3], [11, 7], [9, 7]]}]},
            {"step": 80, "remove": ["gate"]}])"));
    const AgentRun run = run_of(scenario, {.pictures = true, .obstacle_points = 10});
    EXPECT_EQ(run.obstacles_left_out_from, 5);
    ASSERT_EQ(run.obstacle_sets.size(), 2u);
    EXPECT_TRUE(run.obstacle_sets[1].obstacles.empty());
    const ViewerPart part = agents_part("gate", "", scenario, run);
    EXPECT_NE(part.summary.find("Obstacles are not drawn from step 5 on"), std::string::npos);
}

TEST(AgentsRun, AMoveTheMeshRefusesIsRefusedWithItsPlace) {
    const AgentScenario scenario = scenario_from(
        R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": 2,
            "obstacles": [{"id": "far", "circle": {"center": [999990, 5], "radius": 1}}],
            "agents": [{"id": 1, "at": [1, 1], "to": [9, 9]}],
            "changes": [{"step": 3, "move": {"id": "far", "by": [8, 0]}}]})");
    const auto run = run_agent_scenario(scenario, "far.json", {});
    ASSERT_FALSE(run.has_value());
    EXPECT_EQ(run.error().message().rfind("far.json: /changes/0/move: ", 0), 0u)
        << run.error().message();
}

TEST(AgentsRun, ManyStepsOfChangesOnABigMeshAreRefusedBeforeTheRun) {
    std::string squares, changes;
    for (int index = 0; index < 200; ++index) {
        const float x = static_cast<float>(index % 20) * 5 + 1,
                    y = static_cast<float>(index / 20) * 5 + 1;
        squares += (index ? ", " : "") + std::string(R"({"polygon": [[)") + std::to_string(x) +
                   ", " + std::to_string(y) + "], [" + std::to_string(x + 2) + ", " +
                   std::to_string(y) + "], [" + std::to_string(x + 2) + ", " +
                   std::to_string(y + 2) + "], [" + std::to_string(x) + ", " +
                   std::to_string(y + 2) + "]]}";
    }
    for (int step = 1; step <= 5000; ++step)
        changes += (step > 1 ? ", " : "") + std::string(R"({"step": )") + std::to_string(step) +
                   R"(, "move": {"id": "cart", "by": [0, 0]}})";
    const AgentScenario scenario = scenario_from(
        R"({"bounds": [[0, 0], [100, 55]], "buffer_radius": 0.2,
            "obstacles": [)" +
        squares + R"(, {"id": "cart", "circle": {"center": [50, 53], "radius": 1}}],
            "agents": [{"id": 1, "at": [0.5, 0.5], "to": [99, 54]}], "max_steps": 5000,
            "changes": [)" +
        changes + "]}");
    const auto run = run_agent_scenario(scenario, "busy.json", {});
    ASSERT_FALSE(run.has_value());
    EXPECT_NE(run.error().message().find("5000 steps with obstacle changes on a mesh of"),
              std::string::npos)
        << run.error().message();
    EXPECT_NE(run.error().message().find(std::to_string(limits::max_change_repairs)),
              std::string::npos);
}

// A wall right across the world and a boat over it that takes one agent at a time: both
// agents cross, the second after the first, and the run records it, with the link's place in
// the file's "links".
TEST(AgentsRun, AgentsCrossALinkOfTheFileOneAtATimeAndTheRunRecordsIt) {
    const AgentScenario scenario = scenario_from(R"({"bounds": [[0, 0], [20, 20]],
        "buffer_radius": 0.5, "obstacles": [{"polygon": [[0, 9], [20, 9], [20, 11], [0, 11]]}],
        "links": [{"from": [2, 2], "to": [3, 3], "cost": 5},
                  {"from": [10, 13], "to": [10, 7], "traversal_seconds": 2,
                   "one_at_a_time": true}],
        "agents": [{"id": 7, "at": [8, 15], "to": [4, 3]},
                   {"id": 3, "at": [13, 17], "to": [16, 3]}],
        "dt": 0.05, "max_steps": 4000})");
    ASSERT_EQ(scenario.scene.links.size(), 2u);
    EXPECT_EQ(scenario.scene.links[1].traversal_seconds, 2);
    EXPECT_TRUE(scenario.scene.links[1].one_at_a_time);
    const AgentRun run = run_of(scenario);
    EXPECT_EQ(run.arrived_count(), 2u);
    EXPECT_EQ(run.centres_in_obstacles, 0);
    ASSERT_EQ(run.link_event_count, 4);
    ASSERT_EQ(run.link_events.size(), 4u);
    const std::int64_t order[] = {7, 7, 3, 3};
    for (std::size_t index = 0; index < 4; ++index) {
        EXPECT_EQ(run.link_events[index].agent_id, order[index]);
        EXPECT_EQ(run.link_events[index].link, 1u);
        EXPECT_EQ(run.link_events[index].finished, index % 2 == 1);
    }
    EXPECT_GE(run.link_events[2].step, run.link_events[1].step);
    // Two seconds across at 0.05 s a step.
    EXPECT_NEAR(static_cast<double>(run.link_events[1].step - run.link_events[0].step), 40, 1);
}

}  // namespace
}  // namespace pathkit
