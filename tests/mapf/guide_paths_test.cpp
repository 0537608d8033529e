// Guide paths: near-shortest routes from start to goal within the margin, their collisions
// counted as a plain pairwise count over the timed paths says, fewer collisions when a detour
// is allowed, and the deadline and memory limit kept.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "pathkit/mapf/guide_paths.hpp"
#include "support/ascii_map.hpp"
#include "support/mapf_brute_force.hpp"

namespace pathkit {
namespace {

using namespace std::chrono_literals;

// Collisions between two timed paths, each agent resting on its last vertex once there: one for
// every time both stand on one vertex or trade vertices along an edge, and one for every step
// one path enters the vertex where the other already rests.
std::uint64_t reference_collisions(const std::vector<MapfVertex>& a,
                                   const std::vector<MapfVertex>& b) {
    std::uint64_t collisions = 0;
    const auto at = [](const std::vector<MapfVertex>& path, std::size_t t) {
        return path[std::min(t, path.size() - 1)];
    };
    const std::size_t end = std::max(a.size(), b.size());
    for (std::size_t t = 1; t < end; ++t) {
        const bool a_moving = t < a.size(), b_moving = t < b.size();
        if (!a_moving && !b_moving) break;
        if (at(a, t) == at(b, t)) ++collisions;  // one on the other's vertex (or its rest)
        if (a_moving && b_moving && at(a, t) == at(b, t - 1) && at(b, t) == at(a, t - 1) &&
            at(a, t) != at(a, t - 1))
            ++collisions;  // trading vertices
    }
    return collisions;
}

struct Instance {
    MapfGraph graph;
    MapfConfiguration starts, goals;
};

Instance instance_of(const GridMap& map, const std::vector<Cell>& starts,
                     const std::vector<Cell>& goals) {
    Instance made{MapfGraph(map), {}, {}};
    EXPECT_TRUE(made.graph.vertices_of(starts, "start", made.starts));
    EXPECT_TRUE(made.graph.vertices_of(goals, "goal", made.goals));
    return made;
}

TEST(GuidePaths, RunFromStartToGoalWithinTheMarginAndCountTheirCollisionsTruly) {
    std::mt19937 random(23);
    int crowded = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const auto tiny = testing::random_tiny_instance(random, 8, 6, 10);
        if (!tiny) continue;
        const Instance instance = instance_of(tiny->map, tiny->starts, tiny->goals);
        DistanceTables tables(instance.graph, std::size_t{1} << 24);
        GuidePathOptions options;
        options.margin = static_cast<std::uint32_t>(trial % 4);
        options.seed = static_cast<std::uint64_t>(trial);
        const GuidePaths guide =
            guide_paths(instance.graph, tables, instance.starts, instance.goals, options,
                        std::chrono::steady_clock::now() + 10s);
        ASSERT_EQ(guide.paths.size(), instance.starts.size());
        std::vector<std::size_t> planned;
        for (std::size_t agent = 0; agent < instance.starts.size(); ++agent) {
            const std::vector<MapfVertex>& path = guide.paths[agent];
            const std::uint32_t shortest =
                tables.distance(tables.table_for(instance.goals[agent]), instance.starts[agent]);
            if (shortest == DistanceTables::unreachable) {
                EXPECT_TRUE(path.empty());
                continue;
            }
            planned.push_back(agent);
            ASSERT_FALSE(path.empty());
            EXPECT_EQ(path.front(), instance.starts[agent]);
            EXPECT_EQ(path.back(), instance.goals[agent]);
            EXPECT_LE(path.size() - 1, shortest + options.margin);
            for (std::size_t i = 1; i < path.size(); ++i) {
                const auto next = instance.graph.neighbours(path[i - 1]);
                EXPECT_NE(std::find(next.begin(), next.end(), path[i]), next.end());
            }
        }
        std::uint64_t expected = 0;
        for (std::size_t i = 0; i < planned.size(); ++i)
            for (std::size_t k = i + 1; k < planned.size(); ++k)
                expected += reference_collisions(guide.paths[planned[i]], guide.paths[planned[k]]);
        EXPECT_EQ(guide.collisions, expected) << "trial " << trial;
        crowded += expected > 0;
    }
    EXPECT_GT(crowded, 5);
}

TEST(GuidePaths, TwoAgentsCrossingTakeSeparateLanesWhenTheMarginAllowsADetour) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "A....B",
        "......",
    });
    // clang-format on
    const Instance instance = instance_of(drawn.map, {drawn.find('A'), drawn.find('B')},
                                          {drawn.find('B'), drawn.find('A')});
    DistanceTables tables(instance.graph, std::size_t{1} << 20);
    GuidePathOptions options;
    options.margin = 0;  // both must take the top row: they meet
    const GuidePaths straight = guide_paths(instance.graph, tables, instance.starts, instance.goals,
                                            options, std::chrono::steady_clock::now() + 10s);
    EXPECT_GT(straight.collisions, 0u);
    options.margin = 2;  // one may take the bottom row
    const GuidePaths apart = guide_paths(instance.graph, tables, instance.starts, instance.goals,
                                         options, std::chrono::steady_clock::now() + 10s);
    EXPECT_EQ(apart.collisions, 0u);
    EXPECT_EQ(reference_collisions(apart.paths[0], apart.paths[1]), 0u);
    EXPECT_EQ(apart.paths[0].size() + apart.paths[1].size() - 2, 5u + 7u);
}

TEST(GuidePaths, StopAtTheDeadlineAndWithinTheMemoryLimit) {
    std::mt19937 random(8);
    const auto tiny = testing::random_tiny_instance(random, 10, 8, 12);
    ASSERT_TRUE(tiny);
    const Instance instance = instance_of(tiny->map, tiny->starts, tiny->goals);
    DistanceTables tables(instance.graph, std::size_t{1} << 24);
    const GuidePaths late = guide_paths(instance.graph, tables, instance.starts, instance.goals, {},
                                        std::chrono::steady_clock::now());
    ASSERT_EQ(late.paths.size(), instance.starts.size());
    EXPECT_TRUE(std::all_of(late.paths.begin(), late.paths.end(),
                            [](const auto& path) { return path.empty(); }));
    for (const std::size_t limit : {std::size_t{0}, std::size_t{2000}, std::size_t{6000},
                                    std::size_t{20000}, std::size_t{1} << 20}) {
        GuidePathOptions options;
        options.memory_limit = limit;
        const GuidePaths guide =
            guide_paths(instance.graph, tables, instance.starts, instance.goals, options,
                        std::chrono::steady_clock::now() + 10s);
        EXPECT_LE(guide.memory_bytes, limit);
        EXPECT_EQ(guide.paths.size(), instance.starts.size());
    }
}

// Guide paths of an instance, once with room for every layout of the visit table and once within
// `memory_limit` (chosen to push the table off its dense layout but never to bind): the same.
void expect_the_same_paths_within(const Instance& instance, std::size_t memory_limit,
                                  std::uint64_t seed) {
    DistanceTables tables(instance.graph, std::size_t{1} << 26);
    GuidePathOptions options;
    options.seed = seed;
    options.memory_limit = std::size_t{1} << 30;
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    const GuidePaths roomy =
        guide_paths(instance.graph, tables, instance.starts, instance.goals, options, deadline);
    options.memory_limit = memory_limit;
    const GuidePaths tight =
        guide_paths(instance.graph, tables, instance.starts, instance.goals, options, deadline);
    EXPECT_NE(roomy.memory_bytes, tight.memory_bytes) << "the layouts did not differ";
    EXPECT_LE(tight.memory_bytes, memory_limit);
    EXPECT_EQ(roomy.paths, tight.paths) << "seed " << seed;
    EXPECT_EQ(roomy.collisions, tight.collisions);
    EXPECT_EQ(roomy.rounds, tight.rounds);
}

// The visits are counted in a dense array by time and vertex while it fits an eighth of the
// memory limit, in a hashed table past that (with a bit by time and vertex marking where it may
// hold counts while those bits fit too): the paths must not depend on which.
TEST(GuidePaths, ThePathsDoNotDependOnHowTheVisitsAreCounted) {
    // Dense at first, hashed once the paths along the winding corridor outlast a walk across.
    // clang-format off
    const auto winding = testing::ascii_map({
        "ABCD.....",
        "########.",
        ".........",
        ".########",
        ".........",
        "########.",
        "..abcd...",
    });
    // clang-format on
    const Instance corridor = instance_of(
        winding.map, {winding.find('A'), winding.find('B'), winding.find('C'), winding.find('D')},
        {winding.find('a'), winding.find('b'), winding.find('c'), winding.find('d')});
    for (std::uint64_t seed = 0; seed < 3; ++seed)
        expect_the_same_paths_within(corridor, std::size_t{160} << 10, seed);
    std::mt19937 random(24);
    for (int trial = 0; trial < 3; ++trial) {
        // Hashed with the bits from the start.
        if (const auto crowded = testing::random_tiny_instance(random, 24, 24, 100))
            expect_the_same_paths_within(instance_of(crowded->map, crowded->starts, crowded->goals),
                                         std::size_t{1} << 20, static_cast<std::uint64_t>(trial));
        // Hashed, the bits dropped once they outgrow their share.
        if (const auto sparse = testing::random_tiny_instance(random, 80, 80, 2))
            expect_the_same_paths_within(instance_of(sparse->map, sparse->starts, sparse->goals),
                                         std::size_t{256} << 10, static_cast<std::uint64_t>(trial));
    }
}

TEST(GuidePaths, TheSameSeedGivesTheSamePaths) {
    std::mt19937 random(31);
    const auto tiny = testing::random_tiny_instance(random, 10, 10, 30);
    ASSERT_TRUE(tiny);
    const Instance instance = instance_of(tiny->map, tiny->starts, tiny->goals);
    DistanceTables tables(instance.graph, std::size_t{1} << 24);
    GuidePathOptions options;
    options.seed = 5;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    const GuidePaths a =
        guide_paths(instance.graph, tables, instance.starts, instance.goals, options, deadline);
    const GuidePaths b =
        guide_paths(instance.graph, tables, instance.starts, instance.goals, options, deadline);
    EXPECT_EQ(a.paths, b.paths);
    EXPECT_EQ(a.collisions, b.collisions);
}

}  // namespace
}  // namespace pathkit
