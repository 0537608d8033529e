// One name for every search and one grid entry point: the names read back, jps and jps+ answer
// through GridSpace::find_path with A*'s costs, the JPS+ index follows the map, and searches
// that need a grid are refused elsewhere with the reason.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "pathkit/graph/graph.hpp"
#include "pathkit/grid/grid_space.hpp"
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

constexpr SearchAlgorithm every_search[] = {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra,
                                            SearchAlgorithm::BreadthFirst, SearchAlgorithm::Jps,
                                            SearchAlgorithm::JpsPlus};

TEST(SearchNames, EveryNameReadsBackAsItsSearchAndTheListNamesThemAll) {
    for (const SearchAlgorithm search : every_search) {
        const std::string name = to_string(search);
        EXPECT_EQ(search_algorithm_named(name), search) << name;
        EXPECT_TRUE(mentions(std::string(search_algorithm_names), name)) << name;
    }
    EXPECT_EQ(search_algorithm_named("breadth-first"), SearchAlgorithm::BreadthFirst);
    EXPECT_FALSE(search_algorithm_named("jps++"));
    EXPECT_FALSE(search_algorithm_named("A*"));
    EXPECT_FALSE(search_algorithm_named(""));
}

TEST(GridSearches, JpsAndJpsPlusCostWhatAStarCostsOnRandomMapsUnderEveryPolicy) {
    std::mt19937 random(2718);
    SearchContext context;
    int found = 0;
    for (int round = 0; round < 200; ++round) {
        const GridMap map = random_map(random);
        const GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        for (int query = 0; query < 6; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const GridPath plain = space.find_path(from, to, context);
            for (const SearchAlgorithm search : {SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
                const GridPath jumped = space.find_path(from, to, context, {.algorithm = search});
                const std::string where = std::string(to_string(search)) + " round " +
                                          std::to_string(round) + " from " + to_string(from) +
                                          " to " + to_string(to);
                ASSERT_EQ(jumped.status, plain.status) << where;
                EXPECT_EQ(jumped.stats.method, to_string(search)) << where;
                if (plain.found()) {
                    ASSERT_NEAR(jumped.cost, plain.cost, 1e-4 * plain.cost + 1e-4) << where;
                    ++found;
                }
            }
        }
    }
    EXPECT_GT(found, 800);
}

TEST(GridSearches, ACostBoundKeepsPathsCheaperThanItAndFindsNoneAtTheOptimumOnRandomMaps) {
    std::mt19937 random(1414);
    SearchContext context;
    int found = 0;
    std::uint64_t pushes_free = 0, pushes_bounded = 0;
    for (int round = 0; round < 120; ++round) {
        const GridMap map = random_map(random);
        const GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        const Cell from = random_walkable_cell(map, random);
        const Cell to = random_walkable_cell(map, random);
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        for (const SearchAlgorithm search : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra,
                                             SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
            const std::string where = std::string(to_string(search)) + " round " +
                                      std::to_string(round) + " from " + to_string(from) + " to " +
                                      to_string(to);
            const GridPath free = space.find_path(from, to, context, {.algorithm = search});
            if (!free.found()) {
                EXPECT_EQ(
                    space.find_path(from, to, context, {.algorithm = search, .cost_bound = 1e6f})
                        .status,
                    free.status)
                    << where;
                continue;
            }
            const Cost margin = 1e-3f * (1 + free.cost);
            const GridPath above = space.find_path(
                from, to, context, {.algorithm = search, .cost_bound = free.cost + margin});
            ASSERT_TRUE(above.found()) << where;
            EXPECT_NEAR(above.cost, free.cost, 1e-4 * free.cost + 1e-4) << where;
            const GridPath below = space.find_path(
                from, to, context, {.algorithm = search, .cost_bound = free.cost - margin});
            EXPECT_EQ(below.status, SearchStatus::NoPath) << where;
            EXPECT_TRUE(below.path.empty()) << where;
            pushes_free += free.stats.heap_pushes;
            pushes_bounded += above.stats.heap_pushes;
            ++found;
        }
    }
    EXPECT_GT(found, 200);
    // States that cannot lead to a path under the bound never reach the open list.
    EXPECT_LT(pushes_bounded, pushes_free);
}

TEST(GridSearches, TheJumpPointIndexIsBuiltOnceAndRepairedInPlaceAfterTheMapChanges) {
    // clang-format off
    auto room = ascii_map({
        "S......G",
        "........",
        "........",
    });
    // clang-format on
    const GridSpace space(room.map, rules_with(DiagonalPolicy::Never));
    const auto first = space.jump_point_index();
    ASSERT_TRUE(first) << first.error().message();
    EXPECT_EQ(space.jump_point_index().value(), first.value()) << "kept, not built again";
    const SearchOptions jps_plus{.algorithm = SearchAlgorithm::JpsPlus};
    EXPECT_EQ(space.find_path(room.find('S'), room.find('G'), jps_plus).cost, 7);
    for (int y = 0; y < 2; ++y)
        ASSERT_TRUE(
            room.map.set_walkable({4, y}, false));  // a wall with a gap at the bottom: 2 down, 2 up
    const GridPath around = space.find_path(room.find('S'), room.find('G'), jps_plus);
    ASSERT_EQ(around.status, SearchStatus::Found) << around.message;
    EXPECT_EQ(around.cost, space.find_path(room.find('S'), room.find('G')).cost);
    EXPECT_EQ(around.cost, 11);
    EXPECT_EQ(space.jump_point_index().value(), first.value()) << "repaired, not built again";
    EXPECT_TRUE(first.value()->is_current());
}

TEST(GridSearches, AMovedSpaceAnswersJpsPlusFromAnIndexOfItsOwn) {
    const auto room = ascii_map({"S...", "....", "...G"});
    GridSpace space(room.map);
    const SearchOptions jps_plus{.algorithm = SearchAlgorithm::JpsPlus};
    const Cost before = space.find_path(room.find('S'), room.find('G'), jps_plus).cost;
    const GridSpace moved(std::move(space));
    const GridSpace copied(moved);
    EXPECT_EQ(moved.find_path(room.find('S'), room.find('G'), jps_plus).cost, before);
    EXPECT_EQ(copied.find_path(room.find('S'), room.find('G'), jps_plus).cost, before);
    EXPECT_EQ(&moved.jump_point_index().value()->space(), &moved);
    EXPECT_EQ(&copied.jump_point_index().value()->space(), &copied);
}

TEST(GridSearches, JumpPointSearchIsRefusedWithItsReasonWhereItCannotRun) {
    auto swamp = ascii_map({"S..", "..G"});
    ASSERT_TRUE(swamp.map.set_terrain_cost({1, 0}, 3));
    const GridSpace space(swamp.map);
    for (const SearchAlgorithm search : {SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
        const GridPath refused =
            space.find_path(swamp.find('S'), swamp.find('G'), {.algorithm = search});
        EXPECT_EQ(refused.status, SearchStatus::InvalidInput);
        EXPECT_TRUE(mentions(refused.message, std::string(to_string(search)) +
                                                  " cannot run here: the map has terrain cost"))
            << refused.message;
    }
    EXPECT_EQ(space.find_path(swamp.find('S'), swamp.find('G')).status, SearchStatus::Found);
}

TEST(GridSearches, SearchesThatNeedAGridAreRefusedOnAGraphWithTheReason) {
    Graph graph;
    const NodeId a = graph.add_node(), b = graph.add_node();
    ASSERT_TRUE(graph.add_connections(a, {b}, true));
    for (const SearchAlgorithm search : {SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
        const GraphPath refused = graph.find_path(a, b, {.algorithm = search});
        EXPECT_EQ(refused.status, SearchStatus::InvalidInput);
        EXPECT_TRUE(mentions(refused.message, "runs on tile grids only")) << refused.message;
    }
    EXPECT_EQ(graph.find_path(a, b, {.algorithm = SearchAlgorithm::BreadthFirst}).status,
              SearchStatus::Found);
}

}  // namespace
}  // namespace pathkit
