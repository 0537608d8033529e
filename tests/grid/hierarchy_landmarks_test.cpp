// The fast plan's landmarks (HierarchyOptions::plan_landmarks): which maps the build gives them
// to, their costs against the tests' own Dijkstra over the plan's graph after the build and after
// repairs, and plans on a maze that expand fewer gates with them and still walk valid paths.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

// The plan's moves are the hierarchy's own data, declared in its source files.
#include "../../src/grid/hierarchy_plan_costs.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "support/grid_walk.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

/// A maze of corridors one tile wide on a (2 * cells + 1)² map, carved by a random depth-first
/// walk (one way between any two tiles), then `openings` walls between two corridors knocked
/// down (loops: more than one way).
GridMap maze_map(std::mt19937& random, int cells, int openings) {
    const int side = 2 * cells + 1;
    GridMap map = GridMap::create(side, side).value();
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x)
            (void)map.set_walkable({x, y}, false);
    std::vector<char> seen(static_cast<std::size_t>(cells * cells), 0);
    std::vector<std::pair<int, int>> stack{{0, 0}};
    seen[0] = 1;
    (void)map.set_walkable({1, 1}, true);
    const int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    while (!stack.empty()) {
        const auto [cx, cy] = stack.back();
        std::vector<int> ways;
        for (int d = 0; d < 4; ++d) {
            const int nx = cx + dx[d], ny = cy + dy[d];
            if (nx >= 0 && ny >= 0 && nx < cells && ny < cells &&
                seen[static_cast<std::size_t>(ny * cells + nx)] == 0)
                ways.push_back(d);
        }
        if (ways.empty()) {
            stack.pop_back();
            continue;
        }
        const int d = ways[random() % ways.size()];
        const int nx = cx + dx[d], ny = cy + dy[d];
        seen[static_cast<std::size_t>(ny * cells + nx)] = 1;
        (void)map.set_walkable({2 * cx + 1 + dx[d], 2 * cy + 1 + dy[d]}, true);
        (void)map.set_walkable({2 * nx + 1, 2 * ny + 1}, true);
        stack.emplace_back(nx, ny);
    }
    std::uniform_int_distribution<int> coordinate(1, side - 2);
    for (int opened = 0; opened < openings;) {
        const Cell wall{coordinate(random), coordinate(random)};
        // A wall between two corridors across or down (odd column and even row, or the reverse).
        if (map.is_walkable(wall) || (wall.x % 2) == (wall.y % 2)) continue;
        (void)map.set_walkable(wall, true);
        ++opened;
    }
    return map;
}

/// The steps from `from` to `to` in a maze of `maze_map`, by breadth-first search: no two by two
/// square of it is open (the posts between corridors stay walls), so no diagonal move is
/// allowed and every move costs one straight step. -1 where there is no way.
int maze_steps(const GridMap& map, Cell from, Cell to) {
    std::vector<int> steps(static_cast<std::size_t>(map.width() * map.height()), -1);
    const auto at = [&](Cell cell) -> int& {
        return steps[static_cast<std::size_t>(cell.y * map.width() + cell.x)];
    };
    std::queue<Cell> open;
    at(from) = 0;
    open.push(from);
    while (!open.empty()) {
        const Cell here = open.front();
        open.pop();
        for (const Cell next : {Cell{here.x + 1, here.y}, Cell{here.x - 1, here.y},
                                Cell{here.x, here.y + 1}, Cell{here.x, here.y - 1}}) {
            if (!map.contains(next) || !map.is_walkable(next) || at(next) >= 0) continue;
            at(next) = at(here) + 1;
            open.push(next);
        }
    }
    return at(to);
}

/// The tests' own Dijkstra over the plan's graph (whole sides, or the coarse gates with finer
/// gates) from gate state `source`: every gate state's cost, +infinity where it is not reached.
std::vector<double> plan_costs(const GridHierarchy& hierarchy, bool coarse, std::uint32_t source) {
    const std::uint32_t slots = hierarchy.slots();
    std::vector<double> costs(hierarchy.cluster_count() * slots,
                              std::numeric_limits<double>::infinity());
    using Entry = std::pair<double, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    costs[source] = 0;
    open.emplace(0, source);
    while (!open.empty()) {
        const auto [cost, state] = open.top();
        open.pop();
        if (cost > costs[state]) continue;
        const GridHierarchy::Cluster& data = hierarchy.clusters()[state / slots];
        for (const detail::PlanMoves::Move& move :
             (coarse ? data.coarse_plan : data.plan).moves(state % slots)) {
            if (cost + move.cost >= costs[move.to]) continue;
            costs[move.to] = cost + move.cost;
            open.emplace(costs[move.to], move.to);
        }
    }
    return costs;
}

/// Checks every landmark's costs against `plan_costs` from it.
void expect_landmark_costs(const GridHierarchy& hierarchy, bool coarse, const std::string& where) {
    const std::uint32_t slots = hierarchy.slots();
    for (std::size_t landmark = 0; landmark < hierarchy.landmarks().size(); ++landmark) {
        const std::uint32_t source = hierarchy.landmarks()[landmark];
        const auto& data = hierarchy.clusters()[source / slots];
        ASSERT_LT(source % slots, (coarse ? data.coarse_gates : data.gates).size()) << where;
        const std::vector<double> expected = plan_costs(hierarchy, coarse, source);
        int wrong = 0;
        for (std::uint32_t state = 0; state < expected.size(); ++state) {
            const double got = hierarchy.landmark_cost(landmark, state);
            const bool same = std::isinf(expected[state])
                                  ? std::isinf(got)
                                  : std::abs(got - expected[state]) <= 1e-4 * (1 + expected[state]);
            if (!same && ++wrong <= 3)
                ADD_FAILURE() << where << ": landmark " << landmark << ", state " << state << ": "
                              << got << " instead of " << expected[state];
        }
    }
}

TEST(HierarchyLandmarks, AMazeGetsTwoLandmarksAndAMapOfScatteredWallsNone) {
    std::mt19937 random(3);
    const GridMap maze = maze_map(random, 95, 0);
    const GridMap open = testing::scattered_map(random, 191, 191, 0.05);
    const GridSpace maze_space(maze), open_space(open);
    for (const int gate_tiles : {0, 4}) {
        const HierarchyOptions options{.cluster_side = 16, .gate_tiles = gate_tiles};
        EXPECT_EQ(GridHierarchy::build(maze_space, options).value().landmarks().size(), 2u);
        EXPECT_EQ(GridHierarchy::build(open_space, options).value().landmarks().size(), 0u);
    }
    HierarchyOptions asked{.cluster_side = 16, .plan_landmarks = 0};
    EXPECT_EQ(GridHierarchy::build(maze_space, asked).value().landmarks().size(), 0u);
    asked.plan_landmarks = 5;
    EXPECT_EQ(GridHierarchy::build(open_space, asked).value().landmarks().size(), 5u);
}

TEST(HierarchyLandmarks, TheirCostsAreThePlansCheapestAfterTheBuildAndAfterEveryRepair) {
    std::mt19937 random(7);
    for (const int gate_tiles : {0, 4}) {
        GridMap map = maze_map(random, 63, 40);
        const GridSpace space(map);
        GridHierarchy hierarchy =
            GridHierarchy::build(space, {.cluster_side = 16, .gate_tiles = gate_tiles}).value();
        const bool coarse = gate_tiles > 0;
        ASSERT_EQ(hierarchy.landmarks().size(), 2u);
        expect_landmark_costs(hierarchy, coarse, "built");
        std::uniform_int_distribution<int> coordinate(0, map.width() - 1);
        for (int edit = 0; edit < 30; ++edit) {
            const Cell tile{coordinate(random), coordinate(random)};
            (void)map.set_walkable(tile, !map.is_walkable(tile));
            hierarchy.repair();
            expect_landmark_costs(hierarchy, coarse, "after edit " + std::to_string(edit));
        }
    }
}

TEST(HierarchyLandmarks, AMazePlanExpandsFewerGatesWithThemAndItsPathsStayValid) {
    std::mt19937 random(11);
    const GridMap map = maze_map(random, 127, 60);
    const GridSpace space(map);
    // No plain search first: every query is planned over the gates.
    const HierarchyOptions options{.cluster_side = 16, .fast_plain_jump_points = 0};
    const GridHierarchy with = GridHierarchy::build(space, options).value();
    HierarchyOptions none = options;
    none.plan_landmarks = 0;
    const GridHierarchy without = GridHierarchy::build(space, none).value();
    ASSERT_EQ(with.landmarks().size(), 2u);
    HierarchyContext context;
    std::uint64_t expanded_with = 0, expanded_without = 0;
    for (int query = 0; query < 20; ++query) {
        const Cell from = testing::random_walkable_cell(map, random);
        const Cell to = testing::random_walkable_cell(map, random);
        const std::string where = to_string(from) + " -> " + to_string(to);
        HierarchicalPath plan = with.plan(from, to, context);
        ASSERT_EQ(plan.status(), SearchStatus::Found) << where;
        expanded_with += plan.abstract_expanded();
        expanded_without += without.plan(from, to, context).abstract_expanded();
        const GridPath path = plan.rest(context);
        ASSERT_TRUE(path.found()) << where;
        EXPECT_EQ(path.path.front(), from) << where;
        EXPECT_EQ(path.path.back(), to) << where;
        const auto walked = testing::walked_cost(space, path.path);
        ASSERT_TRUE(std::holds_alternative<double>(walked)) << where;
        EXPECT_NEAR(std::get<double>(walked), path.cost, 1e-3 * (1 + path.cost)) << where;
        const double best = maze_steps(map, from, to) * space.rules().straight_cost;
        EXPECT_GE(path.cost, best - 1e-3 * (1 + best)) << where;
    }
    EXPECT_LT(2 * expanded_with, expanded_without);
}

TEST(HierarchyLandmarks, ThePlansCostsAreTheSameByLabelCorrectingAndByDijkstraAlone) {
    // Label correcting first (Dijkstra past a few turns a gate slot), or Dijkstra alone.
    std::mt19937 random(13);
    const GridMap maze = maze_map(random, 63, 40);
    const GridMap scattered = testing::scattered_map(random, 127, 127, 0.2);
    for (const GridMap* map : {&maze, &scattered}) {
        const GridSpace space(*map);
        for (const int gate_tiles : {0, 4}) {
            const GridHierarchy hierarchy =
                GridHierarchy::build(space, {.cluster_side = 16, .gate_tiles = gate_tiles}).value();
            const bool coarse = gate_tiles > 0;
            const detail::PlanGraph graph(hierarchy, coarse);
            detail::PlanCosts first_in_line(graph), dijkstra(graph, 0);
            int sources = 0;
            for (std::uint32_t source = graph.first_state(); source < graph.state_count();
                 source += 31) {
                if (!graph.is_valid(source)) continue;
                ++sources;
                first_in_line.search(source);
                dijkstra.search(source);
                EXPECT_EQ(first_in_line.costs(), dijkstra.costs()) << source;
                const std::vector<double> expected = plan_costs(hierarchy, coarse, source);
                for (std::uint32_t state = 0; state < expected.size(); ++state) {
                    const double got = dijkstra.costs()[state];
                    if (std::isinf(expected[state]))
                        EXPECT_TRUE(std::isinf(got)) << source << " -> " << state;
                    else
                        EXPECT_NEAR(got, expected[state], 1e-4 * (1 + expected[state]))
                            << source << " -> " << state;
                }
            }
            EXPECT_GE(sources, 5);
        }
    }
}

TEST(HierarchyLandmarks, ACountOutsideMinusOneToEightIsRefused) {
    const GridMap map = GridMap::create(32, 32).value();
    const GridSpace space(map);
    for (const int count : {-2, 9}) {
        const auto built = GridHierarchy::build(space, {.plan_landmarks = count});
        ASSERT_FALSE(built.has_value());
        EXPECT_NE(built.error().message().find("plan landmarks " + std::to_string(count)),
                  std::string::npos)
            << built.error().message();
    }
}

}  // namespace
}  // namespace pathkit
