// Agents scenario files: the examples load and run, defaults come from the scene, and malformed
// files are refused with the place named.
#include <gtest/gtest.h>

#include <string>

#include "pathkit/io/agents_file.hpp"

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

TEST(AgentsFile, EveryExampleLoads) {
    for (const char* name : {"circle_swap", "corridor_crossing", "doorway", "asteroids"}) {
        const auto scenario =
            load_agent_scenario(std::string(PATHKIT_EXAMPLES) + "/agents/" + name + ".json");
        ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
        EXPECT_GE(scenario.value().agents.size(), 12u) << name;
    }
}

}  // namespace
}  // namespace pathkit
