// Crowd benchmark `guides`: coordinated moves with and without guide paths on the same orders.
#include <cmath>

#include "crowd_bench_support.hpp"

namespace pathkit::crowd_bench {

namespace {

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// The medians of `repeats` coordinated runs of one instance.
struct Medians {
    double settled = 0, moves = 0, planning_ms = 0, seconds = 0;
    int least_on_goal = 0;
    bool all_settled = true;
};

}  // namespace

// Every map of a MAPF folder (its first scenario) at 200 to 1,000 units, all ordered to their
// goals by `move_coordinated` at tick 0, without guide paths and with them
// (`CrowdOptions::coordination_guide_paths`), the two alternating `repeats` times: medians of
// the tick the crowd settled at, the unit steps taken and the planner's milliseconds, as one
// Markdown table, then the geometric means of the ratios. Exit 1 when a run leaves a unit off
// its goal.
int guides(const std::string& folder, int repeats) {
    std::vector<std::filesystem::path> maps;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        if (entry.path().extension() == ".map") maps.push_back(entry.path());
    std::sort(maps.begin(), maps.end());
    std::printf(
        "| map | units | on goal (without / with) | settled at tick (without / with) | unit "
        "steps (without / with) | planning ms (without / with) | run s (without / with) |\n"
        "|---|---:|---|---|---|---|---|\n");
    int code = 0;
    double log_ticks = 0, log_moves = 0, log_planning = 0;
    int instances = 0;
    for (const std::filesystem::path& map : maps) {
        const std::filesystem::path scenario =
            map.parent_path() / (map.stem().string() + "-random-1.scen");
        const std::size_t rows = scenario_rows(scenario);
        for (std::size_t units = 200; units <= std::min<std::size_t>(1000, rows); units += 200) {
            auto instance = load_mapf_instance(map.string(), scenario.string(), units);
            if (!instance) {
                std::fprintf(stderr, "%s\n", instance.error().message().c_str());
                return 2;
            }
            std::vector<double> settled[2], moves[2], planning[2], seconds[2];
            Medians side[2];
            for (int repeat = 0; repeat < repeats; ++repeat) {
                for (const int guided : {0, 1}) {
                    CrowdOptions options;
                    options.coordination_guide_paths = guided == 1;
                    const ModeRun run = run_mode(instance.value(), true, options);
                    if (run.on_goal != static_cast<int>(units)) code = 1;
                    side[guided].least_on_goal =
                        repeat == 0 ? run.on_goal
                                    : std::min(side[guided].least_on_goal, run.on_goal);
                    side[guided].all_settled = side[guided].all_settled && run.settled;
                    settled[guided].push_back(static_cast<double>(run.ticks));
                    moves[guided].push_back(static_cast<double>(run.moves));
                    planning[guided].push_back(run.stats.planning_seconds * 1e3);
                    seconds[guided].push_back(run.seconds);
                }
            }
            for (const int guided : {0, 1}) {
                side[guided].settled = median(settled[guided]);
                side[guided].moves = median(moves[guided]);
                side[guided].planning_ms = median(planning[guided]);
                side[guided].seconds = median(seconds[guided]);
            }
            std::printf(
                "| %s | %zu | %d / %d | %.0f%s / %.0f%s | %.0f / %.0f | %.1f / %.1f | %.2f / %.2f "
                "|\n",
                map.stem().c_str(), units, side[0].least_on_goal, side[1].least_on_goal,
                side[0].settled, side[0].all_settled ? "" : " (not settled)", side[1].settled,
                side[1].all_settled ? "" : " (not settled)", side[0].moves, side[1].moves,
                side[0].planning_ms, side[1].planning_ms, side[0].seconds, side[1].seconds);
            std::fflush(stdout);
            log_ticks += std::log(side[1].settled / side[0].settled);
            log_moves += std::log(side[1].moves / side[0].moves);
            log_planning += std::log(side[1].planning_ms / side[0].planning_ms);
            ++instances;
        }
    }
    if (instances > 0)
        std::printf(
            "\ngeometric means of with / without over %d instances: settled at tick %.3f, unit "
            "steps %.3f, planning ms %.3f\n",
            instances, std::exp(log_ticks / instances), std::exp(log_moves / instances),
            std::exp(log_planning / instances));
    return code;
}

}  // namespace pathkit::crowd_bench
