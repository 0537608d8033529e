// LaCAM and LaCAM*: complete (checked against brute force over configurations), optimal when
// given the time, deterministic for a seed, and valid on the shared benchmark instances.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <random>
#include <utility>

#include "pathkit/io/mapf_files.hpp"
#include "pathkit/mapf/guide_paths.hpp"
#include "pathkit/mapf/mapf_check.hpp"
#include "pathkit/mapf/mapf_plan.hpp"
#include "pathkit/mapf/plan_refiner.hpp"
#include "support/ascii_map.hpp"
#include "support/mapf_brute_force.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;

MapfPlan plan(const GridMap& map, const std::vector<Cell>& starts, const std::vector<Cell>& goals,
              bool anytime = false, std::uint64_t seed = 0,
              MapfQuality quality = MapfQuality::Balanced) {
    const MapfGraph graph(map);
    MapfPlanOptions options;
    options.time_limit_seconds = 60;
    options.search.anytime = anytime;
    options.search.seed = seed;
    options.quality = quality;
    return plan_mapf(graph, starts, goals, options);
}

constexpr MapfQuality every_quality[] = {MapfQuality::Fast, MapfQuality::Balanced,
                                         MapfQuality::Best};

TEST(Lacam, TwoAgentsTradePlacesThroughASidePocket) {
    // clang-format off
    const auto drawn = ascii_map({
        "##.##",
        "A...B",
    });
    // clang-format on
    const std::vector<Cell> starts{drawn.find('A'), drawn.find('B')};
    const std::vector<Cell> goals{drawn.find('B'), drawn.find('A')};
    const MapfPlan result = plan(drawn.map, starts, goals);
    ASSERT_EQ(result.status, MapfStatus::Solved) << result.message;
    EXPECT_TRUE(check_mapf_plan(drawn.map, starts, goals, result.steps).valid());
}

TEST(Lacam, TwoAgentsInACorridorWithNoRoomToPassHaveNoSolution) {
    const auto drawn = ascii_map({"A..B"});
    const std::vector<Cell> starts{drawn.find('A'), drawn.find('B')};
    const std::vector<Cell> goals{drawn.find('B'), drawn.find('A')};
    const MapfPlan result = plan(drawn.map, starts, goals);
    EXPECT_EQ(result.status, MapfStatus::NoSolution);
    EXPECT_TRUE(result.steps.empty());
}

TEST(Lacam, AGoalBehindWallsIsNoSolutionAtOnce) {
    const auto drawn = ascii_map({"A.#B"});
    const MapfPlan result = plan(drawn.map, {drawn.find('A')}, {drawn.find('B')});
    EXPECT_EQ(result.status, MapfStatus::NoSolution);
    EXPECT_NE(result.message.find("cannot reach"), std::string::npos) << result.message;
}

TEST(Lacam, SharedStartsAndTilesOffTheMapAreRefused) {
    const auto drawn = ascii_map({"A..#"});
    EXPECT_EQ(plan(drawn.map, {{0, 0}, {0, 0}}, {{1, 0}, {2, 0}}).status, MapfStatus::InvalidInput);
    EXPECT_EQ(plan(drawn.map, {{0, 0}}, {{3, 0}}).status, MapfStatus::InvalidInput);
    EXPECT_EQ(plan(drawn.map, {{0, 0}}, {{9, 9}}).status, MapfStatus::InvalidInput);
    EXPECT_EQ(plan(drawn.map, {{0, 0}}, {}).status, MapfStatus::InvalidInput);
}

// On hundreds of tiny random instances LaCAM finds a plan exactly when brute force does, and
// LaCAM*, given the time, proves the brute-force optimum.
TEST(Lacam, SolvesExactlyTheSolvableTinyInstancesAndLacamStarFindsTheOptimum) {
    std::mt19937 random(15);
    int solvable = 0, unsolvable = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int width = std::uniform_int_distribution<int>(2, 4)(random);
        const int height = std::uniform_int_distribution<int>(1, 3)(random);
        const int agents = std::uniform_int_distribution<int>(1, 3)(random);
        const auto instance = testing::random_tiny_instance(random, width, height, agents);
        if (!instance) continue;
        const auto least = testing::brute_force_least_loss(*instance);
        const MapfQuality quality = every_quality[trial % 3];
        const MapfPlan first =
            plan(instance->map, instance->starts, instance->goals, false, 0, quality);
        const MapfPlan best = plan(instance->map, instance->starts, instance->goals, true);
        SCOPED_TRACE("trial " + std::to_string(trial) + ", quality " + to_string(quality));
        if (!least) {
            ++unsolvable;
            EXPECT_EQ(first.status, MapfStatus::NoSolution);
            EXPECT_EQ(best.status, MapfStatus::NoSolution);
            continue;
        }
        ++solvable;
        ASSERT_EQ(first.status, MapfStatus::Solved) << first.message;
        EXPECT_TRUE(
            check_mapf_plan(instance->map, instance->starts, instance->goals, first.steps).valid());
        ASSERT_EQ(best.status, MapfStatus::Solved);
        EXPECT_TRUE(best.optimal);
        EXPECT_EQ(testing::loss_of(best.steps, instance->goals), *least);
        EXPECT_GE(testing::loss_of(first.steps, instance->goals), *least);
    }
    EXPECT_GT(solvable, 100);
    EXPECT_GT(unsolvable, 20);
}

// 150 agents with random starts and goals on a 24 x 24 map with pillars every third tile.
struct PillarsInstance {
    GridMap map;
    std::vector<Cell> starts, goals;
};
PillarsInstance pillars_instance() {
    std::mt19937 random(3);
    GridMap map = GridMap::create(24, 24).value();
    for (int y = 1; y < 24; y += 3)
        for (int x = 1; x < 24; x += 3)
            (void)map.set_walkable({x, y}, false);
    std::vector<Cell> open;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x < 24; ++x)
            if (map.is_walkable({x, y})) open.push_back({x, y});
    std::shuffle(open.begin(), open.end(), random);
    return {map, std::vector<Cell>(open.begin(), open.begin() + 150),
            std::vector<Cell>(open.begin() + 150, open.begin() + 300)};
}

// The instance's starts and goals as vertices of `graph`.
std::pair<MapfConfiguration, MapfConfiguration> vertices_on(const MapfGraph& graph,
                                                            const PillarsInstance& instance) {
    MapfConfiguration starts, goals;
    EXPECT_TRUE(graph.vertices_of(instance.starts, "start", starts));
    EXPECT_TRUE(graph.vertices_of(instance.goals, "goal", goals));
    return {starts, goals};
}

TEST(Lacam, TheSameSeedGivesTheSamePlanAtEveryQuality) {
    const PillarsInstance instance = pillars_instance();
    for (const MapfQuality quality : every_quality) {
        SCOPED_TRACE(to_string(quality));
        const MapfPlan a = plan(instance.map, instance.starts, instance.goals, false, 7, quality);
        const MapfPlan b = plan(instance.map, instance.starts, instance.goals, false, 7, quality);
        ASSERT_EQ(a.status, MapfStatus::Solved);
        EXPECT_EQ(a.steps, b.steps);
        EXPECT_EQ(a.configurations, b.configurations);
        EXPECT_TRUE(
            check_mapf_plan(instance.map, instance.starts, instance.goals, a.steps).valid());
    }
}

// The guide paths (balanced) and the refiner's rounds after them (best) each make the first
// plan of a crowded instance cheaper, for every seed tried.
TEST(Lacam, HigherQualityGivesCheaperFirstPlansOnACrowdedMap) {
    const PillarsInstance instance = pillars_instance();
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
        std::uint64_t previous = UINT64_MAX;
        for (const MapfQuality quality : every_quality) {
            SCOPED_TRACE(std::string(to_string(quality)) + ", seed " + std::to_string(seed));
            const MapfPlan result =
                plan(instance.map, instance.starts, instance.goals, false, seed, quality);
            ASSERT_EQ(result.status, MapfStatus::Solved);
            const MapfCheck check =
                check_mapf_plan(instance.map, instance.starts, instance.goals, result.steps);
            ASSERT_TRUE(check.valid());
            EXPECT_LT(check.sum_of_costs, previous);
            previous = check.sum_of_costs;
        }
    }
}

// A cap on expansions pauses the search; run on, it ends as if it had never paused.
TEST(Lacam, AnExpansionCapPausesTheSearchAndRunningOnEndsAsIfUninterrupted) {
    const PillarsInstance instance = pillars_instance();
    const MapfGraph graph(instance.map);
    const auto [starts, goals] = vertices_on(graph, instance);
    DistanceTables distances(graph, std::size_t{1} << 30);
    const auto later = std::chrono::steady_clock::now() + std::chrono::hours(1);
    LacamSearch paused(graph, distances, starts, goals);
    ASSERT_EQ(paused.run(later, 10), LacamState::Searching);
    EXPECT_EQ(paused.expansions(), 10u);
    ASSERT_EQ(paused.run(later), LacamState::Solved);
    LacamSearch straight(graph, distances, starts, goals);
    ASSERT_EQ(straight.run(later), LacamState::Solved);
    EXPECT_GT(straight.expansions(), 10u);
    EXPECT_EQ(paused.expansions(), straight.expansions());
    EXPECT_EQ(paused.solution(), straight.solution());
}

// Balanced searches again only while its plan costs more than 1.2 times the lower bound, and
// keeps the cheapest; then refines it only above 1.05 times the bound: never costlier than its
// first search alone (guide paths and one LaCAM search, made here as plan_mapf makes them).
TEST(Lacam, BalancedKeepsTheCheapestOfItsSearchesAndSearchesAgainOnlyFarAboveTheBound) {
    const PillarsInstance instance = pillars_instance();
    const MapfGraph graph(instance.map);
    const auto [starts, goals] = vertices_on(graph, instance);
    const auto later = std::chrono::steady_clock::now() + std::chrono::hours(1);
    int searched_again = 0;
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        DistanceTables distances(graph, std::size_t{1} << 30);
        const LacamOptions search_options{.seed = seed};
        LacamSearch first(graph, distances, starts, goals, search_options);
        first.prefer_routes(
            guide_paths(graph, distances, starts, goals,
                        {.seed = seed, .memory_limit = search_options.memory_limit / 8}, later)
                .paths);
        ASSERT_EQ(first.run(later), LacamState::Solved);
        const auto cost_of = [&](const std::vector<std::vector<Cell>>& steps) {
            const MapfCheck check =
                check_mapf_plan(instance.map, instance.starts, instance.goals, steps);
            EXPECT_TRUE(check.valid());
            return check;
        };
        std::vector<std::vector<Cell>> first_steps;
        for (const MapfConfiguration& configuration : first.solution()) {
            std::vector<Cell>& step = first_steps.emplace_back();
            for (const MapfVertex vertex : configuration)
                step.push_back(graph.cell(vertex));
        }
        const MapfCheck alone = cost_of(first_steps);
        const MapfPlan balanced = plan(instance.map, instance.starts, instance.goals, false, seed);
        ASSERT_EQ(balanced.status, MapfStatus::Solved);
        const MapfCheck kept = cost_of(balanced.steps);
        EXPECT_LE(kept.sum_of_costs, alone.sum_of_costs);
        if (10 * alone.sum_of_costs > 12 * alone.sum_of_costs_lower_bound) {
            EXPECT_GT(balanced.searches_again, 0u);
            EXPECT_LE(balanced.searches_again, 2u);
            ++searched_again;
        } else {
            EXPECT_EQ(balanced.searches_again, 0u);
        }
        if (20 * alone.sum_of_costs <= 21 * alone.sum_of_costs_lower_bound) {
            EXPECT_EQ(balanced.refiner_rounds, 0u);
            EXPECT_EQ(balanced.steps, first_steps);
        } else if (20 * kept.sum_of_costs > 21 * kept.sum_of_costs_lower_bound) {
            EXPECT_GT(balanced.refiner_rounds, 0u);  // refined, whatever searching again gave
        }
    }
    EXPECT_GT(searched_again, 0);  // the crowded instance is far above its bound
}

TEST(Lacam, AnytimeSearchNeverEndsWithAHigherSumOfCostsThanItsFirstSolution) {
    std::mt19937 random(5);
    int improved = 0;
    for (int trial = 0; trial < 20; ++trial) {
        const auto instance = testing::random_tiny_instance(random, 6, 5, 6);
        if (!instance) continue;
        const MapfPlan first = plan(instance->map, instance->starts, instance->goals);
        if (first.status != MapfStatus::Solved) continue;
        const MapfGraph graph(instance->map);
        MapfPlanOptions options;
        options.time_limit_seconds = 0.5;  // room for the refiner on a loaded machine
        options.search.anytime = true;
        const MapfPlan best = plan_mapf(graph, instance->starts, instance->goals, options);
        ASSERT_EQ(best.status, MapfStatus::Solved);
        EXPECT_TRUE(
            check_mapf_plan(instance->map, instance->starts, instance->goals, best.steps).valid());
        const auto soc = [&](const MapfPlan& plan) {
            return check_mapf_plan(instance->map, instance->starts, instance->goals, plan.steps)
                .sum_of_costs;
        };
        EXPECT_LE(soc(best), soc(first));
        improved += soc(best) < soc(first);
    }
    EXPECT_GT(improved, 0);
}

// Every shared benchmark map with its first scenario's first 100 agents: solved and valid.
TEST(Lacam, SolvesEverySharedBenchmarkMapWithAHundredAgents) {
    const std::filesystem::path folder =
        std::filesystem::path(PATHKIT_EXAMPLES) / "../../shared/benchmarks/mapf";
    if (!std::filesystem::exists(folder)) GTEST_SKIP() << "no ../shared/benchmarks/mapf here";
    int maps = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".map") continue;
        const std::string stem = entry.path().stem().string();
        const auto instance = load_mapf_instance(
            entry.path().string(), (folder / (stem + "-random-1.scen")).string(), 100);
        ASSERT_TRUE(instance) << instance.error().message();
        const MapfPlan result =
            plan(instance.value().map, instance.value().starts, instance.value().goals);
        ASSERT_EQ(result.status, MapfStatus::Solved) << stem << ": " << result.message;
        const MapfCheck check = check_mapf_plan(instance.value().map, instance.value().starts,
                                                instance.value().goals, result.steps);
        EXPECT_TRUE(check.valid()) << stem << ": " << check.problems.front();
        ++maps;
    }
    EXPECT_EQ(maps, 7);
}

}  // namespace
}  // namespace pathkit

namespace pathkit {
namespace {

// The crowded pillars instance, its graph and tables, and LaCAM's first plan on it: what the
// refiner starts from.
struct SolvedPillars {
    PillarsInstance instance = pillars_instance();
    MapfGraph graph{instance.map};
    MapfConfiguration goals = vertices_on(graph, instance).second;
    DistanceTables tables{graph, std::size_t{1} << 24};
    std::vector<MapfConfiguration> solution;
    SolvedPillars() {
        LacamSearch search(graph, tables, vertices_on(graph, instance).first, goals);
        EXPECT_EQ(search.run(std::chrono::steady_clock::now() + std::chrono::seconds(30)),
                  LacamState::Solved);
        solution = search.solution();
    }
    // A refiner on the first plan.
    [[nodiscard]] PlanRefiner refiner(std::uint64_t seed) {
        return PlanRefiner(graph, tables, goals, solution, seed);
    }
};

// Rounds and expansions cap the refiner's work without the clock: the same plan each time.
TEST(PlanRefiner, StopsAtItsRoundsOrExpansionsAndGivesTheSamePlanForTheSameWork) {
    SolvedPillars solved;
    ASSERT_FALSE(solved.solution.empty());
    const auto far = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    PlanRefiner once = solved.refiner(4);
    EXPECT_EQ(once.run(far, UINT64_MAX, 1), 1u);  // the first round expands at least one state
    PlanRefiner counted = solved.refiner(4);
    EXPECT_EQ(counted.run(far, 30), 30u);
    PlanRefiner a = solved.refiner(9);
    PlanRefiner b = solved.refiner(9);
    const std::uint64_t rounds = a.run(far, UINT64_MAX, 20000);
    EXPECT_GT(rounds, 1u);
    EXPECT_EQ(b.run(far, UINT64_MAX, 20000), rounds);
    EXPECT_EQ(a.steps(), b.steps());
    EXPECT_EQ(a.sum_of_costs(), b.sum_of_costs());
}

// With one neighbourhood size set, no round changes the paths of more agents than that; with
// every size allowed again, some round of 8 agents does.
TEST(PlanRefiner, ReplansOnlyAsManyAgentsARoundAsTheOneSizeItIsGiven) {
    SolvedPillars solved;
    ASSERT_FALSE(solved.solution.empty());
    const auto far = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    const auto agents_changed = [](const std::vector<MapfConfiguration>& before,
                                   const std::vector<MapfConfiguration>& after) {
        std::uint32_t changed = 0;
        for (std::size_t agent = 0; agent < before.front().size(); ++agent)
            for (std::size_t t = 0; t < std::max(before.size(), after.size()); ++t)
                if (before[std::min(t, before.size() - 1)][agent] !=
                    after[std::min(t, after.size() - 1)][agent]) {
                    ++changed;
                    break;
                }
        return changed;
    };
    const auto most_changed_in_a_round = [&](std::uint32_t size) {
        PlanRefiner refiner = solved.refiner(3);
        refiner.use_only_neighbourhood_size(size);
        std::uint32_t most = 0;
        for (int round = 0; round < 300; ++round) {
            const auto before = refiner.steps();
            refiner.run(far, 1);
            most = std::max(most, agents_changed(before, refiner.steps()));
        }
        return most;
    };
    EXPECT_LE(most_changed_in_a_round(2), 2u);
    EXPECT_GT(most_changed_in_a_round(0), 2u);
}

// Refining while it improves is `run` in portions of expansions up to the first portion that
// lowers nothing (replayed here portion by portion) or the cap on expansions, and deterministic.
TEST(PlanRefiner, RefiningWhileItImprovesStopsAtTheFirstPortionThatGainsNothing) {
    SolvedPillars solved;
    ASSERT_FALSE(solved.solution.empty());
    const auto far = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    const auto refiner = [&](std::uint32_t neighbourhood) {
        auto made = std::make_unique<PlanRefiner>(solved.refiner(5));
        made->use_only_neighbourhood_size(neighbourhood);
        return made;
    };
    const std::uint64_t portion = 500;
    for (const std::uint32_t neighbourhood : {0u, 2u, 4u, 8u}) {  // 0: all sizes
        SCOPED_TRACE("neighbourhood " + std::to_string(neighbourhood));
        const auto refined = refiner(neighbourhood);
        const std::uint64_t before = refined->sum_of_costs();
        const std::uint64_t rounds = refined->run_while_improving(far, portion, UINT64_MAX);
        const auto replayed = refiner(neighbourhood);
        std::uint64_t replayed_rounds = 0, cost = 0;
        do {
            cost = replayed->sum_of_costs();
            replayed_rounds += replayed->run(far, UINT64_MAX, portion);
        } while (replayed->sum_of_costs() < cost);
        EXPECT_EQ(rounds, replayed_rounds);
        EXPECT_EQ(refined->steps(), replayed->steps());
        EXPECT_LT(refined->sum_of_costs(), before);  // the crowded plan has room to improve
        const auto again = refiner(neighbourhood);
        EXPECT_EQ(again->run_while_improving(far, portion, UINT64_MAX), rounds);
        EXPECT_EQ(again->steps(), refined->steps());
        // The cap on expansions: one round when it is 1; one portion when it is the portion.
        EXPECT_EQ(refiner(neighbourhood)->run_while_improving(far, portion, 1), 1u);
        EXPECT_EQ(refiner(neighbourhood)->run_while_improving(far, portion, portion),
                  refiner(neighbourhood)->run(far, UINT64_MAX, portion));
    }
}

// Replanning a few agents at a time keeps every plan valid and its stated sum of costs true.
TEST(PlanRefiner, KeepsPlansValidAndTheirSumOfCostsTrue) {
    std::mt19937 random(12);
    int improved = 0;
    for (int trial = 0; trial < 20; ++trial) {
        // Pillars on every other tile of every other row: every tile stays reachable.
        testing::TinyMapfInstance instance_data{GridMap::create(12, 9).value(), {}, {}};
        std::vector<Cell> open;
        for (int y = 0; y < 9; ++y)
            for (int x = 0; x < 12; ++x)
                if (y % 2 == 1 && x % 2 == 1)
                    (void)instance_data.map.set_walkable({x, y}, false);
                else
                    open.push_back({x, y});
        std::shuffle(open.begin(), open.end(), random);
        instance_data.starts.assign(open.begin(), open.begin() + 25);
        instance_data.goals.assign(open.begin() + 25, open.begin() + 50);
        const auto* instance = &instance_data;
        const MapfGraph graph(instance->map);
        MapfConfiguration starts, goals;
        ASSERT_TRUE(graph.vertices_of(instance->starts, "start", starts));
        ASSERT_TRUE(graph.vertices_of(instance->goals, "goal", goals));
        DistanceTables tables(graph, std::size_t{1} << 24);
        LacamSearch search(graph, tables, starts, goals);
        ASSERT_EQ(search.run(std::chrono::steady_clock::now() + std::chrono::seconds(30)),
                  LacamState::Solved);
        PlanRefiner refiner(graph, tables, goals, search.solution(), trial);
        const std::uint64_t before = refiner.sum_of_costs();
        refiner.run(std::chrono::steady_clock::now() + std::chrono::milliseconds(20));
        std::vector<std::vector<Cell>> steps;
        for (const MapfConfiguration& configuration : refiner.steps()) {
            steps.emplace_back();
            for (const MapfVertex vertex : configuration)
                steps.back().push_back(graph.cell(vertex));
        }
        const MapfCheck check =
            check_mapf_plan(instance->map, instance->starts, instance->goals, steps);
        ASSERT_TRUE(check.valid()) << "trial " << trial << ": " << check.problems.front();
        EXPECT_EQ(check.sum_of_costs, refiner.sum_of_costs());
        EXPECT_LE(refiner.sum_of_costs(), before);
        improved += refiner.sum_of_costs() < before;
    }
    EXPECT_GT(improved, 5);
}

}  // namespace
}  // namespace pathkit
