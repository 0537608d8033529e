// Links between tiles and per-query terrain filters: drawn cases, a Dijkstra of the test's own
// as the oracle on random maps with random links, and refused input.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "support/ascii_map.hpp"
#include "support/grid_rules.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::random_walkable_cell;
using testing::rules_with;
using Picture = std::vector<std::string>;

constexpr double infinity = std::numeric_limits<double>::infinity();

/// A link as the oracle sees it: one direction.
struct Move {
    Cell from;
    Cell to;
    double cost;
};

/// Whether one step from `a` to `b` (neighbours) is allowed by `rules` on `map`, walls being the
/// map's blocked tiles and the tiles `blocked` says; the rules written out again from
/// their definitions.
bool legal_step(const GridMap& map, const MovementRules& rules, Cell a, Cell b,
                const std::function<bool(Cell)>& blocked) {
    const auto free = [&](Cell c) { return map.is_walkable(c) && !blocked(c); };
    const int dx = b.x - a.x, dy = b.y - a.y;
    if (std::abs(dx) > 1 || std::abs(dy) > 1 || (dx == 0 && dy == 0) || !free(b)) return false;
    if (dx == 0 || dy == 0) return true;
    const bool side_a = free({a.x + dx, a.y}), side_b = free({a.x, a.y + dy});
    switch (rules.diagonal) {
        case DiagonalPolicy::Never:
            return false;
        case DiagonalPolicy::Always:
            return true;
        case DiagonalPolicy::AtLeastOneWalkable:
            return side_a || side_b;
        case DiagonalPolicy::NoCornerCutting:
            return side_a && side_b;
    }
    return false;
}

/// The oracle: plain Dijkstra over tiles in double precision, with the link moves added as
/// edges; tiles `blocked` says are walls.
double reference_cost(
    const GridMap& map, const MovementRules& rules, const std::vector<Move>& links, Cell from,
    Cell to, const std::function<bool(Cell)>& blocked = [](Cell) { return false; }) {
    const int w = map.width(), h = map.height();
    const auto slot = [&](Cell c) {
        return static_cast<std::size_t>((c.y - map.origin().y) * w + (c.x - map.origin().x));
    };
    std::vector<double> best(static_cast<std::size_t>(w * h), infinity);
    using Entry = std::pair<double, std::size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    best[slot(from)] = 0;
    open.push({0, slot(from)});
    while (!open.empty()) {
        const auto [cost, at] = open.top();
        open.pop();
        if (cost > best[at]) continue;
        const Cell here{map.origin().x + static_cast<int>(at) % w,
                        map.origin().y + static_cast<int>(at) / w};
        if (here == to) return cost;
        const auto relax = [&](Cell next, double step) {
            if (cost + step < best[slot(next)]) {
                best[slot(next)] = cost + step;
                open.push({cost + step, slot(next)});
            }
        };
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const Cell next{here.x + dx, here.y + dy};
                if (!legal_step(map, rules, here, next, blocked)) continue;
                relax(next, (dx != 0 && dy != 0 ? rules.diagonal_cost : rules.straight_cost) *
                                static_cast<double>(map.terrain_cost(next)));
            }
        }
        for (const Move& link : links)
            if (link.from == here && map.is_walkable(link.to) && !blocked(link.to))
                relax(link.to, link.cost);
    }
    return infinity;
}

/// The link moves of a space, for the oracle.
std::vector<Move> moves_of(const GridSpace& space) {
    std::vector<Move> moves;
    for (const GridLink& link : space.links()) {
        moves.push_back({link.from, link.to, link.cost});
        if (link.bidirectional) moves.push_back({link.to, link.from, link.cost});
    }
    return moves;
}

/// The cost of a tile path whose steps are single moves or the links `result.links` names, or
/// NaN (with a failure) when a step is neither.
double checked_cost(
    const GridSpace& space, const GridPath& result,
    const std::function<bool(Cell)>& blocked = [](Cell) { return false; }) {
    const GridMap& map = space.map();
    if (!result.links.empty()) {
        EXPECT_EQ(result.links.size() + 1, result.path.size());
    }
    double total = 0;
    for (std::size_t i = 0; i + 1 < result.path.size(); ++i) {
        const Cell a = result.path[i], b = result.path[i + 1];
        const GridLinkId taken = result.links.empty() ? GridLinkId{} : result.links[i];
        if (taken.is_valid()) {
            const GridLink* link = space.link(taken);
            if (link == nullptr) {
                ADD_FAILURE() << "step " << i << " names link " << taken.value << ", not a link";
                return std::nan("");
            }
            const bool forward = link->from == a && link->to == b;
            const bool back = link->bidirectional && link->to == a && link->from == b;
            if (!forward && !back) {
                ADD_FAILURE() << "link " << taken.value << " does not join " << to_string(a)
                              << " to " << to_string(b);
                return std::nan("");
            }
            total += link->cost;
            continue;
        }
        if (!legal_step(map, space.rules(), a, b, blocked)) {
            ADD_FAILURE() << "step " << to_string(a) << " -> " << to_string(b)
                          << " is neither a move nor a link";
            return std::nan("");
        }
        const bool diagonal = a.x != b.x && a.y != b.y;
        total += (diagonal ? space.rules().diagonal_cost : space.rules().straight_cost) *
                 static_cast<double>(map.terrain_cost(b));
    }
    return total;
}

SearchOptions using_algorithm(SearchAlgorithm algorithm) {
    SearchOptions options;
    options.algorithm = algorithm;
    return options;
}

// -- Drawn cases ------------------------------------------------------------------------------

TEST(GridLinks, ATeleporterCheaperThanWalkingIsTakenByEverySearch) {
    // clang-format off
    const auto map = ascii_map({
        "S.a......#.......",
        "...#.....#.....b.",
        "...#.....#.......",
        "...#.............",
        "...#............G",
    });
    // clang-format on
    GridSpace space(map.map);
    const auto teleporter = space.add_link(map.find('a'), map.find('b'), {.cost = 0.5f});
    ASSERT_TRUE(teleporter.has_value());
    for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra,
                                            SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
        const GridPath result =
            space.find_path(map.find('S'), map.find('G'), using_algorithm(algorithm));
        ASSERT_EQ(result.status, SearchStatus::Found) << to_string(algorithm) << result.message;
        // Two steps to the teleporter, half a step through it, then one diagonal and two
        // straight steps down to the goal.
        EXPECT_NEAR(result.cost, 2 + 0.5 + 1.41421356 + 2, 1e-4) << to_string(algorithm);
        ASSERT_EQ(result.links.size() + 1, result.path.size());
        EXPECT_EQ(result.links[2], teleporter.value()) << "the third step is the teleporter";
        EXPECT_NEAR(checked_cost(space, result), result.cost, 1e-4);
    }
}

TEST(GridLinks, ADoorThatTakesLongerThanTheWayRoundIsNotTaken) {
    // clang-format off
    const auto map = ascii_map({
        "S.a#b.G",
        "...#...",
        ".......",
    });
    // clang-format on
    GridSpace space(map.map);
    ASSERT_TRUE(space.add_link(map.find('a'), map.find('b'), {.cost = 20}).has_value());
    for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Jps}) {
        const GridPath result =
            space.find_path(map.find('S'), map.find('G'), using_algorithm(algorithm));
        ASSERT_EQ(result.status, SearchStatus::Found);
        EXPECT_TRUE(result.links.empty()) << "no step is a link";
        EXPECT_NEAR(result.cost,
                    reference_cost(map.map, space.rules(), {}, map.find('S'), map.find('G')), 1e-4)
            << to_string(algorithm);
        EXPECT_LT(result.cost, 20);
    }
}

TEST(GridLinks, AOneWayLinkIsFollowedOnlyFromItsStart) {
    // clang-format off
    const auto map = ascii_map({
        "a.#.b",
        "..#..",
    });
    // clang-format on
    GridSpace space(map.map);
    ASSERT_TRUE(space.add_link(map.find('a'), map.find('b'), {.cost = 1, .bidirectional = false})
                    .has_value());
    for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::JpsPlus}) {
        const GridPath there =
            space.find_path(map.find('a'), map.find('b'), using_algorithm(algorithm));
        EXPECT_EQ(there.status, SearchStatus::Found) << to_string(algorithm);
        EXPECT_EQ(there.path, (std::vector<Cell>{map.find('a'), map.find('b')}));
        const GridPath back =
            space.find_path(map.find('b'), map.find('a'), using_algorithm(algorithm));
        EXPECT_EQ(back.status, SearchStatus::NoPath) << to_string(algorithm);
    }
}

TEST(GridLinks, TurnsKeepALinkAsOneStepBetweenTheWalksEitherSide) {
    // clang-format off
    const auto map = ascii_map({
        "S...a#b...",
        ".....#....",
        ".....#..G.",
    });
    // clang-format on
    GridSpace space(map.map);
    const GridLinkId stairs =
        space.add_link(map.find('a'), map.find('b'), {.cost = 2, .name = "stairs"}).value();
    for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Jps}) {
        const GridPath result = space.find_path(map.find('S'), map.find('G'),
                                                using_algorithm(algorithm), PathShape::Turns);
        ASSERT_EQ(result.status, SearchStatus::Found);
        // S, a, then the stairs to b, then the diagonal to G.
        EXPECT_EQ(result.path,
                  (std::vector<Cell>{map.find('S'), map.find('a'), map.find('b'), map.find('G')}))
            << to_string(algorithm);
        EXPECT_EQ(result.links, (std::vector<GridLinkId>{GridLinkId{}, stairs, GridLinkId{}}));
        EXPECT_NEAR(result.cost, 4 + 2 + 2 * 1.41421356, 1e-4);
    }
}

TEST(GridLinks, JpsPlusSeesLinksAddedAndRemovedAfterItsIndexWasBuilt) {
    // clang-format off
    const auto map = ascii_map({
        "S.........#.........",
        "..........#.........",
        "..........#.........",
        "..........#........G",
    });
    // clang-format on
    GridSpace space(map.map);
    const SearchOptions jps_plus = using_algorithm(SearchAlgorithm::JpsPlus);
    EXPECT_EQ(space.find_path(map.find('S'), map.find('G'), jps_plus).status, SearchStatus::NoPath);
    const GridLinkId bridge = space.add_link({5, 2}, {15, 2}, {.cost = 1}).value();
    const GridPath across = space.find_path(map.find('S'), map.find('G'), jps_plus);
    ASSERT_EQ(across.status, SearchStatus::Found) << across.message;
    EXPECT_NEAR(checked_cost(space, across), across.cost, 1e-4);
    EXPECT_NEAR(
        across.cost,
        reference_cost(map.map, space.rules(), moves_of(space), map.find('S'), map.find('G')),
        1e-4);
    ASSERT_TRUE(space.remove_link(bridge).ok());
    EXPECT_EQ(space.find_path(map.find('S'), map.find('G'), jps_plus).status, SearchStatus::NoPath);
}

// -- Random maps against the oracle -----------------------------------------------------------

GridMap random_small_map(std::mt19937& random) {
    std::uniform_int_distribution<int> side(2, 24);
    std::uniform_real_distribution<float> unit(0, 1);
    const float density = unit(random) * 0.4f;
    auto map = GridMap::create(side(random), side(random), {-4, 7}).value();
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (unit(random) < density)
                (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
    return map;
}

/// Adds 0 to 8 random links: teleporters cheaper than walking, dear doors, one-way drops, and
/// links onto the start or the goal.
void add_random_links(GridSpace& space, std::mt19937& random, Cell start, Cell goal) {
    const GridMap& map = space.map();
    std::uniform_real_distribution<float> unit(0, 1);
    for (int count = std::uniform_int_distribution<int>(0, 8)(random); count > 0; --count) {
        Cell a = random_walkable_cell(map, random), b = random_walkable_cell(map, random);
        const float roll = unit(random);
        if (roll < 0.15f) a = start;
        if (roll > 0.85f) b = goal;
        const float kind = unit(random);
        GridLinkOptions options;
        options.cost = kind < 0.3f ? 0 : kind < 0.6f ? unit(random) * 3 : unit(random) * 30;
        options.bidirectional = unit(random) < 0.6f;
        if (a == b || !map.is_walkable(a) || !map.is_walkable(b)) continue;
        ASSERT_TRUE(space.add_link(a, b, options).has_value());
    }
}

TEST(GridLinks, EverySearchFindsTheOracleCostOnRandomMapsWithRandomLinks) {
    std::mt19937 random(20240611);
    SearchContext context;
    int found = 0, with_links_taken = 0, unreachable = 0;
    for (int round = 0; round < 1200; ++round) {
        const GridMap map = random_small_map(random);
        const auto policy = static_cast<DiagonalPolicy>(round % 4);
        GridSpace space(map, rules_with(policy));
        space.set_link_estimate(round % 5 == 0 ? LinkEstimate::LastLink : LinkEstimate::PerLink);
        const Cell from = random_walkable_cell(map, random), to = random_walkable_cell(map, random);
        if (!map.is_walkable(from) || !map.is_walkable(to)) continue;
        add_random_links(space, random, from, to);
        const double expected = reference_cost(map, space.rules(), moves_of(space), from, to);
        for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::Dijkstra,
                                                SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
            for (const PathShape shape : {PathShape::Tiles, PathShape::Turns}) {
                const GridPath result =
                    space.find_path(from, to, context, using_algorithm(algorithm), shape);
                const std::string where = "round " + std::to_string(round) + " " +
                                          to_string(algorithm) + " " + to_string(policy);
                if (std::isinf(expected)) {
                    EXPECT_EQ(result.status, SearchStatus::NoPath) << where;
                    continue;
                }
                ASSERT_EQ(result.status, SearchStatus::Found) << where << " " << result.message;
                EXPECT_NEAR(result.cost, expected, 1e-3 * std::max(1.0, expected)) << where;
                if (shape == PathShape::Tiles) {
                    EXPECT_NEAR(checked_cost(space, result), expected,
                                1e-3 * std::max(1.0, expected))
                        << where;
                }
            }
        }
        // Weighted A* stays within its bound.
        SearchOptions weighted;
        weighted.heuristic_weight = 1.5f;
        const GridPath bounded = space.find_path(from, to, context, weighted);
        if (std::isinf(expected)) {
            ++unreachable;
            EXPECT_EQ(bounded.status, SearchStatus::NoPath);
            continue;
        }
        ++found;
        ASSERT_EQ(bounded.status, SearchStatus::Found);
        EXPECT_LE(checked_cost(space, bounded), 1.5 * expected + 1e-3 * std::max(1.0, expected));
        const GridPath plain = space.find_path(from, to, context);
        if (!plain.links.empty()) ++with_links_taken;
    }
    EXPECT_GT(found, 600);
    EXPECT_GT(with_links_taken, 200) << "many optimal paths must take links";
    EXPECT_GT(unreachable, 20);
}

TEST(GridLinks, JpsPlusMatchesTheOracleWhileLinksComeAndGoOnOneSpace) {
    std::mt19937 random(77);
    SearchContext context;
    for (int round = 0; round < 150; ++round) {
        const GridMap map = random_small_map(random);
        GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        (void)space.jump_point_index();  // built before any link, then repaired
        std::vector<GridLinkId> added;
        for (int edit = 0; edit < 12; ++edit) {
            const Cell from = random_walkable_cell(map, random),
                       to = random_walkable_cell(map, random);
            if (!map.is_walkable(from) || !map.is_walkable(to)) break;
            if (edit % 3 == 2 && !added.empty()) {
                ASSERT_TRUE(space.remove_link(added.back()).ok());
                added.pop_back();
            } else if (auto id = space.add_link(
                           random_walkable_cell(map, random), random_walkable_cell(map, random),
                           {.cost = static_cast<float>(edit % 4), .bidirectional = edit % 2 == 0});
                       id) {
                added.push_back(id.value());
            }
            const double expected = reference_cost(map, space.rules(), moves_of(space), from, to);
            const GridPath result =
                space.find_path(from, to, context, using_algorithm(SearchAlgorithm::JpsPlus));
            if (std::isinf(expected)) {
                EXPECT_EQ(result.status, SearchStatus::NoPath) << "round " << round;
                continue;
            }
            ASSERT_EQ(result.status, SearchStatus::Found) << "round " << round << result.message;
            EXPECT_NEAR(result.cost, expected, 1e-3 * std::max(1.0, expected))
                << "round " << round << " edit " << edit;
            EXPECT_NEAR(checked_cost(space, result), expected, 1e-3 * std::max(1.0, expected));
        }
    }
}

// -- Refused links ----------------------------------------------------------------------------

TEST(GridLinks, ALinkWithAnEndOutsideTheMapOrOnAWallOrABadCostIsRefusedAndChangesNothing) {
    // clang-format off
    const auto map = ascii_map({
        "a.#",
        "...",
    });
    // clang-format on
    GridSpace space(map.map);
    const auto refused = [&](Cell from, Cell to, float cost, const std::string& says) {
        const auto result = space.add_link(from, to, {.cost = cost});
        ASSERT_FALSE(result.has_value());
        EXPECT_NE(result.error().message().find(says), std::string::npos)
            << result.error().message();
        EXPECT_TRUE(space.links().empty());
        EXPECT_FALSE(space.has_links());
        EXPECT_EQ(space.link_revision(), 0u);
    };
    refused({0, 0}, {5, 0}, 1, "link end 5,0 is outside the map");
    refused({-1, 0}, {1, 1}, 1, "link start -1,0 is outside the map");
    refused({0, 0}, {2, 0}, 1, "link end 2,0 is not walkable");
    refused({0, 0}, {0, 0}, 1, "the same tile");
    refused({0, 0}, {1, 1}, -1, "link cost -1 is not a finite number >= 0");
    refused({0, 0}, {1, 1}, std::nanf(""), "is not a finite number >= 0");
    refused({0, 0}, {1, 1}, std::numeric_limits<float>::infinity(), "is not a finite number");
    EXPECT_FALSE(space.remove_link(GridLinkId(0)).ok()) << "never added";
    const GridLinkId id = space.add_link({0, 0}, {1, 1}).value();
    ASSERT_TRUE(space.remove_link(id).ok());
    const Status again = space.remove_link(id);
    EXPECT_FALSE(again.ok());
    EXPECT_EQ(again.message(), "link 0 does not exist");
}

TEST(GridLinks, ALinkWhoseEndIsWalledAfterwardsIsNotFollowedUntilFreedAgain) {
    // clang-format off
    auto map = ascii_map({
        "S#b",
        ".#G",
    });
    // clang-format on
    GridSpace space(map.map);
    ASSERT_TRUE(space.add_link(map.find('S'), map.find('b'), {.cost = 3}).has_value());
    EXPECT_TRUE(space.find_path(map.find('S'), map.find('G')).found());
    (void)map.map.set_walkable(map.find('b'), false);
    for (const SearchAlgorithm algorithm : {SearchAlgorithm::AStar, SearchAlgorithm::JpsPlus})
        EXPECT_EQ(space.find_path(map.find('S'), map.find('G'), using_algorithm(algorithm)).status,
                  SearchStatus::NoPath)
            << to_string(algorithm);
    (void)map.map.set_walkable(map.find('b'), true);
    EXPECT_TRUE(space.find_path(map.find('S'), map.find('G')).found());
}

// -- Terrain filters --------------------------------------------------------------------------

/// A drawn map whose 'w' tiles are water (a terrain type), walkable for those who swim.
struct WaterMap {
    testing::AsciiMap drawn;
    TerrainType water;
};

WaterMap water_map(std::vector<std::string> rows) {
    WaterMap result{ascii_map(std::move(rows)), 0};
    result.water = result.drawn.map.add_terrain_type("water").value();
    for (int y = 0; y < static_cast<int>(result.drawn.rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(result.drawn.rows[y].size()); ++x)
            if (result.drawn.rows[y][x] == 'w')
                (void)result.drawn.map.set_terrain_type({x, y}, result.water);
    return result;
}

TEST(TerrainFilter, AUnitThatCannotSwimWalksRoundTheLakeThatOthersCross) {
    // clang-format off
    const auto lake = water_map({
        "..........",
        "S.wwwwww.G",
        "..wwwwww..",
        "..........",
    });
    // clang-format on
    const GridSpace space(lake.drawn.map);
    const Cell from = lake.drawn.find('S'), to = lake.drawn.find('G');
    const TerrainFilter cannot_swim{{lake.water}};
    for (const SearchAlgorithm algorithm :
         {SearchAlgorithm::AStar, SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
        const GridPath swimmer = space.find_path(from, to, using_algorithm(algorithm));
        EXPECT_NEAR(swimmer.cost, 9, 1e-4) << "straight across";
        const GridPath walker =
            space.find_path(from, to, using_algorithm(algorithm), PathShape::Tiles, cannot_swim);
        ASSERT_EQ(walker.status, SearchStatus::Found) << walker.message;
        for (const Cell cell : walker.path)
            EXPECT_NE(lake.drawn.map.terrain_type(cell), lake.water) << to_string(cell);
        // Up a diagonal, along the shore, down a diagonal: the same cost above or below.
        EXPECT_NEAR(walker.cost, 7 + 2 * 1.41421356, 1e-4) << to_string(algorithm);
    }
}

TEST(TerrainFilter, MatchesTheOracleThatWallsTheExcludedTilesOnRandomMapsWithLinks) {
    std::mt19937 random(4242);
    SearchContext context;
    int found = 0;
    for (int round = 0; round < 400; ++round) {
        GridMap map = random_small_map(random);
        const TerrainType water = map.add_terrain_type("water").value();
        const TerrainType lava = map.add_terrain_type("lava").value();
        std::uniform_real_distribution<float> unit(0, 1);
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x) {
                const float roll = unit(random);
                const Cell cell{map.origin().x + x, map.origin().y + y};
                if (roll < 0.2f) (void)map.set_terrain_type(cell, water);
                if (roll > 0.9f) (void)map.set_terrain_type(cell, lava);
            }
        GridSpace space(map, rules_with(static_cast<DiagonalPolicy>(round % 4)));
        const Cell from = random_walkable_cell(map, random), to = random_walkable_cell(map, random);
        add_random_links(space, random, from, to);
        const TerrainFilter filter{round % 2 == 0 ? std::vector<TerrainType>{water}
                                                  : std::vector<TerrainType>{water, lava}};
        const auto excluded = [&](Cell c) {
            for (const TerrainType type : filter.excluded)
                if (map.terrain_type(c) == type) return true;
            return false;
        };
        for (const SearchAlgorithm algorithm :
             {SearchAlgorithm::AStar, SearchAlgorithm::Jps, SearchAlgorithm::JpsPlus}) {
            const GridPath result = space.find_path(from, to, context, using_algorithm(algorithm),
                                                    PathShape::Tiles, filter);
            const std::string where = "round " + std::to_string(round) + " " + to_string(algorithm);
            if (!map.is_walkable(from) || !map.is_walkable(to) || excluded(from) || excluded(to)) {
                EXPECT_EQ(result.status, SearchStatus::InvalidInput) << where;
                continue;
            }
            const double expected =
                reference_cost(map, space.rules(), moves_of(space), from, to, excluded);
            if (std::isinf(expected)) {
                EXPECT_EQ(result.status, SearchStatus::NoPath) << where;
                continue;
            }
            ++found;
            ASSERT_EQ(result.status, SearchStatus::Found) << where << " " << result.message;
            EXPECT_NEAR(result.cost, expected, 1e-3 * std::max(1.0, expected)) << where;
            EXPECT_NEAR(checked_cost(space, result, excluded), expected,
                        1e-3 * std::max(1.0, expected))
                << where;
        }
        // The map changes: the next filtered query sees it.
        (void)map.set_terrain_type(to, water);
        if (map.is_walkable(from) && map.is_walkable(to) && !excluded(from)) {
            EXPECT_EQ(space.find_path(from, to, context, {}, PathShape::Tiles, filter).status,
                      SearchStatus::InvalidInput);
        }
    }
    EXPECT_GT(found, 300);
}

TEST(TerrainFilter, AFilterNamingATypeTheMapDoesNotHaveOrAnExcludedEndIsRefused) {
    // clang-format off
    const auto lake = water_map({
        "S.w.G",
    });
    // clang-format on
    const GridSpace space(lake.drawn.map);
    const GridPath unknown = space.find_path(lake.drawn.find('S'), lake.drawn.find('G'), {},
                                             PathShape::Tiles, TerrainFilter{{7}});
    EXPECT_EQ(unknown.status, SearchStatus::InvalidInput);
    EXPECT_EQ(unknown.message,
              "terrain filter: type 7 is not a terrain type of the map (it has 0 ground, 1 water)");
    const GridPath wet = space.find_path({2, 0}, lake.drawn.find('G'), {}, PathShape::Tiles,
                                         TerrainFilter{{lake.water}});
    EXPECT_EQ(wet.status, SearchStatus::InvalidInput);
    EXPECT_EQ(wet.message, "start 2,0 is on terrain \"water\", which the filter excludes");
    GridMap map = GridMap::create(3, 1).value();
    EXPECT_FALSE(map.add_terrain_type("").has_value());
    EXPECT_FALSE(map.add_terrain_type("ground").has_value()) << "type 0's name is taken";
    EXPECT_FALSE(map.set_terrain_type({0, 0}, 1).ok()) << "no type 1 yet";
    EXPECT_FALSE(map.set_terrain_type({3, 0}, 0).ok()) << "outside the map";
}

}  // namespace
}  // namespace pathkit
