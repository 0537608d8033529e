// Fuzz target (API): tiles of a world of linked maps blocked, opened and made dearer in the
// order the bytes say; after each edit the repaired distance fields give the routes a world
// built anew with the same tiles gives.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_bytes.hpp"
#include "pathkit/world/world.hpp"
#include "world/world_builders.hpp"

namespace {

using namespace pathkit;
using testing::map_id;

/// Three maps of 3..7 x 3..6 tiles, a tile in four solid, the first two linked east and the
/// second and third by a door, from the bytes.
World world_from(fuzzing::FuzzBytes& bytes) {
    World world;
    const DiagonalPolicy policies[] = {DiagonalPolicy::Never, DiagonalPolicy::Always,
                                       DiagonalPolicy::AtLeastOneWalkable,
                                       DiagonalPolicy::NoCornerCutting};
    world.set_rules({.diagonal = policies[bytes.in(0, 3)]});
    (void)world.set_edge_portal_spacing(bytes.in(1, 3));
    for (int id = 0; id < 3; ++id) {
        const int width = bytes.in(3, 7), height = bytes.in(3, 6);
        std::vector<std::string> rows(static_cast<std::size_t>(height),
                                      std::string(static_cast<std::size_t>(width), '.'));
        for (auto& row : rows)
            for (char& tile : row)
                if (bytes.in(0, 3) == 0) tile = '#';
        rows[1][1] = '.';  // the door's tiles
        testing::add_drawn_map(world, id, id < 2 ? MapKind::Outdoor : MapKind::Indoor, rows);
    }
    (void)world.link(map_id(0), Side::East, map_id(1), bytes.in(-1, 1));
    (void)world.add_door(map_id(1), {1, 1}, map_id(2), {1, 1});
    return world;
}

WorldPosition tile_from(fuzzing::FuzzBytes& bytes, const World& world) {
    const WorldMap& map = world.maps()[static_cast<std::size_t>(bytes.in(0, 2))];
    return {map.id, {bytes.in(0, map.grid.width() - 1), bytes.in(0, map.grid.height() - 1)}};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::FuzzBytes bytes(data, size);
    const World first = world_from(bytes);
    World world = testing::rebuilt_world(first, first);
    const float costs[] = {0, 0.5f, 1, 3};
    for (int edit = 0; edit < 12 && !bytes.empty(); ++edit) {
        const WorldPosition tile = tile_from(bytes, world);
        const int what = bytes.in(0, 2);
        const Status status =
            what == 2 ? world.set_terrain_cost(tile.map, tile.cell, costs[bytes.in(0, 3)])
                      : world.set_walkable(tile.map, tile.cell, what == 1);
        if (!status) fuzzing::broken("an edit of a tile on the map was refused");
        const World made = testing::rebuilt_world(first, world);
        for (int query = 0; query < 2 && !bytes.empty(); ++query) {
            const WorldPosition from = tile_from(bytes, world), to = tile_from(bytes, world);
            const Route repaired = world.find_route(from, to);
            const Route computed = made.find_route(from, to);
            if (repaired.status != computed.status || repaired.cost != computed.cost)
                fuzzing::broken("repaired fields gave another route than fields made anew");
        }
    }
    return 0;
}
