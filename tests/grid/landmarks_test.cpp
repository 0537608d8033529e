// Landmark heuristics: never above the true cost (checked by the tests' own Bellman-Ford), also
// after tile edits, repaired or, for edits that only block or raise, as they are; and tighter
// than the octile distance behind walls.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "pathkit/grid/landmarks.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

TEST(Landmarks, TheBoundNeverExceedsTheTrueCostOnRandomMaps) {
    std::mt19937 random(5);
    for (int trial = 0; trial < 6; ++trial) {
        GridMap map = GridMap::create(20, 16).value();
        std::bernoulli_distribution wall(0.25);
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 20; ++x)
                if (wall(random)) (void)map.set_walkable({x, y}, false);
        if (trial % 2) (void)map.set_terrain_cost({3, 3}, 4);  // asymmetric steps
        const MovementRules rules{.diagonal = DiagonalPolicy::NoCornerCutting};
        const GridSpace space(map, rules);
        const LandmarkHeuristic landmarks = LandmarkHeuristic::build(space, 4);
        EXPECT_EQ(landmarks.landmark_count(), 4u);
        std::uniform_int_distribution<int> x_of(0, 19), y_of(0, 15);
        for (int pair = 0; pair < 60; ++pair) {
            const Cell from{x_of(random), y_of(random)}, to{x_of(random), y_of(random)};
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const double truth = testing::reference_grid_cost(map, rules, from, to);
            const Cost bound = landmarks.estimate(map.index(from), map.index(to));
            EXPECT_GE(bound, 0);
            if (std::isfinite(truth)) {
                EXPECT_LE(bound, truth + 1e-4) << "trial " << trial;
            }
        }
    }
}

// Behind a long wall the octile distance says about 8; the landmarks know it is nearly twice.
TEST(Landmarks, BehindAWallTheBoundIsWellAboveTheOctileDistance) {
    const auto drawn = testing::ascii_map({
        "............",
        ".#########..",
        "..a.......#.",
        ".#########b.",
        "............",
    });
    const GridSpace space(drawn.map, {});
    const LandmarkHeuristic landmarks = LandmarkHeuristic::build(space, 4);
    const std::uint32_t a = drawn.map.index(drawn.find('a')), b = drawn.map.index(drawn.find('b'));
    EXPECT_GT(landmarks.estimate(a, b), 1.5f * space.estimate(StateId(a), StateId(b)));
    EXPECT_EQ(LandmarkHeuristic().estimate(a, b), 0) << "no landmarks, no bound";
}

/// The largest amount by which the bound exceeds the true cost over every pair of tiles where
/// the unit fits (0 when it never does), and the number of pairs with a finite true cost.
std::pair<double, int> worst_overestimate(const GridMap& map, const MovementRules& rules,
                                          const LandmarkHeuristic& landmarks) {
    double worst = 0;
    int pairs = 0;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            if (!testing::unit_fits(map, rules, {x, y})) continue;
            const std::vector<double> truth = testing::reference_grid_costs(map, rules, {x, y});
            for (int to_y = 0; to_y < map.height(); ++to_y)
                for (int to_x = 0; to_x < map.width(); ++to_x) {
                    const double cost = truth[static_cast<std::size_t>(to_y * map.width() + to_x)];
                    if (!std::isfinite(cost)) continue;
                    ++pairs;
                    const Cost bound =
                        landmarks.estimate(map.index({x, y}), map.index({to_x, to_y}));
                    worst = std::max(worst, bound - cost);
                }
        }
    return {worst, pairs};
}

/// A 10 x 8 map with a quarter of its tiles walls and, with `terrain`, random multipliers.
GridMap random_small_map(std::mt19937& random, bool terrain) {
    GridMap map = GridMap::create(10, 8).value();
    std::bernoulli_distribution wall(0.25);
    std::uniform_real_distribution<float> multiplier(0.25f, 4);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 10; ++x) {
            if (wall(random)) (void)map.set_walkable({x, y}, false);
            if (terrain) (void)map.set_terrain_cost({x, y}, multiplier(random));
        }
    return map;
}

TEST(Landmarks, AfterRandomEditsAndARepairTheBoundNeverExceedsTheTrueCostForAnyPair) {
    std::mt19937 random(27);
    const DiagonalPolicy policies[] = {DiagonalPolicy::Never, DiagonalPolicy::NoCornerCutting,
                                       DiagonalPolicy::AtLeastOneWalkable, DiagonalPolicy::Always};
    std::uniform_int_distribution<int> x_of(0, 9), y_of(0, 7), edits_of(1, 4);
    std::uniform_real_distribution<float> multiplier(0, 4);
    std::bernoulli_distribution coin(0.5);
    int pairs = 0;
    for (int trial = 0; trial < 8; ++trial) {
        const bool terrain = trial >= 4;
        GridMap map = random_small_map(random, terrain);
        MovementRules rules = testing::rules_with(policies[trial % 4]);
        rules.agent_size = trial == 5 ? 2 : 1;
        GridSpace space(map, rules);
        LandmarkHeuristic landmarks = LandmarkHeuristic::build(space, 4);
        for (int round = 0; round < 40; ++round) {
            for (int edit = edits_of(random); edit > 0; --edit) {
                const Cell cell{x_of(random), y_of(random)};
                if (terrain && coin(random))
                    (void)map.set_terrain_cost(cell, multiplier(random));
                else
                    (void)map.set_walkable(cell, !map.is_walkable(cell));
            }
            EXPECT_FALSE(landmarks.is_current(map));
            space.refresh();
            ASSERT_TRUE(landmarks.repair(space).ok());
            EXPECT_TRUE(landmarks.is_current(map));
            const auto [worst, counted] = worst_overestimate(map, rules, landmarks);
            EXPECT_LE(worst, 1e-4) << "trial " << trial << ", round " << round;
            pairs += counted;
        }
    }
    EXPECT_GT(pairs, 100000) << "pairs checked";
}

TEST(Landmarks, BlockingTilesAndRaisingCostsKeepTheBoundAdmissibleWithoutARepair) {
    std::mt19937 random(28);
    std::uniform_int_distribution<int> x_of(0, 9), y_of(0, 7);
    std::uniform_real_distribution<float> raise(1, 3);
    for (int trial = 0; trial < 4; ++trial) {
        GridMap map = random_small_map(random, trial % 2 == 1);
        const MovementRules rules{.diagonal = DiagonalPolicy::NoCornerCutting};
        const LandmarkHeuristic landmarks = LandmarkHeuristic::build(GridSpace(map, rules), 4);
        for (int edit = 0; edit < 30; ++edit) {
            const Cell cell{x_of(random), y_of(random)};
            if (edit % 2 == 0)
                (void)map.set_walkable(cell, false);
            else
                (void)map.set_terrain_cost(cell, map.terrain_cost(cell) * raise(random));
            if (edit % 6 != 5) continue;
            EXPECT_LE(worst_overestimate(map, rules, landmarks).first, 1e-4)
                << "trial " << trial << ", edit " << edit;
        }
        EXPECT_FALSE(landmarks.is_current(map)) << "stale, and still admissible";
    }
}

// A wall between a and b with its gap far east: the only landmark, b (farthest from a), says
// a is 20 away. Opening a door beside them makes it 2, but the tables still say 20.
TEST(Landmarks, AnOpenedDoorMakesTheStaleBoundOverestimateUntilTheTablesAreRepaired) {
    // clang-format off
    testing::AsciiMap drawn = testing::ascii_map({
        "a.........",
        "d########.",
        "b.........",
    });
    // clang-format on
    const MovementRules rules{.diagonal = DiagonalPolicy::Never};
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('d'), false).ok());
    const GridSpace space(drawn.map, rules);
    LandmarkHeuristic landmarks = LandmarkHeuristic::build(space, 1);
    const std::uint32_t a = drawn.map.index(drawn.find('a')), b = drawn.map.index(drawn.find('b'));
    ASSERT_EQ(landmarks.landmarks(), std::vector{b});
    EXPECT_NEAR(landmarks.estimate(a, b), 20, 1e-3);
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('d'), true).ok());  // the door opens
    EXPECT_NEAR(landmarks.estimate(a, b), 20, 1e-3) << "stale: ten times the true cost of 2";
    EXPECT_FALSE(landmarks.is_current(drawn.map));
    ASSERT_TRUE(landmarks.repair(space).ok());
    EXPECT_NEAR(landmarks.estimate(a, b), 2, 1e-3);
    EXPECT_LE(worst_overestimate(drawn.map, rules, landmarks).first, 1e-4);
}

TEST(Landmarks, ALandmarkWhoseTileIsBlockedGivesNoBoundUntilItOpensAgain) {
    // clang-format off
    testing::AsciiMap drawn = testing::ascii_map({
        "a.......b",
    });
    // clang-format on
    const GridSpace space(drawn.map, {});
    LandmarkHeuristic landmarks = LandmarkHeuristic::build(space, 1);
    const std::uint32_t a = drawn.map.index(drawn.find('a')), b = drawn.map.index(drawn.find('b'));
    ASSERT_EQ(landmarks.landmarks(), std::vector{b});
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('b'), false).ok());
    ASSERT_TRUE(landmarks.repair(space).ok());
    EXPECT_EQ(landmarks.estimate(a, drawn.map.index({4, 0})), 0);
    ASSERT_TRUE(drawn.map.set_walkable(drawn.find('b'), true).ok());
    ASSERT_TRUE(landmarks.repair(space).ok());
    EXPECT_NEAR(landmarks.estimate(a, drawn.map.index({4, 0})), 4, 1e-3);
}

TEST(Landmarks, ARepairForAMapOfAnotherSizeIsRefusedAndChangesNothing) {
    const GridMap map = GridMap::create(6, 6).value();
    const GridMap other = GridMap::create(7, 6).value();
    LandmarkHeuristic landmarks = LandmarkHeuristic::build(GridSpace(map, {}), 2);
    const Status refused = landmarks.repair(GridSpace(other, {}));
    EXPECT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("64 padded tiles, not 72"), std::string::npos)
        << refused.message();
    EXPECT_TRUE(landmarks.is_current(map));
    EXPECT_TRUE(LandmarkHeuristic().repair(GridSpace(other, {})).ok()) << "no landmarks: no tables";
}

}  // namespace
}  // namespace pathkit
