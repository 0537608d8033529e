// Group orders planned by one flow field: the same formation tiles as by searches, paths that are
// legal moves ending on them, every unit arriving with the crowd's rules checked every tick, and
// the group size from which a field is used by itself.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "pathkit/io/crowd_file.hpp"
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
        EXPECT_EQ(by_field.targets, by_searches.targets) << "seed " << seed;
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

TEST(CrowdFlow, PathsFromTheFieldAreLegalMovesEndingOnTheUnitsOwnTile) {
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
    std::vector<Cell> starts;
    for (const Unit& unit : crowd.units())
        starts.push_back(unit.at);
    ASSERT_TRUE(crowd.step().ok());  // the orders take effect: paths planned, first steps begun
    EXPECT_GT(crowd.stats().field_paths, 25u);
    for (std::size_t index = 0; index < crowd.units().size(); ++index) {
        const Unit& unit = crowd.units()[index];
        if (unit.path.empty()) continue;  // on its tile already
        Cell here = starts[index];
        for (std::size_t step = 0; step < unit.path.size(); ++step) {
            const Cell next = unit.path[step];
            const int dx = next.x - here.x, dy = next.y - here.y;
            ASSERT_TRUE(std::max(std::abs(dx), std::abs(dy)) == 1 && map.is_walkable(next));
            if (dx != 0 && dy != 0) {  // no corner cutting
                ASSERT_TRUE(map.is_walkable({here.x + dx, here.y}) &&
                            map.is_walkable({here.x, here.y + dy}));
            }
            here = next;
        }
        EXPECT_EQ(here, *unit.destination);
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
