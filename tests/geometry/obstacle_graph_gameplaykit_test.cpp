// ObstacleGraph as GameplayKit's GKObstacleGraph behaves: rings, visibility, locks, inserted nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

Obstacle square(float left, float bottom, float size) {
    return Obstacle::polygon({{left, bottom},
                              {left + size, bottom},
                              {left + size, bottom + size},
                              {left, bottom + size}});
}

ObstacleGraph make_graph(float radius = 0, bool all_pairs = false) {
    auto graph =
        ObstacleGraph::create({.buffer_radius = radius, .connect_all_visible_pairs = all_pairs});
    EXPECT_TRUE(graph.has_value());
    return std::move(graph).value();
}

NodeId node_at(const ObstacleGraph& graph, Point2 at) {
    for (NodeId node : graph.nodes()) {
        const Point2 position = graph.position(node);
        if (std::fabs(position.x - at.x) < 1e-3f && std::fabs(position.y - at.y) < 1e-3f)
            return node;
    }
    ADD_FAILURE() << "no node at (" << at.x << ", " << at.y << ")";
    return NodeId();
}

bool connected(const ObstacleGraph& graph, Point2 a, Point2 b) {
    const NodeId from = node_at(graph, a), to = node_at(graph, b);
    const auto links = graph.connections(from);
    return std::any_of(links.begin(), links.end(), [&](const auto& link) { return link.to == to; });
}

TEST(ObstacleGraphGameplayKit, EachObstaclesNodesFormARingAroundIt) {
    ObstacleGraph graph = make_graph(1);
    const auto ids = graph.add_obstacles(std::vector{square(0, 0, 4)});
    ASSERT_TRUE(ids.has_value());
    const std::vector<NodeId> ring = graph.nodes_for_obstacle(ids.value()[0]);
    ASSERT_EQ(ring.size(), 4u);  // mitered: the square grown by 1 is the square (-1,-1)-(5,5)
    for (std::size_t index = 0; index < ring.size(); ++index) {
        const NodeId a = ring[index], b = ring[(index + 1) % ring.size()];
        const Point2 pa = graph.position(a), pb = graph.position(b);
        EXPECT_TRUE(std::fabs(pa.x) == 1 || std::fabs(pa.x - 4) == 1);
        EXPECT_TRUE(std::fabs(pa.y) == 1 || std::fabs(pa.y - 4) == 1);
        const auto links = graph.connections(a);
        EXPECT_TRUE(
            std::any_of(links.begin(), links.end(), [&](auto link) { return link.to == b; }))
            << "ring neighbours (" << pa.x << "," << pa.y << ") and (" << pb.x << "," << pb.y
            << ") are connected along the outline";
    }
    // Opposite corners see each other only through the obstacle.
    EXPECT_FALSE(connected(graph, {-1, -1}, {5, 5}));
    EXPECT_EQ(graph.connection_count(), 4u);
}

// Two squares side by side (buffer 0):
//
//   y=4  A---B   C---D
//        | 1 |   | 2 |
//   y=2  E---F   G---H
//        x=0 2   4   6
TEST(ObstacleGraphGameplayKit, TwoObstaclesSeeEachOtherAcrossTheGapButNotThroughThemselves) {
    ObstacleGraph graph = make_graph(0, /*all_pairs=*/true);
    ASSERT_TRUE(graph.add_obstacles(std::vector{square(0, 2, 2), square(4, 2, 2)}).has_value());
    const Point2 A{0, 4}, B{2, 4}, C{4, 4}, D{6, 4}, E{0, 2}, F{2, 2}, G{4, 2}, H{6, 2};
    EXPECT_EQ(graph.node_count(), 8u);
    EXPECT_TRUE(connected(graph, B, C));  // across the gap
    EXPECT_TRUE(connected(graph, F, G));
    EXPECT_TRUE(connected(graph, B, G));  // the gap's diagonals
    EXPECT_TRUE(connected(graph, F, C));
    EXPECT_TRUE(connected(graph, A, D));   // along both top edges: touching is allowed
    EXPECT_FALSE(connected(graph, A, H));  // through both squares
    EXPECT_FALSE(connected(graph, A, F));  // through square 1's inside
    EXPECT_FALSE(connected(graph, E, C));  // through square 1
    EXPECT_FALSE(connected(graph, B, H));  // through square 2
    EXPECT_TRUE(connected(graph, A, C));   // along square 1's top edge, then across the gap
}

TEST(ObstacleGraphGameplayKit, TheReducedGraphKeepsOnlyTangentConnectionsAndTheSamePaths) {
    ObstacleGraph all = make_graph(0, true);
    ObstacleGraph reduced = make_graph(0, false);
    const std::vector obstacles{square(0, 2, 2), square(4, 2, 2), square(2, 6, 2)};
    ASSERT_TRUE(all.add_obstacles(obstacles).has_value());
    ASSERT_TRUE(reduced.add_obstacles(obstacles).has_value());
    EXPECT_LT(reduced.connection_count(), all.connection_count());
    for (Point2 goal : {Point2{3, 5}, Point2{9, 9}, Point2{-1, 3}, Point2{5, 0}}) {
        const PlanePath a = all.find_path({-2, -2}, goal);
        const PlanePath b = reduced.find_path({-2, -2}, goal);
        ASSERT_TRUE(a.found() && b.found());
        EXPECT_NEAR(a.cost, b.cost, 1e-4);
    }
}

TEST(ObstacleGraphGameplayKit, ALockedConnectionSurvivesAddObstaclesAndGoesAfterUnlockAndReAdd) {
    ObstacleGraph graph = make_graph();
    ASSERT_TRUE(graph.add_obstacles(std::vector{square(0, 0, 2), square(10, 0, 2)}).has_value());
    const NodeId a = node_at(graph, {2, 2}), b = node_at(graph, {10, 2});
    ASSERT_TRUE(connected(graph, {2, 2}, {10, 2}));
    ASSERT_TRUE(graph.lock_connection(a, b).ok());
    EXPECT_TRUE(graph.is_connection_locked(a, b));

    const Obstacle across = Obstacle::polygon({{5, -1}, {7, -1}, {7, 3}, {5, 3}});
    const auto wall = graph.add_obstacles(std::vector{across});  // right across a-b
    ASSERT_TRUE(wall.has_value());
    EXPECT_TRUE(connected(graph, {2, 2}, {10, 2})) << "locked: stays through the new wall";
    EXPECT_FALSE(connected(graph, {2, 0}, {10, 0})) << "unlocked neighbour pair: cut by the wall";

    ASSERT_TRUE(graph.unlock_connection(a, b).ok());
    EXPECT_FALSE(graph.is_connection_locked(a, b));
    ASSERT_TRUE(graph.remove_obstacles(wall.value()).ok());
    EXPECT_TRUE(connected(graph, {2, 0}, {10, 0})) << "the wall is gone: the pair sees again";
    ASSERT_TRUE(graph.add_obstacles(std::vector{across}).has_value());
    EXPECT_FALSE(connected(graph, {2, 2}, {10, 2})) << "unlocked and re-added: cut";
    EXPECT_FALSE(graph.lock_connection(a, b).ok()) << "no connection left to lock";
}

// An inserted node between two squares (buffer 1):
//
//        +---+           +---+
//        | 1 |     n     | 2 |      n at (5, 1); square 1 spans 0..2, square 2 spans 8..10
//        +---+           +---+
TEST(ObstacleGraphGameplayKit, AnInsertedNodeConnectsToWhatItSeesAndCanIgnoreObstacles) {
    ObstacleGraph graph = make_graph(1);
    const auto ids = graph.add_obstacles(std::vector{square(0, 0, 2), square(8, 0, 2)});
    ASSERT_TRUE(ids.has_value());
    const ObstacleId left = ids.value()[0];
    const auto node = graph.connect_node_using_obstacles({5, 1});
    ASSERT_TRUE(node.has_value());
    // It sees the two facing corners of each grown square (x = 3 and x = 7), not the far ones.
    std::vector<Point2> seen;
    for (const auto& link : graph.connections(node.value()))
        seen.push_back(graph.position(link.to));
    std::sort(seen.begin(), seen.end(),
              [](Point2 a, Point2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    ASSERT_EQ(seen.size(), 4u);
    EXPECT_EQ(seen[0], (Point2{3, -1}));
    EXPECT_EQ(seen[1], (Point2{3, 3}));
    EXPECT_EQ(seen[2], (Point2{7, -1}));
    EXPECT_EQ(seen[3], (Point2{7, 3}));

    // Standing inside square 1's buffer, it sees nothing to its right until the buffer of
    // square 1 is ignored; ignoring square 1 altogether it also sees square 1's far corners.
    const Point2 in_buffer{2.5f, 1};
    const auto plain = graph.connect_node_using_obstacles(in_buffer);
    const auto bare = graph.connect_node_using_obstacles(in_buffer, {.ignoring_buffer = {left}});
    const auto through = graph.connect_node_using_obstacles(in_buffer, {.ignored = {left}});
    ASSERT_TRUE(plain.has_value() && bare.has_value() && through.has_value());
    EXPECT_EQ(graph.connections(plain.value()).size(), 0u);
    // (3,-1), (3,3), (7,-1), (7,3) and the node inserted first at (5, 1).
    EXPECT_EQ(graph.connections(bare.value()).size(), 5u);
    EXPECT_GT(graph.connections(through.value()).size(), graph.connections(bare.value()).size());

    ASSERT_TRUE(graph.remove_node(node.value()).ok());
    EXPECT_FALSE(graph.contains(node.value()));
    EXPECT_FALSE(graph.remove_node(graph.nodes_for_obstacle(left)[0]).ok())
        << "obstacle corners go with their obstacle";
}

TEST(ObstacleGraphGameplayKit, OverlappingGrownObstaclesMergeIntoOneOutline) {
    ObstacleGraph graph = make_graph(1);
    ASSERT_TRUE(graph.add_obstacles(std::vector{square(0, 0, 2), square(3, 0, 2)}).has_value());
    EXPECT_EQ(graph.outlines().size(), 1u) << "1 apart with buffers of 1: they touch and merge";
    EXPECT_EQ(graph.node_count(), 4u);
    EXPECT_TRUE(graph.is_inside_obstacle({2.5f, 1}));
    const PlanePath path = graph.find_path({2.5f, -5}, {2.5f, 5});
    ASSERT_TRUE(path.found());
    EXPECT_GT(path.cost, 10.f) << "no squeezing between the merged squares";
}

TEST(ObstacleGraphGameplayKit, APathGoesAroundTheGrownObstacleCorners) {
    ObstacleGraph graph = make_graph(1);
    ASSERT_TRUE(graph.add_obstacles(std::vector{square(0, 0, 4)}).has_value());
    const PlanePath path = graph.find_path({-3, 2}, {7, 2});
    ASSERT_TRUE(path.found()) << path.message;
    ASSERT_EQ(path.path.size(), 4u);
    EXPECT_EQ(path.path[1].x, -1.f);
    EXPECT_EQ(path.path[2].x, 5.f);
    EXPECT_NEAR(path.cost, 2 * std::hypot(2.f, 3.f) + 6, 1e-4);
    EXPECT_EQ(path.path.front(), (Point2{-3, 2}));
    EXPECT_EQ(path.path.back(), (Point2{7, 2}));
}

}  // namespace
}  // namespace pathkit
