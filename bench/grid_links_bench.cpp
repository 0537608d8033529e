// Grid searches with links beside the same searches without, on the rows of a MovingAI scenario.
//
// Two spaces over one map: one plain, one with --links random links (default 200, the same each
// run): between random walkable tiles, a third teleporters of cost 0 to 5, a third stairs costing
// their octile length to 1.5 times it, a third doors of 20 to 100, a quarter of them one-way.
// For each row (every row, or an even spread of --rows of them) A*, jps and jps+ run on both
// spaces, one after the other, each timed --repeat times and the median kept; with links, both
// heuristics (`LinkEstimate::PerLink`, `LastLink`). Every search with links must return the
// same cost as A* with links, and no more than the cost without. Prints a Markdown table: the
// median and 90th percentile time per query, the ratio of each search with links to the same
// search without (medians over the rows), and the expansions.
// Usage: pathkit_bench_grid_links SCEN [--rows N] [--repeat R] [--links L]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace pathkit::bench {
namespace {

[[noreturn]] void stop(const std::string& why) {
    std::fprintf(stderr, "pathkit_bench_grid_links: %s\n", why.c_str());
    std::exit(2);
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double percentile_90(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, values.size() * 9 / 10)];
}

/// One way of searching, timed on every row.
struct Method {
    const char* name;
    SearchAlgorithm algorithm;
    bool links;
    LinkEstimate estimate;
    std::vector<double> micros;
    std::vector<double> expanded;
};

Cell random_walkable(const GridMap& map, std::mt19937& random) {
    std::uniform_int_distribution<int> x(0, map.width() - 1), y(0, map.height() - 1);
    for (;;) {
        const Cell cell{x(random), y(random)};
        if (map.is_walkable(cell)) return cell;
    }
}

void add_links(GridSpace& space, int count) {
    std::mt19937 random(28);
    std::uniform_real_distribution<float> unit(0, 1);
    const GridMap& map = space.map();
    for (int added = 0; added < count;) {
        const Cell a = random_walkable(map, random), b = random_walkable(map, random);
        if (a == b) continue;
        const float walk = space.distance_estimate(std::abs(a.x - b.x), std::abs(a.y - b.y)) / 1.0f;
        GridLinkOptions options;
        const int kind = added % 3;
        options.cost = kind == 0   ? 5 * unit(random)
                       : kind == 1 ? walk * (1 + 0.5f * unit(random))
                                   : 20 + 80 * unit(random);
        options.bidirectional = unit(random) >= 0.25f;
        if (!space.add_link(a, b, options)) stop("a link was refused");
        ++added;
    }
}

int run(int argc, char** argv) {
    std::string scenario_file;
    std::size_t rows = 1000;
    int repeat = 5, links = 200;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto next = [&]() -> std::string {
            if (i + 1 >= argc) stop(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--rows") {
            rows = std::stoul(next());
        } else if (arg == "--repeat") {
            repeat = std::stoi(next());
        } else if (arg == "--links") {
            links = std::stoi(next());
        } else if (!arg.empty() && arg[0] == '-') {
            stop("unknown option " + arg);
        } else {
            scenario_file = arg;
        }
    }
    if (scenario_file.empty()) stop("usage: pathkit_bench_grid_links SCEN [--rows N] ...");
    auto scenario = load_moving_ai_scenario(scenario_file);
    if (!scenario || scenario.value().queries.empty()) stop(scenario_file + ": no rows");
    const auto& all = scenario.value().queries;
    const std::string map_file =
        (std::filesystem::path(scenario_file).parent_path() / all[0].map_name).string();
    auto loaded = load_moving_ai_map(map_file);
    if (!loaded) stop(loaded.error().message());
    const GridMap& map = loaded.value();
    GridSpace plain(map);
    GridSpace linked(map);
    add_links(linked, links);
    (void)plain.jump_point_index();  // built before the clock starts
    (void)linked.jump_point_index();

    std::vector<Method> methods = {
        {"A*", SearchAlgorithm::AStar, false, LinkEstimate::PerLink, {}, {}},
        {"A*, links, per-link estimate",
         SearchAlgorithm::AStar,
         true,
         LinkEstimate::PerLink,
         {},
         {}},
        {"A*, links, last-link estimate",
         SearchAlgorithm::AStar,
         true,
         LinkEstimate::LastLink,
         {},
         {}},
        {"jps", SearchAlgorithm::Jps, false, LinkEstimate::PerLink, {}, {}},
        {"jps, links, per-link estimate",
         SearchAlgorithm::Jps,
         true,
         LinkEstimate::PerLink,
         {},
         {}},
        {"jps, links, last-link estimate",
         SearchAlgorithm::Jps,
         true,
         LinkEstimate::LastLink,
         {},
         {}},
        {"jps+", SearchAlgorithm::JpsPlus, false, LinkEstimate::PerLink, {}, {}},
        {"jps+, links, per-link estimate",
         SearchAlgorithm::JpsPlus,
         true,
         LinkEstimate::PerLink,
         {},
         {}},
        {"jps+, links, last-link estimate",
         SearchAlgorithm::JpsPlus,
         true,
         LinkEstimate::LastLink,
         {},
         {}},
    };
    SearchContext context;
    const std::size_t step = std::max<std::size_t>(1, all.size() / std::max<std::size_t>(1, rows));
    std::size_t used = 0, mismatches = 0, taking_links = 0;
    for (std::size_t r = 0; r < all.size() && used < rows; r += step, ++used) {
        const ScenarioQuery& query = all[r];
        double linked_cost = -1, plain_cost = -1;
        for (Method& method : methods) {
            GridSpace& space = method.links ? linked : plain;
            space.set_link_estimate(method.estimate);
            SearchOptions options;
            options.algorithm = method.algorithm;
            std::vector<double> times;
            GridPath result;
            for (int k = 0; k < repeat; ++k) {
                const auto start = std::chrono::steady_clock::now();
                result =
                    space.find_path(query.start, query.goal, context, options, PathShape::Turns);
                times.push_back(std::chrono::duration<double, std::micro>(
                                    std::chrono::steady_clock::now() - start)
                                    .count());
            }
            if (!result.found()) stop("row " + std::to_string(r) + ": " + result.message);
            method.micros.push_back(median(times));
            method.expanded.push_back(static_cast<double>(result.stats.expanded));
            double& reference = method.links ? linked_cost : plain_cost;
            if (reference < 0) {
                reference = result.cost;
                if (method.links && !result.links.empty()) ++taking_links;
            } else if (std::abs(result.cost - reference) > 1e-3 * std::max(1.0, reference)) {
                ++mismatches;
            }
        }
        if (linked_cost > plain_cost + 1e-3 * std::max(1.0, plain_cost)) ++mismatches;
    }
    std::printf(
        "\n%s: %zu rows, %d links, %d runs a row (medians); %zu rows take a link, "
        "%zu cost mismatches\n\n",
        scenario_file.c_str(), used, links, repeat, taking_links, mismatches);
    std::printf(
        "| search | median (us) | p90 (us) | with links / without (medians) | "
        "expanded (median) |\n|---|---:|---:|---:|---:|\n");
    for (std::size_t m = 0; m < methods.size(); ++m) {
        const Method& method = methods[m];
        const Method& base = methods[m - m % 3];  // the same search without links
        std::printf(
            "| %s | %.1f | %.1f | %s | %.0f |\n", method.name, median(method.micros),
            percentile_90(method.micros),
            method.links
                ? (std::to_string(median(method.micros) / median(base.micros)).substr(0, 4) + "x")
                      .c_str()
                : "1",
            median(method.expanded));
    }
    return mismatches == 0 ? 0 : 1;
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    return pathkit::bench::run(argc, argv);
}
