// pathkit's graph search beside Boost.Graph's on one random road-like graph (Google Benchmark).
//
// The graph: N nodes (1,000,000 unless PATHKIT_BENCH_NODES says otherwise) spread uniformly
// over a square of N unit cells, each with 4 one-way connections to random nodes of its own and
// the 8 surrounding cells, costing the distance times a random factor in [1, 1.5] (so the
// straight-line distance is an admissible heuristic for both libraries). Both libraries get the
// same edges with float costs. Boost uses adjacency_list<vecS, vecS, directedS>, its usual
// general-purpose graph; the search maps are preallocated outside the timed loop.
#include <benchmark/benchmark.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "pathkit/graph/graph.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace {

using BoostGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                          boost::property<boost::edge_weight_t, float>>;
using BoostVertex = boost::graph_traits<BoostGraph>::vertex_descriptor;

struct Edge {
    std::uint32_t from, to;
    float cost;
};

/// The shared benchmark graph in both libraries' forms, plus the query pairs.
struct Fixture {
    std::vector<pathkit::Point2> positions;
    pathkit::Graph graph;
    BoostGraph boost_graph;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    std::size_t edges = 0;
};

float straight_line(pathkit::Point2 a, pathkit::Point2 b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

std::size_t node_count() {
    const char* text = std::getenv("PATHKIT_BENCH_NODES");
    const long value = text ? std::atol(text) : 0;
    return value >= 100 ? static_cast<std::size_t>(value) : 1'000'000;
}

std::vector<Edge> random_edges(const std::vector<pathkit::Point2>& positions, int side,
                               std::mt19937_64& random) {
    // Bucket the nodes by unit cell, then pick each node's 4 targets from the 3 x 3 cells
    // around it; duplicates and self-loops are skipped (both libraries would differ on them).
    std::vector<std::vector<std::uint32_t>> cells(static_cast<std::size_t>(side) * side);
    const auto cell_of = [side](pathkit::Point2 p) {
        const int x = std::min(side - 1, static_cast<int>(p.x));
        const int y = std::min(side - 1, static_cast<int>(p.y));
        return std::pair{x, y};
    };
    for (std::uint32_t node = 0; node < positions.size(); ++node) {
        const auto [x, y] = cell_of(positions[node]);
        cells[static_cast<std::size_t>(y) * side + x].push_back(node);
    }
    std::uniform_real_distribution<float> factor(1.0f, 1.5f);
    std::vector<Edge> edges;
    edges.reserve(positions.size() * 4);
    std::vector<std::uint32_t> nearby;
    for (std::uint32_t node = 0; node < positions.size(); ++node) {
        const auto [x, y] = cell_of(positions[node]);
        nearby.clear();
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if (x + dx < 0 || y + dy < 0 || x + dx >= side || y + dy >= side) continue;
                for (std::uint32_t other : cells[static_cast<std::size_t>(y + dy) * side + x + dx])
                    if (other != node) nearby.push_back(other);
            }
        }
        std::shuffle(nearby.begin(), nearby.end(), random);
        for (std::size_t pick = 0; pick < std::min<std::size_t>(4, nearby.size()); ++pick) {
            const std::uint32_t to = nearby[pick];
            const float length = straight_line(positions[node], positions[to]);
            edges.push_back({node, to, length * factor(random)});
        }
    }
    return edges;
}

Fixture build_fixture() {
    Fixture fixture;
    const std::size_t count = node_count();
    const int side = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(count))));
    std::mt19937_64 random(20261122);
    std::uniform_real_distribution<float> coordinate(0, static_cast<float>(side));
    for (std::size_t node = 0; node < count; ++node)
        fixture.positions.push_back({coordinate(random), coordinate(random)});
    const std::vector<Edge> edges = random_edges(fixture.positions, side, random);
    fixture.edges = edges.size();
    for (const pathkit::Point2 position : fixture.positions)
        fixture.graph.add_node(position);
    for (std::size_t node = 0; node < count; ++node)
        boost::add_vertex(fixture.boost_graph);
    for (const Edge& edge : edges) {
        const pathkit::NodeId to(edge.to);
        if (!fixture.graph.add_connections(pathkit::NodeId(edge.from), {to}, false, edge.cost))
            std::abort();
        boost::add_edge(edge.from, edge.to, edge.cost, fixture.boost_graph);
    }
    std::uniform_int_distribution<std::uint32_t> any(0, static_cast<std::uint32_t>(count - 1));
    for (int pair = 0; pair < 100; ++pair)
        fixture.pairs.push_back({any(random), any(random)});
    return fixture;
}

const Fixture& fixture() {
    static const Fixture shared = build_fixture();
    return shared;
}

/// pathkit's Dijkstra over the whole graph: the one engine with a goal that never holds.
void run_pathkit_dijkstra(const Fixture& f, pathkit::SearchContext& context) {
    const auto never = [](pathkit::StateId) { return false; };
    const pathkit::GoalWhere problem(f.graph, never);
    pathkit::SearchOptions options;
    options.algorithm = pathkit::SearchAlgorithm::Dijkstra;
    const auto result = pathkit::find_path(problem, pathkit::StateId(0), context, options);
    benchmark::DoNotOptimize(result.stats.expanded);
}

/// Distances and predecessors Boost writes into, allocated once.
struct BoostMaps {
    explicit BoostMaps(std::size_t count)
        : distance(count), predecessor(count), rank(count), color(count) {}
    std::vector<float> distance;
    std::vector<BoostVertex> predecessor;
    std::vector<float> rank;
    std::vector<boost::default_color_type> color;
    /// Bytes per node of these maps plus Boost's own index-in-heap array (one size_t a node).
    [[nodiscard]] static double bytes_per_node(bool with_astar_maps) {
        double bytes = sizeof(float) + sizeof(BoostVertex) + sizeof(std::size_t);
        if (with_astar_maps) bytes += sizeof(float) + sizeof(boost::default_color_type);
        return bytes;
    }
};

void run_boost_dijkstra(const Fixture& f, BoostMaps& maps) {
    boost::dijkstra_shortest_paths(
        f.boost_graph, BoostVertex(0),
        boost::predecessor_map(maps.predecessor.data()).distance_map(maps.distance.data()));
    benchmark::DoNotOptimize(maps.distance.data());
}

struct ReachedGoal {};

class StopAtGoal : public boost::default_astar_visitor {
  public:
    explicit StopAtGoal(BoostVertex goal) : goal_(goal) {}
    void examine_vertex(BoostVertex vertex, const BoostGraph&) const {
        if (vertex == goal_) throw ReachedGoal{};
    }

  private:
    BoostVertex goal_;
};

class StraightLine : public boost::astar_heuristic<BoostGraph, float> {
  public:
    StraightLine(const std::vector<pathkit::Point2>& positions, BoostVertex goal)
        : positions_(&positions), goal_(goal) {}
    float operator()(BoostVertex vertex) const {
        return straight_line((*positions_)[vertex], (*positions_)[goal_]);
    }

  private:
    const std::vector<pathkit::Point2>* positions_;
    BoostVertex goal_;
};

float run_boost_astar(const Fixture& f, BoostMaps& maps, BoostVertex from, BoostVertex to) {
    maps.distance[to] = std::numeric_limits<float>::infinity();
    try {
        boost::astar_search(f.boost_graph, from, StraightLine(f.positions, to),
                            boost::visitor(StopAtGoal(to))
                                .predecessor_map(maps.predecessor.data())
                                .distance_map(maps.distance.data())
                                .rank_map(maps.rank.data())
                                .color_map(maps.color.data()));
    } catch (const ReachedGoal&) {
    }
    return maps.distance[to];
}

/// Same distances from node 0, and the same cost for every A* pair, or an error message.
std::string cross_check(const Fixture& f) {
    pathkit::SearchContext context;
    BoostMaps maps(f.positions.size());
    run_pathkit_dijkstra(f, context);
    run_boost_dijkstra(f, maps);
    const auto close = [](float a, float b) {
        if (std::isinf(a) || std::isinf(b)) return std::isinf(a) && std::isinf(b);
        return std::abs(a - b) <= 1e-3f * std::max(1.0f, std::abs(b));
    };
    for (std::uint32_t node = 0; node < f.positions.size(); ++node) {
        const float boost_distance = maps.distance[node] == std::numeric_limits<float>::max()
                                         ? INFINITY
                                         : maps.distance[node];
        if (!close(context.cost_to(pathkit::StateId(node)), boost_distance))
            return "Dijkstra distances differ at node " + std::to_string(node);
    }
    for (const auto& [from, to] : f.pairs) {
        const auto ours = f.graph.find_path(pathkit::NodeId(from), pathkit::NodeId(to), context);
        const float theirs = run_boost_astar(f, maps, from, to);
        const float our_cost = ours.found() ? ours.cost : INFINITY;
        const float their_cost = theirs == std::numeric_limits<float>::max() ? INFINITY : theirs;
        if (!close(our_cost, their_cost))
            return "A* costs differ from " + std::to_string(from) + " to " + std::to_string(to);
    }
    return {};
}

void add_graph_counters(benchmark::State& state, const Fixture& f) {
    state.counters["nodes"] = static_cast<double>(f.positions.size());
    state.counters["edges"] = static_cast<double>(f.edges);
}

void BM_Dijkstra_pathkit(benchmark::State& state) {
    const Fixture& f = fixture();
    if (const std::string problem = cross_check(f); !problem.empty()) {
        state.SkipWithError(problem.c_str());
        return;
    }
    pathkit::SearchContext context;
    for (auto _ : state)
        run_pathkit_dijkstra(f, context);
    add_graph_counters(state, f);
    state.counters["search_bytes_per_node"] =
        static_cast<double>(context.memory_bytes()) / static_cast<double>(f.positions.size());
}

void BM_Dijkstra_boost(benchmark::State& state) {
    const Fixture& f = fixture();
    BoostMaps maps(f.positions.size());
    for (auto _ : state)
        run_boost_dijkstra(f, maps);
    add_graph_counters(state, f);
    state.counters["search_bytes_per_node"] = BoostMaps::bytes_per_node(false);
}

void BM_AStar100Pairs_pathkit(benchmark::State& state) {
    const Fixture& f = fixture();
    pathkit::SearchContext context;
    for (auto _ : state) {
        for (const auto& [from, to] : f.pairs) {
            const auto path =
                f.graph.find_path(pathkit::NodeId(from), pathkit::NodeId(to), context);
            benchmark::DoNotOptimize(path.cost);
        }
    }
    add_graph_counters(state, f);
    state.counters["search_bytes_per_node"] =
        static_cast<double>(context.memory_bytes()) / static_cast<double>(f.positions.size());
}

void BM_AStar100Pairs_boost(benchmark::State& state) {
    const Fixture& f = fixture();
    BoostMaps maps(f.positions.size());
    for (auto _ : state) {
        for (const auto& [from, to] : f.pairs)
            benchmark::DoNotOptimize(run_boost_astar(f, maps, from, to));
    }
    add_graph_counters(state, f);
    state.counters["search_bytes_per_node"] = BoostMaps::bytes_per_node(true);
}

BENCHMARK(BM_Dijkstra_pathkit)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Dijkstra_boost)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStar100Pairs_pathkit)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStar100Pairs_boost)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
