// World routes after tile edits: the repaired distance fields give the routes a new world gives,
// the brute-force costs, and only the fields an edit can reach are written again.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "world/world_builders.hpp"

namespace pathkit {
namespace {

using testing::add_drawn_map;
using testing::brute_force_route_cost;
using testing::map_id;
using testing::rebuilt_world;

/// A world as first made, never edited nor asked for routes, to make new worlds with the same
/// maps, links and doors: `now` gives one with the tiles of `edited`, whose fields are all
/// computed anew.
struct WorldRecipe {
    World first;

    [[nodiscard]] World now(const World& edited) const { return rebuilt_world(first, edited); }
};

/// Three outdoor maps of different sizes linked east and south with offsets, two houses, doors
/// between them; a fifth of the tiles solid.
WorldRecipe random_world(std::mt19937& random, const MovementRules& rules, int spacing) {
    WorldRecipe recipe;
    World& world = recipe.first;
    world.set_rules(rules);
    (void)world.set_edge_portal_spacing(spacing);
    const Cell sizes[] = {{8, 6}, {7, 6}, {8, 5}, {5, 4}, {4, 4}};
    std::bernoulli_distribution wall(0.2);
    for (int id = 0; id < 5; ++id) {
        std::vector<std::string> rows(static_cast<std::size_t>(sizes[id].y),
                                      std::string(static_cast<std::size_t>(sizes[id].x), '.'));
        for (auto& row : rows)
            for (char& tile : row)
                if (wall(random)) tile = '#';
        rows[1][1] = rows[2][2] = '.';  // door and spawn tiles
        add_drawn_map(world, id, id < 3 ? MapKind::Outdoor : MapKind::Indoor, rows);
    }
    std::uniform_int_distribution<int> offset(-1, 1);
    (void)world.link(map_id(0), Side::East, map_id(1), offset(random));
    (void)world.link(map_id(1), Side::South, map_id(2), offset(random));
    (void)world.add_door(map_id(0), {1, 1}, map_id(3), {2, 2});
    (void)world.add_door(map_id(2), {2, 2}, map_id(4), {1, 1});
    (void)world.add_door(map_id(3), {1, 1}, map_id(4), {2, 2});
    return recipe;
}

/// A random tile of a random map of `world` that is `walkable` (or not), or any tile after 64
/// draws find none.
WorldPosition random_tile(const World& world, std::mt19937& random, bool walkable) {
    WorldPosition tile;
    for (int draw = 0; draw < 64; ++draw) {
        const WorldMap& map = world.maps()[std::uniform_int_distribution<std::size_t>(
            0, world.maps().size() - 1)(random)];
        tile = {map.id,
                {std::uniform_int_distribution<int>(0, map.grid.width() - 1)(random),
                 std::uniform_int_distribution<int>(0, map.grid.height() - 1)(random)}};
        if (map.grid.is_walkable(tile.cell) == walkable) break;
    }
    return tile;
}

/// The share of blocked tiles over every map of `world`.
double solid_share(const World& world) {
    int solid = 0, tiles = 0;
    for (const WorldMap& map : world.maps())
        for (int y = 0; y < map.grid.height(); ++y)
            for (int x = 0; x < map.grid.width(); ++x, ++tiles)
                solid += !map.grid.is_walkable({x, y});
    return static_cast<double>(solid) / tiles;
}

/// Status, cost and every leg the same, to the bit.
void expect_same_route(const Route& repaired, const Route& computed, const std::string& where) {
    ASSERT_EQ(repaired.status, computed.status) << where;
    ASSERT_EQ(repaired.cost, computed.cost) << where;
    ASSERT_EQ(repaired.legs.size(), computed.legs.size()) << where;
    for (std::size_t leg = 0; leg < repaired.legs.size(); ++leg) {
        EXPECT_EQ(repaired.legs[leg].map, computed.legs[leg].map) << where << ", leg " << leg;
        EXPECT_EQ(repaired.legs[leg].cells, computed.legs[leg].cells) << where << ", leg " << leg;
        EXPECT_EQ(repaired.legs[leg].cost, computed.legs[leg].cost) << where << ", leg " << leg;
    }
}

TEST(WorldRouteRepair, AfterEachOfAThousandRandomEditsRoutesEqualANewWorldsAndTheBruteForce) {
    std::mt19937 random(1027);
    struct Variant {
        MovementRules rules;
        int spacing;
        bool terrain;  // edits set terrain costs too (zero-cost roads included)
        bool brute_force;
    };
    const Variant variants[] = {
        {{.diagonal = DiagonalPolicy::Never}, 1, false, true},
        {{.diagonal = DiagonalPolicy::Never}, 1, true, true},
        {{.diagonal = DiagonalPolicy::NoCornerCutting}, 2, true, false},
    };
    const float multipliers[] = {0, 0.5f, 1, 2, 5};
    std::uniform_int_distribution<int> multiplier_of(0, 4);
    std::bernoulli_distribution coin(0.5);
    for (const Variant& variant : variants) {
        const WorldRecipe recipe = random_world(random, variant.rules, variant.spacing);
        World world = recipe.now(recipe.first);
        for (int edit = 0; edit < 1000; ++edit) {
            // Walls come and go around a fifth of the tiles, so the maps stay mostly connected.
            const bool block =
                std::bernoulli_distribution(solid_share(world) < 0.2 ? 0.7 : 0.3)(random);
            const WorldPosition tile = random_tile(world, random, block);
            if (variant.terrain && coin(random))
                ASSERT_TRUE(
                    world.set_terrain_cost(tile.map, tile.cell, multipliers[multiplier_of(random)])
                        .ok());
            else
                ASSERT_TRUE(world.set_walkable(tile.map, tile.cell, !block).ok());
            const World made = recipe.now(world);
            for (int query = 0; query < 3; ++query) {
                const WorldPosition from = random_tile(world, random, true),
                                    to = random_tile(world, random, true);
                if (!world.check_position(from, "from") || !world.check_position(to, "to"))
                    continue;
                const std::string where =
                    "spacing " + std::to_string(variant.spacing) + ", edit " + std::to_string(edit);
                const Route route = world.find_route(from, to);
                expect_same_route(route, made.find_route(from, to), where);
                if (!variant.brute_force) continue;
                const double truth = brute_force_route_cost(world, from, to);
                if (std::isinf(truth))
                    EXPECT_EQ(route.status, SearchStatus::NoPath) << where;
                else
                    EXPECT_NEAR(route.cost, truth, 1e-3) << where;
            }
        }
        const RouteFieldCounts counts = world.route_field_counts();
        EXPECT_GT(counts.repaired, 0u);
        EXPECT_GT(counts.kept, 0u) << "edits far from a portal's reach leave its field";
        EXPECT_LT(counts.computed, counts.repaired + counts.kept)
            << "most fields are repaired or kept, not computed again";
    }
}

// Three rooms of one map, each with a door to a cellar: blocking a tile of the west room
// repairs the field of the west room's door only; the other doors' fields cannot reach it.
TEST(WorldRouteRepair, ABlockedTileRepairsOnlyTheFieldsOfPortalsThatReachIt) {
    World world;
    // clang-format off
    add_drawn_map(world, 0, MapKind::Indoor, {
        "...#...#...",
        ".a.#.b.#.c.",
        "...#...#...",
    });
    // clang-format on
    add_drawn_map(world, 1, MapKind::Indoor, {"..."});
    for (const int x : {1, 5, 9})
        ASSERT_TRUE(world.add_door(map_id(0), {x, 1}, map_id(1), {(x - 1) / 4, 0}).ok());
    ASSERT_TRUE(world.prepare_routes(map_id(0)).ok());
    ASSERT_TRUE(world.prepare_routes(map_id(1)).ok());
    EXPECT_EQ(world.route_field_counts().computed, 6u) << "one field a door or spawn: no terrain";
    ASSERT_TRUE(world.set_walkable(map_id(0), {0, 0}, false).ok());  // the west room's corner
    EXPECT_EQ(world.ready_map_count(), 1u) << "the cellar's fields stay exact";
    ASSERT_TRUE(world.prepare_routes(map_id(0)).ok());
    const RouteFieldCounts counts = world.route_field_counts();
    EXPECT_EQ(counts.computed, 6u) << "none computed again";
    EXPECT_EQ(counts.repaired, 1u) << "door a's field";
    EXPECT_EQ(counts.kept, 2u) << "doors b and c cannot reach the corner";
    EXPECT_EQ(counts.costs_repaired, 1u) << "only the corner's cost: its neighbours had other ways";
    EXPECT_EQ(world.ready_map_count(), 2u);
}

TEST(WorldRouteRepair, ADoorWhoseTileIsBlockedIsClosedUntilItOpensAgain) {
    World world = testing::town();
    const WorldPosition house{map_id(2), {2, 1}}, field{map_id(0), {0, 5}};
    const Route before = world.find_route(house, field);
    ASSERT_TRUE(before.found()) << before.message;
    ASSERT_TRUE(world.set_walkable(map_id(0), {1, 3}, false).ok());  // house 2's door
    const Route closed = world.find_route(house, field);
    EXPECT_EQ(closed.status, SearchStatus::NoPath) << "house 2 has no other way out";
    EXPECT_TRUE(std::isinf(brute_force_route_cost(world, house, field)));
    ASSERT_TRUE(world.set_walkable(map_id(0), {1, 3}, true).ok());
    const Route open = world.find_route(house, field);
    ASSERT_TRUE(open.found()) << open.message;
    expect_same_route(open, before, "the door open again");
}

// A field from a blocked portal tile was once read from the search before it (the search
// from a blocked tile is refused): with maps of one size that field looked like a way out.
TEST(WorldRouteRepair, BothDoorsOfAHallBlockedLeaveNoWayOutEvenBetweenMapsOfOneSize) {
    World world;
    const std::vector<std::string> open(6, std::string(14, '.'));
    add_drawn_map(world, 0, MapKind::Outdoor, open);
    add_drawn_map(world, 1, MapKind::Indoor, open);
    ASSERT_TRUE(world.add_door(map_id(0), {1, 3}, map_id(1), {2, 3}).ok());
    ASSERT_TRUE(world.add_door(map_id(0), {6, 3}, map_id(1), {8, 3}).ok());
    ASSERT_TRUE(world.set_walkable(map_id(0), {1, 3}, false).ok());
    ASSERT_TRUE(world.set_walkable(map_id(0), {6, 3}, false).ok());
    const WorldPosition hall{map_id(1), {2, 1}}, field{map_id(0), {0, 5}};
    EXPECT_EQ(world.find_route(hall, field).status, SearchStatus::NoPath);
    EXPECT_TRUE(std::isinf(brute_force_route_cost(world, hall, field)));
}

TEST(WorldRouteRepair, ACrossingOpenedOnAnEdgeComputesOnlyTheNewPortalsFields) {
    World world;
    // clang-format off
    const std::vector<std::string> west{
        "....",
        "...#",
        "...#",
        "....",
    };
    // clang-format on
    add_drawn_map(world, 0, MapKind::Outdoor, west);
    add_drawn_map(world, 1, MapKind::Outdoor, std::vector<std::string>(4, "...."));
    ASSERT_TRUE(world.link(map_id(0), Side::East, map_id(1)).ok());
    ASSERT_TRUE(world.set_edge_portal_spacing(1).ok());
    const WorldPosition from{map_id(0), {0, 1}}, to{map_id(1), {0, 1}};
    ASSERT_EQ(world.find_route(from, to).cost, 6) << "over the top crossing";
    EXPECT_EQ(world.portal_count(), 4u) << "rows 0 and 3 cross, a portal on each side";
    ASSERT_TRUE(world.set_walkable(map_id(0), {3, 1}, true).ok());
    const Route route = world.find_route(from, to);
    EXPECT_EQ(route.cost, 4) << "straight across";
    EXPECT_EQ(world.portal_count(), 6u);
    const RouteFieldCounts counts = world.route_field_counts();
    EXPECT_EQ(counts.computed, 4u + 2u) << "the four first fields, then the new crossing's two";
    EXPECT_EQ(counts.repaired + counts.kept, 2u) << "the west map's old portals, repaired";
    EXPECT_EQ(route.cost, brute_force_route_cost(world, from, to));
}

/// An open square room (map 0) of `side` tiles whose top-left tile is a door to a one-tile
/// cellar (map 1); the room's one field computed.
World room_with_a_door(int side) {
    World world;
    add_drawn_map(world, 0, MapKind::Indoor,
                  std::vector<std::string>(static_cast<std::size_t>(side),
                                           std::string(static_cast<std::size_t>(side), '.')));
    add_drawn_map(world, 1, MapKind::Indoor, {"."});
    (void)world.add_door(map_id(0), {0, 0}, map_id(1), {0, 0});
    (void)world.prepare_routes(map_id(0));
    return world;
}

TEST(WorldRouteRepair, EditsTouchingMoreThanAQuarterOfAMapComputeItsFieldsWhole) {
    World world = room_with_a_door(6);
    ASSERT_EQ(world.route_field_counts().computed, 1u);
    for (int x = 1; x < 6; ++x)  // a wall down the middle: 5 tiles, 21 tiles near them
        ASSERT_TRUE(world.set_walkable(map_id(0), {x, 3}, false).ok());
    ASSERT_TRUE(world.prepare_routes(map_id(0)).ok());
    EXPECT_EQ(world.route_field_counts().computed, 2u) << "8 x 8 padded tiles, 21 near: whole";
    const Route route = world.find_route({map_id(1), {0, 0}}, {map_id(0), {5, 5}});
    EXPECT_EQ(route.cost, brute_force_route_cost(world, {map_id(1), {0, 0}}, {map_id(0), {5, 5}}));
}

TEST(WorldRouteRepair, TheFirstTerrainCostOfAMapComputesItsFieldsAgainOneEachWay) {
    World world = room_with_a_door(8);
    ASSERT_EQ(world.route_field_counts().computed, 1u);
    ASSERT_TRUE(world.set_terrain_cost(map_id(0), {4, 4}, 3).ok());
    ASSERT_TRUE(world.prepare_routes(map_id(0)).ok());
    EXPECT_EQ(world.route_field_counts().computed, 1u + 2u) << "to and from the door now differ";
    ASSERT_TRUE(world.set_terrain_cost(map_id(0), {5, 5}, 3).ok());
    ASSERT_TRUE(world.prepare_routes(map_id(0)).ok());
    const RouteFieldCounts counts = world.route_field_counts();
    EXPECT_EQ(counts.computed, 3u) << "the second is repaired";
    EXPECT_EQ(counts.repaired, 1u) << "from the door: entering the tile costs more";
    EXPECT_EQ(counts.kept, 1u) << "to the door: every tile beside it had a way round as cheap";
}

TEST(WorldRouteRepair, PreparingRoutesOfAnUnknownMapIsRefused) {
    const World world = testing::town();
    const Status refused = world.prepare_routes(map_id(42));
    EXPECT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("42"), std::string::npos) << refused.message();
}

}  // namespace
}  // namespace pathkit
