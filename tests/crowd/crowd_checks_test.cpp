// The crowd tick validator catches every violation it promises to; settled time is skipped.
#include <gtest/gtest.h>

#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

TEST(CrowdChecks, LegalStepsPassAndEachViolationIsNamed) {
    const auto drawn = testing::ascii_map({
        "....",
        "..#.",
        "....",
    });
    const auto check = [&](std::vector<Cell> before, std::vector<Cell> after) {
        return check_crowd_tick(drawn.map, before, after);
    };
    EXPECT_FALSE(check({{0, 0}, {3, 2}}, {{1, 1}, {3, 1}}).has_value());
    EXPECT_FALSE(check({{0, 0}, {1, 0}}, {{1, 0}, {2, 0}}).has_value()) << "a train is fine";
    EXPECT_NE(check({{0, 0}, {1, 0}}, {{1, 0}, {1, 0}})->find("share"), std::string::npos);
    EXPECT_NE(check({{0, 0}, {1, 0}}, {{1, 0}, {0, 0}})->find("swapped"), std::string::npos);
    EXPECT_NE(check({{0, 0}, {1, 0}}, {{1, 1}, {0, 1}})->find("crossed"), std::string::npos);
    EXPECT_NE(check({{0, 0}}, {{2, 0}})->find("jumped"), std::string::npos);
    EXPECT_NE(check({{1, 1}}, {{2, 1}})->find("not walkable"), std::string::npos);
}

TEST(CrowdSkipping, TimeSkipsOnlyWhileTheCrowdIsSettled) {
    const auto drawn = testing::ascii_map({"....."});
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId unit = crowd.add_unit({0, 0}).value();
    ASSERT_TRUE(crowd.skip_to(1'000'000).ok());
    EXPECT_EQ(crowd.tick(), 1'000'000u);
    EXPECT_TRUE(crowd.skip_to(10).ok()) << "a past tick changes nothing";
    EXPECT_EQ(crowd.tick(), 1'000'000u);
    ASSERT_TRUE(crowd.move_to(unit, {4, 0}).ok());
    EXPECT_FALSE(crowd.skip_to(2'000'000).ok()) << "an order is pending";
    while (!crowd.is_settled())
        crowd.step();
    EXPECT_EQ(crowd.unit(unit)->at, (Cell{4, 0}));
    EXPECT_EQ(crowd.tick(), 1'000'004u);
}

}  // namespace
}  // namespace pathkit
