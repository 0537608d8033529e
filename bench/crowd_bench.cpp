// Crowd benchmarks: many units on a MovingAI map until all arrive, and a long soak
// with random orders checked tick by tick.
//
//   pathkit_bench_crowd arrive MAP.map [UNITS] [SEED]    every unit to a random free tile
//   pathkit_bench_crowd soak [UNITS] [TICKS] [SEED]      random orders on a 128 x 128 rooms map
//   pathkit_bench_crowd modes MAP SCEN UNITS             a MAPF scenario's first UNITS rows as
//                                                        orders, ordinary and coordinated
//   pathkit_bench_crowd table MAPF_FOLDER                both modes on every map of the folder
//                                                        (MAP-random-1.scen), 200..1,000 units
//   pathkit_bench_crowd goals MAP UNITS [REPEATS]        one formation order of UNITS units to
//                                                        one tile: the map's regions and each
//                                                        unit's nearest free tile, timed
//   pathkit_bench_crowd gate [UNITS] [PERIOD] [TICKS]    random orders on the rooms map while a
//                                                        gate between two middle rooms closes and
//                                                        opens every PERIOD ticks, beside the same
//                                                        crowd with the gate left open
//   pathkit_bench_crowd sizes MAP [UNITS] [SEED]         every unit to a random tile, all one
//                                                        tile beside mixed sizes (1, 1, 2, 3 by
//                                                        turns) from the same tiles to the same
//                                                        tiles, each tick checked
//   pathkit_bench_crowd flow MAP|generated [UNITS]       one group order of UNITS units (an army
//                                                        on the tiles nearest one) to a far tile
//                                                        (the 1024² map of grid_scaling), by
//                                                        one flow field and by one search a unit,
//                                                        beside UNITS jps searches to the same
//                                                        tiles; each run stepped until settled,
//                                                        each tick checked (field-only: no run
//                                                        by searches)
//   pathkit_bench_crowd orders MAP [UNITS] [EVERY] [TICKS] [REPEATS]
//                                                        every unit a new random order every
//                                                        EVERY ticks, queued; the crowd's own
//                                                        rules beside the lifelong planner on
//                                                        the same orders, taking turns
#include <cstdio>
#include <cstdlib>
#include <string>

#include "crowd_bench_support.hpp"

namespace pathkit::crowd_bench {

int arrive(const std::string& map_file, int unit_count, unsigned seed) {
    auto loaded = load_moving_ai_map(map_file);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().message().c_str());
        return 2;
    }
    const GridMap& map = loaded.value();
    std::mt19937 random(seed);
    std::vector<Cell> tiles = largest_region(map);
    std::shuffle(tiles.begin(), tiles.end(), random);
    if (static_cast<int>(tiles.size()) < 2 * unit_count) return 2;
    const auto made = Clock::now();
    Crowd crowd = std::move(Crowd::create(map).value());
    std::printf("crowd made in %.1f ms (its 8 landmarks come with the first plan, in tick 0)\n",
                std::chrono::duration<double, std::milli>(Clock::now() - made).count());
    for (int unit = 0; unit < unit_count; ++unit)
        (void)crowd.add_unit(tiles[static_cast<std::size_t>(unit)]);
    for (int unit = 0; unit < unit_count; ++unit)  // distinct destinations, none on a unit
        (void)crowd.move_to(UnitId(static_cast<std::uint32_t>(unit)),
                            tiles[static_cast<std::size_t>(unit_count + unit)]);
    std::vector<double> tick_ms;
    int arrived = 0, unreachable = 0;
    while (!crowd.is_settled() && crowd.tick() < 20000) {
        const auto start = Clock::now();
        if (!crowd.step()) return 2;
        tick_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        for (const CrowdEvent& event : crowd.events()) {
            arrived += event.kind == CrowdEventKind::Arrived;
            unreachable +=
                event.kind == CrowdEventKind::Unreachable || event.kind == CrowdEventKind::GaveUp;
        }
    }
    std::printf("%s: %d units, settled %s; %d arrived, %d gave up\n", map_file.c_str(), unit_count,
                crowd.is_settled() ? "yes" : "NO", arrived, unreachable);
    print_ticks(tick_ms);
    print_stats(crowd);
    return crowd.is_settled() ? 0 : 1;
}

int soak(int unit_count, std::uint64_t ticks, unsigned seed) {
    std::mt19937 random(seed);
    const GridMap map = rooms_map(random);
    const std::vector<Cell> tiles = shuffled_region(map, random);
    Crowd crowd = crowd_on(map, tiles, unit_count);
    std::uniform_int_distribution<std::size_t> pick_tile(0, tiles.size() - 1);
    std::uniform_int_distribution<int> pick_unit(0, unit_count - 1);
    // Open orders: the tick each unit was last ordered, until it arrives or gives up.
    std::vector<std::int64_t> ordered_at(static_cast<std::size_t>(unit_count), -1);
    std::uint64_t violations = 0, orders = 0, longest_order = 0;
    std::vector<double> tick_ms;
    std::vector<Cell> before = positions(crowd);
    for (std::uint64_t tick = 0; tick < ticks; ++tick) {
        for (int order = 0; order < 2; ++order) {  // two random orders a tick
            const auto unit = static_cast<std::uint32_t>(pick_unit(random));
            if (crowd.move_to(UnitId(unit), tiles[pick_tile(random)]).ok()) {
                ordered_at[unit] = static_cast<std::int64_t>(tick);
                ++orders;
            }
        }
        const auto start = Clock::now();
        if (!crowd.step()) return 2;
        tick_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        before = checked_positions(crowd, map, before, tick, violations);
        for (const CrowdEvent& event : crowd.events()) {
            if (event.kind != CrowdEventKind::Arrived &&
                event.kind != CrowdEventKind::Unreachable && event.kind != CrowdEventKind::GaveUp)
                continue;
            std::int64_t& open = ordered_at[event.unit.index()];
            if (open >= 0)
                longest_order = std::max(longest_order, tick - static_cast<std::uint64_t>(open));
            open = -1;
        }
    }
    std::uint64_t still_open = 0;
    for (std::int64_t open : ordered_at) {
        if (open < 0) continue;
        longest_order = std::max(longest_order, ticks - static_cast<std::uint64_t>(open));
        still_open += ticks - static_cast<std::uint64_t>(open) > 2000;
    }
    std::printf(
        "soak: %d units, %llu ticks, %llu orders, %llu violations, longest order %llu "
        "ticks, %llu orders open for over 2000 ticks\n",
        unit_count, static_cast<unsigned long long>(ticks), static_cast<unsigned long long>(orders),
        static_cast<unsigned long long>(violations), static_cast<unsigned long long>(longest_order),
        static_cast<unsigned long long>(still_open));
    print_ticks(tick_ms);
    print_stats(crowd);
    return violations == 0 && still_open == 0 ? 0 : 1;
}

// What one run of the gate benchmark measured.
struct GateRun {
    std::vector<double> tick_ms;  // the refresh after an edit included
    std::vector<double> repair_us;
    std::uint64_t replanned = 0, walking = 0, most_replanned = 0, displaced = 0, violations = 0;
};

// Units on the rooms map, a tenth of them ordered to random tiles at tick 0 and `orders_per_tick`
// more each tick; with `period` > 0 the gate's tiles are blocked and opened in turn every
// `period` ticks, and each tick is checked by `check_crowd_tick`.
GateRun run_gate(int unit_count, int period, std::uint64_t ticks, unsigned seed) {
    std::mt19937 random(seed);
    GridMap map = rooms_map(random);
    std::vector<Cell> gate;  // the doorway in the wall between the two middle rooms of a row
    for (int y = 49; y < 64; ++y)
        if (map.is_walkable({64, y})) gate.push_back({64, y});
    const std::vector<Cell> tiles = shuffled_region(map, random);
    Crowd crowd = crowd_on(map, tiles, unit_count);
    std::uniform_int_distribution<std::size_t> pick_tile(0, tiles.size() - 1);
    std::uniform_int_distribution<int> pick_unit(0, unit_count - 1);
    const int orders_per_tick = std::max(1, unit_count / 100);
    for (int unit = 0; unit < unit_count; unit += 10)
        (void)crowd.move_to(UnitId(static_cast<std::uint32_t>(unit)), tiles[pick_tile(random)]);
    GateRun run;
    std::vector<Cell> before = positions(crowd);
    bool closed = false;
    for (std::uint64_t tick = 0; tick < ticks; ++tick) {
        for (int order = 0; order < orders_per_tick; ++order)
            (void)crowd.move_to(UnitId(static_cast<std::uint32_t>(pick_unit(random))),
                                tiles[pick_tile(random)]);
        const auto start = Clock::now();
        if (period > 0 && tick > 0 && tick % static_cast<std::uint64_t>(period) == 0) {
            closed = !closed;
            for (const Cell tile : gate)
                (void)map.set_walkable(tile, !closed);
            std::uint64_t walking = 0;
            for (const Unit& unit : crowd.units())
                walking += unit.state == UnitState::Moving || unit.state == UnitState::Stalled;
            const CrowdRepair repair = crowd.refresh();
            run.repair_us.push_back(repair.microseconds);
            run.replanned += repair.replanned.size();
            run.most_replanned =
                std::max<std::uint64_t>(run.most_replanned, repair.replanned.size());
            run.walking += walking;
            run.displaced += repair.displaced.size();
            before = positions(crowd);  // displaced units jump: each tick is checked from here
        }
        if (!crowd.step()) break;
        run.tick_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        before = checked_positions(crowd, map, before, tick, run.violations);
    }
    return run;
}

int gate(int unit_count, int period, std::uint64_t ticks) {
    const GateRun still = run_gate(unit_count, 0, ticks, 1);
    const GateRun edited = run_gate(unit_count, period, ticks, 1);
    std::printf("gate: %d units on the 128 x 128 rooms map, %llu ticks, %d random orders a tick\n",
                unit_count, static_cast<unsigned long long>(ticks), std::max(1, unit_count / 100));
    std::printf("gate left open:       ");
    print_ticks(still.tick_ms);
    std::printf("gate every %3d ticks: ", period);
    print_ticks(edited.tick_ms);
    const double edits = static_cast<double>(std::max<std::size_t>(edited.repair_us.size(), 1));
    std::vector<double> repair = edited.repair_us;
    std::sort(repair.begin(), repair.end());
    double repair_total = 0;
    for (const double us : repair)
        repair_total += us;
    std::printf(
        "edits: %zu; per edit %.1f units replanned (most %llu) of %.1f walking, %.2f "
        "displaced; repair mean %.1f us, median %.1f us, max %.1f us; violations %llu + %llu\n",
        edited.repair_us.size(), static_cast<double>(edited.replanned) / edits,
        static_cast<unsigned long long>(edited.most_replanned),
        static_cast<double>(edited.walking) / edits, static_cast<double>(edited.displaced) / edits,
        repair_total / edits, repair.empty() ? 0.0 : repair[repair.size() / 2],
        repair.empty() ? 0.0 : repair.back(), static_cast<unsigned long long>(still.violations),
        static_cast<unsigned long long>(edited.violations));
    return still.violations == 0 && edited.violations == 0 ? 0 : 1;
}

}  // namespace pathkit::crowd_bench

int main(int argc, char** argv) {
    using namespace pathkit::crowd_bench;
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "arrive" && argc > 2)
        return arrive(argv[2], argc > 3 ? std::atoi(argv[3]) : 1000,
                      argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1);
    if (mode == "soak")
        return soak(argc > 2 ? std::atoi(argv[2]) : 200,
                    argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 100000,
                    argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1);
    if (mode == "modes" && argc > 4)
        return modes(argv[2], argv[3], std::strtoull(argv[4], nullptr, 10));
    if (mode == "table" && argc > 2) return table(argv[2]);
    if (mode == "guides" && argc > 2) return guides(argv[2], argc > 3 ? std::atoi(argv[3]) : 3);
    if (mode == "goals" && argc > 3)
        return goals(argv[2], std::strtoull(argv[3], nullptr, 10),
                     argc > 4 ? std::atoi(argv[4]) : 9);
    if (mode == "gate")
        return gate(argc > 2 ? std::atoi(argv[2]) : 1000, argc > 3 ? std::atoi(argv[3]) : 50,
                    argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 4000);
    if (mode == "flow" && argc > 2)
        return flow(argv[2], argc > 3 ? std::atoi(argv[3]) : 1000,
                    argc <= 4 || std::string(argv[4]) != "field-only");
    if (mode == "orders" && argc > 2)
        return orders(argv[2], argc > 3 ? std::atoi(argv[3]) : 200,
                      argc > 4 ? std::atoi(argv[4]) : 20,
                      argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 2000,
                      argc > 6 ? std::atoi(argv[6]) : 3);
    if (mode == "sizes" && argc > 2)
        return sizes(argv[2], argc > 3 ? std::atoi(argv[3]) : 1000,
                     argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1);
    std::fprintf(stderr,
                 "usage: pathkit_bench_crowd arrive MAP.map [UNITS] [SEED]\n"
                 "       pathkit_bench_crowd soak [UNITS] [TICKS] [SEED]\n"
                 "       pathkit_bench_crowd modes MAP.map SCEN.scen UNITS\n"
                 "       pathkit_bench_crowd table MAPF_FOLDER\n"
                 "       pathkit_bench_crowd guides MAPF_FOLDER [REPEATS]\n"
                 "       pathkit_bench_crowd goals MAP.map UNITS [REPEATS]\n"
                 "       pathkit_bench_crowd gate [UNITS] [PERIOD] [TICKS]\n"
                 "       pathkit_bench_crowd sizes MAP.map [UNITS] [SEED]\n"
                 "       pathkit_bench_crowd flow MAP.map|generated [UNITS] [field-only]\n"
                 "       pathkit_bench_crowd orders MAP.map [UNITS] [EVERY] [TICKS] [REPEATS]\n");
    return 2;
}
