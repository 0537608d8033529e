// pathkit's graph search (Graph, and CompactGraph frozen from it) beside Boost.Graph's, one graph.
//
// The graph: N nodes (1,000,000 unless PATHKIT_BENCH_NODES says otherwise) spread uniformly
// over a square of N unit cells, each with 4 one-way connections to random nodes of its own and
// the 8 surrounding cells, costing the distance times a random factor in [1, 1.5] (so the
// straight-line distance is an admissible heuristic for both libraries). Both libraries get the
// same edges with float costs, in the same (random) node order. Boost uses
// adjacency_list<vecS, vecS, directedS>, its usual general-purpose graph; pathkit's Graph is its
// editable graph, and CompactGraph the frozen copy built from it (flat arrays, states renumbered
// along a Hilbert curve; by node id when PATHKIT_BENCH_STATE_ORDER=node-id). The search maps are
// preallocated outside the timed loop.
//
// Every benchmark first checks that the three agree: every Dijkstra distance from node 0 and
// the cost of every A* pair. Counters: graph_bytes_per_node is the heap the graph holds
// (measured with glibc's mallinfo2 around its construction, so Boost's one allocation per edge
// property counts at its real size); search_bytes_per_node is the search's scratch memory;
// build_ms is the time CompactGraph::build took.
#include <benchmark/benchmark.h>

#include <malloc.h>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "pathkit/graph/compact_graph.hpp"
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

/// The shared benchmark graph in all three forms, plus the query pairs.
struct Fixture {
    std::vector<pathkit::Point2> positions;
    pathkit::Graph graph;
    BoostGraph boost_graph;
    std::optional<pathkit::CompactGraph> compact;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    std::size_t edges = 0;
    /// Heap bytes each graph holds, per node.
    double graph_bytes_per_node = 0, compact_bytes_per_node = 0, boost_bytes_per_node = 0;
    /// Milliseconds CompactGraph::build took.
    double compact_build_ms = 0;
    /// Empty when the three agree on every cost checked, else what differs.
    std::string disagreement;
};

/// Bytes the C++ heap holds now (in-use small chunks plus mmapped large ones).
std::size_t heap_bytes_in_use() {
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

float straight_line(pathkit::Point2 a, pathkit::Point2 b) {
    return std::hypot(a.x - b.x, a.y - b.y);
}

/// The CompactGraph's state order: along the Hilbert curve, or by node id when
/// PATHKIT_BENCH_STATE_ORDER=node-id (to see what the flat arrays alone give).
pathkit::StateOrder state_order() {
    const char* text = std::getenv("PATHKIT_BENCH_STATE_ORDER");
    return text != nullptr && std::string(text) == "node-id"
               ? pathkit::StateOrder::ByNodeId
               : pathkit::StateOrder::AlongHilbertCurve;
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

std::string cross_check(const Fixture& f);

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
    const double nodes = static_cast<double>(count);

    std::size_t before = heap_bytes_in_use();
    for (const pathkit::Point2 position : fixture.positions)
        fixture.graph.add_node(position);
    for (const Edge& edge : edges) {
        const pathkit::NodeId to(edge.to);
        if (!fixture.graph.add_connections(pathkit::NodeId(edge.from), {to}, false, edge.cost))
            std::abort();
    }
    fixture.graph_bytes_per_node = static_cast<double>(heap_bytes_in_use() - before) / nodes;

    before = heap_bytes_in_use();
    for (std::size_t node = 0; node < count; ++node)
        boost::add_vertex(fixture.boost_graph);
    for (const Edge& edge : edges)
        boost::add_edge(edge.from, edge.to, edge.cost, fixture.boost_graph);
    fixture.boost_bytes_per_node = static_cast<double>(heap_bytes_in_use() - before) / nodes;

    before = heap_bytes_in_use();
    const auto build_start = std::chrono::steady_clock::now();
    fixture.compact.emplace(pathkit::CompactGraph::build(fixture.graph, state_order()).value());
    fixture.compact_build_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - build_start)
            .count();
    fixture.compact_bytes_per_node = static_cast<double>(heap_bytes_in_use() - before) / nodes;

    std::uniform_int_distribution<std::uint32_t> any(0, static_cast<std::uint32_t>(count - 1));
    for (int pair = 0; pair < 100; ++pair)
        fixture.pairs.push_back({any(random), any(random)});
    fixture.disagreement = cross_check(fixture);
    return fixture;
}

const Fixture& fixture() {
    static const Fixture shared = build_fixture();
    return shared;
}

/// pathkit's Dijkstra over the whole graph from `start`: the one engine with a goal that never
/// holds. `Space` is the Graph or the CompactGraph.
template <class Space>
void run_pathkit_dijkstra(const Space& space, pathkit::StateId start,
                          pathkit::SearchContext& context) {
    const auto never = [](pathkit::StateId) { return false; };
    const pathkit::GoalWhere problem(space, never);
    pathkit::SearchOptions options;
    options.algorithm = pathkit::SearchAlgorithm::Dijkstra;
    const auto result = pathkit::find_path(problem, start, context, options);
    benchmark::DoNotOptimize(result.stats.expanded);
}

/// The cost of pathkit's A* from `from` to `to` (+infinity when there is no path).
template <class Space>
float run_pathkit_astar(const Space& space, std::uint32_t from, std::uint32_t to,
                        pathkit::SearchContext& context) {
    const auto path = space.find_path(pathkit::NodeId(from), pathkit::NodeId(to), context);
    return path.found() ? path.cost : INFINITY;
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

/// Same distances from node 0, and the same cost for every A* pair, in all three; or what
/// differs.
std::string cross_check(const Fixture& f) {
    pathkit::SearchContext graph_context, compact_context;
    BoostMaps maps(f.positions.size());
    const pathkit::CompactGraph& compact = *f.compact;
    run_pathkit_dijkstra(f.graph, pathkit::StateId(0), graph_context);
    run_pathkit_dijkstra(compact, compact.state_of(pathkit::NodeId(0)), compact_context);
    run_boost_dijkstra(f, maps);
    const auto close = [](float a, float b) {
        if (std::isinf(a) || std::isinf(b)) return std::isinf(a) && std::isinf(b);
        return std::abs(a - b) <= 1e-3f * std::max(1.0f, std::abs(b));
    };
    const auto boost_cost = [](float cost) {
        return cost == std::numeric_limits<float>::max() ? INFINITY : cost;
    };
    for (std::uint32_t node = 0; node < f.positions.size(); ++node) {
        const float theirs = boost_cost(maps.distance[node]);
        if (!close(graph_context.cost_to(pathkit::StateId(node)), theirs))
            return "Graph and Boost Dijkstra distances differ at node " + std::to_string(node);
        if (!close(compact_context.cost_to(compact.state_of(pathkit::NodeId(node))), theirs))
            return "CompactGraph and Boost Dijkstra distances differ at node " +
                   std::to_string(node);
    }
    for (const auto& [from, to] : f.pairs) {
        const float theirs = boost_cost(run_boost_astar(f, maps, from, to));
        const std::string pair = " from " + std::to_string(from) + " to " + std::to_string(to);
        if (!close(run_pathkit_astar(f.graph, from, to, graph_context), theirs))
            return "Graph and Boost A* costs differ" + pair;
        if (!close(run_pathkit_astar(compact, from, to, compact_context), theirs))
            return "CompactGraph and Boost A* costs differ" + pair;
    }
    return {};
}

/// The shared fixture, or nothing (and the benchmark skipped) when the libraries disagree.
const Fixture* checked_fixture(benchmark::State& state) {
    const Fixture& f = fixture();
    if (!f.disagreement.empty()) {
        state.SkipWithError(f.disagreement.c_str());
        return nullptr;
    }
    return &f;
}

void add_counters(benchmark::State& state, const Fixture& f, double graph_bytes_per_node,
                  double search_bytes_per_node) {
    state.counters["nodes"] = static_cast<double>(f.positions.size());
    state.counters["edges"] = static_cast<double>(f.edges);
    state.counters["graph_bytes_per_node"] = graph_bytes_per_node;
    state.counters["search_bytes_per_node"] = search_bytes_per_node;
}

double bytes_per_node(const pathkit::SearchContext& context, const Fixture& f) {
    return static_cast<double>(context.memory_bytes()) / static_cast<double>(f.positions.size());
}

void BM_Dijkstra_pathkit_graph(benchmark::State& state) {
    const Fixture* f = checked_fixture(state);
    if (f == nullptr) return;
    pathkit::SearchContext context;
    for (auto _ : state)
        run_pathkit_dijkstra(f->graph, pathkit::StateId(0), context);
    add_counters(state, *f, f->graph_bytes_per_node, bytes_per_node(context, *f));
}

void BM_Dijkstra_pathkit_compact(benchmark::State& state) {
    const Fixture* f = checked_fixture(state);
    if (f == nullptr) return;
    pathkit::SearchContext context;
    const pathkit::StateId start = f->compact->state_of(pathkit::NodeId(0));
    for (auto _ : state)
        run_pathkit_dijkstra(*f->compact, start, context);
    add_counters(state, *f, f->compact_bytes_per_node, bytes_per_node(context, *f));
    state.counters["build_ms"] = f->compact_build_ms;
}

void BM_Dijkstra_boost(benchmark::State& state) {
    const Fixture* f = checked_fixture(state);
    if (f == nullptr) return;
    BoostMaps maps(f->positions.size());
    for (auto _ : state)
        run_boost_dijkstra(*f, maps);
    add_counters(state, *f, f->boost_bytes_per_node, BoostMaps::bytes_per_node(false));
}

template <class Space>
void astar_pairs(benchmark::State& state, const Fixture& f, const Space& space,
                 double graph_bytes_per_node) {
    pathkit::SearchContext context;
    for (auto _ : state) {
        for (const auto& [from, to] : f.pairs)
            benchmark::DoNotOptimize(run_pathkit_astar(space, from, to, context));
    }
    add_counters(state, f, graph_bytes_per_node, bytes_per_node(context, f));
}

void BM_AStar100Pairs_pathkit_graph(benchmark::State& state) {
    if (const Fixture* f = checked_fixture(state))
        astar_pairs(state, *f, f->graph, f->graph_bytes_per_node);
}

void BM_AStar100Pairs_pathkit_compact(benchmark::State& state) {
    if (const Fixture* f = checked_fixture(state)) {
        astar_pairs(state, *f, *f->compact, f->compact_bytes_per_node);
        state.counters["build_ms"] = f->compact_build_ms;
    }
}

void BM_AStar100Pairs_boost(benchmark::State& state) {
    const Fixture* f = checked_fixture(state);
    if (f == nullptr) return;
    BoostMaps maps(f->positions.size());
    for (auto _ : state) {
        for (const auto& [from, to] : f->pairs)
            benchmark::DoNotOptimize(run_boost_astar(*f, maps, from, to));
    }
    add_counters(state, *f, f->boost_bytes_per_node, BoostMaps::bytes_per_node(true));
}

BENCHMARK(BM_Dijkstra_pathkit_graph)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Dijkstra_pathkit_compact)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Dijkstra_boost)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStar100Pairs_pathkit_graph)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStar100Pairs_pathkit_compact)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStar100Pairs_boost)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
