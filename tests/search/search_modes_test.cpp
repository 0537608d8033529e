// Options of the one engine: partial paths, budgets, time slicing, goal predicates, bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"
#include "support/drawn_grid.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::mentions;

using testing::DrawnGrid;
using Picture = std::vector<std::string>;

/// Two walls between 'S' and 'G': the shortest way winds round both and costs 14.
DrawnGrid round_the_walls() {
    return DrawnGrid({
        "S..#....",
        ".#.#.##.",
        ".#...#G.",
    });
}

TEST(SearchModes, AStarFindsTheShortestWayAroundAWall) {
    const DrawnGrid grid = round_the_walls();
    SearchContext context;
    const SearchResult result =
        find_path(SingleGoal(grid, grid.find('G')), grid.find('S'), context);
    ASSERT_EQ(result.status, SearchStatus::Found);
    EXPECT_EQ(grid.draw(result.path), (Picture{
                                          "S**#****",
                                          ".#*#*##*",
                                          ".#***#G*",
                                      }));
    EXPECT_EQ(result.cost, 14);
}

TEST(SearchModes, ARecordingContextListsTheExpandedStatesInTheOrderDijkstraTakesThem) {
    const DrawnGrid grid = round_the_walls();
    SearchContext context;
    std::vector<StateId> log;
    context.record_expansions(&log);
    SearchOptions options;
    options.algorithm = SearchAlgorithm::Dijkstra;
    const SearchResult result =
        find_path(SingleGoal(grid, grid.find('G')), grid.find('S'), context, options);
    ASSERT_EQ(result.status, SearchStatus::Found);
    ASSERT_EQ(log.size(), result.stats.expanded);
    EXPECT_EQ(log.front(), grid.find('S'));
    for (std::size_t index = 1; index < log.size(); ++index) {
        // Dijkstra takes states in order of cost, each once.
        EXPECT_LE(context.cost_to(log[index - 1]), context.cost_to(log[index]));
        for (std::size_t earlier = 0; earlier < index; ++earlier)
            EXPECT_NE(log[earlier], log[index]);
    }
    // The goal is found when taken off the open list, which is not an expansion.
    EXPECT_EQ(std::count(log.begin(), log.end(), grid.find('G')), 0);

    context.record_expansions(nullptr);
    const std::size_t recorded = log.size();
    (void)find_path(SingleGoal(grid, grid.find('G')), grid.find('S'), context);
    EXPECT_EQ(log.size(), recorded);
}

TEST(SearchModes, AnUnreachableGoalGivesNoPathOrAPartialPathToTheClosestTile) {
    const DrawnGrid grid({
        "S....#..",
        ".##..#.G",
        "....##..",
    });
    SearchContext context;
    const SingleGoal problem(grid, grid.find('G'));
    const SearchResult none = find_path(problem, grid.find('S'), context);
    EXPECT_EQ(none.status, SearchStatus::NoPath);
    EXPECT_TRUE(none.path.empty());

    SearchOptions options;
    options.allow_partial = true;
    const SearchResult partial = find_path(problem, grid.find('S'), context, options);
    ASSERT_EQ(partial.status, SearchStatus::Partial);
    EXPECT_TRUE(mentions(partial.message, "no path reaches the goal"));
    // (4,1) is the reachable tile with the lowest Manhattan distance to G.
    EXPECT_EQ(partial.path.back(), grid.at(4, 1));
    EXPECT_EQ(partial.cost, 5);
}

TEST(SearchModes, ABudgetStopsTheSearchAndSaysSo) {
    const DrawnGrid grid({
        "S.........",
        "..........",
        ".........G",
    });
    SearchContext context;
    const SingleGoal problem(grid, grid.find('G'));
    SearchOptions options;
    options.algorithm = SearchAlgorithm::Dijkstra;
    options.max_expansions = 5;
    const SearchResult stopped = find_path(problem, grid.find('S'), context, options);
    EXPECT_EQ(stopped.status, SearchStatus::BudgetExhausted);
    EXPECT_EQ(stopped.stats.expanded, 5u);
    EXPECT_TRUE(mentions(stopped.message, "budget of 5"));
    EXPECT_TRUE(stopped.path.empty());

    options.allow_partial = true;
    const SearchResult partial = find_path(problem, grid.find('S'), context, options);
    EXPECT_EQ(partial.status, SearchStatus::Partial);
    EXPECT_TRUE(mentions(partial.message, "budget"));
    ASSERT_FALSE(partial.path.empty());
    EXPECT_EQ(partial.path.front(), grid.find('S'));
    EXPECT_LT(grid.estimate(partial.path.back(), grid.find('G')),
              grid.estimate(grid.find('S'), grid.find('G')));

    options.max_expansions = 0;
    const SearchResult nothing = find_path(problem, grid.find('S'), context, options);
    EXPECT_EQ(nothing.status, SearchStatus::Partial);
    EXPECT_EQ(nothing.path, std::vector<StateId>{grid.find('S')});
}

TEST(SearchModes, AGenerousBudgetChangesNothing) {
    const DrawnGrid grid({
        "S...#....",
        ".##.#.##.",
        "....#..G.",
        "...###...",
        ".........",
    });
    SearchContext context;
    const SingleGoal problem(grid, grid.find('G'));
    const SearchResult free = find_path(problem, grid.find('S'), context);
    SearchOptions options;
    options.max_expansions = free.stats.expanded;
    const SearchResult limited = find_path(problem, grid.find('S'), context, options);
    EXPECT_EQ(limited.status, SearchStatus::Found);
    EXPECT_EQ(limited.path, free.path);
}

TEST(SearchModes, ACostBoundFindsOnlyPathsCheaperThanItAndBreadthFirstIgnoresIt) {
    const DrawnGrid grid = round_the_walls();
    SearchContext context;
    const SingleGoal goal(grid, grid.find('G'));
    for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra}) {
        const SearchResult above =
            find_path(goal, grid.find('S'), context, {.algorithm = algorithm, .cost_bound = 14.5f});
        ASSERT_EQ(above.status, SearchStatus::Found) << to_string(algorithm);
        EXPECT_EQ(above.cost, 14);
        // The shortest path costs 14: a bound of 14 leaves nothing cheaper to find.
        const SearchResult at =
            find_path(goal, grid.find('S'), context, {.algorithm = algorithm, .cost_bound = 14});
        EXPECT_EQ(at.status, SearchStatus::NoPath) << to_string(algorithm);
        EXPECT_LT(at.stats.heap_pushes, above.stats.heap_pushes + 1) << to_string(algorithm);
    }
    // Even the start is left out when its heuristic reaches the bound.
    const SearchResult start_out = find_path(goal, grid.find('S'), context, {.cost_bound = 1});
    EXPECT_EQ(start_out.status, SearchStatus::NoPath);
    EXPECT_EQ(start_out.stats.expanded, 0u);
    const SearchResult breadth =
        find_path(goal, grid.find('S'), context,
                  {.algorithm = SearchAlgorithm::BreadthFirst, .cost_bound = 1});
    EXPECT_EQ(breadth.status, SearchStatus::Found);
}

TEST(SearchModes, ATimeSlicedSearchEndsExactlyLikeAWholeOne) {
    const DrawnGrid grid({
        "S...#.......",
        ".##.#.#####.",
        "....#...2..G",
        ".####.####..",
        "............",
    });
    SearchContext context;
    const SingleGoal problem(grid, grid.find('G'));
    const SearchResult whole = find_path(problem, grid.find('S'), context);

    Search search(problem, context);
    ASSERT_EQ(search.begin(grid.find('S')), SearchStatus::InProgress);
    int frames = 0;
    while (search.step(3) == SearchStatus::InProgress) {
        ++frames;
        EXPECT_LE(search.stats().expanded, 3u * frames);
    }
    const SearchResult sliced = search.finish();
    EXPECT_GT(frames, 3);
    EXPECT_EQ(sliced.status, SearchStatus::Found);
    EXPECT_EQ(sliced.path, whole.path);
    EXPECT_EQ(sliced.cost, whole.cost);
    EXPECT_EQ(sliced.stats.expanded, whole.stats.expanded);
    EXPECT_EQ(sliced.stats.heap_pushes, whole.stats.heap_pushes);
}

TEST(SearchModes, FinishingASlicedSearchEarlyStopsItAsIfTheBudgetRanOut) {
    const DrawnGrid grid({"S.........G"});
    SearchContext context;
    SearchOptions options;
    options.allow_partial = true;
    const SingleGoal problem(grid, grid.find('G'));
    Search search(problem, context, options);
    search.begin(grid.find('S'));
    EXPECT_EQ(search.step(4), SearchStatus::InProgress);
    const SearchResult result = search.finish();
    EXPECT_EQ(result.status, SearchStatus::Partial);
    EXPECT_EQ(result.path.size(), 4u) << "S and the three tiles expanded after it";
}

TEST(SearchModes, AContextServesOneSearchAtATime) {
    const DrawnGrid grid({"S...G"});
    SearchContext context;
    const SingleGoal problem(grid, grid.find('G'));
    Search first(problem, context);
    ASSERT_EQ(first.begin(grid.find('S')), SearchStatus::InProgress);
    const SearchResult second = find_path(problem, grid.find('S'), context);
    EXPECT_EQ(second.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(second.message, "in use"));
    first.step();
    EXPECT_TRUE(first.finish().found());
    EXPECT_TRUE(find_path(problem, grid.find('S'), context).found()) << "free again after finish";
}

TEST(SearchModes, AGoalPredicateFindsTheNearestTileWhereItHolds) {
    // Space Age's move-away search: the nearest tile not on the corridor row.
    const DrawnGrid grid({
        "#########",
        "#...S...#",
        "######.##",
        "######.##",
    });
    SearchContext context;
    const GoalWhere off_the_corridor(grid, [&](StateId state) { return state.value / 9 != 1; });
    SearchOptions options;
    options.algorithm = SearchAlgorithm::Dijkstra;
    const SearchResult result = find_path(off_the_corridor, grid.find('S'), context, options);
    ASSERT_EQ(result.status, SearchStatus::Found);
    EXPECT_EQ(result.path.back(), grid.at(6, 2));
    EXPECT_EQ(result.cost, 3);
}

TEST(SearchModes, ContinuingPastEachGoalFindsEveryGoalInTheOrderAWholeSearchTakesThem) {
    // clang-format off
    const DrawnGrid grid({
        "g..#g...",
        ".#.#.##g",
        ".#S..#..",
        "g#.#g...",
    });
    // clang-format on
    SearchOptions options;
    options.algorithm = SearchAlgorithm::BreadthFirst;
    // The reference: the order in which one search with no goal takes the tiles.
    std::vector<StateId> taken;
    SearchContext recording;
    recording.record_expansions(&taken);
    const GoalWhere nowhere(grid, [](StateId) { return false; });
    EXPECT_EQ(find_path(nowhere, grid.find('S'), recording, options).status, SearchStatus::NoPath);
    std::vector<StateId> expected;
    std::copy_if(taken.begin(), taken.end(), std::back_inserter(expected),
                 [&](StateId state) { return grid.tile(state) == 'g'; });
    ASSERT_EQ(expected.size(), 5u);

    // One search, going on past each goal it finds; a goal once found is turned down.
    std::vector<StateId> used;
    const GoalWhere unused_goal(grid, [&](StateId state) {
        return grid.tile(state) == 'g' && std::find(used.begin(), used.end(), state) == used.end();
    });
    SearchContext context;
    Search search(unused_goal, context, options);
    ASSERT_EQ(search.begin(grid.find('S')), SearchStatus::InProgress);
    while (search.step() == SearchStatus::Found) {
        used.push_back(search.goal_found());
        EXPECT_EQ(search.continue_past_goal(), SearchStatus::InProgress);
    }
    EXPECT_EQ(search.status(), SearchStatus::NoPath);
    EXPECT_FALSE(search.goal_found().is_valid());
    EXPECT_EQ(used, expected);
    EXPECT_EQ(search.continue_past_goal(), SearchStatus::NoPath) << "nothing to go on from";
}

TEST(SearchModes, AnyOfSeveralGoalsTakesTheCheapest) {
    const DrawnGrid grid({
        "A....S.9B",
    });
    SearchContext context;
    const AnyOfGoals exits(grid, {grid.find('A'), grid.find('B')});
    const SearchResult result = find_path(exits, grid.find('S'), context);
    ASSERT_TRUE(result.found());
    EXPECT_EQ(result.path.back(), grid.find('A')) << "B is closer but behind a costly tile";
    EXPECT_EQ(result.cost, 5);
    EXPECT_EQ(find_path(AnyOfGoals(grid, {}), grid.find('S'), context).status,
              SearchStatus::NoPath);
}

TEST(SearchModes, TiesAreBrokenTowardsTheGoalSoAnOpenFieldExpandsOnlyThePath) {
    const DrawnGrid grid({
        "S.......",
        "........",
        "........",
        ".......G",
    });
    SearchContext context;
    const SearchResult result =
        find_path(SingleGoal(grid, grid.find('G')), grid.find('S'), context);
    ASSERT_TRUE(result.found());
    EXPECT_EQ(result.path.size(), 11u);
    EXPECT_EQ(result.stats.expanded, 10u);
    const SearchResult again = find_path(SingleGoal(grid, grid.find('G')), grid.find('S'), context);
    EXPECT_EQ(again.path, result.path) << "the same query gives the same path";
}

TEST(SearchModes, OneContextServesSpacesOfDifferentSizesOneAfterAnother) {
    const DrawnGrid small({"S.G"});
    const DrawnGrid large({
        "S.................",
        "#################.",
        "G.................",
    });
    SearchContext context;
    for (int round = 0; round < 3; ++round) {
        EXPECT_EQ(find_path(SingleGoal(small, small.find('G')), small.find('S'), context).cost, 2);
        EXPECT_EQ(find_path(SingleGoal(large, large.find('G')), large.find('S'), context).cost, 36);
    }
    EXPECT_GE(context.memory_bytes(), 12u * 54u);
}

/// A space whose one step costs whatever the test says, to feed the engine bad numbers.
struct TwoStateSpace {
    Cost step = 1;
    Cost h = 0;
    [[nodiscard]] std::size_t state_count() const { return 2; }
    [[nodiscard]] bool is_valid(StateId state) const { return state.value < 2; }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        if (state.value == 0) visit(StateId(1), step);
    }
    [[nodiscard]] Cost heuristic(StateId) const { return h; }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == 1; }
};

TEST(SearchModes, NanOrNegativeStepCostsFromACustomSpaceAreInvalidInput) {
    SearchContext context;
    for (const Cost bad : {-1.0f, std::numeric_limits<Cost>::quiet_NaN()}) {
        const SearchResult result = find_path(TwoStateSpace{bad, 0}, StateId(0), context);
        EXPECT_EQ(result.status, SearchStatus::InvalidInput);
        EXPECT_TRUE(mentions(result.message, "from state 0 to state 1")) << result.message;
    }
    EXPECT_EQ(find_path(TwoStateSpace{infinite_cost, 0}, StateId(0), context).status,
              SearchStatus::NoPath)
        << "an infinite step is no step";
    EXPECT_EQ(find_path(TwoStateSpace{1, -2}, StateId(0), context).status,
              SearchStatus::InvalidInput);
    EXPECT_TRUE(find_path(TwoStateSpace{1, 0}, StateId(0), context).found())
        << "the context is released after a refusal";
}

TEST(SearchModes, StartsOutsideTheSpaceOrOnAWallAreInvalidInput) {
    const DrawnGrid grid({"#.G"});
    SearchContext context;
    const SingleGoal problem(grid, grid.find('G'));
    const SearchResult on_wall = find_path(problem, grid.at(0, 0), context);
    EXPECT_EQ(on_wall.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(on_wall.message, "not a valid state"));
    EXPECT_EQ(find_path(problem, StateId(3), context).status, SearchStatus::InvalidInput);
    EXPECT_EQ(find_path(problem, StateId(), context).status, SearchStatus::InvalidInput);
}

}  // namespace
}  // namespace pathkit
