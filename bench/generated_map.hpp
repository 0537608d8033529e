// The generated square maps of the scaling sweep (bench/grid_scaling.cpp describes them), made
// from a seed alone, the same on every platform, for every benchmark that wants them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "pathkit/grid/grid_map.hpp"

namespace pathkit::bench {

// splitmix64: a small generator whose numbers are the same with every standard library.
class Random {
  public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t value = (state_ += 0x9e3779b97f4a7c15ull);
        value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
        value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
        return value ^ (value >> 31);
    }
    // A whole number in [0, bound).
    std::uint32_t below(std::uint32_t bound) {
        return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
    }
    // A whole number in [low, high].
    int between(int low, int high) {
        return low + static_cast<int>(below(static_cast<std::uint32_t>(high - low + 1)));
    }
    // A real number in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  private:
    std::uint64_t state_;
};

// A generated map as blocked bytes (row-major, size x size), before it becomes a GridMap.
struct Tiles {
    int size = 0;
    std::vector<std::uint8_t> blocked;
    std::size_t blocked_count = 0;

    void block(int x, int y) {
        if (x < 0 || y < 0 || x >= size || y >= size) return;
        std::uint8_t& tile = blocked[static_cast<std::size_t>(y) * size + x];
        blocked_count += tile == 0;
        tile = 1;
    }
};

inline constexpr double blocked_share = 0.22;

// The map described at the top of this file.
inline Tiles generate_tiles(int size, Random& random) {
    Tiles tiles{size, std::vector<std::uint8_t>(static_cast<std::size_t>(size) * size, 0), 0};
    const std::size_t area = static_cast<std::size_t>(size) * size;
    const auto wall = [&](int x, int y, int dx, int dy, int length) {
        const int door = random.between(2, length - 4);  // a gap two tiles wide
        for (int step = 0; step < length; ++step)
            if (step != door && step != door + 1) tiles.block(x + step * dx, y + step * dy);
    };
    for (std::size_t count = std::max<std::size_t>(1, area / 1024); count > 0; --count) {
        const int x = random.between(0, size - 1), y = random.between(0, size - 1);
        const int length = random.between(8, 64);
        const bool across = random.below(2) == 0;
        const int dx = across ? 1 : 0, dy = across ? 0 : 1;
        wall(x, y, dx, dy, length);
        if (random.below(2) == 0) {  // an arm at the far end, turning either way
            const int sign = random.below(2) == 0 ? 1 : -1;
            wall(x + (length - 1) * dx, y + (length - 1) * dy, dy * sign, dx * sign,
                 random.between(8, 64));
        }
    }
    const auto target = static_cast<std::size_t>(blocked_share * static_cast<double>(area));
    while (tiles.blocked_count < target) {
        const int x = random.between(0, size - 1), y = random.between(0, size - 1);
        const int side = random.between(1, 3);
        for (int dy = 0; dy < side; ++dy)
            for (int dx = 0; dx < side; ++dx)
                tiles.block(x + dx, y + dy);
    }
    return tiles;
}

// The tiles of the largest region (four-neighbour flood fill), as row-major indices, and a
// byte per tile saying whether it is in that region.
struct Region {
    std::vector<std::uint32_t> members;
    std::vector<std::uint8_t> contains;
};

inline Region largest_region(const Tiles& tiles) {
    const int size = tiles.size;
    const std::size_t area = tiles.blocked.size();
    std::vector<std::uint32_t> label(area, 0);  // 0: not yet filled
    std::vector<std::uint32_t> queue;
    std::uint32_t best_label = 0, next_label = 0;
    std::size_t best_count = 0;
    for (std::size_t seed = 0; seed < area; ++seed) {
        if (tiles.blocked[seed] != 0 || label[seed] != 0) continue;
        ++next_label;
        queue.assign(1, static_cast<std::uint32_t>(seed));
        label[seed] = next_label;
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t here = queue[head];
            const int x = static_cast<int>(here % size), y = static_cast<int>(here / size);
            const auto visit = [&](bool inside, std::uint32_t next) {
                if (!inside || tiles.blocked[next] != 0 || label[next] != 0) return;
                label[next] = next_label;
                queue.push_back(next);
            };
            visit(x + 1 < size, here + 1);
            visit(x > 0, here - 1);
            visit(y + 1 < size, here + size);
            visit(y > 0, here - size);
        }
        if (queue.size() > best_count) {
            best_count = queue.size();
            best_label = next_label;
        }
    }
    Region region;
    region.contains.assign(area, 0);
    region.members.reserve(best_count);
    for (std::size_t index = 0; index < area; ++index) {
        if (label[index] != best_label) continue;
        region.contains[index] = 1;
        region.members.push_back(static_cast<std::uint32_t>(index));
    }
    return region;
}

// The generated map of `size` x `size` tiles the scaling sweep makes with `seed` (its default
// is 14), and its largest region.
struct GeneratedMap {
    GridMap map;
    Region region;
};
inline GeneratedMap generated_map(int size, std::uint64_t seed = 14) {
    Random random(seed * 1000003u + static_cast<std::uint64_t>(size));
    const Tiles tiles = generate_tiles(size, random);
    GridMap map = GridMap::create(size, size).value();
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            if (tiles.blocked[static_cast<std::size_t>(y) * size + x] != 0)
                (void)map.set_walkable({x, y}, false);
    return {std::move(map), largest_region(tiles)};
}

}  // namespace pathkit::bench
