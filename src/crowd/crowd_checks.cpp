// A validator for crowd ticks (see pathkit/crowd/crowd_checks.hpp).
#include "pathkit/crowd/crowd_checks.hpp"

#include <cstdlib>
#include <vector>

namespace pathkit {

std::optional<std::string> check_crowd_tick(const GridMap& map, std::span<const Cell> before,
                                            std::span<const Cell> after) {
    if (before.size() != after.size()) return "the unit count changed";
    // Who stands on each tile after the tick, and who left each tile during it.
    constexpr std::uint32_t nobody = UINT32_MAX;
    std::vector<std::uint32_t> now(map.padded_size(), nobody), left(map.padded_size(), nobody);
    for (std::uint32_t unit = 0; unit < after.size(); ++unit) {
        const Cell from = before[unit], to = after[unit];
        const std::string name = "unit " + std::to_string(unit);
        if (!map.is_walkable(to) && (to != from || !map.contains(to)))
            return name + " stands on " + to_string(to) + ", not walkable";
        if (std::abs(to.x - from.x) > 1 || std::abs(to.y - from.y) > 1)
            return name + " jumped from " + to_string(from) + " to " + to_string(to);
        std::uint32_t& holder = now[map.index(to)];
        if (holder != nobody)
            return "units " + std::to_string(holder) + " and " + std::to_string(unit) + " share " +
                   to_string(to);
        holder = unit;
        if (from != to) left[map.index(from)] = unit;
    }
    for (std::uint32_t unit = 0; unit < after.size(); ++unit) {
        const Cell from = before[unit], to = after[unit];
        if (from == to) continue;
        const std::uint32_t back = left[map.index(to)];
        if (back != nobody && after[back] == from)
            return "units " + std::to_string(unit) + " and " + std::to_string(back) + " swapped";
        if (from.x != to.x && from.y != to.y) {
            // The other diagonal of the square: someone going between its two other corners.
            const Cell a{to.x, from.y}, b{from.x, to.y};
            const std::uint32_t across = left[map.index(a)];
            if (across != nobody && after[across] == b)
                return "units " + std::to_string(unit) + " and " + std::to_string(across) +
                       " crossed";
        }
    }
    return std::nullopt;
}

}  // namespace pathkit
