// Crowd units of sizes 1 to 3 tiles together: footprints never overlap each other or walls,
// big units take the ways they fit through, and reachable orders arrive.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <map>
#include <queue>
#include <random>
#include <set>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

// The reference: where a unit of `size` fits, and its 8-neighbour moves with no corner cutting
// (a diagonal needs both straight neighbours to fit), written out plainly.
bool fits(const GridMap& map, Cell at, int size) {
    for (int y = at.y; y < at.y + size; ++y)
        for (int x = at.x; x < at.x + size; ++x)
            if (!map.is_walkable({x, y})) return false;
    return true;
}

std::vector<std::pair<Cell, double>> moves(const GridMap& map, Cell here, int size) {
    std::vector<std::pair<Cell, double>> found;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const Cell next{here.x + dx, here.y + dy};
            if ((dx == 0 && dy == 0) || !fits(map, next, size)) continue;
            if (dx != 0 && dy != 0 &&
                (!fits(map, {here.x + dx, here.y}, size) ||
                 !fits(map, {here.x, here.y + dy}, size)))
                continue;
            found.push_back({next, dx != 0 && dy != 0 ? 1.41421356 : 1.0});
        }
    return found;
}

// Dijkstra over top-left tiles for a unit of `size`: the cost of the cheapest way, or -1.
double reference_cost(const GridMap& map, Cell from, Cell to, int size) {
    std::map<Cell, double> best{{from, 0}};
    using Entry = std::pair<double, Cell>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    open.push({0, from});
    while (!open.empty()) {
        const auto [cost, here] = open.top();
        open.pop();
        if (here == to) return cost;
        if (cost > best[here]) continue;
        for (const auto& [next, step] : moves(map, here, size))
            if (!best.contains(next) || cost + step < best[next] - 1e-9) {
                best[next] = cost + step;
                open.push({cost + step, next});
            }
    }
    return -1;
}

// The cost of the path the crowd planned for a unit, its start included.
double walked_cost(Cell start, std::span<const Cell> path) {
    double cost = 0;
    Cell at = start;
    for (const Cell next : path) {
        cost += next.x != at.x && next.y != at.y ? 1.41421356 : 1.0;
        at = next;
    }
    return cost;
}

std::vector<Cell> positions(const Crowd& crowd) {
    std::vector<Cell> now;
    for (const Unit& unit : crowd.units())
        now.push_back(unit.at);
    return now;
}

std::vector<int> sizes(const Crowd& crowd) {
    std::vector<int> all;
    for (const Unit& unit : crowd.units())
        all.push_back(unit.size);
    return all;
}

// Runs until settled (at most `limit` ticks), checking every tick; returns the events.
std::vector<CrowdEvent> run_checked(Crowd& crowd, const GridMap& map, int limit) {
    std::vector<CrowdEvent> events;
    for (int tick = 0; tick < limit && !crowd.is_settled(); ++tick) {
        const std::vector<Cell> before = positions(crowd);
        EXPECT_TRUE(crowd.step().ok());
        events.insert(events.end(), crowd.events().begin(), crowd.events().end());
        if (const auto problem = check_crowd_tick(map, before, positions(crowd), sizes(crowd))) {
            ADD_FAILURE() << "tick " << tick << ": " << *problem;
            break;
        }
    }
    return events;
}

bool arrived(const std::vector<CrowdEvent>& events, UnitId unit) {
    return std::any_of(events.begin(), events.end(), [&](const CrowdEvent& event) {
        return event.unit == unit && event.kind == CrowdEventKind::Arrived;
    });
}

// clang-format off
const std::vector<std::string> wall_with_two_gaps = {
    "....#....",
    ".........",  // a gap one tile wide at (4, 1)
    "....#....",
    "....#....",
    "....#....",
    "....#....",
    ".........",  // a gap two tiles wide at (4, 6) and (4, 7)
    ".........",
};
// clang-format on

TEST(CrowdSizes, ATwoByTwoUnitGoesRoundTheOneWideGapThatAOneTileUnitTakes) {
    const auto drawn = testing::ascii_map(wall_with_two_gaps);
    {
        Crowd crowd = Crowd::create(drawn.map).value();
        const UnitId small = crowd.add_unit({0, 1}).value();
        ASSERT_TRUE(crowd.move_to(small, {8, 1}).ok());
        ASSERT_TRUE(crowd.step().ok());
        const Unit& unit = *crowd.unit(small);
        std::vector<Cell> walked{unit.path.begin(), unit.path.end()};
        EXPECT_NE(std::find(walked.begin(), walked.end(), Cell{4, 1}), walked.end())
            << "through the narrow gap";
        EXPECT_NEAR(walked_cost({0, 1}, unit.path), reference_cost(drawn.map, {0, 1}, {8, 1}, 1),
                    1e-4);
    }
    {
        Crowd crowd = Crowd::create(drawn.map).value();
        const UnitId big = crowd.add_unit({0, 0}, UnitState::Idle, 2).value();
        ASSERT_TRUE(crowd.move_to(big, {7, 0}).ok());
        ASSERT_TRUE(crowd.step().ok());
        const Unit& unit = *crowd.unit(big);
        ASSERT_FALSE(unit.path.empty());
        for (const Cell step : unit.path) {
            EXPECT_TRUE(fits(drawn.map, step, 2)) << to_string(step);
            if (step.x == 3 || step.x == 4) {
                EXPECT_GE(step.y, 6) << "only the wide gap fits it";
            }
        }
        EXPECT_NEAR(walked_cost({0, 0}, unit.path), reference_cost(drawn.map, {0, 0}, {7, 0}, 2),
                    1e-4)
            << "the cheapest way for its size";
    }
    // Both at once, checked every tick.
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId big = crowd.add_unit({0, 2}, UnitState::Idle, 2).value();
    const UnitId small = crowd.add_unit({0, 1}).value();
    ASSERT_TRUE(crowd.move_to(big, {7, 2}).ok());
    ASSERT_TRUE(crowd.move_to(small, {8, 1}).ok());
    const auto events = run_checked(crowd, drawn.map, 200);
    EXPECT_TRUE(arrived(events, big));
    EXPECT_TRUE(arrived(events, small));
    EXPECT_EQ(crowd.unit(big)->at, (Cell{7, 2}));
    EXPECT_EQ(crowd.unit(small)->at, (Cell{8, 1}));
}

TEST(CrowdSizes, UnitsOfEverySizeCrossEachOtherInACorridorWideEnoughForBoth) {
    // Six tiles wide: a 3 x 3 unit, a 2 x 2 one and a one-tile one side by side.
    // clang-format off
    const auto drawn = testing::ascii_map({
        "################",
        "AAA...........bb",
        "AAA...........bb",
        "AAA............c",
        "...............d",
        "...............e",
        "................",
        "################",
    });
    // clang-format on
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId big = crowd.add_unit(drawn.find('A'), UnitState::Idle, 3).value();
    const UnitId middle = crowd.add_unit(drawn.find('b'), UnitState::Idle, 2).value();
    const UnitId small_c = crowd.add_unit(drawn.find('c')).value();
    const UnitId small_d = crowd.add_unit(drawn.find('d')).value();
    const UnitId small_e = crowd.add_unit(drawn.find('e')).value();
    const std::pair<UnitId, Cell> orders[] = {
        {big, {13, 1}}, {middle, {0, 1}}, {small_c, {0, 3}}, {small_d, {1, 4}}, {small_e, {0, 6}}};
    for (const auto& [unit, target] : orders)
        ASSERT_TRUE(crowd.move_to(unit, target).ok());
    const auto events = run_checked(crowd, drawn.map, 500);
    for (const auto& [unit, target] : orders) {
        EXPECT_TRUE(arrived(events, unit)) << "unit " << unit.value;
        EXPECT_EQ(crowd.unit(unit)->at, target) << "unit " << unit.value;
    }
}

TEST(CrowdSizes, ABigUnitIsRefusedWhereItsFootprintDoesNotFitOrIsTaken) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "....",
        "..#.",
        "....",
    });
    // clang-format on
    Crowd crowd = Crowd::create(drawn.map).value();
    EXPECT_FALSE(crowd.add_unit({1, 0}, UnitState::Idle, 2)) << "covers the wall at (2, 1)";
    EXPECT_FALSE(crowd.add_unit({3, 0}, UnitState::Idle, 2)) << "reaches outside the map";
    EXPECT_FALSE(crowd.add_unit({0, 0}, UnitState::Idle, 4));
    EXPECT_FALSE(crowd.add_unit({0, 0}, UnitState::Idle, -1));
    const UnitId big = crowd.add_unit({0, 0}, UnitState::Idle, 2).value();
    EXPECT_EQ(crowd.unit(big)->size, 2);
    const auto taken = crowd.add_unit({1, 1});
    ASSERT_FALSE(taken);
    EXPECT_NE(taken.error().message().find("holds unit 0"), std::string::npos);
    EXPECT_FALSE(crowd.add_unit({1, 1}, UnitState::Idle, 2)) << "overlaps the first";
    EXPECT_TRUE(crowd.add_unit({3, 2}));
    const UnitId ids[] = {big};
    const Status coordinated = crowd.move_coordinated(ids, {2, 2});
    EXPECT_FALSE(coordinated.ok()) << "the coordinated planner moves one-tile units only";
    EXPECT_NE(coordinated.message().find("one-tile"), std::string::npos) << coordinated.message();

    EXPECT_FALSE(Crowd::create(drawn.map, {.rules = {.agent_size = 4}}));
    Crowd twos = Crowd::create(drawn.map, {.rules = {.agent_size = 2}}).value();
    EXPECT_EQ(twos.unit(twos.add_unit({0, 0}).value())->size, 2)
        << "the crowd's size is the default";
    EXPECT_EQ(twos.unit(twos.add_unit({3, 0}, UnitState::Idle, 1).value())->size, 1);
}

TEST(CrowdSizes, ABigUnitIsPushedOffAWallBuiltUnderItToWhereItFits) {
    // clang-format off
    auto drawn = testing::ascii_map({
        "......",
        "......",
        "......",
        "......",
    });
    // clang-format on
    Crowd crowd = Crowd::create(drawn.map).value();
    const UnitId big = crowd.add_unit({1, 1}, UnitState::Idle, 2).value();
    const UnitId small = crowd.add_unit({3, 1}).value();
    ASSERT_TRUE(drawn.map.set_walkable({2, 2}, false).ok());
    const CrowdRepair repair = crowd.refresh();
    ASSERT_EQ(repair.displaced.size(), 1u);
    EXPECT_EQ(repair.displaced[0], big);
    const Cell at = crowd.unit(big)->at;
    EXPECT_TRUE(fits(drawn.map, at, 2)) << to_string(at);
    const std::vector<Cell> now = positions(crowd);
    EXPECT_FALSE(check_crowd_tick(drawn.map, now, now, sizes(crowd)).has_value());
    EXPECT_EQ(crowd.unit(small)->at, (Cell{3, 1}));
}

TEST(CrowdChecks, FootprintsThatOverlapOrCoverAWallAreNamed) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        ".....",
        "...#.",
        ".....",
        ".....",
    });
    // clang-format on
    const auto check = [&](std::vector<Cell> before, std::vector<Cell> after,
                           std::vector<int> sizes) {
        return check_crowd_tick(drawn.map, before, after, sizes);
    };
    EXPECT_FALSE(check({{0, 0}, {2, 2}}, {{1, 0}, {3, 2}}, {2, 1}).has_value());
    EXPECT_NE(check({{0, 0}, {3, 3}}, {{1, 1}, {2, 2}}, {2, 1})->find("share"), std::string::npos);
    EXPECT_NE(check({{0, 0}}, {{2, 0}}, {2})->find("not walkable"), std::string::npos)
        << "its footprint would cover the wall at (3, 1)";
    EXPECT_NE(check({{0, 0}, {2, 1}}, {{1, 1}, {1, 0}}, {2, 1})->find("swapped"), std::string::npos)
        << "each moved into the other's old footprint";
    EXPECT_FALSE(check({{0, 2}, {2, 2}}, {{0, 2}, {2, 2}}, {2, 2}).has_value());
    EXPECT_TRUE(check({{0, 0}}, {{0, 0}}, {0}).has_value()) << "sizes are 1..64";
}

// Random maps with units of sizes 1..3 and orders to targets whose footprints do not overlap:
// every tick is checked; every order ends, unreachable exactly when the reference search finds
// no way for its size; reachable ones arrive, or give up only after making no progress
// (a crowd with big units has no coordinated planner to hand them to: its documented limit).
TEST(CrowdSizes, RandomMixedCrowdsKeepFootprintsApartAndReachableOrdersArrive) {
    int orders = 0, reachable = 0, arrivals = 0, gave_up = 0, pushed_off = 0;
    for (unsigned seed = 1; seed <= 60; ++seed) {
        std::mt19937 random(seed);
        const int side = 16;
        GridMap map = GridMap::create(side, side).value();
        std::bernoulli_distribution wall(0.12);
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x)
                if (wall(random)) (void)map.set_walkable({x, y}, false);
        Crowd crowd = Crowd::create(map).value();
        std::uniform_int_distribution<int> coordinate(0, side - 1), size_of(1, 3);
        const int wanted = 4 + static_cast<int>(seed % 9);
        for (int attempt = 0; attempt < 400 && static_cast<int>(crowd.units().size()) < wanted;
             ++attempt)
            (void)crowd.add_unit({coordinate(random), coordinate(random)}, UnitState::Idle,
                                 size_of(random));
        // Targets: footprints that fit, apart from each other's.
        std::vector<std::pair<Cell, int>> claimed;
        std::vector<std::optional<Cell>> target(crowd.units().size());
        for (const Unit& unit : crowd.units()) {
            for (int attempt = 0; attempt < 200; ++attempt) {
                const Cell spot{coordinate(random), coordinate(random)};
                const bool apart = std::none_of(claimed.begin(), claimed.end(), [&](auto& other) {
                    return spot.x < other.first.x + other.second &&
                           other.first.x < spot.x + unit.size &&
                           spot.y < other.first.y + other.second &&
                           other.first.y < spot.y + unit.size;
                });
                if (!apart || !fits(map, spot, unit.size)) continue;
                claimed.push_back({spot, unit.size});
                target[unit.id.index()] = spot;
                ASSERT_TRUE(crowd.move_to(unit.id, spot).ok());
                break;
            }
        }
        const std::vector<Cell> starts = positions(crowd);
        const auto events = run_checked(crowd, map, 4000);
        EXPECT_TRUE(crowd.is_settled()) << "seed " << seed;
        for (const Unit& unit : crowd.units()) {
            if (!target[unit.id.index()]) continue;
            ++orders;
            const Cell to = *target[unit.id.index()];
            const bool can = reference_cost(map, starts[unit.id.index()], to, unit.size) >= 0;
            const auto ended = [&](CrowdEventKind kind) {
                return std::any_of(events.begin(), events.end(), [&](const CrowdEvent& event) {
                    return event.unit == unit.id && event.kind == kind;
                });
            };
            EXPECT_EQ(ended(CrowdEventKind::Unreachable), !can)
                << "seed " << seed << " unit " << unit.id.value << " size " << unit.size;
            if (!can) continue;
            ++reachable;
            if (ended(CrowdEventKind::Arrived)) {
                ++arrivals;
                // Pushed off later, a unit whose walk back found no way stays where it stopped.
                if (unit.at != to) ++pushed_off;
            } else {
                EXPECT_TRUE(ended(CrowdEventKind::GaveUp))
                    << "seed " << seed << " unit " << unit.id.value << " never ended";
                ++gave_up;
            }
        }
    }
    std::printf(
        "%d orders, %d reachable for their size, %d arrived (%d pushed off later), %d "
        "gave up\n",
        orders, reachable, arrivals, pushed_off, gave_up);
    EXPECT_GT(reachable, 200);
    EXPECT_LE(gave_up * 10, reachable) << "at most 1 reachable order in 10 given up";
}

}  // namespace
}  // namespace pathkit
