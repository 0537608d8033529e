// Agents of several sizes on one mesh: on the 1,000-polygon scene, a mesh with four radius
// classes beside one mesh of one radius (memory, build time, query time per class, all in
// one run), and 1,000 agents of mixed sizes beside 1,000 of one size (time per step). Prints
// Markdown tables of medians and ratios.
// Usage: pathkit_bench_navmesh_sizes [POLYGONS] [--agents N] [--steps N] [--pairs N] [--repeat N]
// (defaults 1,000 polygons, 1,000 agents, 300 steps, 200 pairs, 5 repeats)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "pathkit/agents/agent_world.hpp"
#include "random_scene.hpp"

namespace pathkit::bench {
namespace {

constexpr float world = 10'000;  // as in geometry_bench.cpp
const std::vector<float> radii{10, 20, 30, 40};

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Seconds of processor time this thread has used: steady on a machine shared with other
/// work, where wall-clock steps also count the time the thread waited for a core.
double thread_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

NavMesh scene_mesh(const std::vector<Obstacle>& obstacles, const std::vector<float>& classes) {
    NavMesh mesh = NavMesh::create({0, 0}, {world, world},
                                   {.buffer_radius = radii[0], .radius_classes = classes})
                       .value();
    if (!mesh.add_obstacles(obstacles)) std::abort();
    mesh.triangulate();
    return mesh;
}

/// Per class: build seconds, memory, triangles, query seconds (median over the pairs).
struct ClassFigures {
    std::vector<double> build, query;
    std::size_t memory = 0, triangles = 0;
};

void mesh_part(int polygons, int pairs, int repeats) {
    const std::vector<Obstacle> obstacles = random_polygon_scene(polygons, world);
    std::vector<ClassFigures> figures(radii.size());
    std::vector<double> one_mesh_build, one_mesh_query;
    std::size_t one_mesh_memory = 0;
    // Pairs free for the largest radius, so that every class answers each.
    std::vector<Point2> points;
    {
        NavMesh largest =
            NavMesh::create({0, 0}, {world, world}, {.buffer_radius = radii.back()}).value();
        if (!largest.add_obstacles(obstacles)) std::abort();
        largest.triangulate();
        points = random_free_points(largest, 2 * pairs, world);
    }
    PlaneQueryContext context;
    const auto time_queries = [&](auto&& query) {
        std::vector<double> each;
        for (int pair = 0; pair < pairs; ++pair) {
            const auto start = Clock::now();
            const PlanePath path = query(points[2 * pair], points[2 * pair + 1]);
            each.push_back(seconds_since(start));
            if (path.status == SearchStatus::InvalidInput) std::abort();
        }
        return median(each);
    };
    for (int repeat = 0; repeat < repeats; ++repeat) {
        // One mesh of one radius, as before classes.
        auto start = Clock::now();
        const NavMesh one = scene_mesh(obstacles, {});
        one_mesh_build.push_back(seconds_since(start));
        one_mesh_memory = one.memory_bytes();
        one_mesh_query.push_back(
            time_queries([&](Point2 from, Point2 to) { return one.find_path(from, to, context); }));
        // The same with three more classes, each built at its first query.
        start = Clock::now();
        const NavMesh sized = scene_mesh(obstacles, {radii.begin() + 1, radii.end()});
        figures[0].build.push_back(seconds_since(start));
        for (std::size_t index = 1; index < radii.size(); ++index) {
            start = Clock::now();
            if (!sized.radius_class_mesh(radii[index])) std::abort();
            figures[index].build.push_back(seconds_since(start));
        }
        const std::vector<RadiusClassStats> stats = sized.radius_class_stats();
        for (std::size_t index = 0; index < radii.size(); ++index) {
            figures[index].memory = stats[index].memory_bytes;
            figures[index].triangles = stats[index].triangles;
            figures[index].query.push_back(time_queries([&](Point2 from, Point2 to) {
                return sized.find_path(from, to, context, {}, NavMeshQuery::Optimal, radii[index]);
            }));
        }
    }
    std::printf(
        "%d polygons on a %g x %g world; classes of radius 10 (the mesh's own), 20, 30, "
        "40; %d repeats, medians; queries: the median of %d pairs free for every class.\n\n",
        polygons, world, world, repeats, pairs);
    std::printf(
        "| mesh | triangles | memory, MiB | memory / one mesh | build, ms | build / one "
        "mesh | query, us | query / one mesh |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    const double mib = 1024.0 * 1024.0;
    const double one_build = median(one_mesh_build), one_query = median(one_mesh_query);
    std::printf("| one mesh, radius 10 | %zu | %.2f | 1x | %.1f | 1x | %.1f | 1x |\n",
                figures[0].triangles, static_cast<double>(one_mesh_memory) / mib, one_build * 1e3,
                one_query * 1e6);
    std::size_t total_memory = 0;
    double total_build = 0;
    for (std::size_t index = 0; index < radii.size(); ++index) {
        const ClassFigures& each = figures[index];
        total_memory += each.memory;
        total_build += median(each.build);
        std::printf("| class %g%s | %zu | %.2f | %.2fx | %.1f | %.2fx | %.1f | %.2fx |\n",
                    radii[index], index == 0 ? " (own)" : "", each.triangles,
                    static_cast<double>(each.memory) / mib,
                    static_cast<double>(each.memory) / static_cast<double>(one_mesh_memory),
                    median(each.build) * 1e3, median(each.build) / one_build,
                    median(each.query) * 1e6, median(each.query) / one_query);
    }
    std::printf("| all four classes | | %.2f | %.2fx | %.1f | %.2fx | | |\n\n",
                static_cast<double>(total_memory) / mib,
                static_cast<double>(total_memory) / static_cast<double>(one_mesh_memory),
                total_build * 1e3, total_build / one_build);
}

/// Who walks: agents of one size, or of mixed sizes planning on one mesh (as before radius
/// classes: the larger ones keep their radius by avoidance alone) or each on its class.
enum class Sizes { One, MixedOneMesh, MixedClasses };

/// Milliseconds per step of one run: median and mean wall-clock, median processor time.
struct StepTimes {
    double median = 0, mean = 0, processor_median = 0;
};

/// Step times of `agents` agents walking between random points of a world of rocks, all of
/// radius 0.5 or of mixed radii 0.5, 0.75, 1 and 1.5.
StepTimes step_times(int agents, int steps, Sizes sizes) {
    const bool mixed = sizes != Sizes::One;
    constexpr float side = 200;
    const std::vector<float> agent_radii{0.5f, 0.75f, 1, 1.5f};
    NavMesh mesh = NavMesh::create({0, 0}, {side, side},
                                   {.buffer_radius = 0.5f,
                                    .radius_classes = sizes == Sizes::MixedClasses
                                                          ? std::vector<float>{0.75f, 1, 1.5f}
                                                          : std::vector<float>{}})
                       .value();
    std::mt19937 random(5);
    std::uniform_real_distribution<float> coordinate(2, side - 6);
    std::vector<Obstacle> rocks;
    for (int rock = 0; rock < 400; ++rock) {
        const Point2 low{coordinate(random), coordinate(random)};
        rocks.push_back(Obstacle::polygon(
            {low, {low.x + 2, low.y}, {low.x + 2, low.y + 2}, {low.x, low.y + 2}}));
    }
    if (!mesh.add_obstacles(rocks)) std::abort();
    mesh.triangulate();
    // Starts and targets free for the largest agent, the same in both runs.
    NavMesh largest = NavMesh::create({0, 0}, {side, side}, {.buffer_radius = 1.5f}).value();
    if (!largest.add_obstacles(rocks)) std::abort();
    largest.triangulate();
    const auto free_point = [&] {
        for (;;) {
            const Point2 point{coordinate(random), coordinate(random)};
            if (largest.triangle_at(point)) return point;
        }
    };
    AgentWorld world_of_agents = AgentWorld::create(mesh).value();
    for (int agent = 0; agent < agents; ++agent) {
        const float radius = mixed ? agent_radii[static_cast<std::size_t>(agent) % 4] : 0.5f;
        const AgentId id = world_of_agents.add_agent(free_point(), {.radius = radius}).value();
        if (!world_of_agents.set_target(id, free_point())) std::abort();
    }
    std::vector<double> each, each_processor;
    for (int step = 0; step < steps; ++step) {
        const auto start = Clock::now();
        const double processor_start = thread_seconds();
        if (!world_of_agents.step(0.1f)) std::abort();
        each_processor.push_back((thread_seconds() - processor_start) * 1e3);
        each.push_back(seconds_since(start) * 1e3);
    }
    double sum = 0;
    for (const double value : each)
        sum += value;
    return {median(each), sum / static_cast<double>(each.size()), median(each_processor)};
}

void agents_part(int agents, int steps, int repeats) {
    std::vector<double> medians[3], means[3], processor_medians[3];
    for (int repeat = 0; repeat < repeats; ++repeat)
        for (int sizes = 0; sizes < 3; ++sizes) {
            const StepTimes times = step_times(agents, steps, static_cast<Sizes>(sizes));
            medians[sizes].push_back(times.median);
            means[sizes].push_back(times.mean);
            processor_medians[sizes].push_back(times.processor_median);
        }
    std::printf(
        "%d agents between random points of a 200 x 200 world of 400 rocks, %d steps of "
        "0.1 s, %d runs each, alternating; per run the median and mean step, then the "
        "median over runs; processor time is the thread's own (steady on a shared machine).\n\n",
        agents, steps, repeats);
    std::printf(
        "| agents | median ms/step | / one size | mean ms/step | / one size | median processor "
        "ms/step | / one size |\n|---|---:|---:|---:|---:|---:|---:|\n");
    const char* names[3] = {"one size (radius 0.5)",
                            "mixed sizes (0.5, 0.75, 1, 1.5), all planning on one mesh",
                            "mixed sizes, each planning on its class (0.75, 1, 1.5 added)"};
    for (int sizes = 0; sizes < 3; ++sizes)
        std::printf("| %s | %.3f | %.2fx | %.3f | %.2fx | %.3f | %.2fx |\n", names[sizes],
                    median(medians[sizes]), median(medians[sizes]) / median(medians[0]),
                    median(means[sizes]), median(means[sizes]) / median(means[0]),
                    median(processor_medians[sizes]),
                    median(processor_medians[sizes]) / median(processor_medians[0]));
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    using namespace pathkit::bench;
    int polygons = 1000, agents = 1000, steps = 300, pairs = 200, repeats = 5;
    for (int index = 1; index < argc; ++index) {
        const std::string argument = argv[index];
        int* target = argument == "--agents"   ? &agents
                      : argument == "--steps"  ? &steps
                      : argument == "--pairs"  ? &pairs
                      : argument == "--repeat" ? &repeats
                                               : nullptr;
        if (target && index + 1 < argc && std::atoi(argv[index + 1]) > 0) {
            *target = std::atoi(argv[++index]);
        } else if (!target && std::atoi(argv[index]) > 0) {
            polygons = std::atoi(argv[index]);
        } else {
            std::fprintf(stderr,
                         "usage: pathkit_bench_navmesh_sizes [POLYGONS] [--agents N] "
                         "[--steps N] [--pairs N] [--repeat N]\n");
            return 2;
        }
    }
    mesh_part(polygons, pairs, repeats);
    agents_part(agents, steps, repeats);
    return 0;
}
