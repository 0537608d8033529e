// Grid scaling sweep: per-query time against map size and path length for A* and
// jump point search on generated square maps, and queries per second with threads sharing a map.
//
//   pathkit_bench_grid_scaling [--sizes 256,512,1024,2048,4096] [--queries 100]
//                              [--spread-queries 200] [--throughput-sizes 1024,4096]
//                              [--threads 1,2] [--throughput-seconds 3] [--seed 14]
//
// The maps (one per size, made from the seed alone, the same on every platform): square maps
// of SIZE x SIZE tiles with one straight wall per 1,024 tiles (8 to 64 tiles long, across or
// down, with a doorway two tiles wide; half of them with a second such arm at a right angle,
// making L-shaped pockets), then blocked squares of 1 x 1 to 3 x 3 tiles at random places until
// 22% of all tiles are blocked. Every map has the same features at the same density, so a
// bigger map means longer paths, not a different kind of map; the doorways keep nearly every
// open tile (77% of all tiles) in one region at every size. Queries join two tiles of the
// map's largest region (found by a flood fill here: without corner cutting, diagonal steps
// connect nothing that four straight moves do not), so every query has a path.
//
// Two sets of queries per size: `uniform` (both ends anywhere in the region: the typical query
// of a map this big, summarised per size) and `spread` (the goal within a square of radius r
// around the start, r drawn log-uniformly from 4 to SIZE: short paths as well as long ones,
// for time against path length). Each query runs A* (`GridSpace::find_path`) and jump point
// search with tiles and with turns (`find_path_jps`), default movement rules (no corner
// cutting, octile), in turn order rotated from query to query, on one search context reserved
// before the clock starts; jump point costs are checked against A*'s.
//
// Throughput: on each of --throughput-sizes, each algorithm answers the same list of uniform
// queries (over and over: as many as one thread answers in about --throughput-seconds, judged
// from the sweep) with 1 thread and with 2 (--threads), each thread with its own context, all
// sharing the one const map. `cpu_share` is the CPU time the threads got over the time they
// ran: below 1 when something else (another build) had the cores.
//
// Output: one JSON object a line (kinds: map, query, summary, throughput, done). Exit status 0
// when every query was found and every cost matched, 1 otherwise, 2 for bad arguments.
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <latch>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "generated_map.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/jump_point_search.hpp"

namespace {

using namespace pathkit;
using Clock = std::chrono::steady_clock;
using namespace pathkit::bench;

struct Query {
    Cell start;
    Cell goal;
};

Cell cell_of(std::uint32_t index, int size) {
    return {static_cast<int>(index % size), static_cast<int>(index / size)};
}

// Both ends anywhere in the region.
std::vector<Query> uniform_queries(const Region& region, int size, int count, Random& random) {
    std::vector<Query> queries;
    const auto members = static_cast<std::uint32_t>(region.members.size());
    while (static_cast<int>(queries.size()) < count) {
        const std::uint32_t start = region.members[random.below(members)];
        const std::uint32_t goal = region.members[random.below(members)];
        if (start != goal) queries.push_back({cell_of(start, size), cell_of(goal, size)});
    }
    return queries;
}

// The goal within radius r (Chebyshev) of the start, r log-uniform in [4, size].
std::vector<Query> spread_queries(const Region& region, int size, int count, Random& random) {
    std::vector<Query> queries;
    const auto members = static_cast<std::uint32_t>(region.members.size());
    while (static_cast<int>(queries.size()) < count) {
        const Cell start = cell_of(region.members[random.below(members)], size);
        const double smallest = 4;
        const int radius = static_cast<int>(
            smallest * std::exp(random.unit() * std::log(static_cast<double>(size) / smallest)));
        for (int attempt = 0; attempt < 1000; ++attempt) {
            const Cell goal{start.x + random.between(-radius, radius),
                            start.y + random.between(-radius, radius)};
            if (goal.x < 0 || goal.y < 0 || goal.x >= size || goal.y >= size) continue;
            if (goal == start ||
                region.contains[static_cast<std::size_t>(goal.y) * size + goal.x] == 0)
                continue;
            queries.push_back({start, goal});
            break;
        }
    }
    return queries;
}

enum class Algorithm { AStar, JumpPointTiles, JumpPointTurns };
constexpr Algorithm algorithms[] = {Algorithm::AStar, Algorithm::JumpPointTiles,
                                    Algorithm::JumpPointTurns};
constexpr std::size_t algorithm_count = std::size(algorithms);

const char* name_of(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::AStar:
            return "astar";
        case Algorithm::JumpPointTiles:
            return "jps-tiles";
        case Algorithm::JumpPointTurns:
            return "jps-turns";
    }
    return "?";
}

GridPath answer(Algorithm algorithm, const GridSpace& space, const Query& query,
                SearchContext& context) {
    switch (algorithm) {
        case Algorithm::AStar:
            return space.find_path(query.start, query.goal, context);
        case Algorithm::JumpPointTiles:
            return find_path_jps(space, query.start, query.goal, context, {}, PathShape::Tiles);
        case Algorithm::JumpPointTurns:
            return find_path_jps(space, query.start, query.goal, context, {}, PathShape::Turns);
    }
    return {};
}

double microseconds_between(Clock::time_point start, Clock::time_point stop) {
    return std::chrono::duration<double, std::micro>(stop - start).count();
}

double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

bool costs_match(double cost, double reference) {
    return std::abs(cost - reference) <= 1e-3 + 1e-4 * reference;
}

struct Sample {
    double microseconds;
    double expanded;
};

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double mean(const std::vector<double>& values) {
    double total = 0;
    for (double value : values)
        total += value;
    return values.empty() ? 0 : total / static_cast<double>(values.size());
}

struct Totals {
    std::size_t failures = 0;    // queries not found
    std::size_t mismatches = 0;  // jump point costs that differ from A*'s
};

// Runs every query with every algorithm; prints a line per query and algorithm; returns the
// uniform set's samples, per algorithm.
std::vector<std::vector<Sample>> sweep(int size, const GridSpace& space, const char* set,
                                       const std::vector<Query>& queries, SearchContext& context,
                                       Totals& totals) {
    std::vector<std::vector<Sample>> samples(algorithm_count);
    for (std::size_t number = 0; number < queries.size(); ++number) {
        const Query& query = queries[number];
        double costs[algorithm_count] = {};
        for (std::size_t turn = 0; turn < algorithm_count; ++turn) {
            const std::size_t which = (number + turn) % algorithm_count;
            const Algorithm algorithm = algorithms[which];
            const auto started = Clock::now();
            const GridPath result = answer(algorithm, space, query, context);
            const auto stopped = Clock::now();
            const double microseconds = microseconds_between(started, stopped);
            if (!result.found()) {
                ++totals.failures;
                std::fprintf(stderr, "%d: %s from %s to %s: %s %s\n", size, name_of(algorithm),
                             to_string(query.start).c_str(), to_string(query.goal).c_str(),
                             std::string(to_string(result.status)).c_str(), result.message.c_str());
            }
            costs[which] = result.cost;
            samples[which].push_back({microseconds, static_cast<double>(result.stats.expanded)});
            std::printf(
                "{\"kind\": \"query\", \"size\": %d, \"set\": \"%s\", \"algorithm\": \"%s\", "
                "\"cost\": %.3f, \"microseconds\": %.3f, \"expanded\": %llu}\n",
                size, set, name_of(algorithm), static_cast<double>(result.cost), microseconds,
                static_cast<unsigned long long>(result.stats.expanded));
        }
        for (std::size_t which = 1; which < algorithm_count; ++which) {
            if (costs_match(costs[which], costs[0])) continue;
            ++totals.mismatches;
            std::fprintf(stderr, "%d: %s from %s to %s costs %.4f, A* %.4f\n", size,
                         name_of(algorithms[which]), to_string(query.start).c_str(),
                         to_string(query.goal).c_str(), costs[which], costs[0]);
        }
    }
    return samples;
}

void print_summary(int size, Algorithm algorithm, const std::vector<Sample>& samples) {
    std::vector<double> microseconds, expanded;
    for (const Sample& sample : samples) {
        microseconds.push_back(sample.microseconds);
        expanded.push_back(sample.expanded);
    }
    std::printf(
        "{\"kind\": \"summary\", \"size\": %d, \"set\": \"uniform\", \"algorithm\": \"%s\", "
        "\"queries\": %zu, \"median_microseconds\": %.3f, \"mean_microseconds\": %.3f, "
        "\"median_expanded\": %.1f, \"mean_expanded\": %.1f}\n",
        size, name_of(algorithm), samples.size(), median(microseconds), mean(microseconds),
        median(expanded), mean(expanded));
}

// Answers `total` queries (the list over and over) on `thread_count` threads sharing `space`,
// each with its own context, taking the next query from one shared counter; prints the queries
// per second: the sum of each thread's queries over its own time (from the common start to its
// last answer), so a thread that ran out of queries first does not count its idle wait.
void throughput(int size, const GridSpace& space, Algorithm algorithm,
                const std::vector<Query>& queries, std::size_t total, int thread_count,
                Totals& totals) {
    struct Tally {
        std::size_t queries = 0;
        std::size_t failures = 0;
        double seconds = 0;
        double cpu_seconds = 0;
    };
    std::vector<Tally> tallies(thread_count);
    std::atomic<std::size_t> next{0};
    std::latch ready(thread_count + 1);
    std::vector<std::thread> threads;
    for (int thread = 0; thread < thread_count; ++thread) {
        threads.emplace_back([&, thread] {
            Tally& tally = tallies[thread];
            SearchContext context;  // allocated before the clock starts
            context.reserve(space.state_count());
            (void)answer(algorithm, space, queries[thread % queries.size()], context);  // warm
            ready.arrive_and_wait();
            const auto started = Clock::now();
            const double cpu_started = thread_cpu_seconds();
            for (std::size_t number = next++; number < total; number = next++) {
                tally.failures +=
                    !answer(algorithm, space, queries[number % queries.size()], context).found();
                ++tally.queries;
            }
            tally.cpu_seconds = thread_cpu_seconds() - cpu_started;
            tally.seconds = microseconds_between(started, Clock::now()) * 1e-6;
        });
    }
    ready.arrive_and_wait();
    const auto started = Clock::now();
    for (std::thread& thread : threads)
        thread.join();
    const double seconds = microseconds_between(started, Clock::now()) * 1e-6;
    double rate = 0, thread_seconds = 0, cpu_seconds = 0;
    for (const Tally& tally : tallies) {
        if (tally.seconds > 0) rate += static_cast<double>(tally.queries) / tally.seconds;
        thread_seconds += tally.seconds;
        cpu_seconds += tally.cpu_seconds;
        totals.failures += tally.failures;
    }
    std::printf(
        "{\"kind\": \"throughput\", \"size\": %d, \"algorithm\": \"%s\", \"threads\": %d, "
        "\"queries\": %zu, \"seconds\": %.4f, \"queries_per_second\": %.2f, "
        "\"thread_cpu_seconds\": %.4f, \"cpu_share\": %.3f}\n",
        size, name_of(algorithm), thread_count, total, seconds, rate, cpu_seconds,
        thread_seconds > 0 ? cpu_seconds / thread_seconds : 0.0);
}

struct Options {
    std::vector<int> sizes{256, 512, 1024, 2048, 4096};
    int queries = 100;
    int spread_queries = 200;
    std::vector<int> throughput_sizes{1024, 4096};
    std::vector<int> threads{1, 2};
    double throughput_seconds = 3;
    std::uint64_t seed = 14;
};

bool parse_list(const char* text, int low, int high, std::vector<int>& into) {
    into.clear();
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string item(rest.substr(0, comma));
        char* end = nullptr;
        const long value = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || *end != '\0' || value < low || value > high) return false;
        into.push_back(static_cast<int>(value));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    return !into.empty();
}

bool parse_number(const char* text, double low, double high, double& into) {
    char* end = nullptr;
    into = std::strtod(text, &end);
    return end != text && *end == '\0' && into >= low && into <= high;
}

int usage(const char* problem) {
    std::fprintf(stderr,
                 "pathkit_bench_grid_scaling: %s\n"
                 "usage: pathkit_bench_grid_scaling [--sizes LIST] [--queries N] "
                 "[--spread-queries N] [--throughput-sizes LIST] [--threads LIST] "
                 "[--throughput-seconds S] [--seed N]\n"
                 "  sizes 16..%d; an empty throughput list is written as 0 (none)\n",
                 problem, GridMap::max_side);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    for (int argument = 1; argument < argc; argument += 2) {
        const std::string_view flag = argv[argument];
        if (argument + 1 >= argc) return usage("a value is missing after the last flag");
        const char* value = argv[argument + 1];
        double number = 0;
        bool ok = true;
        if (flag == "--sizes") {
            ok = parse_list(value, 16, GridMap::max_side, options.sizes);
        } else if (flag == "--queries" || flag == "--spread-queries") {
            ok = parse_number(value, 1, 1e6, number) && number == std::floor(number);
            (flag == "--queries" ? options.queries : options.spread_queries) =
                static_cast<int>(number);
        } else if (flag == "--throughput-sizes") {
            if (std::strcmp(value, "0") == 0)
                options.throughput_sizes.clear();
            else
                ok = parse_list(value, 16, GridMap::max_side, options.throughput_sizes);
        } else if (flag == "--threads") {
            ok = parse_list(value, 1, 256, options.threads);
        } else if (flag == "--throughput-seconds") {
            ok = parse_number(value, 0.001, 3600, options.throughput_seconds);
        } else if (flag == "--seed") {
            ok = parse_number(value, 0, 1e15, number) && number == std::floor(number);
            options.seed = static_cast<std::uint64_t>(number);
        } else {
            return usage(("unknown flag " + std::string(flag)).c_str());
        }
        if (!ok) return usage(("bad value for " + std::string(flag) + ": " + value).c_str());
    }

    const int most_threads = *std::max_element(options.threads.begin(), options.threads.end());
    Totals totals;
    std::vector<int> sizes = options.sizes;  // throughput sizes get maps too
    for (int size : options.throughput_sizes)
        if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) sizes.push_back(size);
    for (int size : sizes) {
        // Each size's map and queries come from the seed and the size alone.
        Random random(options.seed * 1000003u + static_cast<std::uint64_t>(size));
        const auto made = Clock::now();
        const Tiles tiles = generate_tiles(size, random);
        const Region region = largest_region(tiles);
        if (region.members.size() < 2) {
            std::fprintf(stderr, "%d: the map has no region of two tiles\n", size);
            return 1;
        }
        GridMap map = GridMap::create(size, size).value();
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                if (tiles.blocked[static_cast<std::size_t>(y) * size + x] != 0)
                    (void)map.set_walkable({x, y}, false);
        const GridSpace space(map);
        const std::vector<Query> uniform = uniform_queries(region, size, options.queries, random);
        const std::vector<Query> spread =
            spread_queries(region, size, options.spread_queries, random);
        std::printf(
            "{\"kind\": \"map\", \"size\": %d, \"seed\": %llu, \"blocked_share\": %.4f, "
            "\"region_tiles\": %zu, \"region_share\": %.4f, \"make_milliseconds\": %.1f}\n",
            size, static_cast<unsigned long long>(options.seed),
            static_cast<double>(tiles.blocked_count) / static_cast<double>(tiles.blocked.size()),
            region.members.size(),
            static_cast<double>(region.members.size()) / static_cast<double>(tiles.blocked.size()),
            microseconds_between(made, Clock::now()) * 1e-3);
        std::fflush(stdout);

        SearchContext context;
        context.reserve(space.state_count());  // allocated before the clock starts
        for (std::size_t warm = 0; warm < std::min<std::size_t>(3, uniform.size()); ++warm)
            for (Algorithm algorithm : algorithms)
                (void)answer(algorithm, space, uniform[warm], context);

        const bool in_sweep =
            std::find(options.sizes.begin(), options.sizes.end(), size) != options.sizes.end();
        std::vector<std::vector<Sample>> samples;
        if (in_sweep) {
            samples = sweep(size, space, "uniform", uniform, context, totals);
            (void)sweep(size, space, "spread", spread, context, totals);
            for (std::size_t which = 0; which < algorithm_count; ++which)
                print_summary(size, algorithms[which], samples[which]);
            std::fflush(stdout);
        }

        if (std::find(options.throughput_sizes.begin(), options.throughput_sizes.end(), size) ==
            options.throughput_sizes.end())
            continue;
        for (std::size_t which = 0; which < algorithm_count; ++which) {
            // Enough queries that one thread takes about --throughput-seconds, judged by a
            // first pass over the uniform queries (the sweep's, or one made now); at least
            // four for each thread.
            double microseconds = 0;
            if (in_sweep) {
                for (const Sample& sample : samples[which])
                    microseconds += sample.microseconds;
            } else {
                const auto started = Clock::now();
                for (const Query& query : uniform)
                    (void)answer(algorithms[which], space, query, context);
                microseconds = microseconds_between(started, Clock::now());
            }
            const double per_query = std::max(0.01, microseconds / uniform.size());
            const auto total = static_cast<std::size_t>(std::max(
                4.0 * most_threads, std::ceil(options.throughput_seconds * 1e6 / per_query)));
            for (int thread_count : options.threads)
                throughput(size, space, algorithms[which], uniform, total, thread_count, totals);
            std::fflush(stdout);
        }
    }
    std::printf("{\"kind\": \"done\", \"failures\": %zu, \"mismatches\": %zu}\n", totals.failures,
                totals.mismatches);
    return totals.failures == 0 && totals.mismatches == 0 ? 0 : 1;
}
