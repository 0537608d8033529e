// Distance fields repaired after tile edits: bit for bit what the engine computes again, under
// every diagonal rule, unit size and terrain (zero-cost tiles included), writing only what the
// edits reach.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "pathkit/grid/distance_field.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"

namespace pathkit {
namespace {

/// Every padded tile's cost from `source` over `space`, by the engine's Dijkstra.
template <class Space>
std::vector<float> computed_field(const Space& space, std::uint32_t source) {
    std::vector<float> field(space.state_count());
    SearchContext context;
    compute_distance_field(space, source, SearchAlgorithm::Dijkstra, context,
                           std::span<float>(field));
    return field;
}

/// The map's changes since `revision`, which the test keeps few enough to be remembered.
std::vector<std::uint32_t> tiles_near(const GridMap& map, const MovementRules& rules,
                                      std::uint64_t revision) {
    return tiles_near_changes(map, rules.agent_size, *map.changes_since(revision));
}

/// A field drawn: '#' blocked, '.' unreached, a digit the cost, '+' 10 or more.
std::vector<std::string> drawn_costs(const GridMap& map, const std::vector<float>& field) {
    std::vector<std::string> rows;
    for (int y = 0; y < map.height(); ++y) {
        rows.emplace_back();
        for (int x = 0; x < map.width(); ++x) {
            const float cost = field[map.index({x, y})];
            rows.back() += !map.is_walkable({x, y})  ? '#'
                           : !(cost < infinite_cost) ? '.'
                           : cost < 10               ? static_cast<char>('0' + cost)
                                                     : '+';
        }
    }
    return rows;
}

TEST(DistanceFields, RepairedFieldsEqualTheEnginesBitForBitAfterEveryRandomEdit) {
    std::mt19937 random(27);
    const DiagonalPolicy policies[] = {DiagonalPolicy::Never, DiagonalPolicy::Always,
                                       DiagonalPolicy::AtLeastOneWalkable,
                                       DiagonalPolicy::NoCornerCutting};
    int repairs = 0, untouched = 0;
    for (int trial = 0; trial < 24; ++trial) {
        MovementRules rules = testing::rules_with(policies[trial % 4]);
        rules.agent_size = 1 + trial / 4 % 3;
        const bool terrain = trial >= 12;
        GridMap map = GridMap::create(14, 11).value();
        std::bernoulli_distribution wall(0.25), coin(0.5);
        std::uniform_int_distribution<int> x_of(0, 13), y_of(0, 10);
        // Terrain: zero-cost roads make ties of equal cost along whole stretches.
        const float multipliers[] = {0, 0.5f, 1, 1.25f, 3};
        std::uniform_int_distribution<int> multiplier_of(0, 4);
        for (int y = 0; y < 11; ++y)
            for (int x = 0; x < 14; ++x) {
                if (wall(random)) (void)map.set_walkable({x, y}, false);
                if (terrain) (void)map.set_terrain_cost({x, y}, multipliers[multiplier_of(random)]);
            }
        const Cell source{x_of(random), y_of(random)};
        (void)map.set_walkable(source, true);
        std::vector<float> forward_field, backward_field;
        {
            const GridSpace space(map, rules);
            forward_field = computed_field(space, map.index(source));
            backward_field = computed_field(ReverseGridSpace(space), map.index(source));
        }
        DistanceFieldRepair repairer;
        for (int edit = 0; edit < 200; ++edit) {
            const std::uint64_t revision = map.revision();
            for (int tile = std::uniform_int_distribution<int>(1, 3)(random); tile > 0; --tile) {
                const Cell cell{x_of(random), y_of(random)};
                if (terrain && coin(random))
                    (void)map.set_terrain_cost(cell, multipliers[multiplier_of(random)]);
                else
                    (void)map.set_walkable(cell, !map.is_walkable(cell));
            }
            const GridSpace space(map, rules);
            const ReverseGridSpace reverse(space);
            const std::vector<std::uint32_t> near = tiles_near(map, rules, revision);
            const std::size_t written = repairer.repair(space, reverse, map.index(source), near,
                                                        std::span<float>(forward_field));
            repairer.repair(reverse, space, map.index(source), near,
                            std::span<float>(backward_field));
            ASSERT_EQ(forward_field, computed_field(space, map.index(source)))
                << "trial " << trial << ", edit " << edit << ": costs from the source";
            ASSERT_EQ(backward_field, computed_field(reverse, map.index(source)))
                << "trial " << trial << ", edit " << edit << ": costs to the source";
            ++repairs;
            untouched += written == 0;
        }
    }
    EXPECT_GT(untouched, 0) << "some edits fell where no cost could change";
    EXPECT_LT(untouched, repairs) << "and most did not";
}

/// A drawn map and the costs from its tile 's' under `rules`, repaired after edits.
struct DrawnField {
    DrawnField(std::vector<std::string> rows, DiagonalPolicy diagonal)
        : drawn(testing::ascii_map(std::move(rows))),
          rules{.diagonal = diagonal},
          source(drawn.map.index(drawn.find('s'))),
          field(computed()) {}

    /// What the engine computes from the map as it is.
    [[nodiscard]] std::vector<float> computed() const {
        return computed_field(GridSpace(drawn.map, rules), source);
    }
    /// Repairs the field after `edit` changes the map; returns the costs written.
    template <class Edit>
    std::size_t repair_after(Edit edit) {
        const std::uint64_t revision = drawn.map.revision();
        edit(drawn.map);
        const GridSpace space(drawn.map, rules);
        DistanceFieldRepair repairer;
        return repairer.repair(space, ReverseGridSpace(space), source,
                               tiles_near(drawn.map, rules, revision), std::span<float>(field));
    }
    [[nodiscard]] float at(Cell cell) const { return field[drawn.map.index(cell)]; }

    testing::AsciiMap drawn;
    MovementRules rules;
    std::uint32_t source;
    std::vector<float> field;
};

TEST(DistanceFields, ABlockedTileInAnOpenRoomLosesOnlyItselfAndTheLineBehindIt) {
    // clang-format off
    DrawnField costs({
        ".......",
        ".......",
        "s..x...",
        ".......",
    }, DiagonalPolicy::Never);
    // clang-format on
    const Cell wall = costs.drawn.find('x');
    const std::size_t written =
        costs.repair_after([&](GridMap& map) { (void)map.set_walkable(wall, false); });
    // clang-format off
    EXPECT_EQ(drawn_costs(costs.drawn.map, costs.field), (std::vector<std::string>{
        "2345678",
        "1234567",  // unchanged: the rows beside the line are offered their costs as before
        "012#678",  // behind the wall only the straight line had one way in: two more each
        "1234567",
    }));
    // clang-format on
    EXPECT_EQ(written, 4u) << "the wall tile and the three behind it";
    EXPECT_EQ(costs.field, costs.computed());
}

TEST(DistanceFields, AnEditInsideAClosedRoomLeavesTheFieldUntouched) {
    // clang-format off
    DrawnField costs({
        "s....#...",
        ".....#.x.",
        ".....#...",
    }, DiagonalPolicy::NoCornerCutting);
    // clang-format on
    const std::vector<float> before = costs.field;
    const Cell inside = costs.drawn.find('x');
    EXPECT_EQ(costs.repair_after([&](GridMap& map) {
        (void)map.set_walkable(inside, false);
        (void)map.set_terrain_cost({6, 0}, 5);
    }),
              0u);
    EXPECT_EQ(costs.field, before);
}

TEST(DistanceFields, OpeningAGateLowersTheCostsBeyondIt) {
    // clang-format off
    DrawnField costs({
        "s..#...",
        "...#...",
        "...#...",
        "...#...",
        ".......",
    }, DiagonalPolicy::Never);
    // clang-format on
    EXPECT_EQ(costs.at({4, 0}), 12) << "round the wall's end";
    costs.repair_after([](GridMap& map) { (void)map.set_walkable({3, 1}, true); });
    // clang-format off
    EXPECT_EQ(drawn_costs(costs.drawn.map, costs.field), (std::vector<std::string>{
        "012#678",
        "1234567",
        "234#678",
        "345#789",
        "456789+",
    }));
    // clang-format on
    EXPECT_EQ(costs.field, costs.computed());
}

TEST(DistanceFields, ZeroCostRoadsLoseTheirCostTogetherAndGetItBackWhereItHolds) {
    // clang-format off
    DrawnField costs({
        "s=====.",
        ".#####.",
        ".......",
    }, DiagonalPolicy::Never);
    // clang-format on
    for (int x = 1; x <= 5; ++x)
        ASSERT_TRUE(costs.drawn.map.set_terrain_cost({x, 0}, 0).ok());  // a road: free to walk
    costs.field = costs.computed();
    EXPECT_EQ(costs.at({6, 0}), 1) << "along the road, then one step off it";
    costs.repair_after([](GridMap& map) { (void)map.set_walkable({1, 0}, false); });
    EXPECT_EQ(costs.field, costs.computed()) << "the road tiles offered each other 0";
    EXPECT_EQ(costs.at({6, 0}), 10) << "round the long way";
    EXPECT_EQ(costs.at({2, 0}), 10) << "and back along the road for nothing";
}

TEST(DistanceFields, TilesNearAChangeAreTheSquareAUnitOfThatSizeCouldTouch) {
    const GridMap map = GridMap::create(10, 10).value();
    const std::uint32_t middle = map.index({5, 5});
    EXPECT_EQ(tiles_near_changes(map, 1, std::vector{middle}).size(), 9u) << "3 x 3";
    EXPECT_EQ(tiles_near_changes(map, 3, std::vector{middle}).size(), 25u)
        << "from 3 left and above to 1 right and below";
    EXPECT_EQ(tiles_near_changes(map, 1, std::vector{middle, middle}).size(), 9u) << "each once";
    const std::uint32_t corner = map.index({-1, -1});  // the padded border's corner
    EXPECT_EQ(tiles_near_changes(map, 1, std::vector{corner}).size(), 4u) << "kept inside";
}

TEST(DistanceFields, AFieldFromABlockedTileIsInfiniteEverywhere) {
    GridMap map = GridMap::create(4, 3).value();
    ASSERT_TRUE(map.set_walkable({1, 1}, false).ok());
    const GridSpace space(map, {});
    for (const float cost : computed_field(space, map.index({1, 1})))
        EXPECT_EQ(cost, infinite_cost);
}

}  // namespace
}  // namespace pathkit
