// Links in an open world: the optimal query (Polyanya) on the 1,000-polygon scene with 200
// random links against the same query without them, against a visibility graph with the same
// links (the lengths must be equal), and beside Detour with the links as off-mesh connections;
// ObstacleGraph's own query and the mesh's funnel query, each with and without the links.
//
//   pathkit_bench_navmesh_links [POLYGONS] [--links N] [--pairs N] [--repeat N]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "peers/detour_scene.hpp"
#include "random_scene.hpp"

namespace pathkit::bench {
namespace {

constexpr float world = 10'000;  // as in geometry_bench.cpp
constexpr float buffer_radius = 10;

struct Options {
    int polygons = 1000, links = 200, pairs = 100, repeat = 7;
};

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Point2 free_point(const NavMesh& mesh, std::mt19937& random) {
    std::uniform_real_distribution<float> coordinate(0, world);
    for (;;)
        if (const Point2 point{coordinate(random), coordinate(random)}; mesh.triangle_at(point))
            return point;
}

/// The oracle: Dijkstra over the visibility graph (with the link ends inserted once) and the
/// links, from `from` to `to`, both inserted for the query and removed after.
class VisibilityOracle {
  public:
    VisibilityOracle(const std::vector<Obstacle>& obstacles,
                     const std::vector<DetourScene::Link>& links, const std::vector<float>& costs)
        : graph_(std::move(ObstacleGraph::create({.buffer_radius = buffer_radius}).value())) {
        if (!graph_.add_obstacles(obstacles)) std::abort();
        for (std::size_t link = 0; link < links.size(); ++link) {
            const NodeId from = graph_.connect_node_using_obstacles(links[link].from).value();
            const NodeId to = graph_.connect_node_using_obstacles(links[link].to).value();
            arcs_.push_back({from, to, costs[link]});
            if (links[link].bidirectional) arcs_.push_back({to, from, costs[link]});
        }
    }

    [[nodiscard]] double length(Point2 from, Point2 to) {
        const NodeId start = graph_.connect_node_using_obstacles(from).value();
        const NodeId goal = graph_.connect_node_using_obstacles(to).value();
        std::size_t count = 0;
        for (const NodeId node : graph_.nodes())
            count = std::max(count, node.index() + 1);
        std::vector<double> best(count, INFINITY);
        std::vector<std::vector<std::pair<std::uint32_t, double>>> jumps(count);
        for (const Arc& arc : arcs_)
            jumps[arc.from.index()].push_back({arc.to.value, arc.cost});
        using Entry = std::pair<double, std::uint32_t>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
        best[start.index()] = 0;
        open.push({0, start.value});
        while (!open.empty()) {
            const auto [cost, node] = open.top();
            open.pop();
            if (cost > best[node]) continue;
            if (node == goal.value) break;
            const auto relax = [&](std::uint32_t next, double step) {
                if (cost + step < best[next]) {
                    best[next] = cost + step;
                    open.push({best[next], next});
                }
            };
            for (const PlaneConnection& connection : graph_.connections(NodeId(node)))
                relax(connection.to.value, connection.cost);
            for (const auto& [next, step] : jumps[node])
                relax(next, step);
        }
        const double found = best[goal.index()];
        if (!graph_.remove_node(start) || !graph_.remove_node(goal)) std::abort();
        return found;
    }

  private:
    struct Arc {
        NodeId from, to;
        double cost;
    };
    ObstacleGraph graph_;
    std::vector<Arc> arcs_;
};

void run(const Options& options) {
    const std::vector<Obstacle> obstacles = random_polygon_scene(options.polygons, world);
    NavMesh plain =
        NavMesh::create({0, 0}, {world, world}, {.buffer_radius = buffer_radius}).value();
    if (!plain.add_obstacles(obstacles)) std::abort();
    plain.triangulate();
    NavMesh linked =
        NavMesh::create({0, 0}, {world, world}, {.buffer_radius = buffer_radius}).value();
    if (!linked.add_obstacles(obstacles)) std::abort();
    linked.triangulate();
    NavMesh teleporters =
        NavMesh::create({0, 0}, {world, world}, {.buffer_radius = buffer_radius}).value();
    if (!teleporters.add_obstacles(obstacles)) std::abort();
    teleporters.triangulate();
    std::mt19937 random(28);
    std::vector<DetourScene::Link> links;
    std::vector<float> costs, teleporter_costs;
    while (static_cast<int>(links.size()) < options.links) {
        const Point2 from = free_point(plain, random), to = free_point(plain, random);
        const float straight = std::hypot(to.x - from.x, to.y - from.y);
        if (!linked.add_link(from, to) || !teleporters.add_link(from, to, {.cost = straight / 10}))
            std::abort();
        links.push_back({from, to, true});
        costs.push_back(straight);
        teleporter_costs.push_back(straight / 10);
    }
    std::vector<std::pair<Point2, Point2>> pairs;
    while (static_cast<int>(pairs.size()) < options.pairs)
        pairs.push_back({free_point(plain, random), free_point(plain, random)});

    const std::vector<MeshTriangle> triangles = plain.triangles();
    // Detour wants the other winding (see geometry_bench.cpp).
    const DetourScene detour_plain(triangles, {0, 0}, {world, world}, true);
    const DetourScene detour_linked(triangles, {0, 0}, {world, world}, true, links, 15);
    if (!detour_plain.ready() || !detour_linked.ready()) {
        std::fprintf(stderr, "Detour could not take the scene\n");
        std::exit(1);
    }

    // Each query's time, the median of `repeat` runs, all rows in turn within one run.
    struct Row {
        std::string name;
        std::vector<std::vector<double>> us;  // per pair, per run
        std::vector<double> lengths;
    };
    const std::string count = std::to_string(options.links);
    std::vector<Row> rows{{"pathkit, no links", {}, {}},
                          {"pathkit, " + count + " links (cost: the walk)", {}, {}},
                          {"pathkit, " + count + " teleporters (a tenth of the walk)", {}, {}},
                          {"Detour, no links", {}, {}},
                          {"Detour, " + count + " off-mesh connections", {}, {}},
                          {"ObstacleGraph, no links", {}, {}},
                          {"ObstacleGraph, " + count + " links", {}, {}},
                          {"ObstacleGraph, " + count + " teleporters", {}, {}},
                          {"funnel, no links", {}, {}},
                          {"funnel, " + count + " links", {}, {}},
                          {"funnel, " + count + " teleporters", {}, {}}};
    // The visibility graphs, built with the same obstacles and links.
    std::vector<ObstacleGraph> graphs;
    for (int kind = 0; kind < 3; ++kind) {
        graphs.push_back(
            std::move(ObstacleGraph::create({.buffer_radius = buffer_radius}).value()));
        if (!graphs.back().add_obstacles(obstacles)) std::abort();
        for (std::size_t link = 0; kind > 0 && link < links.size(); ++link)
            if (!graphs.back().add_link(links[link].from, links[link].to,
                                        {.cost = (kind == 1 ? costs : teleporter_costs)[link]}))
                std::abort();
    }
    for (Row& row : rows) {
        row.us.assign(pairs.size(), {});
        row.lengths.assign(pairs.size(), -1);
    }
    PlaneQueryContext context;
    for (int run = 0; run < options.repeat; ++run)
        for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
            const auto [from, to] = pairs[pair];
            const NavMesh* meshes[3] = {&plain, &linked, &teleporters};
            for (int at = 0; at < 3; ++at) {
                const auto start = std::chrono::steady_clock::now();
                const PlanePath path = meshes[at]->find_path(from, to, context);
                rows[at].us[pair].push_back(seconds_since(start) * 1e6);
                rows[at].lengths[pair] = path.found() ? path.cost : -1;
            }
            for (int at = 0; at < 3; ++at) {
                const auto start = std::chrono::steady_clock::now();
                const PlanePath path = graphs[at].find_path(from, to, context);
                rows[5 + at].us[pair].push_back(seconds_since(start) * 1e6);
                rows[5 + at].lengths[pair] = path.found() ? path.cost : -1;
            }
            for (int at = 0; at < 3; ++at) {
                const auto start = std::chrono::steady_clock::now();
                const PlanePath path =
                    meshes[at]->find_path(from, to, context, {}, NavMeshQuery::Funnel);
                rows[8 + at].us[pair].push_back(seconds_since(start) * 1e6);
                rows[8 + at].lengths[pair] = path.found() ? path.cost : -1;
            }
            const DetourScene* scenes[2] = {&detour_plain, &detour_linked};
            for (int at = 0; at < 2; ++at) {
                const auto start = std::chrono::steady_clock::now();
                rows[3 + at].lengths[pair] = scenes[at]->path_length(from, to);
                rows[3 + at].us[pair].push_back(seconds_since(start) * 1e6);
            }
        }

    // Exactness: each pathkit row with links against the visibility graph with the same links.
    VisibilityOracle oracle(obstacles, links, costs),
        teleporter_oracle(obstacles, links, teleporter_costs);
    // Per kind (links, teleporters): the mesh's exact query, then ObstacleGraph's.
    int equal[2][2] = {{0, 0}, {0, 0}};
    double worst[2][2] = {{0, 0}, {0, 0}};
    for (std::size_t pair = 0; pair < pairs.size(); ++pair)
        for (int at = 0; at < 2; ++at) {
            const double expected = (at == 0 ? oracle : teleporter_oracle)
                                        .length(pairs[pair].first, pairs[pair].second);
            for (int who = 0; who < 2; ++who) {
                const double got = rows[(who == 0 ? 1 : 6) + at].lengths[pair];
                const bool both_none = !std::isfinite(expected) && got < 0;
                const double error =
                    both_none ? 0 : std::abs(got - expected) / std::max(1.0, expected);
                worst[who][at] = std::max(worst[who][at], std::isfinite(error) ? error : 1.0);
                equal[who][at] += error <= 1e-4 ? 1 : 0;
            }
        }
    // The funnel against the exact query, per kind (none, links, teleporters): never shorter.
    int funnel_shorter[3] = {0, 0, 0};
    double funnel_ratio[3] = {0, 0, 0};
    for (int at = 0; at < 3; ++at) {
        int compared = 0;
        for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
            const double exact = rows[at].lengths[pair], funnel = rows[8 + at].lengths[pair];
            if (exact <= 0 || funnel < 0) continue;
            funnel_shorter[at] += funnel < exact * (1 - 1e-5) ? 1 : 0;
            funnel_ratio[at] += funnel / exact;
            ++compared;
        }
        funnel_ratio[at] /= std::max(1, compared);
    }

    std::printf(
        "| query | median us | total of medians us | found | length / pathkit, no links |\n"
        "|---|---:|---:|---:|---:|\n");
    std::vector<double> totals;
    for (const Row& row : rows) {
        std::vector<double> medians;
        for (const auto& runs : row.us)
            medians.push_back(median(runs));
        double total = 0, ratio_sum = 0;
        int found = 0, compared = 0;
        for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
            total += medians[pair];
            if (row.lengths[pair] < 0) continue;
            ++found;
            if (rows[0].lengths[pair] > 0) {
                ratio_sum += row.lengths[pair] / rows[0].lengths[pair];
                ++compared;
            }
        }
        totals.push_back(total);
        std::printf("| %s | %.2f | %.1f | %d of %zu | %.3f |\n", row.name.c_str(), median(medians),
                    total, found, pairs.size(), compared ? ratio_sum / compared : 0.0);
    }
    std::printf("\npathkit with links / without, total time: %.2fx (links), %.2fx (teleporters)\n",
                totals[1] / totals[0], totals[2] / totals[0]);
    std::printf("Detour with off-mesh connections / pathkit with links, total time: %.2fx\n",
                totals[4] / totals[1]);
    std::printf(
        "ObstacleGraph with links / without, total time: %.2fx (links), %.2fx "
        "(teleporters)\n",
        totals[6] / totals[5], totals[7] / totals[5]);
    std::printf("funnel with links / without, total time: %.2fx (links), %.2fx (teleporters)\n",
                totals[9] / totals[8], totals[10] / totals[8]);
    for (int who = 0; who < 2; ++who)
        std::printf(
            "%s lengths equal to the oracle (visibility graph + Dijkstra over the links): %d of "
            "%zu (worst relative difference %.2g); teleporters: %d of %zu (%.2g)\n",
            who == 0 ? "pathkit (mesh, exact)" : "ObstacleGraph with links", equal[who][0],
            pairs.size(), worst[who][0], equal[who][1], pairs.size(), worst[who][1]);
    std::printf(
        "funnel / exact length, mean: %.4f (no links), %.4f (links), %.4f (teleporters); "
        "funnel shorter than exact: %d, %d, %d\n",
        funnel_ratio[0], funnel_ratio[1], funnel_ratio[2], funnel_shorter[0], funnel_shorter[1],
        funnel_shorter[2]);
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    pathkit::bench::Options options;
    for (int at = 1; at < argc; ++at) {
        const std::string argument = argv[at];
        const auto value = [&] { return at + 1 < argc ? std::atoi(argv[++at]) : 0; };
        if (argument == "--links") {
            options.links = value();
        } else if (argument == "--pairs") {
            options.pairs = value();
        } else if (argument == "--repeat") {
            options.repeat = value();
        } else if (!argument.empty() && argument[0] != '-') {
            options.polygons = std::atoi(argument.c_str());
        } else {
            std::fprintf(stderr,
                         "usage: pathkit_bench_navmesh_links [POLYGONS] [--links N] [--pairs N] "
                         "[--repeat N]\n");
            return 2;
        }
    }
    if (options.polygons <= 0 || options.links < 0 || options.pairs <= 0 || options.repeat <= 0) {
        std::fprintf(stderr, "pathkit_bench_navmesh_links: every number must be positive\n");
        return 2;
    }
    pathkit::bench::run(options);
}
