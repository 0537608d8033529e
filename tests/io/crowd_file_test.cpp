// Crowd scenario files: maps drawn or loaded beside the file, orders, and errors with places.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "pathkit/io/crowd_file.hpp"
#include "support/grid_rules.hpp"

namespace pathkit {
namespace {

void expect_refused(const std::string& text, const std::string& words) {
    const auto scenario = parse_crowd_scenario(text, "bad.json", ".");
    ASSERT_FALSE(scenario.has_value()) << text;
    EXPECT_NE(scenario.error().message().find(words), std::string::npos)
        << scenario.error().message();
}

TEST(CrowdFile, EveryDiagonalNameOfTheCommandLineIsAcceptedAndNoOther) {
    for (const auto& [name, policy] : testing::diagonal_names) {
        const std::string text = R"({"map": {"rows": ["..", ".."]}, "diagonal": ")" + name +
                                 R"(", "units": [{"id": 1, "at": [0, 0]}]})";
        const auto scenario = parse_crowd_scenario(text, "names.json", ".");
        ASSERT_TRUE(scenario.has_value()) << name << ": " << scenario.error().message();
        EXPECT_EQ(scenario.value().options.rules.diagonal, policy) << name;
    }
    expect_refused(R"({"map": {"rows": [".."]}, "diagonal": "sometimes", "units": []})",
                   "at-least-one-walkable (or at-least-one)");
}

TEST(CrowdFile, AScenarioWithADrawnMapRunsAndTracesEveryTick) {
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": ["....", ".@@.", "...."]}, "diagonal": "never",
        "units": [{"id": 7, "at": [0, 0]}, {"id": 9, "at": [3, 2], "state": "attacking"}],
        "commands": [{"tick": 2, "units": [7], "to": [3, 0]}], "max_ticks": 50})",
                                               "inline", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    EXPECT_FALSE(scenario.value().map.is_walkable({1, 1}));
    EXPECT_EQ(scenario.value().options.rules.diagonal, DiagonalPolicy::Never);
    const auto report = run_crowd_scenario(scenario.value(), true);
    ASSERT_TRUE(report.has_value()) << report.error().message();
    EXPECT_TRUE(report.value().completed);
    ASSERT_EQ(report.value().units.size(), 2u);
    EXPECT_EQ(report.value().units[0].arrived_tick, std::optional<std::uint64_t>(4))
        << "ordered at tick 2, three steps, arriving during tick 4";
    EXPECT_EQ(report.value().units[1].outcome, "no order");
    const std::string text = crowd_trace_json(scenario.value(), report.value());
    const auto trace = nlohmann::json::parse(text);
    EXPECT_EQ(text, trace.dump()) << "compact, keys in order, as nlohmann/json writes it";
    EXPECT_EQ(trace["ticks"].size(), report.value().ticks + 1);
    EXPECT_EQ(trace["ticks"][0][0], nlohmann::json({7, 0, 0}));
    EXPECT_EQ(trace["ticks"].back()[0], nlohmann::json({7, 3, 0}));
    EXPECT_EQ(trace["events"].back()["kind"], "arrived");
    EXPECT_EQ(trace["events"].back()["unit"], 7);
}

TEST(CrowdFile, ChangesBlockAndOpenTilesBeforeTheirTicksAndTheRunReportsWhomEachMadePlanAgain) {
    // Unit 7 walks the top row east; the tile ahead of it is blocked before tick 2, so it
    // plans round by the middle row; unit 9 stands on a tile blocked before tick 3.
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": [".....", ".....", "....."]},
        "units": [{"id": 7, "at": [0, 0]}, {"id": 9, "at": [2, 2]}],
        "commands": [{"tick": 0, "units": [7], "to": [4, 0]}],
        "changes": [{"tick": 3, "block": [[2, 2]]}, {"tick": 2, "block": [[3, 0]]},
                    {"tick": 9, "open": [[3, 0], [2, 2]]}],
        "max_ticks": 50})",
                                               "inline", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    ASSERT_EQ(scenario.value().changes.size(), 3u);
    EXPECT_FALSE(scenario.value().changes[0].walkable);
    EXPECT_TRUE(scenario.value().changes[2].walkable);
    const auto report = run_crowd_scenario(scenario.value(), true);
    ASSERT_TRUE(report.has_value()) << report.error().message();
    EXPECT_TRUE(report.value().completed);
    EXPECT_TRUE(scenario.value().map.is_walkable({3, 0})) << "the run edits its own copy";
    const auto& changes = report.value().changes;
    ASSERT_EQ(changes.size(), 3u);
    EXPECT_EQ(changes[0].change, 1u) << "in time order";
    EXPECT_EQ(changes[0].tick, 2u);
    EXPECT_EQ(changes[0].replanned, std::vector<int>{7});
    EXPECT_EQ(changes[1].displaced, std::vector<int>{9});
    EXPECT_EQ(changes[2].tick, 9u) << "the run waits for its last change";
    EXPECT_EQ(report.value().units[0].outcome, "arrived");
}

TEST(CrowdFile, AMapFileIsReadBesideTheScenario) {
    const auto scenario =
        load_crowd_scenario(std::string(PATHKIT_EXAMPLES) + "/crowd/rooms_traffic.json");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    EXPECT_EQ(scenario.value().map.width(), 24);
    EXPECT_EQ(scenario.value().commands.size(), 4u);
}

TEST(CrowdFile, SettledTicksAreSkippedAndATraceThatWouldNotFitIsRefused) {
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": ["...."]}, "units": [{"id": 1, "at": [0, 0]}],
        "commands": [{"tick": 999999990, "units": [1], "to": [3, 0]}],
        "max_ticks": 1000000000})",
                                               "far.json", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    const auto report = run_crowd_scenario(scenario.value(), false);  // seconds, not days
    ASSERT_TRUE(report.has_value()) << report.error().message();
    EXPECT_TRUE(report.value().completed);
    EXPECT_EQ(report.value().units[0].arrived_tick, std::optional<std::uint64_t>(999999992));
    EXPECT_TRUE(report.value().events.empty()) << "events are kept only with a trace";
    const auto traced = run_crowd_scenario(scenario.value(), true);
    ASSERT_FALSE(traced.has_value());
    EXPECT_NE(traced.error().message().find("trace would hold more than 32000000"),
              std::string::npos)
        << traced.error().message();
}

TEST(CrowdFile, ATraceThatWouldPassItsMemoryStopsTheRunAfterTheLastTickThatFits) {
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": ["....", "...."]},
        "units": [{"id": 1, "at": [0, 0]}, {"id": 22, "at": [3, 0]}, {"id": 333, "at": [0, 1]}],
        "commands": [{"tick": 4999990, "units": [1], "to": [3, 1]}], "max_ticks": 5000000})",
                                               "long.json", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    CrowdTraceMemory memory = crowd_trace_json_memory(scenario.value());
    memory.limit = std::uint64_t{8} << 20;
    const auto report = run_crowd_scenario(scenario.value(), true, {}, memory);
    ASSERT_TRUE(report.has_value()) << report.error().message();
    const CrowdRunReport& run = report.value();
    EXPECT_TRUE(run.stopped_at_memory_limit);
    EXPECT_FALSE(run.completed);
    EXPECT_GT(run.ticks, 1000u);
    EXPECT_LT(run.ticks, 4999990u);
    EXPECT_EQ(run.positions.size(), run.ticks + 1) << "the trace covers every tick run";
    EXPECT_LE(run.trace_bytes, memory.limit);
    // The trace's text stays within what its costs declared: count it against the figures.
    const std::string text = crowd_trace_json(scenario.value(), run);
    const CrowdTraceMemory report_only;
    const std::uint64_t declared =
        run.positions.size() * (3 * (memory.per_position - report_only.per_position) +
                                (memory.per_tick - report_only.per_tick)) +
        run.events.size() * (memory.per_event - report_only.per_event);
    EXPECT_LE(text.size(), declared + 64);
    const auto trace = nlohmann::json::parse(text);
    EXPECT_EQ(trace["ticks"].size(), run.ticks + 1);
    EXPECT_EQ(trace["ticks"].back()[2], nlohmann::json({333, 0, 1}));
}

TEST(CrowdFile, QueuedOrdersUnderTheLifelongPlannerAreVisitedInTheOrderQueued) {
    // Two units cross a yard with a pillar, each with three targets queued at tick 0 and a
    // fourth queued at tick 5 behind them.
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": ["......",
                         "..@@..",
                         "......"]},
        "lifelong_orders": true,
        "units": [{"id": 7, "at": [0, 0]}, {"id": 9, "at": [5, 2]}],
        "commands": [{"tick": 0, "units": [7], "to": [5, 0], "queue": true},
                     {"tick": 0, "units": [9], "to": [0, 2], "queue": true},
                     {"tick": 0, "units": [7, 9], "to": [1, 1], "queue": true},
                     {"tick": 0, "units": [7], "to": [5, 2], "queue": true},
                     {"tick": 0, "units": [9], "to": [0, 0], "queue": true},
                     {"tick": 5, "units": [7], "to": [4, 1], "queue": true},
                     {"tick": 5, "units": [9], "to": [1, 1], "queue": true}],
        "max_ticks": 200})",
                                               "inline", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    EXPECT_TRUE(scenario.value().options.lifelong_orders);
    EXPECT_TRUE(scenario.value().commands[0].queued);
    const auto report = run_crowd_scenario(scenario.value(), true);
    ASSERT_TRUE(report.has_value()) << report.error().message();
    ASSERT_TRUE(report.value().completed);
    const std::vector<std::vector<Cell>> queued = {{{5, 0}, {1, 1}, {5, 2}, {4, 1}},
                                                   {{0, 2}, {1, 1}, {0, 0}, {1, 1}}};
    std::vector<std::vector<Cell>> visited(2);
    for (const CrowdEvent& event : report.value().events) {
        if (event.kind != CrowdEventKind::Arrived) continue;
        // Where the unit stands after the tick of its arrival.
        visited[event.unit.index()].push_back(
            report.value().positions[event.tick + 1][event.unit.index()]);
    }
    EXPECT_EQ(visited, queued) << "one arrival an order, on its tile, in the order queued";
}

TEST(CrowdFile, QueuedOrdersGoToUnitsOneByOneAndAreRefusedWithACoordinatedOrFlowMove) {
    const std::string head = R"({"map": {"rows": ["..."]}, "units": [{"id": 1, "at": [0, 0]}], )";
    expect_refused(
        head + R"("commands": [{"units": [1], "to": [2, 0], "queue": true, "coordinated": true}]})",
        "/commands/0/queue");
    expect_refused(
        head + R"("commands": [{"units": [1], "to": [2, 0], "flow": false, "queue": true}]})",
        "/commands/0/queue");
    expect_refused(head + R"("commands": [{"units": [1], "to": [2, 0], "queue": 1}]})",
                   "/commands/0/queue");
    expect_refused(head + R"("lifelong_orders": "yes"})", "/lifelong_orders");
}

TEST(CrowdFile, MalformedScenariosNameTheValue) {
    expect_refused(R"({"map": {"rows": ["..", ".."]}, "units": [}")", "line 1");
    expect_refused(R"({"units": []})", "missing \"map\"");
    expect_refused(R"({"map": {"rows": ["..", "..."]}, "units": []})", "row 1 has 3 tiles");
    expect_refused(R"({"map": {"rows": ["..", ".x"]}, "units": []})", "unknown tile 'x'");
    expect_refused(R"({"map": {"file": "nowhere.map"}, "units": []})", "/map/file");
    expect_refused(R"({"map": {"rows": [".."]}, "units": [{"id": 1, "at": [5, 0]}]})",
                   "/units/0/at");
    expect_refused(R"({"map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0], "state": "x"}]})",
                   "/units/0/state");
    expect_refused(R"({"map": {"rows": [".."]}, "diagonal": "sideways", "units": []})",
                   "/diagonal");
    expect_refused(
        R"({"map": {"rows": [".."]}, "units": [], "commands": [{"units": [1], "to": [0, 0.5]}]})",
        "/commands/0/to/1");
    expect_refused(R"({"map": {"rows": [".."]}, "units": [], "speed": 3})", "/speed");
}

TEST(CrowdFile, UnitSizesAreReadRunAndRefusedOutsideOneToThreeNamingThePointer) {
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": ["......", "......", "..@...", "......"]},
        "units": [{"id": 1, "at": [0, 0], "size": 2}, {"id": 2, "at": [5, 3]}],
        "commands": [{"tick": 0, "units": [1], "to": [3, 2]}, {"tick": 0, "units": [2], "to": [0, 3]}],
        "max_ticks": 100})",
                                               "sizes.json", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    EXPECT_EQ(scenario.value().units[0].size, 2);
    EXPECT_EQ(scenario.value().units[1].size, 1) << "one tile unless told";
    const auto report = run_crowd_scenario(scenario.value(), true);
    ASSERT_TRUE(report.has_value()) << report.error().message();
    EXPECT_TRUE(report.value().completed);
    EXPECT_EQ(report.value().units[0].outcome, "arrived");
    EXPECT_EQ(report.value().units[0].at, (Cell{3, 2})) << "its footprint clear of the wall";
    EXPECT_EQ(report.value().units[1].outcome, "arrived");

    const std::string unit_at = R"({"map": {"rows": ["...", "...", ".@."]}, "units": [{"id": 1, )";
    expect_refused(unit_at + R"("at": [0, 0], "size": 0}]})", "/units/0/size: 0 is outside 1..3");
    expect_refused(unit_at + R"("at": [0, 0], "size": 4}]})", "/units/0/size: 4 is outside 1..3");
    expect_refused(unit_at + R"("at": [0, 0], "size": 1.5}]})", "/units/0/size");
    expect_refused(unit_at + R"("at": [0, 0], "size": "2"}]})", "/units/0/size");
    expect_refused(unit_at + R"("at": [0, 1], "size": 2}]})",
                   "/units/0/size: a unit of size 2 at 0,1 covers 1,2, outside the map or blocked");
    expect_refused(unit_at + R"("at": [2, 0], "size": 2}]})", "/units/0/size");
    const auto overlapping = parse_crowd_scenario(
        unit_at + R"("at": [0, 0], "size": 2}, {"id": 2, "at": [1, 1]}]})", "overlap.json", ".");
    ASSERT_TRUE(overlapping.has_value());
    const auto refused = run_crowd_scenario(overlapping.value(), false);
    ASSERT_FALSE(refused.has_value());
    EXPECT_NE(refused.error().message().find("units 1 and 2 are both placed at 1,1"),
              std::string::npos)
        << refused.error().message();
}

TEST(CrowdFile, RunsRefuseCommandsForUnknownUnitsAndBadOptions) {
    auto scenario = parse_crowd_scenario(R"({"map": {"rows": ["..."]},
        "units": [{"id": 1, "at": [0, 0]}], "commands": [{"units": [2], "to": [2, 0]}]})",
                                         "inline", ".");
    ASSERT_TRUE(scenario.has_value());
    const auto run = run_crowd_scenario(scenario.value(), false);
    ASSERT_FALSE(run.has_value());
    EXPECT_NE(run.error().message().find("unknown unit 2"), std::string::npos);
    scenario.value().options.occupied_penalty = -1;
    scenario.value().commands.clear();
    EXPECT_FALSE(run_crowd_scenario(scenario.value(), false).has_value());
}

}  // namespace
}  // namespace pathkit
