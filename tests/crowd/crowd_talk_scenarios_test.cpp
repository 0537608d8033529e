// The Space Age talk's scenarios (seed 003), drawn as maps: detours, stalls, groups, deadlocks.
#include <gtest/gtest.h>

#include <algorithm>

#include "pathkit/crowd/crowd.hpp"
#include "support/ascii_map.hpp"
#include "support/crowd_log.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::CrowdLog;

// The talk's costs: straight 1, diagonal 1.5, an occupied tile 6 more.
CrowdOptions talk_options() {
    CrowdOptions options;
    options.rules = {
        .diagonal = DiagonalPolicy::NoCornerCutting, .straight_cost = 1, .diagonal_cost = 1.5f};
    return options;
}

Crowd make_crowd(const GridMap& map) {
    return std::move(Crowd::create(map, talk_options()).value());
}

// Runs until every unit has settled or `limit` ticks pass, keeping the events in `log`;
// returns the ticks run.
std::uint64_t run(Crowd& crowd, CrowdLog& log, std::uint64_t limit = 500) {
    while (!crowd.is_settled() && crowd.tick() < limit)
        log.step(crowd);
    return crowd.tick();
}

bool path_enters(const Unit& unit, Cell cell) {
    const auto path = unit.remaining_path();
    return std::find(path.begin(), path.end(), cell) != path.end();
}

TEST(CrowdTalk, AShortDetourAroundAStandingUnitIsTaken) {
    const auto drawn = ascii_map({
        ".......",
        "A..B..X",
        ".......",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId walker = crowd.add_unit(drawn.find('A')).value();
    const UnitId standing = crowd.add_unit(drawn.find('B')).value();
    ASSERT_TRUE(crowd.move_to(walker, drawn.find('X')).ok());
    log.step(crowd);
    EXPECT_FALSE(path_enters(*crowd.unit(walker), drawn.find('B'))) << "two diagonals beat +6";
    run(crowd, log);
    EXPECT_EQ(crowd.unit(walker)->at, drawn.find('X'));
    EXPECT_EQ(log.count(walker, CrowdEventKind::Stalled), 0);
    EXPECT_EQ(crowd.unit(standing)->at, drawn.find('B'));
}

// A one-tile corridor; the way round over the top is 19 steps against 9 + 6 straight through.
const std::vector<std::string> corridor_with_loop{
    "............", ".##########.", ".##########.", "A...B..C.X..", "############",
};

TEST(CrowdTalk, ALongDetourIsRefusedAndTheUnitWalksUpToTheBlocker) {
    auto rows = corridor_with_loop;
    rows[3][7] = '.';  // one blocker only
    const auto drawn = ascii_map(rows);
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId walker = crowd.add_unit(drawn.find('A')).value();
    const UnitId blocker = crowd.add_unit(drawn.find('B')).value();
    ASSERT_TRUE(crowd.move_to(walker, drawn.find('X')).ok());
    log.step(crowd);
    EXPECT_TRUE(path_enters(*crowd.unit(walker), drawn.find('B'))) << "9 + 6 beats 19";
    for (int tick = 0; tick < 4; ++tick)
        log.step(crowd);
    EXPECT_EQ(crowd.unit(walker)->at, (Cell{3, 3})) << "it walked up to the blocker";
    EXPECT_EQ(crowd.unit(walker)->state, UnitState::Stalled);
    EXPECT_EQ(crowd.unit(walker)->stalled_on, blocker);
    run(crowd, log);
    EXPECT_EQ(crowd.unit(walker)->at, drawn.find('X')) << "and got past in the end";
}

TEST(CrowdTalk, TwoBlockersMakeTheSameDetourWorthIt) {
    const auto drawn = ascii_map(corridor_with_loop);
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId walker = crowd.add_unit(drawn.find('A')).value();
    (void)crowd.add_unit(drawn.find('B')).value();
    (void)crowd.add_unit(drawn.find('C')).value();
    ASSERT_TRUE(crowd.move_to(walker, drawn.find('X')).ok());
    log.step(crowd);
    EXPECT_FALSE(path_enters(*crowd.unit(walker), drawn.find('B'))) << "19 beats 9 + 12";
    EXPECT_EQ(crowd.unit(walker)->at, (Cell{0, 2})) << "it heads up the loop";
    run(crowd, log);
    EXPECT_EQ(crowd.unit(walker)->at, drawn.find('X'));
    EXPECT_EQ(log.count(walker, CrowdEventKind::Stalled), 0);
}

TEST(CrowdTalk, TwoUnitsCrossingOneStallsAndBothArrive) {
    const auto drawn = ascii_map({
        "...b...",
        ".......",
        "a.....A",
        ".......",
        ".......",
        "...B...",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId east = crowd.add_unit(drawn.find('a')).value();
    const UnitId south = crowd.add_unit(drawn.find('b')).value();
    ASSERT_TRUE(crowd.move_to(east, drawn.find('A')).ok());
    ASSERT_TRUE(crowd.move_to(south, drawn.find('B')).ok());
    run(crowd, log);
    EXPECT_EQ(crowd.unit(east)->at, drawn.find('A'));
    EXPECT_EQ(crowd.unit(south)->at, drawn.find('B'));
    EXPECT_EQ(log.count(east, CrowdEventKind::Stalled), 1) << "east waits for south once";
    EXPECT_EQ(log.count(south, CrowdEventKind::Stalled), 0);
    EXPECT_EQ(crowd.stats().deadlocks_resolved, 0u);
}

TEST(CrowdTalk, AGroupMovesIntoTheFormationOfItsBoundingRectangle) {
    const auto drawn = ascii_map({
        "..............",
        ".ab...........",
        ".c.d..........",
        "..............",
        "..........X...",
        "..............",
        "..............",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    std::vector<UnitId> group;
    for (char mark : {'a', 'b', 'c', 'd'})
        group.push_back(crowd.add_unit(drawn.find(mark)).value());
    ASSERT_TRUE(crowd.move_group(group, drawn.find('X')).ok());
    for (UnitId unit : group)
        EXPECT_EQ(crowd.unit(unit)->group, std::optional<std::uint32_t>(1));
    run(crowd, log);
    // 'd' is closest to X and takes it; the others keep their offsets from 'd'.
    const Cell x = drawn.find('X');
    EXPECT_EQ(crowd.unit(group[3])->at, x);
    EXPECT_EQ(crowd.unit(group[0])->at, (Cell{x.x - 2, x.y - 1}));
    EXPECT_EQ(crowd.unit(group[1])->at, (Cell{x.x - 1, x.y - 1}));
    EXPECT_EQ(crowd.unit(group[2])->at, (Cell{x.x - 2, x.y}));
}

TEST(CrowdTalk, AFormationTileOnAWallGoesToTheNearestFreeTile) {
    const auto drawn = ascii_map({
        "ab.......",
        ".........",
        ".....#X..",
        ".........",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    const UnitId b = crowd.add_unit(drawn.find('b')).value();
    ASSERT_TRUE(crowd.move_group(std::vector{a, b}, drawn.find('X')).ok());
    run(crowd, log);
    EXPECT_EQ(crowd.unit(b)->at, drawn.find('X'));
    const Cell spot = crowd.unit(a)->at;
    EXPECT_NE(spot, (Cell{5, 2})) << "not on the wall";
    EXPECT_LE(std::max(std::abs(spot.x - 5), std::abs(spot.y - 2)), 1) << "right beside it";
}

TEST(CrowdTalk, AGroupPassingAStructureStallsAndStillArrivesInFormation) {
    const auto drawn = ascii_map({
        "................",
        ".abc............",
        ".def....#.......",
        "........#.......",
        "........#....X..",
        "........#.......",
        "................",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    std::vector<UnitId> group;
    for (char mark : {'a', 'b', 'c', 'd', 'e', 'f'})
        group.push_back(crowd.add_unit(drawn.find(mark)).value());
    ASSERT_TRUE(crowd.move_group(group, drawn.find('X')).ok());
    run(crowd, log);
    EXPECT_GT(crowd.stats().stalls, 0u) << "they squeeze round the wall's end one by one";
    const Cell x = drawn.find('X');
    for (std::size_t index = 0; index < group.size(); ++index) {
        const Cell home = drawn.find("abcdef"[index]);
        const Cell expected{x.x - 3 + home.x, x.y - 2 + home.y};
        EXPECT_EQ(crowd.unit(group[index])->at, expected) << "unit " << index;
    }
}

TEST(CrowdTalk, TwoUnitsMeetingHeadOnInACorridorResolveTheDeadlockByMovingAway) {
    const auto drawn = ascii_map({
        "...#######...",
        "a...........B",
        "...#######...",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId green = crowd.add_unit(drawn.find('a')).value();
    const UnitId orange = crowd.add_unit(drawn.find('B')).value();
    ASSERT_TRUE(crowd.move_to(green, drawn.find('B')).ok());
    ASSERT_TRUE(crowd.move_to(orange, drawn.find('a')).ok());
    run(crowd, log);
    EXPECT_EQ(crowd.stats().deadlocks_resolved, 1u);
    EXPECT_EQ(log.count(green, CrowdEventKind::DeadlockResolved), 1) << "the lower id yields";
    EXPECT_EQ(log.count(green, CrowdEventKind::Replanned), 1) << "then resumes its order";
    EXPECT_EQ(crowd.unit(green)->at, drawn.find('B'));
    EXPECT_EQ(crowd.unit(orange)->at, drawn.find('a'));
}

TEST(CrowdTalk, AThreeUnitCycleIsADeadlockAndResolves) {
    const auto drawn = ascii_map({
        "....",
        ".ab.",
        "..c.",
        "....",
    });
    Crowd crowd = make_crowd(drawn.map);
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    const UnitId b = crowd.add_unit(drawn.find('b')).value();
    const UnitId c = crowd.add_unit(drawn.find('c')).value();
    // a wants b's tile, b wants c's, c wants a's (diagonally): A -> B -> C -> A.
    ASSERT_TRUE(crowd.move_to(a, drawn.find('b')).ok());
    ASSERT_TRUE(crowd.move_to(b, drawn.find('c')).ok());
    ASSERT_TRUE(crowd.move_to(c, drawn.find('a')).ok());
    log.step(crowd);
    EXPECT_EQ(crowd.stats().deadlocks_resolved, 1u);
    EXPECT_EQ(log.count(a, CrowdEventKind::DeadlockResolved), 1);
    run(crowd, log);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('b'));
    EXPECT_EQ(crowd.unit(b)->at, drawn.find('c'));
    EXPECT_EQ(crowd.unit(c)->at, drawn.find('a'));
}

}  // namespace
}  // namespace pathkit
