// Hierarchical search: the optimal mode against the tests' own Bellman-Ford on random maps (every
// diagonal rule, terrain, units of two tiles), the fast mode always a valid path (its excess
// reported), legs that join up, repaired hierarchies equal to rebuilt ones, and clear refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <variant>

#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/search/search_space.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_walk.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

/// Empty when `path` is a walk of moves of `space` from `from` to `to` costing `cost`, else why
/// not.
std::string walk_problem(const GridSpace& space, const std::vector<Cell>& path, Cell from, Cell to,
                         Cost cost) {
    if (path.empty()) return "empty path";
    if (path.front() != from) return "starts at " + to_string(path.front());
    if (path.back() != to) return "ends at " + to_string(path.back());
    const auto walked = testing::walked_cost(space, path);
    if (const auto* problem = std::get_if<std::string>(&walked)) return *problem;
    const double total = std::get<double>(walked);
    if (std::abs(total - cost) > 1e-3 * (1 + total)) return "cost does not match the walk";
    return "";
}

/// Checks a fast path against the cheapest cost `best` (+infinity where there is no path):
/// then NoPath, else a walk of the space's moves from `from` to `to` costing at least `best`.
/// Its excess over `best` (0 without a path or with `best` 0).
double fast_path_excess(const GridSpace& space, const GridPath& fast, Cell from, Cell to,
                        double best, const std::string& where) {
    if (std::isinf(best)) {
        EXPECT_EQ(fast.status, SearchStatus::NoPath) << where;
        return 0;
    }
    EXPECT_TRUE(fast.found()) << where << ": " << fast.message;
    if (!fast.found()) return 0;
    EXPECT_EQ(walk_problem(space, fast.path, from, to, fast.cost), "") << where;
    EXPECT_GE(fast.cost, best - 1e-3 * (1 + best)) << where;
    return best > 0 ? fast.cost / best - 1 : 0;
}

GridMap random_map(std::mt19937& random, int width, int height, double walls, bool terrain) {
    GridMap map = GridMap::create(width, height).value();
    std::bernoulli_distribution wall(walls), swamp(0.15);
    std::uniform_real_distribution<float> cost(0.5f, 4);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            if (wall(random)) (void)map.set_walkable({x, y}, false);
            if (terrain && swamp(random)) (void)map.set_terrain_cost({x, y}, cost(random));
        }
    }
    return map;
}

struct Case {
    DiagonalPolicy diagonal;
    bool terrain;
    int agent_size;
};

TEST(Hierarchy, OptimalModeEqualsThePlainReferenceSearchAndFastModeIsAlwaysAValidPath) {
    std::mt19937 random(29);
    double excess_sum = 0;
    int found = 0, fast_optimal = 0;
    const Case cases[] = {
        {DiagonalPolicy::NoCornerCutting, false, 1}, {DiagonalPolicy::Never, false, 1},
        {DiagonalPolicy::Always, true, 1},           {DiagonalPolicy::AtLeastOneWalkable, true, 1},
        {DiagonalPolicy::NoCornerCutting, true, 2},  {DiagonalPolicy::Always, false, 2},
    };
    for (const Case& c : cases) {
        for (int trial = 0; trial < 3; ++trial) {
            const GridMap map = random_map(random, 37, 29, 0.2 + 0.05 * trial, c.terrain);
            MovementRules rules;
            rules.diagonal = c.diagonal;
            rules.agent_size = c.agent_size;
            const GridSpace space(map, rules);
            // Every other map plans short queries by plain jump point search first; the last
            // cuts its gates into runs of at most 3 tiles.
            const GridHierarchy hierarchy =
                GridHierarchy::build(space, {.cluster_side = 8,
                                             .gate_tiles = trial == 2 ? 3 : 0,
                                             .fast_plain_jump_points = trial == 1 ? 256u : 0u})
                    .value();
            HierarchyContext context;
            std::uniform_int_distribution<int> x_of(0, 36), y_of(0, 28);
            for (int start_trial = 0; start_trial < 5; ++start_trial) {
                const Cell from{x_of(random), y_of(random)};
                if (!testing::unit_fits(map, rules, from)) continue;
                const std::vector<double> truth = testing::reference_grid_costs(map, rules, from);
                for (int goal_trial = 0; goal_trial < 12; ++goal_trial) {
                    const Cell to{x_of(random), y_of(random)};
                    if (!testing::unit_fits(map, rules, to)) continue;
                    const double best = truth[static_cast<std::size_t>(to.y * 37 + to.x)];
                    const GridPath optimal =
                        hierarchy.find_path(from, to, context, HierarchyMode::Optimal);
                    const GridPath fast = hierarchy.find_path(from, to, context);
                    const std::string where = to_string(from) + " -> " + to_string(to) + " rule " +
                                              to_string(c.diagonal) + " size " +
                                              std::to_string(c.agent_size);
                    if (std::isinf(best)) {
                        EXPECT_EQ(optimal.status, SearchStatus::NoPath) << where;
                        EXPECT_EQ(fast.status, SearchStatus::NoPath) << where;
                        continue;
                    }
                    ASSERT_TRUE(optimal.found()) << where << ": " << optimal.message;
                    EXPECT_NEAR(optimal.cost, best, 1e-3 * (1 + best)) << where;
                    EXPECT_EQ(walk_problem(space, optimal.path, from, to, optimal.cost), "")
                        << where;
                    ASSERT_TRUE(fast.found()) << where << ": " << fast.message;
                    EXPECT_EQ(walk_problem(space, fast.path, from, to, fast.cost), "") << where;
                    EXPECT_GE(fast.cost, best - 1e-3 * (1 + best)) << where;
                    ++found;
                    if (best > 0) excess_sum += fast.cost / best - 1;
                    fast_optimal += fast.cost <= best + 1e-3 * (1 + best);
                }
            }
        }
    }
    ASSERT_GT(found, 100);
    std::printf("fast mode: %d paths, %d optimal, mean excess %.2f %%\n", found, fast_optimal,
                100 * excess_sum / found);
}

/// A maze-like map: walls every few rows and columns with random doors, and random clutter, so
/// that the abstract distances are far above the straight-line estimate.
GridMap rooms_map(std::mt19937& random, int width, int height, bool terrain) {
    GridMap map = random_map(random, width, height, 0.08, terrain);
    std::bernoulli_distribution door(0.12);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if ((x % 6 == 5 || y % 5 == 4) && !door(random)) (void)map.set_walkable({x, y}, false);
    return map;
}

TEST(Hierarchy, TheOptimalModeJumpsWhereJumpPointSearchRunsAndEqualsTheReferenceOnEveryRule) {
    std::mt19937 random(291);
    constexpr int width = 61, height = 47;
    int compared = 0, guided = 0, plain_by_index = 0, plain_by_lines = 0;
    for (const DiagonalPolicy diagonal :
         {DiagonalPolicy::Never, DiagonalPolicy::Always, DiagonalPolicy::AtLeastOneWalkable,
          DiagonalPolicy::NoCornerCutting}) {
        for (const bool terrain : {false, true}) {
            for (int trial = 0; trial < 4; ++trial) {
                const GridMap map = trial % 2 == 0
                                        ? rooms_map(random, width, height, terrain)
                                        : random_map(random, width, height, 0.3, terrain);
                MovementRules rules;
                rules.diagonal = diagonal;
                if (trial % 4 == 3) rules.diagonal_cost = 1.5f;
                const GridSpace space(map, rules);
                // Every other map without the plain search first, so the guided one runs;
                // the plain search on the JPS+ index on one map, on the map's bit lines on the
                // other.
                const GridHierarchy hierarchy =
                    GridHierarchy::build(space, {.cluster_side = 8,
                                                 .plain_jump_points = trial % 2 == 0 ? 0u : 64u,
                                                 .plain_by_jump_point_index = trial == 1})
                        .value();
                HierarchyContext context;
                std::uniform_int_distribution<int> x_of(0, width - 1), y_of(0, height - 1);
                for (int start_trial = 0; start_trial < 5; ++start_trial) {
                    const Cell from{x_of(random), y_of(random)};
                    if (!map.is_walkable(from)) continue;
                    const std::vector<double> truth =
                        testing::reference_grid_costs(map, rules, from);
                    for (int goal_trial = 0; goal_trial < 15; ++goal_trial) {
                        const Cell to{x_of(random), y_of(random)};
                        if (!map.is_walkable(to)) continue;
                        const double best = truth[static_cast<std::size_t>(to.y * width + to.x)];
                        const GridPath optimal =
                            hierarchy.find_path(from, to, context, HierarchyMode::Optimal);
                        const std::string where = to_string(from) + " -> " + to_string(to) +
                                                  " rule " + to_string(diagonal) +
                                                  (terrain ? " terrain" : "") + " trial " +
                                                  std::to_string(trial);
                        if (std::isinf(best)) {
                            EXPECT_EQ(optimal.status, SearchStatus::NoPath) << where;
                            continue;
                        }
                        ASSERT_TRUE(optimal.found()) << where << ": " << optimal.message;
                        const std::string method(optimal.stats.method);
                        if (terrain)
                            EXPECT_EQ(method, "hierarchical-astar") << where;
                        else
                            EXPECT_TRUE(method == "hierarchical-jps" ||
                                        method == (trial == 1 ? "jps+" : "jps"))
                                << where << ": " << method;
                        guided += method == "hierarchical-jps";
                        plain_by_index += method == "jps+";
                        plain_by_lines += method == "jps";
                        EXPECT_NEAR(optimal.cost, best, 1e-3 * (1 + best)) << where;
                        EXPECT_EQ(walk_problem(space, optimal.path, from, to, optimal.cost), "")
                            << where;
                        ++compared;
                    }
                }
            }
        }
    }
    EXPECT_GT(compared, 500);
    EXPECT_GT(guided, 100);
    EXPECT_GT(plain_by_index, 20);
    EXPECT_GT(plain_by_lines, 20);
}

TEST(Hierarchy, LegsStartWhereThePreviousEndedAndJoinIntoTheWholePath) {
    std::mt19937 random(7);
    constexpr int width = 96, height = 64;
    const GridMap map = random_map(random, width, height, 0.2, false);
    const GridSpace space(map, {});
    const GridHierarchy hierarchy =
        GridHierarchy::build(space, {.cluster_side = 8, .fast_plain_jump_points = 0}).value();
    HierarchyContext context;
    int long_plans = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const Cell from{static_cast<int>(random() % width), static_cast<int>(random() % height)};
        const Cell to{static_cast<int>(random() % width), static_cast<int>(random() % height)};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        HierarchicalPath plan = hierarchy.plan(from, to, context);
        if (plan.status() == SearchStatus::NoPath) continue;
        ASSERT_EQ(plan.status(), SearchStatus::Found) << plan.message();
        const GridPath whole = hierarchy.find_path(from, to, context);
        std::vector<Cell> joined{from};
        int legs = 0;
        while (!plan.finished()) {
            const std::vector<Cell> leg = plan.next_leg(context);
            ASSERT_FALSE(leg.empty());
            EXPECT_EQ(leg.front(), joined.back()) << "leg " << legs;
            joined.insert(joined.end(), leg.begin() + 1, leg.end());
            ++legs;
        }
        EXPECT_EQ(joined, whole.path);
        EXPECT_TRUE(plan.next_leg(context).empty()) << "no leg after the last";
        long_plans += legs > 2;
    }
    EXPECT_GT(long_plans, 5);
}

// With finer gates, `plan` searches the plan over them a stretch of the coarse plan at a time,
// the next one when the legs need it: on a map wide enough for several stretches the legs
// join into a walk from the start to the goal, never cheaper than the reference and close to
// it, and the same walk when other queries use the context between two legs.
TEST(Hierarchy, LegsOverFinerGatesPlannedInStretchesWalkToTheGoalCloseToTheOptimum) {
    std::mt19937 random(17);
    constexpr int width = 320, height = 40;
    const GridMap map = random_map(random, width, height, 0.2, false);
    const GridSpace space(map, {});
    const GridHierarchy hierarchy =
        GridHierarchy::build(space,
                             {.cluster_side = 8, .gate_tiles = 3, .fast_plain_jump_points = 0})
            .value();
    HierarchyContext context, shared;
    const auto walk_legs = [&](Cell from, Cell to, bool interleaved) {
        HierarchicalPath plan = hierarchy.plan(from, to, interleaved ? shared : context);
        std::vector<Cell> joined{from};
        while (!plan.finished()) {
            // Another query between two legs, in the same context.
            if (interleaved) (void)hierarchy.plan(to, from, shared);
            const std::vector<Cell> leg = plan.next_leg(interleaved ? shared : context);
            if (leg.empty() || leg.front() != joined.back()) return std::vector<Cell>{};
            joined.insert(joined.end(), leg.begin() + 1, leg.end());
        }
        return joined;
    };
    std::uniform_int_distribution<int> left(0, 15), right(width - 16, width - 1), y_of(0, 39);
    double excess_sum = 0;
    int compared = 0;
    for (int trial = 0; trial < 30; ++trial) {
        const Cell from{left(random), y_of(random)}, to{right(random), y_of(random)};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        const double best = testing::reference_grid_costs(
            map, {}, from)[static_cast<std::size_t>(to.y * width + to.x)];
        const std::string where = to_string(from) + " -> " + to_string(to);
        if (std::isinf(best)) {
            EXPECT_EQ(hierarchy.plan(from, to, context).status(), SearchStatus::NoPath) << where;
            continue;
        }
        const std::vector<Cell> joined = walk_legs(from, to, false);
        ASSERT_FALSE(joined.empty()) << where << ": a leg missing or apart from the last";
        EXPECT_EQ(walk_legs(from, to, true), joined) << where;
        const auto walked = testing::walked_cost(space, joined);
        ASSERT_TRUE(std::holds_alternative<double>(walked)) << where;
        ASSERT_EQ(joined.back(), to) << where;
        const double cost = std::get<double>(walked);
        EXPECT_GE(cost, best - 1e-3 * (1 + best)) << where;
        EXPECT_LE(cost / best - 1, 1.0 / 3) << where;
        excess_sum += cost / best - 1;
        ++compared;
    }
    ASSERT_GT(compared, 15);
    EXPECT_LE(excess_sum / compared, 0.05);
}

// Short queries skip the hierarchy: plain jump point search finishes them within the budget,
// and the plan is that one leg, the cheapest path; with a budget of one jump point the same
// queries are planned over the gates, in legs.
TEST(Hierarchy, AQueryPlainJumpPointSearchFinishesSoonIsPlannedAsOneCheapestLeg) {
    std::mt19937 random(13);
    constexpr int width = 64, height = 48;
    const GridMap map = random_map(random, width, height, 0.2, false);
    const GridSpace space(map, {});
    const GridHierarchy plain_first = GridHierarchy::build(space, {.cluster_side = 8}).value();
    const GridHierarchy gates_only =
        GridHierarchy::build(space, {.cluster_side = 8, .fast_plain_jump_points = 1}).value();
    HierarchyContext context;
    int one_leg = 0, in_legs = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const Cell from{static_cast<int>(random() % width), static_cast<int>(random() % height)};
        const Cell to{static_cast<int>(random() % width), static_cast<int>(random() % height)};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        const double best = testing::reference_grid_costs(
            map, {}, from)[static_cast<std::size_t>(to.y * width + to.x)];
        const std::string where = to_string(from) + " -> " + to_string(to);
        HierarchicalPath plan = plain_first.plan(from, to, context);
        if (std::isinf(best)) {
            EXPECT_EQ(plan.status(), SearchStatus::NoPath) << where;
            continue;
        }
        ASSERT_EQ(plan.status(), SearchStatus::Found) << where << ": " << plan.message();
        const std::vector<Cell> leg = plan.next_leg(context);
        ASSERT_TRUE(plan.finished()) << where << ": a short query is one leg";
        EXPECT_TRUE(plan.next_leg(context).empty()) << where;
        // A walk from the start to the goal at the reference's cost.
        EXPECT_EQ(walk_problem(space, leg, from, to, static_cast<Cost>(best)), "") << where;
        ++one_leg;
        HierarchicalPath over_gates = gates_only.plan(from, to, context);
        ASSERT_EQ(over_gates.status(), SearchStatus::Found) << where;
        int legs = 0;
        while (!over_gates.finished()) {
            ASSERT_FALSE(over_gates.next_leg(context).empty()) << where;
            ++legs;
        }
        in_legs += legs > 1;
    }
    EXPECT_GT(one_leg, 30);
    EXPECT_GT(in_legs, 10);
}

// The fast mode's legs by jump point search on maps big enough for many legs: every path a
// walk of the space's moves from the start to the goal, never cheaper than the reference's,
// on average within 5 % of it and each within a third above it, on every diagonal rule.
TEST(Hierarchy, FastPathsAreValidAndCloseToTheOptimumOnEveryDiagonalRule) {
    std::mt19937 random(41);
    constexpr int width = 120, height = 90;
    for (const DiagonalPolicy diagonal :
         {DiagonalPolicy::NoCornerCutting, DiagonalPolicy::Never, DiagonalPolicy::Always,
          DiagonalPolicy::AtLeastOneWalkable}) {
        double excess_sum = 0, excess_max = 0;
        int compared = 0;
        for (int trial = 0; trial < 4; ++trial) {
            const GridMap map = trial % 2 == 0 ? random_map(random, width, height, 0.25, false)
                                               : rooms_map(random, width, height, false);
            MovementRules rules;
            rules.diagonal = diagonal;
            const GridSpace space(map, rules);
            // The last two maps plan by a corridor over gates of at most 4 tiles.
            const GridHierarchy hierarchy =
                GridHierarchy::build(space, {.cluster_side = 8,
                                             .gate_tiles = trial >= 2 ? 4 : 0,
                                             .fast_plain_jump_points = 0})
                    .value();
            HierarchyContext context;
            std::uniform_int_distribution<int> x_of(0, width - 1), y_of(0, height - 1);
            for (int start_trial = 0; start_trial < 6; ++start_trial) {
                const Cell from{x_of(random), y_of(random)};
                if (!map.is_walkable(from)) continue;
                const std::vector<double> truth = testing::reference_grid_costs(map, rules, from);
                for (int goal_trial = 0; goal_trial < 15; ++goal_trial) {
                    const Cell to{x_of(random), y_of(random)};
                    if (!map.is_walkable(to)) continue;
                    const double best = truth[static_cast<std::size_t>(to.y * width + to.x)];
                    const GridPath fast = hierarchy.find_path(from, to, context);
                    const std::string where =
                        to_string(from) + " -> " + to_string(to) + " rule " + to_string(diagonal);
                    const double excess = fast_path_excess(space, fast, from, to, best, where);
                    if (std::isinf(best) || best <= 0) continue;
                    EXPECT_LE(excess, 1.0 / 3) << where;
                    excess_sum += excess;
                    excess_max = std::max(excess_max, excess);
                    ++compared;
                }
            }
        }
        ASSERT_GT(compared, 80) << to_string(diagonal);
        std::printf("fast mode, %s: %d paths, mean excess %.2f %%, largest %.2f %%\n",
                    std::string(to_string(diagonal)).c_str(), compared, 100 * excess_sum / compared,
                    100 * excess_max);
        EXPECT_LE(excess_sum / compared, 0.05) << to_string(diagonal);
    }
}

// On a map whose search records the caches cannot hold (over a million tiles), the legs' jump
// point searches run in windows around their ends (their records numbered within the window;
// the windowed search itself is checked in jump_window_test.cpp): the paths stay valid and
// near the optimum.
TEST(Hierarchy, FastPathsOnAMapTooBigForTheCachesAreValidAndCloseToTheOptimum) {
    std::mt19937 random(43);
    constexpr int side = 1024;
    const GridMap map = random_map(random, side, side, 0.25, false);
    const GridSpace space(map);
    ASSERT_GE(space.state_count(), scattered_min_states);  // where the legs take windows
    const GridHierarchy hierarchy =
        GridHierarchy::build(space, {.cluster_side = 16, .fast_plain_jump_points = 0}).value();
    HierarchyContext context;
    std::uniform_int_distribution<int> coordinate(0, side - 1);
    double excess_sum = 0;
    int compared = 0;
    while (compared < 8) {
        const Cell from{coordinate(random), coordinate(random)};
        const Cell to{coordinate(random), coordinate(random)};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        // The space's own A* over the tiles (the grid tests check it against the reference).
        const GridPath optimal = space.find_path(from, to);
        const double best =
            optimal.found() ? optimal.cost : std::numeric_limits<double>::infinity();
        const GridPath fast = hierarchy.find_path(from, to, context);
        const std::string where = to_string(from) + " -> " + to_string(to);
        excess_sum += fast_path_excess(space, fast, from, to, best, where);
        compared += std::isinf(best) ? 0 : 1;
    }
    EXPECT_LE(excess_sum / compared, 0.05);
}

// A wall across the map with one door: the fast path must go through the door.
TEST(Hierarchy, TheFastPathFindsTheOnlyDoor) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "................",
        "..a.............",
        "................",
        "................",
        "................",
        "................",
        "................",
        "................",
        "##############.#",
        "................",
        "................",
        "................",
        "................",
        "...b............",
        "................",
        "................",
    });
    // clang-format on
    const GridSpace space(drawn.map, {});
    const GridHierarchy hierarchy =
        GridHierarchy::build(space, {.cluster_side = 8, .fast_plain_jump_points = 0}).value();
    HierarchyContext context;
    const GridPath fast = hierarchy.find_path(drawn.find('a'), drawn.find('b'), context);
    ASSERT_TRUE(fast.found()) << fast.message;
    EXPECT_EQ(walk_problem(space, fast.path, drawn.find('a'), drawn.find('b'), fast.cost), "");
    const GridPath exact = space.find_path(drawn.find('a'), drawn.find('b'));
    const GridPath optimal =
        hierarchy.find_path(drawn.find('a'), drawn.find('b'), context, HierarchyMode::Optimal);
    EXPECT_NEAR(optimal.cost, exact.cost, 1e-4);
    EXPECT_LE(fast.cost, exact.cost * 1.1);
}

// The goal's cluster has two pieces on its south side: the goal's column, and a U around it
// whose south tiles lie on either side of the goal. The only way in goes out through the
// cluster to the right: no shortcut through the U.
TEST(Hierarchy, AGoalBetweenTheTilesOfAnotherGateIsReachedOnlyThroughItsOwn) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "################",
        "################",
        "################",
        "################",
        "#.....##########",
        "#.###.##########",
        "#.#.#.##########",
        "#.#g#.##########",
        "#.#.#.##########",
        "#.#.#.##########",
        "#.#.#.##########",
        "#.#.#.##########",
        "#s#.#.##########",
        "###.#......#####",
        "###.######.#####",
        "###........#####",
    });
    // clang-format on
    const GridSpace space(drawn.map, {});
    const GridHierarchy hierarchy = GridHierarchy::build(space, {.cluster_side = 8}).value();
    HierarchyContext context;
    const Cell from = drawn.find('s'), to = drawn.find('g');
    const GridPath fast = hierarchy.find_path(from, to, context);
    ASSERT_TRUE(fast.found()) << fast.message;
    EXPECT_EQ(walk_problem(space, fast.path, from, to, fast.cost), "");
    const GridPath optimal = hierarchy.find_path(from, to, context, HierarchyMode::Optimal);
    EXPECT_NEAR(optimal.cost, space.find_path(from, to).cost, 1e-4);
}

// The start's cluster (the top-left 8 x 8) has a room walled off inside it; the fast plan
// estimates the costs to the gates of a start's piece, and a start in no piece has none.
TEST(Hierarchy, AFastPlanFromARoomWalledOffInsideItsClusterFindsNoPath) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "................",
        ".#####..........",
        ".#s..#..........",
        ".#...#..........",
        ".#####..........",
        "................",
        "................",
        "................",
        "................",
        "...........g....",
    });
    // clang-format on
    const GridSpace space(drawn.map, {});
    const GridHierarchy hierarchy =
        GridHierarchy::build(space, {.cluster_side = 8, .fast_plain_jump_points = 0}).value();
    HierarchyContext context;
    EXPECT_EQ(hierarchy.plan(drawn.find('s'), drawn.find('g'), context).status(),
              SearchStatus::NoPath);
    EXPECT_EQ(hierarchy.find_path(drawn.find('s'), drawn.find('g'), context).status,
              SearchStatus::NoPath);
    const GridPath fast = hierarchy.find_path(drawn.find('g'), {0, 0}, context);
    ASSERT_TRUE(fast.found()) << fast.message;
    EXPECT_EQ(walk_problem(space, fast.path, drawn.find('g'), {0, 0}, fast.cost), "");
}

TEST(Hierarchy, ARepairedHierarchyEqualsOneBuiltAgainAfterRandomEdits) {
    std::mt19937 random(11);
    for (const int size : {1, 2}) {
        for (const DiagonalPolicy diagonal :
             {DiagonalPolicy::NoCornerCutting, DiagonalPolicy::Always, DiagonalPolicy::Never}) {
            GridMap map = random_map(random, 45, 38, 0.2, true);
            MovementRules rules;
            rules.diagonal = diagonal;
            rules.agent_size = size;
            GridSpace space(map, rules);
            // Gates of whole sides, or runs cut into gates of at most 3 tiles.
            const HierarchyOptions options{
                .cluster_side = 8, .gate_tiles = diagonal == DiagonalPolicy::Always ? 3 : 0};
            GridHierarchy repaired = GridHierarchy::build(space, options).value();
            for (int round = 0; round < 12; ++round) {
                const int edits = 1 + static_cast<int>(random() % 4);
                for (int edit = 0; edit < edits; ++edit) {
                    const Cell cell{static_cast<int>(random() % 45),
                                    static_cast<int>(random() % 38)};
                    if (random() % 3 == 0)
                        (void)map.set_terrain_cost(cell, 1 + static_cast<float>(random() % 5));
                    else
                        (void)map.set_walkable(cell, !map.is_walkable(cell));
                }
                EXPECT_FALSE(repaired.is_current());
                space.refresh();
                repaired.repair();
                EXPECT_TRUE(repaired.is_current());
                const GridHierarchy rebuilt = GridHierarchy::build(space, options).value();
                ASSERT_TRUE(repaired.same_graph(rebuilt))
                    << "size " << size << " rule " << to_string(diagonal) << " round " << round;
            }
        }
    }
}

TEST(Hierarchy, AHierarchyBuiltOnSeveralThreadsEqualsOneBuiltOnOne) {
    std::mt19937 random(23);
    for (const bool terrain : {false, true}) {
        for (const int gate_tiles : {0, 4}) {
            // 475 clusters of 8: many chunks for each thread to take.
            GridMap map = random_map(random, 200, 150, 0.25, terrain);
            MovementRules rules;
            rules.agent_size = gate_tiles == 0 ? 1 : 2;
            GridSpace space(map, rules);
            const HierarchyOptions one{.cluster_side = 8, .gate_tiles = gate_tiles};
            HierarchyOptions several = one;
            several.threads = 4;
            const GridHierarchy a = GridHierarchy::build(space, one).value();
            GridHierarchy b = GridHierarchy::build(space, several).value();
            EXPECT_GT(a.gate_count(), 1000u);
            EXPECT_EQ(a.gate_count(), b.gate_count());
            EXPECT_TRUE(a.same_graph(b)) << "terrain " << terrain << " gate tiles " << gate_tiles;
            // An edit of many tiles: the repair rebuilds every cluster, on the threads too.
            for (int edit = 0; edit < 300; ++edit) {
                const Cell cell{static_cast<int>(random() % 200), static_cast<int>(random() % 150)};
                (void)map.set_walkable(cell, !map.is_walkable(cell));
            }
            space.refresh();
            b.repair();
            EXPECT_EQ(b.gate_count(), GridHierarchy::build(space, one).value().gate_count());
            EXPECT_TRUE(b.same_graph(GridHierarchy::build(space, one).value()));
        }
    }
}

// Without terrain the build searches from each gate only for the gates after it (the bound
// back is the same); a map whose every tile has terrain cost 1 is searched from every gate to
// every other, and must give the same bounds (costs 1 and 1.5 add up exactly in any order).
TEST(Hierarchy, BoundsSearchedOneWayEqualBoundsSearchedBothWays) {
    std::mt19937 random(5);
    for (const int size : {1, 2}) {
        for (const DiagonalPolicy diagonal :
             {DiagonalPolicy::Never, DiagonalPolicy::Always, DiagonalPolicy::AtLeastOneWalkable,
              DiagonalPolicy::NoCornerCutting}) {
            const GridMap plain = rooms_map(random, 53, 41, false);
            GridMap weighed = plain;
            (void)weighed.set_terrain_cost({0, 0}, 2);  // the map now keeps a cost per tile
            (void)weighed.set_terrain_cost({0, 0}, 1);
            ASSERT_TRUE(weighed.has_terrain_costs());
            MovementRules rules;
            rules.diagonal = diagonal;
            rules.diagonal_cost = 1.5f;
            rules.agent_size = size;
            const GridSpace one_way(plain, rules), both_ways(weighed, rules);
            const GridHierarchy a = GridHierarchy::build(one_way, {.cluster_side = 8}).value();
            const GridHierarchy b = GridHierarchy::build(both_ways, {.cluster_side = 8}).value();
            EXPECT_TRUE(a.same_graph(b)) << "size " << size << " rule " << to_string(diagonal);
        }
    }
}

TEST(Hierarchy, BadInputGetsAClearStatus) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "........",
        "..#.....",
        "........",
    });
    // clang-format on
    const GridSpace space(drawn.map, {});
    EXPECT_FALSE(GridHierarchy::build(space, {.cluster_side = 12}));
    EXPECT_FALSE(GridHierarchy::build(space, {.cluster_side = 4}));
    const auto no_threads = GridHierarchy::build(space, {.cluster_side = 8, .threads = 0});
    ASSERT_FALSE(no_threads);
    EXPECT_NE(no_threads.error().message().find("threads 0"), std::string::npos);
    const GridHierarchy hierarchy = GridHierarchy::build(space, {.cluster_side = 8}).value();
    HierarchyContext context;
    for (const HierarchyMode mode : {HierarchyMode::Fast, HierarchyMode::Optimal}) {
        const GridPath on_wall = hierarchy.find_path({0, 0}, {2, 1}, context, mode);
        EXPECT_EQ(on_wall.status, SearchStatus::InvalidInput);
        EXPECT_NE(on_wall.message.find("goal 2,1 is blocked"), std::string::npos)
            << on_wall.message;
        const GridPath outside = hierarchy.find_path({-1, 0}, {1, 1}, context, mode);
        EXPECT_EQ(outside.status, SearchStatus::InvalidInput);
        EXPECT_NE(outside.message.find("start -1,0 is outside the map"), std::string::npos)
            << outside.message;
    }
    EXPECT_EQ(hierarchy.plan({0, 0}, {9, 9}, context).status(), SearchStatus::InvalidInput);

    GridMap map = GridMap::create(16, 16).value();
    GridSpace linked(map, {});
    ASSERT_TRUE(linked.add_link({0, 0}, {15, 15}));
    const auto refused = GridHierarchy::build(linked);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message().find("links"), std::string::npos);

    const GridSpace plain(map, {});
    const GridHierarchy stale = GridHierarchy::build(plain, {.cluster_side = 8}).value();
    (void)map.set_walkable({5, 5}, false);
    const GridPath old = stale.find_path({0, 0}, {15, 15}, context);
    EXPECT_EQ(old.status, SearchStatus::InvalidInput);
    EXPECT_NE(old.message.find("repair"), std::string::npos) << old.message;
}

}  // namespace
}  // namespace pathkit
