// NPCs keeping appointments across maps: Zelda's walk from house 3 to house 5 in the seed town.
#include <gtest/gtest.h>

#include <algorithm>

#include "pathkit/world/npc.hpp"
#include "world/world_builders.hpp"

namespace pathkit {
namespace {

using testing::map_id;

std::vector<NpcEventKind> kinds(const Npc& npc) {
    std::vector<NpcEventKind> result;
    for (const NpcEvent& event : npc.events)
        result.push_back(event.kind);
    return result;
}

TEST(Npcs, TheClockCountsTwelveTicksAMinuteAndReadsHoursAndMinutes) {
    GameClock clock(12, 6 * 60 + 29);
    for (int tick = 0; tick < 11; ++tick)
        EXPECT_FALSE(clock.tick());
    EXPECT_TRUE(clock.tick());
    EXPECT_EQ(GameClock::format(clock.minutes()), "06:30");
    EXPECT_EQ(GameClock::parse("06:30"), 390);
    EXPECT_FALSE(GameClock::parse("24:00").has_value());
    EXPECT_FALSE(GameClock::parse("6:30").has_value());
    EXPECT_EQ(GameClock::format(1440 + 5), "00:05");
}

TEST(Npcs, ZeldaLeavesHouseThreeInTimeAndIsInHouseFiveAtSixThirty) {
    World world = testing::town();
    NpcSimulation town(world, GameClock(12, 6 * 60));
    const auto zelda =
        town.add_npc({"Zelda", {map_id(3), {2, 1}}, 8, {{6 * 60 + 30, {map_id(5), {3, 2}}}}});
    ASSERT_TRUE(zelda.has_value()) << zelda.error().message();
    town.run_until(7 * 60);
    const Npc& npc = town.npcs()[zelda.value()];
    EXPECT_EQ(kinds(npc),
              (std::vector{NpcEventKind::Depart, NpcEventKind::EnterMap, NpcEventKind::EnterMap,
                           NpcEventKind::EnterMap, NpcEventKind::Arrive}));
    EXPECT_EQ(npc.events[1].where.map, map_id(0));
    EXPECT_EQ(npc.events[2].where.map, map_id(1));
    EXPECT_EQ(npc.events[3].where.map, map_id(5));
    EXPECT_LE(npc.events.back().minute, 6 * 60 + 30) << "on time";
    EXPECT_GT(npc.events.front().minute, 6 * 60) << "it waited at home before leaving";
    EXPECT_EQ(npc.map, map_id(5));
    EXPECT_EQ(npc.position, (Point2{3.5f * 48, 2.5f * 48}));
    EXPECT_EQ(npc.activity, NpcActivity::Idle);
}

TEST(Npcs, ATooLongRouteIsReportedLateWhenTheTimePassesThenArrives) {
    World world = testing::town();
    NpcSimulation town(world, GameClock(12, 6 * 60));
    ASSERT_TRUE(town.add_npc({"Link", {map_id(3), {2, 1}}, 2, {{6 * 60 + 5, {map_id(7), {2, 2}}}}})
                    .has_value());
    town.run_until(9 * 60);
    const Npc& npc = town.npcs()[0];
    ASSERT_FALSE(npc.events.empty());
    EXPECT_EQ(npc.events.front().minute, 6 * 60) << "leaves at once";
    const auto late = std::find_if(npc.events.begin(), npc.events.end(),
                                   [](const NpcEvent& e) { return e.kind == NpcEventKind::Late; });
    ASSERT_NE(late, npc.events.end());
    EXPECT_EQ(late->minute, 6 * 60 + 6) << "the first minute after the appointment";
    EXPECT_EQ(npc.events.back().kind, NpcEventKind::Arrive);
    EXPECT_GT(npc.events.back().minute, 6 * 60 + 5);
}

TEST(Npcs, AnNpcStillOnItsWayWhenTheRunStopsIsReportedLate) {
    World world = testing::town();
    NpcSimulation town(world, GameClock(12, 6 * 60));
    ASSERT_TRUE(town.add_npc({"Link", {map_id(3), {2, 1}}, 2, {{6 * 60 + 5, {map_id(7), {2, 2}}}}})
                    .has_value());
    town.run_until(6 * 60 + 7);
    EXPECT_EQ(kinds(town.npcs()[0]).back(), NpcEventKind::Late) << "not arrived, but late";
}

TEST(Npcs, IdleHoursAreSkippedWithTheSameItineraryAsTickByTick) {
    World world = testing::town();
    const NpcSpec zelda{"Zelda", {map_id(3), {2, 1}}, 8, {{20 * 60, {map_id(5), {3, 2}}}}};
    NpcSimulation skipping(world, GameClock(GameClock::max_ticks_per_minute, 0));
    NpcSimulation stepping(world, GameClock(GameClock::max_ticks_per_minute, 0));
    ASSERT_TRUE(skipping.add_npc(zelda).has_value());
    ASSERT_TRUE(stepping.add_npc(zelda).has_value());
    skipping.run_until(21 * 60);
    while (stepping.clock().minutes() < 21 * 60)
        stepping.step();
    EXPECT_EQ(skipping.clock().ticks(), stepping.clock().ticks());
    ASSERT_EQ(skipping.npcs()[0].events.size(), stepping.npcs()[0].events.size());
    for (std::size_t index = 0; index < stepping.npcs()[0].events.size(); ++index) {
        EXPECT_EQ(skipping.npcs()[0].events[index].minute, stepping.npcs()[0].events[index].minute);
        EXPECT_EQ(skipping.npcs()[0].events[index].kind, stepping.npcs()[0].events[index].kind);
    }
}

TEST(Npcs, AnUnreachableAppointmentIsReportedAndTheNextOneKept) {
    World world = testing::town();
    testing::add_drawn_map(world, 8, MapKind::Indoor, {"...", "..."});  // no door leads here
    NpcSimulation town(world, GameClock(12, 6 * 60));
    ASSERT_TRUE(town.add_npc({"Impa",
                              {map_id(2), {2, 2}},
                              8,
                              {{7 * 60, {map_id(8), {1, 1}}}, {8 * 60, {map_id(0), {0, 5}}}}})
                    .has_value());
    town.run_until(9 * 60);
    const Npc& npc = town.npcs()[0];
    ASSERT_GE(npc.events.size(), 2u);
    EXPECT_EQ(npc.events.front().kind, NpcEventKind::Unreachable);
    EXPECT_EQ(npc.events.front().where.map, map_id(8));
    EXPECT_EQ(npc.events.back().kind, NpcEventKind::Arrive);
    EXPECT_EQ(npc.map, map_id(0));
}

TEST(Npcs, BadNpcsAreRefusedWithTheReason) {
    World world = testing::town();
    NpcSimulation town(world, GameClock());
    EXPECT_FALSE(town.add_npc({"", {map_id(0), {0, 0}}, 4, {}}).has_value());
    EXPECT_FALSE(town.add_npc({"Ganon", {map_id(0), {0, 0}}, 0, {}}).has_value());
    const auto solid = town.add_npc({"Ganon", {map_id(0), {1, 1}}, 4, {}});
    ASSERT_FALSE(solid.has_value());
    EXPECT_NE(solid.error().message().find("solid"), std::string::npos);
    EXPECT_FALSE(
        town.add_npc({"Ganon", {map_id(0), {0, 0}}, 4, {{60, {map_id(42), {0, 0}}}}}).has_value());
}

}  // namespace
}  // namespace pathkit
