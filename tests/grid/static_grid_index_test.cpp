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

/// Every distance of two indexes of one map, compared; "" when equal, else the first that
/// differs.
std::string first_difference(const StaticGridIndex& repaired, const StaticGridIndex& built) {
    const GridMap& map = built.space().map();
    for (std::uint32_t tile = 0; tile < map.padded_size(); ++tile)
        for (int slot = 0; slot < StaticGridIndex::slots; ++slot)
            if (repaired.distances(tile)[slot] != built.distances(tile)[slot])
                return "tile " + to_string(map.cell(tile)) + " slot " + std::to_string(slot) +
                       ": repaired " + std::to_string(repaired.distances(tile)[slot]) + ", built " +
                       std::to_string(built.distances(tile)[slot]);
    return "";
}

TEST(StaticGridIndex, ARepairAfterTileEditsHasEveryDistanceANewBuildHasUnderEveryPolicy) {
    std::mt19937 random(2718);
    int edits = 0;
    for (int round = 0; round < 120; ++round) {
        GridMap map = random_map(random);
        const GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        auto index = StaticGridIndex::build(space);
        ASSERT_TRUE(index) << index.error().message();
        std::uniform_int_distribution<int> column(0, map.width() - 1), row(0, map.height() - 1);
        for (int repair = 0; repair < 12; ++repair) {
            // One to four tiles flipped (walls built and knocked down), sometimes the same twice.
            for (int edit = std::uniform_int_distribution<int>(1, 4)(random); edit > 0; --edit) {
                const Cell tile{map.origin().x + column(random), map.origin().y + row(random)};
                ASSERT_TRUE(map.set_walkable(tile, !map.is_walkable(tile)));
                ++edits;
            }
            EXPECT_FALSE(index.value().is_current());
            ASSERT_TRUE(index.value().repair());
            EXPECT_TRUE(index.value().is_current());
            const auto built = StaticGridIndex::build(space);
            ASSERT_TRUE(built);
            ASSERT_EQ(first_difference(index.value(), built.value()), "")
                << "round " << round << ", repair " << repair << ", policy "
                << to_string(space.rules().diagonal) << ", map " << map.width() << " x "
                << map.height();
        }
    }
    EXPECT_GT(edits, 3000);
}

TEST(GridMap, RemembersWhichTilesChangedSinceARevisionUpToItsLogsCapacity) {
    auto map = GridMap::create(10, 10, {-3, 2}).value();
    const std::uint64_t start = map.revision();
    ASSERT_TRUE(map.set_walkable({0, 5}, false));
    ASSERT_TRUE(map.set_terrain_cost({1, 5}, 2));
    ASSERT_TRUE(map.set_walkable({0, 5}, true));
    EXPECT_FALSE(map.set_walkable({40, 5}, false));  // refused: no change, nothing logged
    const auto changes = map.changes_since(start);
    ASSERT_TRUE(changes.has_value());
    const std::vector<std::uint32_t> expected{map.index({0, 5}), map.index({1, 5}),
                                              map.index({0, 5})};
    EXPECT_EQ(std::vector<std::uint32_t>(changes->begin(), changes->end()), expected);
    EXPECT_EQ(map.changes_since(start + 2)->size(), 1u);
    EXPECT_TRUE(map.changes_since(map.revision())->empty());
    EXPECT_FALSE(map.changes_since(map.revision() + 1).has_value());
    for (std::size_t change = 0; change < 2 * GridMap::change_log_capacity; ++change)
        ASSERT_TRUE(map.set_walkable({2, 3}, change % 2 == 0));
    EXPECT_FALSE(map.changes_since(start).has_value()) << "forgotten, so a cache rebuilds";
    EXPECT_EQ(map.changes_since(map.revision() - GridMap::change_log_capacity)->size(),
              GridMap::change_log_capacity);
}

TEST(StaticGridIndex, IsNotRepairedPastTheChangesTheMapRemembersOrOnceTerrainCostsAppear) {
    auto map = GridMap::create(20, 20).value();
    const GridSpace space(map);
    auto index = StaticGridIndex::build(space);
    ASSERT_TRUE(index);
    for (std::size_t change = 0; change < 2 * GridMap::change_log_capacity + 2; ++change)
        ASSERT_TRUE(map.set_walkable({3, 4}, change % 2 == 0));
    EXPECT_FALSE(index.value().repair());
    EXPECT_FALSE(index.value().is_current());
    index = StaticGridIndex::build(space);
    ASSERT_TRUE(index);
    ASSERT_TRUE(map.set_terrain_cost({5, 5}, 3));
    EXPECT_FALSE(index.value().repair());
}

TEST(GridSpace, JpsPlusAnswersAfterTileEditsAsAStarDoesWithoutTheCallerRebuildingAnything) {
    std::mt19937 random(1618);
    SearchContext context;
    int compared = 0;
    for (int round = 0; round < 40; ++round) {
        GridMap map = random_map(random);
        const GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        const SearchOptions jps_plus{.algorithm = SearchAlgorithm::JpsPlus};
        std::uniform_int_distribution<int> column(0, map.width() - 1), row(0, map.height() - 1);
        for (int edit = 0; edit < 30; ++edit) {
            const Cell tile{map.origin().x + column(random), map.origin().y + row(random)};
            ASSERT_TRUE(map.set_walkable(tile, !map.is_walkable(tile)));
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const GridPath fast = space.find_path(from, to, context, jps_plus);
            const GridPath plain = space.find_path(from, to, context);
            ASSERT_EQ(fast.status, plain.status) << fast.message;
            if (plain.found()) {
                EXPECT_NEAR(fast.cost, plain.cost, 1e-4 * plain.cost + 1e-4);
            }
            ++compared;
        }
    }
    EXPECT_GT(compared, 800);
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
