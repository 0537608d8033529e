// Crowd benchmark `flow`: one group order of an army by one flow field, beside one search a
// unit and as many jps searches.
#include "crowd_bench_support.hpp"

namespace pathkit::crowd_bench {

// One group order by the given planning: the first tick's planning time (every unit's path),
// then ticks until settled, each checked.
struct FlowRun {
    std::vector<Cell> starts, targets;
    double planning_ms = 0;
    double seconds = 0;  // the whole run, checks aside
    int arrived = 0;
    int tiles_held = 0;       // formation tiles with a unit on them at the end, whichever unit
    int ended_otherwise = 0;  // orders that ended `GaveUp` or `Unreachable`
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
        for (const CrowdEvent& event : crowd.events())
            run.ended_otherwise +=
                event.kind == CrowdEventKind::GaveUp || event.kind == CrowdEventKind::Unreachable;
        if (crowd.tick() == 1) {
            run.planning_ms = crowd.stats().planning_seconds * 1000;
            // A unit giving way at once has stashed its formation tile.
            for (const Unit& unit : crowd.units())
                run.targets.push_back(
                    unit.stashed_destination.value_or(unit.destination.value_or(unit.at)));
        }
        std::vector<Cell> after = positions(crowd);
        if (auto violation = check_crowd_tick(map, before, after);
            violation && run.violation.empty())
            run.violation = "tick " + std::to_string(crowd.tick()) + ": " + *violation;
        before = std::move(after);
    }
    std::vector<Cell> at_end = positions(crowd);
    const auto by_row = [](Cell a, Cell b) { return std::pair(a.y, a.x) < std::pair(b.y, b.x); };
    std::sort(at_end.begin(), at_end.end(), by_row);
    for (std::size_t unit = 0; unit < run.targets.size(); ++unit) {
        // By field the group's tiles are shared: a unit's tile may have changed hands.
        const Unit& data = crowd.units()[unit];
        run.arrived += data.at == data.group_tile.value_or(run.targets[unit]);
        run.tiles_held +=
            std::binary_search(at_end.begin(), at_end.end(), run.targets[unit], by_row);
    }
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
                targets.push_back(
                    data.stashed_destination.value_or(data.destination.value_or(data.at)));
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
        "arrived | formation tiles held | gave up or unreachable | last tick | stalls | replans | "
        "deadlocks resolved | "
        "handed to coordination | run to the end (s) | checks "
        "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    bool ok = !with_searches || by_field.targets == by_search.targets;
    for (const auto& [name, run] : {std::pair<const char*, const FlowRun&>{"flow field", by_field},
                                    {"one search a unit", by_search}}) {
        if (run.targets.empty()) continue;  // not run
        std::printf(
            "| %s | %.2f | %llu | %llu | %llu | %d / %d | %d | %d | %llu | %llu | %llu | %llu | "
            "%llu | "
            "%.1f | %s |\n",
            name, run.planning_ms, static_cast<unsigned long long>(run.stats.flow_fields),
            static_cast<unsigned long long>(run.stats.field_paths),
            static_cast<unsigned long long>(run.stats.searches), run.arrived, unit_count,
            run.tiles_held, run.ended_otherwise, static_cast<unsigned long long>(run.ticks),
            static_cast<unsigned long long>(run.stats.stalls),
            static_cast<unsigned long long>(run.stats.replans),
            static_cast<unsigned long long>(run.stats.deadlocks_resolved),
            static_cast<unsigned long long>(run.stats.handed_to_coordination), run.seconds,
            run.violation.empty() ? "hold" : run.violation.c_str());
        ok = ok && run.violation.empty() && run.arrived == unit_count;
    }
    return ok ? 0 : 1;
}

}  // namespace pathkit::crowd_bench
