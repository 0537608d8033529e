// The lifelong planner and its check: thousands of tasks finished within PIBT's bound on maps
// with the property it needs, legal runs everywhere, the same run for a seed, and the check
// refusing runs with conflicts or tasks not visited.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <filesystem>
#include <map>
#include <random>
#include <string>

#include "pathkit/io/mapf_files.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/mapf/lifelong.hpp"
#include "pathkit/mapf/lifelong_check.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

using namespace std::chrono_literals;

// The walkable tiles of a map.
std::vector<Cell> walkable_tiles(const GridMap& map) {
    std::vector<Cell> tiles;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (map.is_walkable({map.origin().x + x, map.origin().y + y}))
                tiles.push_back({map.origin().x + x, map.origin().y + y});
    return tiles;
}

// Steps from `from` to every tile, by a plain breadth-first search over the map.
std::map<Cell, std::uint32_t> reference_distances(const GridMap& map, Cell from) {
    std::map<Cell, std::uint32_t> distance{{from, 0}};
    std::deque<Cell> queue{from};
    while (!queue.empty()) {
        const Cell here = queue.front();
        queue.pop_front();
        for (const Cell next : {Cell{here.x + 1, here.y}, Cell{here.x - 1, here.y},
                                Cell{here.x, here.y + 1}, Cell{here.x, here.y - 1}}) {
            if (!map.is_walkable(next) || distance.contains(next)) continue;
            distance[next] = distance[here] + 1;
            queue.push_back(next);
        }
    }
    return distance;
}

// The largest number of steps between two tiles of one connected part.
std::uint32_t reference_diameter(const GridMap& map) {
    std::uint32_t diameter = 0;
    for (const Cell from : walkable_tiles(map))
        for (const auto& [tile, steps] : reference_distances(map, from))
            diameter = std::max(diameter, steps);
    return diameter;
}

// A run: agents on distinct random tiles, each given `tasks_each` random tiles it can reach.
struct LifelongRun {
    std::vector<Cell> starts;
    std::vector<std::vector<Cell>> tasks;
    std::vector<std::vector<Cell>> steps;
    std::vector<std::vector<std::uint64_t>> finished;
    std::uint64_t longest_task = 0;  // most steps between taking a task and finishing it
    bool guaranteed = false;
};

LifelongRun run_lifelong(const GridMap& map, std::vector<Cell> starts, std::size_t tasks_each,
                         std::uint64_t seed, std::uint64_t max_steps,
                         const LifelongOptions& options = {}) {
    LifelongRun run;
    run.starts = std::move(starts);
    std::mt19937_64 random(seed);
    for (const Cell start : run.starts) {
        const auto reachable = reference_distances(map, start);
        std::vector<Cell> tiles;
        for (const auto& [tile, steps] : reachable)
            tiles.push_back(tile);
        std::vector<Cell> queue;
        for (std::size_t k = 0; k < tasks_each; ++k)
            queue.push_back(tiles[random() % tiles.size()]);
        run.tasks.push_back(std::move(queue));
    }
    const MapfGraph graph(map);
    LifelongOptions seeded = options;
    seeded.seed = seed;
    auto planner = LifelongPlanner::create(graph, run.starts, seeded).value();
    run.guaranteed = planner.progress_guaranteed();
    for (std::uint32_t agent = 0; agent < run.tasks.size(); ++agent)
        for (const Cell tile : run.tasks[agent])
            EXPECT_TRUE(planner.add_task(agent, tile));
    run.steps.push_back(planner.positions());
    std::uint64_t total = 0;
    for (const auto& queue : run.tasks)
        total += queue.size();
    while (planner.tasks_finished() < total && planner.steps() < max_steps) {
        planner.step(1s);
        run.steps.push_back(planner.positions());
        run.longest_task = std::max(run.longest_task, planner.oldest_task_age());
    }
    for (std::uint32_t agent = 0; agent < run.tasks.size(); ++agent) {
        const auto finished = planner.finished(agent);
        run.finished.emplace_back(finished.begin(), finished.end());
    }
    return run;
}

std::vector<Cell> random_starts(const GridMap& map, std::size_t agents, std::uint64_t seed) {
    std::vector<Cell> tiles = walkable_tiles(map);
    std::mt19937_64 random(seed);
    std::shuffle(tiles.begin(), tiles.end(), random);
    tiles.resize(agents);
    return tiles;
}

std::uint64_t total_finished(const LifelongRun& run) {
    std::uint64_t total = 0;
    for (const auto& steps : run.finished)
        total += steps.size();
    return total;
}

// clang-format off
const std::vector<std::string> narrow_corridors = {
    ".............",
    ".###.###.###.",
    ".###.###.###.",
    ".###.###.###.",
    ".............",
    ".###.###.###.",
    ".###.###.###.",
    ".###.###.###.",
    ".............",
};
// clang-format on

TEST(LifelongPlanner, FinishesThreeThousandTasksInCorridorsOneTileWideEachWithinPibtsBound) {
    const auto drawn = testing::ascii_map(narrow_corridors);
    const std::size_t agents = 20;
    const LifelongRun run =
        run_lifelong(drawn.map, random_starts(drawn.map, agents, 3), 150, 3, 200'000);
    ASSERT_TRUE(run.guaranteed);
    const LifelongCheck check =
        check_lifelong_plan(drawn.map, run.starts, run.tasks, run.steps, run.finished);
    EXPECT_TRUE(check.valid()) << (check.problems.empty() ? "" : check.problems.front());
    EXPECT_EQ(total_finished(run), 3000u);
    // PIBT's theorem: the agent with the oldest task gets nearer every step, so a task waits
    // at most (agents x diameter) steps.
    EXPECT_LE(run.longest_task, agents * reference_diameter(drawn.map));
}

TEST(LifelongPlanner, GivesTheSameRunForTheSameSeedAndOtherRunsForOthers) {
    const auto drawn = testing::ascii_map(narrow_corridors);
    const auto starts = random_starts(drawn.map, 15, 8);
    const LifelongRun first = run_lifelong(drawn.map, starts, 20, 8, 5000);
    const LifelongRun again = run_lifelong(drawn.map, starts, 20, 8, 5000);
    EXPECT_EQ(first.steps, again.steps);
    EXPECT_EQ(first.finished, again.finished);
    const LifelongRun other = run_lifelong(drawn.map, starts, 20, 9, 5000);
    EXPECT_NE(first.steps, other.steps);
}

TEST(LifelongPlanner, TakesTasksAddedOnAnyStepAndRefusesOnesItCannotDo) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "A....#C",
        ".###.##",
        "B....##",
    });
    // clang-format on
    const MapfGraph graph(drawn.map);
    auto planner =
        LifelongPlanner::create(graph, std::vector<Cell>{drawn.find('A'), drawn.find('B')}).value();
    EXPECT_FALSE(planner.add_task(2, {1, 0}));           // no agent 2
    EXPECT_FALSE(planner.add_task(0, {1, 1}));           // a wall
    EXPECT_FALSE(planner.add_task(0, {7, 0}));           // outside the map
    EXPECT_FALSE(planner.add_task(0, drawn.find('C')));  // another part of the map
    ASSERT_TRUE(planner.add_task(0, drawn.find('A')));   // where it stands: done at once
    EXPECT_EQ(planner.tasks_finished(), 1u);
    for (int step = 0; step < 3; ++step)
        planner.step(1s);
    ASSERT_TRUE(planner.add_task(1, {4, 2}));  // a task given on step 3
    ASSERT_TRUE(planner.add_task(1, {4, 0}));
    for (int step = 0; step < 10; ++step)
        planner.step(1s);
    const auto finished = planner.finished(1);
    ASSERT_EQ(finished.size(), 2u);
    EXPECT_EQ(finished[0], 7u);  // 4 steps along the bottom from step 3
    EXPECT_EQ(finished[1], 9u);  // and 2 up the right
    EXPECT_EQ(planner.tasks_left(1), 0u);
}

TEST(LifelongPlanner, ClearingAnAgentsTasksKeepsWhatItFinishedAndStopsItWhereItStands) {
    const auto drawn = testing::ascii_map({"A......"});
    const MapfGraph graph(drawn.map);
    auto planner = LifelongPlanner::create(graph, std::vector<Cell>{drawn.find('A')}).value();
    EXPECT_FALSE(planner.clear_tasks(1));  // no agent 1
    ASSERT_TRUE(planner.add_task(0, {1, 0}));
    ASSERT_TRUE(planner.add_task(0, {6, 0}));
    for (int step = 0; step < 3; ++step)
        planner.step(1s);
    ASSERT_TRUE(planner.clear_tasks(0));
    EXPECT_EQ(planner.tasks_left(0), 0u);
    const Cell stopped = planner.positions()[0];
    EXPECT_EQ(stopped, Cell(3, 0));
    for (int step = 0; step < 5; ++step)
        planner.step(1s);
    EXPECT_EQ(planner.positions()[0], stopped);
    EXPECT_EQ(planner.finished(0).size(), 1u);
}

TEST(LifelongPlanner, StepsOutOfTimeKeepEveryAgentInPlaceAndResumeAfter) {
    const auto drawn = testing::ascii_map(narrow_corridors);
    const MapfGraph graph(drawn.map);
    auto planner = LifelongPlanner::create(graph, random_starts(drawn.map, 5, 1)).value();
    for (std::uint32_t agent = 0; agent < 5; ++agent)
        ASSERT_TRUE(planner.add_task(agent, {12, 8 - static_cast<int>(agent)}));
    const std::vector<Cell> before = planner.positions();
    EXPECT_FALSE(planner.step(0us));  // no time for the first tables' searches
    EXPECT_EQ(planner.positions(), before);
    EXPECT_EQ(planner.steps_out_of_time(), 1u);
    EXPECT_TRUE(planner.step(1s));
    EXPECT_NE(planner.positions(), before);
}

TEST(LifelongPlanner, KeepsItsDistanceTablesWithinTheirLimitWhileGoalsKeepChanging) {
    const auto drawn = testing::ascii_map(narrow_corridors);
    const MapfGraph graph(drawn.map);
    // Room for about four tables of 63 vertices among twenty agents' changing goals.
    const std::size_t limit = DistanceTables::largest_table_bytes(graph.vertex_count()) * 4 + 4096;
    LifelongOptions options;
    options.distance_memory_limit = limit;
    const LifelongRun run =
        run_lifelong(drawn.map, random_starts(drawn.map, 20, 5), 20, 5, 20'000, options);
    EXPECT_EQ(total_finished(run), 400u);
    auto planner = LifelongPlanner::create(graph, run.starts, options).value();
    for (std::uint32_t agent = 0; agent < 20; ++agent)
        for (const Cell tile : run.tasks[agent])
            ASSERT_TRUE(planner.add_task(agent, tile));
    for (int step = 0; step < 300; ++step) {
        planner.step(1s);
        ASSERT_LE(planner.distance_table_bytes(),
                  limit + DistanceTables::largest_table_bytes(graph.vertex_count()));
    }
}

TEST(LifelongPlanner, SaysWhenADeadEndVoidsItsGuaranteeAndStillMovesLegally) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "......",
        ".####.",
        "......",
        "##.###",
        "##.###",
    });
    // clang-format on
    EXPECT_FALSE(every_edge_on_a_cycle(MapfGraph(drawn.map)));
    EXPECT_TRUE(every_edge_on_a_cycle(MapfGraph(testing::ascii_map(narrow_corridors).map)));
    const LifelongRun run = run_lifelong(drawn.map, random_starts(drawn.map, 6, 2), 50, 2, 3000);
    EXPECT_FALSE(run.guaranteed);
    const LifelongCheck check =
        check_lifelong_plan(drawn.map, run.starts, run.tasks, run.steps, run.finished);
    EXPECT_TRUE(check.valid()) << (check.problems.empty() ? "" : check.problems.front());
}

// Two agents on a row of four tiles, each with one task; a good run to spoil.
struct CraftedRun {
    GridMap map = testing::ascii_map({"....", "#..#"}).map;
    std::vector<Cell> starts{{0, 0}, {3, 0}};
    std::vector<std::vector<Cell>> tasks{{{1, 0}, {1, 1}}, {{2, 0}}};
    std::vector<std::vector<Cell>> steps{
        {{0, 0}, {3, 0}}, {{1, 0}, {2, 0}}, {{1, 1}, {2, 0}}, {{1, 1}, {2, 0}}};
    std::vector<std::vector<std::uint64_t>> finished{{1, 2}, {1}};

    [[nodiscard]] LifelongCheck check() const {
        return check_lifelong_plan(map, starts, tasks, steps, finished);
    }
};

TEST(LifelongCheck, PassesALegalRunAndCountsItsTasks) {
    const LifelongCheck check = CraftedRun{}.check();
    EXPECT_TRUE(check.valid()) << (check.problems.empty() ? "" : check.problems.front());
    EXPECT_EQ(check.tasks_finished, 3u);
}

TEST(LifelongCheck, RefusesTwoAgentsOnOneTileOrTradingTiles) {
    CraftedRun same_tile;
    same_tile.steps[2] = {{1, 0}, {1, 0}};
    same_tile.finished = {{1}, {1}};
    EXPECT_NE(same_tile.check().problems.at(0).find("both on 1,0"), std::string::npos);
    CraftedRun trade;
    trade.steps[2] = {{2, 0}, {1, 0}};
    trade.steps[3] = trade.steps[2];
    trade.finished = {{1}, {1}};
    EXPECT_NE(trade.check().problems.at(0).find("trade tiles"), std::string::npos);
}

TEST(LifelongCheck, RefusesJumpsWallsAndAWrongStart) {
    CraftedRun jump;
    jump.steps[1][0] = {2, 1};
    EXPECT_FALSE(jump.check().valid());
    CraftedRun wall;
    wall.steps[2][0] = {0, 1};
    EXPECT_NE(wall.check().problems.at(0).find("blocked"), std::string::npos);
    CraftedRun start;
    start.starts[0] = {1, 1};
    EXPECT_NE(start.check().problems.at(0).find("not on its start"), std::string::npos);
}

TEST(LifelongCheck, RefusesTasksClaimedButNotVisitedOrVisitedOutOfOrder) {
    CraftedRun late;  // claimed a step after the agent first stood on it
    late.finished[1] = {2};
    EXPECT_NE(late.check().problems.at(0).find("first stands on it at t=1"), std::string::npos);
    CraftedRun never;  // the agent never goes to its task
    never.tasks[1] = {{2, 1}};
    EXPECT_NE(never.check().problems.at(0).find("never stands on it"), std::string::npos);
    CraftedRun order;  // the second task's tile visited only before the first task
    order.tasks[0] = {{1, 1}, {1, 0}};
    EXPECT_FALSE(order.check().valid());
    CraftedRun too_many;
    too_many.finished[1] = {1, 2};
    EXPECT_NE(too_many.check().problems.at(0).find("claims 2 tasks finished, of 1"),
              std::string::npos);
    CraftedRun unclaimed;  // reached but not claimed
    unclaimed.finished[0] = {1};
    EXPECT_NE(unclaimed.check().problems.at(0).find("not claimed"), std::string::npos);
}

// The shared MovingAI MAPF maps, when they are here.
std::filesystem::path shared_mapf() {
    return std::filesystem::path(PATHKIT_EXAMPLES) / "../../shared/benchmarks/mapf";
}

// A shared map's run: every task finished within `max_steps`, and the check passes.
LifelongRun shared_map_run(const std::string& name, std::size_t agents, std::size_t tasks_each,
                           const LifelongOptions& options) {
    const std::string base = (shared_mapf() / name).string();
    const MapfInstance instance =
        load_mapf_instance(base + ".map", base + "-random-1.scen", agents).value();
    LifelongRun run = run_lifelong(instance.map, instance.starts, tasks_each, 4, 100'000, options);
    const LifelongCheck check =
        check_lifelong_plan(instance.map, run.starts, run.tasks, run.steps, run.finished);
    EXPECT_TRUE(check.valid()) << (check.problems.empty() ? "" : check.problems.front());
    EXPECT_EQ(total_finished(run), agents * tasks_each);
    return run;
}

TEST(LifelongPlanner, FinishesThreeThousandTasksOnTheWarehouseMapEachWithinPibtsBound) {
    if (!std::filesystem::exists(shared_mapf()))
        GTEST_SKIP() << "no ../shared/benchmarks/mapf here";
    const LifelongRun run = shared_map_run("warehouse-10-20-10-2-1", 100, 30, {});
    ASSERT_TRUE(run.guaranteed);  // aisles two tiles wide: every edge on a cycle
    // The diameter is at most twice the farthest tile from any one tile.
    const GridMap map =
        load_moving_ai_map((shared_mapf() / "warehouse-10-20-10-2-1.map").string()).value();
    std::uint32_t farthest = 0;
    for (const auto& [tile, steps] : reference_distances(map, run.starts.front()))
        farthest = std::max(farthest, steps);
    EXPECT_LE(run.longest_task, 100u * 2 * farthest);
}

TEST(LifelongPlanner, FollowingTrafficFlowFinishesFourHundredTasksOnTheWarehouseMapLegally) {
    if (!std::filesystem::exists(shared_mapf()))
        GTEST_SKIP() << "no ../shared/benchmarks/mapf here";
    LifelongOptions options;
    options.traffic_flow = true;
    const LifelongRun run = shared_map_run("warehouse-10-20-10-2-1", 100, 4, options);
    EXPECT_FALSE(run.guaranteed);  // paths renewed on the way void PIBT's bound
}

TEST(LifelongPlanner, WithSwapsFinishesTwoThousandTasksInTheMazesDeadEnds) {
    if (!std::filesystem::exists(shared_mapf()))
        GTEST_SKIP() << "no ../shared/benchmarks/mapf here";
    LifelongOptions options;
    options.swap = true;  // no guarantee: the maze has dead ends; in practice all are finished
    const LifelongRun run = shared_map_run("maze-32-32-2", 40, 50, options);
    EXPECT_FALSE(run.guaranteed);
}

}  // namespace
}  // namespace pathkit
