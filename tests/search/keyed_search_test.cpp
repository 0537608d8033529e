// The engine on keyed spaces: the same costs as a dense search and as a reference written
// here, space-time paths that brute force confirms, a pool that runs out cleanly, and room that
// grows with the searches and is counted as held.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <vector>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/keyed_search.hpp"
#include "support/allocated_bytes.hpp"
#include "support/random_grid.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::mentions;
using testing::random_map;
using testing::random_walkable_cell;

/// A grid space read through keys far from dense: (x + 2^31) << 32 | (y + 2^31).
class GridByKeys {
  public:
    GridByKeys(const GridSpace& space, Cell goal) : space_(space), goal_(goal) {}
    static StateKey key_of(Cell cell) {
        return (static_cast<StateKey>(static_cast<std::uint32_t>(cell.x) ^ 0x80000000u) << 32) |
               (static_cast<std::uint32_t>(cell.y) ^ 0x80000000u);
    }
    static Cell cell_of(StateKey key) {
        return {static_cast<int>(static_cast<std::uint32_t>(key >> 32) ^ 0x80000000u),
                static_cast<int>(static_cast<std::uint32_t>(key) ^ 0x80000000u)};
    }
    template <class Visit>
    void for_each_successor(StateKey key, Visit&& visit) const {
        const GridMap& map = space_.map();
        space_.for_each_successor(StateId(map.index(cell_of(key))), [&](StateId next, Cost step) {
            visit(key_of(map.cell(next.value)), step);
        });
    }
    [[nodiscard]] Cost heuristic(StateKey key) const {
        return space_.estimate(StateId(space_.map().index(cell_of(key))),
                               StateId(space_.map().index(goal_)));
    }
    [[nodiscard]] bool is_goal(StateKey key) const { return cell_of(key) == goal_; }

  private:
    const GridSpace& space_;
    Cell goal_;
};

TEST(KeyedSearch, CostsWhatTheDenseSearchCostsOnRandomGridsWithOneContextForAll) {
    std::mt19937 random(404);
    KeyedSearchContext context(1 << 16);
    int found = 0;
    for (int round = 0; round < 150; ++round) {
        const GridMap map = random_map(random);
        const GridSpace space(map, {.diagonal = static_cast<DiagonalPolicy>(round % 4)});
        for (int query = 0; query < 4; ++query) {
            const Cell from = random_walkable_cell(map, random);
            const Cell to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
            const GridPath dense = space.find_path(from, to);
            for (const SearchAlgorithm algorithm :
                 {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra}) {
                const PathResult<StateKey> keyed =
                    find_keyed_path(GridByKeys(space, to), GridByKeys::key_of(from), context,
                                    {.algorithm = algorithm});
                ASSERT_EQ(keyed.status, dense.status) << "round " << round;
                if (!dense.found()) continue;
                ++found;
                ASSERT_NEAR(keyed.cost, dense.cost, 1e-4 * dense.cost + 1e-4);
                ASSERT_EQ(GridByKeys::cell_of(keyed.path.front()), from);
                ASSERT_EQ(GridByKeys::cell_of(keyed.path.back()), to);
            }
        }
    }
    EXPECT_GT(found, 400);
}

/// A corridor of `length` tiles walked one tile or a wait a step, with a guard that stands on
/// tile `guard_at(t)` at time t: keys are t * length + tile.
struct GuardedCorridor {
    int length;
    int goal;
    std::vector<int> guard;  // where the guard stands at each time; stays at the last after

    [[nodiscard]] int guard_at(std::uint64_t time) const {
        return guard[std::min<std::size_t>(time, guard.size() - 1)];
    }
    template <class Visit>
    void for_each_successor(StateKey key, Visit&& visit) const {
        const std::uint64_t time = key / length;
        const int tile = static_cast<int>(key % length);
        for (const int next : {tile - 1, tile, tile + 1}) {
            if (next < 0 || next >= length || next == guard_at(time + 1)) continue;
            if (next == guard_at(time) && tile == guard_at(time + 1)) continue;  // no swaps
            visit((time + 1) * length + next, 1);
        }
    }
    [[nodiscard]] Cost heuristic(StateKey key) const {
        return static_cast<Cost>(std::abs(static_cast<int>(key % length) - goal));
    }
    [[nodiscard]] bool is_goal(StateKey key) const {
        return static_cast<int>(key % length) == goal &&
               key / length + 1 >= guard.size();  // and the guard has settled
    }
};

/// Breadth-first over (tile, time) written out here: the earliest time the goal is held.
int earliest_arrival(const GuardedCorridor& corridor, int start) {
    std::deque<std::pair<int, int>> frontier{{start, 0}};
    std::set<std::pair<int, int>> seen{{start, 0}};
    while (!frontier.empty()) {
        const auto [tile, time] = frontier.front();
        frontier.pop_front();
        if (corridor.is_goal(static_cast<StateKey>(time) * corridor.length + tile)) return time;
        if (time > 200) continue;
        corridor.for_each_successor(
            static_cast<StateKey>(time) * corridor.length + tile, [&](StateKey next, Cost) {
                const auto entry = std::pair{static_cast<int>(next % corridor.length),
                                             static_cast<int>(next / corridor.length)};
                if (seen.insert(entry).second) frontier.push_back(entry);
            });
    }
    return -1;
}

TEST(KeyedSearch, SpaceTimePathsAroundAWalkingGuardTakeAsLongAsBruteForceSays) {
    std::mt19937 random(9);
    KeyedSearchContext context(1 << 14);
    int delayed = 0;
    for (int round = 0; round < 300; ++round) {
        GuardedCorridor corridor{.length = 3 + static_cast<int>(random() % 10), .goal = 0};
        corridor.goal = static_cast<int>(random() % corridor.length);
        int guard = static_cast<int>(random() % corridor.length);
        for (int step = 0; step < 12; ++step) {
            corridor.guard.push_back(guard);
            guard = std::clamp(guard + static_cast<int>(random() % 3) - 1, 0, corridor.length - 1);
        }
        const int start = static_cast<int>(random() % corridor.length);
        if (start == corridor.guard[0]) continue;
        const int truth = earliest_arrival(corridor, start);
        const PathResult<StateKey> path = find_keyed_path(corridor, static_cast<StateKey>(start),
                                                          context, {.max_expansions = 100000});
        if (truth < 0) {
            EXPECT_NE(path.status, SearchStatus::Found) << "round " << round;
            continue;
        }
        ASSERT_EQ(path.status, SearchStatus::Found) << "round " << round;
        EXPECT_EQ(path.cost, truth) << "round " << round;
        delayed += truth > std::abs(start - corridor.goal);
        for (std::size_t at = 0; at < path.path.size(); ++at)  // never on the guard
            EXPECT_NE(static_cast<int>(path.path[at] % corridor.length), corridor.guard_at(at));
    }
    EXPECT_GT(delayed, 20) << "the guard must get in the way now and then";
}

TEST(KeyedSearch, APoolThatRunsOutStopsTheSearchAndSaysSo) {
    const GridMap map = GridMap::create(60, 60).value();
    const GridSpace space(map);
    KeyedSearchContext small(100);
    const GridByKeys far_corner(space, {59, 59});
    const PathResult<StateKey> stopped = find_keyed_path(
        far_corner, GridByKeys::key_of({0, 0}), small, {.algorithm = SearchAlgorithm::Dijkstra});
    EXPECT_EQ(stopped.status, SearchStatus::BudgetExhausted);
    EXPECT_TRUE(mentions(stopped.message, "more than its 100 states")) << stopped.message;
    const PathResult<StateKey> partial =
        find_keyed_path(far_corner, GridByKeys::key_of({0, 0}), small, {.allow_partial = true});
    EXPECT_EQ(partial.status, SearchStatus::Partial);
    EXPECT_FALSE(partial.path.empty());
    EXPECT_TRUE(mentions(partial.message, "closest state")) << partial.message;
    const PathResult<StateKey> near =
        find_keyed_path(GridByKeys(space, {3, 2}), GridByKeys::key_of({0, 0}), small, {});
    EXPECT_EQ(near.status, SearchStatus::Found) << "the next search starts with an empty pool";
    EXPECT_GT(small.memory_bytes(), 100u * 36);
}

/// The grid read through keys, throwing at its `throw_after`-th expansion (as the distance
/// tables throw when their deadline passes).
struct ThrowingGrid {
    GridByKeys grid;
    mutable int expansions_left;
    struct Stop {};
    template <class Visit>
    void for_each_successor(StateKey key, Visit&& visit) const {
        if (expansions_left-- == 0) throw Stop{};
        grid.for_each_successor(key, visit);
    }
    [[nodiscard]] Cost heuristic(StateKey key) const { return grid.heuristic(key); }
    [[nodiscard]] bool is_goal(StateKey key) const { return grid.is_goal(key); }
};

TEST(KeyedSearch, AProblemThatThrowsLeavesTheContextReadyForTheNextSearch) {
    const GridMap map = GridMap::create(100, 100).value();
    const GridSpace space(map);
    KeyedSearchContext context(1 << 16);
    for (const int expansions : {0, 10, 3000}) {  // the last one past the first room's growth
        const ThrowingGrid throwing{GridByKeys(space, {99, 99}), expansions};
        EXPECT_THROW((void)find_keyed_path(throwing, GridByKeys::key_of({0, 0}), context,
                                           {.algorithm = SearchAlgorithm::Dijkstra}),
                     ThrowingGrid::Stop);
        const PathResult<StateKey> after =
            find_keyed_path(GridByKeys(space, {99, 99}), GridByKeys::key_of({0, 0}), context, {});
        ASSERT_EQ(after.status, SearchStatus::Found);
        EXPECT_EQ(after.cost, space.find_path({0, 0}, {99, 99}).cost);
    }
}

using testing::allocated_bytes;

TEST(KeyedSearch, TheRoomGrowsWithTheSearchesUpToTheCapacityAndStaysForTheNextOnes) {
    PATHKIT_SKIP_WITHOUT_ALLOCATOR_FIGURES();
    const GridMap map = GridMap::create(300, 300).value();
    const GridSpace space(map);
    const Cost dense_cost = space.find_path({0, 0}, {299, 299}).cost;
    const std::size_t before = allocated_bytes();
    auto context = std::make_unique<KeyedSearchContext>(1 << 20);
    const PathResult<StateKey> near =
        find_keyed_path(GridByKeys(space, {5, 5}), GridByKeys::key_of({0, 0}), *context, {});
    ASSERT_EQ(near.status, SearchStatus::Found);
    const std::size_t small_room = context->room();
    EXPECT_LT(small_room, 10'000u) << "a small search keeps a small table";
    // Dijkstra to the far corner reaches all 90,000 tiles: the room grows, the cost is the
    // dense search's.
    const PathResult<StateKey> far =
        find_keyed_path(GridByKeys(space, {299, 299}), GridByKeys::key_of({0, 0}), *context,
                        {.algorithm = SearchAlgorithm::Dijkstra});
    ASSERT_EQ(far.status, SearchStatus::Found);
    EXPECT_EQ(far.cost, dense_cost);
    EXPECT_GE(context->room(), 90'000u);
    EXPECT_LE(context->room(), context->capacity());
    const std::size_t grown_room = context->room();
    EXPECT_EQ(
        find_keyed_path(GridByKeys(space, {5, 5}), GridByKeys::key_of({0, 0}), *context, {}).path,
        near.path);
    EXPECT_EQ(context->room(), grown_room) << "the room stays for the next searches";
    EXPECT_LE(context->memory_bytes(), KeyedSearchContext::largest_bytes(context->capacity()));
    const std::size_t measured = allocated_bytes() - before;
    const double ratio =
        static_cast<double>(context->memory_bytes()) / static_cast<double>(measured);
    EXPECT_GT(ratio, 0.9) << context->memory_bytes() << " reported, " << measured << " held";
    EXPECT_LT(ratio, 1.1) << context->memory_bytes() << " reported, " << measured << " held";
}

TEST(KeyedSearch, ACapacityWithinABudgetOfBytesIsTheLargestThatFits) {
    for (const std::size_t bytes : {std::size_t{0}, std::size_t{1000}, std::size_t{1} << 20,
                                    std::size_t{123456789}, std::size_t{1} << 40}) {
        const std::size_t capacity = KeyedSearchContext::capacity_within(bytes);
        EXPECT_GE(capacity, 1u);
        if (capacity > 1) {
            EXPECT_LE(KeyedSearchContext::largest_bytes(capacity), bytes);
        }
        if (capacity < (std::size_t{1} << 31)) {
            EXPECT_GT(KeyedSearchContext::largest_bytes(capacity + 1), bytes);
        }
        EXPECT_LE(KeyedSearchContext::largest_bytes(capacity), 84 * capacity + 84);
    }
}

}  // namespace
}  // namespace pathkit
