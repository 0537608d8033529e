// Moving on tiles: the tutorial's maze, each diagonal policy, costs, terrain and unit size.
#include <gtest/gtest.h>

#include <optional>
#include <random>

#include <cmath>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/random_grid.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::rules_with;
using Picture = std::vector<std::string>;

// The Cat Maze corner of seed 002, at its own coordinates (columns 19..25): the cat at
// (24,0) taps (22,3), and the tutorial prints the path (24,1) (23,1) (22,1) (21,1) (20,1)
// (20,2) (20,3) (21,3) (22,3) with g = 9 at the goal.
const Picture cat_maze{
    "#####C#", "#.....#", "#.#####", "#..E###", "#######",
};

TEST(TileMovement, TheCatFollowsTheTutorialsExactPathWithoutDiagonals) {
    const auto maze = ascii_map(cat_maze, {19, 0});
    ASSERT_EQ(maze.find('C'), (Cell{24, 0}));
    const GridSpace space(maze.map, rules_with(DiagonalPolicy::Never));
    const GridPath result = space.find_path(maze.find('C'), maze.find('E'));
    ASSERT_EQ(result.status, SearchStatus::Found);
    const std::vector<Cell> tutorial{{24, 0}, {24, 1}, {23, 1}, {22, 1}, {21, 1},
                                     {20, 1}, {20, 2}, {20, 3}, {21, 3}, {22, 3}};
    EXPECT_EQ(result.path, tutorial);
    EXPECT_EQ(result.cost, 9);
}

TEST(TileMovement, TheTutorialsCornerRuleKeepsTheCatOffTheWallCornersWithCosts10And14) {
    const auto maze = ascii_map(cat_maze, {19, 0});
    const GridSpace careful(maze.map, rules_with(DiagonalPolicy::NoCornerCutting, 10, 14));
    const GridPath result = careful.find_path(maze.find('C'), maze.find('E'));
    EXPECT_EQ(maze.draw(result.path), (Picture{
                                          "#####C#",
                                          "#*****#",
                                          "#*#####",
                                          "#**E###",
                                          "#######",
                                      }));
    EXPECT_EQ(result.cost, 90);

    const GridSpace reckless(maze.map, rules_with(DiagonalPolicy::Always, 10, 14));
    const GridPath cut = reckless.find_path(maze.find('C'), maze.find('E'));
    EXPECT_EQ(maze.draw(cut.path), (Picture{
                                       "#####C#",
                                       "#.***.#",
                                       "#*#####",
                                       "#.*E###",
                                       "#######",
                                   }));
    EXPECT_EQ(cut.cost, 72);
}

struct PolicyCase {
    DiagonalPolicy policy;
    Picture drawing;
    float expected_cost;  // < 0: no path
};

class DiagonalPolicies : public ::testing::TestWithParam<PolicyCase> {};

TEST_P(DiagonalPolicies, DecideWhetherADiagonalMaySqueezePastBlockedTiles) {
    const auto& [policy, drawing, expected_cost] = GetParam();
    const auto grid = ascii_map(drawing);
    const GridSpace space(grid.map, rules_with(policy));
    const GridPath result = space.find_path(grid.find('S'), grid.find('G'));
    if (expected_cost < 0) {
        EXPECT_EQ(result.status, SearchStatus::NoPath);
    } else {
        ASSERT_EQ(result.status, SearchStatus::Found) << result.message;
        EXPECT_NEAR(result.cost, expected_cost, 1e-5);
    }
}

const Picture between_two_walls{"S#", "#G"};
const Picture past_one_wall{"S#", ".G"};
const Picture in_the_open{"S.", ".G"};
constexpr float root2 = 1.41421356f;

INSTANTIATE_TEST_SUITE_P(
    SqueezeCases, DiagonalPolicies,
    ::testing::Values(PolicyCase{DiagonalPolicy::Always, between_two_walls, root2},
                      PolicyCase{DiagonalPolicy::AtLeastOneWalkable, between_two_walls, -1},
                      PolicyCase{DiagonalPolicy::NoCornerCutting, between_two_walls, -1},
                      PolicyCase{DiagonalPolicy::Never, between_two_walls, -1},
                      PolicyCase{DiagonalPolicy::Always, past_one_wall, root2},
                      PolicyCase{DiagonalPolicy::AtLeastOneWalkable, past_one_wall, root2},
                      PolicyCase{DiagonalPolicy::NoCornerCutting, past_one_wall, 2},
                      PolicyCase{DiagonalPolicy::Never, past_one_wall, 2},
                      PolicyCase{DiagonalPolicy::Always, in_the_open, root2},
                      PolicyCase{DiagonalPolicy::AtLeastOneWalkable, in_the_open, root2},
                      PolicyCase{DiagonalPolicy::NoCornerCutting, in_the_open, root2},
                      PolicyCase{DiagonalPolicy::Never, in_the_open, 2}));

TEST(TileMovement, StepDirectionsNameExactlyTheStepsTheSuccessorsTake) {
    // Bits E, S, W, N, SE, SW, NW, NE, as (dx, dy).
    constexpr int step_x[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    constexpr int step_y[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    std::mt19937 random(31);
    for (int trial = 0; trial < 24; ++trial) {
        const GridMap map = testing::random_map(random);
        for (const DiagonalPolicy policy :
             {DiagonalPolicy::Never, DiagonalPolicy::Always, DiagonalPolicy::AtLeastOneWalkable,
              DiagonalPolicy::NoCornerCutting}) {
            MovementRules rules = testing::rules_with(policy);
            rules.agent_size = 1 + trial % 3;
            const GridSpace space(map, rules);
            for (std::uint32_t index = 0; index < space.state_count(); ++index) {
                if (!space.is_valid(StateId(index))) continue;
                unsigned visited = 0;
                const Cell here = map.cell(index);
                space.for_each_successor(StateId(index), [&](StateId next, Cost) {
                    const Cell to = map.cell(next.value);
                    for (int bit = 0; bit < 8; ++bit)
                        if (to.x - here.x == step_x[bit] && to.y - here.y == step_y[bit])
                            visited |= 1u << bit;
                });
                ASSERT_EQ(space.step_directions(index), visited)
                    << "trial " << trial << ", tile (" << here.x << ", " << here.y << ")";
            }
        }
    }
}

TEST(TileMovement, TheTalksDiagonalCostOfOnePointFiveIsUsedAsGiven) {
    const auto open = ascii_map({"S...", "....", "...G"});
    const GridSpace space(open.map, rules_with(DiagonalPolicy::Always, 1, 1.5f));
    EXPECT_FLOAT_EQ(space.find_path(open.find('S'), open.find('G')).cost, 2 * 1.5f + 1);
}

TEST(TileMovement, EveryAdmissibleHeuristicFindsTheReferenceCost) {
    const auto maze = ascii_map({
        "S....#......",
        ".###.#.####.",
        "...#...#..#.",
        ".#.#####.##.",
        ".#.......#G.",
    });
    const double reference =
        testing::reference_grid_cost(maze.map, MovementRules{}, maze.find('S'), maze.find('G'));
    ASSERT_FALSE(std::isinf(reference));
    for (const Heuristic heuristic :
         {Heuristic::Octile, Heuristic::Euclidean, Heuristic::Chebyshev, Heuristic::Zero}) {
        MovementRules rules;
        rules.heuristic = heuristic;
        const GridSpace space(maze.map, rules);
        const GridPath result = space.find_path(maze.find('S'), maze.find('G'));
        ASSERT_TRUE(result.found());
        EXPECT_NEAR(path_cost(space, result.path), reference, 1e-4) << static_cast<int>(heuristic);
    }
}

TEST(TileMovement, TheDefaultHeuristicFollowsTheRules) {
    EXPECT_EQ(heuristic_for(rules_with(DiagonalPolicy::Never)), Heuristic::Manhattan);
    EXPECT_EQ(heuristic_for(rules_with(DiagonalPolicy::NoCornerCutting)), Heuristic::Octile);
    EXPECT_EQ(heuristic_for(rules_with(DiagonalPolicy::Always)), Heuristic::Octile);
}

TEST(TileMovement, ASwampIsAvoidedWhenTheDetourIsShortAndCrossedWhenItIsLong) {
    // Each '~' costs 3 to enter instead of 1.
    const MovementRules never = rules_with(DiagonalPolicy::Never);
    const auto short_detour = ascii_map({
        "S~~G",
        "....",
    });
    const GridPath around = GridSpace(short_detour.map, never)
                                .find_path(short_detour.find('S'), short_detour.find('G'));
    EXPECT_EQ(short_detour.draw(around.path), (Picture{
                                                  "S~~G",
                                                  "****",
                                              }));
    EXPECT_EQ(around.cost, 5);

    const auto long_detour = ascii_map({
        "S~~G",
        ".##.",
        ".##.",
        "....",
    });
    const GridPath through =
        GridSpace(long_detour.map, never).find_path(long_detour.find('S'), long_detour.find('G'));
    EXPECT_EQ(long_detour.draw(through.path)[0], "S**G");
    EXPECT_EQ(through.cost, 7);
}

TEST(TileMovement, ATwoByTwoUnitTakesTheWideGapAndASmallUnitTheNarrowOne) {
    const auto gaps = ascii_map({
        "S.........",
        "..........",
        "#.#####..#",
        "..........",
        "........G.",
    });
    // The 2x2 unit stands on its top-left tile; its goal is the top-left of where it ends up.
    MovementRules big;
    big.agent_size = 2;
    const GridSpace large(gaps.map, big);
    const GridPath wide = large.find_path(gaps.find('S'), {7, 3});
    ASSERT_TRUE(wide.found()) << wide.message;
    for (const Cell& cell : wide.path) {
        for (const Cell corner : {cell, Cell{cell.x + 1, cell.y}, Cell{cell.x, cell.y + 1},
                                  Cell{cell.x + 1, cell.y + 1}}) {
            EXPECT_TRUE(gaps.map.is_walkable(corner)) << to_string(corner);
        }
    }
    const GridSpace small(gaps.map);
    const GridPath narrow = small.find_path(gaps.find('S'), {1, 3});
    EXPECT_EQ(narrow.path[2], (Cell{1, 2})) << "through the one-tile gap";
    EXPECT_EQ(large.find_path(gaps.find('S'), {1, 2}).status, SearchStatus::InvalidInput)
        << "no room for a 2x2 unit on the gap tile";
}

TEST(TileMovement, ACopiedSpaceForBigUnitsKeepsItsOwnTableOfWhereTheyFit) {
    const auto hall = ascii_map({"S.........", "..........", "..........", "###..#####",
                                 "..........", "..........", ".........."});
    MovementRules rules;
    rules.agent_size = 2;
    std::optional<GridSpace> original(std::in_place, hall.map, rules);
    const GridSpace copy(*original);
    GridSpace assigned(hall.map);
    assigned = *original;
    original.reset();  // the copies must not read the original's table (ASan would see it)
    for (const GridSpace* space : {&copy, static_cast<const GridSpace*>(&assigned)}) {
        const GridPath path = space->find_path({0, 0}, {7, 4});
        ASSERT_TRUE(path.found()) << path.message;
        EXPECT_EQ(space->find_path({0, 0}, {0, 3}).status, SearchStatus::InvalidInput)
            << "a wall tile has no room for the unit";
    }
    const GridSpace moved(std::move(assigned));
    EXPECT_TRUE(moved.find_path({0, 0}, {7, 4}).found());
}

TEST(TileMovement, AThreeByThreeUnitFindsNoWayThroughATwoTileGap) {
    const auto hall = ascii_map({"S.........", "..........", "..........", "###..#####",
                                 "..........", "..........", ".........."});
    MovementRules rules;
    rules.agent_size = 3;
    EXPECT_EQ(GridSpace(hall.map, rules).find_path({0, 0}, {7, 4}).status, SearchStatus::NoPath);
    rules.agent_size = 2;
    EXPECT_TRUE(GridSpace(hall.map, rules).find_path({0, 0}, {7, 4}).found());
}

TEST(TileMovement, NegativeOriginsWork) {
    const auto field = ascii_map({"S..", ".#.", "..G"}, {-10, -5});
    EXPECT_EQ(field.find('S'), (Cell{-10, -5}));
    const GridSpace space(field.map, rules_with(DiagonalPolicy::Never));
    const GridPath result = space.find_path(field.find('S'), field.find('G'));
    EXPECT_EQ(result.cost, 4);
    EXPECT_EQ(result.path.back(), (Cell{-8, -3}));
}

TEST(TileMovement, TilesChangedBetweenQueriesAreSeenByTheNextQuery) {
    auto corridor = ascii_map({"S...G", "....."});
    const GridSpace space(corridor.map, rules_with(DiagonalPolicy::Never));
    EXPECT_EQ(space.find_path({0, 0}, {4, 0}).cost, 4);
    ASSERT_TRUE(corridor.map.set_walkable({2, 0}, false));
    EXPECT_EQ(space.find_path({0, 0}, {4, 0}).cost, 6);
    ASSERT_TRUE(corridor.map.set_walkable({2, 1}, false));
    EXPECT_EQ(space.find_path({0, 0}, {4, 0}).status, SearchStatus::NoPath);
}

TEST(TileMovement, ABigUnitsSpaceAsksForARefreshAfterTheMapChanges) {
    auto room = ascii_map({"....", "....", "...."});
    MovementRules big;
    big.agent_size = 2;
    GridSpace space(room.map, big);
    ASSERT_TRUE(space.find_path({0, 0}, {2, 1}).found());
    ASSERT_TRUE(room.map.set_walkable({1, 1}, false));
    const GridPath stale = space.find_path({0, 0}, {2, 1});
    EXPECT_EQ(stale.status, SearchStatus::InvalidInput);
    EXPECT_NE(stale.message.find("refresh"), std::string::npos);
    space.refresh();
    EXPECT_EQ(space.find_path({0, 0}, {2, 1}).status, SearchStatus::InvalidInput)
        << "(0,0) no longer has room for the 2x2 unit";
}

// The table of where big units fit, refreshed after a few tile edits (only the squares holding
// them checked again), against a table built from scratch by a new space on the same map.
TEST(TileMovement, ARefreshAfterAFewEditsGivesTheTableANewSpaceBuilds) {
    std::mt19937 random(99);
    for (int round = 0; round < 60; ++round) {
        GridMap map = testing::random_map(random);
        MovementRules big;
        big.agent_size = 2 + round % 3;
        GridSpace space(map, big);
        std::uniform_int_distribution<int> column(0, map.width() - 1), row(0, map.height() - 1);
        for (int refresh = 0; refresh < 10; ++refresh) {
            for (int edit = std::uniform_int_distribution<int>(1, 3)(random); edit > 0; --edit) {
                const Cell tile{map.origin().x + column(random), map.origin().y + row(random)};
                ASSERT_TRUE(map.set_walkable(tile, !map.is_walkable(tile)));
            }
            space.refresh();
            const GridSpace fresh(map, big);
            const std::vector<std::uint8_t> repaired(space.fits_data(),
                                                     space.fits_data() + map.padded_size());
            const std::vector<std::uint8_t> built(fresh.fits_data(),
                                                  fresh.fits_data() + map.padded_size());
            ASSERT_EQ(repaired, built)
                << "round " << round << ", refresh " << refresh << ", size " << big.agent_size;
        }
    }
}

}  // namespace
}  // namespace pathkit
