// MovingAI .map and .scen readers: both dialects, CRLF, base names, tolerance, clear errors.
#include <gtest/gtest.h>

#include <sstream>

#include "pathkit/io/moving_ai.hpp"

namespace pathkit {
namespace {

const std::string data = PATHKIT_TEST_DATA;

Expected<GridMap> map_from(const std::string& text) {
    std::istringstream input(text);
    return read_moving_ai_map(input, "test.map");
}

Expected<Scenario> scenario_from(const std::string& text) {
    std::istringstream input(text);
    return read_moving_ai_scenario(input, "test.scen");
}

TEST(MovingAiMap, ReadsACrlfFileWithEveryTileKind) {
    const auto map = load_moving_ai_map(data + "/tiny.map");
    ASSERT_TRUE(map) << map.error().message();
    EXPECT_EQ(map.value().width(), 5);
    EXPECT_EQ(map.value().height(), 3);
    // Row 1 ".@@T." has three blocked tiles; row 2 "G.S.W" blocks only the water.
    EXPECT_TRUE(map.value().is_walkable({0, 1}));
    EXPECT_FALSE(map.value().is_walkable({1, 1}));
    EXPECT_FALSE(map.value().is_walkable({3, 1}));
    EXPECT_TRUE(map.value().is_walkable({0, 2})) << "G is walkable";
    EXPECT_TRUE(map.value().is_walkable({2, 2})) << "S is walkable";
    EXPECT_FALSE(map.value().is_walkable({4, 2})) << "W is water, blocked";
}

TEST(MovingAiMap, AcceptsWidthBeforeHeight) {
    EXPECT_TRUE(map_from("type octile\nwidth 2\nheight 1\nmap\n..\n"));
}

struct BadMap {
    const char* name;
    const char* text;
    const char* message;
};
class MovingAiMapErrors : public ::testing::TestWithParam<BadMap> {};
TEST_P(MovingAiMapErrors, NameTheLineAndTheProblem) {
    const auto map = map_from(GetParam().text);
    ASSERT_FALSE(map);
    EXPECT_EQ(map.error().message(), GetParam().message);
}
INSTANTIATE_TEST_SUITE_P(
    BadMaps, MovingAiMapErrors,
    ::testing::Values(BadMap{"ShortRow", "type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
                             "test.map:6: row 1 has 2 tiles, expected 3"},
                      BadMap{"MissingRow", "type octile\nheight 2\nwidth 3\nmap\n...\n",
                             "test.map: the header announces 2 rows of 3 tiles but only 4 "
                             "bytes follow it"},
                      BadMap{"UnknownTile", "type octile\nheight 1\nwidth 3\nmap\n.x.\n",
                             "test.map:5: unknown tile 'x' at column 1"},
                      BadMap{"NegativeHeight", "type octile\nheight -2\nwidth 3\nmap\n",
                             "test.map:2: height '-2' is not a whole number in 1..16384"},
                      BadMap{"NoMapLine", "type octile\nheight 1\nwidth 1\n",
                             "test.map: the header has no 'map' line"},
                      BadMap{"NoWidth", "type octile\nheight 1\nmap\n.\n",
                             "test.map:3: the header lacks 'width' or 'height'"},
                      BadMap{"Garbage", "hello\n",
                             "test.map:1: unexpected header line 'hello' (expected type, height, "
                             "width, then map)"},
                      BadMap{"ExtraRows", "type octile\nheight 1\nwidth 1\nmap\n.\n.\n",
                             "test.map:6: text after the last map row"}),
    [](const ::testing::TestParamInfo<BadMap>& param_info) { return param_info.param.name; });

TEST(MovingAiScenario, ReadsTheTabDialectAndKeepsOnlyTheMapsBaseName) {
    const auto scenario = load_moving_ai_scenario(data + "/tiny.map.scen");
    ASSERT_TRUE(scenario) << scenario.error().message();
    ASSERT_EQ(scenario.value().queries.size(), 2u);
    const ScenarioQuery& second = scenario.value().queries[1];
    EXPECT_EQ(second.map_name, "tiny.map");
    EXPECT_EQ(second.start, (Cell{0, 0}));
    EXPECT_EQ(second.goal, (Cell{3, 2}));
    EXPECT_DOUBLE_EQ(second.optimal_length, 5);
}

TEST(MovingAiScenario, ReadsTheSpaceDialectWithCrlfAndABareMapName) {
    const auto scenario =
        scenario_from("version 1.0\r\n61 AR0011SR.map 512 512 210 395 87 201 244.95\r\n\r\n");
    ASSERT_TRUE(scenario) << scenario.error().message();
    ASSERT_EQ(scenario.value().queries.size(), 1u);
    EXPECT_EQ(scenario.value().queries[0].bucket, 61);
    EXPECT_EQ(scenario.value().queries[0].map_name, "AR0011SR.map");
    EXPECT_EQ(scenario.value().queries[0].goal, (Cell{87, 201}));
}

TEST(MovingAiScenario, ReportsBadRowsWithTheirLine) {
    EXPECT_EQ(scenario_from("version 1\n0 a.map 5 3 0 0 4\n").error().message(),
              "test.scen:2: expected 9 fields (bucket map width height start_x start_y goal_x "
              "goal_y length), found 7");
    EXPECT_EQ(scenario_from("version 1\n0 a.map 5 3 0 zero 4 0 4\n").error().message(),
              "test.scen:2: field 6 'zero' is not a whole number in 0..1000000000");
    EXPECT_EQ(scenario_from("version 1\n0 a.map 5 3 0 0 4 0 nan\n").error().message(),
              "test.scen:2: length 'nan' is not a finite number >= 0");
    EXPECT_EQ(scenario_from("version 7\n").error().message(),
              "test.scen:1: unsupported version line 'version 7'");
}

TEST(MovingAiScenario, ComparesLengthsWithTheBenchmarksTolerance) {
    EXPECT_TRUE(matches_optimal_length(244.9535, 244.95));
    EXPECT_FALSE(matches_optimal_length(244.96, 244.95));
    EXPECT_TRUE(matches_optimal_length(1000.015, 1000)) << "0.006 + 0.01 allowed";
    EXPECT_FALSE(matches_optimal_length(1000.017, 1000));
}

TEST(MovingAiScenario, QueriesThatDoNotFitTheMapAreRefused) {
    const auto map = load_moving_ai_map(data + "/tiny.map").value();
    ScenarioQuery query;
    query.map_width = 5;
    query.map_height = 3;
    query.start = {0, 0};
    query.goal = {1, 1};
    EXPECT_EQ(check_query(query, map).message(), "goal 1,1 is blocked");
    query.goal = {5, 0};
    EXPECT_EQ(check_query(query, map).message(), "goal 5,0 is outside the map");
    query.map_width = 6;
    EXPECT_EQ(check_query(query, map).message(),
              "the query is for a 6 x 3 map but the map is 5 x 3");
}

}  // namespace
}  // namespace pathkit
