// World benchmarks: 50 linked maps of 128 x 128 cells and 1,000 NPCs with four appointments
// each, run through one game day, then cross-map route queries on warm caches; and
// (Google Benchmark, `edits`) the distance fields of a 128 x 128 map with 16 portals computed
// whole beside the same fields repaired after one tile changed.
//
//   pathkit_bench_world [MAPS_ACROSS] [MAPS_DOWN] [NPCS] [SPACING]   (default 10 5 1000 16)
//   pathkit_bench_world edits [--benchmark_... options]
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string_view>

#include "pathkit/world/npc.hpp"

namespace {

using namespace pathkit;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// A field of 128 x 128 cells with random buildings (rectangles) covering about 15%.
GridMap random_field(std::mt19937& random) {
    GridMap map = GridMap::create(128, 128).value();
    std::uniform_int_distribution<int> place(2, 120), size(2, 8);
    for (int building = 0; building < 110; ++building) {
        const int x = place(random), y = place(random), w = size(random), h = size(random);
        for (int dy = 0; dy < h; ++dy)
            for (int dx = 0; dx < w; ++dx)
                (void)map.set_walkable({x + dx, y + dy}, false);
    }
    return map;
}

WorldPosition random_place(const World& world, std::mt19937& random) {
    std::uniform_int_distribution<std::size_t> pick_map(0, world.maps().size() - 1);
    std::uniform_int_distribution<int> coordinate(0, 127);
    for (;;) {
        const WorldMap& map = world.maps()[pick_map(random)];
        const Cell cell{coordinate(random), coordinate(random)};
        if (map.grid.is_walkable(cell)) return {map.id, cell};
    }
}

/// A 128 x 128 field (map 0, random buildings) with 16 doors at random walkable tiles, each to a
/// house of 4 x 4 tiles: 16 portals in the field. With `eight_moves`, moves go to 8 neighbours
/// without cutting corners and a tenth of the field is swamp (terrain 3), so each portal has a
/// field to it and one from it (32 in all), each a Dijkstra search; else 4 moves and no terrain,
/// one breadth-first field a portal (the world's default).
World field_with_houses(bool eight_moves) {
    std::mt19937 random(27);
    GridMap field = random_field(random);
    std::uniform_int_distribution<int> coordinate(0, 127);
    if (eight_moves)
        for (int swamp = 0; swamp < 128 * 128 / 10; ++swamp)
            (void)field.set_terrain_cost({coordinate(random), coordinate(random)}, 3);
    World world;
    world.set_rules(
        {.diagonal = eight_moves ? DiagonalPolicy::NoCornerCutting : DiagonalPolicy::Never});
    (void)world.add_map(MapId(0), "field", MapKind::Outdoor, std::move(field), 48);
    for (std::uint32_t house = 1; house <= 16; ++house) {
        (void)world.add_map(MapId(house), "house", MapKind::Indoor, GridMap::create(4, 4).value(),
                            48);
        for (;;) {
            const Cell door{coordinate(random), coordinate(random)};
            if (world.map(MapId(0))->grid.is_walkable(door) &&
                world.add_door(MapId(0), door, MapId(house), {1, 3}).ok())
                break;
        }
    }
    return world;
}

/// 1,024 random tiles of the field that are not doors, walkable or not.
std::vector<Cell> tiles_to_flip(const World& world) {
    std::mt19937 random(1027);
    std::uniform_int_distribution<int> coordinate(0, 127);
    std::vector<Cell> tiles;
    while (tiles.size() < 1024) {
        const Cell tile{coordinate(random), coordinate(random)};
        bool door = false;
        for (const Door& each : world.map(MapId(0))->doors)
            door = door || each.at == tile;
        if (!door) tiles.push_back(tile);
    }
    return tiles;
}

/// Reports the field's portals and how its fields were made, per iteration.
void count_fields(benchmark::State& state, const World& world, const RouteFieldCounts& before) {
    const RouteFieldCounts after = world.route_field_counts();
    const auto per_iteration = [&](std::uint64_t count) {
        return benchmark::Counter(static_cast<double>(count), benchmark::Counter::kAvgIterations);
    };
    state.counters["computed"] = per_iteration(after.computed - before.computed);
    state.counters["repaired"] = per_iteration(after.repaired - before.repaired);
    state.counters["kept"] = per_iteration(after.kept - before.kept);
    state.counters["costs_written"] = per_iteration(after.costs_repaired - before.costs_repaired);
}

/// Every field of the field map computed whole, as before fields were repaired: the rules set
/// again drop them (and the portal list, built again too).
void BM_FieldsComputedWhole(benchmark::State& state) {
    World world = field_with_houses(state.range(0) != 0);
    const RouteFieldCounts before = world.route_field_counts();
    for (auto _ : state) {
        world.set_rules(world.rules());
        if (!world.prepare_routes(MapId(0)).ok()) state.SkipWithError("refused");
    }
    count_fields(state, world, before);
}

/// One tile of the field flipped (a wall built or knocked down) and the fields repaired, each
/// iteration; the tiles come from a list of 1,024, so the field drifts by at most that many.
void BM_FieldsRepairedAfterOneTile(benchmark::State& state) {
    World world = field_with_houses(state.range(0) != 0);
    if (!world.prepare_routes(MapId(0)).ok()) state.SkipWithError("refused");
    const std::vector<Cell> tiles = tiles_to_flip(world);
    const RouteFieldCounts before = world.route_field_counts();
    std::size_t next = 0;
    for (auto _ : state) {
        const Cell tile = tiles[next++ % tiles.size()];
        (void)world.set_walkable(MapId(0), tile, !world.map(MapId(0))->grid.is_walkable(tile));
        if (!world.prepare_routes(MapId(0)).ok()) state.SkipWithError("refused");
    }
    count_fields(state, world, before);
}

BENCHMARK(BM_FieldsComputedWhole)
    ->ArgName("eight_moves")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FieldsRepairedAfterOneTile)
    ->ArgName("eight_moves")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond);

/// The game day and the warm route queries, as printed figures.
int run_day(int argc, char** argv) {
    const int across = argc > 1 ? std::atoi(argv[1]) : 10;
    const int down = argc > 2 ? std::atoi(argv[2]) : 5;
    const int npc_count = argc > 3 ? std::atoi(argv[3]) : 1000;
    const int spacing = argc > 4 ? std::atoi(argv[4]) : 16;
    std::mt19937 random(6);
    World world;
    for (int y = 0; y < down; ++y)
        for (int x = 0; x < across; ++x)
            (void)world.add_map(MapId(static_cast<std::uint32_t>(y * across + x)), "field",
                                MapKind::Outdoor, random_field(random), 48);
    for (int y = 0; y < down; ++y) {
        for (int x = 0; x < across; ++x) {
            const MapId here(static_cast<std::uint32_t>(y * across + x));
            if (x + 1 < across) (void)world.link(here, Side::East, MapId(here.value + 1));
            if (y + 1 < down) (void)world.link(here, Side::South, MapId(here.value + across));
        }
    }
    (void)world.set_edge_portal_spacing(spacing);

    NpcSimulation town(world, GameClock(12, 0));
    // One appointment in each four-hour window from 06:00 to 22:00; NPCs walk 24 units a
    // tick (two ticks a 48-unit cell), so most routes fit in the gaps.
    std::uniform_int_distribution<int> minute_in_window(0, 4 * 60 - 1);
    const auto made = Clock::now();
    for (int npc = 0; npc < npc_count; ++npc) {
        NpcSpec spec{"npc " + std::to_string(npc), random_place(world, random), 24, {}};
        for (int appointment = 0; appointment < 4; ++appointment)
            spec.appointments.push_back({6 * 60 + appointment * 4 * 60 + minute_in_window(random),
                                         random_place(world, random)});
        if (!town.add_npc(std::move(spec))) return 2;
    }
    const double adding = seconds_since(made);
    const auto day = Clock::now();
    town.run_until(24 * 60);
    const double day_seconds = seconds_since(day);
    int arrived = 0, late = 0, unreachable = 0;
    for (const Npc& npc : town.npcs()) {
        for (const NpcEvent& event : npc.events) {
            arrived += event.kind == NpcEventKind::Arrive;
            late += event.kind == NpcEventKind::Late;
            unreachable += event.kind == NpcEventKind::Unreachable;
        }
    }
    std::printf("%d maps of 128 x 128, %zu portals (edge spacing %d), %d NPCs x 4 appointments\n",
                across * down, world.portal_count(), spacing, npc_count);
    std::printf(
        "adding NPCs (first routes, filling caches): %.3f s; one game day: %.3f s; "
        "total %.3f s\n",
        adding, day_seconds, adding + day_seconds);
    // A late NPC is reported late when the time passes, then arrives: arrivals count both.
    std::printf("appointments: %d on time, %d late, %d unreachable\n", arrived - late, late,
                unreachable);

    // Route queries with every cache warm.
    std::vector<std::pair<WorldPosition, WorldPosition>> pairs;
    for (int query = 0; query < 500; ++query)
        pairs.push_back({random_place(world, random), random_place(world, random)});
    for (const auto& [from, to] : pairs)  // warm
        (void)world.find_route(from, to);
    const auto queries = Clock::now();
    double cost = 0;
    for (int round = 0; round < 4; ++round)
        for (const auto& [from, to] : pairs)
            cost += world.find_route(from, to).cost;
    const double each = seconds_since(queries) / (4.0 * pairs.size());
    std::printf("route query, warm caches: %.1f us mean (mean route %.0f tiles)\n", each * 1e6,
                cost / (4.0 * pairs.size()));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || std::string_view(argv[1]) != "edits") return run_day(argc, argv);
    // Google Benchmark reads the options after `edits`, which stands as the program's name.
    int options = argc - 1;
    benchmark::Initialize(&options, argv + 1);
    if (benchmark::ReportUnrecognizedArguments(options, argv + 1)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
