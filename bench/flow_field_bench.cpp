// Flow fields beside one Dijkstra over the map: the whole field, and the first answer a unit 50
// tiles from the goal gets from a fresh, lazy field.
//
//   pathkit_bench_flow_field [--generated 1024] [--goals 10] [--rounds 5] [MAP.map ...]
//
// Maps: the generated map of bench/grid_scaling.cpp (--generated SIZE, seed 14; 0 for none) and
// each MovingAI map named. Goals: --goals tiles of the map's largest region (straight-move
// flood fill), spread by a fixed generator. For each goal, in every round, in turn:
//   dijkstra  the engine's Dijkstra over the whole map toward the goal (`compute_distance_field`
//             over a `ReverseGridSpace`, default rules, one search context reserved before);
//   field     `FlowField::create` + `finish` (integration and direction fields);
//   first     `FlowField::create` + `direction` of a unit 50 tiles from the goal (a tile of the
//             region at Chebyshev distance 50; the lazy search settles only what it needs).
// Every field's costs are checked against the Dijkstra's (fixed point / 1024 within 5e-4
// relative: 1448 / 1024 is √2 to 1.1e-4, and float sums round as they go). Prints a markdown table
// of medians over goals x rounds and the ratios; exit 1 on a mismatch.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "generated_map.hpp"
#include "pathkit/grid/distance_field.hpp"
#include "pathkit/grid/flow_field.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace {

using namespace pathkit;
using namespace pathkit::bench;
using Clock = std::chrono::steady_clock;

double microseconds_since(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

/// CPU seconds this thread has run: the machine may be shared, and wall time counts the waits.
double thread_cpu_microseconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e6 + static_cast<double>(now.tv_nsec) / 1e3;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

/// The largest straight-move region of a map's walkable tiles, as cells.
std::vector<Cell> largest_region_of(const GridMap& map) {
    Tiles tiles{map.width(), {}, 0};
    if (map.width() != map.height()) {
        // The region code works on squares: pad the map to one.
        tiles.size = std::max(map.width(), map.height());
    }
    tiles.blocked.assign(static_cast<std::size_t>(tiles.size) * tiles.size, 1);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (map.is_walkable({map.origin().x + x, map.origin().y + y}))
                tiles.blocked[static_cast<std::size_t>(y) * tiles.size + x] = 0;
    std::vector<Cell> cells;
    for (const std::uint32_t index : largest_region(tiles).members)
        cells.push_back({map.origin().x + static_cast<int>(index % tiles.size),
                         map.origin().y + static_cast<int>(index / tiles.size)});
    return cells;
}

struct Row {
    std::string name;
    std::size_t tiles = 0;
    std::vector<double> dijkstra, field, first;
    std::vector<double> dijkstra_cpu, field_cpu, first_cpu;
    double field_bytes = 0;
    std::vector<double> first_settled;
    int mismatches = 0;
};

Row measure(const std::string& name, const GridMap& map, int goal_count, int rounds) {
    Row row;
    row.name = name;
    row.tiles = static_cast<std::size_t>(map.width()) * map.height();
    const GridSpace space(map);
    const ReverseGridSpace reverse(space);
    const std::vector<Cell> region = largest_region_of(map);
    Random random(29);
    SearchContext context;
    context.reserve(space.state_count());
    std::vector<float> distances(space.state_count());
    for (int goal_number = 0; goal_number < goal_count; ++goal_number) {
        const Cell goal = region[random.below(static_cast<std::uint32_t>(region.size()))];
        // A unit 50 tiles away (Chebyshev) in the region, or the farthest one short of that.
        Cell unit = goal;
        int best = -1;
        for (std::size_t tries = 0; tries < 200000 && best != 50; ++tries) {
            const Cell candidate = region[random.below(static_cast<std::uint32_t>(region.size()))];
            const int apart =
                std::max(std::abs(candidate.x - goal.x), std::abs(candidate.y - goal.y));
            if (apart <= 50 && apart > best) {
                best = apart;
                unit = candidate;
            }
        }
        for (int round = 0; round < rounds; ++round) {
            auto start = Clock::now();
            double cpu = thread_cpu_microseconds();
            compute_distance_field(reverse, map.index(goal), SearchAlgorithm::Dijkstra, context,
                                   std::span<float>(distances));
            row.dijkstra.push_back(microseconds_since(start));
            row.dijkstra_cpu.push_back(thread_cpu_microseconds() - cpu);

            start = Clock::now();
            cpu = thread_cpu_microseconds();
            FlowField field = FlowField::create(space, goal).value();
            field.finish();
            row.field.push_back(microseconds_since(start));
            row.field_cpu.push_back(thread_cpu_microseconds() - cpu);
            row.field_bytes = static_cast<double>(field.memory_bytes());

            start = Clock::now();
            cpu = thread_cpu_microseconds();
            FlowField lazy = FlowField::create(space, goal).value();
            const FlowDirection direction = lazy.direction(unit);
            row.first.push_back(microseconds_since(start));
            row.first_cpu.push_back(thread_cpu_microseconds() - cpu);
            row.first_settled.push_back(static_cast<double>(lazy.settled_tiles()));
            if (direction != field.direction(unit)) ++row.mismatches;

            if (round != 0) continue;
            for (int y = 0; y < map.height(); ++y)
                for (int x = 0; x < map.width(); ++x) {
                    const Cell cell{map.origin().x + x, map.origin().y + y};
                    const FlowCost fixed = field.cost(cell);
                    const float reference = distances[map.index(cell)];
                    const bool both_unreachable =
                        fixed == flow_unreachable && !(reference < infinite_cost);
                    const double cost = static_cast<double>(fixed) / flow_cost_scale;
                    if (!both_unreachable &&
                        !(std::abs(cost - reference) <= 5e-4 * std::max(1.0, cost)))
                        ++row.mismatches;
                }
        }
    }
    return row;
}

int usage(const char* problem) {
    std::fprintf(stderr,
                 "pathkit_bench_flow_field: %s\nusage: pathkit_bench_flow_field [--generated SIZE] "
                 "[--goals N] [--rounds N] [MAP.map ...]\n",
                 problem);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    int generated = 1024, goals = 10, rounds = 5;
    std::vector<std::string> maps;
    for (int argument = 1; argument < argc; ++argument) {
        const std::string flag = argv[argument];
        if (flag == "--generated" || flag == "--goals" || flag == "--rounds") {
            if (argument + 1 >= argc) return usage("a value is missing");
            const int value = std::atoi(argv[++argument]);
            if (value < 0 || value > GridMap::max_side) return usage("a value is out of range");
            (flag == "--generated" ? generated : flag == "--goals" ? goals : rounds) = value;
        } else {
            maps.push_back(flag);
        }
    }
    if (goals < 1 || rounds < 1) return usage("--goals and --rounds must be at least 1");
    std::vector<Row> rows;
    if (generated > 0)
        rows.push_back(measure("generated " + std::to_string(generated) + "²",
                               generated_map(generated).map, goals, rounds));
    for (const std::string& path : maps) {
        auto map = load_moving_ai_map(path);
        if (!map.has_value()) {
            std::fprintf(stderr, "%s\n", map.error().message().c_str());
            return 2;
        }
        const std::size_t slash = path.find_last_of('/');
        rows.push_back(measure(path.substr(slash == std::string::npos ? 0 : slash + 1), map.value(),
                               goals, rounds));
    }
    std::printf(
        "| map | tiles | Dijkstra over the map (ms) | whole flow field (ms) | field / Dijkstra "
        "| first answer 50 tiles away (ms) | tiles settled for it | field bytes a tile "
        "| mismatches |\n|---|---|---|---|---|---|---|---|---|\n");
    const auto line = [](const Row& row, const std::vector<double>& dijkstra_times,
                         const std::vector<double>& field_times,
                         const std::vector<double>& first_times, const char* clock) {
        const double dijkstra = median(dijkstra_times) / 1000, field = median(field_times) / 1000;
        std::printf("| %s (%s) | %zu | %.2f | %.2f | %.2fx | %.3f | %.0f | %.1f | %d |\n",
                    row.name.c_str(), clock, row.tiles, dijkstra, field, field / dijkstra,
                    median(first_times) / 1000, median(row.first_settled),
                    row.field_bytes / static_cast<double>(row.tiles), row.mismatches);
    };
    int mismatches = 0;
    for (const Row& row : rows) {
        line(row, row.dijkstra, row.field, row.first, "wall");
        line(row, row.dijkstra_cpu, row.field_cpu, row.first_cpu, "thread CPU");
        mismatches += row.mismatches;
    }
    std::printf("(medians over %d goals x %d rounds)\n", goals, rounds);
    return mismatches == 0 ? 0 : 1;
}
