// Agents scenario files: the examples load and run, defaults come from the scene, and malformed
// files are refused with the place named.
#include <gtest/gtest.h>

#include <string>

#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/limits.hpp"

namespace pathkit {
namespace {

void expect_refused(const std::string& text, const std::string& words) {
    const auto scenario = parse_agent_scenario(text, "bad.json");
    ASSERT_FALSE(scenario.has_value()) << text;
    EXPECT_NE(scenario.error().message().find(words), std::string::npos)
        << scenario.error().message();
    EXPECT_EQ(scenario.error().message().rfind("bad.json: ", 0), 0u) << scenario.error().message();
}

// A scene of 10 x 10 units with the given agents (and optional extra members).
std::string scenario_with(const std::string& agents, const std::string& extra = "") {
    return R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": 0.5, "obstacles": [], "agents": )" +
           agents + extra + "}";
}

TEST(AgentsFile, AScenarioWithAgentsStepsAndObstaclesLoads) {
    const auto scenario = parse_agent_scenario(
        R"({"bounds": [[0, 0], [20, 10]], "buffer_radius": 0.4,
            "obstacles": [{"circle": {"center": [10, 5], "radius": 1}}],
            "agents": [{"id": 7, "at": [1, 1], "to": [19, 9], "radius": 0.3, "max_speed": 1.5,
                        "max_acceleration": 4},
                       {"id": 2, "at": [19, 1], "to": [1, 9]}],
            "dt": 0.05, "max_steps": 300})",
        "inline");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    const AgentScenario& read = scenario.value();
    EXPECT_EQ(read.scene.max, (Point2{20, 10}));
    ASSERT_EQ(read.scene.obstacles.size(), 1u);
    ASSERT_EQ(read.agents.size(), 2u);
    EXPECT_EQ(read.agents[0].id, 7);
    EXPECT_EQ(read.agents[0].to, (Point2{19, 9}));
    EXPECT_FLOAT_EQ(read.agents[0].params.radius, 0.3f);
    EXPECT_FLOAT_EQ(read.agents[0].params.max_speed, 1.5f);
    EXPECT_FLOAT_EQ(read.agents[0].params.max_acceleration, 4);
    EXPECT_FLOAT_EQ(read.dt, 0.05f);
    EXPECT_EQ(read.max_steps, 300);
}

TEST(AgentsFile, AnAgentWithoutARadiusTakesTheBufferRadiusAndTheRestTheirDefaults) {
    const auto scenario = parse_agent_scenario(scenario_with(R"([{"id": 1, "at": [1, 1],
                                                                   "to": [9, 9]}])"),
                                               "inline");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    const ScenarioAgent& agent = scenario.value().agents.front();
    EXPECT_FLOAT_EQ(agent.params.radius, 0.5f);
    EXPECT_FLOAT_EQ(agent.params.max_speed, AgentParams{}.max_speed);
    EXPECT_FLOAT_EQ(scenario.value().dt, 0.1f);
    EXPECT_EQ(scenario.value().max_steps, 2000);
}

TEST(AgentsFile, MalformedScenariosNameTheLineOrTheValue) {
    expect_refused("{\"bounds\": [[0, 0], [1, 1]],\n \"agents\": [}", "line 2");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "obstacles": []})", "missing \"agents\"");
    expect_refused(scenario_with("[]", R"(, "queries": [])"), "/queries");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1]}])"), "/agents/0: expected");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, 9], "speed": 2}])"),
                   "/agents/0/speed");
    expect_refused(scenario_with(R"([{"id": -1, "at": [1, 1], "to": [9, 9]}])"), "/agents/0/id");
    expect_refused(scenario_with(R"([{"id": 1.5, "at": [1, 1], "to": [9, 9]}])"), "/agents/0/id");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, 9]},
                                     {"id": 1, "at": [2, 2], "to": [8, 8]}])"),
                   "/agents/1/id: 1 is the id of /agents/0 too");
    expect_refused(scenario_with(R"([{"id": 1, "at": [11, 1], "to": [9, 9]}])"),
                   "/agents/0/at: 11,1 is outside the bounds");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, "x"]}])"), "/agents/0/to/1");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, 9], "radius": 0}])"),
                   "/agents/0/radius: must be more than 0");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, 9], "max_speed": 1e9}])"),
                   "/agents/0/max_speed");
    expect_refused(scenario_with("[]", R"(, "dt": 0)"), "/dt: must be more than 0");
    expect_refused(scenario_with("[]", R"(, "dt": 2)"), "/dt");
    expect_refused(scenario_with("[]", R"(, "max_steps": 0)"), "/max_steps");
    expect_refused(scenario_with("[]", R"(, "max_steps": 1e300)"), "/max_steps");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "obstacles": [],
                       "agents": [{"id": 1, "at": [1, 1], "to": [9, 9]}]})",
                   "missing \"radius\"");
}

// Numbers too large for a double stop the parser itself; whole numbers too large for 64 bits
// are read as fractions; a buffer radius handed on as a radius must fit a radius.
TEST(AgentsFile, OutOfRangeNumbersAndOversizedBufferRadiiNameTheValueAtFault) {
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, 9], "radius": 1e400}])"),
                   "/agents/0/radius: number overflow");
    expect_refused(scenario_with(R"([{"id": 1, "at": [1, 1], "to": [9, 9]},
                                     {"id": 2, "at": [1, -1e400], "to": [9, 9]}])"),
                   "/agents/1/at/1: number overflow");
    expect_refused(scenario_with(R"([{"id": 1e400, "at": [1, 1], "to": [9, 9]}])"),
                   "/agents/0/id: number overflow");
    expect_refused(scenario_with("[]", R"(, "dt": 1e400)"), "/dt: number overflow");
    expect_refused(scenario_with("[]", R"(, "max_steps": 18446744073709551616)"),
                   "/max_steps: 1.8446744073709552e+19 is outside 1..100000");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "obstacles": [{"circle": {"center": [5, 5],
                       "radius": 1e999}}], "agents": []})",
                   "/obstacles/0/circle/radius: number overflow");
    expect_refused(R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": 200000, "obstacles": [],
                       "agents": [{"id": 1, "at": [1, 1], "to": [9, 9]}]})",
                   "/buffer_radius: 200000.0 is over 100000, the largest radius of an agent, and "
                   "/agents/0 has no \"radius\" of its own");
    EXPECT_TRUE(parse_agent_scenario(R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": 200000,
                       "obstacles": [], "agents": [{"id": 1, "at": [1, 1], "to": [9, 9],
                       "radius": 1}]})",
                                     "fine.json")
                    .has_value())
        << "agents with their own radius do not need the buffer radius to be one";
}

TEST(AgentsFile, ARunWhoseTraceWouldBeHugeIsRefusedBeforeItStarts) {
    std::string agents = "[";
    for (int index = 0; index < 200; ++index)
        agents += (index ? ", " : "") + std::string(R"({"id": )") + std::to_string(index) +
                  R"(, "at": [1, 1], "to": [9, 9]})";
    agents += "]";
    expect_refused(scenario_with(agents, R"(, "max_steps": 100000)"),
                   "200 agents for 100000 steps make 20000200 positions, over the limit");
}

// A scene of 20 x 10 units with a named gate and a cart, one agent, and the given changes.
std::string scenario_changing(const std::string& changes, const std::string& extra = "") {
    return R"({"bounds": [[0, 0], [20, 10]], "buffer_radius": 0.5,
               "obstacles": [{"id": "gate", "polygon": [[9, 4], [11, 4], [11, 6], [9, 6]]},
                             {"circle": {"center": [15, 8], "radius": 1}, "id": "cart"},
                             {"polygon": [[1, 8], [2, 8], [2, 9]]}],
               "agents": [{"id": 1, "at": [1, 1], "to": [19, 1]}], "max_steps": 100,
               "changes": )" +
           changes + extra + "}";
}

TEST(AgentsFile, TimedChangesAddRemoveAndMoveObstaclesByTheirIds) {
    const auto scenario =
        parse_agent_scenario(scenario_changing(R"([{"step": 5, "remove": ["gate"]},
                              {"step": 5, "move": {"id": "cart", "by": [-2, 0.5]}},
                              {"step": 40, "add": [{"id": "gate", "polygon": [[9, 3], [11, 3],
                                                                               [11, 7], [9, 7]]},
                                                   {"circle": {"center": [4, 4], "radius": 1}}]},
                              {"step": 100, "move": {"id": "gate", "by": [0, -3]}}])"),
                             "inline");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    const AgentScenario& read = scenario.value();
    EXPECT_EQ(read.scene.obstacle_names, (std::vector<std::string>{"gate", "cart", ""}));
    ASSERT_EQ(read.changes.size(), 4u);
    EXPECT_EQ(read.changes[0].step, 5);
    EXPECT_EQ(read.changes[0].kind, ObstacleChangeKind::Remove);
    EXPECT_EQ(read.changes[0].names, (std::vector<std::string>{"gate"}));
    EXPECT_EQ(read.changes[1].kind, ObstacleChangeKind::Move);
    EXPECT_EQ(read.changes[1].names, (std::vector<std::string>{"cart"}));
    EXPECT_EQ(read.changes[1].offset, (Point2{-2, 0.5f}));
    EXPECT_EQ(read.changes[2].kind, ObstacleChangeKind::Add);
    ASSERT_EQ(read.changes[2].added.size(), 2u);
    EXPECT_TRUE(read.changes[2].added[1].is_circle());
    EXPECT_EQ(read.changes[2].names, (std::vector<std::string>{"gate", ""}))
        << "an id removed may be added again; an added obstacle needs no id";
    EXPECT_EQ(read.changes[3].step, 100) << "the last step may change";
}

TEST(AgentsFile, EveryMalformedChangeIsRefusedWithItsPlace) {
    expect_refused(scenario_changing("{}"), "/changes: expected an array");
    expect_refused(scenario_changing(R"([{"step": 3}])"), "/changes/0: expected {\"step\": n}");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": ["gate"], "add": []}])"),
                   "/changes/0: expected");
    expect_refused(scenario_changing(R"([{"remove": ["gate"]}])"), "/changes/0: expected");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": ["gate"], "when": 1}])"),
                   "/changes/0/when: unknown key");
    expect_refused(scenario_changing(R"([{"step": 0, "remove": ["gate"]}])"),
                   "/changes/0/step: 0 is outside 1..100");
    expect_refused(scenario_changing(R"([{"step": 101, "remove": ["gate"]}])"),
                   "/changes/0/step: 101 is outside 1..100");
    expect_refused(scenario_changing(R"([{"step": 2.5, "remove": ["gate"]}])"), "/changes/0/step");
    expect_refused(scenario_changing(R"([{"step": 9, "remove": ["gate"]},
                                         {"step": 8, "remove": ["cart"]}])"),
                   "/changes/1/step: 8 comes before step 9 of /changes/0: changes are listed in "
                   "step order");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": []}])"),
                   "/changes/0/remove: expected at least one id");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": [7]}])"),
                   "/changes/0/remove/0: expected a string");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": ["door"]}])"),
                   "/changes/0/remove/0: no obstacle with the id \"door\" is present at step 3");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": ["gate", "gate"]}])"),
                   "/changes/0/remove/1: no obstacle with the id \"gate\" is present at step 3");
    expect_refused(scenario_changing(R"([{"step": 3, "remove": ["gate"]},
                                         {"step": 4, "move": {"id": "gate", "by": [1, 0]}}])"),
                   "/changes/1/move/id: no obstacle with the id \"gate\" is present at step 4");
    expect_refused(scenario_changing(R"([{"step": 3, "add": []}])"),
                   "/changes/0/add: expected at least one obstacle");
    expect_refused(scenario_changing(R"([{"step": 3, "add": [{"id": "cart", "circle":
                                         {"center": [5, 5], "radius": 1}}]}])"),
                   "/changes/0/add/0/id: \"cart\" is the id of an obstacle present then "
                   "(/obstacles/1)");
    expect_refused(scenario_changing(R"([{"step": 3, "add": [{"polygon": [[1, 1], [2, 2],
                                                                          [3, 3]]}]}])"),
                   "/changes/0/add/0: ");
    expect_refused(scenario_changing(R"([{"step": 3, "add": [{"square": 2}]}])"),
                   "/changes/0/add/0: expected {\"polygon\": [...]} or {\"circle\": {...}}");
    expect_refused(scenario_changing(R"([{"step": 3, "move": {"id": "cart"}}])"),
                   "/changes/0/move: expected {\"id\": \"id\", \"by\": [dx, dy]}");
    expect_refused(scenario_changing(R"([{"step": 3, "move": ["cart", [1, 0]]}])"),
                   "/changes/0/move: expected an object");
    expect_refused(scenario_changing(R"([{"step": 3, "move": {"id": "cart", "by": [1, 1e400]}}])"),
                   "/changes/0/move/by/1: number overflow");
    expect_refused(scenario_changing(R"([{"step": 3, "move": {"id": "cart", "by": [2e6, 0]}}])"),
                   "/changes/0/move/by: the moved obstacle (/obstacles/1) is refused");
    expect_refused(scenario_changing(R"([{"step": 3, "move": {"id": "cart", "by": [1, 0]},
                                          "speed": 2}])"),
                   "/changes/0/speed: unknown key");
}

// A scene whose two obstacles carry the ids given (as JSON values).
std::string scenario_with_ids(const std::string& first, const std::string& second) {
    return R"({"bounds": [[0, 0], [10, 10]], "buffer_radius": 0.5, "agents": [],
               "obstacles": [{"id": )" +
           first + R"(, "circle": {"center": [3, 3], "radius": 1}},
                             {"id": )" +
           second + R"(, "circle": {"center": [7, 7], "radius": 1}}]})";
}

TEST(AgentsFile, ObstacleIdsAreNamesOfOneToSixtyFourBytesUniqueInTheScene) {
    EXPECT_TRUE(parse_agent_scenario(scenario_with_ids(R"("gate")", R"("Tür 2")"), "fine.json")
                    .has_value());
    expect_refused(scenario_with_ids(R"("gate")", R"("gate")"),
                   "/obstacles/1/id: \"gate\" is the id of /obstacles/0 too");
    expect_refused(scenario_with_ids(R"("gate")", "\"" + std::string(65, 'x') + "\""),
                   "/obstacles/1/id: an id has 1 to 64 bytes, got 65");
    expect_refused(scenario_with_ids(R"("")", R"("gate")"),
                   "/obstacles/0/id: an id has 1 to 64 bytes, got 0");
    expect_refused(scenario_with_ids("3", R"("gate")"), "/obstacles/0/id: expected a string");
}

// Obstacles added and obstacles moved count their points again, so a few changes cannot make
// a file's geometry unbounded.
TEST(AgentsFile, ChangesPastTheLimitsAreRefused) {
    std::string many = "[";
    for (std::size_t index = 0; index <= limits::max_obstacle_changes; ++index)
        many +=
            std::string(index ? ", " : "") + R"({"step": 1, "move": {"id": "cart", "by": [0, 0]}})";
    expect_refused(scenario_changing(many + "]"), "/changes: ");
    std::string square = R"({"polygon": [[0, 0], [1, 0], [1, 1], [0, 1]]})";
    std::string squares = "[";
    for (std::size_t index = 0; index < limits::max_scene_points / 4; ++index)
        squares += (index ? ", " : "") + square;
    squares += "]";
    expect_refused(scenario_changing(R"([{"step": 2, "add": )" + squares + "}]"),
                   "the scene's obstacles, the obstacles added and the obstacles moved hold more "
                   "than 200000 points");
}

TEST(AgentsFile, EveryExampleLoads) {
    for (const char* name : {"circle_swap", "corridor_crossing", "doorway", "asteroids", "gate"}) {
        const auto scenario =
            load_agent_scenario(std::string(PATHKIT_EXAMPLES) + "/agents/" + name + ".json");
        ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
        EXPECT_GE(scenario.value().agents.size(), 12u) << name;
    }
}

}  // namespace
}  // namespace pathkit
