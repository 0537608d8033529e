// The crowd tick validator: it must catch every kind of violation it promises to.
#include <gtest/gtest.h>

#include <vector>

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

}  // namespace
}  // namespace pathkit
