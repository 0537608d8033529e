// CompactGraph, the frozen copy of a Graph: the Graph's answers, against a reference Dijkstra.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "pathkit/graph/compact_graph.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"
#include "support/random_graph.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::close_costs;
using testing::make_random_graph;
using testing::mentions;
using testing::path_cost;
using testing::RandomGraphSpec;
using testing::reference_dijkstra;
using testing::small_graph_spec;

CompactGraph freeze(const Graph& graph, StateOrder order = StateOrder::AlongHilbertCurve) {
    Expected<CompactGraph> compact = CompactGraph::build(graph, order);
    EXPECT_TRUE(compact.has_value()) << compact.error().message();
    return std::move(compact).value();
}

/// A result on the compact graph is optimal by the reference, and its path is a walk through
/// the graph's connections, between enabled nodes, that costs what the result says.
void expect_optimal(const Graph& graph, const GraphPath& result, NodeId from, NodeId to,
                    const std::vector<double>& reference) {
    const double optimal = reference[to.index()];
    if (std::isinf(optimal)) {
        EXPECT_EQ(result.status, SearchStatus::NoPath) << result.message;
        EXPECT_TRUE(result.path.empty());
        return;
    }
    ASSERT_EQ(result.status, SearchStatus::Found) << result.message;
    ASSERT_FALSE(result.path.empty());
    EXPECT_EQ(result.path.front(), from);
    EXPECT_EQ(result.path.back(), to);
    for (const NodeId node : result.path)
        EXPECT_TRUE(graph.is_enabled(node)) << "node " << node.value;
    const double walked = path_cost(graph, result.path);
    EXPECT_TRUE(close_costs(walked, result.cost)) << walked << " vs reported " << result.cost;
    EXPECT_TRUE(close_costs(walked, optimal)) << walked << " vs " << optimal;
}

TEST(CompactGraph, DijkstraAndAStarFindTheReferenceCostsAndTheGraphsOnThousandsOfRandomGraphs) {
    std::mt19937 random(20261123);
    SearchContext context;
    int found = 0, unreachable = 0;
    for (int round = 0; round < 2000; ++round) {
        const Graph graph = make_random_graph(small_graph_spec(round, random), random);
        const CompactGraph compact = freeze(graph);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.node_count() - 1);
        const NodeId from(pick(random));
        const NodeId to(pick(random));
        const auto reference = reference_dijkstra(graph, from);
        for (auto algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra}) {
            SearchOptions options;
            options.algorithm = algorithm;
            const GraphPath result = compact.find_path(from, to, context, options);
            expect_optimal(graph, result, from, to, reference);
            const GraphPath on_graph = graph.find_path(from, to, context, options);
            EXPECT_EQ(result.status, on_graph.status);
            EXPECT_TRUE(close_costs(result.cost, on_graph.cost));
        }
        (std::isinf(reference[to.index()]) ? unreachable : found)++;
    }
    EXPECT_GT(found, 700) << "the random graphs must mostly connect the pairs";
    EXPECT_GT(unreachable, 100) << "and sometimes not";
}

TEST(CompactGraph, InNodeIdOrderEveryPathAndCounterIsTheGraphsEvenWithRemovedNodes) {
    std::mt19937 random(31);
    SearchContext context;
    for (int round = 0; round < 1000; ++round) {
        Graph graph = make_random_graph(small_graph_spec(round, random), random);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.id_bound() - 1);
        for (int removed = 0; removed < round % 3; ++removed)
            (void)graph.remove_node(NodeId(pick(random)));
        const CompactGraph compact = freeze(graph, StateOrder::ByNodeId);
        ASSERT_EQ(compact.state_order(), StateOrder::ByNodeId);
        const NodeId from(pick(random));
        const NodeId to(pick(random));
        for (auto algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra}) {
            SearchOptions options;
            options.algorithm = algorithm;
            const GraphPath expected = graph.find_path(from, to, context, options);
            const GraphPath actual = compact.find_path(from, to, context, options);
            EXPECT_EQ(actual.status, expected.status);
            EXPECT_EQ(actual.message, expected.message);
            EXPECT_EQ(actual.path, expected.path);
            EXPECT_EQ(actual.cost, expected.cost);
            EXPECT_EQ(actual.stats.expanded, expected.stats.expanded);
            EXPECT_EQ(actual.stats.generated, expected.stats.generated);
        }
    }
}

TEST(CompactGraph, DisabledNodesAreAvoidedExactlyLikeTheReferenceAvoidsThem) {
    std::mt19937 random(7);
    SearchContext context;
    for (int round = 0; round < 1000; ++round) {
        Graph graph = make_random_graph(small_graph_spec(round, random), random);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.node_count() - 1);
        const NodeId from(pick(random));
        for (int disabled = 0; disabled < 3; ++disabled) {
            const NodeId node(pick(random));
            if (node != from) {
                ASSERT_TRUE(graph.set_enabled(node, false));
            }
        }
        const CompactGraph compact = freeze(graph);
        const NodeId to(pick(random));
        EXPECT_EQ(compact.is_enabled(to), graph.is_enabled(to));
        const GraphPath result = compact.find_path(from, to, context);
        if (!graph.is_enabled(to)) {
            EXPECT_EQ(result.status, SearchStatus::NoPath);
            EXPECT_TRUE(
                mentions(result.message, "goal node " + std::to_string(to.value) + " is disabled"));
            continue;
        }
        expect_optimal(graph, result, from, to, reference_dijkstra(graph, from));
    }
}

TEST(CompactGraph, ADisabledStartIsRefusedAndNoConnectionLeadsThroughADisabledNode) {
    Graph graph;
    const NodeId a = graph.add_node(), b = graph.add_node(), c = graph.add_node();
    ASSERT_TRUE(graph.add_connections(a, {b}, true, 1.0f));
    ASSERT_TRUE(graph.add_connections(b, {c}, true, 1.0f));
    ASSERT_TRUE(graph.add_connections(a, {c}, true, 5.0f));
    ASSERT_TRUE(graph.set_enabled(b, false));
    const CompactGraph compact = freeze(graph);

    EXPECT_EQ(compact.connection_count(), 2u) << "only a-c and c-a join two enabled nodes";
    const GraphPath around = compact.find_path(a, c);
    ASSERT_TRUE(around.found());
    EXPECT_EQ(around.path, (std::vector<NodeId>{a, c}));
    EXPECT_EQ(around.cost, 5.0f);
    const GraphPath from_disabled = compact.find_path(b, c);
    EXPECT_EQ(from_disabled.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(from_disabled.message, "start node 1 is disabled"));
}

TEST(CompactGraph, ChangingTheGraphAfterFreezingChangesNothingInTheCopy) {
    Graph graph;
    std::vector<NodeId> line;
    for (int index = 0; index < 5; ++index)
        line.push_back(graph.add_node(Point2{static_cast<float>(index), 0}));
    for (int index = 0; index + 1 < 5; ++index)
        ASSERT_TRUE(graph.add_connections(line[index], {line[index + 1]}, true));
    const CompactGraph compact = freeze(graph);
    const GraphPath before = compact.find_path(line[0], line[4]);
    ASSERT_TRUE(before.found());

    ASSERT_TRUE(graph.add_connections(line[0], {line[4]}, false, 0.5f));  // a shortcut
    ASSERT_TRUE(graph.set_enabled(line[2], false));
    ASSERT_TRUE(graph.remove_node(line[3]));
    const NodeId added = graph.add_node(Point2{9, 9});
    ASSERT_TRUE(graph.find_path(line[0], line[4]).found());
    ASSERT_EQ(graph.find_path(line[0], line[4]).cost, 0.5f);

    const GraphPath after = compact.find_path(line[0], line[4]);
    EXPECT_EQ(after.path, before.path);
    EXPECT_EQ(after.cost, 4.0f);
    EXPECT_TRUE(compact.is_enabled(line[2]));
    EXPECT_TRUE(compact.contains(line[3]));
    EXPECT_FALSE(compact.contains(added));
    EXPECT_EQ(compact.node_count(), 5u);
    EXPECT_EQ(compact.connection_count(), 8u);
}

TEST(CompactGraph, RemovedAndUnknownNodesAreRefusedWithTheGraphsMessages) {
    Graph graph;
    const NodeId a = graph.add_node(), b = graph.add_node(), gone = graph.add_node();
    ASSERT_TRUE(graph.add_connections(a, {b}, false));
    ASSERT_TRUE(graph.remove_node(gone));
    const CompactGraph compact = freeze(graph);
    SearchContext context;
    for (const NodeId bad : {gone, NodeId(42), NodeId()}) {
        EXPECT_FALSE(compact.contains(bad));
        EXPECT_FALSE(compact.state_of(bad).is_valid());
        EXPECT_EQ(compact.find_path(bad, b, context).message,
                  graph.find_path(bad, b, context).message);
        EXPECT_EQ(compact.find_path(a, bad, context).message,
                  graph.find_path(a, bad, context).message);
        EXPECT_EQ(compact.find_path(a, bad, context).status, SearchStatus::InvalidInput);
        const NodeId goals[] = {b, bad};
        const GraphPath any = compact.find_path_to_any(a, goals, context);
        EXPECT_EQ(any.status, SearchStatus::InvalidInput);
        EXPECT_EQ(any.message, graph.find_path_to_any(a, goals, context).message);
    }
    EXPECT_EQ(compact.node_count(), 2u);
    EXPECT_EQ(compact.id_bound(), 3u);
}

TEST(CompactGraph, AnEmptyGraphFreezesIntoAnEmptyCopyThatRefusesEveryQuery) {
    const Graph graph;
    const CompactGraph compact = freeze(graph);
    EXPECT_EQ(compact.node_count(), 0u);
    EXPECT_EQ(compact.connection_count(), 0u);
    EXPECT_EQ(compact.state_order(), StateOrder::ByNodeId) << "no positions to order by";
    const GraphPath result = compact.find_path(NodeId(0), NodeId(0));
    EXPECT_EQ(result.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(result.message, "start node 0 is not in the graph"));
}

TEST(CompactGraph, TheNearestOfSeveralGoalsIsTheGraphsToo) {
    std::mt19937 random(17);
    SearchContext context;
    for (int round = 0; round < 500; ++round) {
        const Graph graph = make_random_graph(small_graph_spec(round, random), random);
        const CompactGraph compact = freeze(graph);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.node_count() - 1);
        const NodeId from(pick(random));
        const std::vector<NodeId> goals{NodeId(pick(random)), NodeId(pick(random)),
                                        NodeId(pick(random))};
        const auto reference = reference_dijkstra(graph, from);
        double nearest = INFINITY;
        for (const NodeId goal : goals)
            nearest = std::min(nearest, reference[goal.index()]);
        const GraphPath result = compact.find_path_to_any(from, goals, context);
        if (std::isinf(nearest)) {
            EXPECT_EQ(result.status, SearchStatus::NoPath);
            continue;
        }
        ASSERT_TRUE(result.found()) << result.message;
        EXPECT_NE(std::find(goals.begin(), goals.end(), result.path.back()), goals.end());
        EXPECT_TRUE(close_costs(path_cost(graph, result.path), nearest));
    }
}

TEST(CompactGraph, TheEngineSearchesItDirectlyAndLeavesEveryDistanceByState) {
    std::mt19937 random(5);
    SearchContext context;
    for (int round = 0; round < 300; ++round) {
        const Graph graph = make_random_graph(small_graph_spec(round, random), random);
        const CompactGraph compact = freeze(graph);
        const NodeId from(
            std::uniform_int_distribution<std::uint32_t>(0, graph.node_count() - 1)(random));
        const auto reference = reference_dijkstra(graph, from);
        const GoalWhere everything(compact, [](StateId) { return false; });
        SearchOptions options;
        options.algorithm = SearchAlgorithm::Dijkstra;
        const SearchResult result =
            pathkit::find_path(everything, compact.state_of(from), context, options);
        ASSERT_EQ(result.status, SearchStatus::NoPath);
        for (std::uint32_t node = 0; node < graph.id_bound(); ++node) {
            const StateId state = compact.state_of(NodeId(node));
            ASSERT_EQ(compact.node_of(state), NodeId(node));
            if (std::isinf(reference[node])) {
                EXPECT_FALSE(context.was_reached(state)) << "node " << node;
            } else {
                EXPECT_TRUE(close_costs(context.cost_to(state), reference[node]))
                    << "node " << node;
            }
        }
    }
}

TEST(CompactGraph, TheHeuristicIsTheGraphsToTheLastBitIn2DIn3DAndWithNodesWithoutPositions) {
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(-50, 50);
    for (int round = 0; round < 60; ++round) {
        Graph graph;
        for (int index = 0; index < 40; ++index) {
            const int kind = round % 3;  // 0: plane, 1: space, 2: some without a position
            if (kind == 2 && index % 4 == 0) {
                graph.add_node();
            } else if (kind == 1) {
                graph.add_node(Point3{coordinate(random), coordinate(random), coordinate(random)});
            } else {
                graph.add_node(Point2{coordinate(random), coordinate(random)});
            }
        }
        for (std::uint32_t index = 0; index + 1 < 40; ++index) {  // lowers the scale below 1
            const NodeId targets[] = {NodeId(index + 1)};
            ASSERT_TRUE(graph.add_connections(NodeId(index), targets, false, 0.5f));
        }
        const CompactGraph compact = freeze(graph);
        EXPECT_EQ(compact.state_order(),
                  round % 3 == 2 ? StateOrder::ByNodeId : StateOrder::AlongHilbertCurve);
        for (std::uint32_t from = 0; from < 40; ++from) {
            for (std::uint32_t to = 0; to < 40; ++to) {
                EXPECT_EQ(compact.estimated_cost(NodeId(from), NodeId(to)),
                          graph.estimated_cost(NodeId(from), NodeId(to)));
            }
        }
    }
}

TEST(CompactGraph, AlongTheHilbertCurveEachStateIsANeighbourOfTheNextOnA16By16Lattice) {
    // On a square lattice of 2^k x 2^k points the Hilbert curve steps from each point to one
    // of its four neighbours. The nodes are added in shuffled order, so node ids say nothing.
    std::vector<Point2> lattice;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            lattice.push_back({static_cast<float>(x), static_cast<float>(y)});
    std::mt19937 random(11);
    std::shuffle(lattice.begin(), lattice.end(), random);
    Graph graph;
    for (const Point2 point : lattice)
        graph.add_node(point);
    const CompactGraph compact = freeze(graph);
    ASSERT_EQ(compact.state_order(), StateOrder::AlongHilbertCurve);
    for (std::uint32_t state = 0; state + 1 < compact.state_count(); ++state) {
        const Point3 here = *graph.position(compact.node_of(StateId(state)));
        const Point3 next = *graph.position(compact.node_of(StateId(state + 1)));
        EXPECT_EQ(std::abs(here.x - next.x) + std::abs(here.y - next.y), 1.0f) << "state " << state;
    }
}

TEST(CompactGraph, MemoryIsFourBytesANodeAndEightAConnectionPlusPositionsAndIdTables) {
    std::mt19937 random(13);
    RandomGraphSpec spec;
    spec.nodes = 1000;
    spec.edges = 4000;
    spec.with_positions = false;
    const Graph bare = make_random_graph(spec, random);
    const CompactGraph bare_compact = freeze(bare);
    const std::size_t nodes = 1000, connections = bare.connection_count();
    const std::size_t flags = 128;  // 1000 bits, in 64-bit words
    EXPECT_EQ(bare_compact.memory_bytes(), 4 * (nodes + 1) + 8 * connections + flags)
        << "no positions, and state ids are node ids";

    spec.with_positions = true;
    const Graph placed = make_random_graph(spec, random);
    const CompactGraph placed_compact = freeze(placed);
    EXPECT_EQ(placed_compact.memory_bytes(),
              4 * (nodes + 1) + 8 * placed.connection_count() + 8 * nodes + 8 * nodes + flags)
        << "x and y per node, and ids translated both ways";
    EXPECT_LT(placed_compact.memory_bytes(), placed.memory_bytes());
}

}  // namespace
}  // namespace pathkit
