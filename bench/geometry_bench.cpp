// Open-world benchmarks: obstacle graph build, edits and queries on 1,000 polygons.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <random>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "peers/detour_scene.hpp"
#include "random_scene.hpp"

namespace {

using namespace pathkit;

constexpr float world = 10'000;
constexpr float buffer_radius = 10;

int scene_size() {
    const char* override = std::getenv("PATHKIT_BENCH_OBSTACLES");
    return override ? std::atoi(override) : 1000;
}

const std::vector<Obstacle>& scene() {
    static const std::vector<Obstacle> obstacles = bench::random_polygon_scene(scene_size(), world);
    return obstacles;
}

ObstacleGraph build_graph() {
    ObstacleGraph graph =
        std::move(ObstacleGraph::create({.buffer_radius = buffer_radius}).value());
    if (!graph.add_obstacles(scene()).has_value()) std::abort();
    return graph;
}

void ObstacleGraphBuild(benchmark::State& state) {
    std::size_t nodes = 0, connections = 0;
    for (auto _ : state) {
        ObstacleGraph graph = build_graph();
        nodes = graph.node_count();
        connections = graph.connection_count();
        benchmark::DoNotOptimize(graph);
    }
    std::size_t corners = 0;
    for (const Obstacle& obstacle : scene())
        corners += obstacle.points().size();
    state.counters["obstacle_corners"] = static_cast<double>(corners);
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["connections"] = static_cast<double>(connections);
}
BENCHMARK(ObstacleGraphBuild)->Unit(benchmark::kMillisecond)->Iterations(3);

// One obstacle added to (or removed from) the full scene; the other edit is untimed.
void ObstacleGraphEdit(benchmark::State& state, bool time_add) {
    ObstacleGraph graph = build_graph();
    const std::vector<Obstacle> extra = bench::random_polygon_scene(64, world, 99);
    std::size_t next = 0;
    for (auto _ : state) {
        const std::vector<Obstacle> one{extra[next++ % extra.size()]};
        const auto start = std::chrono::steady_clock::now();
        const auto ids = graph.add_obstacles(one);
        const auto added = std::chrono::steady_clock::now();
        if (!graph.remove_obstacles(ids.value()).ok()) std::abort();
        const auto removed = std::chrono::steady_clock::now();
        state.SetIterationTime(
            std::chrono::duration<double>(time_add ? added - start : removed - added).count());
    }
}
BENCHMARK_CAPTURE(ObstacleGraphEdit, add_one, true)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(64);
BENCHMARK_CAPTURE(ObstacleGraphEdit, remove_one, false)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(64);

// Point-to-point queries with temporary endpoints, cycling through fixed random pairs.
void ObstacleGraphQuery(benchmark::State& state) {
    const ObstacleGraph graph = build_graph();
    const std::vector<Point2> points = bench::random_free_points(graph, 200, world);
    PlaneQueryContext context;
    std::size_t next = 0, found = 0, queries = 0;
    double length = 0;
    for (auto _ : state) {
        const PlanePath path = graph.find_path(points[next % points.size()],
                                               points[(next + 1) % points.size()], context);
        next += 2;
        ++queries;
        if (path.found()) {
            ++found;
            length += path.cost;
        }
    }
    state.counters["found_share"] = static_cast<double>(found) / static_cast<double>(queries);
    state.counters["mean_length"] = length / static_cast<double>(found ? found : 1);
}
BENCHMARK(ObstacleGraphQuery)->Unit(benchmark::kMicrosecond);

NavMesh make_mesh(bool triangulated) {
    NavMesh mesh = std::move(
        NavMesh::create({0, 0}, {world, world}, {.buffer_radius = buffer_radius}).value());
    if (!mesh.add_obstacles(scene()).has_value()) std::abort();
    if (triangulated) mesh.triangulate();
    return mesh;
}

const NavMesh& shared_mesh() {
    static const NavMesh mesh = make_mesh(true);
    return mesh;
}

const std::vector<Point2>& query_points() {
    static const std::vector<Point2> points = bench::random_free_points(shared_mesh(), 200, world);
    return points;
}

void NavMeshTriangulate(benchmark::State& state) {
    NavMesh mesh = make_mesh(false);
    for (auto _ : state) {
        mesh.triangulate();
        benchmark::ClobberMemory();
    }
    state.counters["triangles"] = static_cast<double>(mesh.triangle_count());
    state.counters["nodes"] = static_cast<double>(mesh.node_count());
}
BENCHMARK(NavMeshTriangulate)->Unit(benchmark::kMillisecond);

// One edit of an obstacle of the scene's typical size (an 80 x 80 box at a random place) and
// the repair after it (`update()`), per iteration: argument 0 adds the box and removes it in
// the next iteration, argument 1 moves one box to a new random place each time. Beside
// NavMeshTriangulate in the same run: the rebuild the repair replaces.
void NavMeshEditThenUpdate(benchmark::State& state) {
    NavMesh mesh = make_mesh(true);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> place(200, world - 200);
    const auto box_at = [](Point2 at) {
        return Obstacle::polygon({{at.x - 40, at.y - 40},
                                  {at.x + 40, at.y - 40},
                                  {at.x + 40, at.y + 40},
                                  {at.x - 40, at.y + 40}});
    };
    const bool moving = state.range(0) == 1;
    Point2 cart_at{world / 2, world / 2};
    std::optional<ObstacleId> box;
    if (moving) {
        box = mesh.add_obstacles(std::vector{box_at(cart_at)}).value()[0];
        mesh.update();
    }
    std::size_t replaced = 0, edits = 0;
    for (auto _ : state) {
        const Point2 at{place(random), place(random)};
        if (moving) {
            if (!mesh.move_obstacle(*box, {at.x - cart_at.x, at.y - cart_at.y})) std::abort();
            cart_at = at;
        } else if (box) {
            if (!mesh.remove_obstacles({&*box, 1})) std::abort();
            box.reset();
        } else {
            box = mesh.add_obstacles(std::vector{box_at(at)}).value()[0];
        }
        mesh.update();
        replaced += mesh.last_change().replaced_triangles.size();
        ++edits;
    }
    state.counters["triangles"] = static_cast<double>(mesh.triangle_count());
    state.counters["replaced"] = static_cast<double>(replaced) / static_cast<double>(edits);
}
BENCHMARK(NavMeshEditThenUpdate)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Between fixed random pairs of free points: the exact shortest path (Polyanya, argument 0) or
// the node-graph search plus the funnel (argument 1).
void NavMeshPath(benchmark::State& state) {
    const NavMeshQuery kind = state.range(0) == 0 ? NavMeshQuery::Optimal : NavMeshQuery::Funnel;
    state.SetLabel(kind == NavMeshQuery::Optimal ? "optimal (Polyanya)" : "funnel");
    const NavMesh& mesh = shared_mesh();
    const std::vector<Point2>& points = query_points();
    PlaneQueryContext context;
    std::size_t next = 0, found = 0, queries = 0;
    double length = 0;
    for (auto _ : state) {
        const PlanePath path = mesh.find_path(
            points[next % points.size()], points[(next + 1) % points.size()], context, {}, kind);
        next += 2;
        ++queries;
        if (path.found()) {
            ++found;
            length += path.cost;
        }
    }
    state.counters["found_share"] = static_cast<double>(found) / static_cast<double>(queries);
    state.counters["mean_length"] = length / static_cast<double>(found ? found : 1);
    // Against the visibility graph's exact lengths on the first 100 pairs (its build grows with
    // the square of the corners, so only on scenes of up to 2,000 obstacles).
    if (scene_size() > 2000) return;
    static const ObstacleGraph graph = build_graph();
    double mesh_total = 0, graph_total = 0;
    for (std::size_t index = 0; index + 1 < 200; index += 2) {
        const PlanePath exact = graph.find_path(points[index], points[index + 1]);
        const PlanePath ours = mesh.find_path(points[index], points[index + 1], context, {}, kind);
        if (!exact.found() || !ours.found()) continue;
        graph_total += exact.cost;
        mesh_total += ours.cost;
    }
    state.counters["length_to_visibility"] = mesh_total / std::max(graph_total, 1e-9);
}
BENCHMARK(NavMeshPath)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// The same triangles and pairs in Recast/Detour: findNearestPoly, findPath, findStraightPath.
void DetourQuery(benchmark::State& state) {
    const NavMesh& mesh = shared_mesh();
    const std::vector<Point2>& points = query_points();
    // Detour wants its own winding: with the wrong one its string pulling zigzags, so take the
    // winding with the shorter paths.
    const std::vector<MeshTriangle> triangles = mesh.triangles();
    bench::DetourScene scene_as_is(triangles, {0, 0}, {world, world}, false);
    bench::DetourScene scene_flipped(triangles, {0, 0}, {world, world}, true);
    if (!scene_as_is.ready() || !scene_flipped.ready()) {
        state.SkipWithError("Detour could not load the mesh");
        return;
    }
    double as_is = 0, flipped = 0;
    for (std::size_t index = 0; index + 1 < 40; index += 2) {
        as_is += std::max(0.0, scene_as_is.path_length(points[index], points[index + 1]));
        flipped += std::max(0.0, scene_flipped.path_length(points[index], points[index + 1]));
    }
    const bool flip = flipped > 0 && flipped < as_is;
    const bench::DetourScene& detour = flip ? scene_flipped : scene_as_is;
    std::size_t next = 0, found = 0, queries = 0;
    double length = 0;
    for (auto _ : state) {
        const double path =
            detour.path_length(points[next % points.size()], points[(next + 1) % points.size()]);
        next += 2;
        ++queries;
        if (path >= 0) {
            ++found;
            length += path;
        }
    }
    state.counters["found_share"] = static_cast<double>(found) / static_cast<double>(queries);
    state.counters["mean_length"] = length / static_cast<double>(found ? found : 1);
    state.counters["flipped"] = flip ? 1 : 0;
}
BENCHMARK(DetourQuery)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
