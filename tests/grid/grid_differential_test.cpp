// GridSpace A* against an independent Bellman-Ford oracle on random maps, every rule set.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

GridMap random_map(std::mt19937& random, bool with_terrain) {
    std::uniform_int_distribution<int> side(2, 14);
    std::uniform_real_distribution<float> unit(0, 1);
    const float density = unit(random) * 0.4f;
    auto map = GridMap::create(side(random), side(random), {-3, 2}).value();
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const Cell cell{map.origin().x + x, map.origin().y + y};
            if (unit(random) < density) (void)map.set_walkable(cell, false);
            if (with_terrain && unit(random) < 0.3f) {
                (void)map.set_terrain_cost(cell, 0.5f + 3 * unit(random));
            }
        }
    }
    return map;
}

Cell random_cell(const GridMap& map, std::mt19937& random) {
    return {map.origin().x + std::uniform_int_distribution<int>(0, map.width() - 1)(random),
            map.origin().y + std::uniform_int_distribution<int>(0, map.height() - 1)(random)};
}

TEST(GridDifferential, AStarMatchesTheReferenceUnderEveryPolicyCostTerrainAndSize) {
    std::mt19937 random(314159);
    SearchContext context;
    int found = 0, compared = 0;
    for (int round = 0; round < 1500; ++round) {
        const GridMap map = random_map(random, round % 3 == 0);
        MovementRules rules;
        rules.diagonal = static_cast<DiagonalPolicy>(round % 4);
        if (round % 5 == 1) {
            rules.straight_cost = 10;
            rules.diagonal_cost = 14;
        }
        if (round % 7 == 2) rules.diagonal_cost = 1.5f;
        rules.agent_size = round % 6 == 5 ? 2 : 1;
        const GridSpace space(map, rules);
        const Cell from = random_cell(map, random);
        const Cell to = random_cell(map, random);
        const GridPath result = space.find_path(from, to, context);
        if (!testing::unit_fits(map, rules, from) || !testing::unit_fits(map, rules, to)) {
            EXPECT_EQ(result.status, SearchStatus::InvalidInput);
            continue;
        }
        ++compared;
        const double reference = testing::reference_grid_cost(map, rules, from, to);
        if (std::isinf(reference)) {
            EXPECT_EQ(result.status, SearchStatus::NoPath) << "round " << round;
            continue;
        }
        ++found;
        ASSERT_EQ(result.status, SearchStatus::Found) << "round " << round << result.message;
        EXPECT_NEAR(path_cost(space, result.path), reference, 1e-3 * std::max(1.0, reference))
            << "round " << round;
        EXPECT_NEAR(result.cost, reference, 1e-3 * std::max(1.0, reference)) << "round " << round;
    }
    EXPECT_GT(found, 500);
    EXPECT_GT(compared - found, 30) << "some pairs must be unreachable";
}

}  // namespace
}  // namespace pathkit
