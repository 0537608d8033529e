// A validator for crowd ticks (see pathkit/crowd/crowd_checks.hpp).
#include "pathkit/crowd/crowd_checks.hpp"

#include <cstdlib>
#include <vector>

namespace pathkit {

namespace {

constexpr std::uint32_t nobody = UINT32_MAX;

// True when the footprint of `size` at `at` lies inside the map with every tile walkable.
bool fits(const GridMap& map, Cell at, int size) {
    for (int y = at.y; y < at.y + size; ++y)
        for (int x = at.x; x < at.x + size; ++x)
            if (!map.is_walkable({x, y})) return false;  // false outside the map too
    return true;
}

// True when `visit` returns true for a padded tile of the footprint of `size` at `at`.
template <class Visit>
bool any_tile(const GridMap& map, Cell at, int size, Visit&& visit) {
    for (int y = at.y; y < at.y + size; ++y)
        for (int x = at.x; x < at.x + size; ++x)
            if (map.contains({x, y}) && visit(map.index({x, y}))) return true;
    return false;
}

}  // namespace

std::optional<std::string> check_crowd_tick(const GridMap& map, std::span<const Cell> before,
                                            std::span<const Cell> after) {
    const std::vector<int> ones(after.size(), 1);
    return check_crowd_tick(map, before, after, ones);
}

std::optional<std::string> check_crowd_tick(const GridMap& map, std::span<const Cell> before,
                                            std::span<const Cell> after,
                                            std::span<const int> sizes) {
    if (before.size() != after.size()) return "the unit count changed";
    if (sizes.size() != after.size()) return "the sizes do not match the units";
    for (std::uint32_t unit = 0; unit < after.size(); ++unit)
        if (sizes[unit] < 1 || sizes[unit] > 64)
            return "unit " + std::to_string(unit) + " has size " + std::to_string(sizes[unit]);
    // Whose footprint covers each tile after the tick, and whose covered it before.
    std::vector<std::uint32_t> now(map.padded_size(), nobody), was(map.padded_size(), nobody);
    for (std::uint32_t unit = 0; unit < after.size(); ++unit)
        (void)any_tile(map, before[unit], sizes[unit], [&](std::uint32_t tile) {
            was[tile] = unit;
            return false;
        });
    for (std::uint32_t unit = 0; unit < after.size(); ++unit) {
        const Cell from = before[unit], to = after[unit];
        const int size = sizes[unit];
        const std::string name = "unit " + std::to_string(unit);
        if (!map.contains(to)) return name + " stands on " + to_string(to) + ", not walkable";
        if (to != from && !fits(map, to, size))
            return name +
                   (size == 1 ? " stands on "
                              : " of size " + std::to_string(size) + " covers a tile at ") +
                   to_string(to) + ", not walkable";
        if (std::abs(to.x - from.x) > 1 || std::abs(to.y - from.y) > 1)
            return name + " jumped from " + to_string(from) + " to " + to_string(to);
        std::uint32_t shared = nobody;
        if (any_tile(map, to, size, [&](std::uint32_t tile) {
                if (now[tile] != nobody) {
                    shared = now[tile];
                    return true;
                }
                now[tile] = unit;
                return false;
            }))
            return "units " + std::to_string(shared) + " and " + std::to_string(unit) +
                   " share a tile " + (size == 1 ? "at " + to_string(to) : "of their footprints");
    }
    for (std::uint32_t unit = 0; unit < after.size(); ++unit) {
        const Cell from = before[unit], to = after[unit];
        if (from == to) continue;
        // A swap: another unit that moved, into this one's old footprint, out of a footprint
        // this one moved into.
        std::uint32_t swapped = nobody;
        (void)any_tile(map, to, sizes[unit], [&](std::uint32_t tile) {
            const std::uint32_t other = was[tile];
            if (other == nobody || other == unit || before[other] == after[other]) return false;
            if (any_tile(map, after[other], sizes[other],
                         [&](std::uint32_t covered) { return was[covered] == unit; }))
                swapped = other;
            return swapped != nobody;
        });
        if (swapped != nobody)
            return "units " + std::to_string(unit) + " and " + std::to_string(swapped) + " swapped";
        if (sizes[unit] == 1 && from.x != to.x && from.y != to.y) {
            // The other diagonal of the square: a one-tile unit going between its two other
            // corners.
            const Cell a{to.x, from.y}, b{from.x, to.y};
            const std::uint32_t across = was[map.index(a)];
            if (across != nobody && sizes[across] == 1 && before[across] == a && after[across] == b)
                return "units " + std::to_string(unit) + " and " + std::to_string(across) +
                       " crossed";
        }
    }
    return std::nullopt;
}

}  // namespace pathkit
