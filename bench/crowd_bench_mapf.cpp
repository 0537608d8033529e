// Crowd benchmarks `modes`, `table` and `goals`: MAPF scenarios as crowd orders, ordinary and
// coordinated, and one formation order timed.
#include "crowd_bench_support.hpp"

namespace pathkit::crowd_bench {

ModeRun run_mode(const MapfInstance& instance, bool coordinated, const CrowdOptions& options) {
    const auto began = Clock::now();
    Crowd crowd = std::move(Crowd::create(instance.map, options).value());
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
        std::vector<Cell> before;
        for (const Unit& unit : crowd.units())
            before.push_back(unit.at);
        if (!crowd.step()) break;
        for (std::size_t unit = 0; unit < before.size(); ++unit)
            run.moves += crowd.units()[unit].at != before[unit];
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

}  // namespace pathkit::crowd_bench
