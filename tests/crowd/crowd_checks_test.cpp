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
        ASSERT_TRUE(crowd.step().ok());
    EXPECT_EQ(crowd.unit(unit)->at, (Cell{4, 0}));
    EXPECT_EQ(crowd.tick(), 1'000'004u);
}

TEST(CrowdSkipping, NoTickRunsPastTheLargestTickNumber) {
    const auto drawn = testing::ascii_map({".."});
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId unit = crowd.add_unit({0, 0}).value();
    ASSERT_TRUE(crowd.skip_to(UINT64_MAX - 1).ok());
    ASSERT_TRUE(crowd.step().ok());
    EXPECT_EQ(crowd.tick(), UINT64_MAX);
    ASSERT_TRUE(crowd.move_to(unit, {1, 0}).ok());
    const Status refused = crowd.step();
    EXPECT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("largest"), std::string::npos) << refused.message();
    EXPECT_EQ(crowd.tick(), UINT64_MAX) << "the counter did not wrap to 0";
    EXPECT_EQ(crowd.unit(unit)->at, (Cell{0, 0})) << "nothing ran";
}

TEST(CrowdEvents, EachTickReplacesTheEventsOfTheTickBefore) {
    const auto drawn = testing::ascii_map({"...."});
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId unit = crowd.add_unit({0, 0}).value();
    EXPECT_TRUE(crowd.events().empty());
    ASSERT_TRUE(crowd.move_to(unit, {1, 0}).ok());
    ASSERT_TRUE(crowd.step().ok());
    ASSERT_EQ(crowd.events().size(), 1u);
    EXPECT_EQ(crowd.events()[0].kind, CrowdEventKind::Arrived);
    EXPECT_EQ(crowd.events()[0].tick, 0u);
    ASSERT_TRUE(crowd.step().ok());
    EXPECT_TRUE(crowd.events().empty()) << "the arrival belonged to the tick before";
}

TEST(CrowdOrders, AUnitThatStartsAttackingDropsEverythingOfItsOrder) {
    const auto drawn = testing::ascii_map({"a.b.."});
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId walker = crowd.add_unit(drawn.find('a')).value();
    const UnitId standing = crowd.add_unit(drawn.find('b')).value();
    ASSERT_TRUE(crowd.move_to(walker, {4, 0}).ok());
    ASSERT_TRUE(crowd.step().ok());
    ASSERT_TRUE(crowd.step().ok());
    ASSERT_EQ(crowd.unit(walker)->state, UnitState::Stalled);
    ASSERT_EQ(crowd.unit(walker)->stalled_on, standing);

    ASSERT_TRUE(crowd.set_attacking(walker, true).ok());
    const Unit& attacking = *crowd.unit(walker);
    EXPECT_EQ(attacking.state, UnitState::Attacking);
    EXPECT_TRUE(attacking.remaining_path().empty());
    EXPECT_FALSE(attacking.destination);
    EXPECT_FALSE(attacking.stalled_on.is_valid()) << "it waits on no one";
    EXPECT_EQ(attacking.stalled_ticks, 0);
    ASSERT_TRUE(crowd.set_attacking(walker, false).ok());
    EXPECT_EQ(crowd.unit(walker)->state, UnitState::Idle);
    EXPECT_TRUE(crowd.is_settled());
}

}  // namespace
}  // namespace pathkit
