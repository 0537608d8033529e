// StaticGridIndex: its distances on drawn lines, the same answers as online jump point search
// on random maps, and refusals when the map changes or jump point search cannot run.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/random_grid.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::mentions;
using testing::random_map;
using testing::random_walkable_cell;
using testing::rules_with;

enum Slot { East, South, West, North, SouthEast, SouthWest, NorthWest, NorthEast };

int distance(const StaticGridIndex& index, Cell cell, Slot slot) {
    return index.distances(index.space().map().index(cell))[slot];
}

TEST(StaticGridIndex, CountsFreeStepsToAWallAsNegativeAndStepsToAJumpPointAsPositive) {
    // clang-format off
    const auto room = ascii_map({
        "A....#",
        "......",
        "..#...",
        "B.....",
    });
    // clang-format on
    const GridSpace space(room.map);
    const auto index = StaticGridIndex::build(space);
    ASSERT_TRUE(index) << index.error().message();
    const Cell a = room.find('A');
    // East from A: 4 free steps, then the wall; no tile on the way has a forced neighbour.
    EXPECT_EQ(distance(index.value(), a, East), -4);
    EXPECT_EQ(distance(index.value(), a, West), 0);
    // South from A: 3 free steps down to B, then the map's edge.
    EXPECT_EQ(distance(index.value(), a, South), -3);
    // East from B: the third tile is the first whose upper neighbour is free after a blocked
    // one (the block above the second tile), so a path may turn there: a jump point.
    EXPECT_EQ(distance(index.value(), room.find('B'), East), 3);
    // South-east from A: one step reaches a tile whose row, scanned east, meets the jump point
    // just past the block: the run has something to offer after 1 step.
    EXPECT_EQ(distance(index.value(), a, SouthEast), 1);
    EXPECT_EQ(index.value().memory_bytes(), space.map().padded_size() * 16);
}

TEST(StaticGridIndex, AnswersExactlyAsOnlineJumpPointSearchOnRandomMapsUnderEveryPolicy) {
    std::mt19937 random(31415);
    SearchContext context;
    int found = 0, unreachable = 0;
    for (int round = 0; round < 800; ++round) {
        const GridMap map = random_map(random);
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round % 5 == 1) rules = rules_with(rules.diagonal, 10, 14);
        const GridSpace space(map, rules);
        const auto index = StaticGridIndex::build(space);
        ASSERT_TRUE(index) << index.error().message();
        for (int query = 0; query < 8; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const PathShape shape = query % 2 == 0 ? PathShape::Tiles : PathShape::Turns;
            const GridPath online = find_path_jps(space, from, to, context, {}, shape);
            const GridPath offline = index.value().find_path(from, to, context, {}, shape);
            const std::string where = "round " + std::to_string(round) + " policy " +
                                      to_string(rules.diagonal) + " from " + to_string(from) +
                                      " to " + to_string(to);
            ASSERT_EQ(offline.status, online.status) << where;
            ASSERT_EQ(offline.stats.method, "jps+");
            if (!online.found()) {
                ++unreachable;
                continue;
            }
            ++found;
            // The same successors in the same order: the very same search.
            ASSERT_EQ(offline.cost, online.cost) << where;
            ASSERT_EQ(offline.path, online.path) << where;
            ASSERT_EQ(offline.stats.expanded, online.stats.expanded) << where;
            if (query % 4 == 0) {  // and the cost a plain search finds, now and then
                const GridPath plain = space.find_path(from, to, context);
                ASSERT_NEAR(offline.cost, plain.cost, 1e-4 * plain.cost + 1e-4) << where;
            }
        }
    }
    EXPECT_GT(found, 2500);
    EXPECT_GT(unreachable, 50);
}

TEST(StaticGridIndex, RefusesQueriesOnceTheMapChangesUntilBuiltAgain) {
    // clang-format off
    auto room = ascii_map({
        "S...",
        "....",
        "...G",
    });
    // clang-format on
    const GridSpace space(room.map);
    auto index = StaticGridIndex::build(space);
    ASSERT_TRUE(index);
    EXPECT_TRUE(index.value().is_current());
    ASSERT_TRUE(room.map.set_walkable({1, 1}, false));
    EXPECT_FALSE(index.value().is_current());
    const GridPath stale = index.value().find_path(room.find('S'), room.find('G'));
    EXPECT_EQ(stale.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(stale.message, "changed")) << stale.message;
    index = StaticGridIndex::build(space);
    ASSERT_TRUE(index);
    const GridPath fresh = index.value().find_path(room.find('S'), room.find('G'));
    ASSERT_EQ(fresh.status, SearchStatus::Found);
    EXPECT_EQ(fresh.cost, find_path_jps(space, room.find('S'), room.find('G')).cost);
}

TEST(StaticGridIndex, IsNotBuiltWhereJumpPointSearchCannotRunAndSaysWhy) {
    auto room = ascii_map({"...", "..."});
    ASSERT_TRUE(room.map.set_terrain_cost({1, 1}, 3));
    const auto on_terrain = StaticGridIndex::build(GridSpace(room.map));
    ASSERT_FALSE(on_terrain);
    EXPECT_TRUE(mentions(on_terrain.error().message(), "terrain"));

    const auto flat = ascii_map({"...", "..."});
    MovementRules big = rules_with(DiagonalPolicy::NoCornerCutting);
    big.agent_size = 2;
    const GridSpace big_space(flat.map, big);
    const auto for_big_units = StaticGridIndex::build(big_space);
    ASSERT_FALSE(for_big_units);
    EXPECT_TRUE(mentions(for_big_units.error().message(), "bigger than one tile"));
}

TEST(StaticGridIndex, RefusesEndpointsOffTheMapAndLetsBreadthFirstSearchRunOnTheSpace) {
    const auto room = ascii_map({"S.#", "..G"});
    const GridSpace space(room.map);
    const auto index = StaticGridIndex::build(space);
    ASSERT_TRUE(index);
    EXPECT_EQ(index.value().find_path({-1, 0}, room.find('G')).status, SearchStatus::InvalidInput);
    EXPECT_EQ(index.value().find_path(room.find('S'), {2, 0}).status, SearchStatus::InvalidInput);
    SearchOptions breadth_first;
    breadth_first.algorithm = SearchAlgorithm::BreadthFirst;
    const GridPath counted = index.value().find_path(room.find('S'), room.find('G'), breadth_first);
    ASSERT_EQ(counted.status, SearchStatus::Found);
    EXPECT_TRUE(mentions(counted.message, "breadth-first")) << counted.message;
}

}  // namespace
}  // namespace pathkit
