// The searches a hierarchy runs plain before it joins a query's ends to its clusters: how many
// jump points each mode's plain search gets, which queries skip it, and over which of the
// space's tables it runs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string_view>

#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

using testing::scattered_map;

TEST(HierarchyPlain, OnAMapTooBigForTheCachesALongQueryGetsAQuarterOfThePlainBudget) {
    // Scattered blocked tiles: plain jump point search answers most long queries within a few
    // dozen jump points, some within a few hundred. The fast mode's plain search (256 jump
    // points, over the map's bit lines here) answers such a query on its own below 2^20
    // tiles; above, a query whose ends no leg's window holds (farther apart than 512 less two
    // cluster sides) has 64, and one that needs more goes to the hierarchy.
    const auto check = [](int side, bool long_ones_capped) {
        std::mt19937 random(5);
        const GridMap map = scattered_map(random, side, side, 0.008);
        const GridSpace space(map);
        const GridHierarchy hierarchy =
            GridHierarchy::build(space, {.cluster_side = 32, .plain_by_jump_point_index = false})
                .value();
        HierarchyContext context;
        SearchContext plain_context;
        std::uniform_int_distribution<int> coordinate(0, side - 1);
        int few = 0, more = 0;  // long queries of at most 40 jump points, of 70 to 200
        for (int query = 0; query < 400 && (few == 0 || more == 0); ++query) {
            const Cell from{coordinate(random), coordinate(random)};
            const Cell to{coordinate(random), coordinate(random)};
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            if (std::abs(from.x - to.x) <= 448 && std::abs(from.y - to.y) <= 448) continue;
            const std::uint64_t jump_points =
                find_path_jps(space, from, to, plain_context).stats.expanded;
            if (jump_points > 40 && (jump_points < 70 || jump_points > 200)) continue;
            HierarchicalPath plan = hierarchy.plan(from, to, context);
            ASSERT_EQ(plan.status(), SearchStatus::Found);
            const bool hierarchical = plan.abstract_expanded() > 0;
            EXPECT_EQ(hierarchical, long_ones_capped && jump_points > 40)
                << to_string(from) << " -> " << to_string(to) << ", " << jump_points;
            const GridPath rest = plan.rest(context);
            ASSERT_TRUE(rest.found());
            EXPECT_EQ(rest.path.back(), to);
            (jump_points <= 40 ? few : more) += 1;
        }
        EXPECT_GT(few, 0);
        EXPECT_GT(more, 0);
    };
    check(1000, false);  // 1002² padded tiles, below 2^20
    check(1100, true);
}

TEST(HierarchyPlain, WhereFarQueriesMostlyRunOutOfJumpPointsTheyGoStraightToTheHierarchy) {
    // On a map below 2^20 tiles the build tries the fast mode's plain search (256 jump points)
    // between pairs of tiles more than two cluster sides apart. With a tenth of the tiles
    // blocked it runs out on most, so every far query skips it, even one it would answer,
    // while near ones still try it; with a hundredth blocked it answers most, so far queries
    // answered within the budget come back plain.
    const auto plain_answers = [](double blocked, bool far) -> int {
        std::mt19937 random(11);
        const GridMap map = scattered_map(random, 256, 256, blocked);
        const GridSpace space(map);
        const GridHierarchy hierarchy = GridHierarchy::build(space, {}).value();
        HierarchyContext context;
        SearchContext plain_context;
        std::uniform_int_distribution<int> coordinate(0, 255);
        int within_budget = 0, answered_plain = 0;
        for (int draw = 0; draw < 4000 && within_budget < 10; ++draw) {
            const Cell from{coordinate(random), coordinate(random)};
            const Cell to{coordinate(random), coordinate(random)};
            if (!map.is_walkable(from) || !map.is_walkable(to) || from == to) continue;
            const bool apart = std::abs(from.x - to.x) > 64 || std::abs(from.y - to.y) > 64;
            if (apart != far) continue;
            const GridPath plain = find_path_jps(space, from, to, plain_context);
            if (!plain.found() || plain.stats.expanded > 256) continue;
            ++within_budget;
            HierarchicalPath plan = hierarchy.plan(from, to, context);
            if (plan.abstract_expanded() == 0) ++answered_plain;
            const GridPath rest = plan.rest(context);
            EXPECT_TRUE(rest.found() && rest.path.back() == to)
                << to_string(from) << " -> " << to_string(to);
            EXPECT_GE(rest.cost, plain.cost - 1e-3f * plain.cost);
        }
        EXPECT_EQ(within_budget, 10) << "too few queries within the budget";
        return answered_plain;
    };
    EXPECT_EQ(plain_answers(0.1, true), 0);
    EXPECT_EQ(plain_answers(0.1, false), 10);
    EXPECT_EQ(plain_answers(0.01, true), 10);
}

TEST(HierarchyPlain, TheOptimalModesPlainSearchRunsOnTheIndexOnlyWhereTheMapFitsTheCaches) {
    // Below 2^20 tiles the plain search reads the space's JPS+ index (16 bytes a tile); above,
    // where those miss the caches, the map's bit lines, and the index is never asked for. The
    // same cheapest cost either way.
    const auto method_at = [](int side) {
        std::mt19937 random(3);
        const GridMap map = scattered_map(random, side, side, 0.05);
        const GridSpace space(map);
        const GridHierarchy hierarchy = GridHierarchy::build(space, {}).value();
        HierarchyContext context;
        SearchContext plain_context;
        std::uniform_int_distribution<int> coordinate(0, side - 1);
        for (int draw = 0; draw < 1000; ++draw) {
            const Cell from{coordinate(random), coordinate(random)};
            const Cell to{coordinate(random), coordinate(random)};
            if (!map.is_walkable(from) || !map.is_walkable(to) || from == to) continue;
            const GridPath optimal = hierarchy.find_path(from, to, context, HierarchyMode::Optimal);
            const GridPath plain = find_path_jps(space, from, to, plain_context);
            if (!plain.found()) continue;
            EXPECT_TRUE(optimal.found()) << optimal.message;
            EXPECT_NEAR(optimal.cost, plain.cost, 1e-3 * (1 + plain.cost));
            return optimal.stats.method;
        }
        ADD_FAILURE() << "no two joined tiles in 1,000 draws";
        return std::string_view();
    };
    EXPECT_EQ(method_at(1000), "jps+");  // 1002² padded tiles, below 2^20
    EXPECT_EQ(method_at(1100), "jps");
}

}  // namespace
}  // namespace pathkit
