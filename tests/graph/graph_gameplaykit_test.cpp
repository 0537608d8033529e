// The GameplayKit graph semantics of seed 000, example by example.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "pathkit/graph/graph.hpp"

namespace pathkit {
namespace {

/// The seed's six nodes n1..n6 (index 0 unused, so n[1] is n1).
struct SeedNodes {
    Graph graph;
    std::array<NodeId, 7> n{};
    SeedNodes() {
        for (int index = 1; index <= 6; ++index)
            n[index] = graph.add_node();
    }
    [[nodiscard]] std::vector<NodeId> targets(NodeId node) const {
        std::vector<NodeId> result;
        for (const Edge& edge : graph.connections(node))
            result.push_back(edge.to);
        return result;
    }
};

TEST(GameplayKitGraph, OneWayConnectionsLinkOnlyFromTheCallingNode) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[3], n[4]}, false));
    ASSERT_TRUE(graph.add_connections(n[2], {n[5], n[6]}, false));

    EXPECT_EQ(seed.targets(n[1]), (std::vector<NodeId>{n[2], n[3], n[4]}));
    EXPECT_EQ(seed.targets(n[2]), (std::vector<NodeId>{n[5], n[6]}));
    for (int index = 3; index <= 6; ++index)
        EXPECT_TRUE(seed.targets(n[index]).empty());
    EXPECT_EQ(graph.connection_count(), 5u);
}

TEST(GameplayKitGraph, BidirectionalConnectionsLinkBothWays) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[3], n[4]}, true));
    ASSERT_TRUE(graph.add_connections(n[2], {n[5], n[6]}, true));

    EXPECT_EQ(seed.targets(n[2]), (std::vector<NodeId>{n[1], n[5], n[6]}));
    EXPECT_EQ(seed.targets(n[5]), (std::vector<NodeId>{n[2]}));
    EXPECT_EQ(seed.targets(n[3]), (std::vector<NodeId>{n[1]}));
    EXPECT_EQ(graph.connection_count(), 10u);
}

TEST(GameplayKitGraph, RemovingOneDirectionLeavesTheOther) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[3], n[4]}, true));
    ASSERT_TRUE(graph.add_connections(n[2], {n[5], n[6]}, true));

    ASSERT_TRUE(graph.remove_connections(n[2], {n[5]}, false));

    EXPECT_EQ(graph.cost(n[2], n[5]), infinite_cost);
    EXPECT_EQ(graph.cost(n[5], n[2]), 1);
    EXPECT_EQ(graph.find_path(n[1], n[5]).status, SearchStatus::NoPath);
    EXPECT_EQ(graph.find_path(n[5], n[1]).path, (std::vector<NodeId>{n[5], n[2], n[1]}));
}

TEST(GameplayKitGraph, RemovingBothDirectionsCutsTheLink) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[2], {n[5]}, true));
    ASSERT_TRUE(graph.remove_connections(n[2], {n[5]}, true));
    EXPECT_EQ(graph.connection_count(), 0u);
    EXPECT_TRUE(graph.incoming(n[5]).empty());
}

TEST(GameplayKitGraph, CostIsOneToAConnectedNodeAndInfiniteToAnUnconnectedOne) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[3], n[4]}, false));
    EXPECT_EQ(graph.cost(n[1], n[4]), 1);
    EXPECT_EQ(graph.cost(n[4], n[1]), infinite_cost);
    EXPECT_EQ(graph.cost(n[1], n[5]), infinite_cost);
}

TEST(GameplayKitGraph, WithoutPositionsTheHeuristicIsZeroSoTheSearchIsDijkstra) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    EXPECT_EQ(graph.estimated_cost(n[1], n[6]), 0);
}

TEST(GameplayKitGraph, WithPositionsCostAndHeuristicAreTheStraightLineDistance) {
    Graph graph;
    const NodeId a = graph.add_node(Point2{0, 0});
    const NodeId b = graph.add_node(Point2{3, 4});
    const NodeId c = graph.add_node(Point3{3, 4, 12});
    ASSERT_TRUE(graph.add_connections(a, {b}, true));
    ASSERT_TRUE(graph.add_connections(b, {c}, false));
    EXPECT_FLOAT_EQ(graph.cost(a, b), 5);
    EXPECT_FLOAT_EQ(graph.cost(b, c), 12);
    EXPECT_FLOAT_EQ(graph.estimated_cost(a, c), 13);
}

TEST(GameplayKitGraph, ACheaperThanDistanceCostScalesTheHeuristicDownSoItStaysAdmissible) {
    Graph graph;
    const NodeId a = graph.add_node(Point2{0, 0});
    const NodeId b = graph.add_node(Point2{10, 0});
    const NodeId c = graph.add_node(Point2{0, 10});
    const NodeId d = graph.add_node(Point2{10, 10});
    ASSERT_TRUE(graph.add_connections(a, {c}, false, 1.0f));  // a road: 1 for 10 units
    ASSERT_TRUE(graph.add_connections(c, {d}, false, 1.0f));
    ASSERT_TRUE(graph.add_connections(a, {b}, false));  // distance 10
    ASSERT_TRUE(graph.add_connections(b, {d}, false));
    EXPECT_LE(graph.estimated_cost(a, d), 2.0f);
    const GraphPath path = graph.find_path(a, d);
    EXPECT_EQ(path.path, (std::vector<NodeId>{a, c, d}));
    EXPECT_FLOAT_EQ(path.cost, 2);
}

TEST(GameplayKitGraph, InADirectedGraphToAndFromTakeDifferentRoutes) {
    // a -> b -> c is cheap one way; c -> d -> a is the only way back.
    Graph graph;
    const NodeId a = graph.add_node(), b = graph.add_node(), c = graph.add_node(),
                 d = graph.add_node();
    ASSERT_TRUE(graph.add_connections(a, {b}, false));
    ASSERT_TRUE(graph.add_connections(b, {c}, false));
    ASSERT_TRUE(graph.add_connections(c, {d}, false, 2.0f));
    ASSERT_TRUE(graph.add_connections(d, {a}, false, 2.0f));

    const GraphPath there = graph.find_path(a, c);
    const GraphPath back = graph.find_path_from(a, c);  // GameplayKit: [a findPathFromNode:c]
    EXPECT_EQ(there.path, (std::vector<NodeId>{a, b, c}));
    EXPECT_FLOAT_EQ(there.cost, 2);
    EXPECT_EQ(back.path, (std::vector<NodeId>{c, d, a}));
    EXPECT_FLOAT_EQ(back.cost, 4);
}

TEST(GameplayKitGraph, AddingAConnectionTwiceKeepsOneEdgeAndAGivenCostReplacesTheOld) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[2]}, false));
    ASSERT_TRUE(graph.add_connections(n[1], {n[2]}, true));
    EXPECT_EQ(seed.targets(n[1]), (std::vector<NodeId>{n[2]}));
    EXPECT_EQ(graph.connection_count(), 2u);
    ASSERT_TRUE(graph.add_connections(n[1], {n[2]}, false, 7.0f));
    EXPECT_EQ(graph.cost(n[1], n[2]), 7);
    EXPECT_EQ(graph.incoming(n[2]).size(), 1u);
}

TEST(GameplayKitGraph, ANodeCannotBeConnectedToItself) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    const Status status = graph.add_connections(n[1], {n[2], n[1]}, false);
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.message().find("itself"), std::string::npos);
    EXPECT_EQ(graph.connection_count(), 0u) << "a refused call changes nothing";
}

TEST(GameplayKitGraph, RemovingANodeStripsItsEdgesInBothDirections) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[3], n[4]}, true));
    ASSERT_TRUE(graph.add_connections(n[2], {n[5], n[6]}, true));

    ASSERT_TRUE(graph.remove_node(n[2]));

    EXPECT_FALSE(graph.contains(n[2]));
    EXPECT_EQ(graph.node_count(), 5u);
    EXPECT_EQ(seed.targets(n[1]), (std::vector<NodeId>{n[3], n[4]}));
    EXPECT_TRUE(seed.targets(n[5]).empty());
    EXPECT_TRUE(seed.targets(n[6]).empty());
    EXPECT_EQ(graph.connection_count(), 4u);
    EXPECT_EQ(graph.find_path(n[1], n[5]).status, SearchStatus::NoPath)
        << "n5 is still there but unreachable";
    EXPECT_EQ(graph.find_path(n[1], n[2]).status, SearchStatus::InvalidInput);
    const NodeId fresh = graph.add_node();
    EXPECT_NE(fresh, n[2]) << "ids are never reused";
}

TEST(GameplayKitGraph, ADisabledNodeIsAvoidedUntilItIsEnabledAgain) {
    // n1 -> n2 -> n4 is short; n1 -> n3 -> n5 -> n4 is the detour.
    Graph graph;
    std::array<NodeId, 6> n{};
    for (int index = 1; index <= 5; ++index)
        n[index] = graph.add_node();
    ASSERT_TRUE(graph.add_connections(n[1], {n[2], n[3]}, true));
    ASSERT_TRUE(graph.add_connections(n[2], {n[4]}, true));
    ASSERT_TRUE(graph.add_connections(n[3], {n[5]}, true));
    ASSERT_TRUE(graph.add_connections(n[5], {n[4]}, true));

    ASSERT_TRUE(graph.set_enabled(n[2], false));
    EXPECT_EQ(graph.find_path(n[1], n[4]).path, (std::vector<NodeId>{n[1], n[3], n[5], n[4]}));
    EXPECT_EQ(graph.find_path(n[2], n[4]).status, SearchStatus::InvalidInput);
    const GraphPath to_disabled = graph.find_path(n[1], n[2]);
    EXPECT_EQ(to_disabled.status, SearchStatus::NoPath);
    EXPECT_NE(to_disabled.message.find("disabled"), std::string::npos);

    ASSERT_TRUE(graph.set_enabled(n[2], true));
    EXPECT_EQ(graph.find_path(n[1], n[4]).path, (std::vector<NodeId>{n[1], n[2], n[4]}));
}

TEST(GameplayKitGraph, ConnectToLowestCostNodeJoinsTheNearestEnabledNode) {
    Graph graph;
    const NodeId far = graph.add_node(Point2{10, 0});
    const NodeId near = graph.add_node(Point2{2, 0});
    const NodeId nearest_but_disabled = graph.add_node(Point2{1, 0});
    ASSERT_TRUE(graph.set_enabled(nearest_but_disabled, false));
    const NodeId player = graph.add_node(Point2{0, 0});

    ASSERT_TRUE(graph.connect_to_lowest_cost_node(player, true));

    ASSERT_EQ(graph.connections(player).size(), 1u);
    EXPECT_EQ(graph.connections(player)[0].to, near);
    EXPECT_FLOAT_EQ(graph.cost(near, player), 2);
    EXPECT_EQ(graph.cost(player, far), infinite_cost);
}

TEST(GameplayKitGraph, ConnectToLowestCostNodeNeedsPositions) {
    Graph graph;
    const NodeId a = graph.add_node();
    graph.add_node();
    EXPECT_FALSE(graph.connect_to_lowest_cost_node(a, false).ok());
    Graph lonely;
    const NodeId only = lonely.add_node(Point2{0, 0});
    EXPECT_FALSE(lonely.connect_to_lowest_cost_node(only, false).ok());
}

TEST(GameplayKitGraph, APathToItselfIsTheStartAlone) {
    SeedNodes seed;
    const GraphPath path = seed.graph.find_path(seed.n[3], seed.n[3]);
    EXPECT_EQ(path.status, SearchStatus::Found);
    EXPECT_EQ(path.path, (std::vector<NodeId>{seed.n[3]}));
    EXPECT_EQ(path.cost, 0);
}

TEST(GameplayKitGraph, AnyOfSeveralGoalsReachesTheCheapest) {
    SeedNodes seed;
    auto& [graph, n] = seed;
    ASSERT_TRUE(graph.add_connections(n[1], {n[2]}, false, 5.0f));
    ASSERT_TRUE(graph.add_connections(n[1], {n[3]}, false, 1.0f));
    ASSERT_TRUE(graph.add_connections(n[3], {n[4]}, false, 1.0f));
    SearchContext context;
    const NodeId goals[] = {n[2], n[4]};
    const GraphPath path = graph.find_path_to_any(n[1], goals, context);
    EXPECT_EQ(path.path, (std::vector<NodeId>{n[1], n[3], n[4]}));
}

}  // namespace
}  // namespace pathkit
