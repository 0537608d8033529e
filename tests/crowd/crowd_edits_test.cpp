// Crowds on maps that change between ticks: only units whose way an edit touched plan again,
// units on tiles blocked under them are pushed off (or stuck), and landmarks stay admissible.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "support/ascii_map.hpp"
#include "support/crowd_log.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::crowd_positions;
using testing::CrowdLog;
using testing::run_checked;

std::vector<Cell> remaining(const Crowd& crowd, UnitId unit) {
    const auto left = crowd.unit(unit)->remaining_path();
    return {left.begin(), left.end()};
}

bool has_event(const Crowd& crowd, UnitId unit, CrowdEventKind kind) {
    return std::any_of(crowd.events().begin(), crowd.events().end(), [&](const CrowdEvent& event) {
        return event.unit == unit && event.kind == kind;
    });
}

// Places unit a on the tile marked 'a', orders it to 'A' and runs the first tick.
UnitId send_a_to_its_target(Crowd& crowd, const testing::AsciiMap& drawn) {
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    EXPECT_TRUE(crowd.move_to(a, drawn.find('A')));
    EXPECT_TRUE(crowd.step());
    return a;
}

// Runs the crowd until it settles, checked tick by tick, and expects unit a on 'A'.
void expect_a_arrives(Crowd& crowd, const testing::AsciiMap& drawn, UnitId a) {
    CrowdLog log;
    run_checked(crowd, drawn.map, crowd.tick() + 300, log);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('A'));
    EXPECT_EQ(log.count(a, CrowdEventKind::Arrived), 1);
}

TEST(CrowdEdits, AUnitWhosePathCrossesANewWallPlansAroundItAndAUnitFarFromItKeepsItsPath) {
    // a walks the top row to A through X; b walks the bottom row to B, two rows from X.
    // clang-format off
    auto drawn = ascii_map({
        "a....X....A",
        "...........",
        "###########",
        "b.........B",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    const UnitId b = crowd.add_unit(drawn.find('b')).value();
    ASSERT_TRUE(crowd.move_to(a, drawn.find('A')));
    ASSERT_TRUE(crowd.move_to(b, drawn.find('B')));
    ASSERT_TRUE(crowd.step());
    const std::vector<Cell> b_before = remaining(crowd, b);

    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('X'), false));
    const CrowdRepair repair = crowd.refresh();

    EXPECT_EQ(repair.tiles_changed, 1u);
    EXPECT_EQ(repair.replanned, std::vector<UnitId>{a});
    EXPECT_EQ(repair.kept, 1u);
    EXPECT_TRUE(has_event(crowd, a, CrowdEventKind::Replanned));
    EXPECT_EQ(remaining(crowd, b), b_before) << "b's path is two rows from the change";
    const std::vector<Cell> a_path = remaining(crowd, a);
    EXPECT_EQ(std::count(a_path.begin(), a_path.end(), drawn.find('X')), 0);
    EXPECT_EQ(crowd.stats().replanned_after_edits, 1u);
    EXPECT_EQ(crowd.stats().kept_after_edits, 1u);

    CrowdLog log;
    EXPECT_EQ(run_checked(crowd, drawn.map, 100, log), 2);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('A'));
    EXPECT_EQ(crowd.unit(b)->at, drawn.find('B'));
}

TEST(CrowdEdits, ADiagonalStepBesideANewWallCountsAsTouchedAndIsPlannedAgain) {
    // a's path to A is two diagonal steps; the second passes the corner C. Walling C forbids
    // that step without corner cutting, though C is on no tile of the path.
    // clang-format off
    auto drawn = ascii_map({
        "a....",
        "..C..",
        "..A..",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = send_a_to_its_target(crowd, drawn);
    ASSERT_EQ(remaining(crowd, a), std::vector<Cell>{drawn.find('A')}) << "one diagonal left";
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('C'), false));
    const CrowdRepair repair = crowd.refresh();
    EXPECT_EQ(repair.replanned, std::vector<UnitId>{a});
    expect_a_arrives(crowd, drawn, a);
}

TEST(CrowdEdits, AUnitOnATileBlockedUnderItMovesToTheNearestFreeTileEastFirst) {
    // clang-format off
    auto drawn = ascii_map({
        ".....",
        "..a..",
        ".....",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('a'), false));
    const CrowdRepair repair = crowd.refresh();
    EXPECT_EQ(repair.displaced, std::vector<UnitId>{a});
    EXPECT_TRUE(repair.stuck.empty());
    EXPECT_EQ(crowd.unit(a)->at, (Cell{3, 1}));
    EXPECT_EQ(crowd.unit(a)->post, (Cell{3, 1})) << "it stays where it was pushed";
    EXPECT_TRUE(has_event(crowd, a, CrowdEventKind::Displaced));
    ASSERT_TRUE(crowd.step());
    EXPECT_TRUE(has_event(crowd, a, CrowdEventKind::Displaced)) << "the next tick reports it";
    EXPECT_TRUE(crowd.is_settled());
}

TEST(CrowdEdits, AUnitUnderANewBuildingIsPushedOutThroughItsFootprintAndWalksOnToItsTarget) {
    // The building covers B (3 x 3); a stands in its middle, walking to A.
    // clang-format off
    auto drawn = ascii_map({
        ".......",
        ".BBB...",
        ".BaB..A",
        ".BBB...",
        ".......",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = send_a_to_its_target(crowd, drawn);
    const Cell stood = crowd.unit(a)->at;  // one step east of a, inside the building
    for (int y = 1; y <= 3; ++y)
        for (int x = 1; x <= 3; ++x)
            ASSERT_TRUE(drawn.map.set_walkable({x, y}, false));
    const CrowdRepair repair = crowd.refresh();
    EXPECT_EQ(repair.displaced, std::vector<UnitId>{a});
    EXPECT_EQ(repair.replanned, std::vector<UnitId>{a});
    EXPECT_EQ(crowd.unit(a)->at, (Cell{stood.x + 1, stood.y})) << "the nearest tile outside";
    expect_a_arrives(crowd, drawn, a);
}

TEST(CrowdEdits, AUnitWithNoFreeTileToGoToIsStuckOnItsBlockedTileUntilATileFrees) {
    // a and b fill the map's two walkable tiles; the wall W was there from the start, so a is
    // not pushed through it.
    auto drawn = ascii_map({"abW"});
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('W'), false));
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    ASSERT_TRUE(crowd.add_unit(drawn.find('b')));
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('a'), false));
    CrowdRepair repair = crowd.refresh();
    EXPECT_EQ(repair.stuck, std::vector<UnitId>{a});
    EXPECT_TRUE(has_event(crowd, a, CrowdEventKind::Stuck));
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('a'));
    EXPECT_EQ(crowd.unit(a)->state, UnitState::Idle);

    const std::vector<Cell> before = crowd_positions(crowd);
    ASSERT_TRUE(crowd.step());
    EXPECT_EQ(check_crowd_tick(drawn.map, before, crowd_positions(crowd)), std::nullopt)
        << "a stuck unit standing still on its blocked tile breaks no rule";

    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('W'), true));
    repair = crowd.refresh();
    EXPECT_EQ(repair.displaced, std::vector<UnitId>{a}) << "over b's tile to the opened one";
    EXPECT_TRUE(repair.stuck.empty());
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('W'));
}

TEST(CrowdEdits, AStepAfterAChangeTakesTheChangeInFirstWhenNobodyRefreshed) {
    // clang-format off
    auto drawn = ascii_map({
        "a...X...A",
        ".........",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = send_a_to_its_target(crowd, drawn);
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('X'), false));
    ASSERT_TRUE(crowd.step());
    EXPECT_TRUE(has_event(crowd, a, CrowdEventKind::Replanned));
    EXPECT_EQ(crowd.stats().map_repairs, 1u);
    const std::vector<Cell> path = remaining(crowd, a);
    EXPECT_EQ(std::count(path.begin(), path.end(), drawn.find('X')), 0);
}

TEST(CrowdEdits, AUnitWhoseTargetIsWalledOffIsUnreachableAndStops) {
    // clang-format off
    auto drawn = ascii_map({
        "a..D.A",
        "...#..",
        "...#..",
    });
    // clang-format on
    ASSERT_TRUE(drawn.map.set_walkable({3, 1}, false));
    ASSERT_TRUE(drawn.map.set_walkable({3, 2}, false));
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = send_a_to_its_target(crowd, drawn);
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('D'), false));  // the door closes
    const CrowdRepair repair = crowd.refresh();
    EXPECT_EQ(repair.replanned, std::vector<UnitId>{a});
    EXPECT_TRUE(has_event(crowd, a, CrowdEventKind::Unreachable));
    EXPECT_EQ(crowd.unit(a)->state, UnitState::Idle);
}

TEST(CrowdEdits, PathsPlannedAfterADoorOpensBesideALandmarkAreAsShortAsOnANewMap) {
    // A wall splits the map but for its bottom row; landmarks built with the door D shut say
    // that a and A are 30 steps apart. The door opens: the tables must not overestimate, or A*
    // returns the long way round.
    // clang-format off
    auto drawn = ascii_map({
        "a.......#......A",
        "........D.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "........#.......",
        "................",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = crowd.add_unit(drawn.find('a')).value();
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('D'), false));
    ASSERT_TRUE(crowd.move_to(a, drawn.find('A')));
    ASSERT_TRUE(crowd.step());  // builds the landmarks on the map with the door shut
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('D'), true));
    (void)crowd.refresh();
    ASSERT_TRUE(crowd.move_to(a, drawn.find('A')));
    const Cell from = crowd.unit(a)->at;
    ASSERT_TRUE(crowd.step());  // plans on the open map, then takes its first step
    std::vector<Cell> path{from};
    path.insert(path.end(), crowd.unit(a)->path.begin(), crowd.unit(a)->path.end());
    const MovementRules rules = CrowdOptions{}.rules;
    double cost = 0;
    for (std::size_t step = 1; step < path.size(); ++step)
        cost += path[step].x != path[step - 1].x && path[step].y != path[step - 1].y
                    ? rules.diagonal_cost
                    : rules.straight_cost;
    EXPECT_NEAR(cost, testing::reference_grid_cost(drawn.map, rules, from, drawn.find('A')), 1e-4);
}

// The landmarks a crowd plans with, built on one map and kept through random edits (walls
// built and torn down, terrain made dearer and cheaper): a lone unit's planned path always
// costs what a plain reference search on the map as it is now finds, so the bound never
// overestimates. (A lone unit's A* is optimal exactly when its heuristic is admissible.)
TEST(CrowdEdits, LandmarkBoundsKeptThroughRandomEditsStillGiveALoneUnitShortestPaths) {
    const MovementRules rules = CrowdOptions{}.rules;
    for (unsigned seed = 1; seed <= 16; ++seed) {
        std::mt19937 random(seed);
        GridMap map = GridMap::create(24, 18).value();
        for (int y = 0; y < 18; ++y)
            for (int x = 0; x < 24; ++x)
                if (random() % 5 == 0) (void)map.set_walkable({x, y}, false);
        (void)map.set_walkable({12, 9}, true);
        CrowdOptions options;
        options.landmarks = 8;
        Crowd crowd = std::move(Crowd::create(map, options).value());
        const UnitId unit = crowd.add_unit({12, 9}).value();
        int compared = 0;
        for (int round = 0; round < 12; ++round) {
            if (round > 0) {  // the first plan builds the tables on the map as generated
                for (int edit = 0; edit < 8; ++edit) {
                    const Cell tile{static_cast<int>(random() % 24),
                                    static_cast<int>(random() % 18)};
                    if (tile == crowd.unit(unit)->at) continue;
                    if (random() % 3 == 0) {
                        (void)map.set_terrain_cost(tile, random() % 2 == 0 ? 1.0f : 3.0f);
                    } else {
                        (void)map.set_walkable(tile, !map.is_walkable(tile));
                    }
                }
                (void)crowd.refresh();
            }
            const Cell from = crowd.unit(unit)->at;
            const std::set<Cell> reachable = testing::reachable_tiles(map, from);
            const Cell to = *std::next(reachable.begin(),
                                       static_cast<std::ptrdiff_t>(random() % reachable.size()));
            const double expected = testing::reference_grid_cost(map, rules, from, to);
            if (to == from || std::isinf(expected)) continue;
            ASSERT_TRUE(crowd.move_to(unit, to));
            std::vector<Cell> walked{from};  // alone, it walks the path it planned
            while (!crowd.is_settled() || crowd.unit(unit)->at == from) {
                ASSERT_TRUE(crowd.step());
                if (crowd.unit(unit)->at != walked.back()) walked.push_back(crowd.unit(unit)->at);
            }
            ASSERT_EQ(walked.back(), to);
            double cost = 0;
            for (std::size_t step = 1; step < walked.size(); ++step)
                cost +=
                    (walked[step].x != walked[step - 1].x && walked[step].y != walked[step - 1].y
                         ? rules.diagonal_cost
                         : rules.straight_cost) *
                    map.terrain_cost(walked[step]);
            EXPECT_NEAR(cost, expected, 1e-3) << "seed " << seed << ", round " << round;
            ++compared;
        }
        EXPECT_GT(compared, 4) << "seed " << seed;
    }
    EXPECT_GT(CrowdOptions{}.landmarks, 0);  // the crowd's own default plans with them too
}

TEST(CrowdEdits, ACoordinatedMoveStartsAgainOnTheChangedMapAndItsUnitsStillArrive) {
    // clang-format off
    auto drawn = ascii_map({
        "ab.....X.....",
        "cd...........",
        ".............",
        "..........EF.",
        "..........GH.",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    std::vector<UnitId> group;
    for (char letter : std::string("abcd"))
        group.push_back(crowd.add_unit(drawn.find(letter)).value());
    ASSERT_TRUE(crowd.move_coordinated(group, drawn.find('H')));
    ASSERT_TRUE(crowd.step());
    ASSERT_TRUE(crowd.is_coordinating());
    for (int y = 0; y <= 2; ++y)
        ASSERT_TRUE(drawn.map.set_walkable({7, y}, false));
    const CrowdRepair repair = crowd.refresh();
    EXPECT_EQ(repair.replanned.size(), group.size());
    CrowdLog log;
    EXPECT_EQ(run_checked(crowd, drawn.map, 300, log), 4);
    for (char letter : std::string("EFGH")) {
        const Cell tile = drawn.find(letter);
        EXPECT_TRUE(std::any_of(group.begin(), group.end(),
                                [&](UnitId unit) { return crowd.unit(unit)->at == tile; }))
            << "no unit on " << letter;
    }
}

}  // namespace
}  // namespace pathkit
