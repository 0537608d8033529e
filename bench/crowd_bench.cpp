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
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "generated_map.hpp"
#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "pathkit/io/mapf_files.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace {

using namespace pathkit;
using Clock = std::chrono::steady_clock;

// Tiles reachable from `from` (4-neighbour flood: enough to pick targets in one region).
std::vector<Cell> region_of(const GridMap& map, Cell from) {
    std::vector<bool> seen(map.padded_size(), false);
    std::vector<Cell> region{from};
    seen[map.index(from)] = true;
    for (std::size_t next = 0; next < region.size(); ++next) {
        const Cell here = region[next];
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const Cell cell{here.x + dx, here.y + dy};
            if (!map.is_walkable(cell) || seen[map.index(cell)]) continue;
            seen[map.index(cell)] = true;
            region.push_back(cell);
        }
    }
    return region;
}

// The largest region's tiles.
std::vector<Cell> largest_region(const GridMap& map) {
    std::vector<bool> done(map.padded_size(), false);
    std::vector<Cell> best;
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            const Cell cell{x, y};
            if (!map.is_walkable(cell) || done[map.index(cell)]) continue;
            std::vector<Cell> region = region_of(map, cell);
            for (Cell member : region)
                done[map.index(member)] = true;
            if (region.size() > best.size()) best = std::move(region);
        }
    }
    return best;
}

// 128 x 128: rooms of 16 x 16 behind walls, each wall with one or two doors 1 or 2 tiles wide.
GridMap rooms_map(std::mt19937& random) {
    GridMap map = GridMap::create(128, 128).value();
    std::uniform_int_distribution<int> along(1, 13), width(1, 2), doors(1, 2);
    for (int line = 16; line < 128; line += 16) {
        for (int i = 0; i < 128; ++i) {
            (void)map.set_walkable({line, i}, false);
            (void)map.set_walkable({i, line}, false);
        }
    }
    for (int line = 16; line < 128; line += 16) {
        for (int room = 0; room < 128; room += 16) {
            for (int door = doors(random); door > 0; --door) {
                const int at = room + along(random), wide = width(random);
                for (int w = 0; w < wide; ++w) {
                    (void)map.set_walkable({line, at + w}, true);
                    (void)map.set_walkable({at + w, line}, true);
                }
            }
        }
    }
    return map;
}

std::vector<Cell> positions(const Crowd& crowd) {
    std::vector<Cell> now;
    for (const Unit& unit : crowd.units())
        now.push_back(unit.at);
    return now;
}

void print_ticks(std::vector<double> tick_ms) {
    std::sort(tick_ms.begin(), tick_ms.end());
    double total = 0;
    for (double ms : tick_ms)
        total += ms;
    const auto at = [&](double share) {
        return tick_ms[std::min(tick_ms.size() - 1,
                                static_cast<std::size_t>(share * tick_ms.size()))];
    };
    std::printf(
        "ticks: %zu, mean %.3f ms, median %.3f ms, p99 %.3f ms, max %.3f ms, total %.2f s\n",
        tick_ms.size(), total / tick_ms.size(), at(0.5), at(0.99), tick_ms.back(), total / 1000);
}

void print_stats(const Crowd& crowd) {
    const CrowdStats& stats = crowd.stats();
    std::printf(
        "planning: %llu searches, %llu expansions, %.3f s; stalls %llu, replans %llu, "
        "deadlocks resolved %llu\n",
        static_cast<unsigned long long>(stats.searches),
        static_cast<unsigned long long>(stats.expanded), stats.planning_seconds,
        static_cast<unsigned long long>(stats.stalls),
        static_cast<unsigned long long>(stats.replans),
        static_cast<unsigned long long>(stats.deadlocks_resolved));
}

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

// The largest region's tiles in random order.
std::vector<Cell> shuffled_region(const GridMap& map, std::mt19937& random) {
    std::vector<Cell> tiles = largest_region(map);
    std::shuffle(tiles.begin(), tiles.end(), random);
    return tiles;
}

// A crowd on `map` with a unit on each of the first `unit_count` tiles.
Crowd crowd_on(const GridMap& map, const std::vector<Cell>& tiles, int unit_count) {
    Crowd crowd = std::move(Crowd::create(map).value());
    for (int unit = 0; unit < unit_count; ++unit)
        (void)crowd.add_unit(tiles[static_cast<std::size_t>(unit)]);
    return crowd;
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
        const std::vector<Cell> after = positions(crowd);
        if (auto problem = check_crowd_tick(map, before, after)) {
            if (++violations <= 5)
                std::printf("tick %llu: %s\n", static_cast<unsigned long long>(tick),
                            problem->c_str());
        }
        before = after;
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
        const std::vector<Cell> after = positions(crowd);
        if (auto problem = check_crowd_tick(map, before, after))
            if (++run.violations <= 5)
                std::printf("tick %llu: %s\n", static_cast<unsigned long long>(tick),
                            problem->c_str());
        before = after;
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

// What one run of the sizes benchmark measured.
struct SizesRun {
    std::vector<double> tick_ms;
    int arrived = 0, unreachable = 0, gave_up = 0;
    std::uint64_t violations = 0;
    bool settled = false;
};

// Units on the first `unit_count` of `anchors`, sent to the next `unit_count`, of size
// `size_of(unit)`; every tick timed (the step alone) and checked.
template <class SizeOf>
SizesRun run_sizes(const GridMap& map, const std::vector<Cell>& anchors, int unit_count,
                   SizeOf size_of) {
    SizesRun run;
    Crowd crowd = std::move(Crowd::create(map).value());
    std::vector<int> sizes;
    for (int unit = 0; unit < unit_count; ++unit) {
        sizes.push_back(size_of(unit));
        if (!crowd.add_unit(anchors[static_cast<std::size_t>(unit)], UnitState::Idle, sizes.back()))
            std::abort();  // the anchors fit 3 x 3 units apart
    }
    for (int unit = 0; unit < unit_count; ++unit)
        (void)crowd.move_to(UnitId(static_cast<std::uint32_t>(unit)),
                            anchors[static_cast<std::size_t>(unit_count + unit)]);
    std::vector<Cell> before = positions(crowd);
    while (!crowd.is_settled() && crowd.tick() < 20000) {
        const auto start = Clock::now();
        if (!crowd.step()) break;
        run.tick_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        const std::vector<Cell> after = positions(crowd);
        if (auto problem = check_crowd_tick(map, before, after, sizes))
            if (++run.violations <= 5) std::printf("%s\n", problem->c_str());
        before = after;
        for (const CrowdEvent& event : crowd.events()) {
            run.arrived += event.kind == CrowdEventKind::Arrived;
            run.unreachable += event.kind == CrowdEventKind::Unreachable;
            run.gave_up += event.kind == CrowdEventKind::GaveUp;
        }
    }
    run.settled = crowd.is_settled();
    return run;
}

int sizes(const std::string& map_file, int unit_count, unsigned seed) {
    auto loaded = load_moving_ai_map(map_file);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().message().c_str());
        return 2;
    }
    const GridMap& map = loaded.value();
    std::mt19937 random(seed);
    // Top-left tiles of the largest region where a 3 x 3 unit fits, its footprint apart from
    // every other chosen one's: the same starts and targets serve every size.
    std::vector<bool> taken(map.padded_size(), false);
    std::vector<Cell> anchors;
    for (const Cell tile : shuffled_region(map, random)) {
        bool fits = true;
        for (int y = tile.y; y < tile.y + 3 && fits; ++y)
            for (int x = tile.x; x < tile.x + 3 && fits; ++x)
                fits = map.is_walkable({x, y}) && !taken[map.index({x, y})];
        if (!fits) continue;
        for (int y = tile.y; y < tile.y + 3; ++y)
            for (int x = tile.x; x < tile.x + 3; ++x)
                taken[map.index({x, y})] = true;
        anchors.push_back(tile);
        if (static_cast<int>(anchors.size()) == 2 * unit_count) break;
    }
    if (static_cast<int>(anchors.size()) < 2 * unit_count) return 2;
    const auto one = [](int) { return 1; };
    const auto mixed = [](int unit) { return unit % 4 < 2 ? 1 : unit % 4; };
    // Twice each, by turns, so that both see the machine alike.
    std::vector<SizesRun> ones, mixes;
    for (int round = 0; round < 2; ++round) {
        ones.push_back(run_sizes(map, anchors, unit_count, one));
        mixes.push_back(run_sizes(map, anchors, unit_count, mixed));
    }
    const auto median = [](std::vector<double> values) {
        std::sort(values.begin(), values.end());
        return values.empty() ? 0.0 : values[values.size() / 2];
    };
    const auto mean = [](const std::vector<double>& values) {
        double total = 0;
        for (const double value : values)
            total += value;
        return values.empty() ? 0.0 : total / static_cast<double>(values.size());
    };
    std::printf("sizes: %s, %d units, seed %u (mixed: sizes 1, 1, 2, 3 by turns)\n",
                map_file.c_str(), unit_count, seed);
    double mean_ticks[2] = {};
    for (int kind = 0; kind < 2; ++kind) {
        const std::vector<SizesRun>& runs = kind == 0 ? ones : mixes;
        std::vector<double> means;
        for (const SizesRun& run : runs)
            means.push_back(mean(run.tick_ms));
        mean_ticks[kind] = mean(means);
        const SizesRun& run = runs.front();
        std::printf(
            "%-9s ticks %zu, settled %s, mean tick %.3f ms (runs: %.3f, %.3f), median tick "
            "%.3f ms, arrived %d, unreachable %d, gave up %d, violations %llu\n",
            kind == 0 ? "all 1:" : "mixed:", run.tick_ms.size(), run.settled ? "yes" : "NO",
            mean_ticks[kind], means[0], means[1], median(run.tick_ms), run.arrived, run.unreachable,
            run.gave_up, static_cast<unsigned long long>(run.violations));
    }
    std::printf("mixed / all 1, mean tick: %.2f\n", mean_ticks[1] / mean_ticks[0]);
    const bool clean =
        std::all_of(ones.begin(), ones.end(), [](auto& r) { return !r.violations; }) &&
        std::all_of(mixes.begin(), mixes.end(), [](auto& r) { return !r.violations; });
    return clean ? 0 : 1;
}

}  // namespace

// How one mode did on a MAPF scenario.
struct ModeRun {
    int on_goal = 0, gave_up = 0, unreachable = 0;
    bool settled = false;
    std::uint64_t ticks = 0, last_arrival = 0;
    double seconds = 0;
    std::vector<double> tick_ms;
    CrowdStats stats;
};

// One mode on a MAPF scenario: units on the rows' starts, each ordered to its goal at tick 0,
// stepped until settled or 20,000 ticks.
ModeRun run_mode(const MapfInstance& instance, bool coordinated) {
    const auto began = Clock::now();
    Crowd crowd = std::move(Crowd::create(instance.map).value());
    for (const Cell start : instance.starts)
        (void)crowd.add_unit(start);
    for (std::uint32_t unit = 0; unit < instance.starts.size(); ++unit) {
        const std::vector<UnitId> one{UnitId(unit)};
        (void)(coordinated ? crowd.move_coordinated(one, instance.goals[unit])
                           : crowd.move_to(one[0], instance.goals[unit]));
    }
    ModeRun run;
    while (!crowd.is_settled() && crowd.tick() < 20000) {
        const auto start = Clock::now();
        if (!crowd.step()) break;
        run.tick_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        for (const CrowdEvent& event : crowd.events()) {
            run.gave_up += event.kind == CrowdEventKind::GaveUp;
            run.unreachable += event.kind == CrowdEventKind::Unreachable;
            if (event.kind == CrowdEventKind::Arrived) run.last_arrival = event.tick;
        }
    }
    run.seconds = std::chrono::duration<double>(Clock::now() - began).count();
    for (std::uint32_t unit = 0; unit < instance.starts.size(); ++unit)
        run.on_goal += crowd.unit(UnitId(unit))->at == instance.goals[unit];
    run.settled = crowd.is_settled();
    run.ticks = crowd.tick();
    run.stats = crowd.stats();
    return run;
}

int modes(const std::string& map_file, const std::string& scenario_file, std::size_t units) {
    auto instance = load_mapf_instance(map_file, scenario_file, units);
    if (!instance) {
        std::fprintf(stderr, "%s\n", instance.error().message().c_str());
        return 2;
    }
    std::printf("%s, %s\n", map_file.c_str(), scenario_file.c_str());
    for (const bool coordinated : {false, true}) {
        const ModeRun run = run_mode(instance.value(), coordinated);
        std::printf(
            "%-11s units %zu: on their goals at the end %d, gave up %d, unreachable %d, stalls "
            "%llu, coordinated waits %llu, deadlocks resolved %llu, handed to the coordinated "
            "planner %llu, last arrival tick %llu\n",
            coordinated ? "coordinated" : "ordinary", units, run.on_goal, run.gave_up,
            run.unreachable, static_cast<unsigned long long>(run.stats.stalls),
            static_cast<unsigned long long>(run.stats.coordinated_waits),
            static_cast<unsigned long long>(run.stats.deadlocks_resolved),
            static_cast<unsigned long long>(run.stats.handed_to_coordination),
            static_cast<unsigned long long>(run.last_arrival));
        print_ticks(run.tick_ms);
    }
    return 0;
}

// Rows of a scenario file (its lines but the version line).
std::size_t scenario_rows(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::size_t lines = 0;
    for (std::string line; std::getline(in, line);)
        lines += !line.empty() && line.rfind("version", 0) != 0;
    return lines;
}

// Both modes on every map of a MAPF folder (its first scenario, MAP-random-1.scen) at 200, 400,
// 600, 800 and 1,000 units, as one Markdown table. Exit 1 when an ordinary or coordinated run
// leaves a unit off its goal.
int table(const std::string& folder) {
    std::vector<std::filesystem::path> maps;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".map") maps.push_back(entry.path());
    std::sort(maps.begin(), maps.end());
    std::printf(
        "| map | units | mode | on goal at the end | gave up | settled at tick | last arrival "
        "| deadlocks resolved | handed to the coordinated planner | time |\n"
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    int code = 0;
    for (const std::filesystem::path& map : maps) {
        const std::filesystem::path scenario =
            map.parent_path() / (map.stem().string() + "-random-1.scen");
        const std::size_t rows = scenario_rows(scenario);
        for (std::size_t units = 200; units <= 1000; units += 200) {
            if (units > rows) {
                std::printf("| %s | %zu | both | (the scenario has %zu rows) | | | | | | |\n",
                            map.stem().c_str(), units, rows);
                continue;
            }
            auto instance = load_mapf_instance(map.string(), scenario.string(), units);
            if (!instance) {
                std::fprintf(stderr, "%s\n", instance.error().message().c_str());
                return 2;
            }
            for (const bool coordinated : {false, true}) {
                const ModeRun run = run_mode(instance.value(), coordinated);
                if (run.on_goal != static_cast<int>(units)) code = 1;
                const std::string settled =
                    run.settled ? std::to_string(run.ticks) : "not by 20,000";
                std::printf("| %s | %zu | %s | %d | %d | %s | %llu | %llu | %llu | %.2f s |\n",
                            map.stem().c_str(), units, coordinated ? "coordinated" : "ordinary",
                            run.on_goal, run.gave_up, settled.c_str(),
                            static_cast<unsigned long long>(run.last_arrival),
                            static_cast<unsigned long long>(run.stats.deadlocks_resolved),
                            static_cast<unsigned long long>(run.stats.handed_to_coordination),
                            run.seconds);
                std::fflush(stdout);
            }
        }
    }
    return code;
}

// One group order of `unit_count` units (the first tiles of the largest region, row by row) to
// the region's last tile, on a fresh crowd each repeat: `move_group` labels the map's regions
// and hands each unit the nearest free tile to its formation tile, all near the target.
int goals(const std::string& map_file, std::size_t unit_count, int repeats) {
    auto loaded = load_moving_ai_map(map_file);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().message().c_str());
        return 2;
    }
    const GridMap& map = loaded.value();
    std::vector<Cell> tiles = largest_region(map);
    std::sort(tiles.begin(), tiles.end(),
              [](Cell a, Cell b) { return std::pair(a.y, a.x) < std::pair(b.y, b.x); });
    if (tiles.size() < unit_count + 1) return 2;
    std::vector<UnitId> units;
    for (std::size_t unit = 0; unit < unit_count; ++unit)
        units.push_back(UnitId(static_cast<std::uint32_t>(unit)));
    std::vector<double> order_ms;
    Cell last_unit_goal;
    for (int repeat = 0; repeat < repeats; ++repeat) {
        Crowd crowd = std::move(Crowd::create(map).value());
        for (std::size_t unit = 0; unit < unit_count; ++unit)
            (void)crowd.add_unit(tiles[unit]);
        const auto start = Clock::now();
        (void)crowd.move_group(units, tiles.back());
        order_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (!crowd.step()) return 2;
        const Unit& last = crowd.units().back();
        last_unit_goal = last.stashed_destination.value_or(last.destination.value_or(last.at));
    }
    std::sort(order_ms.begin(), order_ms.end());
    std::printf(
        "%s: %zu units to %s; the order takes median %.3f ms, min %.3f ms over %d "
        "repeats; the last unit is sent to %s\n",
        map_file.c_str(), unit_count, to_string(tiles.back()).c_str(),
        order_ms[order_ms.size() / 2], order_ms.front(), repeats,
        to_string(last_unit_goal).c_str());
    return 0;
}

// One group order by the given planning: the first tick's planning time (every unit's path),
// then ticks until settled, each checked.
double thread_cpu_ms() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

struct FlowRun {
    std::vector<Cell> starts, targets;
    double planning_ms = 0;
    double seconds = 0;  // the whole run, checks aside
    int arrived = 0;
    std::uint64_t ticks = 0;
    CrowdStats stats;
    std::string violation;
};

FlowRun run_flow_order(const GridMap& map, const std::vector<Cell>& tiles, int unit_count,
                       Cell goal, GroupPlanning planning) {
    Crowd crowd = crowd_on(map, tiles, unit_count);
    std::vector<UnitId> ids;
    for (int unit = 0; unit < unit_count; ++unit)
        ids.push_back(UnitId(static_cast<std::uint32_t>(unit)));
    FlowRun run;
    run.starts = positions(crowd);
    if (!crowd.move_group(ids, goal, planning)) return run;
    std::vector<Cell> before = run.starts;
    while (!crowd.is_settled() && crowd.tick() < 20000) {
        const auto started = Clock::now();
        if (!crowd.step()) return run;
        run.seconds += std::chrono::duration<double>(Clock::now() - started).count();
        if (crowd.tick() == 1) {
            run.planning_ms = crowd.stats().planning_seconds * 1000;
            for (const Unit& unit : crowd.units())
                run.targets.push_back(unit.destination.value_or(unit.at));
        }
        std::vector<Cell> after = positions(crowd);
        if (auto violation = check_crowd_tick(map, before, after);
            violation && run.violation.empty())
            run.violation = "tick " + std::to_string(crowd.tick()) + ": " + *violation;
        before = std::move(after);
    }
    for (std::size_t unit = 0; unit < run.targets.size(); ++unit)
        run.arrived += crowd.units()[unit].at == run.targets[unit];
    run.ticks = crowd.tick();
    run.stats = crowd.stats();
    return run;
}

int flow(const std::string& map_name, int unit_count, bool with_searches) {
    GridMap map = GridMap::create(1, 1).value();
    if (map_name == "generated") {
        map = pathkit::bench::generated_map(1024).map;
    } else {
        auto loaded = load_moving_ai_map(map_name);
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.error().message().c_str());
            return 2;
        }
        map = std::move(loaded.value());
    }
    // An army: the units on the tiles nearest a tile of the largest region (in the order of a
    // straight-move flood from it), sent to the tile that flood reaches last.
    const std::vector<Cell> region = largest_region(map);
    const std::vector<Cell> tiles = region_of(map, region[region.size() / 2]);
    if (static_cast<int>(tiles.size()) < 2 * unit_count) return 2;
    const Cell goal = tiles.back();
    // Timing, medians of 7: the flow order's first tick (every unit's path) on fresh crowds,
    // and jump point search from each unit's tile to the same target, one search a unit, on one
    // reserved context; wall-clock and thread CPU time.
    std::vector<double> field_wall, field_cpu, jps_wall, jps_cpu;
    const GridSpace space(map);
    SearchContext context;
    context.reserve(space.state_count());
    int jps_found = 0;
    std::vector<Cell> starts, targets;  // each unit's tile and formation tile
    for (int repeat = 0; repeat < 7; ++repeat) {
        Crowd crowd = crowd_on(map, tiles, unit_count);
        std::vector<UnitId> ids;
        for (int unit = 0; unit < unit_count; ++unit)
            ids.push_back(UnitId(static_cast<std::uint32_t>(unit)));
        if (!crowd.move_group(ids, goal, GroupPlanning::FlowField)) return 2;
        auto start = Clock::now();
        double cpu_start = thread_cpu_ms();
        if (!crowd.step()) return 2;
        field_cpu.push_back(thread_cpu_ms() - cpu_start);
        field_wall.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        if (targets.empty()) {
            for (int unit = 0; unit < unit_count; ++unit) {
                starts.push_back(tiles[static_cast<std::size_t>(unit)]);
                const Unit& data = crowd.units()[static_cast<std::size_t>(unit)];
                targets.push_back(data.destination.value_or(data.at));
            }
        }
        start = Clock::now();
        cpu_start = thread_cpu_ms();
        jps_found = 0;
        for (std::size_t unit = 0; unit < targets.size(); ++unit)
            jps_found += starts[unit] == targets[unit] ||
                         space
                             .find_path(starts[unit], targets[unit], context,
                                        {.algorithm = SearchAlgorithm::Jps})
                             .found();
        jps_cpu.push_back(thread_cpu_ms() - cpu_start);
        jps_wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    const auto median_of = [](std::vector<double> values) {
        std::sort(values.begin(), values.end());
        return values[values.size() / 2];
    };
    const double field_ms = median_of(field_wall), jps_ms = median_of(jps_wall);
    const double field_cpu_ms = median_of(field_cpu), jps_cpu_ms = median_of(jps_cpu);
    std::printf("%s, %d units (an army) to %s, medians of 7:\n\n", map_name.c_str(), unit_count,
                to_string(goal).c_str());
    std::printf("| planning every unit's path | wall (ms) | thread CPU (ms) |\n|---|---|---|\n");
    std::printf("| %d jps searches to the same tiles (%d found) | %.2f | %.2f |\n", unit_count,
                jps_found, jps_ms, jps_cpu_ms);
    std::printf("| the flow order's first tick | %.2f | %.2f |\n", field_ms, field_cpu_ms);
    std::printf("| jps / flow | %.1fx | %.1fx |\n\n", jps_ms / field_ms, jps_cpu_ms / field_cpu_ms);
    std::fflush(stdout);  // the runs to the end may take minutes on big maps
    const FlowRun by_field = run_flow_order(map, tiles, unit_count, goal, GroupPlanning::FlowField);
    const FlowRun by_search =
        with_searches ? run_flow_order(map, tiles, unit_count, goal, GroupPlanning::Searches)
                      : FlowRun{};

    std::printf(
        "| mode | crowd planning, first tick (ms) | fields | field paths | searches | "
        "arrived | last tick | stalls | replans | deadlocks resolved | handed to coordination | "
        "run to the end (s) | checks |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    bool ok = !with_searches || by_field.targets == by_search.targets;
    for (const auto& [name, run] : {std::pair<const char*, const FlowRun&>{"flow field", by_field},
                                    {"one search a unit", by_search}}) {
        if (run.targets.empty()) continue;  // not run
        std::printf(
            "| %s | %.2f | %llu | %llu | %llu | %d / %d | %llu | %llu | %llu | %llu | %llu | %.1f "
            "| "
            "%s |\n",
            name, run.planning_ms, static_cast<unsigned long long>(run.stats.flow_fields),
            static_cast<unsigned long long>(run.stats.field_paths),
            static_cast<unsigned long long>(run.stats.searches), run.arrived, unit_count,
            static_cast<unsigned long long>(run.ticks),
            static_cast<unsigned long long>(run.stats.stalls),
            static_cast<unsigned long long>(run.stats.replans),
            static_cast<unsigned long long>(run.stats.deadlocks_resolved),
            static_cast<unsigned long long>(run.stats.handed_to_coordination), run.seconds,
            run.violation.empty() ? "hold" : run.violation.c_str());
        ok = ok && run.violation.empty() && run.arrived == unit_count;
    }
    return ok ? 0 : 1;
}

int main(int argc, char** argv) {
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
    if (mode == "goals" && argc > 3)
        return goals(argv[2], std::strtoull(argv[3], nullptr, 10),
                     argc > 4 ? std::atoi(argv[4]) : 9);
    if (mode == "gate")
        return gate(argc > 2 ? std::atoi(argv[2]) : 1000, argc > 3 ? std::atoi(argv[3]) : 50,
                    argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 4000);
    if (mode == "flow" && argc > 2)
        return flow(argv[2], argc > 3 ? std::atoi(argv[3]) : 1000,
                    argc <= 4 || std::string(argv[4]) != "field-only");
    if (mode == "sizes" && argc > 2)
        return sizes(argv[2], argc > 3 ? std::atoi(argv[3]) : 1000,
                     argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1);
    std::fprintf(stderr,
                 "usage: pathkit_bench_crowd arrive MAP.map [UNITS] [SEED]\n"
                 "       pathkit_bench_crowd soak [UNITS] [TICKS] [SEED]\n"
                 "       pathkit_bench_crowd modes MAP.map SCEN.scen UNITS\n"
                 "       pathkit_bench_crowd table MAPF_FOLDER\n"
                 "       pathkit_bench_crowd goals MAP.map UNITS [REPEATS]\n"
                 "       pathkit_bench_crowd gate [UNITS] [PERIOD] [TICKS]\n"
                 "       pathkit_bench_crowd sizes MAP.map [UNITS] [SEED]\n"
                 "       pathkit_bench_crowd flow MAP.map|generated [UNITS] [field-only]\n");
    return 2;
}
