// WindowRefiner: its plans stay valid (legal moves only, no shared tiles, no trades, checked
// here independently), its costs match a brute-force search (with and without move costs), and
// robots run by it reach goals.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <deque>
#include <queue>
#include <random>
#include <utility>

#include "pathkit/mapf/window_refiner.hpp"

namespace pathkit {
namespace {

constexpr int step_x[4] = {1, 0, -1, 0};
constexpr int step_y[4] = {0, 1, 0, -1};

// A 16 x 16 map with pillars every third tile.
GridMap pillars_map() {
    GridMap map = GridMap::create(16, 16).value();
    for (int y = 1; y < 16; y += 3)
        for (int x = 1; x < 16; x += 3)
            (void)map.set_walkable({x, y}, false);
    return map;
}

// The poses one legal move from `pose` on `map`, by the cells (the oracle of the tests).
std::vector<MapfPose> moves_from(const MapfGraph& graph, MapfPose pose, bool headings) {
    std::vector<MapfPose> moves{pose};
    const Cell cell = graph.cell(pose.vertex);
    if (headings) {
        moves.push_back({pose.vertex, static_cast<std::uint8_t>((pose.heading + 1) % 4)});
        moves.push_back({pose.vertex, static_cast<std::uint8_t>((pose.heading + 3) % 4)});
        const MapfVertex ahead =
            graph.vertex_at({cell.x + step_x[pose.heading], cell.y + step_y[pose.heading]});
        if (ahead.is_valid()) moves.push_back({ahead, pose.heading});
        return moves;
    }
    for (int way = 0; way < 4; ++way) {
        const MapfVertex next = graph.vertex_at({cell.x + step_x[way], cell.y + step_y[way]});
        if (next.is_valid()) moves.push_back({next, pose.heading});
    }
    return moves;
}

// Fewest moves from `start` to any pose on `goal`, by breadth-first search over poses.
std::uint32_t brute_force_steps(const MapfGraph& graph, MapfPose start, MapfVertex goal,
                                bool headings) {
    std::vector<std::uint32_t> steps(graph.vertex_count() * 4, UINT32_MAX);
    std::deque<MapfPose> queue{start};
    steps[start.vertex.index() * 4 + start.heading] = 0;
    while (!queue.empty()) {
        const MapfPose pose = queue.front();
        queue.pop_front();
        const std::uint32_t here = steps[pose.vertex.index() * 4 + pose.heading];
        if (pose.vertex == goal) return here;
        for (const MapfPose next : moves_from(graph, pose, headings)) {
            std::uint32_t& there = steps[next.vertex.index() * 4 + next.heading];
            if (there != UINT32_MAX) continue;
            there = here + 1;
            queue.push_back(next);
        }
    }
    return UINT32_MAX;
}

// The cost of the move from `from` to `to` under `costs` (WindowRefiner::Options::move_costs:
// by vertex x 5 + way, 0 to 3 the step's way by cell, 4 a turn or wait), read by the cells.
std::uint32_t cost_of_move(const MapfGraph& graph, const std::vector<std::uint16_t>& costs,
                           MapfPose from, MapfPose to) {
    const std::size_t base = std::size_t{from.vertex.index()} * 5;
    if (from.vertex == to.vertex) return costs[base + 4];
    const Cell a = graph.cell(from.vertex), b = graph.cell(to.vertex);
    for (std::size_t way = 0; way < 4; ++way)
        if (b.x - a.x == step_x[way] && b.y - a.y == step_y[way]) return costs[base + way];
    ADD_FAILURE() << "not a move";
    return 0;
}

// The cheapest moves from `start` to any pose on `goal` under `costs`, by Dijkstra over poses.
std::uint32_t brute_force_cost(const MapfGraph& graph, const std::vector<std::uint16_t>& costs,
                               MapfPose start, MapfVertex goal, bool headings) {
    std::vector<std::uint32_t> best(graph.vertex_count() * 4, UINT32_MAX);
    using Entry = std::pair<std::uint32_t, std::uint32_t>;  // cost, pose
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    const auto index = [](MapfPose pose) { return pose.vertex.index() * 4 + pose.heading; };
    best[index(start)] = 0;
    open.push({0, index(start)});
    while (!open.empty()) {
        const auto [cost, at] = open.top();
        open.pop();
        if (cost != best[at]) continue;
        const MapfPose pose{MapfVertex(at / 4), static_cast<std::uint8_t>(at % 4)};
        if (pose.vertex == goal) return cost;
        for (const MapfPose next : moves_from(graph, pose, headings)) {
            const std::uint32_t reached = cost + cost_of_move(graph, costs, pose, next);
            if (reached >= best[index(next)]) continue;
            best[index(next)] = reached;
            open.push({reached, index(next)});
        }
    }
    return UINT32_MAX;
}

// Random move costs from 1 to 9 for every vertex and way.
std::vector<std::uint16_t> random_move_costs(const MapfGraph& graph, std::mt19937& random) {
    std::vector<std::uint16_t> costs(graph.vertex_count() * 5);
    for (std::uint16_t& cost : costs)
        cost = static_cast<std::uint16_t>(1 + random() % 9);
    return costs;
}

// Whether `plan` is valid: legal moves, no shared tile at any step, no two robots trading.
bool plan_is_valid(const MapfGraph& graph, const MapfPosePlan& plan, bool headings) {
    for (std::size_t t = 0; t < plan.front().size(); ++t)
        for (std::size_t a = 0; a < plan.size(); ++a) {
            if (t > 0) {
                const auto moves = moves_from(graph, plan[a][t - 1], headings);
                if (std::find(moves.begin(), moves.end(), plan[a][t]) == moves.end()) return false;
            }
            for (std::size_t b = a + 1; b < plan.size(); ++b) {
                if (plan[a][t].vertex == plan[b][t].vertex) return false;
                if (t > 0 && plan[a][t].vertex == plan[b][t - 1].vertex &&
                    plan[b][t].vertex == plan[a][t - 1].vertex &&
                    plan[a][t].vertex != plan[a][t - 1].vertex)
                    return false;
            }
        }
    return true;
}

// `robots` robots standing on distinct random tiles, facing random ways, each with a random
// goal, planned to wait for `window` steps.
struct WaitingRobots {
    GridMap map = pillars_map();
    MapfGraph graph{map};
    MapfPosePlan plan;
    MapfConfiguration goals;
    std::mt19937 random{11};

    WaitingRobots(std::size_t robots, std::size_t window) {
        std::vector<MapfVertex> open;
        for (std::uint32_t vertex = 0; vertex < graph.vertex_count(); ++vertex)
            open.push_back(MapfVertex(vertex));
        std::shuffle(open.begin(), open.end(), random);
        for (std::size_t robot = 0; robot < robots; ++robot) {
            const MapfPose start{open[robot], static_cast<std::uint8_t>(random() % 4)};
            plan.emplace_back(window + 1, start);
            goals.push_back(open[random() % open.size()]);
        }
    }
};

TEST(WindowRefiner, StepsToGoalAreTheFewestLegalMovesWithAndWithoutHeadings) {
    WaitingRobots robots(1, 1);
    // Also with room for a single table, so each new goal drops the others.
    for (const std::size_t table_memory : {std::size_t{1} << 30, std::size_t{1}}) {
        for (const bool headings : {true, false}) {
            WindowRefiner refiner(robots.graph, {8, headings, 1, table_memory});
            for (int draw = 0; draw < 200; ++draw) {
                const MapfPose pose{MapfVertex(robots.random() % robots.graph.vertex_count()),
                                    static_cast<std::uint8_t>(robots.random() % 4)};
                const MapfVertex goal(robots.random() % robots.graph.vertex_count());
                EXPECT_EQ(refiner.steps_to_goal(pose, goal),
                          brute_force_steps(robots.graph, pose, goal, headings));
            }
        }
    }
}

TEST(WindowRefiner, AloneARobotGetsTheCheapestPathItsWindowAllows) {
    for (const bool headings : {true, false}) {
        for (int draw = 0; draw < 30; ++draw) {
            WaitingRobots robots(1, 6);
            robots.random.seed(static_cast<unsigned>(draw));
            robots.goals[0] = MapfVertex(robots.random() % robots.graph.vertex_count());
            WindowRefiner refiner(robots.graph, {8, headings, 1});
            refiner.refine(robots.plan, robots.goals, std::chrono::steady_clock::time_point::max(),
                           4);
            // Alone, the window's first poses lie on a shortest way: the cost is its length.
            EXPECT_EQ(
                refiner.path_cost(robots.plan[0], robots.goals[0]),
                brute_force_steps(robots.graph, robots.plan[0][0], robots.goals[0], headings));
            EXPECT_TRUE(plan_is_valid(robots.graph, robots.plan, headings));
        }
    }
}

TEST(WindowRefiner, WithMoveCostsTheCostToGoIsTheCheapestWayThere) {
    WaitingRobots robots(1, 1);
    for (const bool headings : {true, false}) {
        WindowRefiner::Options options{8, headings, 1};
        options.move_costs = random_move_costs(robots.graph, robots.random);
        WindowRefiner refiner(robots.graph, options);
        for (int draw = 0; draw < 200; ++draw) {
            const MapfPose pose{MapfVertex(robots.random() % robots.graph.vertex_count()),
                                static_cast<std::uint8_t>(robots.random() % 4)};
            const MapfVertex goal(robots.random() % robots.graph.vertex_count());
            EXPECT_EQ(refiner.steps_to_goal(pose, goal),
                      brute_force_cost(robots.graph, options.move_costs, pose, goal, headings));
        }
    }
}

TEST(WindowRefiner, WithMoveCostsARobotAloneTakesTheCheapestWay) {
    for (const bool headings : {true, false}) {
        for (int draw = 0; draw < 30; ++draw) {
            WaitingRobots robots(1, 12);
            robots.random.seed(static_cast<unsigned>(draw));
            robots.goals[0] = MapfVertex(robots.random() % robots.graph.vertex_count());
            WindowRefiner::Options options{8, headings, 1};
            options.move_costs = random_move_costs(robots.graph, robots.random);
            WindowRefiner refiner(robots.graph, options);
            refiner.refine(robots.plan, robots.goals, std::chrono::steady_clock::time_point::max(),
                           4);
            EXPECT_EQ(refiner.path_cost(robots.plan[0], robots.goals[0]),
                      brute_force_cost(robots.graph, options.move_costs, robots.plan[0][0],
                                       robots.goals[0], headings));
            EXPECT_TRUE(plan_is_valid(robots.graph, robots.plan, headings));
        }
    }
}

TEST(WindowRefiner, CrisscrossLanesRunOneWayAndSendARobotAlongTheNextLane) {
    // clang-format off
    const char* const drawing[] = {
        "......",
        "S....G",  // row 1 is odd: its lane runs west, so going east is dearer on it
        "......",
    };
    // clang-format on
    GridMap map = GridMap::create(6, 3).value();
    MapfGraph graph(map);
    const MapfVertex start = graph.vertex_at({0, 1}), goal = graph.vertex_at({5, 1});
    ASSERT_EQ(drawing[1][0], 'S');
    ASSERT_EQ(drawing[1][5], 'G');
    const std::vector<std::uint16_t> costs = crisscross_move_costs(graph, 1, 5, 2);
    const auto cost = [&](Cell cell, std::size_t way) {
        return costs[std::size_t{graph.vertex_at(cell).index()} * 5 + way];
    };
    EXPECT_EQ(cost({2, 0}, 0), 1);  // even row: east along
    EXPECT_EQ(cost({2, 0}, 2), 5);  // even row: west against
    EXPECT_EQ(cost({2, 1}, 0), 5);  // odd row: east against
    EXPECT_EQ(cost({2, 1}, 2), 1);
    EXPECT_EQ(cost({2, 1}, 1), 1);  // even column: south along
    EXPECT_EQ(cost({3, 1}, 1), 5);  // odd column: south against
    EXPECT_EQ(cost({3, 1}, 3), 1);
    EXPECT_EQ(cost({3, 1}, 4), 2);
    WindowRefiner::Options options{8, /*headings=*/false, 1};
    options.move_costs = costs;
    WindowRefiner refiner(graph, options);
    MapfPosePlan plan{std::vector<MapfPose>(9, MapfPose{start, 0})};
    refiner.refine(plan, {goal}, std::chrono::steady_clock::time_point::max(), 4);
    // Down column 0 (south along), east on row 2, up column 5 (north along): 7 moves of cost 1.
    EXPECT_EQ(refiner.path_cost(plan[0], goal), 7u);
    EXPECT_EQ(plan[0][7].vertex, goal);
    EXPECT_EQ(graph.cell(plan[0][3].vertex).y, 2);
}

TEST(WindowRefiner, CrisscrossMiddleRiseMakesEveryMoveDearerInsideACheapOuterBand) {
    // What a rise of 6 adds to each tile's moves on a 6 x 6 map (all of it up to 0.6 of the
    // way out from the middle, none past 0.8, linearly between, rounded) and on an 8 x 4 map,
    // where the way out is measured against half the width across and half the height down.
    // clang-format off
    const char* const square[] = {
        "000000",
        "066660",
        "066660",
        "066660",
        "066660",
        "000000",
    };
    const char* const wide[] = {
        "02222220",
        "05666650",
        "05666650",
        "02222220",
    };
    // clang-format on
    const auto check = [](int width, int height, const char* const* drawing) {
        GridMap map = GridMap::create(width, height).value();
        MapfGraph graph(map);
        const std::vector<std::uint16_t> flat = crisscross_move_costs(graph, 2, 3, 4);
        const std::vector<std::uint16_t> risen = crisscross_move_costs(graph, 2, 3, 4, 6);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                for (std::size_t way = 0; way < 5; ++way) {
                    const std::size_t at = graph.vertex_at({x, y}).index() * std::size_t{5} + way;
                    EXPECT_EQ(risen[at] - flat[at], drawing[y][x] - '0')
                        << width << " x " << height << " at " << x << ", " << y;
                }
    };
    check(6, 6, square);
    check(8, 4, wide);
    // Costs stay within what the refiner takes.
    GridMap map = GridMap::create(3, 3).value();
    const std::vector<std::uint16_t> steep =
        crisscross_move_costs(MapfGraph(map), 1, 4, 2, WindowRefiner::largest_move_cost);
    EXPECT_EQ(*std::max_element(steep.begin(), steep.end()), WindowRefiner::largest_move_cost);
}

TEST(WindowRefiner, RefusesPlansItCannotTakeAndLeavesThemAsTheyAre) {
    const auto far = std::chrono::steady_clock::time_point::max();
    const auto refused = [&](auto spoil) {
        WaitingRobots robots(4, 5);
        spoil(robots);
        const MapfPosePlan before = robots.plan;
        WindowRefiner refiner(robots.graph, {});
        return refiner.refine(robots.plan, robots.goals, far, 10) == 0 && robots.plan == before;
    };
    EXPECT_FALSE(refused([](WaitingRobots&) {}));  // the unspoilt plan runs its rounds
    EXPECT_TRUE(refused([](WaitingRobots& robots) { robots.goals.pop_back(); }));
    EXPECT_TRUE(refused([](WaitingRobots& robots) { robots.plan[2].pop_back(); }));
    EXPECT_TRUE(refused([](WaitingRobots& robots) {
        for (auto& path : robots.plan)
            path.resize(1);
    }));
    EXPECT_TRUE(refused([](WaitingRobots& robots) {
        for (auto& path : robots.plan)
            path.resize(WindowRefiner::longest_window + 2, path.front());
    }));
    EXPECT_TRUE(refused([](WaitingRobots& robots) { robots.plan[1][3].heading = 4; }));
    EXPECT_TRUE(refused([](WaitingRobots& robots) {
        robots.plan[0][2].vertex = MapfVertex(robots.graph.vertex_count());
    }));
    EXPECT_TRUE(refused([](WaitingRobots& robots) { robots.goals[3] = MapfVertex(); }));
    // A window whose search would pass its memory: 6 poses x tiles x 8 states x 12 bytes.
    WaitingRobots robots(4, 5);
    const std::size_t needed = 6 * std::size_t{robots.graph.vertex_count()} * 8 * 12;
    WindowRefiner::Options tight;
    tight.search_memory = needed - 1;
    EXPECT_EQ(WindowRefiner(robots.graph, tight).refine(robots.plan, robots.goals, far, 10), 0u);
    tight.search_memory = needed;
    EXPECT_EQ(WindowRefiner(robots.graph, tight).refine(robots.plan, robots.goals, far, 10), 10u);
    // Move costs of the wrong size, or a move costing 0 or more than the largest cost.
    WindowRefiner::Options costed;
    costed.move_costs.assign(robots.graph.vertex_count() * 5 - 1, 1);
    EXPECT_EQ(WindowRefiner(robots.graph, costed).refine(robots.plan, robots.goals, far, 10), 0u);
    costed.move_costs.assign(robots.graph.vertex_count() * 5, 1);
    EXPECT_EQ(WindowRefiner(robots.graph, costed).refine(robots.plan, robots.goals, far, 10), 10u);
    costed.move_costs[7] = 0;
    EXPECT_EQ(WindowRefiner(robots.graph, costed).refine(robots.plan, robots.goals, far, 10), 0u);
    costed.move_costs[7] = WindowRefiner::largest_move_cost + 1;
    EXPECT_EQ(WindowRefiner(robots.graph, costed).refine(robots.plan, robots.goals, far, 10), 0u);
}

TEST(WindowRefiner, ACrowdsPlanStaysValidGetsCheaperAndKeepsItsFirstPoses) {
    for (const bool headings : {true, false})
        for (const bool walks : {false, true})
            for (const bool lanes : {false, true}) {
                SCOPED_TRACE(testing::Message() << "headings " << headings << ", walks " << walks
                                                << ", lanes " << lanes);
                WaitingRobots robots(60, 10);
                const MapfPosePlan before = robots.plan;
                WindowRefiner::Options options{8, headings, 3};
                options.walks = walks;
                if (lanes) options.move_costs = crisscross_move_costs(robots.graph, 1, 3, 2);
                WindowRefiner refiner(robots.graph, options);
                const std::uint64_t cost_before = refiner.plan_cost(robots.plan, robots.goals);
                EXPECT_EQ(refiner.refine(robots.plan, robots.goals,
                                         std::chrono::steady_clock::time_point::max(), 300),
                          300u);
                EXPECT_TRUE(plan_is_valid(robots.graph, robots.plan, headings));
                EXPECT_TRUE(refiner.valid(robots.plan));
                EXPECT_LT(refiner.plan_cost(robots.plan, robots.goals), cost_before);
                for (std::size_t robot = 0; robot < before.size(); ++robot)
                    EXPECT_EQ(robots.plan[robot][0], before[robot][0]);
            }
}

TEST(WindowRefiner, RobotsRunStepByStepReachTheirGoalsOneAfterAnother) {
    WaitingRobots robots(40, 8);
    WindowRefiner refiner(robots.graph, {8, true, 5});
    std::size_t reached = 0;
    for (int tick = 0; tick < 150; ++tick) {
        refiner.refine(robots.plan, robots.goals, std::chrono::steady_clock::time_point::max(), 50);
        ASSERT_TRUE(plan_is_valid(robots.graph, robots.plan, true));
        for (std::size_t robot = 0; robot < robots.plan.size(); ++robot) {
            auto& path = robots.plan[robot];
            path.erase(path.begin());  // the first step done
            path.push_back(path.back());
            if (path.front().vertex == robots.goals[robot]) {
                ++reached;
                robots.goals[robot] = MapfVertex(robots.random() % robots.graph.vertex_count());
            }
        }
    }
    // 40 robots, 150 steps, goals about 10 moves apart on a 16 x 16 map: well over 100 visits.
    EXPECT_GT(reached, 100u);
}

}  // namespace
}  // namespace pathkit
