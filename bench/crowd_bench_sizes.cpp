// Crowd benchmark `sizes`: units of one tile beside mixed sizes (1, 1, 2, 3) on the same orders.
#include "crowd_bench_support.hpp"

namespace pathkit::crowd_bench {

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

}  // namespace pathkit::crowd_bench
