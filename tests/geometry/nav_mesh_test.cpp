// NavMesh: triangles that cover free space, smooth paths never shorter than the optimum.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

NavMesh make_mesh(const std::vector<Obstacle>& obstacles, float radius = 0,
                  MeshNodes nodes = MeshNodes::EdgeMidpoints, float size = 20) {
    auto made = NavMesh::create({0, 0}, {size, size}, {.buffer_radius = radius, .nodes = nodes});
    EXPECT_TRUE(made.has_value()) << made.error().message();
    NavMesh mesh = std::move(made).value();
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    mesh.triangulate();
    return mesh;
}

double area(const MeshTriangle& t) {
    return ((t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[1].y - t[0].y) * (t[2].x - t[0].x)) / 2.0;
}

// A 20 x 20 world with a 4 x 4 block in the middle, grown by 1 to 6 x 6:
//
//   +--------------------+
//   |                    |
//   |       ######       |
//   |  S    ######    G  |
//   |       ######       |
//   |                    |
//   +--------------------+
TEST(NavMesh, TrianglesCoverTheFreeSpaceExactlyAndCounterClockwise) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    double total = 0;
    for (const MeshTriangle& triangle : mesh.triangles()) {
        EXPECT_GT(area(triangle), 0);
        total += area(triangle);
    }
    EXPECT_NEAR(total, 20.0 * 20 - 6.0 * 6, 1e-3);
    EXPECT_TRUE(mesh.triangle_at({2, 2}).has_value());
    EXPECT_FALSE(mesh.triangle_at({10, 10}).has_value()) << "inside the block";
    EXPECT_FALSE(mesh.triangle_at({7.5f, 10}).has_value()) << "inside the buffer";
    EXPECT_TRUE(mesh.is_inside_obstacle({7.5f, 10}));
    EXPECT_FALSE(mesh.triangle_at({25, 10}).has_value()) << "outside the bounds";
    EXPECT_FALSE(mesh.is_inside_obstacle({25, 10}));
}

TEST(NavMesh, EveryNodeModeFindsThePathAroundTheBlockAndTheFunnelMakesItTaut) {
    const Point2 start{3, 10}, goal{17, 10};
    // The optimum hugs two grown corners: 3,10 -> 7,7 -> 13,7 -> 17,10 (or the mirror).
    const double optimum = 2 * std::hypot(4.0, 3.0) + 6;
    for (MeshNodes nodes : {MeshNodes::Vertices, MeshNodes::Centers, MeshNodes::EdgeMidpoints,
                            MeshNodes::Vertices | MeshNodes::Centers | MeshNodes::EdgeMidpoints}) {
        const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1, nodes);
        EXPECT_GT(mesh.node_count(), 0u);
        const PlanePath path =
            mesh.find_path(start, goal, thread_plane_query_context(), {}, NavMeshQuery::Funnel);
        ASSERT_TRUE(path.found()) << static_cast<unsigned>(nodes) << ": " << path.message;
        EXPECT_EQ(path.path.front(), start);
        EXPECT_EQ(path.path.back(), goal);
        EXPECT_GE(path.cost, optimum - 1e-4);
        EXPECT_NEAR(path.cost, optimum, 1e-3) << "the funnel pulls the corridor taut here";
        EXPECT_EQ(path.path.size(), 4u);
    }
}

TEST(NavMesh, ObstacleEditsTakeEffectOnlyAtTheExplicitTriangulate) {
    NavMesh mesh = make_mesh({});
    EXPECT_FALSE(mesh.needs_triangulation());
    EXPECT_EQ(mesh.triangle_count(), 2u) << "an empty square is two triangles";
    const auto wall = mesh.add_obstacles(std::vector{rectangle(9, 0, 11, 18)});
    ASSERT_TRUE(wall.has_value());
    EXPECT_TRUE(mesh.needs_triangulation());
    EXPECT_NEAR(mesh.find_path({2, 2}, {18, 2}).cost, 16, 1e-4) << "the old mesh still answers";
    mesh.triangulate();
    const PlanePath around = mesh.find_path({2, 2}, {18, 2});
    ASSERT_TRUE(around.found());
    EXPECT_GT(around.cost, 30);
    ASSERT_TRUE(mesh.remove_obstacles(wall.value()).ok());
    mesh.triangulate();
    EXPECT_NEAR(mesh.find_path({2, 2}, {18, 2}).cost, 16, 1e-4);
}

TEST(NavMesh, ItsLastChangeHoldsEveryGrownObstacleAddedOrRemovedSinceTheTriangulationBefore) {
    NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 2}).value();
    mesh.triangulate();
    EXPECT_TRUE(mesh.last_change().everywhere) << "the first triangulation";
    const ObstacleId box = mesh.add_obstacles(std::vector{rectangle(10, 10, 20, 20)}).value()[0];
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(60, 70, 61, 71)}).has_value());
    mesh.triangulate();
    const MeshChange& added = mesh.last_change();
    EXPECT_EQ(added.revision, mesh.revision());
    EXPECT_FALSE(added.everywhere);
    // Both boxes grown by 2: 8..22 and 58..63 x 68..73, a hundredth wider each way.
    EXPECT_NEAR(added.min.x, 8, 0.05f);
    EXPECT_NEAR(added.min.y, 8, 0.05f);
    EXPECT_NEAR(added.max.x, 63, 0.05f);
    EXPECT_NEAR(added.max.y, 73, 0.05f);
    EXPECT_TRUE(added.touches_segment({0, 0}, {9, 9}));
    EXPECT_TRUE(added.touches_segment({15, 0}, {15, 100})) << "crosses without an end inside";
    EXPECT_FALSE(added.touches_segment({30, 0}, {30, 100})) << "between the two boxes";
    EXPECT_FALSE(added.touches_segment({0, 90}, {100, 90}));
    EXPECT_FALSE(added.touches_segment({70, 0}, {100, 50}));
    mesh.triangulate();
    EXPECT_FALSE(mesh.last_change().touches_segment({0, 0}, {100, 100})) << "nothing changed";
    ASSERT_TRUE(mesh.remove_obstacles(std::vector{box}));
    mesh.triangulate();
    EXPECT_NEAR(mesh.last_change().max.x, 22, 0.05f) << "only the removed box";
    mesh.remove_all_obstacles();
    mesh.triangulate();
    EXPECT_TRUE(mesh.last_change().everywhere);
}

// A cart moved step by step across a doorway keeps its id; after each move the mesh answers as
// a mesh built with the cart where it now stands, and its last change holds where it was and
// where it is.
TEST(NavMesh, AMovedObstacleKeepsItsIdAndAnswersAsAMeshBuiltWithItThere) {
    const std::vector<Obstacle> walls{rectangle(40, 0, 42, 45), rectangle(40, 55, 42, 100)};
    NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 1}).value();
    ASSERT_TRUE(mesh.add_obstacles(walls).has_value());
    const ObstacleId cart = mesh.add_obstacles(std::vector{rectangle(20, 48, 24, 52)}).value()[0];
    mesh.triangulate();
    for (int step = 1; step <= 12; ++step) {
        ASSERT_TRUE(mesh.move_obstacle(cart, {2, 0}));
        mesh.triangulate();
        const float left = 20 + 2.0f * static_cast<float>(step);
        NavMesh fresh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 1}).value();
        ASSERT_TRUE(fresh.add_obstacles(walls).has_value());
        ASSERT_TRUE(
            fresh.add_obstacles(std::vector{rectangle(left, 48, left + 4, 52)}).has_value());
        fresh.triangulate();
        for (const auto& [from, to] :
             {std::pair{Point2{5, 50}, Point2{95, 50}}, std::pair{Point2{5, 10}, Point2{95, 90}}}) {
            const PlanePath moved = mesh.find_path(from, to), built = fresh.find_path(from, to);
            ASSERT_EQ(moved.status, built.status) << "step " << step;
            if (built.found()) {
                EXPECT_NEAR(moved.cost, built.cost, 1e-4f * built.cost);
            }
        }
        EXPECT_NEAR(mesh.last_change().min.x, left - 2 - 1, 0.05f) << "where it was, grown";
        EXPECT_NEAR(mesh.last_change().max.x, left + 4 + 1, 0.05f) << "where it is, grown";
    }
    EXPECT_FALSE(mesh.move_obstacle(ObstacleId(99), {1, 0}));
    EXPECT_FALSE(mesh.move_obstacle(cart, {NAN, 0}));
    const Status far = mesh.move_obstacle(cart, {3e6f, 0});
    EXPECT_FALSE(far);
    EXPECT_NE(far.message().find("moved"), std::string::npos) << far.message();
    EXPECT_FALSE(mesh.needs_triangulation()) << "refused moves change nothing";
}

// A triangle standing on part of a wall's top edge. The free space outside both comes back
// from the polygon clipper as an outer ring along the wall's top and the triangle as a hole
// touching that edge over a stretch; counted as two borders there, the triangle was free.
//
//   |    #
//   |    # #
//   |    #   #
//   |##########
//   |##########
//   +----------
TEST(NavMesh, AnObstacleStandingOnPartOfAnotherOnesEdgeIsBlockedToo) {
    const NavMesh mesh =
        make_mesh({rectangle(-1, 1, 8, 4), Obstacle::polygon({{2, 4}, {5, 4}, {2, 7}})}, 0,
                  MeshNodes::EdgeMidpoints, 40);
    EXPECT_TRUE(mesh.is_inside_obstacle({2.5f, 4.5f}));
    double free = 0;
    for (const MeshTriangle& triangle : mesh.triangles())
        free += area(triangle);
    EXPECT_NEAR(free, 40 * 40 - 8 * 3 - 4.5, 1e-3);
}

TEST(NavMesh, BadPointsAndBoundsGetAClearStatus) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    const PlanePath outside = mesh.find_path({-1, 5}, {5, 5});
    EXPECT_EQ(outside.status, SearchStatus::InvalidInput);
    EXPECT_NE(outside.message.find("outside the mesh bounds"), std::string::npos);
    const PlanePath inside = mesh.find_path({2, 2}, {10, 10});
    EXPECT_EQ(inside.status, SearchStatus::InvalidInput);
    EXPECT_NE(inside.message.find("goal"), std::string::npos);
    EXPECT_EQ(mesh.find_path({NAN, 2}, {2, 2}).status, SearchStatus::InvalidInput);
    EXPECT_FALSE(NavMesh::create({5, 5}, {5, 9}).has_value()) << "empty bounds";
    EXPECT_FALSE(NavMesh::create({0, 0}, {5, 5}, {.buffer_radius = -2}).has_value());
    EXPECT_FALSE(NavMesh::create({0, 0}, {5, 5}, {.nodes = MeshNodes{}}).has_value());
    auto fresh = std::move(NavMesh::create({0, 0}, {5, 5}).value());
    EXPECT_EQ(fresh.find_path({1, 1}, {2, 2}).status, SearchStatus::InvalidInput)
        << "not triangulated yet";
    // Walled in: the goal's pocket has no way out.
    const NavMesh walled = make_mesh({rectangle(4, 4, 16, 5), rectangle(4, 15, 16, 16),
                                      rectangle(4, 4, 5, 16), rectangle(15, 4, 16, 16)});
    EXPECT_EQ(walled.find_path({1, 1}, {10, 10}).status, SearchStatus::NoPath);
}

TEST(NavMesh, OnRandomScenesPathsAreValidAndNeverShorterThanTheVisibilityOptimum) {
    std::mt19937 random(11);
    std::uniform_real_distribution<float> place(10, 90);
    std::uniform_real_distribution<float> size_of(2, 8);
    double worst_ratio = 1, ratio_sum = 0;
    int compared = 0;
    for (int scene = 0; scene < 10; ++scene) {
        std::vector<Obstacle> obstacles;
        for (int index = 0; index < 15; ++index) {
            const float x = place(random), y = place(random), w = size_of(random),
                        h = size_of(random);
            obstacles.push_back(Obstacle::polygon({{x, y}, {x + w, y + h / 2}, {x, y + h}}));
        }
        const float radius = static_cast<float>(scene % 3);
        const MeshNodes nodes =
            scene % 2 ? MeshNodes::Vertices | MeshNodes::EdgeMidpoints : MeshNodes::EdgeMidpoints;
        auto made =
            NavMesh::create({-20, -20}, {120, 120}, {.buffer_radius = radius, .nodes = nodes});
        NavMesh mesh = std::move(made).value();
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        mesh.triangulate();
        ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
        ASSERT_TRUE(graph.add_obstacles(obstacles).has_value());
        for (int query = 0; query < 20; ++query) {
            const Point2 from{place(random), place(random)}, to{place(random), place(random)};
            if (graph.is_inside_obstacle(from) || graph.is_inside_obstacle(to)) continue;
            const PlanePath optimal = graph.find_path(from, to);
            const PlanePath smooth =
                mesh.find_path(from, to, thread_plane_query_context(), {}, NavMeshQuery::Funnel);
            ASSERT_EQ(optimal.found(), smooth.found()) << smooth.message;
            if (!optimal.found()) continue;
            EXPECT_GE(smooth.cost, optimal.cost * (1 - 1e-5) - 1e-4) << "scene " << scene;
            for (std::size_t leg = 1; leg < smooth.path.size(); ++leg)
                EXPECT_TRUE(graph.can_see(smooth.path[leg - 1], smooth.path[leg]))
                    << "scene " << scene << " leg " << leg << " enters an obstacle";
            const double ratio = smooth.cost / std::max(optimal.cost, 1e-6f);
            worst_ratio = std::max(worst_ratio, ratio);
            ratio_sum += ratio;
            ++compared;
        }
    }
    ASSERT_GT(compared, 100);
    RecordProperty("mean_ratio_to_optimum", std::to_string(ratio_sum / compared));
    RecordProperty("worst_ratio_to_optimum", std::to_string(worst_ratio));
    std::printf("navmesh length / optimum over %d queries: mean %.4f, worst %.4f\n", compared,
                ratio_sum / compared, worst_ratio);
    EXPECT_LT(ratio_sum / compared, 1.1) << "the funnel should stay close to the optimum";
}

TEST(NavMesh, AnObstacleCoveringTheWholeWorldLeavesNoTrianglesAndEveryQueryInvalid) {
    // Found by fuzzing: the free space was empty, and the triangulation had no faces to walk.
    const NavMesh mesh =
        make_mesh({Obstacle::circle({10, 10}, 40)}, 0, MeshNodes::EdgeMidpoints, 20);
    EXPECT_EQ(mesh.triangle_count(), 0u);
    const PlanePath path = mesh.find_path({1, 1}, {19, 19});
    EXPECT_EQ(path.status, SearchStatus::InvalidInput) << path.message;
}

}  // namespace
}  // namespace pathkit
