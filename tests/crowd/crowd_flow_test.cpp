// Group orders planned by one flow field: the same formation tiles as by searches, paths read
// from the field as units walk (the tree's path, legal moves ending on their tiles), queues
// along the field that wait their turn, edits while they read, every unit arriving with the
// crowd's rules checked every tick, and the group size from which a field is used by itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "pathkit/grid/flow_field.hpp"
#include "pathkit/io/crowd_file.hpp"
#include "support/ascii_map.hpp"
#include "support/crowd_log.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

struct GroupRun {
    std::vector<Cell> targets;  // each unit's destination after the order took effect
    std::vector<std::string> violations;
    int arrived = 0;
    int ordered_away = 0;  // units whose tile was not their target
    CrowdStats stats;
};

/// Tiles reachable from `from` by straight moves, nearest first (a flood).
std::vector<Cell> flood_order(const GridMap& map, Cell from) {
    std::vector<Cell> order{from};
    std::vector<bool> seen(map.padded_size(), false);
    seen[map.index(from)] = true;
    for (std::size_t next = 0; next < order.size(); ++next)
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const Cell cell{order[next].x + dx, order[next].y + dy};
            if (!map.is_walkable(cell) || seen[map.index(cell)]) continue;
            seen[map.index(cell)] = true;
            order.push_back(cell);
        }
    return order;
}

std::vector<Cell> sorted_by_row(std::vector<Cell> cells) {
    std::sort(cells.begin(), cells.end(),
              [](Cell a, Cell b) { return std::pair(a.y, a.x) < std::pair(b.y, b.x); });
    return cells;
}

/// A random 40 x 30 map (a tenth walls) and `units` units, one group order to one tile,
/// stepped until settled with every tick checked. An army: the units on the tiles nearest
/// (2, 2), sent to the tile reached last; else units anywhere, sent to a random tile (their
/// formation then spreads over the map).
GroupRun run_group(unsigned seed, int unit_count, GroupPlanning planning,
                   DiagonalPolicy diagonal = DiagonalPolicy::NoCornerCutting, bool army = true) {
    std::mt19937 random(seed);
    GridMap map = GridMap::create(40, 30).value();
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 40; ++x)
            if (random() % 10 == 0) (void)map.set_walkable({x, y}, false);
    (void)map.set_walkable({2, 2}, true);
    const std::vector<Cell> tiles = flood_order(map, {2, 2});
    CrowdOptions options;
    options.rules.diagonal = diagonal;
    Crowd crowd = std::move(Crowd::create(map, options).value());
    std::vector<UnitId> ids;
    for (std::size_t tile = 0; static_cast<int>(ids.size()) < unit_count; ++tile) {
        const auto added = crowd.add_unit(army ? tiles[tile] : tiles[random() % tiles.size()]);
        if (added.has_value()) ids.push_back(added.value());
    }
    const Cell goal = army ? tiles.back() : tiles[random() % tiles.size()];
    EXPECT_TRUE(crowd.move_group(ids, goal, planning).ok());
    GroupRun run;
    std::vector<Cell> before;
    for (const Unit& unit : crowd.units())
        before.push_back(unit.at);
    const std::vector<Cell> starts = before;
    for (int tick = 0; tick < 2000 && (tick == 0 || !crowd.is_settled()); ++tick) {
        EXPECT_TRUE(crowd.step().ok());
        if (tick == 0)
            for (const Unit& unit : crowd.units())
                run.targets.push_back(unit.destination.value_or(unit.at));
        std::vector<Cell> after;
        for (const Unit& unit : crowd.units())
            after.push_back(unit.at);
        if (auto violation = check_crowd_tick(map, before, after))
            run.violations.push_back("tick " + std::to_string(tick) + ": " + *violation);
        before = after;
    }
    for (std::size_t unit = 0; unit < crowd.units().size(); ++unit) {
        run.arrived += crowd.units()[unit].at == run.targets[unit];
        run.ordered_away += run.targets[unit] != starts[unit];
    }
    run.stats = crowd.stats();
    return run;
}

TEST(CrowdFlow, AGroupByFieldTakesTheSameTilesAsBySearchesKeepsTheRulesAndArrives) {
    const DiagonalPolicy policies[] = {DiagonalPolicy::Never, DiagonalPolicy::Always,
                                       DiagonalPolicy::AtLeastOneWalkable,
                                       DiagonalPolicy::NoCornerCutting};
    for (unsigned seed = 1; seed <= 12; ++seed) {
        const DiagonalPolicy policy = policies[seed % 4];
        const GroupRun by_field = run_group(seed, 60, GroupPlanning::FlowField, policy);
        const GroupRun by_searches = run_group(seed, 60, GroupPlanning::Searches, policy);
        // The same tiles; by field, the unit nearest the target by the field takes the tile
        // nearest it, and so on out.
        EXPECT_EQ(sorted_by_row(by_field.targets), sorted_by_row(by_searches.targets))
            << "seed " << seed;
        EXPECT_TRUE(by_field.violations.empty()) << by_field.violations.front();
        // Arrival is the crowd's promise where its coordinated planner (straight moves) reaches
        // what the rules reach: without diagonals, or without cutting corners. Elsewhere a jam
        // handed to it may find no plan through a diagonal gap, and its units give up.
        if (policy == DiagonalPolicy::Never || policy == DiagonalPolicy::NoCornerCutting) {
            EXPECT_EQ(by_field.arrived, 60) << "seed " << seed;
            EXPECT_EQ(by_searches.arrived, 60) << "seed " << seed;
        }
        // Most paths come from the field; a unit whose tree path would cost over twice the
        // least searches.
        EXPECT_GE(by_field.stats.field_paths * 10, 9u * by_field.ordered_away) << "seed " << seed;
        EXPECT_EQ(by_field.stats.flow_fields, 1u);
        EXPECT_EQ(by_searches.stats.field_paths, 0u);
    }
}

TEST(CrowdFlow, UnitsWhoseTreePathWouldGoRoundByTheTargetSearchAndStillArrive) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
        // Units anywhere keep their offsets: most formation tiles are near the units, far from
        // the target, where the field's tree would lead them round by it.
        const GroupRun spread =
            run_group(seed, 60, GroupPlanning::FlowField, DiagonalPolicy::NoCornerCutting, false);
        EXPECT_LT(spread.stats.field_paths * 2, static_cast<std::uint64_t>(spread.ordered_away));
        EXPECT_EQ(spread.arrived, 60) << "seed " << seed;
        EXPECT_TRUE(spread.violations.empty());
    }
}

TEST(CrowdFlow, UnitsFarFromTheirTilesHoldOnlyTheNextTilesAndWalkLegalMovesOntoTheirOwn) {
    std::mt19937 random(5);
    GridMap map = GridMap::create(30, 30).value();
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 30; ++x)
            if (random() % 10 == 0) (void)map.set_walkable({x, y}, false);
    (void)map.set_walkable({3, 3}, true);
    const std::vector<Cell> tiles = flood_order(map, {3, 3});  // an army, sent far
    Crowd crowd = std::move(Crowd::create(map).value());
    std::vector<UnitId> ids;
    for (std::size_t tile = 0; ids.size() < 50; ++tile)
        ids.push_back(crowd.add_unit(tiles[tile]).value());
    ASSERT_TRUE(crowd.move_group(ids, tiles.back(), GroupPlanning::FlowField).ok());
    std::vector<std::vector<Cell>> walked;
    for (const Unit& unit : crowd.units())
        walked.push_back({unit.at});
    ASSERT_TRUE(crowd.step().ok());  // the orders take effect: paths planned, first steps begun
    EXPECT_GT(crowd.stats().field_paths, 25u);
    // Most units are far from their tiles and read their ways from the field as they go: they
    // hold the next 16 tiles at most, not the whole way.
    int holding_a_window = 0;
    for (const Unit& unit : crowd.units()) {
        const Cell to = *unit.destination;
        const int steps_at_least = std::max(std::abs(to.x - unit.at.x), std::abs(to.y - unit.at.y));
        holding_a_window += steps_at_least > 16 && unit.remaining_path().size() <= 16;
    }
    EXPECT_GT(holding_a_window, 25);
    std::vector<Cell> destinations;
    for (const Unit& unit : crowd.units())
        destinations.push_back(*unit.destination);
    for (int tick = 0; tick < 2000 && !crowd.is_settled(); ++tick) {
        for (const Unit& unit : crowd.units())
            if (walked[unit.id.index()].back() != unit.at)
                walked[unit.id.index()].push_back(unit.at);
        ASSERT_TRUE(crowd.step().ok());
    }
    ASSERT_TRUE(crowd.is_settled());
    for (std::size_t index = 0; index < crowd.units().size(); ++index) {
        walked[index].push_back(crowd.units()[index].at);
        for (std::size_t step = 1; step < walked[index].size(); ++step) {
            const Cell here = walked[index][step - 1], next = walked[index][step];
            const int dx = next.x - here.x, dy = next.y - here.y;
            if (dx == 0 && dy == 0) continue;
            ASSERT_TRUE(std::max(std::abs(dx), std::abs(dy)) == 1 && map.is_walkable(next));
            if (dx != 0 && dy != 0) {  // no corner cutting
                ASSERT_TRUE(map.is_walkable({here.x + dx, here.y}) &&
                            map.is_walkable({here.x, here.y + dy}));
            }
        }
        EXPECT_EQ(crowd.units()[index].at, destinations[index]) << "unit " << index;
    }
}

TEST(CrowdFlow, AUnitReadingItsWayWalksTheFieldsTreeDownToItsTilesWayAndBackUpIt) {
    // clang-format off
    const auto drawn = testing::ascii_map({
        "B############################b##########",
        "..........A............................T",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    const UnitId a = crowd.add_unit(drawn.find('A')).value();
    const UnitId b = crowd.add_unit(drawn.find('B')).value();
    const std::vector<UnitId> group{a, b};
    ASSERT_TRUE(crowd.move_group(group, drawn.find('T'), GroupPlanning::FlowField).ok());
    std::vector<Cell> walked;  // B's tiles after its start
    ASSERT_TRUE(crowd.step().ok());
    const Cell target = *crowd.unit(b)->destination;
    ASSERT_EQ(target, drawn.find('b'));  // A takes T; B keeps its place beside A's
    EXPECT_LE(crowd.unit(b)->remaining_path().size(), 16u);
    walked.push_back(crowd.unit(b)->at);
    while (!crowd.is_settled() && crowd.tick() < 200) {
        ASSERT_TRUE(crowd.step().ok());
        if (crowd.unit(b)->at != walked.back()) walked.push_back(crowd.unit(b)->at);
    }
    EXPECT_EQ(crowd.stats().field_paths, 2u);
    EXPECT_EQ(crowd.stats().searches, 0u);
    // The tree's path, from the field on its own: B's way down to the goal until it meets
    // the target's way, then the target's way back up (here: along the corridor and up into
    // the alcove b).
    const GridSpace space(drawn.map);
    FlowField field = std::move(FlowField::create(space, drawn.find('T')).value());
    std::vector<Cell> down, target_way;
    (void)field.append_way(drawn.find('B'), down);
    (void)field.append_way(target, target_way);
    std::vector<Cell> expected;
    for (std::size_t step = 1; step < down.size(); ++step) {
        expected.push_back(down[step]);
        const auto on = std::find(target_way.begin(), target_way.end(), down[step]);
        if (on == target_way.end()) continue;
        expected.insert(expected.end(), std::make_reverse_iterator(on), target_way.rend());
        break;
    }
    EXPECT_EQ(walked, expected);
}

// A room full of units behind a one-tile corridor: the last of them wait for the corridor far
// longer than the crowd's patience (12 rounds on one unit) and its progress limit (200
// ticks), in a queue that flows, and none is handed to the coordinated planner before every
// unit has left the room.
TEST(CrowdFlow, UnitsQueueingAlongOneFieldWaitTheirTurnAndAreNotHandedOver) {
    std::vector<std::string> rows(10, std::string(70, '.'));
    for (int y = 0; y < 10; ++y)
        for (int x = 12; x < 48; ++x)
            if (y != 5) rows[y][x] = '#';
    const auto drawn = testing::ascii_map(rows);
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    std::vector<UnitId> ids;
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 12; ++x)
            ids.push_back(crowd.add_unit({x, y}).value());
    ASSERT_TRUE(crowd.move_group(ids, {69, 5}, GroupPlanning::FlowField).ok());
    std::vector<Cell> targets, before = testing::crowd_positions(crowd);
    const auto in_the_room = [](const Unit& unit) { return unit.at.x < 12; };
    std::uint64_t room_left_at = 0;
    while (!crowd.is_settled() && crowd.tick() < 5000) {
        ASSERT_TRUE(crowd.step().ok());
        if (crowd.tick() == 1)
            for (const Unit& unit : crowd.units())
                targets.push_back(*unit.destination);
        const std::vector<Cell> after = testing::crowd_positions(crowd);
        const auto violation = check_crowd_tick(drawn.map, before, after);
        ASSERT_FALSE(violation.has_value()) << *violation;
        before = after;
        if (room_left_at == 0 &&
            std::none_of(crowd.units().begin(), crowd.units().end(), in_the_room)) {
            room_left_at = crowd.tick();
            EXPECT_EQ(crowd.stats().handed_to_coordination, 0u);
        }
    }
    EXPECT_GT(room_left_at, 200u);
    EXPECT_EQ(testing::crowd_positions(crowd), targets);
}

// A group reading its ways from a field while walls come and go keeps the rules every tick;
// a unit told its target is unreachable is truly cut off, and once the map is put back the
// same order again fills its formation: every tile of it is taken, but one for each unit
// that gave up. With no search budget for the coordinated planner (PIBT alone), so the run is
// the same on every build.
TEST(CrowdFlow, AGroupReadingItsWaysFromAFieldWhileTheMapChangesKeepsTheRules) {
    for (unsigned seed = 1; seed <= 6; ++seed) {
        std::mt19937 random(seed);
        GridMap map = GridMap::create(40, 30).value();
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x)
                if (random() % 10 == 0) (void)map.set_walkable({x, y}, false);
        (void)map.set_walkable({2, 2}, true);
        const GridMap original = map;
        const std::vector<Cell> tiles = flood_order(map, {2, 2});
        CrowdOptions options;
        options.coordination_budget_us = 0;
        Crowd crowd = std::move(Crowd::create(map, options).value());
        std::vector<UnitId> ids;
        for (std::size_t tile = 0; ids.size() < 40; ++tile)
            ids.push_back(crowd.add_unit(tiles[tile]).value());
        ASSERT_TRUE(crowd.move_group(ids, tiles.back(), GroupPlanning::FlowField).ok());
        ASSERT_TRUE(crowd.step().ok());
        std::vector<Cell> targets;
        for (const Unit& unit : crowd.units())
            targets.push_back(unit.destination.value_or(unit.at));
        for (int tick = 0; tick < 120; ++tick) {
            if (tick % 3 == 0) {
                for (int count = 0; count < 2; ++count) {
                    const Unit& unit = crowd.units()[random() % crowd.units().size()];
                    const auto ahead = unit.remaining_path();
                    // On a unit's way, further on than the tiles it holds, or anywhere.
                    Cell tile{static_cast<int>(random() % 40), static_cast<int>(random() % 30)};
                    if (ahead.size() > 1 && random() % 2 == 0) tile = ahead[ahead.size() - 1];
                    (void)map.set_walkable(tile, !map.is_walkable(tile));
                }
                (void)crowd.refresh();
            }
            const std::vector<Cell> before = testing::crowd_positions(crowd);
            ASSERT_TRUE(crowd.step().ok());
            const auto violation = check_crowd_tick(map, before, testing::crowd_positions(crowd));
            ASSERT_FALSE(violation.has_value()) << "seed " << seed << ": " << *violation;
            for (const CrowdEvent& event : crowd.events()) {
                if (event.kind != CrowdEventKind::Unreachable) continue;
                const Cell at = crowd.unit(event.unit)->at, to = targets[event.unit.index()];
                EXPECT_FALSE(map.is_walkable(to) && map.is_walkable(at) &&
                             testing::reachable_tiles(map, at).contains(to))
                    << "seed " << seed << ": unit " << event.unit.value << " can reach "
                    << to_string(to);
            }
        }
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x)
                if (map.is_walkable({x, y}) != original.is_walkable({x, y}))
                    (void)map.set_walkable({x, y}, original.is_walkable({x, y}));
        (void)crowd.refresh();
        // The first order ends as it may (some units cut off gave up), then the second starts
        // on a settled crowd.
        std::vector<Cell> before = testing::crowd_positions(crowd);
        while (!crowd.is_settled() && crowd.tick() < 4000) {
            ASSERT_TRUE(crowd.step().ok());
            const std::vector<Cell> after = testing::crowd_positions(crowd);
            const auto violation = check_crowd_tick(map, before, after);
            ASSERT_FALSE(violation.has_value()) << "seed " << seed << ": " << *violation;
            before = after;
        }
        ASSERT_TRUE(crowd.is_settled());
        ASSERT_TRUE(crowd.move_group(ids, tiles.back(), GroupPlanning::FlowField).ok());
        int gave_up = 0;
        for (int tick = 0; tick < 3000 && (tick == 0 || !crowd.is_settled()); ++tick) {
            ASSERT_TRUE(crowd.step().ok());
            // The formation: each unit's destination as the order takes effect (the one it
            // stashed when it steps aside at once).
            if (tick == 0) {
                targets.clear();
                for (const Unit& unit : crowd.units())
                    targets.push_back(
                        unit.stashed_destination.value_or(unit.destination.value_or(unit.at)));
            }
            gave_up += static_cast<int>(
                std::count_if(crowd.events().begin(), crowd.events().end(),
                              [](const auto& e) { return e.kind == CrowdEventKind::GaveUp; }));
            const std::vector<Cell> after = testing::crowd_positions(crowd);
            const auto violation = check_crowd_tick(map, before, after);
            ASSERT_FALSE(violation.has_value()) << "seed " << seed << ": " << *violation;
            before = after;
        }
        // Every unit ends idle on open ground, and the formation's tiles are taken (by one
        // unit each, as units never share a tile), but at most one for each unit that gave up.
        EXPECT_TRUE(crowd.is_settled()) << "seed " << seed;
        for (const Unit& unit : crowd.units()) {
            EXPECT_EQ(unit.state, UnitState::Idle) << "seed " << seed;
            EXPECT_TRUE(map.is_walkable(unit.at)) << "seed " << seed;
        }
        const std::vector<Cell> ends = testing::crowd_positions(crowd);
        const auto empty = std::count_if(targets.begin(), targets.end(), [&](Cell tile) {
            return std::find(ends.begin(), ends.end(), tile) == ends.end();
        });
        EXPECT_LE(empty, gave_up) << "seed " << seed;
        if (gave_up == 0) {
            EXPECT_EQ(ends, targets) << "seed " << seed;
        }
    }
}

// A group of 200 on maps a fifth walls, with no search budget for the coordinated planner
// (PIBT alone, so the run is the same on every build): units pushed off their tiles, or whose
// walks back ended on another's tile, trade tiles with the idle units of the group they stand
// on; so the order settles with every unit on a tile of the formation, its own as it stands
// then, and the group's tiles are the ones handed out. (Without the trades, units stayed on
// each other's tiles and some orders never settled.)
TEST(CrowdFlow, AGroupByFieldOnACrowdedMapSettlesWithEveryUnitOnOneOfItsFormationTiles) {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        std::mt19937 random(seed);
        GridMap map = GridMap::create(40, 30).value();
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x)
                if (random() % 5 == 0) (void)map.set_walkable({x, y}, false);
        (void)map.set_walkable({2, 2}, true);
        const std::vector<Cell> tiles = flood_order(map, {2, 2});
        CrowdOptions options;
        options.coordination_budget_us = 0;
        Crowd crowd = std::move(Crowd::create(map, options).value());
        std::vector<UnitId> ids;
        const std::size_t count = std::min<std::size_t>(200, tiles.size() / 3);
        for (std::size_t tile = 0; ids.size() < count; ++tile)
            ids.push_back(crowd.add_unit(tiles[tile]).value());
        ASSERT_TRUE(crowd.move_group(ids, tiles.back(), GroupPlanning::FlowField).ok());
        std::vector<Cell> before = testing::crowd_positions(crowd), handed_out;
        while ((crowd.tick() == 0 || !crowd.is_settled()) && crowd.tick() < 5000) {
            ASSERT_TRUE(crowd.step().ok());
            if (crowd.tick() == 1)
                for (const Unit& unit : crowd.units())
                    handed_out.push_back(*unit.group_tile);
            const std::vector<Cell> after = testing::crowd_positions(crowd);
            const auto violation = check_crowd_tick(map, before, after);
            ASSERT_FALSE(violation.has_value()) << "seed " << seed << ": " << *violation;
            before = after;
        }
        ASSERT_TRUE(crowd.is_settled()) << "seed " << seed;
        std::vector<Cell> group_tiles;
        for (const Unit& unit : crowd.units()) {
            ASSERT_TRUE(unit.group_tile.has_value()) << "seed " << seed;
            EXPECT_EQ(unit.at, *unit.group_tile) << "seed " << seed << ", unit " << unit.id.value;
            group_tiles.push_back(*unit.group_tile);
        }
        EXPECT_EQ(sorted_by_row(group_tiles), sorted_by_row(handed_out)) << "seed " << seed;
    }
}

TEST(CrowdFlow, AutomaticPlanningUsesAFieldFromTheGroupSizeSetOn) {
    EXPECT_EQ(run_group(3, CrowdOptions{}.flow_group_size - 1, GroupPlanning::Automatic)
                  .stats.flow_fields,
              0u);
    const GroupRun large = run_group(3, CrowdOptions{}.flow_group_size, GroupPlanning::Automatic);
    EXPECT_EQ(large.stats.flow_fields, 1u);
    EXPECT_EQ(large.arrived, CrowdOptions{}.flow_group_size);
    CrowdOptions bad;
    bad.flow_group_size = 0;
    GridMap map = GridMap::create(4, 4).value();
    EXPECT_FALSE(Crowd::create(map, bad).has_value());
}

TEST(CrowdFlow, CrowdFilesAskForAFieldWithFlowTrueAndNeverBesideCoordinated) {
    const auto scenario = parse_crowd_scenario(R"({
        "map": {"rows": ["......", "......", "......"]},
        "units": [{"id": 1, "at": [0, 0]}, {"id": 2, "at": [0, 1]}, {"id": 3, "at": [0, 2]}],
        "commands": [{"tick": 0, "units": [1, 2, 3], "to": [5, 1], "flow": true}],
        "max_ticks": 50})",
                                               "flow.json", ".");
    ASSERT_TRUE(scenario.has_value()) << scenario.error().message();
    EXPECT_EQ(scenario.value().commands[0].planning, GroupPlanning::FlowField);
    const auto report = run_crowd_scenario(scenario.value(), false);
    ASSERT_TRUE(report.has_value()) << report.error().message();
    EXPECT_TRUE(report.value().completed);
    for (const auto& unit : report.value().units)
        EXPECT_TRUE(unit.arrived_tick.has_value());
    const auto refused = parse_crowd_scenario(R"({
        "map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0]}],
        "commands": [{"tick": 0, "units": [1], "to": [1, 0], "coordinated": true, "flow": true}]})",
                                              "both.json", ".");
    ASSERT_FALSE(refused.has_value());
    EXPECT_NE(refused.error().message().find("/commands/0/flow"), std::string::npos)
        << refused.error().message();
    const auto not_boolean = parse_crowd_scenario(R"({
        "map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0]}],
        "commands": [{"tick": 0, "units": [1], "to": [1, 0], "flow": "yes"}]})",
                                                  "word.json", ".");
    ASSERT_FALSE(not_boolean.has_value());
    EXPECT_NE(not_boolean.error().message().find("/commands/0/flow"), std::string::npos);
}

}  // namespace
}  // namespace pathkit
