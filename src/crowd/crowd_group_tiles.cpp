// Crowd: the shared tiles of group orders by flow field: idle units of a group trade the tiles
// they were given for the ones they stand on, and go back to theirs once free.
#include "crowd_impl.hpp"

namespace pathkit {

using crowd::none;

namespace {

/// Walks back to a group tile begun in a row from where the unit had settled before it gives
/// the tile up (no way leads there, say, or the way keeps ending short).
constexpr int group_tile_walks = 3;

}  // namespace

void Crowd::Impl::set_group_tile(std::uint32_t unit, std::optional<Cell> tile) {
    std::optional<Cell>& held = units[unit].group_tile;
    if (held && group_tile_owner[map->index(*held)] == unit)
        group_tile_owner[map->index(*held)] = none;
    held = tile;
    records[unit].group_tile_walks = 0;
    if (!tile) return;
    if (group_tile_owner.size() < map->padded_size())
        group_tile_owner.assign(map->padded_size(), none);
    group_tile_owner[map->index(*tile)] = unit;
}

void Crowd::Impl::keep_group_tiles() {
    if (group_tile_owner.empty()) return;
    const auto settled = [&](std::uint32_t unit) {
        return units[unit].state == UnitState::Idle && !records[unit].pending;
    };
    // Each trade puts one more unit on its own tile: passes until none trades.
    for (bool traded = true; traded;) {
        traded = false;
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            Unit& data = units[unit];
            if (!data.group_tile || !settled(unit) || data.at == *data.group_tile) continue;
            // On another idle unit's tile of the same group: the two trade tiles.
            const std::uint32_t owner = group_tile_owner[map->index(data.at)];
            if (owner == none || owner == unit || !settled(owner) ||
                units[owner].group != data.group)
                continue;
            const Cell mine = *data.group_tile, theirs = data.at;
            set_group_tile(unit, theirs);
            set_group_tile(owner, mine);
            units[owner].post = mine;  // it goes there once the tile is free
            traded = true;
        }
    }
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        Unit& data = units[unit];
        if (!data.group_tile || !settled(unit)) continue;
        if (data.at == *data.group_tile) {
            data.post = data.at;
            records[unit].group_tile_walks = 0;
            continue;
        }
        // Settled elsewhere: back to its tile once it is free.
        if (data.post != data.at || holder[map->index(*data.group_tile)] != none) continue;
        if (++records[unit].group_tile_walks > group_tile_walks) {
            set_group_tile(unit, std::nullopt);
            continue;
        }
        data.post = *data.group_tile;
    }
}

}  // namespace pathkit
