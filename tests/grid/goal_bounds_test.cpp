// GoalBounds: boxes equal to those brute force draws from every pair of tiles, jump point search
// pruned by them keeping A*'s costs under every policy, builds in slices equal to one build, and
// refusals for spaces and maps they do not fit.
#include "pathkit/grid/goal_bounds.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/random_grid.hpp"
#include "support/reference_grid.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::mentions;
using testing::random_walkable_cell;
using testing::reference_grid_costs;
using testing::rules_with;

constexpr int moves[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

GoalBounds build_bounds(const GridSpace& space, int threads = 1) {
    auto builder = GoalBoundsBuilder::start(space);
    EXPECT_TRUE(builder) << builder.error().message();
    builder.value().run(static_cast<std::size_t>(-1), threads);
    return std::move(builder.value()).take();
}

/// A random map of `smallest`..`largest` tiles a side, up to 40 % blocked, plus a wall or two
/// with a gap, its origin away from 0 (builds cost tiles², so differential maps stay small).
GridMap random_map_within(std::mt19937& random, int smallest, int largest) {
    std::uniform_int_distribution<int> side(smallest, largest);
    auto map = GridMap::create(side(random), side(random), {3, -2}).value();
    const float density = std::uniform_real_distribution<float>(0, 0.4f)(random);
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (std::uniform_real_distribution<float>(0, 1)(random) < density)
                (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
        }
    }
    for (int wall = std::uniform_int_distribution<int>(0, 2)(random); wall > 0; --wall) {
        const int x = std::uniform_int_distribution<int>(0, map.width() - 1)(random);
        const int gap = std::uniform_int_distribution<int>(0, map.height() - 1)(random);
        for (int y = 0; y < map.height(); ++y) {
            if (y != gap) (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
        }
    }
    return map;
}

/// Whether a unit may step from `from` by move (dx, dy) under the rules, written out from the
/// policies' definitions.
bool may_step(const GridMap& map, DiagonalPolicy policy, Cell from, int dx, int dy) {
    if (!map.is_walkable({from.x + dx, from.y + dy})) return false;
    if (dx == 0 || dy == 0) return true;
    const bool side_a = map.is_walkable({from.x + dx, from.y});
    const bool side_b = map.is_walkable({from.x, from.y + dy});
    switch (policy) {
        case DiagonalPolicy::Never:
            return false;
        case DiagonalPolicy::NoCornerCutting:
            return side_a && side_b;
        case DiagonalPolicy::AtLeastOneWalkable:
            return side_a || side_b;
        case DiagonalPolicy::Always:
            return true;
    }
    return false;
}

/// The cheapest cost from every tile of `map` (in rows) to every other, by the test's own
/// search (infinite where unreachable; empty rows for blocked tiles).
std::vector<std::vector<double>> all_costs(const GridMap& map, const MovementRules& rules) {
    const int w = map.width(), h = map.height();
    std::vector<std::vector<double>> costs(static_cast<std::size_t>(w * h));
    for (int i = 0; i < w * h; ++i) {
        const Cell cell{map.origin().x + i % w, map.origin().y + i / w};
        if (map.is_walkable(cell))
            costs[static_cast<std::size_t>(i)] = reference_grid_costs(map, rules, cell);
    }
    return costs;
}

/// The move jump point search's canonical order prefers among several first moves of
/// cheapest paths: diagonals first (SE, SW, NW, NE), then vertical moves (S, N), then E, W.
constexpr int canonical_preference[8] = {4, 5, 6, 7, 1, 3, 0, 2};

/// By brute force: the smallest box (map coordinates from 0) of the goals to which move `move`
/// out of tile `i` (in rows) is the canonical first move: it starts a cheapest path, and no
/// move preferred to it (`canonical_preference`) does.
TileBox exact_box(const GridMap& map, const MovementRules& rules,
                  const std::vector<std::vector<double>>& costs, int i, int move) {
    const int w = map.width(), h = map.height();
    const Cell from{map.origin().x + i % w, map.origin().y + i / w};
    TileBox expected;
    const auto starts_cheapest = [&](int first, int goal) {
        const auto& [dx, dy] = moves[first];
        if (!may_step(map, rules.diagonal, from, dx, dy)) return false;
        const int next = i + dy * w + dx;
        const double step = first < 4 ? rules.straight_cost : rules.diagonal_cost;
        return step + costs[static_cast<std::size_t>(next)][goal] <=
               costs[static_cast<std::size_t>(i)][goal] + 1e-6;
    };
    if (!map.is_walkable(from)) return expected;
    for (int goal = 0; goal < w * h; ++goal) {
        if (goal == i || std::isinf(costs[static_cast<std::size_t>(i)][goal])) continue;
        int canonical = -1;
        for (const int first : canonical_preference) {
            if (starts_cheapest(first, goal)) {
                canonical = first;
                break;
            }
        }
        if (canonical != move) continue;
        const auto x = static_cast<std::uint16_t>(goal % w);
        const auto y = static_cast<std::uint16_t>(goal / w);
        if (expected.empty()) expected = {x, x, y, y};
        expected.min_x = std::min(expected.min_x, x);
        expected.max_x = std::max(expected.max_x, x);
        expected.min_y = std::min(expected.min_y, y);
        expected.max_y = std::max(expected.max_y, y);
    }
    return expected;
}

TEST(GoalBounds, BoxEachMoveAroundTheGoalsItIsTheCanonicalFirstMoveOfACheapestPathTo) {
    std::mt19937 random(2718);
    int boxes_checked = 0;
    for (int round = 0; round < 60; ++round) {
        const GridMap map = random_map_within(random, 2, 12);
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round % 3 == 1) rules = rules_with(rules.diagonal, 10, 14);
        const GridSpace space(map, rules);
        const GoalBounds bounds = build_bounds(space, 1 + round % 2);
        const int w = map.width(), h = map.height();
        // Brute force: the cheapest cost between every pair of tiles, by the test's own search.
        const auto costs = all_costs(map, rules);
        for (int i = 0; i < w * h; ++i) {
            for (int move = 0; move < 8; ++move) {
                const TileBox expected = exact_box(map, rules, costs, i, move);
                const TileBox built = bounds.box(i % w, i / w, move);
                ASSERT_EQ(built.empty(), expected.empty())
                    << "round " << round << " tile " << i << " move " << move;
                if (!expected.empty()) {
                    ASSERT_EQ(built, expected) << "round " << round << " tile " << i << " move "
                                               << move << " under " << to_string(rules.diagonal);
                    ++boxes_checked;
                }
            }
        }
    }
    EXPECT_GT(boxes_checked, 3000);
}

TEST(GoalBounds, OnMapsOver256TilesASideWidenEachBoxToWholeGrainsAndKeepEveryCost) {
    // Boxes keep one byte a side: past 256 tiles, in units of 2 tiles (4 past 512), each box
    // widened outwards to whole units. Checked against the exact boxes and against A*.
    std::mt19937 random(4242);
    SearchContext context;
    int widened = 0, found = 0;
    for (int round = 0; round < 4; ++round) {
        const bool tall = round % 2 == 1;
        const bool longest = round == 3;  // past 512 tiles: units of 4
        const int length = longest ? std::uniform_int_distribution<int>(513, 540)(random)
                                   : std::uniform_int_distribution<int>(257, 360)(random);
        const int across = longest ? 1 : std::uniform_int_distribution<int>(2, 3)(random);
        auto map = GridMap::create(tall ? across : length, tall ? length : across, {-5, 7}).value();
        for (int y = 0; y < map.height(); ++y) {
            for (int x = 0; x < map.width(); ++x) {
                if (std::uniform_real_distribution<float>(0, 1)(random) < 0.05f)
                    (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
            }
        }
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round == 2) rules = rules_with(rules.diagonal, 10, 14);
        const GridSpace space(map, rules);
        const GoalBounds bounds = build_bounds(space, 2);
        const int shift = length > 512 ? 2 : 1;
        ASSERT_EQ(bounds.grain_shift(), shift);
        const int w = map.width(), h = map.height();
        const auto costs = all_costs(map, rules);
        for (int i = 0; i < w * h; ++i) {
            for (int move = 0; move < 8; ++move) {
                const TileBox exact = exact_box(map, rules, costs, i, move);
                TileBox expected;
                if (!exact.empty()) {
                    const auto down = [shift](int v) { return (v >> shift) << shift; };
                    const auto up = [shift](int v, int side) {
                        return std::min(((v >> shift) << shift) + (1 << shift) - 1, side - 1);
                    };
                    expected = {static_cast<std::uint16_t>(down(exact.min_x)),
                                static_cast<std::uint16_t>(up(exact.max_x, w)),
                                static_cast<std::uint16_t>(down(exact.min_y)),
                                static_cast<std::uint16_t>(up(exact.max_y, h))};
                    widened += expected != exact;
                }
                ASSERT_EQ(bounds.box(i % w, i / w, move), expected)
                    << "round " << round << " tile " << i << " move " << move;
            }
        }
        const auto index = StaticGridIndex::build(space);
        ASSERT_TRUE(index);
        for (int query = 0; query < 150; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const GridPath plain = space.find_path(from, to, context);
            const GridPath bounded =
                index.value().find_path(from, to, bounds, context, {}, PathShape::Turns);
            ASSERT_EQ(bounded.status, plain.status) << "round " << round << ": " << bounded.message;
            if (!plain.found()) continue;
            ++found;
            ASSERT_NEAR(path_cost(space, expand_path(bounded.path)), plain.cost,
                        1e-4 * plain.cost + 1e-4)
                << "round " << round << " from " << to_string(from) << " to " << to_string(to);
        }
    }
    EXPECT_GT(widened, 500);
    EXPECT_GT(found, 150);
}

TEST(GoalBounds, PruneJumpPointSearchWithoutChangingAnyCostUnderEveryPolicy) {
    std::mt19937 random(16180);
    SearchContext context;
    int found = 0, unreachable = 0;
    std::size_t expanded_plain = 0, expanded_bounded = 0;
    for (int round = 0; round < 120; ++round) {
        const GridMap map = random_map_within(random, 1, 48);
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round % 5 == 1) rules = rules_with(rules.diagonal, 10, 14);
        const GridSpace space(map, rules);
        const GoalBounds bounds = build_bounds(space, 2);
        ASSERT_TRUE(bounds.check_fits(space)) << bounds.check_fits(space).message();
        const auto index = StaticGridIndex::build(space);
        ASSERT_TRUE(index);
        for (int query = 0; query < 40; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const PathShape shape = query % 2 == 0 ? PathShape::Tiles : PathShape::Turns;
            const GridPath plain = space.find_path(from, to, context);
            const GridPath jumps = index.value().find_path(from, to, context, {}, shape);
            const GridPath bounded = index.value().find_path(from, to, bounds, context, {}, shape);
            const std::string where = "round " + std::to_string(round) + " " +
                                      to_string(rules.diagonal) + " from " + to_string(from) +
                                      " to " + to_string(to);
            ASSERT_EQ(bounded.status, plain.status) << where << ": " << bounded.message;
            if (!plain.found()) {
                ++unreachable;
                continue;
            }
            ++found;
            ASSERT_EQ(bounded.stats.method, "jps+ with goal bounds");
            ASSERT_NEAR(bounded.cost, plain.cost, 1e-4 * plain.cost + 1e-4) << where;
            ASSERT_EQ(bounded.path.front(), from);
            ASSERT_EQ(bounded.path.back(), to);
            ASSERT_NEAR(path_cost(space, expand_path(bounded.path)), plain.cost,
                        1e-4 * plain.cost + 1e-4)
                << where;
            expanded_plain += jumps.stats.expanded;
            expanded_bounded += bounded.stats.expanded;
        }
    }
    EXPECT_GT(found, 2000);
    EXPECT_GT(unreachable, 20);
    // The point of it: fewer jump points expanded (on maps this small, about 1.7 times fewer;
    // the benchmark measures large ones).
    EXPECT_LT(expanded_bounded * 3, expanded_plain * 2);
}

TEST(GoalBounds, BuiltInSlicesOnAnyNumberOfThreadsEqualOneBuild) {
    std::mt19937 random(999);
    const GridMap map = random_map_within(random, 40, 40);
    const GridSpace space(map);
    const GoalBounds whole = build_bounds(space);
    auto builder = GoalBoundsBuilder::start(space);
    ASSERT_TRUE(builder);
    const std::size_t total = static_cast<std::size_t>(map.width()) * map.height();
    std::size_t done = builder.value().run(total / 3, 2);
    EXPECT_EQ(done, total / 3);
    // Saved half-way and resumed by a new builder, as `pathkit index` does.
    GoalBounds partial = std::move(builder.value()).take();
    EXPECT_FALSE(partial.complete());
    EXPECT_TRUE(mentions(partial.check_fits(space).message(), "not finished"));
    auto resumed = GoalBoundsBuilder::start(space, &partial);
    ASSERT_TRUE(resumed) << resumed.error().message();
    done += resumed.value().run(7, 1);
    done += resumed.value().run(total, 3);
    EXPECT_EQ(done, total);
    EXPECT_TRUE(resumed.value().bounds().complete());
    EXPECT_EQ(resumed.value().bounds().all_boxes(), whole.all_boxes());
}

TEST(GoalBounds, StopsBetweenTilesWhenCancelledWithOnlyWholeTilesCounted) {
    std::mt19937 random(4);
    const GridMap map = random_map_within(random, 30, 30);
    const GridSpace space(map);
    auto builder = GoalBoundsBuilder::start(space);
    ASSERT_TRUE(builder);
    const std::atomic<bool> cancel{true};
    EXPECT_EQ(builder.value().run(1000, 2, &cancel), 0U);
    EXPECT_EQ(builder.value().bounds().tiles_done(), 0U);
}

TEST(GoalBounds, AreRefusedForSpacesJumpPointSearchCannotRunOnAndForOtherMaps) {
    // clang-format off
    auto room = ascii_map({
        "S....",
        ".##..",
        "....G",
    });
    // clang-format on
    GridMap swamp = room.map;
    ASSERT_TRUE(swamp.set_terrain_cost({2, 0}, 3));
    EXPECT_FALSE(GoalBoundsBuilder::start(GridSpace(swamp)));
    MovementRules big;
    big.agent_size = 2;
    EXPECT_FALSE(GoalBoundsBuilder::start(GridSpace(room.map, big)));
    GridSpace linked(room.map);
    ASSERT_TRUE(linked.add_link(room.find('S'), room.find('G')));
    const auto with_links = GoalBoundsBuilder::start(linked);
    ASSERT_FALSE(with_links);
    EXPECT_TRUE(mentions(with_links.error().message(), "links"));

    const GridSpace space(room.map);
    const GoalBounds bounds = build_bounds(space);
    EXPECT_TRUE(bounds.check_fits(space));
    const GridSpace other_rules(room.map, rules_with(DiagonalPolicy::Always));
    EXPECT_TRUE(mentions(bounds.check_fits(other_rules).message(), "movement rules"));
    GridMap changed = room.map;
    ASSERT_TRUE(changed.set_walkable({1, 1}, true));
    const GridSpace changed_space(changed);
    EXPECT_TRUE(mentions(bounds.check_fits(changed_space).message(), "another map"));
    EXPECT_NE(walkable_fingerprint(changed), walkable_fingerprint(room.map));
    // A query with bounds made for another size is refused, not trusted.
    auto wider = ascii_map({"S.....", "......", ".....G"});
    const GridSpace wider_space(wider.map);
    const auto index = StaticGridIndex::build(wider_space);
    ASSERT_TRUE(index);
    SearchContext context;
    const GridPath refused =
        index.value().find_path(wider.find('S'), wider.find('G'), bounds, context);
    EXPECT_EQ(refused.status, SearchStatus::InvalidInput);
    EXPECT_EQ(bounds.memory_bytes(), 15U * 32U);
}

TEST(GoalBounds, KeepEachTilesEightBoxesInOneCacheLine) {
    // A search reads the eight boxes of a tile it expands at once: one line to fetch, not two.
    for (const int side : {3, 37, 300}) {
        GoalBounds bounds(side, side, MovementRules{}, 0);
        for (const int y : {0, side / 2, side - 1}) {
            for (const int x : {0, side / 3, side - 1}) {
                const auto first = reinterpret_cast<std::uintptr_t>(&bounds.grain_box(x, y, 0));
                const auto last = reinterpret_cast<std::uintptr_t>(&bounds.grain_box(x, y, 7));
                EXPECT_EQ(first / 64, (last + sizeof(GrainBox) - 1) / 64)
                    << side << " tiles a side, tile " << x << ", " << y;
            }
        }
    }
}

TEST(GoalBounds, GivenToASpaceServeItsJpsPlusQueriesUntilTheMapChanges) {
    // clang-format off
    auto room = ascii_map({
        "S....#....",
        ".##..#.##.",
        ".....#....",
        "....G.....",
    });
    // clang-format on
    GridSpace space(room.map);
    auto bounds = std::make_shared<const GoalBounds>(build_bounds(space));
    ASSERT_TRUE(space.use_goal_bounds(bounds));
    SearchOptions jps_plus;
    jps_plus.algorithm = SearchAlgorithm::JpsPlus;
    const GridPath bounded = space.find_path(room.find('S'), room.find('G'), jps_plus);
    ASSERT_TRUE(bounded.found());
    EXPECT_EQ(bounded.stats.method, "jps+ with goal bounds");
    const GridPath plain = space.find_path(room.find('S'), room.find('G'));
    EXPECT_NEAR(bounded.cost, plain.cost, 1e-4);
    // Other rules' bounds are refused and the space keeps its own.
    const GridSpace always(room.map, rules_with(DiagonalPolicy::Always));
    EXPECT_FALSE(space.use_goal_bounds(std::make_shared<const GoalBounds>(build_bounds(always))));
    EXPECT_EQ(space.goal_bounds(), bounds.get());
    // A tile changes: the bounds no longer fit, and jps+ runs without them.
    ASSERT_TRUE(room.map.set_walkable({5, 3}, false));
    EXPECT_EQ(space.goal_bounds(), nullptr);
    const GridPath after = space.find_path(room.find('S'), room.find('G'), jps_plus);
    ASSERT_TRUE(after.found());
    EXPECT_EQ(after.stats.method, "jps+");
    EXPECT_NEAR(after.cost, space.find_path(room.find('S'), room.find('G')).cost, 1e-4);
}

}  // namespace
}  // namespace pathkit
