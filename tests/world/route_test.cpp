// Cross-map routes against a brute-force search over every tile of every map.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>

#include "world/world_builders.hpp"

namespace pathkit {
namespace {

using testing::add_drawn_map;
using testing::brute_force_route_cost;
using testing::map_id;

TEST(WorldRoutes, TheSeedsRouteFromHouseThreeToHouseFiveGoesThroughZeroAndOne) {
    World world = testing::town();
    ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
    const WorldPosition from{map_id(3), {2, 1}}, to{map_id(5), {3, 2}};
    const Route route = world.find_route(from, to);
    ASSERT_TRUE(route.found()) << route.message;
    EXPECT_EQ(route.maps(), (std::vector{map_id(3), map_id(0), map_id(1), map_id(5)}));
    EXPECT_EQ(route.cost, brute_force_route_cost(world, from, to));
    EXPECT_EQ(route.legs.front().cells.front(), from.cell);
    EXPECT_EQ(route.legs.back().cells.back(), to.cell);
    // Every step inside a leg is one tile; legs start where the door or edge leads.
    for (const RouteLeg& leg : route.legs)
        for (std::size_t index = 1; index < leg.cells.size(); ++index)
            EXPECT_EQ(std::abs(leg.cells[index].x - leg.cells[index - 1].x) +
                          std::abs(leg.cells[index].y - leg.cells[index - 1].y),
                      1);
    EXPECT_EQ(route.legs[1].cells.front(), (Cell{6, 3})) << "out of house 3 by its door";
    EXPECT_EQ(route.legs[2].cells.front().x, 0) << "onto earthland's west edge";
}

TEST(WorldRoutes, DoorsWorkBothWays) {
    World world = testing::town();
    const Route in = world.find_route({map_id(0), {0, 5}}, {map_id(4), {3, 1}});
    const Route out = world.find_route({map_id(4), {3, 1}}, {map_id(0), {0, 5}});
    ASSERT_TRUE(in.found() && out.found());
    EXPECT_EQ(in.maps(), (std::vector{map_id(0), map_id(4)}));
    EXPECT_EQ(out.maps(), (std::vector{map_id(4), map_id(0)}));
    EXPECT_EQ(in.cost, out.cost);
}

// The seed's depth-first map search takes the first exit that leads anywhere, north first:
// here 0 -> 3 -> 4 -> 1 round a square of maps, where 0 -> 1 is next door.
//
//      [3][4]
//      [0][1]
std::vector<MapId> seed_depth_first(const World& world, MapId at, MapId goal,
                                    std::vector<MapId>& visited) {
    visited.push_back(at);
    if (at == goal) return {at};
    const WorldMap& map = *world.map(at);
    for (const auto& neighbour : map.neighbours) {  // north, east, south, west
        if (!neighbour || std::find(visited.begin(), visited.end(), *neighbour) != visited.end())
            continue;
        std::vector<MapId> rest = seed_depth_first(world, *neighbour, goal, visited);
        if (!rest.empty()) {
            rest.insert(rest.begin(), at);
            return rest;
        }
    }
    return {};
}

TEST(WorldRoutes, OursIsShorterWhereTheSeedsDepthFirstSearchTakesTheLongWay) {
    World world;
    const std::vector<std::string> field(8, "........");
    for (int id = 0; id < 5; ++id)
        add_drawn_map(world, id, MapKind::Outdoor, field);
    ASSERT_TRUE(world.link(map_id(0), Side::East, map_id(1)).ok());
    ASSERT_TRUE(world.link(map_id(0), Side::North, map_id(3)).ok());
    ASSERT_TRUE(world.link(map_id(3), Side::East, map_id(4)).ok());
    ASSERT_TRUE(world.link(map_id(4), Side::South, map_id(1)).ok());
    ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
    const WorldPosition from{map_id(0), {3, 3}}, to{map_id(1), {4, 4}};
    std::vector<MapId> visited;
    const std::vector<MapId> depth_first = seed_depth_first(world, from.map, to.map, visited);
    EXPECT_EQ(depth_first, (std::vector{map_id(0), map_id(3), map_id(4), map_id(1)}));
    const Route route = world.find_route(from, to);
    ASSERT_TRUE(route.found());
    EXPECT_EQ(route.maps(), (std::vector{map_id(0), map_id(1)}));
    EXPECT_EQ(route.cost, brute_force_route_cost(world, from, to));
    EXPECT_LT(route.cost, brute_force_route_cost(world, from, to, depth_first));
}

TEST(WorldRoutes, EdgesWithOffsetMapsLandOnTheMatchingTile) {
    World world;
    add_drawn_map(world, 0, MapKind::Outdoor, std::vector<std::string>(6, "......"));
    add_drawn_map(world, 1, MapKind::Outdoor, std::vector<std::string>(10, "....."));
    // Map 1 starts 2 rows above map 0: map 0's row y meets map 1's row y + 2.
    ASSERT_TRUE(world.link(map_id(0), Side::East, map_id(1), -2).ok());
    ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
    const WorldPosition from{map_id(0), {5, 0}}, to{map_id(1), {0, 2}};
    const Route route = world.find_route(from, to);
    ASSERT_TRUE(route.found());
    EXPECT_EQ(route.cost, 1) << "straight across the edge";
    EXPECT_EQ(route.cost, brute_force_route_cost(world, from, to));
    const Route far = world.find_route({map_id(1), {2, 9}}, {map_id(0), {0, 5}});
    ASSERT_TRUE(far.found());
    EXPECT_EQ(far.cost, brute_force_route_cost(world, {map_id(1), {2, 9}}, {map_id(0), {0, 5}}));
}

/// Every leg walks from tile to neighbouring tile and the legs' costs add up to the route's.
void expect_walkable_legs(const World& world, const Route& route) {
    Cost total = 0;
    for (const RouteLeg& leg : route.legs) {
        const WorldMap& map = *world.map(leg.map);
        Cost walked = 0;
        for (std::size_t index = 1; index < leg.cells.size(); ++index) {
            const Cell a = leg.cells[index - 1], b = leg.cells[index];
            EXPECT_EQ(std::abs(a.x - b.x) + std::abs(a.y - b.y), 1) << "four moves";
            EXPECT_TRUE(map.grid.is_walkable(b));
            walked += map.grid.terrain_cost(b);
        }
        EXPECT_NEAR(walked, leg.cost, 1e-3);
        total += leg.cost;
    }
    EXPECT_NEAR(total + static_cast<Cost>(route.legs.size() - 1), route.cost, 1e-3)
        << "each crossing costs one step";
}

/// Random queries between walkable tiles of maps 0..maps-1 (all `size` tiles): the route's
/// cost is the brute-force cost, its legs walkable; NoPath exactly when there is no way.
void expect_random_routes_match_brute_force(const World& world, std::mt19937& random, int maps,
                                            Cell size, int queries) {
    std::uniform_int_distribution<int> pick(0, maps - 1), x_of(0, size.x - 1), y_of(0, size.y - 1);
    for (int query = 0; query < queries; ++query) {
        const WorldPosition from{map_id(pick(random)), {x_of(random), y_of(random)}};
        const WorldPosition to{map_id(pick(random)), {x_of(random), y_of(random)}};
        if (!world.check_position(from, "from") || !world.check_position(to, "to")) continue;
        const double truth = brute_force_route_cost(world, from, to);
        const Route route = world.find_route(from, to);
        if (std::isinf(truth)) {
            EXPECT_EQ(route.status, SearchStatus::NoPath);
            continue;
        }
        ASSERT_TRUE(route.found()) << route.message;
        EXPECT_NEAR(route.cost, truth, 1e-3) << "query " << query;
        expect_walkable_legs(world, route);
    }
}

TEST(WorldRoutes, RandomWorldsMatchTheBruteForceCost) {
    std::mt19937 random(8);
    for (int trial = 0; trial < 6; ++trial) {
        World world;
        std::bernoulli_distribution wall(0.2);
        for (int id = 0; id < 4; ++id) {
            std::vector<std::string> rows(7, std::string(9, '.'));
            for (auto& row : rows)
                for (char& tile : row)
                    if (wall(random)) tile = '#';
            add_drawn_map(world, id, id < 3 ? MapKind::Outdoor : MapKind::Indoor, rows);
        }
        (void)world.link(map_id(0), Side::East, map_id(1), trial % 3 - 1);
        (void)world.link(map_id(1), Side::South, map_id(2));
        const auto walkable = [&](int id) {
            const WorldMap& map = *world.map(map_id(id));
            for (int y = 0; y < 7; ++y)
                for (int x = 0; x < 9; ++x)
                    if (map.grid.is_walkable({x, y})) return Cell{x, y};
            return Cell{-1, -1};
        };
        (void)world.add_door(map_id(2), walkable(2), map_id(3), walkable(3));
        ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
        expect_random_routes_match_brute_force(world, random, 4, {9, 7}, 30);
    }
}

TEST(WorldRoutes, TerrainCostsTheTileEnteredSoARouteOutOfASwampIsCheapAndOneInIsDear) {
    // Two 5 x 1 maps side by side; only the west map's first tile is a swamp (x100).
    World world;
    add_drawn_map(world, 0, MapKind::Outdoor, {"....."});
    add_drawn_map(world, 1, MapKind::Outdoor, {"....."});
    ASSERT_TRUE(world.link(map_id(0), Side::East, map_id(1)).ok());
    ASSERT_TRUE(world.set_terrain_cost(map_id(0), {0, 0}, 100).ok());
    const WorldPosition west{map_id(0), {0, 0}}, east{map_id(1), {4, 0}};
    const Route out = world.find_route(west, east);
    ASSERT_TRUE(out.found()) << out.message;
    EXPECT_EQ(out.cost, 9) << "4 tiles entered, 1 crossing, 4 tiles entered";
    expect_walkable_legs(world, out);
    const Route back = world.find_route(east, west);
    ASSERT_TRUE(back.found()) << back.message;
    EXPECT_EQ(back.cost, 4 + 1 + 3 + 100) << "entering the swamp last";
    expect_walkable_legs(world, back);
    EXPECT_EQ(back.cost, brute_force_route_cost(world, east, west));
}

TEST(WorldRoutes, RandomWorldsWithSwampsMatchTheBruteForceCostBothWays) {
    std::mt19937 random(21);
    for (int trial = 0; trial < 6; ++trial) {
        World world;
        std::discrete_distribution<int> tile_kind({70, 15, 15});  // open, wall, swamp (x3)
        for (int id = 0; id < 3; ++id) {
            std::vector<std::string> rows(6, std::string(8, '.'));
            for (auto& row : rows)
                for (char& tile : row)
                    tile = ".#~"[tile_kind(random)];
            add_drawn_map(world, id, id < 2 ? MapKind::Outdoor : MapKind::Indoor, rows);
        }
        (void)world.link(map_id(0), Side::East, map_id(1), trial % 3 - 1);
        const auto first_open = [&](int id) {
            const WorldMap& map = *world.map(map_id(id));
            for (int y = 0; y < 6; ++y)
                for (int x = 0; x < 8; ++x)
                    if (map.grid.is_walkable({x, y})) return Cell{x, y};
            return Cell{-1, -1};
        };
        (void)world.add_door(map_id(1), first_open(1), map_id(2), first_open(2));
        ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
        expect_random_routes_match_brute_force(world, random, 3, {8, 6}, 40);
    }
}

TEST(WorldRoutes, ThePortalSpacingStaysWithTheWorldWhenItIsMovedOrLoaded) {
    World world = testing::town();
    ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
    const std::size_t portals = world.portal_count();
    World moved = std::move(world);
    EXPECT_EQ(moved.edge_portal_spacing(), 1);
    EXPECT_EQ(moved.portal_count(), portals);
    World assigned;
    assigned = std::move(moved);
    EXPECT_EQ(assigned.edge_portal_spacing(), 1);
    EXPECT_FALSE(assigned.set_edge_portal_spacing(0).ok());
    EXPECT_FALSE(assigned.set_edge_portal_spacing(GridMap::max_side + 1).ok());
}

TEST(WorldRoutes, DistanceFieldsOverTheMemoryLimitAreRefusedWithTheFigures) {
    World world;
    add_drawn_map(world, 0, MapKind::Outdoor, std::vector<std::string>(40, std::string(40, '.')));
    add_drawn_map(world, 1, MapKind::Outdoor, std::vector<std::string>(40, std::string(40, '.')));
    ASSERT_TRUE(world.link(map_id(0), Side::East, map_id(1)).ok());
    ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
    EXPECT_EQ(world.route_memory_estimate(), 2u * 40 * (42 * 42) * sizeof(float))
        << "40 portals a map, one field each over the padded tiles";
    world.set_route_memory_limit(world.route_memory_estimate() / 2 + 1);
    const Route route = world.find_route({map_id(0), {0, 0}}, {map_id(1), {39, 39}});
    EXPECT_EQ(route.status, SearchStatus::InvalidInput);
    EXPECT_NE(route.message.find("over the limit of"), std::string::npos) << route.message;
    world.set_route_memory_limit(world.route_memory_estimate());
    EXPECT_TRUE(world.find_route({map_id(0), {0, 0}}, {map_id(1), {39, 39}}).found());
}

TEST(WorldRoutes, ChangingAMapMakesOnlyItsFieldsStaleAndTheRouteFollows) {
    World world = testing::town();
    const WorldPosition from{map_id(2), {2, 2}}, to{map_id(7), {2, 2}};
    const Route before = world.find_route(from, to);
    ASSERT_TRUE(before.found());
    const std::size_t ready = world.ready_map_count();
    EXPECT_GE(ready, 3u);
    // Wall off the grassland's east edge but for its top row: the route must climb to it.
    for (int y = 1; y < 6; ++y)
        ASSERT_TRUE(world.set_walkable(map_id(0), {13, y}, false).ok());
    EXPECT_EQ(world.ready_map_count(), ready - 1) << "only map 0's fields wait for repair";
    const Route after = world.find_route(from, to);
    ASSERT_TRUE(after.found());
    EXPECT_GT(after.cost, before.cost);
    EXPECT_EQ(after.cost, brute_force_route_cost(world, from, to));
}

TEST(WorldRoutes, BadPositionsAndUnreachableGoalsGetAClearStatus) {
    World world = testing::town();
    EXPECT_EQ(world.find_route({map_id(9), {0, 0}}, {map_id(0), {0, 0}}).status,
              SearchStatus::InvalidInput);
    EXPECT_EQ(world.find_route({map_id(0), {1, 1}}, {map_id(0), {0, 0}}).status,
              SearchStatus::InvalidInput)
        << "a solid tile";
    EXPECT_EQ(world.find_route({map_id(0), {0, 0}}, {map_id(0), {40, 0}}).status,
              SearchStatus::InvalidInput);
    add_drawn_map(world, 8, MapKind::Indoor, {"...", "..."});  // a house with no door
    const Route lost = world.find_route({map_id(0), {0, 0}}, {map_id(8), {1, 1}});
    EXPECT_EQ(lost.status, SearchStatus::NoPath);
    EXPECT_NE(lost.message.find("no route"), std::string::npos);
    EXPECT_FALSE(world.add_door(map_id(0), {0, 0}, map_id(12), {0, 0}).ok()) << "unknown map";
    EXPECT_FALSE(world.add_door(map_id(0), {0, 0}, map_id(2), {0, 0}).ok()) << "solid spawn";
    EXPECT_FALSE(world.link(map_id(0), Side::East, map_id(2)).ok()) << "indoor maps have no edges";
}

}  // namespace
}  // namespace pathkit
