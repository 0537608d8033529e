// Random grid maps for differential tests: noise, solid blocks, and walkable tiles to query.
#pragma once

#include <algorithm>
#include <random>

#include "pathkit/grid/grid_map.hpp"

namespace pathkit::testing {

/// A map of 1..150 x 1..150 tiles with its origin at (-7, 3): random blocked tiles (0-45 %)
/// and up to six solid rectangles, so there are long walls and open rooms.
inline GridMap random_map(std::mt19937& random) {
    std::uniform_int_distribution<int> side(1, 150);
    std::uniform_real_distribution<float> unit(0, 1);
    const float density = unit(random) * 0.45f;
    auto map = GridMap::create(side(random), side(random), {-7, 3}).value();
    // Noise plus a few solid rectangles, so there are long walls and open rooms.
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (unit(random) < density)
                (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
        }
    }
    for (int block = std::uniform_int_distribution<int>(0, 6)(random); block > 0; --block) {
        const int x0 = std::uniform_int_distribution<int>(0, map.width() - 1)(random);
        const int y0 = std::uniform_int_distribution<int>(0, map.height() - 1)(random);
        const int w = std::uniform_int_distribution<int>(1, 20)(random);
        const int h = std::uniform_int_distribution<int>(1, 20)(random);
        for (int y = y0; y < std::min(map.height(), y0 + h); ++y) {
            for (int x = x0; x < std::min(map.width(), x0 + w); ++x)
                (void)map.set_walkable({map.origin().x + x, map.origin().y + y}, false);
        }
    }
    return map;
}

/// A `width` x `height` map, origin (0, 0), each tile blocked with probability `blocked`
/// (drawn row after row).
inline GridMap scattered_map(std::mt19937& random, int width, int height, double blocked) {
    GridMap map = GridMap::create(width, height).value();
    std::bernoulli_distribution wall(blocked);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (wall(random)) (void)map.set_walkable({x, y}, false);
    return map;
}

/// A random walkable tile of `map`, or its origin when 64 draws find none.
inline Cell random_walkable_cell(const GridMap& map, std::mt19937& random) {
    for (int attempt = 0; attempt < 64; ++attempt) {
        const Cell cell{
            map.origin().x + std::uniform_int_distribution<int>(0, map.width() - 1)(random),
            map.origin().y + std::uniform_int_distribution<int>(0, map.height() - 1)(random)};
        if (map.is_walkable(cell)) return cell;
    }
    return map.origin();
}

}  // namespace pathkit::testing
