// Landmark heuristics: never above the true cost (checked by a plain Dijkstra written here),
// and tighter than the octile distance behind walls.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "pathkit/grid/landmarks.hpp"
#include "support/ascii_map.hpp"
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

}  // namespace
}  // namespace pathkit
