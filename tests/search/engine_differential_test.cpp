// The engine against a plain reference Dijkstra on thousands of random graphs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"
#include "support/random_graph.hpp"

namespace pathkit {
namespace {

using testing::close_costs;
using testing::make_random_graph;
using testing::path_cost;
using testing::RandomGraphSpec;
using testing::reference_dijkstra;
using testing::small_graph_spec;

/// Checks one engine result against the reference distances.
void expect_optimal(const Graph& graph, const GraphPath& result, NodeId from, NodeId to,
                    const std::vector<double>& reference, double allowed_factor = 1) {
    const double optimal = reference[to.index()];
    if (std::isinf(optimal)) {
        EXPECT_EQ(result.status, SearchStatus::NoPath);
        EXPECT_TRUE(result.path.empty());
        return;
    }
    ASSERT_EQ(result.status, SearchStatus::Found) << result.message;
    ASSERT_FALSE(result.path.empty());
    EXPECT_EQ(result.path.front(), from);
    EXPECT_EQ(result.path.back(), to);
    const double walked = path_cost(graph, result.path);
    EXPECT_TRUE(close_costs(walked, result.cost)) << walked << " vs reported " << result.cost;
    EXPECT_LE(walked, allowed_factor * optimal + 1e-4 * std::max(1.0, optimal));
    if (allowed_factor == 1) {
        EXPECT_TRUE(close_costs(walked, optimal)) << walked << " vs " << optimal;
    }
}

TEST(EngineDifferential, DijkstraAndAStarMatchAReferenceDijkstraOnThousandsOfRandomGraphs) {
    std::mt19937 random(20261122);
    SearchContext context;  // one context for every query: stamps must keep them apart
    int found = 0, unreachable = 0;
    for (int round = 0; round < 3000; ++round) {
        const Graph graph = make_random_graph(small_graph_spec(round, random), random);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.node_count() - 1);
        const NodeId from(pick(random));
        const NodeId to(pick(random));
        const auto reference = reference_dijkstra(graph, from);
        for (auto algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra}) {
            SearchOptions options;
            options.algorithm = algorithm;
            const GraphPath result = graph.find_path(from, to, context, options);
            expect_optimal(graph, result, from, to, reference);
        }
        (std::isinf(reference[to.index()]) ? unreachable : found)++;
    }
    EXPECT_GT(found, 1000) << "the random graphs must mostly connect the pairs";
    EXPECT_GT(unreachable, 100) << "and sometimes not";
}

TEST(EngineDifferential, DisabledNodesAreAvoidedExactlyLikeTheReferenceAvoidsThem) {
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
        const NodeId to(pick(random));
        const auto reference = reference_dijkstra(graph, from);
        const GraphPath result = graph.find_path(from, to, context);
        if (!graph.is_enabled(to)) {
            EXPECT_EQ(result.status, SearchStatus::NoPath);
            continue;
        }
        expect_optimal(graph, result, from, to, reference);
    }
}

TEST(EngineDifferential, WeightedAStarStaysWithinWeightTimesOptimal) {
    std::mt19937 random(99);
    SearchContext context;
    for (int round = 0; round < 1500; ++round) {
        RandomGraphSpec spec = small_graph_spec(round, random);
        spec.with_positions = true;
        spec.integer_costs = false;
        const Graph graph = make_random_graph(spec, random);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.node_count() - 1);
        const NodeId from(pick(random));
        const NodeId to(pick(random));
        const auto reference = reference_dijkstra(graph, from);
        for (const float weight : {1.5f, 2.0f, 5.0f}) {
            SearchOptions options;
            options.heuristic_weight = weight;
            expect_optimal(graph, graph.find_path(from, to, context, options), from, to, reference,
                           weight);
        }
    }
}

TEST(EngineDifferential, ExploringEverythingLeavesTheExactDistancesInTheContext) {
    std::mt19937 random(5);
    SearchContext context;
    for (int round = 0; round < 500; ++round) {
        const Graph graph = make_random_graph(small_graph_spec(round, random), random);
        const NodeId from(
            std::uniform_int_distribution<std::uint32_t>(0, graph.node_count() - 1)(random));
        const auto reference = reference_dijkstra(graph, from);
        const GoalWhere everything(graph, [](StateId) { return false; });
        SearchOptions options;
        options.algorithm = SearchAlgorithm::Dijkstra;
        const SearchResult result = find_path(everything, StateId(from.value), context, options);
        ASSERT_EQ(result.status, SearchStatus::NoPath);
        for (std::uint32_t node = 0; node < graph.id_bound(); ++node) {
            const double expected = reference[node];
            const Cost actual = context.cost_to(StateId(node));
            if (std::isinf(expected)) {
                EXPECT_FALSE(context.was_reached(StateId(node)));
            } else {
                EXPECT_TRUE(close_costs(actual, expected)) << "node " << node;
            }
        }
    }
}

TEST(EngineDifferential, BreadthFirstFindsTheFewestStepsAndIsOptimalForUnitCosts) {
    std::mt19937 random(11);
    SearchContext context;
    for (int round = 0; round < 1000; ++round) {
        RandomGraphSpec spec = small_graph_spec(round, random);
        spec.with_positions = false;
        spec.integer_costs = false;
        spec.min_stretch = spec.max_stretch = 1;  // every step costs 1
        const Graph graph = make_random_graph(spec, random);
        std::uniform_int_distribution<std::uint32_t> pick(0, graph.node_count() - 1);
        const NodeId from(pick(random));
        const NodeId to(pick(random));
        const auto reference = reference_dijkstra(graph, from);
        SearchOptions options;
        options.algorithm = SearchAlgorithm::BreadthFirst;
        expect_optimal(graph, graph.find_path(from, to, context, options), from, to, reference);
    }
}

}  // namespace
}  // namespace pathkit
