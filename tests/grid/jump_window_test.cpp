// Jump point search inside a window of the map (the hierarchy's legs): the cheapest path that
// stays in the window, against the test's own Dijkstra over the window's tiles, and the same
// path as over the whole map when that one stays in the window; weighted, within its bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

// The window is the library's own machinery, declared in its source files.
#include "../../src/grid/jump_window.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/grid_walk.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::random_map;
using testing::random_walkable_cell;
using testing::rules_with;

/// The window's padded coordinates of a tile of `map`.
bool window_holds(const detail::JumpWindow& window, const GridMap& map, Cell cell) {
    return window.holds(cell.x - map.origin().x + 1, cell.y - map.origin().y + 1);
}

/// The test's oracle: Dijkstra over the space's moves between tiles inside the window, from
/// `from` to `to`; +infinity when the window holds no way.
Cost dijkstra_inside(const GridSpace& space, const detail::JumpWindow& window, Cell from, Cell to) {
    const GridMap& map = space.map();
    std::vector<Cost> cost(space.state_count(), infinite_cost);
    using Entry = std::pair<Cost, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    cost[map.index(from)] = 0;
    open.push({0, map.index(from)});
    while (!open.empty()) {
        const auto [g, state] = open.top();
        open.pop();
        if (g > cost[state]) continue;
        if (state == map.index(to)) return g;
        space.for_each_successor(StateId(state), [&](StateId next, Cost step) {
            if (!window_holds(window, map, map.cell(next.value))) return;
            if (g + step < cost[next.value]) {
                cost[next.value] = g + step;
                open.push({g + step, next.value});
            }
        });
    }
    return infinite_cost;
}

/// True when `path` goes from `from` to `to` by moves the space offers, inside the window,
/// and costs `expected` walked.
bool walks_inside(const GridSpace& space, const detail::JumpWindow& window,
                  const std::vector<Cell>& path, Cell from, Cell to, Cost expected) {
    if (path.empty() || path.front() != from || path.back() != to) return false;
    if (!std::ranges::all_of(path,
                             [&](Cell cell) { return window_holds(window, space.map(), cell); }))
        return false;
    const auto walked = testing::walked_cost(space, path);
    return std::holds_alternative<double>(walked) &&
           std::abs(std::get<double>(walked) - expected) <= 1e-4f * std::max(1.0f, expected);
}

/// Calls `visit(space, from, to)` for `trials` random maps under every diagonal rule, from
/// and to two random walkable tiles of each (traced by rule and trial).
template <class Visit>
void for_random_queries(std::mt19937& random, int trials, Visit&& visit) {
    for (int trial = 0; trial < trials; ++trial) {
        const GridMap map = random_map(random);
        for (const auto& [name, policy] : testing::diagonal_names) {
            SCOPED_TRACE(name + " trial " + std::to_string(trial));
            const GridSpace space(map, rules_with(policy));
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (map.is_walkable(from) && map.is_walkable(to)) visit(space, from, to);
        }
    }
}

TEST(JumpWindow, IsTheSmallestPowerOfTwoSquareThatHoldsTheBoxAndItsMarginCentred) {
    const auto map = GridMap::create(300, 200, {-10, 5}).value();
    // Tiles (0, 10) and (20, 40): padded box x 11..31, y 6..36; with a margin of 4, 29 x 39.
    const auto window = detail::JumpWindow::around(map, {0, 10}, {20, 40}, 4, 3, 8);
    ASSERT_TRUE(window.has_value());
    EXPECT_EQ(window->side(), 64u);
    EXPECT_EQ(window->left, 7 - (64 - 29) / 2);
    EXPECT_EQ(window->top, 2 - (64 - 39) / 2);
    EXPECT_TRUE(window_holds(*window, map, {0 - 4, 10 - 4}));
    EXPECT_TRUE(window_holds(*window, map, {20 + 4, 40 + 4}));
    EXPECT_FALSE(detail::JumpWindow::around(map, {0, 10}, {200, 40}, 4, 3, 7).has_value());
    EXPECT_EQ(detail::JumpWindow::around(map, {0, 10}, {0, 10}, 0, 3, 7)->side(), 8u);
}

TEST(JumpWindow, AWindowReachingPastTheMapHasOnlyTheMapsWalkableTilesAsStates) {
    // clang-format off
    const auto level = ascii_map({
        "S.#",
        "..G",
    });
    // clang-format on
    const GridSpace space(level.map);
    const detail::BitLines<false> lines(level.map);
    const auto window =
        detail::JumpWindow::around(level.map, level.find('S'), level.find('G'), 6, 4, 4);
    ASSERT_TRUE(window.has_value());
    ASSERT_LT(window->left, 0);  // past the padded map on every side
    detail::with_jump_problem<false>(
        space, lines, level.map.index(level.find('G')), nullptr, true, nullptr,
        [&](const auto& jumps) {
            const detail::WindowedJumps windowed(jumps, level.map, *window);
            int valid = 0;
            for (std::uint32_t state = 0; state < windowed.state_count(); ++state)
                valid += windowed.is_valid(StateId(state)) ? 1 : 0;
            EXPECT_EQ(valid, 5);                                    // the five walkable tiles
            EXPECT_TRUE(windowed.is_valid(windowed.local(1, 1)));   // S, padded (1, 1)
            EXPECT_FALSE(windowed.is_valid(windowed.local(3, 1)));  // the wall
            EXPECT_FALSE(windowed.is_valid(windowed.local(0, 0)));  // the border
            EXPECT_FALSE(windowed.is_valid(StateId(windowed.state_count())));
        });
}

TEST(JumpWindow, FindsTheCheapestWayThatStaysInsideAndNoneWhereTheOnlyWayLeavesIt) {
    // clang-format off
    const auto level = ascii_map({
        "..........",
        ".########.",
        ".#S....G#.",
        ".########.",
    });
    // clang-format on
    const GridSpace space(level.map);
    const Cell from = level.find('S'), to = level.find('G');
    SearchContext context;
    const detail::BitLines<false> lines(level.map);
    // A window over the corridor: the straight way inside.
    const auto inside = detail::JumpWindow::around(level.map, from, to, 0, 3, 3);
    ASSERT_TRUE(inside.has_value());
    const GridPath direct =
        detail::search_jumps_in_window(space, lines, from, to, context, *inside, PathShape::Tiles);
    ASSERT_EQ(direct.status, SearchStatus::Found);
    EXPECT_FLOAT_EQ(direct.cost, 5);
    // Walled in by a window that holds only the two ends' row: no way.
    // clang-format off
    const auto walled = ascii_map({
        "..........",
        "..........",
        ".#S.#..G#.",
        ".########.",
    });
    // clang-format on
    const GridSpace walled_space(walled.map);
    const detail::BitLines<false> walled_lines(walled.map);
    const detail::JumpWindow row{.left = 3, .top = 3, .shift = 3};  // padded columns 3..10
    const GridPath none =
        detail::search_jumps_in_window(walled_space, walled_lines, walled.find('S'),
                                       walled.find('G'), context, row, PathShape::Tiles);
    EXPECT_EQ(none.status, SearchStatus::NoPath);
    EXPECT_EQ(find_path_jps(walled_space, walled.find('S'), walled.find('G')).status,
              SearchStatus::Found);
}

TEST(JumpWindow, CostsWhatDijkstraInsideTheWindowCostsAndMatchesTheWholeMapWhenItsPathFits) {
    std::mt19937 random(20261129);
    int fits = 0, cut = 0;
    for_random_queries(random, 400, [&](const GridSpace& space, Cell from, Cell to) {
        const GridMap& map = space.map();
        const int margin = std::uniform_int_distribution<int>(0, 4)(random);
        const auto window = detail::JumpWindow::around(map, from, to, margin, 2, 8);
        ASSERT_TRUE(window.has_value());
        SearchContext context;
        const detail::BitLines<false> lines(map);
        const GridPath windowed = detail::search_jumps_in_window(space, lines, from, to, context,
                                                                 *window, PathShape::Tiles);
        const Cost expected = dijkstra_inside(space, *window, from, to);
        const GridPath whole = find_path_jps(space, from, to, context);
        if (expected == infinite_cost) {
            EXPECT_EQ(windowed.status, SearchStatus::NoPath);
            cut += whole.found() ? 1 : 0;
            return;
        }
        ASSERT_EQ(windowed.status, SearchStatus::Found);
        EXPECT_NEAR(windowed.cost, expected, 1e-4 * std::max(1.0f, expected));
        EXPECT_TRUE(walks_inside(space, *window, windowed.path, from, to, windowed.cost));
        // Over the whole map: where its path stays in the window, the very same path.
        ASSERT_EQ(whole.status, SearchStatus::Found);
        const bool stays = std::ranges::all_of(
            whole.path, [&](Cell cell) { return window_holds(*window, map, cell); });
        if (stays) {
            ++fits;
            EXPECT_EQ(windowed.path, whole.path);
        } else {
            ++cut;
            EXPECT_GE(windowed.cost, whole.cost - 1e-4f * whole.cost);
        }
    });
    // Both kinds of case were met: the whole map's path inside the window, and cut by it.
    EXPECT_GT(fits, 100);
    EXPECT_GT(cut, 10) << fits;
}

TEST(JumpWindow, WeightedCostsAtMostItsWeightTimesTheCheapestInsideAndWhatItReports) {
    // The hierarchy's legs search weighted: the bound weighted A* promises, against the
    // test's Dijkstra, and a reported cost that is the path's (the engine once reopened
    // expanded states under a weight, and could report more than the path it returned).
    std::mt19937 random(20261130);
    int dearer = 0, compared = 0;
    for_random_queries(random, 200, [&](const GridSpace& space, Cell from, Cell to) {
        const auto window = detail::JumpWindow::around(space.map(), from, to, 2, 2, 8);
        ASSERT_TRUE(window.has_value());
        const Cost expected = dijkstra_inside(space, *window, from, to);
        if (expected == infinite_cost) return;
        SearchContext context;
        const detail::BitLines<false> lines(space.map());
        for (const float weight : {1.02f, 2.0f}) {
            const GridPath weighted = detail::search_jumps_in_window(
                space, lines, from, to, context, *window, PathShape::Tiles, weight);
            ASSERT_EQ(weighted.status, SearchStatus::Found);
            EXPECT_LE(weighted.cost, weight * expected * (1 + 1e-5f) + 1e-4f);
            EXPECT_GE(weighted.cost, expected * (1 - 1e-5f));
            EXPECT_TRUE(walks_inside(space, *window, weighted.path, from, to, weighted.cost));
            ++compared;
            dearer += weighted.cost > expected * (1 + 1e-5f) ? 1 : 0;
        }
    });
    EXPECT_GT(compared, 500);
    EXPECT_GT(dearer, 10) << "the weights changed no path: the test would not see them";
}

}  // namespace
}  // namespace pathkit
