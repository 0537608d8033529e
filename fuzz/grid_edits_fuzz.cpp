// Fuzz target (API): on a grid made from the bytes, tiles flipped in bursts the bytes choose;
// after each burst the repaired JPS+ index has every distance a new build has, and the
// refreshed table of where a big unit fits is the table a new space builds.
#include <cstdint>
#include <vector>

#include "fuzz_grid.hpp"
#include "pathkit/grid/static_grid_index.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    fuzzing::FuzzBytes bytes(data, size);
    GridMap map = fuzzing::grid_from_bytes(bytes);
    const int width = map.width(), height = map.height();
    const MovementRules rules = fuzzing::rules_from_bytes(bytes);
    const GridSpace space(map, rules);
    MovementRules big = rules;
    big.agent_size = bytes.in(2, 4);
    GridSpace big_space(map, big);
    auto index = StaticGridIndex::build(space);
    if (!index) fuzzing::broken("no index on a map without terrain costs");
    for (int burst = 0; burst < 8 && !bytes.empty(); ++burst) {
        for (int edit = bytes.in(1, 4); edit > 0; --edit) {
            const Cell tile{bytes.in(0, width - 1), bytes.in(0, height - 1)};
            (void)map.set_walkable(tile, !map.is_walkable(tile));
        }
        if (!index.value().repair()) fuzzing::broken("a repair of a few edits was refused");
        const auto built = StaticGridIndex::build(space);
        for (std::uint32_t tile = 0; tile < map.padded_size(); ++tile)
            for (int slot = 0; slot < StaticGridIndex::slots; ++slot)
                if (index.value().distances(tile)[slot] != built.value().distances(tile)[slot])
                    fuzzing::broken("a repaired distance differs from a new build's");
        big_space.refresh();
        const GridSpace fresh(map, big);
        for (std::uint32_t tile = 0; tile < map.padded_size(); ++tile)
            if (big_space.fits_data()[tile] != fresh.fits_data()[tile])
                fuzzing::broken("a refreshed fit differs from a new space's");
    }
    return 0;
}
