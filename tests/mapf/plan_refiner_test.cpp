// PlanRefiner's choice of agents: every way gives distinct agents, and the agents around a
// crossing are those a brute-force scan of the plan finds there.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include "pathkit/mapf/lacam.hpp"
#include "pathkit/mapf/plan_refiner.hpp"

namespace pathkit {
namespace {

// A 20 x 20 map with pillars every third tile.
GridMap pillars_map() {
    GridMap map = GridMap::create(20, 20).value();
    for (int y = 1; y < 20; y += 3)
        for (int x = 1; x < 20; x += 3)
            (void)map.set_walkable({x, y}, false);
    return map;
}

// 120 agents with random starts and goals on the pillars map, planned by LaCAM.
struct RefinerInstance {
    GridMap map = pillars_map();
    MapfGraph graph{map};
    DistanceTables tables{graph, std::size_t{1} << 24};
    MapfConfiguration starts, goals;
    std::vector<MapfConfiguration> plan;

    RefinerInstance() {
        std::vector<MapfVertex> open;
        for (std::uint32_t vertex = 0; vertex < graph.vertex_count(); ++vertex)
            open.push_back(MapfVertex(vertex));
        std::mt19937 random(5);
        std::shuffle(open.begin(), open.end(), random);
        starts.assign(open.begin(), open.begin() + 120);
        goals.assign(open.begin() + 120, open.begin() + 240);
        LacamSearch search(graph, tables, starts, goals);
        EXPECT_EQ(search.run(std::chrono::steady_clock::now() + std::chrono::seconds(30)),
                  LacamState::Solved);
        plan = search.solution();
    }
};

TEST(PlanRefiner, ChoosesDistinctAgentsOfTheAskedNumberEveryWay) {
    RefinerInstance instance;
    PlanRefiner refiner(instance.graph, instance.tables, instance.goals, instance.plan, 7);
    using Way = PlanRefiner::Neighbourhood;
    for (const Way way : {Way::Crossing, Way::RandomWalk, Way::Intersection, Way::Random}) {
        for (const std::uint32_t size : {1u, 4u, 8u, 32u, 500u}) {
            for (int draw = 0; draw < 20; ++draw) {
                const std::vector<std::uint32_t> chosen = refiner.choose_agents(way, size);
                EXPECT_EQ(chosen.size(), std::min<std::size_t>(size, instance.goals.size()));
                const std::set<std::uint32_t> distinct(chosen.begin(), chosen.end());
                EXPECT_EQ(distinct.size(), chosen.size());
                EXPECT_LT(*distinct.rbegin(), instance.goals.size());
            }
        }
    }
}

// Brute force over the plan's configurations: the agents on `centre` at some time in
// [from, to] (an agent stays on its last tile after the plan ends).
std::set<std::uint32_t> agents_on(const std::vector<MapfConfiguration>& plan, MapfVertex centre,
                                  std::uint32_t from, std::uint32_t to) {
    std::set<std::uint32_t> found;
    for (std::uint32_t time = from; time <= to; ++time)
        for (std::uint32_t agent = 0; agent < plan.front().size(); ++agent)
            if (plan[std::min<std::size_t>(time, plan.size() - 1)][agent] == centre)
                found.insert(agent);
    return found;
}

TEST(PlanRefiner, AroundACrossingChoosesFirstEveryAgentThatPassesItWithinTheTimes) {
    RefinerInstance instance;
    const PlanRefiner refiner(instance.graph, instance.tables, instance.goals, instance.plan, 7);
    int crowded = 0, sparse = 0;
    for (std::uint32_t vertex = 0; vertex < instance.graph.vertex_count(); vertex += 7) {
        const MapfVertex centre(vertex);
        for (const std::uint32_t time : {0u, 5u, 17u, 40u}) {
            for (const std::uint32_t size : {4u, 8u, 16u}) {
                const std::set<std::uint32_t> there =
                    agents_on(instance.plan, centre, time > size ? time - size : 0, time + size);
                const std::vector<std::uint32_t> chosen = refiner.agents_around(centre, time, size);
                ASSERT_LE(chosen.size(), size);
                const std::size_t first = std::min<std::size_t>(there.size(), size);
                const std::set<std::uint32_t> leading(chosen.begin(), chosen.begin() + first);
                if (there.size() <= size) {
                    EXPECT_EQ(leading, there) << "vertex " << vertex << " time " << time;
                    ++sparse;
                } else {
                    EXPECT_EQ(chosen.size(), size);
                    EXPECT_TRUE(
                        std::includes(there.begin(), there.end(), leading.begin(), leading.end()));
                    ++crowded;
                }
            }
        }
    }
    EXPECT_GT(crowded, 0);
    EXPECT_GT(sparse, 0);
}

// Whatever ways and sizes the rounds draw, the plan only gets cheaper, and here it does.
TEST(PlanRefiner, LowersTheSumOfCostsWithEveryWayOfChoosing) {
    RefinerInstance instance;
    PlanRefiner refiner(instance.graph, instance.tables, instance.goals, instance.plan, 11);
    const std::uint64_t before = refiner.sum_of_costs();
    refiner.run(std::chrono::steady_clock::now() + std::chrono::seconds(60), 300);
    EXPECT_LT(refiner.sum_of_costs(), before);
}

}  // namespace
}  // namespace pathkit
