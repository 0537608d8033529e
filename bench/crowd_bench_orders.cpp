// Crowd benchmark: order after order. Every unit gets a new random order every few ticks,
// queued behind its others (`Crowd::queue_order`); the same orders run by the crowd's own rules
// and by the lifelong planner (`CrowdOptions::lifelong_orders`), taking turns, each tick checked.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "crowd_bench_support.hpp"

namespace pathkit::crowd_bench {
namespace {

// What one run measured.
struct OrdersRun {
    std::uint64_t given = 0, arrived = 0, ended_otherwise = 0, open_at_end = 0;
    std::uint64_t waits = 0;  // unit-ticks with an order open and no step
    std::uint64_t violations = 0;
    std::vector<double> tick_ms;
    CrowdStats stats;
};

// Units on the first `unit_count` of `tiles`; before tick t with t % `every` == 0, unit u is
// given its next target `targets[u][t / every]`. Runs `ticks` ticks.
OrdersRun run_orders(const GridMap& map, const std::vector<Cell>& tiles,
                     const std::vector<std::vector<Cell>>& targets, int every, std::uint64_t ticks,
                     bool lifelong) {
    CrowdOptions options;
    options.lifelong_orders = lifelong;
    Crowd crowd = std::move(Crowd::create(map, options).value());
    const std::size_t unit_count = targets.size();
    for (std::size_t unit = 0; unit < unit_count; ++unit)
        (void)crowd.add_unit(tiles[unit]);
    OrdersRun run;
    std::vector<std::uint64_t> open(unit_count, 0);
    std::vector<Cell> before = positions(crowd);
    for (std::uint64_t tick = 0; tick < ticks; ++tick) {
        if (tick % static_cast<std::uint64_t>(every) == 0) {
            const std::size_t round = tick / static_cast<std::uint64_t>(every);
            for (std::size_t unit = 0; unit < unit_count; ++unit) {
                if (round >= targets[unit].size()) continue;
                if (crowd.queue_order(UnitId(static_cast<std::uint32_t>(unit)),
                                      targets[unit][round])) {
                    ++open[unit];
                    ++run.given;
                }
            }
        }
        const auto start = Clock::now();
        if (!crowd.step()) break;
        run.tick_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        const std::vector<Cell> after = checked_positions(crowd, map, before, tick, run.violations);
        for (std::size_t unit = 0; unit < unit_count; ++unit)
            run.waits += open[unit] > 0 && after[unit] == before[unit];
        before = after;
        for (const CrowdEvent& event : crowd.events()) {
            const bool arrived = event.kind == CrowdEventKind::Arrived;
            if (!arrived && event.kind != CrowdEventKind::Unreachable &&
                event.kind != CrowdEventKind::GaveUp)
                continue;
            std::uint64_t& left = open[event.unit.index()];
            if (left > 0) --left;
            run.arrived += arrived;
            run.ended_otherwise += !arrived;
        }
    }
    for (const std::uint64_t left : open)
        run.open_at_end += left;
    run.stats = crowd.stats();
    return run;
}

double mean(const std::vector<double>& values) {
    double total = 0;
    for (const double value : values)
        total += value;
    return values.empty() ? 0.0 : total / static_cast<double>(values.size());
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

void print_run(const char* name, const OrdersRun& run, std::uint64_t ticks, double median_mean_ms) {
    std::printf("%-9s %8llu %9.3f %12.3f %9.3f %10.2f %8llu %8llu %7llu %10llu\n", name,
                static_cast<unsigned long long>(run.arrived),
                static_cast<double>(run.arrived) / static_cast<double>(ticks), median_mean_ms,
                median(run.tick_ms), static_cast<double>(run.waits) / static_cast<double>(ticks),
                static_cast<unsigned long long>(run.stats.stalls),
                static_cast<unsigned long long>(run.ended_otherwise),
                static_cast<unsigned long long>(run.open_at_end),
                static_cast<unsigned long long>(run.violations));
}

}  // namespace

int orders(const std::string& map_file, int unit_count, int every, std::uint64_t ticks,
           int repeats) {
    auto loaded = load_moving_ai_map(map_file);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().message().c_str());
        return 2;
    }
    const GridMap& map = loaded.value();
    std::mt19937 random(1);
    const std::vector<Cell> tiles = shuffled_region(map, random);
    if (unit_count < 1 || every < 1 || repeats < 1 ||
        tiles.size() <= static_cast<std::size_t>(unit_count)) {
        std::fprintf(stderr,
                     "need 1 <= UNITS < the largest region's tiles, EVERY and REPEATS >= 1\n");
        return 2;
    }
    // Each unit's targets: random tiles of the region, none the tile before it.
    const std::size_t rounds =
        (ticks + static_cast<std::uint64_t>(every) - 1) / static_cast<std::uint64_t>(every);
    std::uniform_int_distribution<std::size_t> pick(0, tiles.size() - 1);
    std::vector<std::vector<Cell>> targets(static_cast<std::size_t>(unit_count));
    for (std::size_t unit = 0; unit < targets.size(); ++unit) {
        Cell last = tiles[unit];
        while (targets[unit].size() < rounds) {
            const Cell tile = tiles[pick(random)];
            if (tile == last) continue;
            targets[unit].push_back(tile);
            last = tile;
        }
    }
    // The two modes take turns, so both see the machine alike. Their runs are the same each
    // time but where a tick runs out of its budget (ticks out of time): the figures below
    // are the last run's, the tick times the medians'.
    std::vector<double> mean_ms[2];
    OrdersRun last[2];
    for (int repeat = 0; repeat < repeats; ++repeat)
        for (int lifelong = 0; lifelong < 2; ++lifelong) {
            last[lifelong] = run_orders(map, tiles, targets, every, ticks, lifelong == 1);
            mean_ms[lifelong].push_back(mean(last[lifelong].tick_ms));
        }
    std::printf(
        "%s: %d units, an order each every %d ticks (queued), %llu ticks, %llu orders; "
        "median of %d runs\n",
        map_file.c_str(), unit_count, every, static_cast<unsigned long long>(ticks),
        static_cast<unsigned long long>(last[0].given), repeats);
    std::printf("%-9s %8s %9s %12s %9s %10s %8s %8s %7s %10s\n", "mode", "finished", "per tick",
                "mean tick ms", "median ms", "waits/tick", "stalls", "gave up", "open",
                "violations");
    print_run("ordinary", last[0], ticks, median(mean_ms[0]));
    print_run("lifelong", last[1], ticks, median(mean_ms[1]));
    for (int lifelong = 0; lifelong < 2; ++lifelong) {
        const CrowdStats& stats = last[lifelong].stats;
        std::printf(
            "%s: %llu searches, %llu deadlocks resolved, %llu units handed to the "
            "coordinated planner, %llu ticks out of time, %.3f s planning\n",
            lifelong == 1 ? "lifelong" : "ordinary",
            static_cast<unsigned long long>(stats.searches),
            static_cast<unsigned long long>(stats.deadlocks_resolved),
            static_cast<unsigned long long>(stats.handed_to_coordination),
            static_cast<unsigned long long>(stats.ticks_out_of_time), stats.planning_seconds);
    }
    std::printf("lifelong / ordinary: throughput %.2f, mean tick time %.2f\n",
                static_cast<double>(last[1].arrived) /
                    static_cast<double>(std::max<std::uint64_t>(last[0].arrived, 1)),
                median(mean_ms[1]) / std::max(median(mean_ms[0]), 1e-9));
    return last[0].violations == 0 && last[1].violations == 0 ? 0 : 1;
}

}  // namespace pathkit::crowd_bench
