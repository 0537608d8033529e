// JPS+ on benchmark maps after a thousand tile edits, each repaired in place: every scenario row
// costs what online jump point search finds on the edited map, and the rows A* runs for (all
// of them, or every k-th on mazes, where A* is slow) what A* finds (the shared MovingAI data;
// skipped when absent).
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>
#include <utility>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace pathkit {
namespace {

void check_map_after_edits(const std::filesystem::path& map_file, unsigned seed,
                           std::size_t astar_every) {
    auto loaded = load_moving_ai_map(map_file.string());
    ASSERT_TRUE(loaded) << loaded.error().message();
    GridMap map = std::move(loaded).value();
    const auto scenario = load_moving_ai_scenario(map_file.string() + ".scen");
    ASSERT_TRUE(scenario) << scenario.error().message();
    const GridSpace space(map);
    ASSERT_TRUE(space.jump_point_index()) << "built once, then only repaired";

    // A thousand tiles flipped (walls built and knocked down), none a row's start or goal,
    // the index repaired after each.
    std::set<std::pair<int, int>> ends;
    for (const ScenarioQuery& query : scenario.value().queries) {
        ends.insert({query.start.x, query.start.y});
        ends.insert({query.goal.x, query.goal.y});
    }
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> column(0, map.width() - 1), row(0, map.height() - 1);
    for (int edit = 0; edit < 1000;) {
        const Cell tile{column(random), row(random)};
        if (ends.contains({tile.x, tile.y})) continue;
        ASSERT_TRUE(map.set_walkable(tile, !map.is_walkable(tile)));
        ASSERT_TRUE(space.jump_point_index());
        ++edit;
    }

    SearchContext context;
    int found = 0;
    const auto& queries = scenario.value().queries;
    for (std::size_t index = 0; index < queries.size(); ++index) {
        const ScenarioQuery& query = queries[index];
        const GridPath indexed = space.find_path(query.start, query.goal, context,
                                                 {.algorithm = SearchAlgorithm::JpsPlus});
        const SearchAlgorithm oracle =
            index % astar_every == 0 ? SearchAlgorithm::AStar : SearchAlgorithm::Jps;
        const GridPath expected =
            space.find_path(query.start, query.goal, context, {.algorithm = oracle});
        ASSERT_EQ(indexed.status, expected.status)
            << to_string(query.start) << " to " << to_string(query.goal);
        if (expected.status != SearchStatus::Found) continue;
        ++found;
        ASSERT_NEAR(indexed.cost, expected.cost, 1e-3 * (1 + expected.cost))
            << to_string(query.start) << " to " << to_string(query.goal);
    }
    EXPECT_GT(found, 0);
}

std::filesystem::path grid_benchmarks() {
    return std::filesystem::path(PATHKIT_EXAMPLES) / "../../shared/benchmarks/grid";
}

TEST(StaticGridIndexOnBenchmarkMaps,
     AfterAThousandRepairedEditsEveryRowOfDen520dCostsWhatAStarFinds) {
    const auto map = grid_benchmarks() / "dao/den520d.map";
    if (!std::filesystem::exists(map)) GTEST_SKIP() << "no ../shared/benchmarks/grid here";
    check_map_after_edits(map, 520, 1);
}

TEST(StaticGridIndexOnBenchmarkMaps,
     AfterAThousandRepairedEditsEveryRowOfAMazeCostsWhatOnlineSearchFinds) {
    const auto map = grid_benchmarks() / "mazes/maze512-32-0.map";
    if (!std::filesystem::exists(map)) GTEST_SKIP() << "no ../shared/benchmarks/grid here";
    check_map_after_edits(map, 32, 64);
}

}  // namespace
}  // namespace pathkit
