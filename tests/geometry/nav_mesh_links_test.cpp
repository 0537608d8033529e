// NavMesh links: ladders, ledges and teleporters that the optimal query may cross at their cost,
// checked against a visibility graph's distances between the links' ends.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "geometry/link_oracle.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

using test_oracles::LinkSpec;
using test_oracles::shortest_with_links;

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

NavMesh mesh_with(const std::vector<Obstacle>& obstacles, float size = 20, float radius = 0) {
    NavMesh mesh = NavMesh::create({0, 0}, {size, size}, {.buffer_radius = radius}).value();
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    mesh.triangulate();
    return mesh;
}

// A wall right across the world: nothing walks from one half to the other.
//
//   +--------------------+
//   |   S           L    |   L: a ladder over the wall, from (15, 12) to (15, 8)
//   |####################|
//   |   G           L    |
//   +--------------------+
std::vector<Obstacle> wall_across() {
    return {rectangle(0, 9, 20, 11)};
}

TEST(NavMeshLinks, ALadderOverAWallIsTheOnlyWayAcrossAndThePathSaysWhereItIsClimbed) {
    NavMesh mesh = mesh_with(wall_across());
    EXPECT_EQ(mesh.find_path({3, 15}, {3, 5}).status, SearchStatus::NoPath);
    const auto ladder = mesh.add_link({15, 12}, {15, 8}, {.cost = 10});
    ASSERT_TRUE(ladder.has_value()) << ladder.error().message();
    const PlanePath path = mesh.find_path({3, 15}, {3, 5});
    ASSERT_EQ(path.status, SearchStatus::Found) << path.message;
    const float walk = std::hypot(12.0f, 3.0f);
    EXPECT_NEAR(path.cost, walk + 10 + walk, 1e-3);
    ASSERT_EQ(path.links.size(), 1u);
    EXPECT_EQ(path.links[0].link, ladder.value());
    EXPECT_EQ(path.path[path.links[0].segment], (Point2{15, 12}));
    EXPECT_EQ(path.path[path.links[0].segment + 1], (Point2{15, 8}));
    EXPECT_TRUE(mesh.are_connected({3, 15}, {3, 5}));
    EXPECT_TRUE(mesh.are_connected({3, 5}, {3, 15}));  // a ladder goes both ways
}

TEST(NavMeshLinks, ALedgeIsJumpedDownButNeverClimbed) {
    NavMesh mesh = mesh_with(wall_across());
    ASSERT_TRUE(mesh.add_link({15, 12}, {15, 8}, {.bidirectional = false}).has_value());
    EXPECT_EQ(mesh.find_path({3, 15}, {3, 5}).status, SearchStatus::Found);
    EXPECT_EQ(mesh.find_path({3, 5}, {3, 15}).status, SearchStatus::NoPath);
    EXPECT_TRUE(mesh.are_connected({3, 15}, {3, 5}));
    EXPECT_FALSE(mesh.are_connected({3, 5}, {3, 15}));
}

TEST(NavMeshLinks, ATeleporterCheaperThanWalkingIsTakenEvenWithinOneTriangle) {
    NavMesh mesh = mesh_with({});
    const Point2 from{1, 1}, to{19, 19};
    ASSERT_TRUE(mesh.add_link({2, 2}, {18, 18}, {.cost = 0}).has_value());
    const PlanePath path = mesh.find_path(from, to);
    ASSERT_EQ(path.status, SearchStatus::Found);
    EXPECT_NEAR(path.cost, 2 * std::sqrt(2.0f), 1e-4);
    EXPECT_EQ(path.links.size(), 1u);
    // A teleporter that saves nothing is not taken.
    NavMesh plain = mesh_with({});
    ASSERT_TRUE(plain.add_link({2, 2}, {18, 18}, {.cost = 100}).has_value());
    EXPECT_NEAR(plain.find_path(from, to).cost, distance(Point3{1, 1, 0}, Point3{19, 19, 0}), 1e-4);
    EXPECT_TRUE(plain.find_path(from, to).links.empty());
}

TEST(NavMeshLinks, ALinkWhoseEndAnObstacleCoversIsNotUsedUntilTheEndIsFreeAgain) {
    NavMesh mesh = mesh_with(wall_across());
    ASSERT_TRUE(mesh.add_link({15, 12}, {15, 8}).has_value());
    const auto crate = mesh.add_obstacles(std::vector{rectangle(14, 7, 16, 9)});
    ASSERT_TRUE(crate.has_value());
    mesh.update();
    EXPECT_EQ(mesh.find_path({3, 15}, {3, 5}).status, SearchStatus::NoPath);
    ASSERT_TRUE(mesh.remove_obstacles(crate.value()));
    mesh.update();
    EXPECT_EQ(mesh.find_path({3, 15}, {3, 5}).status, SearchStatus::Found);
}

TEST(NavMeshLinks, BadLinksAreRefusedAndNothingIsAdded) {
    NavMesh mesh = mesh_with(wall_across());
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(mesh.add_link({nan, 1}, {5, 5}).has_value());
    EXPECT_FALSE(mesh.add_link({-1, 1}, {5, 5}).has_value());  // outside the bounds
    EXPECT_FALSE(mesh.add_link({5, 10}, {5, 5}).has_value());  // inside the wall
    EXPECT_FALSE(mesh.add_link({5, 5}, {5, 5}).has_value());   // one point
    EXPECT_FALSE(mesh.add_link({5, 5}, {5, 15}, {.cost = -1}).has_value());
    EXPECT_FALSE(mesh.add_link({5, 5}, {5, 15}, {.cost = std::numeric_limits<float>::infinity()})
                     .has_value());
    EXPECT_EQ(mesh.link_count(), 0u);
    EXPECT_FALSE(mesh.remove_link(LinkId(0)));
    const auto link = mesh.add_link({5, 5}, {5, 15});
    ASSERT_TRUE(link.has_value());
    ASSERT_TRUE(mesh.remove_link(link.value()));
    EXPECT_FALSE(mesh.remove_link(link.value()));
    EXPECT_EQ(mesh.find_path({3, 15}, {3, 5}).status, SearchStatus::NoPath);
}

TEST(NavMeshLinks, OnRandomScenesWithLaddersLedgesAndTeleportersLengthsEqualTheOracles) {
    std::mt19937 random(28);
    std::uniform_real_distribution<float> place(10, 90), size_of(2, 14), unit(0, 1);
    int found = 0, with_links = 0, compared = 0, apart = 0;
    for (int scene = 0; scene < 12; ++scene) {
        std::vector<Obstacle> obstacles;
        for (int index = 0; index < 18; ++index) {
            const float x = place(random), y = place(random);
            obstacles.push_back(unit(random) < 0.5f
                                    ? rectangle(x, y, x + size_of(random), y + 1.5f)
                                    : rectangle(x, y, x + 1.5f, y + size_of(random)));
        }
        if (scene % 3 == 0) {
            // A frame round the world (so that the graph, which has no bounds, cannot walk
            // round) and a wall across it: only links join the two halves.
            for (const Obstacle& wall : {rectangle(-10, -10, 0, 110), rectangle(100, -10, 110, 110),
                                         rectangle(-10, -10, 110, 0), rectangle(-10, 100, 110, 110),
                                         rectangle(-10, 49, 110, 51)})
                obstacles.push_back(wall);
        }
        const float radius = static_cast<float>(scene % 3) / 2;
        NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = radius}).value();
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        mesh.triangulate();
        ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
        ASSERT_TRUE(graph.add_obstacles(obstacles).has_value());
        std::vector<LinkSpec> links;
        const std::size_t link_count = scene % 3 == 0 ? 2 : 10;  // walled: a few, one way
        while (links.size() < link_count) {
            const Point2 a{place(random), place(random)}, b{place(random), place(random)};
            if (graph.is_inside_obstacle(a) || graph.is_inside_obstacle(b)) continue;
            const float straight = distance(Point3{a.x, a.y, 0}, Point3{b.x, b.y, 0});
            const float kind = unit(random);
            LinkSpec link{a, b,
                          kind < 0.5f ? straight * unit(random) / 2 : straight * (1 + unit(random)),
                          scene % 3 != 0 && unit(random) < 0.7f};
            const auto added =
                mesh.add_link(a, b, {.cost = link.cost, .bidirectional = link.both_ways});
            if (!added) continue;  // an end on the mesh's side of a buffer's rounding
            links.push_back(link);
        }
        for (int query = 0; query < 12; ++query) {
            const Point2 from{place(random), place(random)}, to{place(random), place(random)};
            if (graph.is_inside_obstacle(from) || graph.is_inside_obstacle(to) ||
                !mesh.triangle_at(from) || !mesh.triangle_at(to))
                continue;
            const double expected = shortest_with_links(graph, from, to, links);
            const PlanePath path = mesh.find_path(from, to);
            SCOPED_TRACE("scene " + std::to_string(scene) + " from " + to_string(from) + " to " +
                         to_string(to));
            ASSERT_EQ(path.found(), expected < INFINITY) << path.message;
            ASSERT_EQ(mesh.are_connected(from, to), path.found());
            ++compared;
            apart += path.found() ? 0 : 1;
            if (!path.found()) continue;
            ++found;
            with_links += path.links.empty() ? 0 : 1;
            EXPECT_NEAR(path.cost, expected, 1e-3 * (1 + expected));
            // Every segment is walked in free space or crosses a listed link, and they add up.
            double total = 0;
            std::size_t next_link = 0;
            for (std::size_t leg = 1; leg < path.path.size(); ++leg) {
                const Point2 a = path.path[leg - 1], b = path.path[leg];
                if (next_link < path.links.size() && path.links[next_link].segment == leg - 1) {
                    const auto link = path.links[next_link++].link;
                    total += links[link.index()].cost;
                    continue;
                }
                EXPECT_TRUE(graph.can_see(a, b)) << "leg " << leg << " enters an obstacle";
                total += distance(Point3{a.x, a.y, 0}, Point3{b.x, b.y, 0});
            }
            EXPECT_EQ(next_link, path.links.size());
            EXPECT_NEAR(total, path.cost, 1e-3 * (1 + total));
        }
    }
    std::printf("%d of %d queries found, %d of them crossing links; %d walled off\n", found,
                compared, with_links, apart);
    EXPECT_GT(with_links, 30);
    EXPECT_GT(apart, 3);
}

TEST(NavMeshLinks, TheFunnelClimbsTheLadderTooAndOnSimpleCasesMatchesTheExactLength) {
    NavMesh mesh = mesh_with(wall_across());
    const auto ladder = mesh.add_link({15, 12}, {15, 8}, {.cost = 10});
    ASSERT_TRUE(ladder.has_value());
    PlaneQueryContext context;
    for (const auto& [from, to] :
         {std::pair{Point2{3, 15}, Point2{3, 5}}, std::pair{Point2{15, 12}, Point2{15, 5}},
          std::pair{Point2{18, 18}, Point2{15, 8}}}) {
        const PlanePath exact = mesh.find_path(from, to);
        const PlanePath funnel = mesh.find_path(from, to, context, {}, NavMeshQuery::Funnel);
        ASSERT_EQ(funnel.status, SearchStatus::Found) << funnel.message;
        EXPECT_NEAR(funnel.cost, exact.cost, 1e-3);
        ASSERT_EQ(funnel.links.size(), 1u);
        EXPECT_EQ(funnel.links[0].link, ladder.value());
        EXPECT_EQ(funnel.path[funnel.links[0].segment], (Point2{15, 12}));
        EXPECT_EQ(funnel.path[funnel.links[0].segment + 1], (Point2{15, 8}));
    }
    // A teleporter within one triangle's reach: the funnel takes it as the exact query does.
    NavMesh open = mesh_with({});
    ASSERT_TRUE(open.add_link({2, 2}, {18, 18}, {.cost = 0}).has_value());
    const PlanePath jump = open.find_path({1, 1}, {19, 19}, context, {}, NavMeshQuery::Funnel);
    EXPECT_NEAR(jump.cost, 2 * std::sqrt(2.0f), 1e-4);
    EXPECT_EQ(jump.links.size(), 1u);
}

TEST(NavMeshLinks, OnRandomScenesTheFunnelWithLinksIsNeverShorterThanTheExactQuery) {
    std::mt19937 random(280);
    std::uniform_real_distribution<float> place(5, 95), size_of(2, 14), unit(0, 1);
    PlaneQueryContext context;
    int compared = 0, crossing = 0, equal = 0;
    for (int scene = 0; scene < 10; ++scene) {
        std::vector<Obstacle> obstacles;
        for (int index = 0; index < 20; ++index) {
            const float x = place(random), y = place(random);
            obstacles.push_back(unit(random) < 0.5f
                                    ? rectangle(x, y, x + size_of(random), y + 1.5f)
                                    : rectangle(x, y, x + 1.5f, y + size_of(random)));
        }
        if (scene % 2 == 0) obstacles.push_back(rectangle(0, 49, 100, 51));
        NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = 0.5f}).value();
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        mesh.triangulate();
        std::vector<LinkSpec> links;
        while (links.size() < 8) {
            const Point2 a{place(random), place(random)}, b{place(random), place(random)};
            const float straight = std::hypot(b.x - a.x, b.y - a.y);
            const LinkSpec link{a, b, straight * unit(random) * 1.5f, unit(random) < 0.7f};
            if (mesh.add_link(a, b, {.cost = link.cost, .bidirectional = link.both_ways}))
                links.push_back(link);
        }
        for (int query = 0; query < 15; ++query) {
            const Point2 from{place(random), place(random)}, to{place(random), place(random)};
            if (!mesh.triangle_at(from) || !mesh.triangle_at(to)) continue;
            SCOPED_TRACE("scene " + std::to_string(scene) + " from " + to_string(from) + " to " +
                         to_string(to));
            const PlanePath exact = mesh.find_path(from, to);
            const PlanePath funnel = mesh.find_path(from, to, context, {}, NavMeshQuery::Funnel);
            ASSERT_EQ(funnel.found(), exact.found()) << funnel.message;
            if (!exact.found()) continue;
            ++compared;
            crossing += funnel.links.empty() ? 0 : 1;
            equal += std::fabs(funnel.cost - exact.cost) <= 1e-3 * (1 + exact.cost) ? 1 : 0;
            EXPECT_GE(funnel.cost, exact.cost - 1e-3 * (1 + exact.cost));
            // Walked segments stay in free space; crossed ones join a link's ends; they add up.
            double total = 0;
            std::size_t next_link = 0;
            for (std::size_t leg = 1; leg < funnel.path.size(); ++leg) {
                const Point2 a = funnel.path[leg - 1], b = funnel.path[leg];
                if (next_link < funnel.links.size() && funnel.links[next_link].segment == leg - 1) {
                    const LinkSpec& link = links[funnel.links[next_link++].link.index()];
                    EXPECT_TRUE((a == link.from && b == link.to) ||
                                (link.both_ways && a == link.to && b == link.from));
                    total += link.cost;
                    continue;
                }
                EXPECT_TRUE(mesh.is_segment_free(a, b)) << "leg " << leg;
                total += std::hypot(b.x - a.x, b.y - a.y);
            }
            EXPECT_EQ(next_link, funnel.links.size());
            EXPECT_NEAR(total, funnel.cost, 1e-3 * (1 + total));
        }
    }
    std::printf("%d queries, %d crossing links, %d as short as the exact path\n", compared,
                crossing, equal);
    EXPECT_GT(crossing, 20);
}

}  // namespace
}  // namespace pathkit
