// Jump point search: drawn cases per policy, A* as the oracle on random maps, and fallbacks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/search/search_space.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/grid_walk.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::random_map;
using testing::random_walkable_cell;
using testing::rules_with;
using Picture = std::vector<std::string>;

/// True when every step of `path` is a move the space offers.
bool is_walk_of_single_moves(const GridSpace& space, const std::vector<Cell>& path) {
    return std::holds_alternative<double>(testing::walked_cost(space, path));
}

TEST(JumpPointSearch, CrossesAnOpenRoomInOneJumpAndWalksEveryTile) {
    const auto room = ascii_map({
        "S.........",
        "..........",
        "..........",
        ".........G",
    });
    const GridSpace space(room.map);
    const GridPath result = find_path_jps(space, room.find('S'), room.find('G'));
    ASSERT_EQ(result.status, SearchStatus::Found);
    EXPECT_EQ(result.stats.method, "jps");
    EXPECT_LE(result.stats.expanded, 2u);  // the start, then the goal: nothing in between
    EXPECT_EQ(room.draw(result.path), (Picture{
                                          "S.........",
                                          ".*........",
                                          "..*.......",
                                          "...******G",
                                      }));
    EXPECT_NEAR(result.cost, 3 * 1.41421356 + 6, 1e-4);
}

TEST(JumpPointSearch, ARecordingContextListsTheJumpPointsItExpanded) {
    const auto maze = ascii_map({
        "S....#....",
        "####.#.##.",
        ".....#.#G.",
        ".#####.#..",
        "..........",
    });
    const GridSpace space(maze.map);
    SearchContext context;
    std::vector<StateId> log;
    context.record_expansions(&log);
    const GridPath jumped = find_path_jps(space, maze.find('S'), maze.find('G'), context);
    ASSERT_EQ(jumped.status, SearchStatus::Found);
    ASSERT_EQ(log.size(), jumped.stats.expanded);
    EXPECT_EQ(maze.map.cell(log.front().value), maze.find('S'));
    for (const StateId state : log)
        EXPECT_TRUE(maze.map.is_walkable(maze.map.cell(state.value)));
}

TEST(JumpPointSearch, TurnsAtTheCornerOfAWallWithoutCuttingIt) {
    const auto maze = ascii_map({
        "S....#....",
        "####.#.##.",
        ".....#.#G.",
        ".#####.#..",
        "..........",
    });
    const GridSpace space(maze.map);
    const GridPath jumped = find_path_jps(space, maze.find('S'), maze.find('G'));
    const GridPath plain = space.find_path(maze.find('S'), maze.find('G'));
    ASSERT_EQ(plain.status, SearchStatus::Found);
    ASSERT_EQ(jumped.status, SearchStatus::Found);
    EXPECT_NEAR(jumped.cost, plain.cost, 1e-4);
    EXPECT_TRUE(is_walk_of_single_moves(space, jumped.path));
    EXPECT_LT(jumped.stats.expanded, plain.stats.expanded);
}

TEST(JumpPointSearch, TheCatMazeWithoutDiagonalsCostsWhatTheTutorialSays) {
    const auto maze = ascii_map({"#####C#", "#.....#", "#.#####", "#..E###", "#######"}, {19, 0});
    const GridSpace space(maze.map, rules_with(DiagonalPolicy::Never));
    const GridPath result = find_path_jps(space, maze.find('C'), maze.find('E'));
    ASSERT_EQ(result.status, SearchStatus::Found);
    EXPECT_EQ(result.cost, 9);
    const std::vector<Cell> tutorial{{24, 0}, {24, 1}, {23, 1}, {22, 1}, {21, 1},
                                     {20, 1}, {20, 2}, {20, 3}, {21, 3}, {22, 3}};
    EXPECT_EQ(result.path, tutorial);
}

TEST(JumpPointSearch, SqueezesPastBlockedTilesExactlyAsFarAsEachPolicyAllows) {
    const auto gap = ascii_map({
        "S.#.",
        ".#..",
        "...G",
    });
    // Always squeezes from (1,0) to (2,1) between two walls; AtLeastOneWalkable cuts the
    // corner of (1,1) from (0,1) to (1,2); NoCornerCutting and Never walk round.
    const double root2 = 1.41421356;
    const std::pair<DiagonalPolicy, double> expected[] = {
        {DiagonalPolicy::Always, 1 + 2 * root2},
        {DiagonalPolicy::AtLeastOneWalkable, 3 + root2},
        {DiagonalPolicy::NoCornerCutting, 5},
        {DiagonalPolicy::Never, 5},
    };
    for (const auto& [policy, cost] : expected) {
        const GridSpace space(gap.map, rules_with(policy));
        const GridPath result = find_path_jps(space, gap.find('S'), gap.find('G'));
        ASSERT_TRUE(result.found()) << static_cast<int>(policy);
        EXPECT_NEAR(result.cost, cost, 1e-4) << static_cast<int>(policy);
        EXPECT_TRUE(is_walk_of_single_moves(space, result.path)) << static_cast<int>(policy);
    }
}

TEST(JumpPointSearch, FindsNoPathToAWalledOffGoal) {
    const auto walled = ascii_map({
        "S..#..",
        "...#.G",
        "...#..",
    });
    const GridPath result =
        find_path_jps(GridSpace(walled.map), walled.find('S'), walled.find('G'));
    EXPECT_EQ(result.status, SearchStatus::NoPath);
    EXPECT_TRUE(result.path.empty());
}

TEST(JumpPointSearch, RefusesStartsAndGoalsOutsideTheMapOrOnWalls) {
    const auto map = ascii_map({"S.#", "..."});
    const GridSpace space(map.map);
    EXPECT_EQ(find_path_jps(space, {-1, 0}, {1, 1}).status, SearchStatus::InvalidInput);
    const GridPath on_wall = find_path_jps(space, {0, 0}, {2, 0});
    EXPECT_EQ(on_wall.status, SearchStatus::InvalidInput);
    EXPECT_NE(on_wall.message.find("goal 2,0 is blocked"), std::string::npos) << on_wall.message;
}

TEST(JumpPointSearch, FallsBackToPlainAStarOnTerrainCostsAndSaysSo) {
    const auto swamp = ascii_map({
        "S~~~G",
        ".....",
    });
    const GridSpace space(swamp.map);
    const GridPath result = find_path_jps(space, swamp.find('S'), swamp.find('G'));
    ASSERT_TRUE(result.found());
    EXPECT_EQ(result.stats.method, "astar");
    EXPECT_NE(result.message.find("terrain"), std::string::npos) << result.message;
    EXPECT_NEAR(result.cost, space.find_path(swamp.find('S'), swamp.find('G')).cost, 1e-5);
}

TEST(JumpPointSearch, FallsBackForBigUnitsAndForDiagonalCostsItsRulesCannotPrune) {
    const auto room = ascii_map({"S...", "....", "...G"});
    MovementRules big;
    big.agent_size = 2;
    EXPECT_NE(jump_point_search_refusal(GridSpace(room.map, big)), "");
    for (const Cost diagonal : {1.0f, 2.0f, 3.0f}) {
        const GridSpace space(room.map, rules_with(DiagonalPolicy::Always, 1, diagonal));
        EXPECT_NE(jump_point_search_refusal(space), "") << diagonal;
        const GridPath result = find_path_jps(space, room.find('S'), room.find('G'));
        EXPECT_EQ(result.stats.method, "astar");
        EXPECT_NEAR(result.cost, space.find_path(room.find('S'), room.find('G')).cost, 1e-5);
    }
    // Without diagonals the diagonal cost does not matter; the tutorial's 10/14 is fine.
    EXPECT_EQ(
        jump_point_search_refusal(GridSpace(room.map, rules_with(DiagonalPolicy::Never, 1, 3))),
        "");
    EXPECT_EQ(jump_point_search_refusal(
                  GridSpace(room.map, rules_with(DiagonalPolicy::NoCornerCutting, 10, 14))),
              "");
}

TEST(JumpPointSearch, SeesTilesChangedBetweenQueries) {
    auto room = ascii_map({
        "S....",
        ".....",
        "....G",
    });
    const GridSpace space(room.map);
    EXPECT_NEAR(find_path_jps(space, room.find('S'), room.find('G')).cost, 2 + 2 * 1.41421356,
                1e-4);
    for (const int y : {0, 1})
        ASSERT_TRUE(room.map.set_walkable({2, y}, false));
    const GridPath detour = find_path_jps(space, room.find('S'), room.find('G'));
    ASSERT_TRUE(detour.found());
    EXPECT_NEAR(detour.cost, space.find_path(room.find('S'), room.find('G')).cost, 1e-5);
    EXPECT_TRUE(is_walk_of_single_moves(space, detour.path));
}

TEST(JumpPointSearch, TurnsAreTheStartTheCornersAndTheGoal) {
    // clang-format off
    const auto room = ascii_map({
        "S.........",
        "..........",
        "..........",
        "......###.",
        "......#G..",
    });
    // clang-format on
    const GridSpace space(room.map, rules_with(DiagonalPolicy::NoCornerCutting));
    const GridPath turns =
        find_path_jps(space, room.find('S'), room.find('G'), {}, PathShape::Turns);
    ASSERT_TRUE(turns.found());
    // G is reached only down the east column and then west along the bottom row: the last
    // turns are (9, 4) and G; before them one diagonal run and one straight run reach column 9.
    ASSERT_GE(turns.path.size(), 4u);
    ASSERT_LE(turns.path.size(), 5u);
    EXPECT_EQ(turns.path.front(), room.find('S'));
    EXPECT_EQ(turns.path[turns.path.size() - 2], (Cell{9, 4}));
    EXPECT_EQ(turns.path.back(), room.find('G'));
    EXPECT_TRUE(is_walk_of_single_moves(space, expand_path(turns.path)));
    EXPECT_NEAR(path_cost(space, turns.path), 7 + 2 * std::sqrt(2.0) + 4, 1e-3);
    EXPECT_NEAR(turns.cost, 7 + 2 * std::sqrt(2.0) + 4, 1e-3);
    const GridPath plain = space.find_path(room.find('S'), room.find('G'), {}, PathShape::Turns);
    EXPECT_EQ(plain.path, compress_path(plain.path));
    EXPECT_NEAR(path_cost(space, plain.path), turns.cost, 1e-3);
}

TEST(JumpPointSearch, ABudgetGivesThePartialPathTowardsTheGoalAsTiles) {
    const auto maze = ascii_map({
        "S.....#.........",
        "#####.#.#######.",
        "......#.#.....#.",
        ".######.#.###.#.",
        "........#...#..G",
    });
    const GridSpace space(maze.map);
    SearchOptions options;
    options.max_expansions = 2;
    options.allow_partial = true;
    const GridPath result = find_path_jps(space, maze.find('S'), maze.find('G'), options);
    EXPECT_EQ(result.status, SearchStatus::Partial);
    ASSERT_FALSE(result.path.empty());
    EXPECT_EQ(result.path.front(), maze.find('S'));
    EXPECT_TRUE(is_walk_of_single_moves(space, result.path));
}

TEST(JumpPointSearch, CostsWhatAStarCostsOnRandomMapsUnderEveryPolicy) {
    std::mt19937 random(2718);
    SearchContext context;
    int found = 0, unreachable = 0;
    for (int round = 0; round < 1200; ++round) {
        const GridMap map = random_map(random);
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round % 5 == 1) rules = rules_with(rules.diagonal, 10, 14);
        if (round % 7 == 2) rules = rules_with(rules.diagonal, 1, 1.5f);
        const GridSpace space(map, rules);
        for (int query = 0; query < 8; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const GridPath plain = space.find_path(from, to, context);
            const GridPath jumped = find_path_jps(space, from, to, context);
            ASSERT_EQ(jumped.status, plain.status)
                << "round " << round << " from " << to_string(from) << " to " << to_string(to);
            ASSERT_EQ(jumped.stats.method, "jps");
            if (!plain.found()) {
                ++unreachable;
                continue;
            }
            ++found;
            ASSERT_NEAR(jumped.cost, plain.cost, 1e-4 * plain.cost + 1e-4)
                << "round " << round << " policy " << round % 4 << " from " << to_string(from)
                << " to " << to_string(to);
            ASSERT_EQ(jumped.path.front(), from);
            ASSERT_EQ(jumped.path.back(), to);
            ASSERT_TRUE(is_walk_of_single_moves(space, jumped.path)) << "round " << round;
            ASSERT_NEAR(path_cost(space, jumped.path), plain.cost, 1e-4 * plain.cost + 1e-4);
            // The turns of the same search walk back to its tiles, and no turn is straight on.
            const GridPath turns = find_path_jps(space, from, to, context, {}, PathShape::Turns);
            ASSERT_EQ(expand_path(turns.path), jumped.path) << "round " << round;
            ASSERT_EQ(compress_path(turns.path), turns.path) << "round " << round;
            ASSERT_EQ(turns.cost, jumped.cost);
        }
    }
    EXPECT_GT(found, 4000);  // the maps must exercise the search, not only its refusals
    EXPECT_GT(unreachable, 100);
}

TEST(JumpPointSearch, CostsWhatAStarCostsOnWideOpenMapsWhereDiagonalRunsCrossManyWords) {
    // Diagonal runs read their rows and columns in 64-tile windows that start again every 48
    // tiles, and far windows of the next 62 tiles once a scan leaves them: maps of up to 300 x
    // 300 tiles with 0-2 % blocked tiles give runs of hundreds of tiles, and scans from them
    // that leave both windows, under every policy. Beside A*'s
    // cost, the jump points themselves are checked against the static index's, whose jump
    // distances are computed by another method: the same jump points in the same order.
    std::mt19937 random(31);
    SearchContext context;
    int found = 0;
    for (int round = 0; round < 160; ++round) {
        std::uniform_int_distribution<int> side(64, 300);
        auto map = GridMap::create(side(random), side(random), {5, -9}).value();
        const float density = std::pow(std::uniform_real_distribution<float>(0, 0.14f)(random), 2);
        for (int y = 0; y < map.height(); ++y) {
            for (int x = 0; x < map.width(); ++x) {
                if (std::uniform_real_distribution<float>(0, 1)(random) < density)
                    (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
            }
        }
        const GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        const StaticGridIndex index = StaticGridIndex::build(space).value();
        for (int query = 0; query < 8; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const GridPath plain = space.find_path(from, to, context);
            const GridPath jumped = find_path_jps(space, from, to, context, {}, PathShape::Turns);
            ASSERT_EQ(jumped.status, plain.status) << "round " << round;
            if (!plain.found()) continue;
            ++found;
            ASSERT_NEAR(jumped.cost, plain.cost, 1e-4 * plain.cost + 1e-4)
                << "round " << round << " policy " << round % 4 << " from " << to_string(from)
                << " to " << to_string(to);
            ASSERT_NEAR(path_cost(space, expand_path(jumped.path)), plain.cost,
                        1e-4 * plain.cost + 1e-4);
            // Dijkstra's order is not A*'s: nothing is pruned past the goal, the cost is the same.
            SearchOptions dijkstra;
            dijkstra.algorithm = SearchAlgorithm::Dijkstra;
            ASSERT_NEAR(find_path_jps(space, from, to, context, dijkstra, PathShape::Turns).cost,
                        plain.cost, 1e-4 * plain.cost + 1e-4);
            const GridPath indexed = index.find_path(from, to, context, {}, PathShape::Turns);
            ASSERT_EQ(jumped.path, indexed.path) << "round " << round;
            ASSERT_EQ(jumped.stats.expanded, indexed.stats.expanded) << "round " << round;
        }
    }
    EXPECT_GT(found, 500);
}

TEST(JumpPointSearch, FindsTheSameJumpPointsOnAMapTooBigForTheCachesAsOnASmallOne) {
    // From scattered_min_states states on, the engine gathers each expansion's jump points and
    // prefetches their records before relaxing them. The same random map, alone and as the
    // corner of a 1024 x 1024 map walled off from the rest, must give the same search: the
    // same status, cost and turns (the corner keeps the origin), and the same tiles expanded
    // in the same order. (Not the same count of states generated: the margin by which states
    // past the goal are pruned grows with the map's size.)
    std::mt19937 random(1618);
    SearchContext context;
    int found = 0;
    for (int round = 0; round < 24; ++round) {
        const GridMap small = random_map(random);
        auto big = GridMap::create(1024, 1024, small.origin()).value();
        for (int y = 0; y <= small.height(); ++y) {
            for (int x = 0; x <= small.width(); ++x) {
                const Cell cell{small.origin().x + x, small.origin().y + y};
                const bool wall = x == small.width() || y == small.height();
                if (wall || !small.is_walkable(cell)) (void)big.set_walkable(cell, false);
            }
        }
        const MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        const GridSpace small_space(small, rules), big_space(big, rules);
        ASSERT_LT(small_space.state_count(), scattered_min_states);
        ASSERT_GE(big_space.state_count(), scattered_min_states);
        for (int query = 0; query < 8; ++query) {
            const Cell from = random_walkable_cell(small, random);
            const Cell to = random_walkable_cell(small, random);
            if (!small.is_walkable(from) || !small.is_walkable(to)) continue;
            std::vector<StateId> alone_log, cornered_log;
            context.record_expansions(&alone_log);
            const GridPath alone =
                find_path_jps(small_space, from, to, context, {}, PathShape::Turns);
            context.record_expansions(&cornered_log);
            const GridPath cornered =
                find_path_jps(big_space, from, to, context, {}, PathShape::Turns);
            context.record_expansions(nullptr);
            ASSERT_EQ(cornered.status, alone.status) << "round " << round;
            if (!alone.found()) continue;
            ++found;
            ASSERT_EQ(cornered.cost, alone.cost) << "round " << round;
            ASSERT_EQ(cornered.path, alone.path) << "round " << round;
            ASSERT_EQ(cornered_log.size(), alone_log.size()) << "round " << round;
            for (std::size_t i = 0; i < alone_log.size(); ++i)
                ASSERT_EQ(big.cell(cornered_log[i].value), small.cell(alone_log[i].value))
                    << "round " << round << ", expansion " << i;
        }
    }
    EXPECT_GT(found, 80);
}

}  // namespace
}  // namespace pathkit
