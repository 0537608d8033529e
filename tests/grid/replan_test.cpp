// PathRepair: paths kept, spliced around new walls or planned again, drawn; and on random maps
// after random edits, valid paths whose cost equals A* from scratch when optimal is asked for.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/replan.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/random_grid.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::random_map;
using testing::random_walkable_cell;
using testing::rules_with;
using testing::unit_fits;

/// Why `tiles` is not a path a unit under `rules` may walk on `map` now (the rules written out
/// from their definitions), or an empty string.
std::string why_not_walkable(const GridMap& map, const MovementRules& rules,
                             const std::vector<Cell>& tiles) {
    const auto fits = [&](Cell cell) { return map.contains(cell) && unit_fits(map, rules, cell); };
    for (std::size_t step = 0; step < tiles.size(); ++step) {
        const Cell here = tiles[step];
        if (!fits(here)) return "tile " + to_string(here) + " has no room for the unit";
        if (step == 0) continue;
        const Cell before = tiles[step - 1];
        const int dx = here.x - before.x, dy = here.y - before.y;
        if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0))
            return "step " + to_string(before) + " to " + to_string(here) + " is not one move";
        if (dx == 0 || dy == 0) continue;
        const bool side_a = fits({before.x + dx, before.y}),
                   side_b = fits({before.x, before.y + dy});
        const bool allowed =
            rules.diagonal == DiagonalPolicy::Always ||
            (rules.diagonal == DiagonalPolicy::AtLeastOneWalkable && (side_a || side_b)) ||
            (rules.diagonal == DiagonalPolicy::NoCornerCutting && side_a && side_b);
        if (!allowed)
            return "diagonal " + to_string(before) + " to " + to_string(here) + " breaks the rule";
    }
    return {};
}

/// Why `plan.cost_to` is not the cost of walking its tiles on the map as it is now (each
/// within float rounding), or an empty string.
std::string why_costs_differ(const GridSpace& space, const GridPlan& plan) {
    if (plan.cost_to.size() != plan.tiles.size()) return "cost_to and tiles differ in size";
    for (std::size_t tile = 0; tile < plan.tiles.size(); ++tile) {
        const double walked = path_cost(space, std::span(plan.tiles).first(tile + 1));
        if (std::abs(plan.cost_to[tile] - walked) > optimality_tolerance(plan.cost())) {
            return "cost_to[" + std::to_string(tile) + "] is " +
                   std::to_string(plan.cost_to[tile]) + ", walking there costs " +
                   std::to_string(walked);
        }
    }
    return {};
}

/// The plan's path drawn on the map as it is now: '#' blocked, '*' the path between its ends.
std::vector<std::string> drawn(const testing::AsciiMap& room, const GridPlan& plan) {
    auto picture = room.rows;
    for (int y = 0; y < room.map.height(); ++y)
        for (int x = 0; x < room.map.width(); ++x)
            if (!room.map.is_walkable({x, y})) picture[y][x] = '#';
    for (std::size_t tile = 1; tile + 1 < plan.tiles.size(); ++tile)
        picture[plan.tiles[tile].y][plan.tiles[tile].x] = '*';
    return picture;
}

/// A drawn room, a unit's plan from 'A' to 'B' on it, and the repairer for it.
struct PlannedRoom {
    explicit PlannedRoom(std::vector<std::string> rows)
        : room(ascii_map(std::move(rows))),
          space(room.map),
          repair(space),
          plan(repair.plan(room.find('A'), room.find('B'), context)) {}
    PlannedRoom(const PlannedRoom&) = delete;  // the space points at the map
    PlannedRoom& operator=(const PlannedRoom&) = delete;

    testing::AsciiMap room;
    GridSpace space;
    PathRepair repair;
    SearchContext context;
    GridPlan plan;
};

TEST(PathRepair, KeepsAPathNoEditReachedAndItStaysProvenOptimal) {
    // clang-format off
    PlannedRoom unit({
        "A.......B",
        ".........",
        ".........",
        "........x",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    const std::vector<Cell> before = plan.tiles;
    ASSERT_TRUE(room.map.set_walkable(room.find('x'), false));
    const ReplanReport report = repair.repair(plan, context);
    EXPECT_EQ(report.method, ReplanMethod::Kept);
    EXPECT_TRUE(report.optimal);
    EXPECT_EQ(plan.tiles, before);
    EXPECT_EQ(plan.revision, room.map.revision());
}

TEST(PathRepair, SplicesAroundANewWallOnThePathAndKeepsTheRestOfIt) {
    // clang-format off
    PlannedRoom unit({
        "..........................",
        "A.......................B.",
        "..........................",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    ASSERT_EQ(plan.cost(), 24);
    ASSERT_TRUE(room.map.set_walkable({12, 1}, false));
    const ReplanReport report = repair.repair(
        plan, context, {.require_optimal = false, .window_steps = 3, .window_turns = 0});
    EXPECT_EQ(report.method, ReplanMethod::Spliced);
    EXPECT_FALSE(report.optimal);  // one step up and one down: 22 + 2 sqrt(2), not 24
    // The window runs 3 steps either side of the two blocked steps, from x = 8 to x = 16: the
    // detour leaves the old path and joins it again there, and keeps every tile outside.
    // clang-format off
    const std::vector<std::string> expected{
        ".........*****............",
        "A********...#.**********B.",
        "..........................",
    };
    // clang-format on
    EXPECT_EQ(drawn(room, plan), expected);
    EXPECT_NEAR(plan.cost(), 22 + 2 * std::sqrt(2.0f), 1e-4);
}

TEST(PathRepair, SplicesThroughTheOtherDoorWhenTheDoorOnThePathIsWalledUpAndProvesItOptimal) {
    // clang-format off
    PlannedRoom unit({
        ".....#.....",
        "A....d....B",
        ".....#.....",
        ".....#.....",
        ".....#.....",
        ".....e.....",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    const Cost before = plan.cost();
    ASSERT_TRUE(room.map.set_walkable(room.find('d'), false));
    // The window takes in the whole path, so the splice is the way through the other door:
    // dearer than the old path, so its cost proves nothing, but a search from scratch for a
    // cheaper path finds none.
    const ReplanReport report = repair.repair(plan, context);
    EXPECT_EQ(report.method, ReplanMethod::Spliced);
    EXPECT_TRUE(report.optimal);
    EXPECT_TRUE(report.proven_by_search);
    EXPECT_NE(std::find(plan.tiles.begin(), plan.tiles.end(), room.find('e')), plan.tiles.end());
    const Cost optimum = space.find_path(room.find('A'), room.find('B')).cost;
    EXPECT_GT(optimum, before);
    EXPECT_NEAR(plan.cost(), optimum, 1e-4);
    EXPECT_LE(plan.lower_bound, optimum);
    EXPECT_GT(plan.lower_bound, before);  // raised by the search to about the path's cost
    EXPECT_TRUE(plan.is_known_optimal());
}

TEST(PathRepair, PlansAgainWhenTheSearchForACheaperPathFindsOneThanTheSplice) {
    // clang-format off
    PlannedRoom unit({
        "....A......",
        "...........",
        "c#########d",
        "...........",
        "..........B",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    ASSERT_NE(std::find(plan.tiles.begin(), plan.tiles.end(), room.find('d')), plan.tiles.end());
    ASSERT_TRUE(room.map.set_walkable(room.find('d'), false));
    // A window of two steps each side: the splice goes on towards the walled-up door before
    // turning back to the other one, and so costs more than going there straight.
    ReplanOptions narrow{.window_steps = 2, .window_turns = 0, .max_window_steps = 2};
    GridPlan spliced = plan;
    narrow.require_optimal = false;
    const ReplanReport lazy = repair.repair(spliced, context, narrow);
    ASSERT_EQ(lazy.method, ReplanMethod::Spliced);
    const Cost optimum = space.find_path(room.find('A'), room.find('B')).cost;
    ASSERT_GT(spliced.cost(), optimum + 1);

    narrow.require_optimal = true;
    const ReplanReport report = repair.repair(plan, context, narrow);
    EXPECT_EQ(report.method, ReplanMethod::Planned);
    EXPECT_TRUE(report.optimal);
    EXPECT_FALSE(report.proven_by_search);
    EXPECT_GT(report.splice_expanded, 0u);
    EXPECT_NE(std::find(plan.tiles.begin(), plan.tiles.end(), room.find('c')), plan.tiles.end());
    EXPECT_NEAR(plan.cost(), optimum, 1e-4);
    EXPECT_EQ(plan.lower_bound, plan.cost());
}

TEST(PathRepair, PlansAgainWhenAnOpenedTileMayHaveMadeAShorterWay) {
    // clang-format off
    PlannedRoom unit({
        "A.#.B",
        "..#..",
        "..#..",
        ".....",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    const Cost around = plan.cost();
    ASSERT_TRUE(room.map.set_walkable({2, 2}, true));  // a door opens nearer

    GridPlan kept = plan;
    const ReplanReport lazy = repair.repair(kept, context, {.require_optimal = false});
    EXPECT_EQ(lazy.method, ReplanMethod::Kept);
    EXPECT_FALSE(lazy.optimal);
    EXPECT_EQ(kept.cost(), around);

    const ReplanReport strict = repair.repair(plan, context);
    EXPECT_EQ(strict.method, ReplanMethod::Planned);
    EXPECT_LT(plan.cost(), around);
}

TEST(PathRepair, FailsAndSaysWhyWhenTheGoalIsWalledIn) {
    // clang-format off
    PlannedRoom unit({
        "A.....",
        "....#.",
        "....#B",
        "....##",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    ASSERT_FALSE(plan.tiles.empty());
    ASSERT_TRUE(room.map.set_walkable({5, 1}, false));  // the last opening beside the goal
    const ReplanReport report = repair.repair(plan, context);
    EXPECT_EQ(report.method, ReplanMethod::Failed);
    EXPECT_FALSE(report.optimal);
    EXPECT_TRUE(plan.tiles.empty());
    EXPECT_FALSE(report.message.empty());
    EXPECT_EQ(repair.repair(plan, context).method, ReplanMethod::Failed);  // nothing to repair
}

TEST(PathRepair, RepairsFromTheTileTheUnitWalkedToAndItsBoundFallsByTheCostWalked) {
    // clang-format off
    PlannedRoom unit({
        "A...........B",
        ".............",
    });
    // clang-format on
    auto& [room, space, repair, context, plan] = unit;
    plan.advance(4);
    EXPECT_EQ(plan.tiles.front(), (Cell{4, 0}));
    EXPECT_EQ(plan.cost(), 8);
    EXPECT_EQ(plan.lower_bound, 8);
    ASSERT_TRUE(room.map.set_walkable({8, 0}, false));
    const ReplanReport report = repair.repair(plan, context);
    EXPECT_EQ(plan.tiles.front(), (Cell{4, 0}));
    EXPECT_EQ(plan.tiles.back(), room.find('B'));
    EXPECT_TRUE(report.optimal);
    EXPECT_NEAR(plan.cost(), space.find_path({4, 0}, room.find('B')).cost, 1e-4);
}

/// Blocks `count` tiles of the path around its middle (never its ends), as a building placed
/// in a unit's way; returns how many it blocked.
int block_on_path(GridMap& map, const GridPlan& plan, int count, std::mt19937& random) {
    if (plan.tiles.size() < 3) return 0;
    std::uniform_int_distribution<std::size_t> near_middle(plan.tiles.size() / 4,
                                                           plan.tiles.size() * 3 / 4);
    int blocked = 0;
    for (int tile = 0; tile < count; ++tile) {
        const std::size_t at =
            std::clamp<std::size_t>(near_middle(random), 1, plan.tiles.size() - 2);
        if (map.is_walkable(plan.tiles[at]))
            blocked += map.set_walkable(plan.tiles[at], false) ? 1 : 0;
    }
    return blocked;
}

TEST(PathRepair, GivesValidPathsCostingWhatAStarFromScratchDoesAfterRandomEditsUnderEveryRule) {
    std::mt19937 random(2727);
    SearchContext context, oracle_context;
    int spliced = 0, planned = 0, kept = 0, failed = 0, proven_lazily = 0;
    for (int round = 0; round < 600; ++round) {
        GridMap map = random_map(random);
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round % 7 == 3) rules = rules_with(rules.diagonal, 10, 14);
        if (round % 11 == 5) rules.agent_size = 2;
        if (round % 13 == 6) {  // swamps: jump point search cannot run, A* plans instead
            for (int swamp = 0; swamp < map.width() * map.height() / 10; ++swamp)
                (void)map.set_terrain_cost(random_walkable_cell(map, random), 3);
        }
        GridSpace space(map, rules);
        PathRepair repair(space);
        const Cell from = random_walkable_cell(map, random);
        const Cell to = random_walkable_cell(map, random);
        GridPlan strict = repair.plan(from, to, context);
        if (strict.tiles.size() < 3) continue;
        GridPlan lazy = strict;
        for (int edit = 0; edit < 4; ++edit) {
            // Walls on the path, and now and then a tile flipped or a swamp anywhere.
            block_on_path(map, strict, 1 + edit % 3, random);
            block_on_path(map, lazy, edit % 2, random);
            if (edit % 2 == 1) {
                const Cell anywhere{
                    map.origin().x + std::uniform_int_distribution<int>(0, map.width() - 1)(random),
                    map.origin().y +
                        std::uniform_int_distribution<int>(0, map.height() - 1)(random)};
                if (round % 3 == 0)
                    (void)map.set_walkable(anywhere, !map.is_walkable(anywhere));
                else
                    (void)map.set_terrain_cost(anywhere, round % 2 == 0 ? 0.5f : 2.0f);
            }
            space.refresh();
            for (GridPlan* plan : {&strict, &lazy}) {
                if (plan->tiles.empty()) continue;
                const bool optimal_asked = plan == &strict;
                const Cell unit = plan->tiles.front(), goal = plan->tiles.back();
                const ReplanReport report = repair.repair(
                    *plan, context, {.require_optimal = optimal_asked, .window_steps = 4 + edit});
                const GridPath oracle = space.find_path(unit, goal, oracle_context,
                                                        {.algorithm = SearchAlgorithm::AStar});
                const std::string where = "round " + std::to_string(round) + " edit " +
                                          std::to_string(edit) + " " + to_string(rules.diagonal) +
                                          (optimal_asked ? " optimal" : " lazy") + " method " +
                                          to_string(report.method);
                if (!oracle.found()) {  // walled in: no valid path can be kept or spliced
                    ASSERT_EQ(report.method, ReplanMethod::Failed) << where;
                    ASSERT_TRUE(plan->tiles.empty()) << where;
                    ++failed;
                    continue;
                }
                ASSERT_NE(report.method, ReplanMethod::Failed) << where << ": " << report.message;
                ASSERT_EQ(plan->tiles.front(), unit) << where;
                ASSERT_EQ(plan->tiles.back(), goal) << where;
                ASSERT_EQ(why_not_walkable(map, rules, plan->tiles), "") << where;
                ASSERT_EQ(plan->revision, map.revision()) << where;
                const Cost tolerance = 2 * optimality_tolerance(oracle.cost);
                ASSERT_EQ(why_costs_differ(space, *plan), "") << where;
                // The bound is one, the cost is the path's, and "optimal" is true.
                ASSERT_LE(plan->lower_bound, oracle.cost + tolerance) << where;
                ASSERT_GE(plan->cost(), oracle.cost - tolerance) << where;
                if (report.optimal) {
                    ASSERT_NEAR(plan->cost(), oracle.cost, tolerance) << where;
                }
                if (optimal_asked) {
                    ASSERT_TRUE(report.optimal) << where;
                }
                spliced += report.method == ReplanMethod::Spliced;
                planned += report.method == ReplanMethod::Planned;
                kept += report.method == ReplanMethod::Kept;
                proven_lazily += !optimal_asked && report.optimal;
            }
            strict.advance(std::min<std::size_t>(strict.tiles.size() / 4, 3));
        }
    }
    // Every way through the repair ran.
    EXPECT_GT(spliced, 100);
    EXPECT_GT(planned, 100);
    EXPECT_GT(kept, 20);
    EXPECT_GT(failed, 0);
    EXPECT_GT(proven_lazily, 100);
}

/// Blocks a `side` x `side` building centred on a tile near the middle of the path, keeping
/// the path's ends free, as a building put up in a unit's way; returns how many tiles it
/// blocked.
int build_on_path(GridMap& map, const GridPlan& plan, int side, std::mt19937& random) {
    if (plan.tiles.size() < 3) return 0;
    const Cell centre = plan.tiles[std::uniform_int_distribution<std::size_t>(
        plan.tiles.size() / 3, plan.tiles.size() * 2 / 3)(random)];
    int blocked = 0;
    for (int dy = -(side - 1) / 2; dy <= side / 2; ++dy) {
        for (int dx = -(side - 1) / 2; dx <= side / 2; ++dx) {
            const Cell tile{centre.x + dx, centre.y + dy};
            if (tile == plan.tiles.front() || tile == plan.tiles.back()) continue;
            if (map.is_walkable(tile)) blocked += map.set_walkable(tile, false) ? 1 : 0;
        }
    }
    return blocked;
}

TEST(PathRepair, CostsWhatDijkstraDoesAfterBuildingsOnThePathAndProvesDearerPathsBySearch) {
    std::mt19937 random(5150);
    SearchContext context, oracle_context;
    int proven_by_cost = 0, spliced_by_search = 0, kept_by_search = 0, planned = 0;
    for (int round = 0; round < 500; ++round) {
        GridMap map = random_map(random);
        MovementRules rules = rules_with(static_cast<DiagonalPolicy>(round % 4));
        if (round % 5 == 2) rules = rules_with(rules.diagonal, 10, 14);
        if (round % 9 == 4) rules.agent_size = 2;
        if (round % 7 == 1) {  // swamps: A* splices, proves and plans instead of jps+
            for (int swamp = 0; swamp < map.width() * map.height() / 8; ++swamp)
                (void)map.set_terrain_cost(random_walkable_cell(map, random), 2.5f);
        }
        GridSpace space(map, rules);
        PathRepair repair(space);
        GridPlan plan = repair.plan(random_walkable_cell(map, random),
                                    random_walkable_cell(map, random), context);
        for (int edit = 0; edit < 4 && plan.tiles.size() >= 3; ++edit) {
            if (edit == 2) {  // a tile opened somewhere: the bound falls, kept paths need proof
                const Cell anywhere{
                    map.origin().x + std::uniform_int_distribution<int>(0, map.width() - 1)(random),
                    map.origin().y +
                        std::uniform_int_distribution<int>(0, map.height() - 1)(random)};
                (void)map.set_walkable(anywhere, true);
            } else {
                build_on_path(map, plan, 1 + (round + edit) % 3, random);
            }
            space.refresh();
            const Cell unit = plan.tiles.front(), goal = plan.tiles.back();
            const ReplanReport report = repair.repair(
                plan, context, {.window_steps = 2 + 3 * edit, .window_turns = edit % 3});
            const GridPath oracle = space.find_path(unit, goal, oracle_context,
                                                    {.algorithm = SearchAlgorithm::Dijkstra});
            const std::string where = "round " + std::to_string(round) + " edit " +
                                      std::to_string(edit) + " " + to_string(rules.diagonal) +
                                      " method " + to_string(report.method);
            if (!oracle.found()) {
                ASSERT_EQ(report.method, ReplanMethod::Failed) << where;
                break;
            }
            ASSERT_TRUE(report.optimal) << where << ": " << report.message;
            ASSERT_EQ(plan.tiles.front(), unit) << where;
            ASSERT_EQ(plan.tiles.back(), goal) << where;
            ASSERT_EQ(why_not_walkable(map, rules, plan.tiles), "") << where;
            ASSERT_EQ(why_costs_differ(space, plan), "") << where;
            const Cost tolerance = 2 * optimality_tolerance(oracle.cost);
            ASSERT_NEAR(plan.cost(), oracle.cost, tolerance) << where;
            ASSERT_LE(plan.lower_bound, oracle.cost + tolerance) << where;
            ASSERT_TRUE(plan.is_known_optimal()) << where;
            if (report.proven_by_search) {
                ASSERT_TRUE(report.method == ReplanMethod::Spliced ||
                            report.method == ReplanMethod::Kept)
                    << where;
            }
            proven_by_cost += report.method != ReplanMethod::Planned && !report.proven_by_search;
            spliced_by_search += report.method == ReplanMethod::Spliced && report.proven_by_search;
            kept_by_search += report.method == ReplanMethod::Kept && report.proven_by_search;
            planned += report.method == ReplanMethod::Planned;
            plan.advance(plan.tiles.size() / 5);
        }
    }
    // Every way to an optimal path ran.
    EXPECT_GT(proven_by_cost, 150);
    EXPECT_GT(spliced_by_search, 150);
    EXPECT_GT(kept_by_search, 100);
    EXPECT_GT(planned, 150);
}

}  // namespace
}  // namespace pathkit
