// Traffic-flow guide paths: routes from each agent's tile to its goal over neighbouring tiles,
// shortest when alone (against a breadth-first search in the test), apart when two flows would
// meet head-on, and walking along with their agents between updates.
#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <random>

#include "pathkit/mapf/traffic_flow.hpp"
#include "support/ascii_map.hpp"
#include "support/mapf_brute_force.hpp"

namespace pathkit {
namespace {

using namespace std::chrono_literals;

// Steps from `from` to every tile by a plain breadth-first search (UINT32_MAX: unreachable).
std::vector<std::uint32_t> steps_from(const MapfGraph& graph, MapfVertex from) {
    std::vector<std::uint32_t> steps(graph.vertex_count(), UINT32_MAX);
    std::deque<MapfVertex> open{from};
    steps[from.index()] = 0;
    while (!open.empty()) {
        const MapfVertex here = open.front();
        open.pop_front();
        for (const MapfVertex next : graph.neighbours(here))
            if (steps[next.index()] == UINT32_MAX) {
                steps[next.index()] = steps[here.index()] + 1;
                open.push_back(next);
            }
    }
    return steps;
}

bool neighbours(const MapfGraph& graph, MapfVertex a, MapfVertex b) {
    for (const MapfVertex next : graph.neighbours(a))
        if (next == b) return true;
    return false;
}

const auto far_future = std::chrono::steady_clock::now() + 1h;

TEST(TrafficFlow, RoutesLeadFromEachAgentsTileToItsGoalOverNeighbouringTiles) {
    std::mt19937 random(7);
    for (int trial = 0; trial < 40; ++trial) {
        const auto tiny = testing::random_tiny_instance(random, 9, 7, 8);
        if (!tiny) continue;
        const MapfGraph graph(tiny->map);
        MapfConfiguration starts, goals;
        ASSERT_TRUE(graph.vertices_of(tiny->starts, "start", starts));
        ASSERT_TRUE(graph.vertices_of(tiny->goals, "goal", goals));
        DistanceTables tables(graph, std::size_t{1} << 24);
        TrafficFlow flow(graph, tables, starts.size());
        EXPECT_EQ(flow.update(starts, goals, far_future), starts.size());
        for (std::uint32_t agent = 0; agent < starts.size(); ++agent) {
            const auto route = flow.route(agent);
            ASSERT_FALSE(route.empty());
            EXPECT_EQ(route.front(), starts[agent]);
            const bool reachable =
                steps_from(graph, starts[agent])[goals[agent].index()] != UINT32_MAX;
            EXPECT_EQ(route.back(), reachable ? goals[agent] : starts[agent]);
            for (std::size_t step = 1; step < route.size(); ++step)
                EXPECT_TRUE(neighbours(graph, route[step - 1], route[step]));
        }
    }
}

TEST(TrafficFlow, ALoneAgentsRouteIsAShortestPath) {
    std::mt19937 random(11);
    for (int trial = 0; trial < 40; ++trial) {
        const auto tiny = testing::random_tiny_instance(random, 10, 8, 1);
        if (!tiny) continue;
        const MapfGraph graph(tiny->map);
        MapfConfiguration starts, goals;
        ASSERT_TRUE(graph.vertices_of(tiny->starts, "start", starts));
        ASSERT_TRUE(graph.vertices_of(tiny->goals, "goal", goals));
        const std::uint32_t shortest = steps_from(graph, starts[0])[goals[0].index()];
        if (shortest == UINT32_MAX) continue;
        DistanceTables tables(graph, std::size_t{1} << 24);
        TrafficFlow flow(graph, tables, 1);
        (void)flow.update(starts, goals, far_future);
        EXPECT_EQ(flow.route(0).size(), shortest + 1);
        EXPECT_DOUBLE_EQ(flow.objective(), shortest);
    }
}

TEST(TrafficFlow, TwoFlowsHeadOnInATwoLaneCorridorTakeOneLaneEach) {
    // A goes to B's tile and B to A's, both along the top lane when alone.
    const auto drawn = testing::ascii_map({
        "############",
        "#A........B#",
        "#..........#",
        "############",
    });
    const MapfGraph graph(drawn.map);
    MapfConfiguration starts, goals;
    const std::vector<Cell> ends{drawn.find('A'), drawn.find('B')};
    ASSERT_TRUE(graph.vertices_of(ends, "start", starts));
    ASSERT_TRUE(graph.vertices_of(std::vector<Cell>{ends[1], ends[0]}, "goal", goals));
    DistanceTables tables(graph, std::size_t{1} << 20);
    TrafficFlow flow(graph, tables, 2);
    (void)flow.update(starts, goals, far_future);
    (void)flow.update(starts, goals, far_future);  // a second round: each sees the other
    // No step of one route is the reverse of a step of the other.
    const auto east = flow.route(0), west = flow.route(1);
    for (std::size_t i = 1; i < east.size(); ++i)
        for (std::size_t k = 1; k < west.size(); ++k)
            EXPECT_FALSE(east[i - 1] == west[k] && east[i] == west[k - 1]);
    // One keeps the top lane (9 steps), the other goes down and up again (11).
    EXPECT_EQ(std::min(east.size(), west.size()), 10u);
    EXPECT_EQ(std::max(east.size(), west.size()), 12u);
}

TEST(TrafficFlow, WithStepCostsAloneAnAgentTakesTheLaneRunningItsWay) {
    // A goes east to B's tile. Steps east cost 3 on the top row and 1 on the bottom one; every
    // other step costs 1: down, along the bottom, up (7 steps, cost 7) beats the top (cost 15).
    // clang-format off
    const auto drawn = testing::ascii_map({
        "#######",
        "#A...B#",
        "#.....#",
        "#######",
    });
    // clang-format on
    const MapfGraph graph(drawn.map);
    MapfConfiguration starts, goals;
    ASSERT_TRUE(graph.vertices_of(std::vector<Cell>{drawn.find('A')}, "start", starts));
    ASSERT_TRUE(graph.vertices_of(std::vector<Cell>{drawn.find('B')}, "goal", goals));
    TrafficFlowOptions options;
    options.step_costs.assign(std::size_t{graph.vertex_count()} * 4, 1.0f);
    for (std::uint32_t vertex = 0; vertex < graph.vertex_count(); ++vertex)
        if (graph.cell(MapfVertex(vertex)).y == 1) options.step_costs[vertex * 4 + 0] = 3.0f;
    DistanceTables tables(graph, std::size_t{1} << 20);
    TrafficFlow flow(graph, tables, 1, options);
    (void)flow.update(starts, goals, far_future);
    const auto route = flow.route(0);
    ASSERT_EQ(route.size(), 7u);
    for (std::size_t i = 1; i + 1 < route.size(); ++i)
        EXPECT_EQ(graph.cell(route[i]).y, 2) << "step " << i;
    EXPECT_DOUBLE_EQ(flow.objective(), 6.0);
    // Costs below 1, or of the wrong size, are ignored: the top row again.
    for (const std::size_t size : {std::size_t{graph.vertex_count()} * 4, std::size_t{3}}) {
        TrafficFlowOptions ignored = options;
        ignored.step_costs.resize(size, 1.0f);
        ignored.step_costs[0] = 0.5f;
        TrafficFlow plain(graph, tables, 1, ignored);
        (void)plain.update(starts, goals, far_future);
        EXPECT_EQ(plain.route(0).size(), 5u);
    }
}

TEST(TrafficFlow, RoutesWalkAlongWithTheirAgentsAndAreNewFromTilesOffThem) {
    const auto drawn = testing::ascii_map({
        "A.......a",
        ".........",
        ".........",
    });
    const MapfGraph graph(drawn.map);
    MapfConfiguration starts, goals;
    ASSERT_TRUE(graph.vertices_of(std::vector<Cell>{drawn.find('A')}, "start", starts));
    ASSERT_TRUE(graph.vertices_of(std::vector<Cell>{drawn.find('a')}, "goal", goals));
    DistanceTables tables(graph, std::size_t{1} << 20);
    TrafficFlow flow(graph, tables, 1);
    (void)flow.update(starts, goals, far_future);
    const std::vector<MapfVertex> first(flow.route(0).begin(), flow.route(0).end());
    ASSERT_EQ(first.size(), 9u);
    // Three steps on, with no time to plan: the rest of the same route.
    const MapfConfiguration walked{first[3]};
    EXPECT_EQ(flow.update(walked, goals, std::chrono::steady_clock::now()), 0u);
    const auto rest = flow.route(0);
    EXPECT_EQ(std::vector<MapfVertex>(rest.begin(), rest.end()),
              std::vector<MapfVertex>(first.begin() + 3, first.end()));
    EXPECT_DOUBLE_EQ(flow.objective(), 5);
    // Pushed off it (a row down): planned first, from there.
    const MapfConfiguration pushed{graph.vertex_at({4, 1})};
    EXPECT_EQ(flow.update(pushed, goals, far_future), 1u);
    EXPECT_EQ(flow.route(0).front(), pushed[0]);
    EXPECT_EQ(flow.route(0).back(), goals[0]);
    EXPECT_EQ(flow.route(0).size(), 6u);
}

}  // namespace
}  // namespace pathkit
