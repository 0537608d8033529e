// Distance tables, PIBT steps and the real-time planner: exact distances within a memory
// limit, conflict-free steps, and every agent arriving whenever a plan exists.
#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "pathkit/mapf/mapf_check.hpp"
#include "pathkit/mapf/mapf_planner.hpp"
#include "pathkit/mapf/pibt.hpp"
#include "pathkit/mapf/spread_paths.hpp"
#include "support/ascii_map.hpp"
#include "support/mapf_brute_force.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

using namespace std::chrono_literals;

// Steps from every tile to `goal` by a plain breadth-first search over the map.
std::map<Cell, std::uint32_t> reference_distances(const GridMap& map, Cell goal) {
    std::map<Cell, std::uint32_t> distance{{goal, 0}};
    std::deque<Cell> queue{goal};
    while (!queue.empty()) {
        const Cell here = queue.front();
        queue.pop_front();
        for (const Cell next : {Cell{here.x + 1, here.y}, Cell{here.x - 1, here.y},
                                Cell{here.x, here.y + 1}, Cell{here.x, here.y - 1}}) {
            if (!map.is_walkable(next) || distance.contains(next)) continue;
            distance[next] = distance[here] + 1;
            queue.push_back(next);
        }
    }
    return distance;
}

TEST(DistanceTables, EqualAPlainBreadthFirstSearchEvenWhenTheMemoryLimitFreesTables) {
    std::mt19937 random(11);
    for (int trial = 0; trial < 30; ++trial) {
        const GridMap map = testing::random_map(random);
        const MapfGraph graph(map);
        if (graph.vertex_count() == 0) continue;
        // Room for about one and a half tables: asking for three goals in turn frees some.
        DistanceTables tables(graph, 12 * graph.vertex_count());
        std::vector<Cell> goals;
        for (int i = 0; i < 3; ++i)
            goals.push_back(testing::random_walkable_cell(map, random));
        for (int round = 0; round < 2; ++round) {
            for (const Cell goal : goals) {
                const auto expected = reference_distances(map, goal);
                const std::uint32_t table = tables.table_for(graph.vertex_at(goal));
                for (int probe = 0; probe < 40; ++probe) {
                    const Cell cell = testing::random_walkable_cell(map, random);
                    const auto found = expected.find(cell);
                    ASSERT_EQ(
                        tables.distance(table, graph.vertex_at(cell)),
                        found == expected.end() ? DistanceTables::unreachable : found->second);
                }
                // Within the limit, or one table (the one always kept) and the list of tables.
                EXPECT_LE(tables.memory_bytes(),
                          std::max<std::size_t>(
                              12 * graph.vertex_count(),
                              DistanceTables::largest_table_bytes(graph.vertex_count()) + 1024));
            }
        }
    }
}

TEST(DistanceTables, FinishedDistancesAreEveryTilesDistanceOnceTheSearchHasEnded) {
    std::mt19937 random(12);
    int ended = 0;
    for (int trial = 0; trial < 30; ++trial) {
        const GridMap map = testing::random_map(random);
        const MapfGraph graph(map);
        if (graph.vertex_count() == 0) continue;
        DistanceTables tables(graph, std::size_t{1} << 24);
        const Cell goal = testing::random_walkable_cell(map, random);
        const auto expected = reference_distances(map, goal);
        const std::uint32_t table = tables.table_for(graph.vertex_at(goal));
        EXPECT_EQ(tables.finished_distances(table), nullptr);  // not searched yet
        // Asking for a tile the goal cannot reach runs the search to its end.
        bool some_unreachable = false;
        for (std::uint32_t v = 0; v < graph.vertex_count(); ++v) {
            (void)tables.distance(table, MapfVertex(v));
            some_unreachable |= !expected.contains(graph.cell(MapfVertex(v)));
        }
        const std::uint32_t* finished = tables.finished_distances(table);
        if (some_unreachable) {
            ASSERT_NE(finished, nullptr);
        }
        if (finished == nullptr) continue;  // all reached before the queue ran dry
        ++ended;
        for (std::uint32_t v = 0; v < graph.vertex_count(); ++v) {
            const auto found = expected.find(graph.cell(MapfVertex(v)));
            ASSERT_EQ(finished[v],
                      found == expected.end() ? DistanceTables::unreachable : found->second);
        }
    }
    EXPECT_GT(ended, 0);
}

// A PIBT step from any configuration keeps agents on walkable tiles, moves each by at most one
// straight step, and has no shared tile and no trade.
TEST(Pibt, EveryStepIsFreeOfConflicts) {
    std::mt19937 random(21);
    for (int trial = 0; trial < 200; ++trial) {
        const auto instance = testing::random_tiny_instance(random, 8, 6, 12);
        if (!instance) continue;
        const MapfGraph graph(instance->map);
        DistanceTables tables(graph, std::size_t{1} << 24);
        MapfConfiguration from, goals;
        ASSERT_TRUE(graph.vertices_of(instance->starts, "start", from));
        ASSERT_TRUE(graph.vertices_of(instance->goals, "goal", goals));
        Pibt pibt(graph, tables, goals, static_cast<std::uint64_t>(trial));
        std::vector<std::uint32_t> order(from.size());
        std::iota(order.begin(), order.end(), 0u);
        std::vector<std::vector<Cell>> steps;
        const auto cells = [&](const MapfConfiguration& configuration) {
            std::vector<Cell> tiles;
            for (const MapfVertex vertex : configuration)
                tiles.push_back(graph.cell(vertex));
            return tiles;
        };
        steps.push_back(cells(from));
        for (int t = 0; t < 20; ++t) {
            MapfConfiguration next(from.size());
            ASSERT_TRUE(pibt.plan_step(from, next, order));
            from = next;
            steps.push_back(cells(from));
        }
        // Checked as a plan that ends wherever it ended.
        const MapfCheck check =
            check_mapf_plan(instance->map, instance->starts, steps.back(), steps);
        EXPECT_TRUE(check.valid()) << check.problems.front();
    }
}

TEST(Pibt, AgentsOnAnOpenMapAllReachTheirGoals) {
    std::mt19937 random(8);
    GridMap map = GridMap::create(16, 16).value();
    std::vector<Cell> open;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            open.push_back({x, y});
    std::shuffle(open.begin(), open.end(), random);
    const std::vector<Cell> starts(open.begin(), open.begin() + 60);
    const std::vector<Cell> goals(open.begin() + 60, open.begin() + 120);
    const MapfGraph graph(map);
    DistanceTables tables(graph, std::size_t{1} << 24);
    MapfConfiguration at, to;
    ASSERT_TRUE(graph.vertices_of(starts, "start", at));
    ASSERT_TRUE(graph.vertices_of(goals, "goal", to));
    Pibt pibt(graph, tables, to, 1);
    std::vector<float> priority(at.size(), 0);
    int t = 0;
    for (; t < 200 && at != to; ++t) {
        std::vector<std::uint32_t> order(at.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return priority[a] > priority[b];
        });
        MapfConfiguration next(at.size());
        ASSERT_TRUE(pibt.plan_step(at, next, order));
        for (std::size_t agent = 0; agent < at.size(); ++agent)
            priority[agent] = next[agent] == to[agent] ? 0 : priority[agent] + 1;
        at = next;
    }
    EXPECT_EQ(at, to) << "not all arrived after " << t << " steps";
}

TEST(Pibt, ConstraintsThatCollideAreRefused) {
    const auto drawn = testing::ascii_map({"AB.."});
    const MapfGraph graph(drawn.map);
    DistanceTables tables(graph, 1 << 20);
    const MapfConfiguration from{graph.vertex_at({0, 0}), graph.vertex_at({1, 0})};
    const MapfConfiguration goals{graph.vertex_at({3, 0}), graph.vertex_at({2, 0})};
    Pibt pibt(graph, tables, goals, 0);
    MapfConfiguration trade{from[1], from[0]};  // both constrained: a swap
    EXPECT_FALSE(pibt.plan_step(from, trade, {}));
    MapfConfiguration same{from[1], from[1]};
    EXPECT_FALSE(pibt.plan_step(from, same, {}));
}

TEST(Pibt, AStepCutShortByTheDeadlineLeavesNoMarkForTheNextStep) {
    const auto drawn = testing::ascii_map({"A..B...."});
    const MapfGraph graph(drawn.map);
    DistanceTables tables(graph, 1 << 20);
    const MapfConfiguration from{graph.vertex_at({0, 0}), graph.vertex_at({3, 0})};
    const MapfConfiguration goals{graph.vertex_at({2, 0}), graph.vertex_at({7, 0})};
    Pibt pibt(graph, tables, goals, 0);
    (void)pibt.distance_to_goal(0, graph.vertex_at({7, 0}));  // A's table searched to the end
    // A takes (1, 0); then B's table would need a search past the deadline.
    tables.stop_at(std::chrono::steady_clock::now() - 1s);
    MapfConfiguration next(2);
    const std::vector<std::uint32_t> a_then_b{0, 1};
    EXPECT_THROW((void)pibt.plan_step(from, next, a_then_b), DistanceTables::OutOfTime);
    // With time again, B first: A's claim on (1, 0) from the cut step is gone, so A moves.
    tables.stop_at(std::nullopt);
    next.assign(2, MapfVertex());
    const std::vector<std::uint32_t> b_then_a{1, 0};
    ASSERT_TRUE(pibt.plan_step(from, next, b_then_a));
    EXPECT_EQ(graph.cell(next[0]), (Cell{1, 0}));
    EXPECT_EQ(graph.cell(next[1]), (Cell{4, 0}));
}

TEST(Pibt, ATurnCostingMoreThanTheStepItSavesKeepsTheAgentWhereItStands) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        ".....",
        ".....",
        ".....",
    });
    // clang-format on
    const MapfGraph graph(drawn.map);
    DistanceTables tables(graph, 1 << 20);
    // Facing east at (2, 2) on the bottom row, its goal two tiles north: the step north saves
    // one step and needs one quarter turn; east and west save none.
    const MapfConfiguration from{graph.vertex_at({2, 2})};
    const MapfConfiguration goals{graph.vertex_at({2, 0})};
    const std::vector<std::uint8_t> facing_east{0};
    for (const auto& [turn_cost, expected] :
         std::vector<std::pair<double, Cell>>{{0.0, {2, 1}}, {0.5, {2, 1}}, {2.0, {2, 2}}}) {
        Pibt pibt(graph, tables, goals, 0);
        pibt.set_turn_costs(facing_east, turn_cost);
        MapfConfiguration next(1);
        const std::vector<std::uint32_t> order{0};
        ASSERT_TRUE(pibt.plan_step(from, next, order));
        EXPECT_EQ(graph.cell(next[0]), expected) << "a quarter turn costing " << turn_cost;
    }
}

TEST(Pibt, AFirstChoiceComesFirstButYieldsToAnAgentOfHigherPriority) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "AB...",
        "..#..",
    });
    // clang-format on
    const MapfGraph graph(drawn.map);
    DistanceTables tables(graph, 1 << 20);
    const MapfVertex a = graph.vertex_at({0, 0}), b = graph.vertex_at({1, 0});
    const MapfConfiguration from{a, b};
    // B's goal is where it stands; A's is the far end of the top row.
    const MapfConfiguration goals{graph.vertex_at({4, 0}), b};
    // B alone first: its first choice (south, away from its goal) beats staying put.
    {
        Pibt pibt(graph, tables, goals, 0);
        const MapfConfiguration first{MapfVertex(), graph.vertex_at({1, 1})};
        pibt.set_first_choices(first);
        MapfConfiguration next(2);
        const std::vector<std::uint32_t> b_then_a{1, 0};
        ASSERT_TRUE(pibt.plan_step(from, next, b_then_a));
        EXPECT_EQ(graph.cell(next[1]), (Cell{1, 1}));
    }
    // B's first choice is to stay, but A comes first and needs B's tile: B is pushed on east.
    {
        Pibt pibt(graph, tables, goals, 0);
        const MapfConfiguration first{MapfVertex(), b};
        pibt.set_first_choices(first);
        MapfConfiguration next(2);
        const std::vector<std::uint32_t> a_then_b{0, 1};
        ASSERT_TRUE(pibt.plan_step(from, next, a_then_b));
        EXPECT_EQ(next[0], b);
        EXPECT_NE(next[1], b);
        // With B's stay a constraint instead, A cannot pass and waits (or steps back).
        MapfConfiguration constrained{MapfVertex(), b};
        ASSERT_TRUE(pibt.plan_step(from, constrained, std::vector<std::uint32_t>{0}));
        EXPECT_NE(constrained[0], b);
    }
}

// Runs the planner until all arrive or `ticks` pass; returns the ticks taken, checking each.
int run_planner(MapfPlanner& planner, const GridMap& map, int ticks) {
    std::vector<std::vector<Cell>> steps{planner.positions()};
    int t = 0;
    for (; t < ticks && !planner.all_arrived(); ++t)
        steps.push_back(planner.step(200us));
    const MapfCheck check = check_mapf_plan(map, steps.front(), steps.back(), steps);
    EXPECT_TRUE(check.valid()) << check.problems.front();
    return t;
}

// Wherever brute force says a plan exists, the planner's agents all arrive, even on tiny maps
// where PIBT alone goes round in circles.
TEST(MapfPlanner, AgentsArriveWheneverAPlanExists) {
    std::mt19937 random(31);
    int checked = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const auto instance = testing::random_tiny_instance(random, 4, 3, 3);
        if (!instance || !testing::brute_force_least_loss(*instance)) continue;
        const MapfGraph graph(instance->map);
        auto planner = MapfPlanner::create(graph, instance->starts, instance->goals,
                                           {.seed = static_cast<std::uint64_t>(trial)});
        ASSERT_TRUE(planner) << planner.error().message();
        run_planner(planner.value(), instance->map, 2000);
        EXPECT_TRUE(planner.value().all_arrived()) << "trial " << trial;
        ++checked;
    }
    EXPECT_GT(checked, 50);
}

// The same with guide paths: they only reorder PIBT's choices, so every agent still arrives, by
// legal steps.
TEST(MapfPlanner, WithGuidePathsAgentsStillArriveWheneverAPlanExists) {
    std::mt19937 random(37);
    int checked = 0;
    for (int trial = 0; trial < 150; ++trial) {
        const auto instance = testing::random_tiny_instance(random, 4, 3, 3);
        if (!instance || !testing::brute_force_least_loss(*instance)) continue;
        const MapfGraph graph(instance->map);
        auto planner =
            MapfPlanner::create(graph, instance->starts, instance->goals,
                                {.seed = static_cast<std::uint64_t>(trial), .guide_paths = true});
        ASSERT_TRUE(planner) << planner.error().message();
        run_planner(planner.value(), instance->map, 2000);
        EXPECT_TRUE(planner.value().all_arrived()) << "trial " << trial;
        ++checked;
    }
    EXPECT_GT(checked, 50);
}

TEST(MapfPlanner, NewGoalsBetweenStepsAreFollowedAndBadOnesRefused) {
    const auto drawn = testing::ascii_map({"A....#....", "..........", "B....#...."});
    const MapfGraph graph(drawn.map);
    auto made = MapfPlanner::create(graph, std::vector{drawn.find('A'), drawn.find('B')},
                                    std::vector<Cell>{{9, 0}, {9, 2}});
    ASSERT_TRUE(made);
    MapfPlanner& planner = made.value();
    for (int t = 0; t < 4; ++t)
        (void)planner.step(100us);
    EXPECT_FALSE(planner.set_goal(0, {5, 0}));  // a wall
    EXPECT_FALSE(planner.set_goal(0, {9, 2}));  // agent 1's goal
    EXPECT_FALSE(planner.set_goal(7, {0, 0}));  // no such agent
    ASSERT_TRUE(planner.set_goal(0, {0, 2}));
    ASSERT_TRUE(planner.set_goal(1, {0, 0}));
    run_planner(planner, drawn.map, 200);
    EXPECT_TRUE(planner.all_arrived());
    EXPECT_EQ(planner.positions(), (std::vector<Cell>{{0, 2}, {0, 0}}));
}

TEST(MapfPlanner, SaysWhenNoPlanExists) {
    const auto drawn = testing::ascii_map({"A..B"});
    const MapfGraph graph(drawn.map);
    auto made = MapfPlanner::create(graph, std::vector{drawn.find('A'), drawn.find('B')},
                                    std::vector{drawn.find('B'), drawn.find('A')});
    ASSERT_TRUE(made);
    for (int t = 0; t < 50 && !made.value().no_solution(); ++t)
        (void)made.value().step(1ms);
    EXPECT_TRUE(made.value().no_solution());
    EXPECT_FALSE(made.value().all_arrived());
}

}  // namespace
}  // namespace pathkit

namespace pathkit {
namespace {

TEST(SpreadPaths, RoutesRunFromStartToGoalAlongNeighboursAndStopAtTheDeadline) {
    std::mt19937 random(41);
    const auto instance = testing::random_tiny_instance(random, 10, 8, 12);
    ASSERT_TRUE(instance);
    const MapfGraph graph(instance->map);
    DistanceTables tables(graph, std::size_t{1} << 24);
    MapfConfiguration starts, goals;
    ASSERT_TRUE(graph.vertices_of(instance->starts, "start", starts));
    ASSERT_TRUE(graph.vertices_of(instance->goals, "goal", goals));
    const auto routes = spread_paths(graph, tables, starts, goals,
                                     std::chrono::steady_clock::now() + std::chrono::seconds(10));
    for (std::size_t agent = 0; agent < starts.size(); ++agent) {
        if (tables.distance(tables.table_for(goals[agent]), starts[agent]) ==
            DistanceTables::unreachable) {
            EXPECT_TRUE(routes[agent].empty());
            continue;
        }
        ASSERT_FALSE(routes[agent].empty());
        EXPECT_EQ(routes[agent].front(), starts[agent]);
        EXPECT_EQ(routes[agent].back(), goals[agent]);
        for (std::size_t i = 1; i < routes[agent].size(); ++i) {
            const auto next = graph.neighbours(routes[agent][i - 1]);
            EXPECT_NE(std::find(next.begin(), next.end(), routes[agent][i]), next.end());
        }
    }
    const auto late = spread_paths(graph, tables, starts, goals, std::chrono::steady_clock::now());
    EXPECT_TRUE(std::all_of(late.begin(), late.end(), [](const auto& r) { return r.empty(); }));
}

}  // namespace
}  // namespace pathkit
