// Flow fields against a plain Dijkstra written here: exact fixed-point costs under every diagonal
// rule, terrain and unit size, directions that lead to the goal at that cost, lazy answers equal
// to the whole field, fields after edits equal to fields made again, and the same bytes always.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "pathkit/grid/flow_field.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

constexpr FlowCost unreachable = flow_unreachable;

/// One step's fixed-point cost, from the definition: round(base x terrain x 1024).
FlowCost step_units(const MovementRules& rules, bool diagonal, float terrain) {
    const double base = diagonal ? rules.diagonal_cost : rules.straight_cost;
    return static_cast<FlowCost>(std::llround(base * static_cast<double>(terrain) * 1024.0));
}

/// True when the unit may step from `from` onto the neighbour `to`, from the rules' definitions.
bool can_step(const GridMap& map, const MovementRules& rules, Cell from, Cell to) {
    const auto fits = [&](Cell cell) {
        return map.contains(cell) && testing::unit_fits(map, rules, cell);
    };
    if (!fits(from) || !fits(to)) return false;
    const int dx = to.x - from.x, dy = to.y - from.y;
    if (dx == 0 || dy == 0) return true;
    const bool side_a = fits({from.x + dx, from.y}), side_b = fits({from.x, from.y + dy});
    switch (rules.diagonal) {
        case DiagonalPolicy::Never:
            return false;
        case DiagonalPolicy::Always:
            return true;
        case DiagonalPolicy::AtLeastOneWalkable:
            return side_a || side_b;
        case DiagonalPolicy::NoCornerCutting:
            return side_a && side_b;
    }
    return false;
}

/// Every tile's cheapest fixed-point cost to the nearest goal, row by row: a plain Dijkstra
/// over the tiles, walking every move backwards.
std::vector<FlowCost> reference_costs(const GridMap& map, const MovementRules& rules,
                                      const std::vector<Cell>& goals) {
    const int width = map.width();
    std::vector<FlowCost> cost(static_cast<std::size_t>(width) * map.height(), unreachable);
    const auto at = [&](Cell cell) -> FlowCost& { return cost[cell.y * width + cell.x]; };
    using Entry = std::pair<FlowCost, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    for (const Cell goal : goals)
        if (testing::unit_fits(map, rules, goal)) {
            at(goal) = 0;
            queue.push({0, goal.y * width + goal.x});
        }
    while (!queue.empty()) {
        const auto [here_cost, here_index] = queue.top();
        queue.pop();
        const Cell here{here_index % width, here_index / width};
        if (here_cost != at(here)) continue;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const Cell before{here.x + dx, here.y + dy};
                if ((dx == 0 && dy == 0) || !can_step(map, rules, before, here)) continue;
                const FlowCost offer =
                    here_cost + step_units(rules, dx != 0 && dy != 0, map.terrain_cost(here));
                if (offer < at(before)) {
                    at(before) = offer;
                    queue.push({offer, before.y * width + before.x});
                }
            }
    }
    return cost;
}

struct RandomCase {
    GridMap map;
    MovementRules rules;
    std::vector<Cell> goals;
};

/// A random map (a quarter walls; with terrain, multipliers 0 to 3, zero-cost roads making
/// long ties), rules and a goal or a region of up to 4 tiles.
RandomCase random_case(std::mt19937& random, int trial) {
    const DiagonalPolicy policies[] = {DiagonalPolicy::Never, DiagonalPolicy::Always,
                                       DiagonalPolicy::AtLeastOneWalkable,
                                       DiagonalPolicy::NoCornerCutting};
    RandomCase made{GridMap::create(17, 13).value(), testing::rules_with(policies[trial % 4]), {}};
    made.rules.agent_size = 1 + trial / 4 % 3;
    if (trial % 5 == 1) made.rules.diagonal_cost = 1.5f;
    const bool terrain = trial / 12 % 2 == 1;
    const float multipliers[] = {0, 0.5f, 1, 1.25f, 3};
    for (int y = 0; y < 13; ++y)
        for (int x = 0; x < 17; ++x) {
            if (random() % 4 == 0) (void)made.map.set_walkable({x, y}, false);
            if (terrain) (void)made.map.set_terrain_cost({x, y}, multipliers[random() % 5]);
        }
    const int goal_count = trial % 3 == 2 ? 1 + static_cast<int>(random() % 4) : 1;
    for (int goal = 0; goal < goal_count; ++goal) {
        const Cell tile{static_cast<int>(random() % 15), static_cast<int>(random() % 11)};
        for (int dy = 0; dy < made.rules.agent_size; ++dy)
            for (int dx = 0; dx < made.rules.agent_size; ++dx)
                (void)made.map.set_walkable({tile.x + dx, tile.y + dy}, true);
        made.goals.push_back(tile);
    }
    return made;
}

FlowField field_for(const GridSpace& space, const std::vector<Cell>& goals) {
    return goals.size() == 1 ? FlowField::create(space, goals[0]).value()
                             : FlowField::create(space, goals).value();
}

/// Follows directions from every tile: each step is a legal move, the cost falls by exactly
/// the step's, and a goal is reached; returns the number of failures (with messages).
int direction_failures(const GridMap& map, const MovementRules& rules, FlowField& field) {
    int failures = 0;
    const auto costs = field.costs();
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x) {
            Cell here{x, y};
            const FlowCost start = costs[y * map.width() + x];
            if (start == unreachable) {
                failures += field.direction(here) != FlowDirection::None;
                continue;
            }
            FlowCost walked = 0;
            for (int steps = 0; field.direction(here) != FlowDirection::Goal; ++steps) {
                const auto next = field.next_tile(here);
                if (!next || steps > map.width() * map.height() ||
                    !can_step(map, rules, here, *next)) {
                    ADD_FAILURE() << "the directions from " << to_string({x, y}) << " break at "
                                  << to_string(here);
                    ++failures;
                    break;
                }
                const bool diagonal = next->x != here.x && next->y != here.y;
                const FlowCost step = step_units(rules, diagonal, map.terrain_cost(*next));
                walked += step;
                if (field.cost(here) != field.cost(*next) + step) ++failures;
                here = *next;
            }
            failures += walked != start && field.direction(here) == FlowDirection::Goal;
        }
    return failures;
}

TEST(FlowFields, EveryTilesCostEqualsAPlainDijkstraUnderEveryRuleTerrainAndUnitSize) {
    std::mt19937 random(29);
    for (int trial = 0; trial < 72; ++trial) {
        RandomCase made = random_case(random, trial);
        const GridSpace space(made.map, made.rules);
        FlowField field = field_for(space, made.goals);
        field.finish();
        ASSERT_EQ(field.costs(), reference_costs(made.map, made.rules, made.goals))
            << "trial " << trial;
    }
}

TEST(FlowFields, CostsPastTheQueuesPackedRangeStillComeExactAndInOrder) {
    // Multipliers of tens of millions make steps of 2^34 units and more: paths pass 2^37 units,
    // where the search keeps its queue in a second heap.
    std::mt19937 random(47);
    int past_packed_range = 0;
    for (int trial = 0; trial < 12; ++trial) {
        RandomCase made = random_case(random, trial);
        const float multipliers[] = {1, 2e7f, 5e7f, 8e7f};  // steps below max_flow_step
        for (int y = 0; y < 13; ++y)
            for (int x = 0; x < 17; ++x)
                (void)made.map.set_terrain_cost({x, y}, multipliers[random() % 4]);
        const GridSpace space(made.map, made.rules);
        FlowField field = field_for(space, made.goals);
        field.finish();
        const auto costs = field.costs();
        ASSERT_EQ(costs, reference_costs(made.map, made.rules, made.goals)) << "trial " << trial;
        EXPECT_EQ(direction_failures(made.map, made.rules, field), 0) << "trial " << trial;
        for (const FlowCost cost : costs)
            past_packed_range += cost != unreachable && cost >= (FlowCost{1} << 37);
    }
    EXPECT_GT(past_packed_range, 200);
}

TEST(FlowFields, FollowingDirectionsFromAnyTileReachesTheGoalAtExactlyItsCost) {
    std::mt19937 random(31);
    for (int trial = 0; trial < 72; ++trial) {
        RandomCase made = random_case(random, trial);
        const GridSpace space(made.map, made.rules);
        FlowField field = field_for(space, made.goals);
        field.finish();
        EXPECT_EQ(direction_failures(made.map, made.rules, field), 0) << "trial " << trial;
    }
}

TEST(FlowFields, LazyAnswersInAnyOrderEqualTheWholeField) {
    std::mt19937 random(37);
    for (int trial = 0; trial < 36; ++trial) {
        RandomCase made = random_case(random, trial);
        const GridSpace space(made.map, made.rules);
        FlowField whole = field_for(space, made.goals);
        whole.finish();
        FlowField lazy = field_for(space, made.goals);
        for (int query = 0; query < 40; ++query) {
            const Cell tile{static_cast<int>(random() % 17), static_cast<int>(random() % 13)};
            ASSERT_EQ(lazy.direction(tile), whole.direction(tile)) << "trial " << trial;
            ASSERT_EQ(lazy.cost(tile), whole.cost(tile)) << "trial " << trial;
        }
        lazy.finish();
        EXPECT_EQ(lazy.costs(), whole.costs());
        EXPECT_EQ(lazy.directions(), whole.directions());
    }
}

TEST(FlowFields, AQueryNearTheGoalSettlesOnlyTheTilesCheaperThanIt) {
    GridMap map = GridMap::create(300, 300).value();
    const GridSpace space(map, testing::rules_with(DiagonalPolicy::NoCornerCutting));
    FlowField field = FlowField::create(space, Cell{150, 150}).value();
    EXPECT_EQ(field.cost({153, 150}), 3 * flow_cost_scale);
    EXPECT_LT(field.settled_tiles(), 100u);
    EXPECT_EQ(field.sector_count(), 1u);
    EXPECT_FALSE(field.finished());
    EXPECT_FALSE(field.known_cost({0, 0}).has_value());
    field.finish();
    EXPECT_EQ(field.settled_tiles(), 300u * 300u);
}

TEST(FlowFields, FieldsAfterRandomEditsEqualFieldsMadeAgain) {
    std::mt19937 random(41);
    int kept = 0, restarted = 0;
    for (int trial = 0; trial < 36; ++trial) {
        RandomCase made = random_case(random, trial);
        GridSpace space(made.map, made.rules);
        FlowField field = field_for(space, made.goals);
        for (int edit = 0; edit < 30; ++edit) {
            // Settle part of the field (or all of it), then change a tile or a few.
            if (edit % 3 == 0)
                field.finish();
            else
                (void)field.cost(
                    {static_cast<int>(random() % 17), static_cast<int>(random() % 13)});
            for (int change = 1 + static_cast<int>(random() % 3); change > 0; --change) {
                const Cell tile{static_cast<int>(random() % 17), static_cast<int>(random() % 13)};
                if (random() % 3 == 0)
                    (void)made.map.set_terrain_cost(tile, static_cast<float>(random() % 4));
                else
                    (void)made.map.set_walkable(tile, !made.map.is_walkable(tile));
            }
            space.refresh();
            (field.update() ? restarted : kept) += 1;
            field.finish();
            ASSERT_EQ(field.costs(), reference_costs(made.map, made.rules, made.goals));
            // Made again (refused once every goal tile is blocked: then nothing is reachable).
            auto again = FlowField::create(space, made.goals);
            if (!again.has_value()) {
                EXPECT_TRUE(field.goals().empty());
                continue;
            }
            again.value().finish();
            ASSERT_EQ(field.costs(), again.value().costs())
                << "trial " << trial << " edit " << edit;
            ASSERT_EQ(field.directions(), again.value().directions()) << "trial " << trial;
        }
    }
    EXPECT_GT(kept, 0);
    EXPECT_GT(restarted, 0);
}

TEST(FlowFields, AnEditTheWavefrontHasNotReachedKeepsTheSearchGoing) {
    GridMap map = GridMap::create(200, 200).value();
    const GridSpace space(map, testing::rules_with(DiagonalPolicy::NoCornerCutting));
    FlowField field = FlowField::create(space, Cell{10, 10}).value();
    (void)field.cost({12, 12});
    const std::size_t settled = field.settled_tiles();
    (void)map.set_walkable({150, 150}, false);
    EXPECT_FALSE(field.update());
    EXPECT_EQ(field.settled_tiles(), settled);
    (void)map.set_walkable({11, 11}, false);
    EXPECT_TRUE(field.update());
    EXPECT_EQ(field.cost({11, 11}), unreachable);
    EXPECT_EQ(field.cost({12, 12}), 4 * flow_cost_scale);
}

/// FNV-1a over the bytes of both fields.
std::uint64_t hash_of(const std::vector<FlowCost>& costs, const std::vector<FlowDirection>& steps) {
    std::uint64_t hash = 14695981039346656037ull;
    const auto mix = [&](std::uint64_t byte) { hash = (hash ^ byte) * 1099511628211ull; };
    for (const FlowCost cost : costs)
        for (int shift = 0; shift < 64; shift += 8)
            mix((cost >> shift) & 0xff);
    for (const FlowDirection step : steps)
        mix(static_cast<std::uint64_t>(step));
    return hash;
}

TEST(FlowFields, TwoRunsGiveTheSameBytesAndTheBytesPinnedHere) {
    const auto run = [] {
        // The map comes from mt19937's raw numbers, which the standard fixes everywhere.
        std::mt19937 random(43);
        GridMap map = GridMap::create(256, 256).value();
        for (int y = 0; y < 256; ++y)
            for (int x = 0; x < 256; ++x) {
                if (random() % 5 == 0) (void)map.set_walkable({x, y}, false);
                (void)map.set_terrain_cost({x, y}, 0.25f * static_cast<float>(1 + random() % 8));
            }
        (void)map.set_walkable({128, 128}, true);
        const GridSpace space(map, testing::rules_with(DiagonalPolicy::NoCornerCutting));
        FlowField field = FlowField::create(space, Cell{128, 128}).value();
        field.finish();
        return hash_of(field.costs(), field.directions());
    };
    const std::uint64_t first = run();
    EXPECT_EQ(run(), first);
    EXPECT_EQ(first, 0x335471a714f65eeull) << std::hex << first;
}

// Zero-cost tiles put many tiles at one cost, in the queue below the tile being settled: the
// ties must still be settled by padded index, as the search always has (the bytes pinned
// here come from the field before its queue became a radix heap).
TEST(FlowFields, ZeroCostRoadsKeepTheTieOrderAndTheBytesPinnedHere) {
    std::mt19937 random(61);
    GridMap map = GridMap::create(200, 150).value();
    const float multipliers[] = {0, 0, 0.5f, 1, 2};
    for (int y = 0; y < 150; ++y)
        for (int x = 0; x < 200; ++x) {
            if (random() % 6 == 0) (void)map.set_walkable({x, y}, false);
            (void)map.set_terrain_cost({x, y}, multipliers[random() % 5]);
        }
    const Cell goals[] = {{40, 30}, {41, 30}, {150, 120}};
    for (const Cell goal : goals)
        (void)map.set_walkable(goal, true);
    const GridSpace space(map, testing::rules_with(DiagonalPolicy::AtLeastOneWalkable));
    FlowField field = FlowField::create(space, goals).value();
    (void)field.direction({60, 45});  // lazily first, then the rest
    field.finish();
    ASSERT_EQ(field.costs(), reference_costs(map, space.rules(), {goals[0], goals[1], goals[2]}));
    EXPECT_EQ(hash_of(field.costs(), field.directions()), 0x56e4fea39f95d52bull)
        << std::hex << hash_of(field.costs(), field.directions());
}

TEST(FlowFields, DirectionsOfADrawnMapGoRoundTheWall) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "......",
        ".####.",
        "..G#..",
        "####..",
        "S#....",
    });
    // clang-format on
    const GridSpace space(drawn.map, testing::rules_with(DiagonalPolicy::NoCornerCutting));
    FlowField field = FlowField::create(space, drawn.find('G')).value();
    EXPECT_EQ(field.direction(drawn.find('G')), FlowDirection::Goal);
    EXPECT_EQ(field.direction(drawn.find('S')), FlowDirection::None);  // cut off by the wall
    EXPECT_EQ(field.direction({1, 2}), FlowDirection::East);
    EXPECT_EQ(field.direction({0, 1}), FlowDirection::South);
    EXPECT_EQ(field.direction({5, 4}), FlowDirection::North);
    EXPECT_EQ(field.cost({0, 0}), 4 * flow_cost_scale);  // no corner cut at (1, 1)
    EXPECT_EQ(field.cost({5, 1}), 10 * flow_cost_scale);
}

TEST(FlowFields, BadGoalsAreRefusedWithTheTileNamed) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "..#",
        "..#",
    });
    // clang-format on
    const GridSpace space(drawn.map);
    const auto on_wall = FlowField::create(space, Cell{2, 0});
    ASSERT_FALSE(on_wall.has_value());
    EXPECT_NE(on_wall.error().message().find("2,0"), std::string::npos)
        << on_wall.error().message();
    const auto outside = FlowField::create(space, Cell{5, 0});
    ASSERT_FALSE(outside.has_value());
    EXPECT_NE(outside.error().message().find("5,0"), std::string::npos)
        << outside.error().message();
    const std::vector<Cell> walls{{2, 0}, {2, 1}};
    const auto no_walkable = FlowField::create(space, walls);
    ASSERT_FALSE(no_walkable.has_value());
    EXPECT_NE(no_walkable.error().message().find("none of the 2"), std::string::npos);
    EXPECT_FALSE(FlowField::create(space, std::span<const Cell>{}).has_value());
    const std::vector<Cell> outside_region{{0, 0}, {9, 9}};
    EXPECT_FALSE(FlowField::create(space, outside_region).has_value());
    const std::vector<Cell> mixed{{0, 0}, {2, 0}};
    EXPECT_EQ(FlowField::create(space, mixed).value().goals().size(), 1u);
    MovementRules bad;
    bad.straight_cost = -1;
    EXPECT_FALSE(FlowField::create(GridSpace(drawn.map, bad), Cell{0, 0}).has_value());
}

TEST(FlowFields, TheCacheKeepsTheMostRecentlyUsedFieldsByGoal) {
    GridMap map = GridMap::create(20, 20).value();
    const GridSpace space(map);
    FlowFieldCache cache(space, 2);
    const auto a = cache.field(Cell{1, 1}).value();
    const auto b = cache.field(Cell{2, 2}).value();
    EXPECT_EQ(cache.field(Cell{1, 1}).value(), a);   // a is now the most recent
    const auto c = cache.field(Cell{3, 3}).value();  // b goes
    EXPECT_EQ(cache.size(), 2u);
    EXPECT_EQ(cache.field(Cell{1, 1}).value(), a);
    EXPECT_NE(cache.field(Cell{2, 2}).value(), b);
    EXPECT_EQ(cache.fields_made(), 4u);
    const std::vector<Cell> region{{4, 4}, {3, 3}, {4, 4}};
    const std::vector<Cell> same{{3, 3}, {4, 4}};
    EXPECT_EQ(cache.field(region).value(), cache.field(same).value());
    EXPECT_FALSE(cache.field(Cell{-1, 0}).has_value());
    (void)c;
}

}  // namespace
}  // namespace pathkit
