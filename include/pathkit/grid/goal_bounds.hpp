/// GoalBounds: for every tile and each first move, the box holding every tile a cheapest path
/// starting with that move reaches (goal bounding), built offline to prune jump point search.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/table_allocator.hpp"
#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

/// A box of tiles, inclusive: empty when `min_x > max_x`.
struct TileBox {
    std::uint16_t min_x = 1, max_x = 0, min_y = 1, max_y = 0;
    [[nodiscard]] bool empty() const { return min_x > max_x || min_y > max_y; }
    [[nodiscard]] bool contains(int x, int y) const {
        return x >= min_x && x <= max_x && y >= min_y && y <= max_y;
    }
    bool operator==(const TileBox&) const = default;
};

/// A box as `GoalBounds` keeps it: each side in units of the bounds' grain (2^k tiles), one
/// byte each; empty when `min_x > max_x`.
struct GrainBox {
    std::uint8_t min_x = 1, max_x = 0, min_y = 1, max_y = 0;
    /// Whether the box holds the grain (x, y) (a tile's coordinates shifted right by k).
    [[nodiscard]] bool holds(int x, int y) const {
        return x >= min_x && x <= max_x && y >= min_y && y <= max_y;
    }
    bool operator==(const GrainBox&) const = default;
};

/// Goal bounding (Rabin and Sturtevant, "Faster A* with Goal Bounding", 2016) for a map that
/// does not change: for each walkable tile t and each of its eight moves d (slots 0-3 the
/// straight moves E, S, W, N; 4-7 the diagonals SE, SW, NW, NE, as `StaticGridIndex`), the
/// smallest box holding every tile g to which d is the canonical first move from t: it starts
/// a cheapest path to g, and no move jump point search prefers to it does (diagonals first,
/// then vertical moves, then horizontal ones; the order in which its cheapest paths turn, as
/// Rabin and Sturtevant label first moves, AAAI 2016). Older files whose boxes hold every
/// cheapest first move are wider and stay correct.
/// A jump point search towards g may then leave t by d only when g is in that box, and may
/// stop a diagonal run at a tile whose box for the run's direction does not hold g: the
/// cheapest path it would find survives, so answers keep their cost (`StaticGridIndex::
/// find_path` with bounds).
///
/// Building it is one Dijkstra search from every walkable tile (a cost near tiles² / 2 steps:
/// seconds for 10,000 walkable tiles, minutes for 100,000), so it is made offline
/// (`GoalBoundsBuilder`, in steps that can be saved and resumed) and loaded with the map. It
/// holds 32 bytes per tile of the map (width x height), two tiles' boxes to a cache line: each
/// side of a box takes one byte, in units of 2^k tiles (`grain_shift()` = k: 0 up to 256 tiles a
/// side, 1 up to 512, 2 up to 1,024, ...), each box widened outwards to whole units (a box
/// holds up to 2^k - 1 tiles more on each side: it prunes less, never wrongly). Only for maps
/// and rules jump point search runs on (`StaticGridIndex::build`'s conditions) and without
/// links.
class GoalBounds {
  public:
    /// Slots per tile: one box per move.
    static constexpr int moves = 8;

    /// Bounds with every box empty (nothing built yet) for a map of width x height tiles whose
    /// walkable tiles hash to `map_fingerprint`, under `rules`.
    GoalBounds(int width, int height, const MovementRules& rules, std::uint64_t map_fingerprint);

    /// The box of move `move` (0-7) out of tile (x, y) of the map, in tiles (widened to the
    /// grain); unchecked in release.
    [[nodiscard]] TileBox box(int x, int y, int move) const;
    /// The same box in grains (what a search compares the goal's grain with); unchecked in
    /// release.
    [[nodiscard]] const GrainBox& grain_box(int x, int y, int move) const {
        PATHKIT_ASSERT(x >= 0 && x < width_ && y >= 0 && y < height_ && move >= 0 && move < 8);
        return boxes_[(static_cast<std::size_t>(y) * width_ + x) * moves + move];
    }
    /// k: boxes are kept in units of 2^k x 2^k tiles, the least k that numbers the map's
    /// columns and rows in one byte.
    [[nodiscard]] int grain_shift() const { return grain_shift_; }
    /// Asks the processor to start loading the boxes of tile (x, y) (a search that will read
    /// them later, when it expands the tile, then waits less); unchecked in release.
    void prefetch(int x, int y) const {
        PATHKIT_ASSERT(x >= 0 && x < width_ && y >= 0 && y < height_);
        prefetch_line(boxes_.data() + (static_cast<std::size_t>(y) * width_ + x) * moves);
    }
    /// Sets the eight boxes of tile (x, y), in tiles, each widened to the grain (for builders
    /// and loaders); the boxes must lie inside the map or be empty; unchecked in release.
    void set_boxes(int x, int y, const TileBox (&boxes)[moves]);
    /// The storage of the boxes: four tiles' boxes fill one cache line, a tile's never two.
    using Boxes = std::vector<GrainBox, TableAllocator<GrainBox>>;
    /// Every box, tile by tile in rows (`moves` a tile), in grains.
    [[nodiscard]] const Boxes& all_boxes() const { return boxes_; }

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] const MovementRules& rules() const { return rules_; }
    [[nodiscard]] std::uint64_t map_fingerprint() const { return fingerprint_; }
    /// Tiles done, in rows from the top-left: the bounds are complete when this is width x
    /// height (a builder resumed from them goes on from here).
    [[nodiscard]] std::size_t tiles_done() const { return tiles_done_; }
    void set_tiles_done(std::size_t tiles) { tiles_done_ = tiles; }
    [[nodiscard]] bool complete() const {
        return tiles_done_ == static_cast<std::size_t>(width_) * height_;
    }
    /// Bytes held.
    [[nodiscard]] std::size_t memory_bytes() const { return table_bytes(boxes_); }

    /// Whether these bounds were built for `space`: complete, the same size, rules and walkable
    /// tiles, and a space without links; the message says what differs.
    [[nodiscard]] Status check_fits(const GridSpace& space) const;

    /// Bytes the bounds of a map of width x height tiles hold (for estimates before a build).
    [[nodiscard]] static std::size_t bytes_for(int width, int height) {
        return static_cast<std::size_t>(width) * height * moves * sizeof(GrainBox);
    }

  private:
    int width_;
    int height_;
    MovementRules rules_;
    std::uint64_t fingerprint_;
    int grain_shift_;
    std::size_t tiles_done_ = 0;
    Boxes boxes_;
};
static_assert(TableAllocator<GrainBox>::line_bytes % (sizeof(GrainBox) * GoalBounds::moves) == 0,
              "a tile's boxes never straddle two cache lines");

/// A 64-bit hash (FNV-1a) of a map's size and walkable tiles: what a saved `GoalBounds` is
/// matched against before it is used on a map.
[[nodiscard]] std::uint64_t walkable_fingerprint(const GridMap& map);

/// Builds `GoalBounds` for a space, a slice of tiles at a time, so a tool can show progress,
/// save what is done and resume later. Not thread-safe itself; it runs its own threads.
class GoalBoundsBuilder {
  public:
    /// Starts bounds for `space` (refused where jump point search cannot run, for a space with
    /// links, or for a map over 65,534 tiles a side), or resumes `partial` when given (refused
    /// unless it was started for this space).
    [[nodiscard]] static Expected<GoalBoundsBuilder> start(const GridSpace& space,
                                                           GoalBounds* partial = nullptr);

    /// Runs the Dijkstra searches of the next `tiles` tiles (or of every tile left) on
    /// `threads` threads (at least 1); returns how many tiles it did. `cancel`, when set by
    /// another thread, stops it between tiles, with only whole tiles counted.
    std::size_t run(std::size_t tiles, int threads, const std::atomic<bool>* cancel = nullptr);

    [[nodiscard]] const GoalBounds& bounds() const { return bounds_; }
    /// The bounds, taken out (complete or not).
    [[nodiscard]] GoalBounds take() && { return std::move(bounds_); }
    /// Bytes of scratch one thread needs besides the bounds (for estimates before a build).
    [[nodiscard]] static std::size_t scratch_bytes_per_thread(int width, int height);

  private:
    GoalBoundsBuilder(const GridSpace& space, GoalBounds bounds);

    const GridSpace* space_;
    GoalBounds bounds_;
};

}  // namespace pathkit
