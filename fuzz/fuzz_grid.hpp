// Fuzz support: a small grid map and its diagonal rule, drawn from the bytes.
#pragma once

#include "fuzz_bytes.hpp"
#include "pathkit/grid/grid_space.hpp"

namespace pathkit::fuzzing {

/// A map of 1..40 x 1..40 tiles, each blocked with a share (0-70 %) the bytes choose.
inline GridMap grid_from_bytes(FuzzBytes& bytes) {
    const int width = bytes.in(1, 40), height = bytes.in(1, 40);
    GridMap map = GridMap::create(width, height).value();
    const int wall_share = bytes.in(0, 70);  // percent
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (bytes.in(0, 99) < wall_share) (void)map.set_walkable({x, y}, false);
    return map;
}

/// Movement rules with the diagonal rule the bytes choose, the rest as by default.
inline MovementRules rules_from_bytes(FuzzBytes& bytes) {
    MovementRules rules;
    rules.diagonal = static_cast<DiagonalPolicy>(bytes.in(0, 3));
    return rules;
}

}  // namespace pathkit::fuzzing
