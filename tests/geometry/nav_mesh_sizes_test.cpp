// NavMesh radius classes: paths for agents of several sizes on one mesh, each exact against a
// visibility graph built for its class's radius, through edits, and refusals of bad radii.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

// Walls just outside the bounds `0..width` x `0..height`: the visibility graph, which has no
// bounds, cannot walk round the outside either.
std::vector<Obstacle> frame(float width, float height) {
    return {rectangle(-10, -10, 0, height + 10), rectangle(width, -10, width + 10, height + 10),
            rectangle(-10, -10, width + 10, 0), rectangle(-10, height, width + 10, height + 10)};
}

PlanePath path_for(const NavMesh& mesh, Point2 from, Point2 to, float radius) {
    return mesh.find_path(from, to, thread_plane_query_context(), {}, NavMeshQuery::Optimal,
                          radius);
}

ObstacleGraph graph_with(const std::vector<Obstacle>& obstacles, float radius) {
    ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
    EXPECT_TRUE(graph.add_obstacles(obstacles).has_value());
    return graph;
}

// A wall across the world with a gap 2 wide in the middle and a way round at the right end,
// 4 wide (the frame round the world is not drawn).
//
// clang-format off
//   (0,20) +------------------------------+
//          |               S              |   S (15, 16)
//          |                              |
//          |##############  ##########    |   wall y 9..11: x 0..14 and 16..26
//          |                              |
//          |               G              |   G (15, 4)
//   (0, 0) +------------------------------+ (30, 0)
// clang-format on
std::vector<Obstacle> wall_with_a_gap() {
    std::vector<Obstacle> obstacles = frame(30, 20);
    obstacles.push_back(rectangle(0, 9, 14, 11));
    obstacles.push_back(rectangle(16, 9, 26, 11));
    return obstacles;
}

TEST(NavMeshSizes, ASmallAgentTakesAGapThatALargeOneMustGoAround) {
    NavMesh mesh =
        NavMesh::create({0, 0}, {30, 20}, {.buffer_radius = 0.25f, .radius_classes = {1.5f}})
            .value();
    ASSERT_TRUE(mesh.add_obstacles(wall_with_a_gap()).has_value());
    mesh.triangulate();
    const Point2 start{15, 16}, goal{15, 4};
    const PlanePath small = path_for(mesh, start, goal, 0.25f);
    ASSERT_TRUE(small.found()) << small.message;
    EXPECT_NEAR(small.cost, 12, 1e-4);  // straight through the gap
    const PlanePath large = path_for(mesh, start, goal, 1.5f);
    ASSERT_TRUE(large.found()) << large.message;
    EXPECT_GT(large.cost, 20);  // round the right end of the wall
    for (std::size_t corner = 1; corner + 1 < large.path.size(); ++corner)
        EXPECT_GT(large.path[corner].x, 16) << "the large agent's path goes through the gap";
    // Each as long as the visibility graph for its radius says.
    EXPECT_NEAR(large.cost, graph_with(wall_with_a_gap(), 1.5f).find_path(start, goal).cost, 1e-3);
    // The plain query is the mesh's own radius, as before.
    EXPECT_NEAR(mesh.find_path(start, goal).cost, small.cost, 1e-6);
    // A radius between the classes rounds up to the larger one.
    EXPECT_NEAR(path_for(mesh, start, goal, 0.6f).cost, large.cost, 1e-6);
    EXPECT_NEAR(path_for(mesh, start, goal, 0.1f).cost, small.cost, 1e-6);
}

TEST(NavMeshSizes, AClassIsBuiltAtItsFirstQueryOnlyAndReportsItsSizeAndBuildTime) {
    NavMesh mesh = NavMesh::create({0, 0}, {30, 20},
                                   {.buffer_radius = 0.25f, .radius_classes = {2, 0.5f, 1, 0.25f}})
                       .value();
    ASSERT_TRUE(mesh.add_obstacles(wall_with_a_gap()).has_value());
    mesh.triangulate();
    EXPECT_EQ(mesh.radius_classes(), (std::vector<float>{0.25f, 0.5f, 1, 2}));
    std::vector<RadiusClassStats> stats = mesh.radius_class_stats();
    ASSERT_EQ(stats.size(), 4u);
    EXPECT_TRUE(stats[0].built);
    EXPECT_GT(stats[0].memory_bytes, 0u);
    EXPECT_EQ(stats[0].memory_bytes, mesh.memory_bytes());
    for (std::size_t index = 1; index < 4; ++index)
        EXPECT_FALSE(stats[index].built) << index;
    ASSERT_TRUE(path_for(mesh, {15, 16}, {15, 4}, 0.9f).found());
    stats = mesh.radius_class_stats();
    EXPECT_FALSE(stats[1].built);
    ASSERT_TRUE(stats[2].built);
    EXPECT_FALSE(stats[3].built);
    EXPECT_EQ(stats[2].radius, 1);
    EXPECT_GT(stats[2].triangles, 0u);
    EXPECT_GT(stats[2].memory_bytes, 0u);
    EXPECT_GT(stats[2].build_seconds, 0);
}

TEST(NavMeshSizes, OnRandomScenesEachClassIsExactAgainstAVisibilityGraphOfItsRadius) {
    std::mt19937 random(2801);
    std::uniform_real_distribution<float> place(2, 98), size_of(2, 14), unit(0, 1);
    const std::vector<float> classes{0.25f, 0.75f, 1.5f, 3};
    int compared = 0, differ = 0;
    for (int scene = 0; scene < 6; ++scene) {
        std::vector<Obstacle> obstacles = frame(100, 100);
        for (int index = 0; index < 24; ++index) {
            const float x = place(random), y = place(random);
            obstacles.push_back(unit(random) < 0.5f
                                    ? rectangle(x, y, x + size_of(random), y + 1.5f)
                                    : rectangle(x, y, x + 1.5f, y + size_of(random)));
        }
        NavMesh mesh =
            NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 0.25f, .radius_classes = classes})
                .value();
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        mesh.triangulate();
        std::vector<ObstacleGraph> graphs;
        for (const float radius : classes)
            graphs.push_back(graph_with(obstacles, radius));
        for (int query = 0; query < 60; ++query) {
            const Point2 from{place(random), place(random)}, to{place(random), place(random)};
            const float radius = unit(random) * 3;  // rounded up to a class
            const std::size_t chosen = static_cast<std::size_t>(
                std::lower_bound(classes.begin(), classes.end(), radius) - classes.begin());
            const ObstacleGraph& graph = graphs[chosen];
            if (graph.is_inside_obstacle(from) || graph.is_inside_obstacle(to)) continue;
            const PlanePath expected = graph.find_path(from, to);
            const PlanePath path = path_for(mesh, from, to, radius);
            SCOPED_TRACE("scene " + std::to_string(scene) + " radius " + std::to_string(radius) +
                         " from " + to_string(from) + " to " + to_string(to));
            if (path.status == SearchStatus::InvalidInput) continue;  // an end on a buffer's edge
            ASSERT_EQ(path.found(), expected.found()) << path.message;
            ++compared;
            if (!path.found()) continue;
            EXPECT_NEAR(path.cost, expected.cost, 1e-3 * (1 + expected.cost));
            const PlanePath thinnest = path_for(mesh, from, to, 0);
            if (thinnest.found() && thinnest.cost + 1e-3f < path.cost) ++differ;
        }
    }
    std::printf("%d queries compared, %d longer than the thinnest agent's\n", compared, differ);
    EXPECT_GT(compared, 200);
    EXPECT_GT(differ, 20);  // sizes matter in these scenes
}

// Edits go to every class built, and a class built after them sees them too: per class, the
// lengths equal those of a mesh made afresh with that radius and the obstacles left.
TEST(NavMeshSizes, EditsReachEveryClassAndQueriesEqualAFreshMeshOfThatRadius) {
    std::mt19937 random(2802);
    std::uniform_real_distribution<float> place(5, 95), size_of(2, 12), unit(0, 1);
    const std::vector<float> classes{0.5f, 1, 2};
    NavMesh mesh =
        NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 0, .radius_classes = classes})
            .value();
    std::vector<Obstacle> shapes;  // by id, as they are now
    std::vector<bool> present;
    const auto add = [&](int count) {
        std::vector<Obstacle> batch;
        for (int index = 0; index < count; ++index) {
            const float x = place(random), y = place(random);
            batch.push_back(unit(random) < 0.5f ? rectangle(x, y, x + size_of(random), y + 2)
                                                : rectangle(x, y, x + 2, y + size_of(random)));
        }
        const auto ids = mesh.add_obstacles(batch);
        ASSERT_TRUE(ids.has_value());
        for (std::size_t index = 0; index < batch.size(); ++index) {
            ASSERT_EQ(ids.value()[index].index(), shapes.size());
            shapes.push_back(batch[index]);
            present.push_back(true);
        }
    };
    add(20);
    mesh.triangulate();
    ASSERT_TRUE(path_for(mesh, {1, 1}, {99, 99}, 1).status != SearchStatus::InvalidInput);
    for (int round = 0; round < 8; ++round) {
        // Some removed, some moved, some added, a link now and then; then a repair.
        for (int edit = 0; edit < 4; ++edit) {
            const auto id = static_cast<std::uint32_t>(random() % shapes.size());
            if (!present[id]) continue;
            if (edit % 2 == 0) {
                ASSERT_TRUE(mesh.remove_obstacles(std::vector{ObstacleId(id)}));
                present[id] = false;
            } else {
                const Point2 offset{unit(random) * 6 - 3, unit(random) * 6 - 3};
                ASSERT_TRUE(mesh.move_obstacle(ObstacleId(id), offset));
                shapes[id] = shapes[id].moved_by(offset);
            }
        }
        add(2);
        if (round == 5) {
            mesh.triangulate();
        } else {
            mesh.update();
        }
        if (round == 3) {
            // A class built only now, after every edit so far.
            ASSERT_FALSE(mesh.radius_class_stats()[3].built);
        }
        std::vector<Obstacle> left;
        for (std::size_t id = 0; id < shapes.size(); ++id)
            if (present[id]) left.push_back(shapes[id]);
        for (std::size_t chosen = 0; chosen < classes.size(); ++chosen) {
            if (chosen == 2 && round < 3) continue;  // the largest class waits
            const float radius = classes[chosen];
            NavMesh fresh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = radius}).value();
            ASSERT_TRUE(fresh.add_obstacles(left).has_value());
            fresh.triangulate();
            for (int query = 0; query < 12; ++query) {
                const Point2 from{place(random), place(random)}, to{place(random), place(random)};
                const PlanePath expected = fresh.find_path(from, to);
                const PlanePath path = path_for(mesh, from, to, radius);
                SCOPED_TRACE("round " + std::to_string(round) + " radius " +
                             std::to_string(radius) + " from " + to_string(from) + " to " +
                             to_string(to));
                ASSERT_EQ(path.status, expected.status)
                    << path.message << " / " << expected.message;
                if (path.found()) {
                    EXPECT_NEAR(path.cost, expected.cost, 1e-3 * (1 + path.cost));
                }
            }
        }
    }
    EXPECT_TRUE(mesh.radius_class_stats()[3].built);
}

// A ladder over a wall: every class may climb it, unless its wider buffer covers an end.
//
// clang-format off
//   +--------------------+
//   |   S        L       |   L: a ladder from (12, 13) to (12, 7)
//   |####################|   the wall, y 9..11
//   |   G        L       |
//   +--------------------+
// clang-format on
TEST(NavMeshSizes, LinksReachEveryClassAndAClassWhoseBufferCoversAnEndDoesNotUseIt) {
    NavMesh mesh =
        NavMesh::create({0, 0}, {20, 20}, {.buffer_radius = 0, .radius_classes = {1, 2.5f}})
            .value();
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(0, 9, 20, 11)}).has_value());
    mesh.triangulate();
    ASSERT_EQ(path_for(mesh, {4, 16}, {4, 4}, 1).status, SearchStatus::NoPath);  // built now
    const auto ladder = mesh.add_link({12, 13}, {12, 7});
    ASSERT_TRUE(ladder.has_value());
    EXPECT_TRUE(path_for(mesh, {4, 16}, {4, 4}, 0).found());
    const PlanePath climbed = path_for(mesh, {4, 16}, {4, 4}, 1);
    ASSERT_TRUE(climbed.found()) << climbed.message;
    EXPECT_EQ(climbed.links.size(), 1u);
    // Grown by 2.5, the wall covers both ends (2 from it): that class has no way across.
    EXPECT_EQ(path_for(mesh, {4, 16}, {4, 4}, 2.5f).status, SearchStatus::NoPath);
    ASSERT_TRUE(mesh.remove_link(ladder.value()));
    EXPECT_EQ(path_for(mesh, {4, 16}, {4, 4}, 1).status, SearchStatus::NoPath);
}

TEST(NavMeshSizes, BadRadiiAreRefusedWithAReason) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    NavMesh mesh =
        NavMesh::create({0, 0}, {30, 20}, {.buffer_radius = 0.25f, .radius_classes = {1}}).value();
    ASSERT_TRUE(mesh.add_obstacles(wall_with_a_gap()).has_value());
    mesh.triangulate();
    for (const float radius : {-1.0f, nan, std::numeric_limits<float>::infinity()}) {
        const PlanePath path = path_for(mesh, {15, 16}, {15, 4}, radius);
        EXPECT_EQ(path.status, SearchStatus::InvalidInput);
        EXPECT_NE(path.message.find("must be finite and >= 0"), std::string::npos) << path.message;
        EXPECT_FALSE(mesh.radius_class_mesh(radius).has_value());
    }
    const PlanePath too_large = path_for(mesh, {15, 16}, {15, 4}, 1.5f);
    EXPECT_EQ(too_large.status, SearchStatus::InvalidInput);
    EXPECT_NE(
        too_large.message.find("no radius class holds agents of radius 1.5 (the largest is 1)"),
        std::string::npos)
        << too_large.message;
    // Classes refused when the mesh is made: NaN, negative, larger than the world, too many.
    const auto refused = [](const std::vector<float>& classes) {
        const auto made = NavMesh::create({0, 0}, {30, 20}, {.radius_classes = classes});
        return made.has_value() ? std::string() : made.error().message();
    };
    EXPECT_NE(refused({1, nan}).find("radius class 1"), std::string::npos);
    EXPECT_NE(refused({-2}).find("radius class 0"), std::string::npos);
    EXPECT_NE(refused({11}).find("does not fit in the world (its smaller side is 20)"),
              std::string::npos)
        << refused({11});
    EXPECT_NE(refused(std::vector<float>(17, 1)).find("over the limit of 16"), std::string::npos);
    EXPECT_EQ(refused({10, 10, 0}), "");  // as large as fits; repeats are one class
    // An obstacle that fits the mesh's own radius but not its largest class is refused whole.
    NavMesh edge = NavMesh::create({0, 0}, {30, 20}, {.radius_classes = {5}}).value();
    const auto far =
        edge.add_obstacles(std::vector{rectangle(0, 0, 1, 1), rectangle(999'997, 0, 999'999, 1)});
    ASSERT_FALSE(far.has_value());
    EXPECT_NE(far.error().message().find("obstacle 1 (radius class 5)"), std::string::npos)
        << far.error().message();
    edge.triangulate();
    EXPECT_EQ(edge.triangle_count(), 2u);  // nothing was added
}
}  // namespace
}  // namespace pathkit
