// The many-agent validator: each kind of violation is named, and costs are counted as the
// standard model defines them.
#include <gtest/gtest.h>

#include <algorithm>

#include "pathkit/mapf/mapf_check.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using Steps = std::vector<std::vector<Cell>>;

// clang-format off
const testing::AsciiMap drawn = ascii_map({
    "A.B.",
    ".#..",
});
// clang-format on
const std::vector<Cell> starts{{0, 0}, {2, 0}};
const std::vector<Cell> goals{{1, 0}, {3, 1}};

std::string first_problem(const Steps& steps) {
    const MapfCheck check = check_mapf_plan(drawn.map, starts, goals, steps);
    return check.valid() ? "valid" : check.problems.front();
}

TEST(MapfCheck, AValidPlanHasItsCostsAndLowerBounds) {
    // Agent 0 arrives at t=1, agent 1 at t=2.
    const Steps steps{{{0, 0}, {2, 0}}, {{1, 0}, {3, 0}}, {{1, 0}, {3, 1}}};
    const MapfCheck check = check_mapf_plan(drawn.map, starts, goals, steps);
    EXPECT_TRUE(check.valid());
    EXPECT_EQ(check.sum_of_costs, 3u);
    EXPECT_EQ(check.makespan, 2u);
    EXPECT_EQ(check.sum_of_costs_lower_bound, 3u);
    EXPECT_EQ(check.makespan_lower_bound, 2u);
}

TEST(MapfCheck, AnAgentThatLeavesItsGoalAndComesBackCountsUntilItsLastArrival) {
    const Steps steps{{{0, 0}, {2, 0}}, {{1, 0}, {3, 0}}, {{0, 0}, {3, 1}}, {{1, 0}, {3, 1}}};
    const MapfCheck check = check_mapf_plan(drawn.map, starts, goals, steps);
    EXPECT_TRUE(check.valid());
    EXPECT_EQ(check.sum_of_costs, 3u + 2u);
}

TEST(MapfCheck, EachKindOfViolationIsNamed) {
    EXPECT_EQ(first_problem({}), "the plan has no steps");
    EXPECT_EQ(first_problem({{{0, 0}}}), "t=0: 1 agents listed, not 2");
    EXPECT_EQ(first_problem({{{0, 1}, {2, 0}}, {{1, 0}, {3, 1}}}),
              "agent 0 starts on 0,1, not on its start 0,0");
    EXPECT_EQ(first_problem({{{0, 0}, {2, 0}}, {{1, 0}, {2, 1}}}),
              "agent 1 ends on 2,1, not on its goal 3,1");
    EXPECT_EQ(first_problem({{{0, 0}, {2, 0}},
                             {{1, 0}, {3, 0}},
                             {{1, 0}, {3, 1}},
                             {{1, 1}, {3, 1}},
                             {{1, 0}, {3, 1}}}),
              "t=3: agent 0 on 1,1, a blocked tile");
    EXPECT_EQ(first_problem({{{0, 0}, {2, 0}}, {{1, 0}, {4, 0}}, {{1, 0}, {3, 1}}}),
              "t=1: agent 1 on 4,0, outside the map");
    EXPECT_EQ(first_problem({{{0, 0}, {2, 0}}, {{1, 0}, {3, 1}}}),
              "t=1: agent 1 jumps from 2,0 to 3,1");
    EXPECT_EQ(first_problem({{{0, 0}, {2, 0}},
                             {{1, 0}, {1, 0}},
                             {{1, 0}, {2, 0}},
                             {{1, 0}, {3, 0}},
                             {{1, 0}, {3, 1}}}),
              "t=1: agents 0 and 1 both on 1,0");
    EXPECT_EQ(first_problem({{{0, 0}, {2, 0}},
                             {{1, 0}, {3, 0}},
                             {{2, 0}, {3, 1}},
                             {{1, 0}, {3, 1}},
                             {{1, 0}, {3, 1}}}),
              "valid");  // following is allowed
}

TEST(MapfCheck, AgentsTradingTilesAlongAnEdgeIsASwapConflict) {
    const auto line = ascii_map({"...."});
    const std::vector<Cell> a{{1, 0}, {2, 0}}, b{{2, 0}, {1, 0}};
    const MapfCheck check = check_mapf_plan(line.map, a, b, {a, b});
    ASSERT_FALSE(check.valid());
    EXPECT_EQ(check.problems.front(), "t=1: agents 0 and 1 trade tiles 1,0 and 2,0");
}

TEST(MapfCheck, AGoalNoPathLeadsToIsNamedAndManyProblemsAreCounted) {
    const auto split = ascii_map({"..#.."});
    const MapfCheck check = check_mapf_plan(split.map, std::vector<Cell>{{0, 0}},
                                            std::vector<Cell>{{4, 0}}, {{{0, 0}}});
    EXPECT_EQ(check.problems.front(), "agent 0 cannot reach its goal 4,0 from 0,0");
    Steps jumping;
    for (int t = 0; t < 50; ++t)
        jumping.push_back({{t % 2 == 0 ? 0 : 4, 0}});
    const MapfCheck many = check_mapf_plan(split.map, std::vector<Cell>{{0, 0}},
                                           std::vector<Cell>{{0, 0}}, jumping, 5);
    EXPECT_EQ(many.problems.size(), 5u);
    EXPECT_EQ(many.problem_count, 49u + 1u);  // 49 jumps, and it ends off its goal
}

TEST(MapfCheck, AJumpAcrossTheWholeRangeOfCoordinatesIsReported) {
    // 4e9 steps: more than an int holds, so a sum in int wrapped to a negative "no jump".
    const auto line = ascii_map({".."});
    const std::vector<Cell> one{{0, 0}};
    const Steps steps{{{0, 0}}, {{-1000000000, -1000000000}}, {{1000000000, 1000000000}}, {{0, 0}}};
    const MapfCheck check = check_mapf_plan(line.map, one, one, steps);
    const auto reported = [&](const std::string& text) {
        return std::find(check.problems.begin(), check.problems.end(), text) !=
               check.problems.end();
    };
    EXPECT_TRUE(
        reported("t=2: agent 0 jumps from -1000000000,-1000000000 to 1000000000,1000000000"));
    EXPECT_TRUE(reported("t=1: agent 0 jumps from 0,0 to -1000000000,-1000000000"));
    EXPECT_TRUE(reported("t=3: agent 0 jumps from 1000000000,1000000000 to 0,0"));
}

TEST(MapfCheck, PastItsWorkLimitALowerBoundIsTheStraightLineDistanceAndSaysSo) {
    // clang-format off
    const auto snake = ascii_map({
        "A.......",
        "#######.",
        ".......C",
        ".#######",
        "B......D",
    });
    // clang-format on
    const std::vector<Cell> from{snake.find('A'), snake.find('C')};
    const std::vector<Cell> to{snake.find('B'), snake.find('D')};
    // Shortest paths: 7 + 2 + 7 + 2 = 18 steps for agent 0, 7 + 2 + 7 = 16 for agent 1.
    const MapfCheck exact = check_mapf_plan(snake.map, from, to, {});
    EXPECT_EQ(exact.agents_without_exact_bound, 0u);
    EXPECT_EQ(exact.sum_of_costs_lower_bound, 18u + 16u);
    EXPECT_EQ(exact.makespan_lower_bound, 18u);
    // Room for agent 0's search (18 tiles expanded along its corridor) but not agent 1's:
    // agent 1 counts |7 - 7| + |4 - 2| = 2.
    const MapfCheck partial = check_mapf_plan(snake.map, from, to, {}, 20, 25);
    EXPECT_EQ(partial.agents_without_exact_bound, 1u);
    EXPECT_EQ(partial.sum_of_costs_lower_bound, 18u + 2u);
    const MapfCheck none = check_mapf_plan(snake.map, from, to, {}, 20, 0);
    EXPECT_EQ(none.agents_without_exact_bound, 2u);
    EXPECT_EQ(none.sum_of_costs_lower_bound, 4u + 2u);
    EXPECT_EQ(none.makespan_lower_bound, 4u);
}

}  // namespace
}  // namespace pathkit
