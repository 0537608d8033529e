// Jump point search with and without the static index, and the index's build (Google Benchmark).
//
// Queries: every row of one MovingAI scenario (PATHKIT_BENCH_SCEN, default the example map
// examples/maps/fields.map.scen), its map named in the rows beside it. Each query benchmark
// solves all rows once per iteration; "per_query" is the mean time of one query.
// The build benchmarks build the index of that map and of a generated 1024 x 1024 map (random
// blocked tiles at 20 % plus 400 wall segments up to 64 tiles long, seed 1024), and report its
// bytes per tile; the repair benchmarks flip one random tile of the same maps an iteration and
// repair the index. The fit-table benchmarks do the same for the table of where a 3 x 3 unit
// fits on the generated map (a new space builds it; `refresh()` repairs it).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace {

using namespace pathkit;

/// The benchmark map with its scenario, loaded once.
struct Fixture {
    GridMap map;
    std::optional<GridSpace> space;
    std::optional<StaticGridIndex> index;
    std::vector<ScenarioQuery> queries;
};

std::string scenario_path() {
    if (const char* given = std::getenv("PATHKIT_BENCH_SCEN")) return given;
    return PATHKIT_EXAMPLES "/maps/fields.map.scen";
}

template <class T>
T or_stop(Expected<T> value, const std::string& what) {
    if (!value) {
        std::fprintf(stderr, "%s: %s\n", what.c_str(), value.error().message().c_str());
        std::exit(2);
    }
    return std::move(value).value();
}

const Fixture& fixture() {
    static const Fixture* shared = [] {
        const std::string scenario_file = scenario_path();
        Scenario scenario = or_stop(load_moving_ai_scenario(scenario_file), scenario_file);
        if (scenario.queries.empty()) {
            std::fprintf(stderr, "%s: no queries\n", scenario_file.c_str());
            std::exit(2);
        }
        const std::string map_file =
            (std::filesystem::path(scenario_file).parent_path() / scenario.queries[0].map_name)
                .string();
        // On the heap and never freed: the space and the index point into it.
        auto* made = new Fixture{or_stop(load_moving_ai_map(map_file), map_file), std::nullopt,
                                 std::nullopt, std::move(scenario.queries)};
        made->space.emplace(made->map);
        made->index.emplace(or_stop(StaticGridIndex::build(*made->space), map_file));
        return made;
    }();
    return *shared;
}

/// A 1024 x 1024 map: 20 % random blocked tiles and 400 straight walls of 8 to 64 tiles.
GridMap generated_map() {
    GridMap map = GridMap::create(1024, 1024).value();
    std::mt19937 random(1024);
    std::uniform_int_distribution<int> coordinate(0, 1023);
    std::bernoulli_distribution blocked(0.2);
    for (int y = 0; y < 1024; ++y) {
        for (int x = 0; x < 1024; ++x)
            if (blocked(random)) (void)map.set_walkable({x, y}, false);
    }
    std::uniform_int_distribution<int> length(8, 64);
    for (int wall = 0; wall < 400; ++wall) {
        const int x = coordinate(random), y = coordinate(random), run = length(random);
        const bool across = wall % 2 == 0;
        for (int step = 0; step < run; ++step)
            (void)map.set_walkable(across ? Cell{x + step, y} : Cell{x, y + step}, false);
    }
    return map;
}

enum class Method { AStar, Jps, JpsPlus };

void solve_all(benchmark::State& state, Method method, PathShape shape) {
    const Fixture& f = fixture();
    SearchContext context;
    context.reserve(f.space->state_count());
    for (auto _ : state) {
        for (const ScenarioQuery& query : f.queries) {
            const GridPath result =
                method == Method::JpsPlus
                    ? f.index->find_path(query.start, query.goal, context, {}, shape)
                : method == Method::Jps
                    ? find_path_jps(*f.space, query.start, query.goal, context, {}, shape)
                    : f.space->find_path(query.start, query.goal, context, {}, shape);
            benchmark::DoNotOptimize(result.cost);
        }
    }
    state.counters["per_query"] = benchmark::Counter(
        static_cast<double>(f.queries.size()),
        benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void build_index(benchmark::State& state, const GridSpace& space) {
    std::size_t bytes = 0;
    for (auto _ : state) {
        const auto index = StaticGridIndex::build(space);
        bytes = index.value().memory_bytes();
        benchmark::DoNotOptimize(bytes);
    }
    const GridMap& map = space.map();
    state.counters["bytes_per_tile"] =
        static_cast<double>(bytes) / (static_cast<double>(map.width()) * map.height());
}

/// Flips one random tile (a wall built or knocked down) and repairs the index, each
/// iteration; the map drifts from its start by one tile an iteration.
void repair_index(benchmark::State& state, GridMap map) {
    const GridSpace space(map);
    auto index = or_stop(StaticGridIndex::build(space), "repair benchmark");
    std::mt19937 random(7);
    std::uniform_int_distribution<int> column(0, map.width() - 1), row(0, map.height() - 1);
    for (auto _ : state) {
        const Cell tile{map.origin().x + column(random), map.origin().y + row(random)};
        (void)map.set_walkable(tile, !map.is_walkable(tile));
        if (!index.repair()) {
            state.SkipWithError("the repair was refused");
            break;
        }
    }
}

/// The table of where a 3 x 3 unit fits on the generated map: built by a new space, or
/// refreshed after one random tile flips, each iteration.
void BM_BuildFitTableOf1024Map(benchmark::State& state) {
    static const GridMap map = generated_map();
    for (auto _ : state) {
        const GridSpace space(map, MovementRules{.agent_size = 3});
        benchmark::DoNotOptimize(space.fits_data());
    }
}
void BM_RefreshFitTableOf1024MapAfterOneTile(benchmark::State& state) {
    GridMap map = generated_map();
    GridSpace space(map, MovementRules{.agent_size = 3});
    std::mt19937 random(7);
    std::uniform_int_distribution<int> coordinate(0, 1023);
    for (auto _ : state) {
        const Cell tile{coordinate(random), coordinate(random)};
        (void)map.set_walkable(tile, !map.is_walkable(tile));
        space.refresh();
    }
}

void BM_JpsTurns(benchmark::State& state) {
    solve_all(state, Method::Jps, PathShape::Turns);
}
void BM_JpsPlusTurns(benchmark::State& state) {
    solve_all(state, Method::JpsPlus, PathShape::Turns);
}
void BM_JpsTiles(benchmark::State& state) {
    solve_all(state, Method::Jps, PathShape::Tiles);
}
void BM_JpsPlusTiles(benchmark::State& state) {
    solve_all(state, Method::JpsPlus, PathShape::Tiles);
}
void BM_AStarTiles(benchmark::State& state) {
    solve_all(state, Method::AStar, PathShape::Tiles);
}
void BM_BuildIndexOfScenarioMap(benchmark::State& state) {
    build_index(state, *fixture().space);
}
void BM_BuildIndexOf1024Map(benchmark::State& state) {
    static const GridMap map = generated_map();
    static const GridSpace space(map);
    build_index(state, space);
}

void BM_RepairIndexOfScenarioMapAfterOneTile(benchmark::State& state) {
    repair_index(state, fixture().map);
}
void BM_RepairIndexOf1024MapAfterOneTile(benchmark::State& state) {
    repair_index(state, generated_map());
}

BENCHMARK(BM_JpsTurns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JpsPlusTurns)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JpsTiles)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JpsPlusTiles)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AStarTiles)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuildIndexOfScenarioMap)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuildIndexOf1024Map)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RepairIndexOfScenarioMapAfterOneTile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_RepairIndexOf1024MapAfterOneTile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildFitTableOf1024Map)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RefreshFitTableOf1024MapAfterOneTile)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
