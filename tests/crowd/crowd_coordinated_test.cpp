// The crowd's coordinated mode: every unit arrives where the ordinary mode gives up, moves stay
// legal tick by tick, and orders given meanwhile wait for the move to end (outside the region of
// a move on part of a big map, they go on).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "pathkit/io/mapf_files.hpp"
#include "support/ascii_map.hpp"
#include "support/crowd_log.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::CrowdLog;
using testing::run_checked;

// Two units at the ends of a corridor with one pocket, each sent to the other's end by a
// coordinated move: both arrive within 200 ticks, every tick checked.
void expect_the_two_trade_ends_of_the_corridor(const CrowdOptions& options) {
    // clang-format off
    const auto drawn = ascii_map({
        "#####.#####",
        "A.........B",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map, options).value());
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('A')).value();
    const UnitId b = crowd.add_unit(drawn.find('B')).value();
    ASSERT_TRUE(crowd.move_coordinated(std::vector{a}, drawn.find('B')));
    ASSERT_TRUE(crowd.move_coordinated(std::vector{b}, drawn.find('A')));
    EXPECT_EQ(run_checked(crowd, drawn.map, 200, log), 2);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('B'));
    EXPECT_EQ(crowd.unit(b)->at, drawn.find('A'));
}

TEST(CrowdCoordinated, TwoUnitsTradeEndsOfACorridorThroughItsOnlyPocket) {
    expect_the_two_trade_ends_of_the_corridor({});
}

// The same with guide paths (`CrowdOptions::coordination_guide_paths`): they only reorder the
// planner's choices, so the two still trade ends.
TEST(CrowdCoordinated, WithGuidePathsTwoUnitsStillTradeEndsOfACorridor) {
    CrowdOptions options;
    options.coordination_guide_paths = true;
    expect_the_two_trade_ends_of_the_corridor(options);
}

// A corridor with no room to pass: A is sent to C's end, C (idle, in the move) is asked to
// stand as near its tile as is free, the far end, and B to keep its tile. No plan exists. With
// a search budget the planner proves it; with none (PIBT alone, the same on every build) the
// units push each other round for ever, so the move ends once they come no nearer for
// `coordination_patience_rounds` rounds of patience: A gives up, and every unit is idle.
TEST(CrowdCoordinated, AMoveThatCannotFinishEndsWithItsUnitGivingUpWithOrWithoutASearchBudget) {
    // clang-format off
    const auto drawn = ascii_map({
        "ABC",
    });
    // clang-format on
    for (const int budget_us : {0, 2000}) {
        CrowdOptions options;
        options.coordination_budget_us = budget_us;
        Crowd crowd = std::move(Crowd::create(drawn.map, options).value());
        CrowdLog log;
        const UnitId a = crowd.add_unit(drawn.find('A')).value();
        (void)crowd.add_unit(drawn.find('B')).value();
        (void)crowd.add_unit(drawn.find('C')).value();
        ASSERT_TRUE(crowd.move_coordinated(std::vector{a}, drawn.find('C')));
        const std::uint64_t limit = 2 * coordination_patience_rounds * options.patience_ticks;
        EXPECT_EQ(run_checked(crowd, drawn.map, limit, log), 0) << "budget " << budget_us;
        ASSERT_TRUE(crowd.is_settled()) << "budget " << budget_us;
        EXPECT_EQ(log.count(a, CrowdEventKind::GaveUp), 1) << "budget " << budget_us;
        for (const Unit& unit : crowd.units())
            EXPECT_EQ(unit.state, UnitState::Idle) << "budget " << budget_us;
    }
}

TEST(CrowdCoordinated, IdleUnitsInTheWayStepAsideAndComeBack) {
    // clang-format off
    const auto drawn = ascii_map({
        "##.##.##",
        "A..xy..B",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('A')).value();
    const UnitId x = crowd.add_unit(drawn.find('x')).value();
    const UnitId y = crowd.add_unit(drawn.find('y')).value();
    ASSERT_TRUE(crowd.move_coordinated(std::vector{a}, drawn.find('B')));
    EXPECT_EQ(run_checked(crowd, drawn.map, 300, log), 1);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('B'));
    EXPECT_EQ(crowd.unit(x)->at, drawn.find('x'));
    EXPECT_EQ(crowd.unit(y)->at, drawn.find('y'));
}

TEST(CrowdCoordinated, ATargetBehindWallsIsUnreachableAndAnOrdinaryOrderWaitsForTheMove) {
    // clang-format off
    const auto drawn = ascii_map({
        "A...#.C",
        "B....#.",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('A')).value();
    const UnitId b = crowd.add_unit(drawn.find('B')).value();
    ASSERT_TRUE(crowd.move_coordinated(std::vector{a}, drawn.find('C')));
    ASSERT_TRUE(crowd.move_coordinated(std::vector{b}, Cell{3, 0}));
    log.step(crowd);
    ASSERT_TRUE(crowd.move_to(a, Cell{0, 1}));  // ordinary: waits while b's move runs
    EXPECT_TRUE(crowd.is_coordinating());
    run_checked(crowd, drawn.map, 100, log);
    EXPECT_EQ(crowd.unit(b)->at, (Cell{3, 0}));
    EXPECT_EQ(crowd.unit(a)->at, (Cell{0, 1}));
    EXPECT_EQ(log.count(a, CrowdEventKind::Unreachable), 1);
}

// On a map of more than 2^18 tiles, moves of units handed over plan on the region round them:
// a unit walking far from it goes on walking while they run (it used to stand still till each
// move ended). Units a..n in the narrow lanes of the progress test (walled off in the corner of
// a 600 x 500 map) are sent to their capitals, which hands some to the planner; w walks along
// the bottom of the map meanwhile.
TEST(CrowdCoordinated, AUnitFarFromAMoveOnPartOfABigMapWalksOnWhileItRuns) {
    // clang-format off
    const std::vector<std::string> starts = {
        "..#a.###f..e#",
        "..##.....mg##",
        ".d#.###.##k##",
        "#..cn.#h.b#.#",
        ".##..#....j##",
        ".#...l..i.###",
        "#############",
    };
    const std::vector<std::string> goals = {
        "..#N.###D..H#",
        "..##.....AE##",
        ".K#.###.##M##",
        "#..JB.#L.F#.#",
        ".##..#....C##",
        ".#...G..I.###",
        "#############",
    };
    // clang-format on
    GridMap map = std::move(GridMap::create(600, 500).value());
    const auto find = [](const std::vector<std::string>& rows, char mark) {
        for (int y = 0; y < static_cast<int>(rows.size()); ++y)
            if (const auto x = rows[y].find(mark); x != std::string::npos)
                return Cell{static_cast<int>(x), y};
        ADD_FAILURE() << "no tile marked " << mark;
        return Cell{};
    };
    for (int y = 0; y < static_cast<int>(starts.size()); ++y)
        for (int x = 0; x < static_cast<int>(starts[y].size()); ++x)
            if (starts[y][x] == '#') (void)map.set_walkable({x, y}, false);
    Crowd crowd = std::move(Crowd::create(map).value());
    const std::string letters = "abcdefghijklmn";
    for (char letter : letters)
        ASSERT_TRUE(crowd.add_unit(find(starts, letter)));
    const UnitId walker = crowd.add_unit(Cell{20, 499}).value();
    for (std::uint32_t unit = 0; unit < letters.size(); ++unit)
        ASSERT_TRUE(
            crowd.move_to(UnitId(unit), find(goals, static_cast<char>(letters[unit] - 32))));
    ASSERT_TRUE(crowd.move_to(walker, Cell{599, 499}));
    CrowdLog log;
    int ticks_of_moves = 0, steps_during_moves = 0;
    std::vector<Cell> before = testing::crowd_positions(crowd);
    while (!crowd.is_settled() && crowd.tick() < 3000) {
        const bool move_runs = crowd.is_coordinating();
        log.step(crowd);
        const std::vector<Cell> after = testing::crowd_positions(crowd);
        const auto problem = check_crowd_tick(map, before, after);
        ASSERT_FALSE(problem) << "tick " << crowd.tick() << ": " << *problem;
        if (move_runs && before[walker.index()] != Cell{599, 499}) {
            ++ticks_of_moves;
            steps_during_moves += after[walker.index()] != before[walker.index()];
        }
        before = after;
    }
    EXPECT_TRUE(crowd.is_settled());
    EXPECT_GT(crowd.stats().handed_to_coordination, 0u);
    ASSERT_GT(ticks_of_moves, 0) << "no move ran before w arrived";
    EXPECT_EQ(steps_during_moves, ticks_of_moves) << "w waited for a move far from it";
    EXPECT_EQ(crowd.unit(walker)->at, (Cell{599, 499}));
    for (std::uint32_t unit = 0; unit < letters.size(); ++unit)
        EXPECT_EQ(crowd.unit(UnitId(unit))->at, find(goals, static_cast<char>(letters[unit] - 32)))
            << "unit " << letters[unit];
}

TEST(CrowdCoordinated, AUnitAddedDuringAMoveIsPlannedAroundAndKeepsItsTile) {
    // clang-format off
    const auto drawn = ascii_map({
        "##.##.##",
        "A...n..B",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('A')).value();
    ASSERT_TRUE(crowd.move_coordinated(std::vector{a}, drawn.find('B')));
    log.step(crowd);
    const UnitId added = crowd.add_unit(drawn.find('n')).value();
    EXPECT_EQ(run_checked(crowd, drawn.map, 300, log), 1);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('B'));
    EXPECT_EQ(crowd.unit(added)->at, drawn.find('n'));
}

TEST(CrowdCoordinated, OrdersGivenWhileAMoveRunsJoinItAndEveryUnitArrives) {
    // clang-format off
    const auto drawn = ascii_map({
        "#####.#####",
        "A....C....B",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(drawn.map).value());
    CrowdLog log;
    const UnitId a = crowd.add_unit(drawn.find('A')).value();
    const UnitId b = crowd.add_unit(drawn.find('B')).value();
    const UnitId c = crowd.add_unit(drawn.find('C')).value();
    ASSERT_TRUE(crowd.move_coordinated(std::vector{a}, drawn.find('B')));
    log.step(crowd);
    log.step(crowd);
    ASSERT_TRUE(crowd.is_coordinating());
    // One order a tick from here on: b to a's old end, then c back and forth.
    ASSERT_TRUE(crowd.move_coordinated(std::vector{b}, drawn.find('A')));
    log.step(crowd);
    ASSERT_TRUE(crowd.move_coordinated(std::vector{c}, Cell{7, 1}));
    log.step(crowd);
    ASSERT_TRUE(crowd.move_coordinated(std::vector{c}, Cell{3, 1}));
    EXPECT_EQ(run_checked(crowd, drawn.map, 300, log), 3);
    EXPECT_EQ(crowd.unit(a)->at, drawn.find('B'));
    EXPECT_EQ(crowd.unit(b)->at, drawn.find('A'));
    EXPECT_EQ(crowd.unit(c)->at, (Cell{3, 1}));
}

// The benchmark case from the shared MAPF data: 500 units on den520d with the first 500 orders
// of a scenario all arrive when coordinated.
TEST(CrowdCoordinated, FiveHundredUnitsOnDen520dAllArrive) {
    const std::filesystem::path folder =
        std::filesystem::path(PATHKIT_EXAMPLES) / "../../shared/benchmarks/mapf";
    if (!std::filesystem::exists(folder)) GTEST_SKIP() << "no ../shared/benchmarks/mapf here";
    const auto instance = load_mapf_instance((folder / "den520d.map").string(),
                                             (folder / "den520d-random-1.scen").string(), 500);
    ASSERT_TRUE(instance) << instance.error().message();
    const GridMap& map = instance.value().map;
    Crowd crowd = std::move(Crowd::create(map).value());
    CrowdLog log;
    for (const Cell start : instance.value().starts)
        ASSERT_TRUE(crowd.add_unit(start));
    for (std::uint32_t unit = 0; unit < 500; ++unit)
        ASSERT_TRUE(
            crowd.move_coordinated(std::vector{UnitId(unit)}, instance.value().goals[unit]));
    EXPECT_EQ(run_checked(crowd, map, 5000, log), 500);
    for (std::uint32_t unit = 0; unit < 500; ++unit)
        EXPECT_EQ(crowd.unit(UnitId(unit))->at, instance.value().goals[unit]);
}

}  // namespace
}  // namespace pathkit
