// Editing an open world beside DetourTileCache: a box of the scene's typical size
// added, moved by half its side and removed again at random free places of the random scenes of
// 1,000 and 10,000 polygons; after each edit pathkit's NavMesh is made current (every way in
// `refreshes`) and DetourTileCache, holding the same scene in tiles, updated until its mesh is
// current; then the first path query on each. Prints Markdown tables of per-edit medians and
// ratios. Usage: pathkit_bench_navmesh_edit [SCENE_SIZES...] [--edits N] [--tile-cells N]
// [--cell-size S]   (default: scenes of 1000 and 10000 polygons, 30 edits of each kind,
// tiles of 32 cells of 5 units)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "peers/detour_tile_cache.hpp"
#include "random_scene.hpp"

namespace pathkit::bench {
namespace {

constexpr float world = 10'000;  // as in geometry_bench.cpp
constexpr float buffer_radius = 10;

/// A way to make the mesh current after an edit, timed as NavMeshEdit/<name>/<edit>/<scene>.
struct MeshRefresh {
    const char* name;
    void (*make_current)(NavMesh& mesh);
};

/// Every way timed, side by side in one run: one line each, with its own rows and ratio columns;
/// the first is the baseline of the ratios.
constexpr MeshRefresh refreshes[] = {
    {"Triangulate", [](NavMesh& mesh) { mesh.triangulate(); }},
    {"Update", [](NavMesh& mesh) { mesh.update(); }},
};
constexpr std::size_t refresh_count = std::size(refreshes);

constexpr const char* edit_names[] = {"add", "move", "remove"};
constexpr std::size_t edit_count = std::size(edit_names);

/// One benchmark row: per edit, the time to make the mesh current, the tiles rebuilt
/// (DetourTileCache) and the first query after it (its time and length, negative when none).
struct Series {
    std::vector<double> edit_us;
    std::vector<double> tiles;
    std::vector<double> query_us;
    std::vector<double> lengths;
};

double microseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
}

/// Reads 16 MiB, four times these machines' L2 cache a core, so that each engine starts its
/// edits at a place with none of its data in L1 or L2, whichever ran before it (the shared L3,
/// 480 MiB, is left as it is).
void evict_core_caches() {
    static const std::vector<std::uint64_t> filler(std::size_t{2} << 20, 1);
    const std::uint64_t sum = std::accumulate(filler.begin(), filler.end(), std::uint64_t{0});
    if (sum != filler.size()) std::abort();
}

double percentile(std::vector<double> values, double share) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(share * static_cast<double>(values.size() - 1) + 0.5)];
}

double median(const std::vector<double>& values) {
    return percentile(values, 0.5);
}

Obstacle square(Point2 center, float side) {
    const float half = side / 2;
    return Obstacle::polygon({{center.x - half, center.y - half},
                              {center.x + half, center.y - half},
                              {center.x + half, center.y + half},
                              {center.x - half, center.y + half}});
}

/// The typical obstacle size: the median over the scene of its bounding boxes' mean sides.
float typical_side(const std::vector<Obstacle>& obstacles) {
    std::vector<double> sides;
    for (const Obstacle& obstacle : obstacles) {
        const auto [low_x, high_x] =
            std::minmax_element(obstacle.points().begin(), obstacle.points().end(),
                                [](Point2 a, Point2 b) { return a.x < b.x; });
        const auto [low_y, high_y] =
            std::minmax_element(obstacle.points().begin(), obstacle.points().end(),
                                [](Point2 a, Point2 b) { return a.y < b.y; });
        sides.push_back((high_x->x - low_x->x + high_y->y - low_y->y) / 2);
    }
    return static_cast<float>(median(sides));
}

/// Where the box goes (its center is free space before the edits) and the query around it:
/// from the nearest free point at least 1.5 sides to the left of the center to one at least
/// 1.5 sides to the right, beyond the box in both of its places.
struct Place {
    Point2 center;
    Point2 from, to;
};

std::vector<Place> places(const NavMesh& mesh, float side, int count) {
    std::mt19937 random(27);
    std::uniform_real_distribution<float> coordinate(150, world - 150);
    const auto free_beyond = [&](Point2 center, float direction) -> std::optional<Point2> {
        for (int step = 6; step <= 20; ++step) {
            const Point2 point{center.x + direction * side * static_cast<float>(step) / 4,
                               center.y};
            if (mesh.triangle_at(point)) return point;
        }
        return std::nullopt;
    };
    std::vector<Place> chosen;
    while (static_cast<int>(chosen.size()) < count) {
        const Point2 center{coordinate(random), coordinate(random)};
        if (!mesh.triangle_at(center)) continue;
        const auto from = free_beyond(center, -1), to = free_beyond(center, 1);
        if (from && to) chosen.push_back({center, *from, *to});
    }
    return chosen;
}

/// Adds, moves and removes the box at `place` in pathkit's mesh, made current by `refresh`.
void edit_navmesh(NavMesh& mesh, const MeshRefresh& refresh, const Place& place, float side,
                  PlaneQueryContext& context, Series (&series)[edit_count]) {
    const auto first_query = [&](Series& row) {
        const auto start = std::chrono::steady_clock::now();
        const PlanePath path = mesh.find_path(place.from, place.to, context);
        row.query_us.push_back(microseconds_since(start));
        row.lengths.push_back(path.found() ? path.cost : -1);
    };
    auto start = std::chrono::steady_clock::now();
    const ObstacleId box = mesh.add_obstacles(std::vector{square(place.center, side)}).value()[0];
    refresh.make_current(mesh);
    series[0].edit_us.push_back(microseconds_since(start));
    first_query(series[0]);
    start = std::chrono::steady_clock::now();
    if (!mesh.move_obstacle(box, {side / 2, 0}).ok()) std::abort();
    refresh.make_current(mesh);
    series[1].edit_us.push_back(microseconds_since(start));
    first_query(series[1]);
    start = std::chrono::steady_clock::now();
    if (!mesh.remove_obstacles(std::vector{box}).ok()) std::abort();
    refresh.make_current(mesh);
    series[2].edit_us.push_back(microseconds_since(start));
    first_query(series[2]);
}

/// The same edits in DetourTileCache: the box grown by the agent radius (the cache does not
/// erode its obstacles), a move as a removal and an addition in one update.
void edit_tile_cache(DetourTileCache& cache, const Place& place, float side,
                     Series (&series)[edit_count]) {
    const float half = side / 2 + buffer_radius;
    const auto finish = [&](Series& row, std::chrono::steady_clock::time_point start) {
        const int tiles = cache.update_until_current();
        row.edit_us.push_back(microseconds_since(start));
        if (tiles < 0) std::abort();
        row.tiles.push_back(tiles);
        const auto query_start = std::chrono::steady_clock::now();
        const double length = cache.path_length(place.from, place.to);
        row.query_us.push_back(microseconds_since(query_start));
        row.lengths.push_back(length);
    };
    const Point2 center = place.center, moved{center.x + side / 2, center.y};
    auto start = std::chrono::steady_clock::now();
    std::uint32_t box =
        cache.add_box({center.x - half, center.y - half}, {center.x + half, center.y + half});
    if (!box) {
        std::fprintf(stderr, "DetourTileCache refused the box: tiles smaller than the box?\n");
        std::exit(1);
    }
    finish(series[0], start);
    start = std::chrono::steady_clock::now();
    if (!cache.remove(box)) std::abort();
    box = cache.add_box({moved.x - half, moved.y - half}, {moved.x + half, moved.y + half});
    if (!box) std::abort();
    finish(series[1], start);
    start = std::chrono::steady_clock::now();
    if (!cache.remove(box)) std::abort();
    finish(series[2], start);
}

/// The share of queries that found a path and, over the pairs where both found one, the
/// total length of `series` over `baseline`'s.
std::pair<double, double> found_and_length_ratio(const Series& series, const Series& baseline) {
    int found = 0;
    double length = 0, baseline_length = 0;
    for (std::size_t index = 0; index < series.lengths.size(); ++index) {
        found += series.lengths[index] >= 0;
        if (series.lengths[index] >= 0 && baseline.lengths[index] >= 0) {
            length += series.lengths[index];
            baseline_length += baseline.lengths[index];
        }
    }
    return {static_cast<double>(found) /
                static_cast<double>(std::max<std::size_t>(series.lengths.size(), 1)),
            baseline_length > 0 ? length / baseline_length : 0};
}

struct Options {
    std::vector<int> scene_sizes;
    int edits = 30;
    TileCacheSettings tile_cache{.agent_radius = buffer_radius};
};

/// Every scene's rows, printed as they are measured and then as one table of ratios.
void run(const Options& options) {
    struct SceneRows {
        int size;
        float side;
        std::size_t triangles, polygons;
        int layers;
        double triangulate_ms, cache_ms;
        Series pathkit[refresh_count][edit_count];
        Series tile_cache[edit_count];
    };
    std::vector<SceneRows> scenes;
    std::printf(
        "| benchmark | median us | p90 us | tiles rebuilt (median, max) | first query: median "
        "us | found | length / first pathkit row |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (const int size : options.scene_sizes) {
        const std::vector<Obstacle> obstacles = random_polygon_scene(size, world);
        const float side = typical_side(obstacles);
        NavMesh mesh =
            NavMesh::create({0, 0}, {world, world}, {.buffer_radius = buffer_radius}).value();
        if (!mesh.add_obstacles(obstacles)) std::abort();
        auto start = std::chrono::steady_clock::now();
        mesh.triangulate();
        const double triangulate_ms = microseconds_since(start) / 1000;
        start = std::chrono::steady_clock::now();
        DetourTileCache cache(obstacles, {0, 0}, {world, world}, options.tile_cache);
        const double cache_ms = microseconds_since(start) / 1000;
        if (!cache.ready()) {
            std::fprintf(stderr, "DetourTileCache could not be built for %d polygons\n", size);
            std::exit(1);
        }
        SceneRows& rows = scenes.emplace_back(SceneRows{
            .size = size,
            .side = side,
            .triangles = mesh.triangle_count(),
            .polygons = cache.polygon_count(),
            .layers = cache.layer_count(),
            .triangulate_ms = triangulate_ms,
            .cache_ms = cache_ms,
        });
        PlaneQueryContext context;
        for (const Place& place : places(mesh, side, options.edits)) {
            for (std::size_t refresh = 0; refresh < refresh_count; ++refresh) {
                evict_core_caches();
                edit_navmesh(mesh, refreshes[refresh], place, side, context, rows.pathkit[refresh]);
            }
            evict_core_caches();
            edit_tile_cache(cache, place, side, rows.tile_cache);
        }
        for (std::size_t edit = 0; edit < edit_count; ++edit) {
            const Series& baseline = rows.pathkit[0][edit];
            const auto print = [&](const std::string& engine, const Series& series) {
                const auto [found, length] = found_and_length_ratio(series, baseline);
                const std::string tiles =
                    series.tiles.empty()
                        ? ""
                        : std::to_string(static_cast<int>(median(series.tiles))) + ", " +
                              std::to_string(static_cast<int>(percentile(series.tiles, 1)));
                std::printf("| NavMeshEdit/%s/%s/%d | %.1f | %.1f | %s | %.1f | %.0f %% | %.3f |\n",
                            engine.c_str(), edit_names[edit], size, median(series.edit_us),
                            percentile(series.edit_us, 0.9), tiles.c_str(), median(series.query_us),
                            100 * found, length);
            };
            for (std::size_t refresh = 0; refresh < refresh_count; ++refresh)
                print(refreshes[refresh].name, rows.pathkit[refresh][edit]);
            print("TileCache", rows.tile_cache[edit]);
        }
        std::fflush(stdout);
    }
    std::printf("\n| scene | edit |");
    for (const MeshRefresh& refresh : refreshes)
        std::printf(" TileCache / %s |", refresh.name);
    for (std::size_t refresh = 1; refresh < refresh_count; ++refresh)
        std::printf(" %s / %s |", refreshes[0].name, refreshes[refresh].name);
    for (const MeshRefresh& refresh : refreshes)
        std::printf(" first query: Detour / pathkit after %s |", refresh.name);
    std::printf("\n|---|---|");
    for (std::size_t column = 0; column < 3 * refresh_count - 1; ++column)
        std::printf("---:|");
    std::printf("\n");
    for (const SceneRows& rows : scenes)
        for (std::size_t edit = 0; edit < edit_count; ++edit) {
            std::printf("| %d | %s |", rows.size, edit_names[edit]);
            const double cache_us = median(rows.tile_cache[edit].edit_us);
            for (std::size_t refresh = 0; refresh < refresh_count; ++refresh)
                std::printf(" %.3gx |", cache_us / median(rows.pathkit[refresh][edit].edit_us));
            for (std::size_t refresh = 1; refresh < refresh_count; ++refresh)
                std::printf(" %.1fx |", median(rows.pathkit[0][edit].edit_us) /
                                            median(rows.pathkit[refresh][edit].edit_us));
            const double detour_query_us = median(rows.tile_cache[edit].query_us);
            for (std::size_t refresh = 0; refresh < refresh_count; ++refresh)
                std::printf(" %.2fx |",
                            detour_query_us / median(rows.pathkit[refresh][edit].query_us));
            std::printf("\n");
        }
    std::printf(
        "\n| scene | box side | pathkit triangles | triangulate ms | TileCache tile layers | "
        "TileCache polygons | TileCache build ms |\n|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const SceneRows& rows : scenes)
        std::printf("| %d | %.1f | %zu | %.1f | %d | %zu | %.0f |\n", rows.size, rows.side,
                    rows.triangles, rows.triangulate_ms, rows.layers, rows.polygons, rows.cache_ms);
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    using namespace pathkit::bench;
    Options options;
    for (int index = 1; index < argc; ++index) {
        const std::string argument = argv[index];
        const bool has_value = index + 1 < argc;
        if (argument == "--edits" && has_value)
            options.edits = std::atoi(argv[++index]);
        else if (argument == "--tile-cells" && has_value)
            options.tile_cache.tile_cells = std::atoi(argv[++index]);
        else if (argument == "--cell-size" && has_value)
            options.tile_cache.cell_size = static_cast<float>(std::atof(argv[++index]));
        else if (std::atoi(argv[index]) > 0)
            options.scene_sizes.push_back(std::atoi(argv[index]));
        else {
            std::fprintf(stderr,
                         "usage: pathkit_bench_navmesh_edit [SCENE_SIZES...] [--edits N] "
                         "[--tile-cells N] [--cell-size S]\n");
            return 2;
        }
    }
    if (options.scene_sizes.empty()) options.scene_sizes = {1000, 10000};
    const int border =
        static_cast<int>(std::ceil(buffer_radius / options.tile_cache.cell_size)) + 3;
    if (options.edits < 1 || options.tile_cache.tile_cells < 8 ||
        options.tile_cache.tile_cells + 2 * border > 255 || !(options.tile_cache.cell_size > 0)) {
        std::fprintf(stderr, "pathkit_bench_navmesh_edit: edits >= 1, 8 <= tile cells <= %d\n",
                     255 - 2 * border);
        return 2;
    }
    run(options);
    return 0;
}
