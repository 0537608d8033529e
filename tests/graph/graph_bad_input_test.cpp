// Graph calls with bad input are refused with a message naming the problem, never UB.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "pathkit/graph/graph.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::mentions;

TEST(GraphBadInput, UnknownNodeIdsAreRefusedByEveryCall) {
    Graph graph;
    const NodeId a = graph.add_node();
    const NodeId unknown(42);
    const NodeId invalid;

    EXPECT_TRUE(mentions(graph.add_connections(a, {unknown}, false).message(), "node 42"));
    EXPECT_TRUE(mentions(graph.add_connections(unknown, {a}, false).message(), "node 42"));
    EXPECT_TRUE(mentions(graph.remove_connections(a, {invalid}, false).message(), "invalid"));
    EXPECT_FALSE(graph.remove_node(unknown).ok());
    EXPECT_FALSE(graph.set_enabled(unknown, false).ok());
    EXPECT_FALSE(graph.connect_to_lowest_cost_node(unknown, true).ok());
    EXPECT_TRUE(graph.connections(unknown).empty());
    EXPECT_EQ(graph.cost(a, unknown), infinite_cost);
    EXPECT_FALSE(graph.position(unknown).has_value());

    const GraphPath from_unknown = graph.find_path(unknown, a);
    EXPECT_EQ(from_unknown.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(from_unknown.message, "start node 42"));
    const GraphPath to_unknown = graph.find_path(a, unknown);
    EXPECT_EQ(to_unknown.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(to_unknown.message, "goal node 42"));
    EXPECT_EQ(graph.connection_count(), 0u);
}

TEST(GraphBadInput, RemovedNodesCountAsUnknown) {
    Graph graph;
    const NodeId a = graph.add_node();
    const NodeId b = graph.add_node();
    ASSERT_TRUE(graph.remove_node(b));
    EXPECT_FALSE(graph.remove_node(b).ok());
    EXPECT_FALSE(graph.add_connections(a, {b}, true).ok());
}

TEST(GraphBadInput, NegativeNanAndInfiniteCostsAreRefused) {
    Graph graph;
    const NodeId a = graph.add_node();
    const NodeId b = graph.add_node();
    for (const float cost :
         {-1.0f, std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
        const Status status = graph.add_connections(a, {b}, false, cost);
        EXPECT_FALSE(status.ok()) << cost;
        EXPECT_TRUE(mentions(status.message(), "cost")) << status.message();
    }
    EXPECT_EQ(graph.connection_count(), 0u);
    EXPECT_TRUE(graph.add_connections(a, {b}, false, 0.0f).ok()) << "free moves are allowed";
}

TEST(GraphBadInput, SearchingAnEmptyGraphIsInvalidInputNotACrash) {
    Graph graph;
    const GraphPath path = graph.find_path(NodeId(0), NodeId(0));
    EXPECT_EQ(path.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(path.path.empty());
}

TEST(GraphBadInput, AWeightBelowOneIsRefused) {
    Graph graph;
    const NodeId a = graph.add_node();
    const NodeId b = graph.add_node();
    ASSERT_TRUE(graph.add_connections(a, {b}, false));
    SearchOptions options;
    options.heuristic_weight = 0.5f;
    const GraphPath path = graph.find_path(a, b, options);
    EXPECT_EQ(path.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(path.message, "weight"));
    options.heuristic_weight = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(graph.find_path(a, b, options).status, SearchStatus::InvalidInput);
}

}  // namespace
}  // namespace pathkit
