// Many threads querying one shared graph, compact graph, grid, hierarchy, obstacle graph,
// navigation mesh and world at once, each with its own context, and the builds that run threads of
// their own: the same answers as one thread gives (run under TSan too).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <latch>
#include <random>
#include <thread>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/graph/compact_graph.hpp"
#include "pathkit/graph/graph.hpp"
#include "pathkit/grid/goal_bounds.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/mapf/mapf_plan.hpp"
#include "pathkit/world/world.hpp"
#include "support/random_graph.hpp"
#include "world/world_builders.hpp"

namespace pathkit {
namespace {

constexpr int thread_count = 4;

/// Runs `answer(query, thread)` for every query on `thread_count` threads at once, several
/// rounds each, and expects every answer to equal `expected[query]`.
void expect_same_answers_on_every_thread(const std::vector<double>& expected,
                                         const std::function<double(std::size_t, int)>& answer) {
    std::vector<int> mismatches(thread_count, 0);
    std::vector<std::thread> threads;
    std::latch start(thread_count);  // every thread begins at once, so their work overlaps
    for (int thread = 0; thread < thread_count; ++thread) {
        threads.emplace_back([&, thread] {
            start.arrive_and_wait();
            for (int round = 0; round < 3; ++round)
                for (std::size_t query = 0; query < expected.size(); ++query)
                    mismatches[thread] += answer(query, thread) != expected[query];
        });
    }
    for (std::thread& thread : threads)
        thread.join();
    EXPECT_EQ(mismatches, std::vector<int>(thread_count, 0));
}

TEST(ManyThreads, QueryOneGraphEachWithItsOwnContextOrTheThreadsOwn) {
    std::mt19937 random(3);
    const Graph graph = testing::make_random_graph({.nodes = 400, .edges = 1600}, random);
    std::vector<std::pair<NodeId, NodeId>> queries;
    std::vector<double> expected;
    for (std::uint32_t index = 0; index < 60; ++index) {
        queries.push_back({NodeId(index * 5), NodeId(399 - index * 3)});
        expected.push_back(graph.find_path(queries.back().first, queries.back().second).cost);
    }
    std::vector<SearchContext> contexts(thread_count);
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
        const auto [from, to] = queries[query];
        return thread % 2 == 0 ? graph.find_path(from, to, contexts[thread]).cost
                               : graph.find_path(from, to).cost;  // thread_search_context()
    });
}

TEST(ManyThreads, QueryOneCompactGraphFrozenFromAGraph) {
    std::mt19937 random(4);
    const Graph graph = testing::make_random_graph({.nodes = 400, .edges = 1600}, random);
    const CompactGraph compact = CompactGraph::build(graph).value();
    std::vector<std::pair<NodeId, NodeId>> queries;
    std::vector<double> expected;
    for (std::uint32_t index = 0; index < 60; ++index) {
        queries.push_back({NodeId(index * 5), NodeId(399 - index * 3)});
        expected.push_back(compact.find_path(queries.back().first, queries.back().second).cost);
    }
    std::vector<SearchContext> contexts(thread_count);
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
        const auto [from, to] = queries[query];
        return compact.find_path(from, to, contexts[thread]).cost;
    });
}

/// A width x height map whose tiles are walls with probability `walls`, drawn from `seed`.
GridMap map_with_random_walls(int width, int height, double walls, unsigned seed) {
    GridMap map = GridMap::create(width, height).value();
    std::mt19937 random(seed);
    std::bernoulli_distribution wall(walls);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (wall(random)) (void)map.set_walkable({x, y}, false);
    return map;
}

TEST(ManyThreads, QueryOneGridWithAStarAndJumpPointSearch) {
    const GridMap map = map_with_random_walls(120, 90, 0.25, 5);
    const GridSpace space(map, {.diagonal = DiagonalPolicy::NoCornerCutting});
    std::vector<std::pair<Cell, Cell>> queries;
    std::vector<double> expected;
    for (int index = 0; index < 40; ++index) {
        const Cell from{(index * 13) % 120, (index * 7) % 90},
            to{(index * 29) % 120, 89 - index % 90};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        queries.push_back({from, to});
        expected.push_back(space.find_path(from, to).cost);
    }
    ASSERT_GT(queries.size(), 10u);
    const std::size_t count = queries.size();
    for (std::size_t query = 0; query < count; ++query)  // the second half by JPS
        expected.push_back(find_path_jps(space, queries[query].first, queries[query].second).cost);
    std::vector<SearchContext> contexts(thread_count);
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
        const auto [from, to] = queries[query % count];
        const GridPath path = query < count ? space.find_path(from, to, contexts[thread])
                                            : find_path_jps(space, from, to, contexts[thread]);
        return static_cast<double>(path.cost);
    });
}

// The builds that run their own threads: the same result as on one thread.
TEST(ManyThreads, BuildAHierarchyAndGoalBoundsOnSeveralThreads) {
    const GridMap map = map_with_random_walls(96, 80, 0.25, 9);
    const GridSpace space(map, {.diagonal = DiagonalPolicy::NoCornerCutting});
    for (const int gate_tiles : {0, 4}) {
        const GridHierarchy one =
            GridHierarchy::build(space, {.cluster_side = 8, .gate_tiles = gate_tiles}).value();
        const GridHierarchy several =
            GridHierarchy::build(
                space, {.cluster_side = 8, .gate_tiles = gate_tiles, .threads = thread_count})
                .value();
        EXPECT_TRUE(one.same_graph(several)) << "gate tiles " << gate_tiles;
    }
    const GridMap small = map_with_random_walls(30, 24, 0.25, 10);
    const GridSpace small_space(small, {.diagonal = DiagonalPolicy::NoCornerCutting});
    std::vector<GoalBounds> bounds;
    for (const int threads : {1, thread_count}) {
        GoalBoundsBuilder builder = GoalBoundsBuilder::start(small_space).value();
        EXPECT_EQ(builder.run(static_cast<std::size_t>(-1), threads), 30u * 24u);
        bounds.push_back(std::move(builder).take());
    }
    EXPECT_TRUE(bounds[0].all_boxes() == bounds[1].all_boxes());
}

TEST(ManyThreads, QueryOneHierarchyWithLandmarksFastAndOptimal) {
    const GridMap map = map_with_random_walls(128, 96, 0.3, 11);
    const GridSpace space(map, {.diagonal = DiagonalPolicy::NoCornerCutting});
    // Landmarks asked for (a map of random walls gets none by itself), and no plain searches
    // first: every query's plan reads the landmarks, every optimal one the bounds.
    const GridHierarchy hierarchy = GridHierarchy::build(space, {.cluster_side = 16,
                                                                 .plain_jump_points = 0,
                                                                 .fast_plain_jump_points = 0,
                                                                 .plan_landmarks = 2})
                                        .value();
    ASSERT_EQ(hierarchy.landmarks().size(), 2u);
    std::vector<std::pair<Cell, Cell>> queries;
    std::vector<double> expected;
    HierarchyContext one;
    for (int index = 0; index < 40; ++index) {
        const Cell from{(index * 13) % 128, (index * 7) % 96}, to{127 - index, 95 - index};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        queries.push_back({from, to});
        expected.push_back(hierarchy.find_path(from, to, one).cost);
    }
    ASSERT_GT(queries.size(), 10u);
    const std::size_t count = queries.size();
    for (std::size_t query = 0; query < count; ++query)  // the second half in the optimal mode
        expected.push_back(
            hierarchy
                .find_path(queries[query].first, queries[query].second, one, HierarchyMode::Optimal)
                .cost);
    std::vector<HierarchyContext> contexts(thread_count);
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
        const auto [from, to] = queries[query % count];
        const HierarchyMode mode = query < count ? HierarchyMode::Fast : HierarchyMode::Optimal;
        return static_cast<double>(hierarchy.find_path(from, to, contexts[thread], mode).cost);
    });
}

TEST(ManyThreads, AskOneGridForJpsPlusBeforeItsIndexExistsSoTheyRaceToBuildIt) {
    const GridMap map = map_with_random_walls(150, 100, 0.3, 8);
    const GridSpace oracle(map, {.diagonal = DiagonalPolicy::NoCornerCutting});
    std::vector<std::pair<Cell, Cell>> queries;
    std::vector<double> expected;
    for (int index = 0; index < 40; ++index) {
        const Cell from{(index * 17) % 150, (index * 11) % 100}, to{149 - index, 99 - index};
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        queries.push_back({from, to});
        // One thread's answer on a space of its own (A*'s cost, up to rounding: checked below).
        expected.push_back(
            oracle.find_path(from, to, {.algorithm = SearchAlgorithm::JpsPlus}).cost);
        ASSERT_NEAR(expected.back(), oracle.find_path(from, to).cost, 1e-3);
    }
    ASSERT_GT(queries.size(), 10u);
    const GridSpace space(map, {.diagonal = DiagonalPolicy::NoCornerCutting});  // no index yet
    std::vector<SearchContext> contexts(thread_count);
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
        const auto [from, to] = queries[query];
        return static_cast<double>(
            space.find_path(from, to, contexts[thread], {.algorithm = SearchAlgorithm::JpsPlus})
                .cost);
    });
}

/// Thirty small rectangles spread over a 100 x 100 world.
std::vector<Obstacle> rectangles() {
    std::vector<Obstacle> obstacles;
    for (int index = 0; index < 30; ++index) {
        const float x = static_cast<float>(10 + (index * 37) % 80),
                    y = static_cast<float>(10 + (index * 53) % 80);
        obstacles.push_back(Obstacle::polygon({{x, y}, {x + 4, y}, {x + 4, y + 3}, {x, y + 3}}));
    }
    return obstacles;
}

std::vector<std::pair<Point2, Point2>> corner_to_corner_queries() {
    std::vector<std::pair<Point2, Point2>> queries;
    for (int index = 0; index < 40; ++index)
        queries.push_back({{1.f + index * 2.f, 1}, {99.f - index * 2.f, 99}});
    return queries;
}

/// Corner-to-corner queries on an obstacle graph or a mesh, each thread with its own context.
template <class Plane>
void expect_plane_answers_agree(const Plane& plane) {
    const auto queries = corner_to_corner_queries();
    std::vector<double> expected;
    for (const auto& [from, to] : queries)
        expected.push_back(plane.find_path(from, to).cost);
    std::vector<PlaneQueryContext> contexts(thread_count);
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
        return static_cast<double>(
            plane.find_path(queries[query].first, queries[query].second, contexts[thread]).cost);
    });
}

TEST(ManyThreads, QueryOneObstacleGraph) {
    ObstacleGraph graph = ObstacleGraph::create({.buffer_radius = 1}).value();
    ASSERT_TRUE(graph.add_obstacles(rectangles()).has_value());
    expect_plane_answers_agree(graph);
}

TEST(ManyThreads, QueryOneNavigationMesh) {
    NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 1}).value();
    ASSERT_TRUE(mesh.add_obstacles(rectangles()).has_value());
    mesh.triangulate();
    expect_plane_answers_agree(mesh);
}

// Threads asking for agents of two sizes before either radius class is built: each class is
// built once, under its lock, while the others wait or query, and every answer is that class's.
// The wall's gap lets radius 0.5 through and sends radius 1.5 round its right end.
TEST(ManyThreads, QueryRadiusClassesNotYetBuiltSoTheyRaceToBuildThem) {
    NavMesh mesh = NavMesh::create({0, 0}, {30, 20},
                                   {.buffer_radius = 0.25f, .radius_classes = {0.5f, 1, 1.5f}})
                       .value();
    const auto box = [](float x0, float y0, float x1, float y1) {
        return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
    };
    ASSERT_TRUE(mesh.add_obstacles(std::vector{box(0, 9, 14, 11), box(16, 9, 26, 11)}).has_value());
    mesh.triangulate();
    std::vector<double> costs(8);
    std::vector<std::thread> threads;
    std::latch start(static_cast<std::ptrdiff_t>(costs.size()));
    for (std::size_t index = 0; index < costs.size(); ++index)
        threads.emplace_back([&, index] {
            PlaneQueryContext context;
            const float radius = index % 2 == 0 ? 1.5f : 0.5f;
            start.arrive_and_wait();
            costs[index] =
                mesh.find_path({15, 16}, {15, 4}, context, {}, NavMeshQuery::Optimal, radius).cost;
        });
    for (std::thread& thread : threads)
        thread.join();
    for (std::size_t index = 2; index < costs.size(); ++index)
        EXPECT_EQ(costs[index], costs[index % 2]) << index;
    EXPECT_NEAR(costs[1], 12, 1e-4);  // straight through the gap
    EXPECT_GT(costs[0], 20);          // round the wall's right end
}

// A wall across the world with a gap, and a door that one thread slides into the gap and out
// again while the others ask for paths across: every answer is the open world's path or "no
// path", as one of the two meshes gives it, never something between.
//
//   +----------------+
//   |  S             |
//   |#######  #######|   the door slides between the gap and a place beside the world's
//   |             G  |   bottom edge, out of everyone's way
//   +----------------+
TEST(ManyThreads, QueryOneNavMeshWhileAnotherThreadOpensAndClosesADoorAndRepairsIt) {
    const auto rectangle = [](float x0, float y0, float x1, float y1) {
        return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
    };
    NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 1}).value();
    ASSERT_TRUE(
        mesh.add_obstacles(std::vector{rectangle(0, 48, 44, 52), rectangle(56, 48, 100, 52)})
            .has_value());
    const ObstacleId door = mesh.add_obstacles(std::vector{rectangle(44, 2, 56, 6)}).value()[0];
    mesh.triangulate();
    const Point2 from{20, 80}, to{80, 20};
    const PlanePath open = mesh.find_path(from, to);
    ASSERT_EQ(open.status, SearchStatus::Found);
    ASSERT_TRUE(mesh.move_obstacle(door, {0, 44}));
    mesh.update();
    ASSERT_EQ(mesh.find_path(from, to).status, SearchStatus::NoPath);  // the door shuts the gap
    ASSERT_TRUE(mesh.move_obstacle(door, {0, -44}));
    mesh.update();
    std::atomic<bool> editing = true;
    std::vector<int> wrong(thread_count, 0), closed_seen(thread_count, 0);
    std::vector<std::thread> threads;
    for (int thread = 1; thread < thread_count; ++thread)
        threads.emplace_back([&, thread] {
            PlaneQueryContext context;
            while (editing) {
                const PlanePath path = mesh.find_path(from, to, context);
                if (path.status == SearchStatus::NoPath) {
                    ++closed_seen[thread];
                } else if (path.status != SearchStatus::Found ||
                           std::abs(path.cost - open.cost) > 1e-3f) {
                    ++wrong[thread];
                }
                if (!mesh.nearest_free_point({50, 50}).has_value()) ++wrong[thread];
                // Asked apart from the search, the regions may see the door the other way.
                (void)mesh.are_connected(from, to);
                (void)mesh.is_segment_free(from, {20, 60});
            }
        });
    for (int round = 0; round < 100; ++round) {          // each way held a moment for them to see
        ASSERT_TRUE(mesh.move_obstacle(door, {0, 44}));  // shut
        mesh.update();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        ASSERT_TRUE(mesh.move_obstacle(door, {0, -44}));  // open
        mesh.update();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    editing = false;
    for (std::thread& thread : threads)
        thread.join();
    EXPECT_EQ(wrong, std::vector<int>(thread_count, 0));
    EXPECT_EQ(mesh.find_path(from, to).cost, open.cost);
    std::printf("answers with the door shut, per thread: %d %d %d\n", closed_seen[1],
                closed_seen[2], closed_seen[3]);
}

TEST(ManyThreads, RouteThroughOneConstWorldWhoseCachesFillOrRepairWhileTheyAsk) {
    const auto queries = std::vector<std::pair<WorldPosition, WorldPosition>>{
        {{testing::map_id(3), {2, 1}}, {testing::map_id(5), {3, 2}}},
        {{testing::map_id(2), {2, 2}}, {testing::map_id(7), {2, 2}}},
        {{testing::map_id(0), {0, 5}}, {testing::map_id(1), {13, 0}}},
        {{testing::map_id(6), {1, 1}}, {testing::map_id(4), {3, 3}}},
    };
    std::vector<double> expected;
    {
        const World reference = testing::town();
        for (const auto& [from, to] : queries)
            expected.push_back(reference.find_route(from, to).cost);
    }
    for (int trial = 0; trial < 3; ++trial) {
        World edited = testing::town();  // first nothing cached: the threads fill it
        if (trial > 0) {  // then every field made and a wall built and gone: they repair them
            for (const WorldMap& map : edited.maps())
                ASSERT_TRUE(edited.prepare_routes(map.id).ok());
            for (const int id : {0, 1}) {
                ASSERT_TRUE(edited.set_walkable(testing::map_id(id), {4, 4}, false).ok());
                ASSERT_TRUE(edited.set_walkable(testing::map_id(id), {4, 4}, true).ok());
            }
        }
        const World& world = edited;
        std::vector<SearchContext> contexts(thread_count);
        expect_same_answers_on_every_thread(expected, [&](std::size_t query, int thread) {
            const auto& [from, to] = queries[query];
            return static_cast<double>(world.find_route(from, to, contexts[thread]).cost);
        });
        EXPECT_EQ(world.ready_map_count(), world.maps().size());
    }
}

}  // namespace
}  // namespace pathkit

namespace pathkit {
namespace {

// Several many-agent plans at once on one shared MapfGraph: each thread's plans equal the ones
// a single thread makes (the same seed gives the same plan).
TEST(ManyThreads, PlanManyAgentsOnOneSharedMapfGraph) {
    GridMap map = GridMap::create(20, 20).value();
    for (int y = 1; y < 20; y += 3)
        for (int x = 1; x < 20; x += 3)
            (void)map.set_walkable({x, y}, false);
    const MapfGraph graph(map);
    std::mt19937 random(9);
    std::vector<std::vector<Cell>> starts, goals;
    std::vector<double> expected;
    for (int query = 0; query < 6; ++query) {
        std::vector<Cell> open;
        for (int y = 0; y < 20; ++y)
            for (int x = 0; x < 20; ++x)
                if (map.is_walkable({x, y})) open.push_back({x, y});
        std::shuffle(open.begin(), open.end(), random);
        starts.emplace_back(open.begin(), open.begin() + 40);
        goals.emplace_back(open.begin() + 40, open.begin() + 80);
        expected.push_back(
            static_cast<double>(plan_mapf(graph, starts.back(), goals.back()).steps.size()));
    }
    expect_same_answers_on_every_thread(expected, [&](std::size_t query, int) {
        return static_cast<double>(plan_mapf(graph, starts[query], goals[query]).steps.size());
    });
}

}  // namespace
}  // namespace pathkit
