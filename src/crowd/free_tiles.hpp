// Internal to crowd/: the map's connected regions, and the tiles handed out to formations and
// coordinated goals, each the nearest unclaimed tile of a breadth-first walk on the engine.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit::crowd {

/// Calls `visit(tile)` for each padded tile of the `size` x `size` footprint whose top-left
/// tile is `anchor`, on a map of `stride`; stops at, and returns true for, the first call that
/// returns true.
template <class Visit>
bool any_footprint_tile(std::uint32_t anchor, int size, int stride, Visit&& visit) {
    for (int row = 0; row < size; ++row)
        for (int column = 0; column < size; ++column)
            if (visit(anchor + static_cast<std::uint32_t>(row * stride + column))) return true;
    return false;
}

/// The walk for free tiles: every tile inside the map, blocked ones too (a formation tile may
/// fall on a wall), each joined to its 8 neighbours (east, south, west, north, then the
/// diagonals, in that order) at a cost of 1, by padded index. A goal is a top-left tile of
/// `region` where a unit of `size` fits (`fits`, one byte a padded tile) and whose footprint
/// holds no tile claimed in the current round.
class FreeTileWalk {
  public:
    FreeTileWalk(const GridMap& map, const std::vector<std::uint32_t>& regions,
                 const std::vector<std::uint32_t>& claimed_in, const std::uint32_t& round)
        : map_(&map), regions_(&regions), claimed_in_(&claimed_in), round_(&round) {}

    [[nodiscard]] std::size_t state_count() const { return map_->padded_size(); }
    [[nodiscard]] bool is_valid(StateId tile) const {
        return tile.index() < state_count() && map_->contains(map_->cell(tile.value));
    }
    template <class Visit>
    void for_each_successor(StateId tile, Visit&& visit) const {
        const Cell here = map_->cell(tile.value), low = map_->origin();
        const bool west = here.x > low.x, east = here.x < low.x + map_->width() - 1;
        const bool north = here.y > low.y, south = here.y < low.y + map_->height() - 1;
        const std::uint32_t row = static_cast<std::uint32_t>(map_->stride()), at = tile.value;
        if (east) visit(StateId(at + 1), Cost{1});
        if (south) visit(StateId(at + row), Cost{1});
        if (west) visit(StateId(at - 1), Cost{1});
        if (north) visit(StateId(at - row), Cost{1});
        if (south && east) visit(StateId(at + row + 1), Cost{1});
        if (south && west) visit(StateId(at + row - 1), Cost{1});
        if (north && west) visit(StateId(at - row - 1), Cost{1});
        if (north && east) visit(StateId(at - row + 1), Cost{1});
    }
    [[nodiscard]] Cost heuristic(StateId) const { return 0; }
    [[nodiscard]] bool is_goal(StateId tile) const {
        if (fits[tile.value] == 0 || (*regions_)[tile.value] != region) return false;
        return !any_footprint_tile(tile.value, size, map_->stride(), [&](std::uint32_t covered) {
            return (*claimed_in_)[covered] == *round_;
        });
    }

    /// The region whose tiles the walk looks for, the size of the unit, and where it fits.
    std::uint32_t region = 0;
    int size = 1;
    const std::uint8_t* fits = nullptr;

  private:
    const GridMap* map_;
    const std::vector<std::uint32_t>* regions_;
    const std::vector<std::uint32_t>* claimed_in_;
    const std::uint32_t* round_;
};

/// The regions of a map, and claims on its tiles in rounds. Tiles are marked with stamps, so a
/// round starts anew without clearing the map. Within a round, claims only grow, so every tile
/// a walk passed over stays unfit: a call with the start and region of the last one goes on
/// from where it stopped instead of walking the filled area again (10,000 units sent to one
/// tile cost one walk over 10,000 tiles, not 10,000 walks).
class FreeTiles {
  public:
    /// A region number for tiles in no region (blocked or outside the map).
    static constexpr std::uint32_t no_region = UINT32_MAX;

    /// Numbers the connected regions of `space`'s map under its moves, each by a breadth-first
    /// search on `context`, which the walks of later rounds use too (between rounds it is free
    /// for other searches). Both must outlive this.
    FreeTiles(const GridSpace& space, SearchContext& context);
    FreeTiles(const FreeTiles&) = delete;
    FreeTiles& operator=(const FreeTiles&) = delete;

    /// A round of claims, from `begin_round` to its end: then the walk ends and lets go of the
    /// search context.
    class [[nodiscard]] Round {
      public:
        explicit Round(FreeTiles& tiles) : tiles_(&tiles) {}
        Round(const Round&) = delete;
        Round& operator=(const Round&) = delete;
        ~Round() { tiles_->walk_.reset(); }

      private:
        FreeTiles* tiles_;
    };
    /// Starts a round with no tile claimed.
    Round begin_round();

    /// By padded tile: its region, or `no_region`.
    [[nodiscard]] const std::vector<std::uint32_t>& regions() const { return regions_; }
    /// Claims the footprint of `size` at `tile` (its top-left tile).
    void claim(Cell tile, int size = 1) {
        (void)any_footprint_tile(map_->index(tile), size, map_->stride(), [&](std::uint32_t at) {
            claimed_in_[at] = round_;
            return false;
        });
    }
    [[nodiscard]] bool is_claimed(Cell tile) const {
        return claimed_in_[map_->index(tile)] == round_;
    }
    /// The walkable tile nearest `wanted` (first in the walk's order from `wanted` clamped to
    /// the map) that `from` can reach and that is not claimed; claims it. For a unit bigger
    /// than one tile (`size`, fitting where `fits` says): the nearest top-left tile in the
    /// region of `from` (one-tile units' regions) where it fits and no tile of its footprint is
    /// claimed; claims the footprint. Only during a round.
    std::optional<Cell> claim_nearest(Cell wanted, Cell from, int size = 1,
                                      const std::uint8_t* fits = nullptr);

  private:
    const GridMap* map_;
    SearchContext* context_;
    std::vector<std::uint32_t> regions_;     // by padded tile
    std::vector<std::uint32_t> claimed_in_;  // by padded tile: the round that claimed it
    std::uint32_t round_ = 0;
    FreeTileWalk problem_;
    std::optional<Search<FreeTileWalk>> walk_;  // the round's last walk
    Cell walk_from_;
    int walk_size_ = 1;
};

}  // namespace pathkit::crowd
