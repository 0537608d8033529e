// Crowds whose orders go to the lifelong planner (`CrowdOptions::lifelong_orders`) and orders
// queued behind each other (`Crowd::queue_order`): thousands of orders finished with no
// deadlock, legal ticks, orders visited in the order given, the same run for the same orders.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "pathkit/mapf/lifelong_check.hpp"
#include "support/ascii_map.hpp"
#include "support/crowd_log.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::crowd_positions;
using testing::CrowdLog;

// Pillars two tiles wide between roads two tiles wide: every pair of adjacent tiles lies on a
// loop, the property PIBT's progress rests on.
// clang-format off
const std::vector<std::string> yard = {
    "............",
    ".##..##..##.",
    ".##..##..##.",
    "............",
    "............",
    ".##..##..##.",
    ".##..##..##.",
    "............",
};
// clang-format on

// A budget no tick reaches on a loaded machine: only a tick out of time depends on the clock,
// and these tests compare runs.
CrowdOptions lifelong_options() {
    CrowdOptions options;
    options.lifelong_orders = true;
    options.coordination_budget_us = 10'000'000;
    return options;
}

std::vector<Cell> walkable_tiles(const GridMap& map) {
    std::vector<Cell> tiles;
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (map.is_walkable({x, y})) tiles.push_back({x, y});
    return tiles;
}

// Units on the first `unit_count` of the walkable tiles shuffled by `seed`, each with `each`
// random orders, none on the tile before it (its start, or its previous order's).
struct Orders {
    std::vector<Cell> starts;
    std::vector<std::vector<Cell>> targets;  // by unit, in order
};

Orders random_orders(const GridMap& map, std::size_t unit_count, std::size_t each, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<Cell> tiles = walkable_tiles(map);
    std::shuffle(tiles.begin(), tiles.end(), random);
    Orders orders;
    orders.starts.assign(tiles.begin(), tiles.begin() + static_cast<std::ptrdiff_t>(unit_count));
    std::uniform_int_distribution<std::size_t> pick(0, tiles.size() - 1);
    for (const Cell start : orders.starts) {
        std::vector<Cell>& targets = orders.targets.emplace_back();
        while (targets.size() < each) {
            const Cell tile = tiles[pick(random)];
            if (tile != (targets.empty() ? start : targets.back())) targets.push_back(tile);
        }
    }
    return orders;
}

// A run: every unit's tile at ticks 0, 1, 2, ... and every event.
struct CrowdRun {
    std::vector<std::vector<Cell>> steps;
    CrowdLog log;
    bool settled = false;
    std::string first_illegal_tick;  // empty when every tick is legal
};

// Steps the crowd until settled or `limit` ticks, checking every tick (`check_crowd_tick`) and,
// in the lifelong mode, that units move in 4 directions only. `each_tick` gives orders before
// the tick runs.
template <class GiveOrders>
CrowdRun run_crowd(Crowd& crowd, const GridMap& map, std::uint64_t limit, GiveOrders&& each_tick) {
    CrowdRun result;
    result.steps.push_back(crowd_positions(crowd));
    while (crowd.tick() < limit) {
        const bool more = each_tick(crowd.tick());
        if (!more && crowd.is_settled()) break;
        result.log.step(crowd);
        const std::vector<Cell> after = crowd_positions(crowd);
        const std::vector<Cell>& before = result.steps.back();
        if (auto problem = check_crowd_tick(map, before, after);
            problem && result.first_illegal_tick.empty())
            result.first_illegal_tick = "tick " + std::to_string(crowd.tick()) + ": " + *problem;
        for (std::size_t unit = 0; unit < after.size(); ++unit)
            if (std::abs(after[unit].x - before[unit].x) +
                        std::abs(after[unit].y - before[unit].y) >
                    1 &&
                result.first_illegal_tick.empty())
                result.first_illegal_tick =
                    "a diagonal step at tick " + std::to_string(crowd.tick());
        result.steps.push_back(after);
    }
    result.settled = crowd.is_settled();
    return result;
}

// Every order queued before the first tick.
CrowdRun run_queued(const GridMap& map, const Orders& orders, std::uint64_t limit,
                    const CrowdOptions& options = lifelong_options()) {
    Crowd crowd = std::move(Crowd::create(map, options).value());
    for (std::size_t unit = 0; unit < orders.starts.size(); ++unit) {
        const UnitId id = crowd.add_unit(orders.starts[unit]).value();
        for (const Cell target : orders.targets[unit])
            EXPECT_TRUE(crowd.queue_order(id, target));
    }
    return run_crowd(crowd, map, limit, [](std::uint64_t) { return false; });
}

std::size_t count(const CrowdRun& run, CrowdEventKind kind) {
    return static_cast<std::size_t>(
        std::count_if(run.log.events().begin(), run.log.events().end(),
                      [&](const CrowdEvent& event) { return event.kind == kind; }));
}

TEST(CrowdLifelong, FinishesThreeThousandQueuedOrdersOnASmallMapWithNoDeadlock) {
    const auto drawn = ascii_map(yard);
    const Orders orders = random_orders(drawn.map, 20, 150, 1);
    const CrowdRun result = run_queued(drawn.map, orders, 20000);
    EXPECT_TRUE(result.first_illegal_tick.empty()) << result.first_illegal_tick;
    EXPECT_TRUE(result.settled);
    EXPECT_EQ(count(result, CrowdEventKind::Arrived), 3000u);
    EXPECT_EQ(count(result, CrowdEventKind::Unreachable), 0u);
}

// The lifelong check (written apart from the crowd and its planner) replays the run: each
// order is claimed on the first tick, from the previous order's on, that the unit stands on its
// tile. Every order here lies off the tile before it, so each is reached by a move: an arrival
// in tick t is the unit's tile after it, step t + 1.
TEST(CrowdLifelong, VisitsEachUnitsOrdersInTheOrderGivenAndSaysSoTheTickItArrives) {
    const auto drawn = ascii_map(yard);
    const Orders orders = random_orders(drawn.map, 20, 50, 2);
    const CrowdRun result = run_queued(drawn.map, orders, 20000);
    std::vector<std::vector<std::uint64_t>> finished(orders.starts.size());
    for (const CrowdEvent& event : result.log.events()) {
        ASSERT_EQ(event.kind, CrowdEventKind::Arrived);
        finished[event.unit.index()].push_back(event.tick + 1);
    }
    const LifelongCheck check =
        check_lifelong_plan(drawn.map, orders.starts, orders.targets, result.steps, finished);
    EXPECT_TRUE(check.valid()) << (check.problems.empty() ? "" : check.problems.front());
    EXPECT_EQ(check.tasks_finished, 1000u);
}

// Without the lifelong planner, queued orders begin one after the other: each arrival finds the
// unit on its next order's tile.
TEST(CrowdLifelong, QueuedOrdersOfAnOrdinaryCrowdAreVisitedInTheOrderGiven) {
    const auto drawn = ascii_map(yard);
    const Orders orders = random_orders(drawn.map, 6, 10, 3);
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    for (std::size_t unit = 0; unit < orders.starts.size(); ++unit) {
        const UnitId id = crowd.add_unit(orders.starts[unit]).value();
        for (const Cell target : orders.targets[unit])
            ASSERT_TRUE(crowd.queue_order(id, target));
        EXPECT_EQ(crowd.queued_orders(id), 10u);
    }
    std::vector<std::size_t> next(orders.starts.size(), 0);
    for (int tick = 0; tick < 5000 && !crowd.is_settled(); ++tick) {
        ASSERT_TRUE(crowd.step());
        for (const CrowdEvent& event : crowd.events()) {
            if (event.kind != CrowdEventKind::Arrived) continue;
            const std::size_t unit = event.unit.index();
            ASSERT_LT(next[unit], orders.targets[unit].size());
            EXPECT_EQ(crowd.unit(event.unit)->at, orders.targets[unit][next[unit]++]);
        }
    }
    for (std::size_t unit = 0; unit < orders.starts.size(); ++unit)
        EXPECT_EQ(next[unit], 10u) << "unit " << unit;
}

// Every 3 ticks, a unit gets a new order: queued behind its others, or (one time in four)
// replacing them. The same orders give the same run, tick for tick and event for event.
CrowdRun run_with_orders_every_three_ticks(const GridMap& map, unsigned seed) {
    Crowd crowd = std::move(Crowd::create(map, lifelong_options()).value());
    const Orders orders = random_orders(map, 24, 1, seed);
    for (const Cell start : orders.starts)
        (void)crowd.add_unit(start);
    const std::vector<Cell> tiles = walkable_tiles(map);
    std::mt19937 random(seed);
    return run_crowd(crowd, map, 3000, [&](std::uint64_t tick) {
        if (tick >= 2400) return false;
        if (tick % 3 != 0) return true;
        const auto unit = UnitId(static_cast<std::uint32_t>(random() % 24));
        const Cell target = tiles[random() % tiles.size()];
        EXPECT_TRUE(random() % 4 == 0 ? crowd.move_to(unit, target)
                                      : crowd.queue_order(unit, target));
        return true;
    });
}

TEST(CrowdLifelong, GivesTheSameRunForTheSameOrdersGivenWhileOthersAreMoving) {
    const auto drawn = ascii_map(yard);
    const CrowdRun first = run_with_orders_every_three_ticks(drawn.map, 4);
    const CrowdRun again = run_with_orders_every_three_ticks(drawn.map, 4);
    EXPECT_TRUE(first.first_illegal_tick.empty()) << first.first_illegal_tick;
    EXPECT_TRUE(first.settled);
    EXPECT_EQ(first.steps, again.steps);
    ASSERT_EQ(first.log.events().size(), again.log.events().size());
    for (std::size_t index = 0; index < first.log.events().size(); ++index) {
        EXPECT_EQ(first.log.events()[index].tick, again.log.events()[index].tick);
        EXPECT_EQ(first.log.events()[index].unit, again.log.events()[index].unit);
        EXPECT_EQ(first.log.events()[index].kind, again.log.events()[index].kind);
    }
    const CrowdRun other = run_with_orders_every_three_ticks(drawn.map, 5);
    EXPECT_NE(first.steps, other.steps);
}

TEST(CrowdLifelong, AMoveToReplacesTheUnitsQueuedOrders) {
    const auto drawn = ascii_map({
        "A....B",
        ".####.",
        "C....D",
    });
    Crowd crowd = std::move(Crowd::create(drawn.map, lifelong_options()).value());
    const UnitId unit = crowd.add_unit(drawn.find('A')).value();
    ASSERT_TRUE(crowd.queue_order(unit, drawn.find('B')));
    ASSERT_TRUE(crowd.queue_order(unit, drawn.find('D')));
    CrowdLog log;
    log.step(crowd);
    log.step(crowd);
    EXPECT_EQ(crowd.queued_orders(unit), 1u);  // D behind B
    ASSERT_TRUE(crowd.move_to(unit, drawn.find('C')));
    for (int tick = 0; tick < 20 && !crowd.is_settled(); ++tick)
        log.step(crowd);
    EXPECT_TRUE(crowd.is_settled());
    EXPECT_EQ(crowd.unit(unit)->at, drawn.find('C'));
    EXPECT_EQ(log.count(unit, CrowdEventKind::Arrived), 1);
}

TEST(CrowdLifelong, AnOrderToAWallIsUnreachableAndTheUnitGoesOnWithItsNext) {
    const auto drawn = ascii_map({
        "A....B",
        ".####.",
        "......",
    });
    Crowd crowd = std::move(Crowd::create(drawn.map, lifelong_options()).value());
    const UnitId unit = crowd.add_unit(drawn.find('A')).value();
    ASSERT_TRUE(crowd.queue_order(unit, {2, 1}));  // a wall
    ASSERT_TRUE(crowd.queue_order(unit, drawn.find('B')));
    CrowdLog log;
    for (int tick = 0; tick < 20 && !crowd.is_settled(); ++tick)
        log.step(crowd);
    EXPECT_EQ(log.count(unit, CrowdEventKind::Unreachable), 1);
    EXPECT_EQ(log.count(unit, CrowdEventKind::Arrived), 1);
    EXPECT_EQ(crowd.unit(unit)->at, drawn.find('B'));
}

// An attacking unit is a wall to the planner, and a wall built across the yard mid-run makes it
// plan again: units keep their orders and every tick stays legal.
TEST(CrowdLifelong, KeepsOrdersAndLegalTicksWhileAUnitAttacksAndTheMapChanges) {
    auto drawn = ascii_map(yard);
    GridMap& map = drawn.map;
    const Orders orders = random_orders(map, 16, 30, 6);
    Crowd crowd = std::move(Crowd::create(map, lifelong_options()).value());
    for (std::size_t unit = 0; unit < orders.starts.size(); ++unit) {
        const UnitId id = crowd.add_unit(orders.starts[unit]).value();
        for (const Cell target : orders.targets[unit])
            ASSERT_TRUE(crowd.queue_order(id, target));
    }
    const UnitId fighter = UnitId(0);
    Cell wall;
    const CrowdRun result = run_crowd(crowd, map, 20000, [&](std::uint64_t tick) {
        if (tick == 50) {
            EXPECT_TRUE(crowd.set_attacking(fighter, true));
        }
        if (tick == 300) {
            EXPECT_TRUE(crowd.set_attacking(fighter, false));
        }
        if (tick == 100) {  // a free tile of the middle road (a unit on it would be displaced)
            const std::vector<Cell> at = crowd_positions(crowd);
            for (int x = 0; x < map.width(); ++x)
                if (std::find(at.begin(), at.end(), Cell{x, 3}) == at.end()) wall = {x, 3};
            (void)map.set_walkable(wall, false);
        }
        if (tick == 400) (void)map.set_walkable(wall, true);
        return tick <= 400;
    });
    EXPECT_TRUE(result.first_illegal_tick.empty()) << result.first_illegal_tick;
    EXPECT_TRUE(result.settled);
    for (std::size_t tick = 51; tick <= 300; ++tick)
        EXPECT_EQ(result.steps[tick][0], result.steps[50][0]) << "the fighter moved";
    // The fighter's orders went with its attack; every other order ends, arrived or (onto the
    // new wall, or the fighter's tile) unreachable.
    const std::size_t ended =
        count(result, CrowdEventKind::Arrived) + count(result, CrowdEventKind::Unreachable);
    std::size_t fighters = 0;
    for (const CrowdEvent& event : result.log.events())
        fighters += event.unit == fighter && (event.kind == CrowdEventKind::Arrived ||
                                              event.kind == CrowdEventKind::Unreachable);
    EXPECT_EQ(ended - fighters, 15u * 30u);
}

TEST(CrowdLifelong, RefusesUnitsBiggerThanOneTile) {
    const auto drawn = ascii_map(yard);
    CrowdOptions options = lifelong_options();
    EXPECT_TRUE(Crowd::create(drawn.map, options).has_value());
    Crowd crowd = std::move(Crowd::create(drawn.map, options).value());
    EXPECT_FALSE(crowd.add_unit({0, 0}, UnitState::Idle, 2).has_value());
    options.rules.agent_size = 2;
    EXPECT_FALSE(Crowd::create(drawn.map, options).has_value());
}

}  // namespace
}  // namespace pathkit
