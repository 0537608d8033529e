// Hierarchical search (grid/hierarchy) beside jump point search, in one run per map: the time
// to a unit's first move (plan + first leg) and a whole fast path against a full jps query,
// the optimal mode against jps+, the build, memory per tile and one-tile edit repairs.
//
// Maps: the generated map of the scaling sweep (--generated SIZE, 0 for none; queries join two
// tiles of its largest region) and MovingAI scenarios (SCEN..., the map beside it; an even
// spread of --queries rows, or with --longest the --queries rows of the longest optimal
// lengths, each jps length checked against the row's optimal length). Every
// query runs jps (tiles), jps+ (index built before the clock), plan + first leg, the fast
// whole path and the optimal mode, each with its own context, in turn order rotated from query
// to query; the optimal mode's cost must equal jps's, the fast path must start and end right
// and cost no less.
// Edits: --edits random tiles each toggled and the hierarchy repaired (then toggled back and
// repaired again), each repair timed. Prints a Markdown table row per map: medians in
// microseconds, ratios of the medians, the build's CPU time (of all its --threads) beside its
// wall time (the machine may be shared), and the fast mode's mean and largest excess cost.
// Exit 0 when every check held, 1 otherwise, 2 for bad arguments.
//
//   pathkit_bench_hierarchy [--generated 4096] [--queries 100] [--cluster-side 32]
//                           [--gate-tiles 8] [--threads 1] [--edits 100] [--seed 14]
//                           [--plan-landmarks N] [--longest] [SCEN...]
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "generated_map.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace pathkit::bench {
namespace {

struct Settings {
    int generated = 4096;
    int queries = 100;
    int cluster_side = 32;
    int gate_tiles = HierarchyOptions{}.gate_tiles;
    int threads = HierarchyOptions{}.threads;
    int plan_landmarks = HierarchyOptions{}.plan_landmarks;  // -1: the build chooses
    int edits = 100;
    std::uint64_t seed = 14;
    std::vector<std::string> scenarios;
    bool longest = false;  // the scenarios' longest rows instead of an even spread
};

struct Query {
    Cell start;
    Cell goal;
    double optimal_length = -1;  // the scenario's, or -1
};

[[noreturn]] void stop(const std::string& why) {
    std::fprintf(stderr, "pathkit_bench_hierarchy: %s\n", why.c_str());
    std::exit(2);
}

template <class Work>
double microseconds(Work&& work) {
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
}

/// CPU microseconds this process's threads have run: the machine may be shared, and wall time
/// counts waits.
double process_cpu_microseconds() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e6 + static_cast<double>(now.tv_nsec) / 1e3;
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

/// Runs every query on one map and prints its row; false when a check failed.
bool measure(const std::string& name, GridMap& map, const std::vector<Query>& queries,
             const Settings& settings) {
    const GridSpace space(map, {});
    std::vector<double> builds, build_cpu;
    Expected<GridHierarchy> built = Status::invalid_input("not built");
    for (int round = 0; round < 3; ++round) {
        const double cpu = process_cpu_microseconds();
        builds.push_back(microseconds([&] {
            built = GridHierarchy::build(space, {.cluster_side = settings.cluster_side,
                                                 .gate_tiles = settings.gate_tiles,
                                                 .plan_landmarks = settings.plan_landmarks,
                                                 .threads = settings.threads});
        }));
        build_cpu.push_back(process_cpu_microseconds() - cpu);
    }
    if (!built) stop(built.error().message());
    GridHierarchy& hierarchy = built.value();
    if (!space.jump_point_index()) stop(name + ": no jps+ index");
    // One context per search: a search run just before on the same query in the same context
    // would find its records warm, which favoured jps+ after jps (4 rotations in 5) and the
    // optimal mode after the fast path.
    SearchContext jps_context, jps_plus_context;
    HierarchyContext first_context, fast_context, optimal_context;
    for (SearchContext* context : {&jps_context, &jps_plus_context, &first_context.tiles,
                                   &fast_context.tiles, &optimal_context.tiles})
        context->reserve(space.state_count());
    std::vector<double> jps, jps_plus, first, fast, optimal;
    double excess_sum = 0, excess_max = 0;
    int failures = 0, mismatches = 0, length_mismatches = 0, compared = 0;
    for (std::size_t index = 0; index < queries.size(); ++index) {
        const Query& query = queries[index];
        GridPath by_jps, by_jps_plus, by_fast, by_optimal;
        std::vector<Cell> leg;
        const auto run = [&](int which) {
            switch (which) {
                case 0:
                    jps.push_back(microseconds([&] {
                        by_jps = find_path_jps(space, query.start, query.goal, jps_context);
                    }));
                    break;
                case 1:
                    jps_plus.push_back(microseconds([&] {
                        by_jps_plus = space.find_path(query.start, query.goal, jps_plus_context,
                                                      {.algorithm = SearchAlgorithm::JpsPlus});
                    }));
                    break;
                case 2:
                    first.push_back(microseconds([&] {
                        HierarchicalPath plan =
                            hierarchy.plan(query.start, query.goal, first_context);
                        leg = plan.next_leg(first_context);
                    }));
                    break;
                case 3:
                    fast.push_back(microseconds([&] {
                        by_fast = hierarchy.find_path(query.start, query.goal, fast_context);
                    }));
                    break;
                default:
                    optimal.push_back(microseconds([&] {
                        by_optimal = hierarchy.find_path(query.start, query.goal, optimal_context,
                                                         HierarchyMode::Optimal);
                    }));
            }
        };
        for (int turn = 0; turn < 5; ++turn)
            run(static_cast<int>((turn + index) % 5));
        if (!by_jps.found() || !by_jps_plus.found() || !by_fast.found() || !by_optimal.found() ||
            leg.empty() || leg.front() != query.start) {
            std::fprintf(
                stderr, "%s: %s -> %s: jps %s, jps+ %s, fast %s (%s), optimal %s (%s)\n",
                name.c_str(), to_string(query.start).c_str(), to_string(query.goal).c_str(),
                std::string(to_string(by_jps.status)).c_str(),
                std::string(to_string(by_jps_plus.status)).c_str(),
                std::string(to_string(by_fast.status)).c_str(), by_fast.message.c_str(),
                std::string(to_string(by_optimal.status)).c_str(), by_optimal.message.c_str());
            ++failures;
            continue;
        }
        const double best = by_jps.cost;
        const auto same = [&](double cost) { return std::abs(cost - best) <= 1e-3 * (1 + best); };
        if (!same(by_jps_plus.cost) || !same(by_optimal.cost)) ++mismatches;
        if (query.optimal_length >= 0 && !matches_optimal_length(best, query.optimal_length))
            ++length_mismatches;
        if (by_fast.path.front() != query.start || by_fast.path.back() != query.goal ||
            by_fast.cost < best - 1e-3 * (1 + best))
            ++mismatches;
        if (best > 0) {
            const double excess = by_fast.cost / best - 1;
            excess_sum += excess;
            excess_max = std::max(excess_max, excess);
            ++compared;
        }
    }
    // One-tile edits: toggle a random tile, repair; toggle it back, repair.
    std::vector<double> repairs;
    Random random(settings.seed);
    for (int edit = 0; edit < settings.edits; ++edit) {
        const Cell cell{static_cast<int>(random.below(static_cast<std::uint32_t>(map.width()))),
                        static_cast<int>(random.below(static_cast<std::uint32_t>(map.height())))};
        for (int pass = 0; pass < 2; ++pass) {
            (void)map.set_walkable(cell, !map.is_walkable(cell));
            repairs.push_back(microseconds([&] { hierarchy.repair(); }));
        }
    }
    const double tiles = static_cast<double>(map.width()) * map.height();
    const double m_jps = median(jps), m_jps_plus = median(jps_plus), m_first = median(first);
    const double m_fast = median(fast), m_optimal = median(optimal);
    std::printf(
        "| %s | %zu | %.0f | %.1f | %.1f | %.0f | %.2f | %.1f | %.0f | %.2f | %.0f | %.0f | %.2f "
        "| %.3f %% | %.2f %% | %.0f | %.2f | %zu | %d/%d/%d |\n",
        name.c_str(), queries.size(), m_jps, m_first, m_jps / m_first, m_fast, m_jps / m_fast,
        m_jps_plus, m_optimal, m_jps_plus / m_optimal, median(builds) / 1000,
        median(build_cpu) / 1000, static_cast<double>(hierarchy.memory_bytes()) / tiles,
        compared ? 100 * excess_sum / compared : 0.0, 100 * excess_max, median(repairs),
        repairs.empty() ? 0.0 : *std::max_element(repairs.begin(), repairs.end()) / 1000,
        hierarchy.gate_count(), failures, mismatches, length_mismatches);
    std::fflush(stdout);
    return failures == 0 && mismatches == 0 && length_mismatches == 0;
}

std::vector<Query> spread(const std::vector<Query>& all, int count) {
    if (static_cast<int>(all.size()) <= count) return all;
    std::vector<Query> picked;
    for (int i = 0; i < count; ++i)
        picked.push_back(all[all.size() * static_cast<std::size_t>(i) / count]);
    return picked;
}

int run(const Settings& settings) {
    std::printf(
        "| map | queries | jps us | first move us | jps / first | fast us | jps / fast "
        "| jps+ us | optimal us | jps+ / optimal | build ms | build CPU ms | bytes / tile "
        "| fast excess mean | max | repair us | repair max ms | gates "
        "| failures/mismatches/length mismatches |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    bool ok = true;
    if (settings.generated > 0) {
        GeneratedMap generated = generated_map(settings.generated, settings.seed);
        Random random(settings.seed + 1);
        std::vector<Query> queries;
        const auto members = static_cast<std::uint32_t>(generated.region.members.size());
        while (static_cast<int>(queries.size()) < settings.queries) {
            const std::uint32_t a = generated.region.members[random.below(members)];
            const std::uint32_t b = generated.region.members[random.below(members)];
            const int size = settings.generated;
            if (a != b)
                queries.push_back({{static_cast<int>(a % size), static_cast<int>(a / size)},
                                   {static_cast<int>(b % size), static_cast<int>(b / size)}});
        }
        ok &= measure("generated " + std::to_string(settings.generated), generated.map, queries,
                      settings);
    }
    for (const std::string& path : settings.scenarios) {
        auto scenario = load_moving_ai_scenario(path);
        if (!scenario) stop(scenario.error().message());
        const std::string map_path = path.substr(0, path.size() - 5);
        auto map = load_moving_ai_map(map_path);
        if (!map) stop(map.error().message());
        std::vector<Query> all;
        for (const ScenarioQuery& row : scenario.value().queries)
            if (row.start != row.goal) all.push_back({row.start, row.goal, row.optimal_length});
        const std::string name = map_path.substr(map_path.find_last_of('/') + 1);
        if (settings.longest) {
            std::stable_sort(all.begin(), all.end(), [](const Query& a, const Query& b) {
                return a.optimal_length > b.optimal_length;
            });
            all.resize(std::min(all.size(), static_cast<std::size_t>(settings.queries)));
        }
        const std::vector<Query> chosen = settings.longest ? all : spread(all, settings.queries);
        ok &= measure(name + (settings.longest ? " (longest)" : ""), map.value(), chosen, settings);
    }
    return ok ? 0 : 1;
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    pathkit::bench::Settings settings;
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        const auto number = [&]() -> long {
            if (i + 1 >= argc) pathkit::bench::stop(argument + " needs a number");
            char* end = nullptr;
            const long value = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || value < 0) pathkit::bench::stop(argument + ": not a number");
            return value;
        };
        if (argument == "--generated")
            settings.generated = static_cast<int>(number());
        else if (argument == "--queries")
            settings.queries = static_cast<int>(number());
        else if (argument == "--cluster-side")
            settings.cluster_side = static_cast<int>(number());
        else if (argument == "--gate-tiles")
            settings.gate_tiles = static_cast<int>(number());
        else if (argument == "--threads")
            settings.threads = static_cast<int>(number());
        else if (argument == "--plan-landmarks")
            settings.plan_landmarks = static_cast<int>(number());
        else if (argument == "--edits")
            settings.edits = static_cast<int>(number());
        else if (argument == "--seed")
            settings.seed = static_cast<std::uint64_t>(number());
        else if (argument == "--longest")
            settings.longest = true;
        else if (argument.ends_with(".scen"))
            settings.scenarios.push_back(argument);
        else
            pathkit::bench::stop("unknown argument " + argument);
    }
    if (settings.queries < 1) pathkit::bench::stop("--queries must be at least 1");
    return pathkit::bench::run(settings);
}
