// What the crowd benchmarks share (bench/crowd_bench*.cpp): maps and regions to put units on,
// crowds made on them, and the figures every mode prints; and each mode's entry point.
#pragma once

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

namespace pathkit::crowd_bench {

using Clock = std::chrono::steady_clock;

// Tiles reachable from `from` (4-neighbour flood: enough to pick targets in one region).
inline std::vector<Cell> region_of(const GridMap& map, Cell from) {
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
inline std::vector<Cell> largest_region(const GridMap& map) {
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
inline GridMap rooms_map(std::mt19937& random) {
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

inline std::vector<Cell> positions(const Crowd& crowd) {
    std::vector<Cell> now;
    for (const Unit& unit : crowd.units())
        now.push_back(unit.at);
    return now;
}

// The units' tiles after tick `tick`, checked against `before` by `check_crowd_tick`: each
// violation is counted in `violations` and the first five are printed.
inline std::vector<Cell> checked_positions(const Crowd& crowd, const GridMap& map,
                                           const std::vector<Cell>& before, std::uint64_t tick,
                                           std::uint64_t& violations) {
    std::vector<Cell> after = positions(crowd);
    if (auto problem = check_crowd_tick(map, before, after))
        if (++violations <= 5)
            std::printf("tick %llu: %s\n", static_cast<unsigned long long>(tick), problem->c_str());
    return after;
}

inline void print_ticks(std::vector<double> tick_ms) {
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

inline void print_stats(const Crowd& crowd) {
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

// The largest region's tiles in random order.
inline std::vector<Cell> shuffled_region(const GridMap& map, std::mt19937& random) {
    std::vector<Cell> tiles = largest_region(map);
    std::shuffle(tiles.begin(), tiles.end(), random);
    return tiles;
}

// A crowd on `map` with a unit on each of the first `unit_count` tiles.
inline Crowd crowd_on(const GridMap& map, const std::vector<Cell>& tiles, int unit_count) {
    Crowd crowd = std::move(Crowd::create(map).value());
    for (int unit = 0; unit < unit_count; ++unit)
        (void)crowd.add_unit(tiles[static_cast<std::size_t>(unit)]);
    return crowd;
}

/// The thread's processor time so far, milliseconds.
inline double thread_cpu_ms() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// How the ordinary or the coordinated mode did on a MAPF scenario.
struct ModeRun {
    int on_goal = 0, gave_up = 0, unreachable = 0;
    bool settled = false;
    std::uint64_t ticks = 0, last_arrival = 0;
    std::uint64_t moves = 0;  // unit steps to another tile, summed over the run
    double seconds = 0;
    std::vector<double> tick_ms;
    CrowdStats stats;
};

// One mode on a MAPF scenario: units on the rows' starts, each ordered to its goal at tick 0,
// stepped until settled or 20,000 ticks (crowd_bench_mapf.cpp).
ModeRun run_mode(const MapfInstance& instance, bool coordinated, const CrowdOptions& options = {});

// Rows of a scenario file (its lines but the version line).
std::size_t scenario_rows(const std::filesystem::path& file);

// The modes (`pathkit_bench_crowd MODE ...`; usage in crowd_bench.cpp).
int arrive(const std::string& map_file, int unit_count, unsigned seed);
int soak(int unit_count, std::uint64_t ticks, unsigned seed);
int gate(int unit_count, int period, std::uint64_t ticks);
int sizes(const std::string& map_file, int unit_count, unsigned seed);
int modes(const std::string& map_file, const std::string& scenario_file, std::size_t units);
int table(const std::string& folder);
int guides(const std::string& folder, int repeats);
int goals(const std::string& map_file, std::size_t unit_count, int repeats);
int flow(const std::string& map_name, int unit_count, bool with_searches);
int orders(const std::string& map_file, int unit_count, int every, std::uint64_t ticks,
           int repeats);

}  // namespace pathkit::crowd_bench
