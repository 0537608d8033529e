// Grid calls with bad input get a clear status naming the place, never a crash.
#include <gtest/gtest.h>

#include <limits>

#include "pathkit/grid/grid_space.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::mentions;

TEST(GridBadInput, MapsOfZeroOrHugeSizeAreRefused) {
    EXPECT_FALSE(GridMap::create(0, 5).has_value());
    EXPECT_FALSE(GridMap::create(5, -1).has_value());
    EXPECT_FALSE(GridMap::create(GridMap::max_side + 1, 2).has_value());
    EXPECT_TRUE(mentions(GridMap::create(0, 5).error().message(), "0 x 5"));
}

TEST(GridBadInput, TilesOutsideTheMapAreRefusedAndReadAsBlocked) {
    auto map = GridMap::create(4, 3).value();
    EXPECT_TRUE(mentions(map.set_walkable({4, 0}, false).message(), "4,0 is outside"));
    EXPECT_FALSE(map.set_terrain_cost({-1, 0}, 2).ok());
    EXPECT_FALSE(map.is_walkable({0, 3}));
    const GridSpace space(map);
    const GridPath outside = space.find_path({0, 0}, {9, 9});
    EXPECT_EQ(outside.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(outside.message, "goal 9,9 is outside the map")) << outside.message;
}

TEST(GridBadInput, BlockedStartsAndGoalsAreInvalidInputNotNoPath) {
    auto map = GridMap::create(4, 3).value();
    ASSERT_TRUE(map.set_walkable({1, 1}, false));
    const GridSpace space(map);
    const GridPath blocked_start = space.find_path({1, 1}, {3, 2});
    EXPECT_EQ(blocked_start.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(blocked_start.message, "start 1,1 is blocked"));
    EXPECT_TRUE(mentions(space.find_path({0, 0}, {1, 1}).message, "goal 1,1 is blocked"));
}

TEST(GridBadInput, NanNegativeAndInfiniteTerrainCostsAreRefused) {
    auto map = GridMap::create(4, 3).value();
    for (const float bad :
         {-1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        const Status status = map.set_terrain_cost({1, 1}, bad);
        EXPECT_FALSE(status.ok());
        EXPECT_TRUE(mentions(status.message(), "1,1")) << status.message();
    }
    EXPECT_FALSE(map.has_terrain_costs());
}

TEST(GridBadInput, BadMovementRulesMakeEveryQueryInvalid) {
    const auto map = GridMap::create(4, 3).value();
    MovementRules rules;
    rules.diagonal_cost = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(mentions(GridSpace(map, rules).find_path({0, 0}, {3, 2}).message, "diagonal cost"));
    rules = {};
    rules.straight_cost = 0;
    EXPECT_EQ(GridSpace(map, rules).find_path({0, 0}, {3, 2}).status, SearchStatus::InvalidInput);
    rules = {};
    rules.agent_size = 0;
    EXPECT_TRUE(mentions(GridSpace(map, rules).find_path({0, 0}, {3, 2}).message, "agent size"));
}

TEST(GridBadInput, RaisingTheCheapestTerrainBackRestoresTheHeuristicScale) {
    auto map = GridMap::create(4, 3).value();
    ASSERT_TRUE(map.set_terrain_cost({2, 2}, 0.25f));
    EXPECT_EQ(map.min_terrain_cost(), 0.25f);
    ASSERT_TRUE(map.set_terrain_cost({2, 2}, 2));
    EXPECT_EQ(map.min_terrain_cost(), 1);
}

}  // namespace
}  // namespace pathkit
