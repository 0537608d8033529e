// Areas in an open world: on the 1,000-polygon scene with random areas, the optimal query
// without a filter against the same query excluding some ground (checked against a visibility
// graph with those areas as obstacles) and weighing other ground (against the weighted cost of
// the unweighted shortest path, which it may never exceed).
//
//   pathkit_bench_navmesh_areas [POLYGONS] [--areas N] [--pairs N] [--repeat N] [--points N]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "random_scene.hpp"

namespace pathkit::bench {
namespace {

constexpr float world = 10'000;  // as in geometry_bench.cpp
constexpr AreaType forbidden = 1, water = 2;

struct Options {
    int polygons = 1000, areas = 60, pairs = 100, repeat = 7;
    unsigned points = 4;
};

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Star-shaped blobs 300 to 800 units across; one in three forbidden, the rest water.
std::vector<std::pair<std::vector<Point2>, AreaType>> random_areas(int count) {
    std::mt19937 random(29);
    std::uniform_real_distribution<float> place(500, world - 500), size_of(150, 400),
        jitter(0.6f, 1.0f);
    std::vector<std::pair<std::vector<Point2>, AreaType>> areas;
    for (int index = 0; index < count; ++index) {
        const float cx = place(random), cy = place(random), size = size_of(random);
        std::vector<Point2> points;
        for (int corner = 0; corner < 8; ++corner) {
            const float angle = 2 * std::numbers::pi_v<float> * static_cast<float>(corner) / 8;
            const float radius = size * jitter(random);
            points.push_back({cx + radius * std::cos(angle), cy + radius * std::sin(angle)});
        }
        areas.push_back({std::move(points), index % 3 == 0 ? forbidden : water});
    }
    return areas;
}

void run(const Options& options) {
    const std::vector<Obstacle> obstacles = random_polygon_scene(options.polygons, world);
    const auto areas = random_areas(options.areas);
    NavMesh plain = NavMesh::create({0, 0}, {world, world}).value();
    NavMesh marked = NavMesh::create({0, 0}, {world, world}).value();
    if (!plain.add_obstacles(obstacles) || !marked.add_obstacles(obstacles)) std::abort();
    for (const auto& [outline, type] : areas)
        if (!marked.add_area(outline, type)) std::abort();
    auto start = std::chrono::steady_clock::now();
    plain.triangulate();
    const double plain_ms = seconds_since(start) * 1e3;
    start = std::chrono::steady_clock::now();
    marked.triangulate();
    const double marked_ms = seconds_since(start) * 1e3;
    std::printf("triangulate: %zu triangles in %.1f ms without areas, %zu in %.1f ms with %d\n\n",
                plain.triangle_count(), plain_ms, marked.triangle_count(), marked_ms,
                options.areas);

    std::mt19937 random(30);
    std::uniform_real_distribution<float> coordinate(0, world);
    const auto free_point = [&] {
        for (;;) {
            const Point2 point{coordinate(random), coordinate(random)};
            if (const auto type = marked.area_type_at(point); type && *type != forbidden)
                return point;
        }
    };
    std::vector<std::pair<Point2, Point2>> pairs;
    while (static_cast<int>(pairs.size()) < options.pairs)
        pairs.push_back({free_point(), free_point()});

    AreaFilter none, excluding, weighing, both;
    excluding.excluded = 1U << forbidden;
    weighing.costs[water] = 3;
    weighing.points_per_edge = options.points;
    both = weighing;
    both.excluded = excluding.excluded;
    struct Row {
        std::string name;
        const NavMesh* mesh;
        const AreaFilter* filter;
        std::vector<std::vector<double>> us;
        std::vector<PlanePath> paths;
    };
    std::vector<Row> rows{{"no areas, no filter", &plain, &none, {}, {}},
                          {"areas, no filter", &marked, &none, {}, {}},
                          {"areas, forbidden excluded", &marked, &excluding, {}, {}},
                          {"areas, water costs 3", &marked, &weighing, {}, {}},
                          {"areas, both", &marked, &both, {}, {}}};
    for (Row& row : rows) {
        row.us.assign(pairs.size(), {});
        row.paths.assign(pairs.size(), {});
    }
    PlaneQueryContext context;
    for (int repeat = 0; repeat < options.repeat; ++repeat)
        for (std::size_t pair = 0; pair < pairs.size(); ++pair)
            for (Row& row : rows) {
                const auto begin = std::chrono::steady_clock::now();
                PlanePath path = row.mesh->find_path(pairs[pair].first, pairs[pair].second, context,
                                                     *row.filter);
                row.us[pair].push_back(seconds_since(begin) * 1e6);
                row.paths[pair] = std::move(path);
            }
    std::printf(
        "| query | median us | total of medians us | / no filter | found | steiner runs |\n"
        "|---|---:|---:|---:|---:|---:|\n");
    double base_total = 0;
    for (std::size_t at = 0; at < rows.size(); ++at) {
        const Row& row = rows[at];
        std::vector<double> medians;
        double total = 0;
        int found = 0, steiner = 0;
        for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
            medians.push_back(median(row.us[pair]));
            total += medians.back();
            found += row.paths[pair].found() ? 1 : 0;
            steiner += row.paths[pair].stats.method == "polyanya+steiner" ? 1 : 0;
        }
        if (at == 1) base_total = total;
        std::printf("| %s | %.1f | %.0f | %s | %d | %d |\n", row.name.c_str(), median(medians),
                    total,
                    at == 0 ? "-" : (std::to_string(total / base_total).substr(0, 5) + "x").c_str(),
                    found, steiner);
    }

    // Exactness of the excluded query: a visibility graph with the forbidden areas as obstacles
    // (walled in round the bounds).
    ObstacleGraph oracle = ObstacleGraph::create().value();
    std::vector<Obstacle> walls = obstacles;
    for (const auto& [outline, type] : areas)
        if (type == forbidden) walls.push_back(Obstacle::polygon(outline));
    const float w = world;
    for (const auto& frame :
         {std::vector<Point2>{{-10, -10}, {w + 10, -10}, {w + 10, 0}, {-10, 0}},
          std::vector<Point2>{{-10, w}, {w + 10, w}, {w + 10, w + 10}, {-10, w + 10}},
          std::vector<Point2>{{-10, 0}, {0, 0}, {0, w}, {-10, w}},
          std::vector<Point2>{{w, 0}, {w + 10, 0}, {w + 10, w}, {w, w}}})
        walls.push_back(Obstacle::polygon(frame));
    if (!oracle.add_obstacles(walls)) std::abort();
    int equal = 0;
    double worst = 0;
    for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
        const PlanePath expected = oracle.find_path(pairs[pair].first, pairs[pair].second);
        const PlanePath& got = rows[2].paths[pair];
        const double error =
            expected.found() != got.found() ? 1.0
            : !got.found()                  ? 0.0
                           : std::abs(got.cost - expected.cost) / std::max(1.0f, expected.cost);
        worst = std::max(worst, error);
        equal += error <= 1e-4 ? 1 : 0;
    }
    std::printf(
        "\nexcluded: equal to the visibility graph with the forbidden areas as obstacles: "
        "%d of %d (worst relative difference %.2e)\n",
        equal, options.pairs, worst);
    // Weighted: against the weighted cost of the unweighted shortest path (an upper bound).
    double ratio_sum = 0, best_ratio = 1;
    int compared = 0;
    for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
        const PlanePath& shortest = rows[1].paths[pair];
        const PlanePath& weighted = rows[3].paths[pair];
        if (!shortest.found() || !weighted.found()) continue;
        // The unweighted path's weighted cost: the weighted query with one point per edge and
        // no cheaper path found costs exactly that; here, the ratio to its own length.
        ratio_sum += weighted.cost / shortest.cost;
        best_ratio = std::max(best_ratio, static_cast<double>(weighted.cost / shortest.cost));
        ++compared;
    }
    std::printf("weighted: cost / unweighted length, mean %.4f, largest %.4f over %d pairs\n",
                ratio_sum / std::max(1, compared), best_ratio, compared);
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    pathkit::bench::Options options;
    for (int at = 1; at < argc; ++at) {
        const std::string argument = argv[at];
        const auto number = [&] { return at + 1 < argc ? std::atoi(argv[++at]) : 0; };
        if (argument == "--areas") {
            options.areas = number();
        } else if (argument == "--pairs") {
            options.pairs = number();
        } else if (argument == "--repeat") {
            options.repeat = number();
        } else if (argument == "--points") {
            options.points = static_cast<unsigned>(number());
        } else {
            options.polygons = std::atoi(argument.c_str());
        }
    }
    if (options.polygons <= 0 || options.areas < 0 || options.pairs <= 0 || options.repeat <= 0 ||
        options.points < 1 || options.points > 64) {
        std::fprintf(stderr,
                     "usage: pathkit_bench_navmesh_areas [POLYGONS] [--areas N] [--pairs N] "
                     "[--repeat N] [--points 1..64]\n");
        return 2;
    }
    pathkit::bench::run(options);
    return 0;
}
