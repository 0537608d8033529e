// ObstacleGraph links: ladders, ledges and teleporters crossed by the visibility graph's query,
// checked against a Dijkstra over the links' ends and against NavMesh's exact query.
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

// A frame round the 20 x 20 world (the graph has no bounds) and a wall right across it:
// nothing walks from one half to the other.
//
//   +--------------------+
//   |   S           L    |   L: a ladder over the wall, from (15, 12) to (15, 8)
//   |####################|
//   |   G           L    |
//   +--------------------+
ObstacleGraph walled_world(float radius = 0) {
    ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
    const std::vector<Obstacle> walls{rectangle(-5, -5, 0, 25), rectangle(20, -5, 25, 25),
                                      rectangle(-5, -5, 25, 0), rectangle(-5, 20, 25, 25),
                                      rectangle(0, 9, 20, 11)};
    EXPECT_TRUE(graph.add_obstacles(walls).has_value());
    return graph;
}

TEST(ObstacleGraphLinks, ALadderOverAWallIsTheOnlyWayAcrossAndThePathSaysWhereItIsClimbed) {
    ObstacleGraph graph = walled_world();
    EXPECT_EQ(graph.find_path({3, 15}, {3, 5}).status, SearchStatus::NoPath);
    const auto ladder = graph.add_link({15, 12}, {15, 8}, {.cost = 10});
    ASSERT_TRUE(ladder.has_value()) << ladder.error().message();
    EXPECT_EQ(graph.link_count(), 1u);
    for (const auto& [from, to] :
         {std::pair{Point2{3, 15}, Point2{3, 5}}, std::pair{Point2{3, 5}, Point2{3, 15}}}) {
        const PlanePath path = graph.find_path(from, to);
        ASSERT_EQ(path.status, SearchStatus::Found) << path.message;
        EXPECT_NEAR(path.cost, 2 * std::hypot(12.0f, 3.0f) + 10, 1e-3);
        ASSERT_EQ(path.links.size(), 1u);
        EXPECT_EQ(path.links[0].link, ladder.value());
        const Point2 top{15, 12}, bottom{15, 8};
        EXPECT_EQ(path.path[path.links[0].segment], from.y > 10 ? top : bottom);
        EXPECT_EQ(path.path[path.links[0].segment + 1], from.y > 10 ? bottom : top);
    }
}

TEST(ObstacleGraphLinks, ALedgeIsJumpedDownButNeverClimbed) {
    ObstacleGraph graph = walled_world();
    ASSERT_TRUE(graph.add_link({15, 12}, {15, 8}, {.bidirectional = false}).has_value());
    EXPECT_EQ(graph.find_path({3, 15}, {3, 5}).status, SearchStatus::Found);
    EXPECT_EQ(graph.find_path({3, 5}, {3, 15}).status, SearchStatus::NoPath);
}

TEST(ObstacleGraphLinks, ATeleporterBeatsAStraightWalkAndOneThatSavesNothingIsNotTaken) {
    ObstacleGraph graph = std::move(ObstacleGraph::create().value());
    const Point2 from{1, 1}, to{19, 19};
    const auto teleporter = graph.add_link({2, 2}, {18, 18}, {.cost = 0});
    ASSERT_TRUE(teleporter.has_value());
    const PlanePath path = graph.find_path(from, to);
    ASSERT_EQ(path.status, SearchStatus::Found);
    EXPECT_NEAR(path.cost, 2 * std::sqrt(2.0f), 1e-4);
    ASSERT_EQ(path.links.size(), 1u);
    EXPECT_EQ(path.path, (std::vector<Point2>{from, {2, 2}, {18, 18}, to}));
    // Standing on its entrance: the path starts with the crossing.
    const PlanePath on_it = graph.find_path({2, 2}, to);
    EXPECT_EQ(on_it.path, (std::vector<Point2>{{2, 2}, {18, 18}, to}));
    ASSERT_EQ(on_it.links.size(), 1u);
    EXPECT_EQ(on_it.links[0].segment, 0u);
    ASSERT_TRUE(graph.remove_link(teleporter.value()));
    ASSERT_TRUE(graph.add_link({2, 2}, {18, 18}, {.cost = 100}).has_value());
    EXPECT_NEAR(graph.find_path(from, to).cost, std::hypot(18.0f, 18.0f), 1e-4);
    EXPECT_TRUE(graph.find_path(from, to).links.empty());
}

TEST(ObstacleGraphLinks, LinksThatMeetAtAPointAreTakenOneAfterTheOther) {
    ObstacleGraph graph = walled_world();
    // Down a ledge onto the wall's far side, then a teleporter back over it from the same spot.
    ASSERT_TRUE(graph.add_link({15, 12}, {15, 8}, {.cost = 1, .bidirectional = false}).has_value());
    ASSERT_TRUE(graph.add_link({15, 8}, {5, 12}, {.cost = 1, .bidirectional = false}).has_value());
    const PlanePath path = graph.find_path({17, 14}, {3, 14});
    ASSERT_EQ(path.status, SearchStatus::Found);
    EXPECT_EQ(path.links.size(), 2u);
    EXPECT_NEAR(path.cost, std::hypot(2.0f, 2.0f) + 2 + std::hypot(2.0f, 2.0f), 1e-3);
}

TEST(ObstacleGraphLinks, ALinkWhoseEndAnObstacleCoversIsNotUsedUntilTheEndIsFreeAgain) {
    ObstacleGraph graph = walled_world();
    ASSERT_TRUE(graph.add_link({15, 12}, {15, 8}).has_value());
    const std::size_t nodes = graph.node_count();
    const auto crate = graph.add_obstacles(std::vector{rectangle(14, 7, 16, 9)});
    ASSERT_TRUE(crate.has_value());
    EXPECT_EQ(graph.find_path({3, 15}, {3, 5}).status, SearchStatus::NoPath);
    ASSERT_TRUE(graph.remove_obstacles(crate.value()));
    EXPECT_EQ(graph.node_count(), nodes);
    EXPECT_EQ(graph.find_path({3, 15}, {3, 5}).status, SearchStatus::Found);
}

TEST(ObstacleGraphLinks, BadLinksAreRefusedAndNothingIsAdded) {
    ObstacleGraph graph = walled_world();
    const std::size_t nodes = graph.node_count();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(graph.add_link({nan, 1}, {5, 5}).has_value());
    EXPECT_FALSE(graph.add_link({1e30f, 1}, {5, 5}).has_value());  // out of range
    EXPECT_FALSE(graph.add_link({5, 10}, {5, 5}).has_value());     // inside the wall
    EXPECT_FALSE(graph.add_link({5, 5}, {5, 5}).has_value());      // one point
    EXPECT_FALSE(graph.add_link({5, 5}, {5, 15}, {.cost = -1}).has_value());
    EXPECT_FALSE(graph.add_link({5, 5}, {5, 15}, {.cost = std::numeric_limits<float>::infinity()})
                     .has_value());
    EXPECT_EQ(graph.link_count(), 0u);
    EXPECT_EQ(graph.node_count(), nodes);
    EXPECT_FALSE(graph.remove_link(LinkId(0)));
    const auto link = graph.add_link({5, 5}, {5, 15});
    ASSERT_TRUE(link.has_value());
    EXPECT_EQ(graph.node_count(), nodes + 2);
    for (NodeId node : graph.nodes()) {
        if (graph.position(node) == Point2{5, 5}) {
            EXPECT_FALSE(graph.remove_node(node));
        }
    }
    ASSERT_TRUE(graph.remove_link(link.value()));
    EXPECT_FALSE(graph.remove_link(link.value()));
    EXPECT_EQ(graph.node_count(), nodes);
    EXPECT_EQ(graph.find_path({3, 15}, {3, 5}).status, SearchStatus::NoPath);
}

// Every segment walks in free space or crosses a listed link, and they add up to the cost.
void expect_path_adds_up(const ObstacleGraph& graph, const PlanePath& path,
                         const std::vector<LinkSpec>& links) {
    double total = 0;
    std::size_t next_link = 0;
    for (std::size_t leg = 1; leg < path.path.size(); ++leg) {
        const Point2 a = path.path[leg - 1], b = path.path[leg];
        if (next_link < path.links.size() && path.links[next_link].segment == leg - 1) {
            const LinkSpec& link = links[path.links[next_link++].link.index()];
            EXPECT_TRUE((a == link.from && b == link.to) || (a == link.to && b == link.from));
            total += link.cost;
            continue;
        }
        EXPECT_TRUE(graph.can_see(a, b)) << "leg " << leg << " enters an obstacle";
        total += std::hypot(b.x - a.x, b.y - a.y);
    }
    EXPECT_EQ(next_link, path.links.size());
    EXPECT_NEAR(total, path.cost, 1e-3 * (1 + total));
}

TEST(ObstacleGraphLinks, OnRandomScenesLengthsEqualTheOracleAndTheMeshsExactQuery) {
    std::mt19937 random(2028);
    std::uniform_real_distribution<float> place(10, 90), size_of(2, 14), unit(0, 1);
    int found = 0, with_links = 0, apart = 0;
    for (int scene = 0; scene < 12; ++scene) {
        std::vector<Obstacle> obstacles;
        for (int index = 0; index < 18; ++index) {
            const float x = place(random), y = place(random);
            obstacles.push_back(unit(random) < 0.5f
                                    ? rectangle(x, y, x + size_of(random), y + 1.5f)
                                    : rectangle(x, y, x + 1.5f, y + size_of(random)));
        }
        // A frame round the world (the graph has no bounds); every third scene a wall across.
        for (const Obstacle& wall : {rectangle(-10, -10, 0, 110), rectangle(100, -10, 110, 110),
                                     rectangle(-10, -10, 110, 0), rectangle(-10, 100, 110, 110)})
            obstacles.push_back(wall);
        if (scene % 3 == 0) obstacles.push_back(rectangle(-10, 49, 110, 51));
        const float radius = static_cast<float>(scene % 3) / 2;
        NavMesh mesh = NavMesh::create({0, 0}, {100, 100}, {.buffer_radius = radius}).value();
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        mesh.triangulate();
        ObstacleGraph plain = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
        ASSERT_TRUE(plain.add_obstacles(obstacles).has_value());
        ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
        ASSERT_TRUE(graph.add_obstacles(obstacles).has_value());
        std::vector<LinkSpec> links;
        const std::size_t link_count = scene % 3 == 0 ? 2 : 10;  // walled: a few, one way
        while (links.size() < link_count) {
            const Point2 a{place(random), place(random)}, b{place(random), place(random)};
            if (plain.is_inside_obstacle(a) || plain.is_inside_obstacle(b) ||
                !mesh.triangle_at(a) || !mesh.triangle_at(b))
                continue;
            const float straight = std::hypot(b.x - a.x, b.y - a.y);
            const float kind = unit(random);
            const LinkSpec link{
                a, b, kind < 0.5f ? straight * unit(random) / 2 : straight * (1 + unit(random)),
                scene % 3 != 0 && unit(random) < 0.7f};
            const MeshLinkOptions options{.cost = link.cost, .bidirectional = link.both_ways};
            ASSERT_TRUE(mesh.add_link(a, b, options).has_value());
            ASSERT_TRUE(graph.add_link(a, b, options).has_value());
            links.push_back(link);
        }
        for (int query = 0; query < 12; ++query) {
            const Point2 from{place(random), place(random)}, to{place(random), place(random)};
            if (plain.is_inside_obstacle(from) || plain.is_inside_obstacle(to) ||
                !mesh.triangle_at(from) || !mesh.triangle_at(to))
                continue;
            SCOPED_TRACE("scene " + std::to_string(scene) + " from " + to_string(from) + " to " +
                         to_string(to));
            const double expected = shortest_with_links(plain, from, to, links);
            const PlanePath path = graph.find_path(from, to);
            const PlanePath exact = mesh.find_path(from, to);
            ASSERT_EQ(path.found(), expected < INFINITY) << path.message;
            ASSERT_EQ(exact.found(), path.found());
            if (!path.found()) {
                ++apart;
                continue;
            }
            ++found;
            with_links += path.links.empty() ? 0 : 1;
            EXPECT_NEAR(path.cost, expected, 1e-3 * (1 + expected));
            EXPECT_NEAR(path.cost, exact.cost, 1e-3 * (1 + expected));
            expect_path_adds_up(plain, path, links);
        }
    }
    std::printf("%d queries found, %d of them crossing links; %d walled off\n", found, with_links,
                apart);
    EXPECT_GT(with_links, 30);
    EXPECT_GT(apart, 3);
}

}  // namespace
}  // namespace pathkit
