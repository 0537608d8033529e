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

/// Goal bounding (Rabin and Sturtevant, "Faster A* with Goal Bounding", 2016) for a map that
/// does not change: for each walkable tile t and each of its eight moves d (slots 0-3 the
/// straight moves E, S, W, N; 4-7 the diagonals SE, SW, NW, NE, as `StaticGridIndex`), the
/// smallest box holding every tile g such that some cheapest path from t to g starts with d.
/// A jump point search towards g may then leave t by d only when g is in that box, and may
/// stop a diagonal run at a tile whose box for the run's direction does not hold g: the
/// cheapest path it would find survives, so answers keep their cost (`StaticGridIndex::
/// find_path` with bounds).
///
/// Building it is one Dijkstra search from every walkable tile (a cost near tiles² / 2 steps:
/// seconds for 10,000 walkable tiles, minutes for 100,000), so it is made offline
/// (`GoalBoundsBuilder`, in steps that can be saved and resumed) and loaded with the map. It
/// holds 64 bytes per tile of the map (width x height), a tile's boxes in one cache line. Only for
/// maps and rules jump point search runs on (`StaticGridIndex::build`'s conditions) and without
/// links.
class GoalBounds {
  public:
    /// Slots per tile: one box per move.
    static constexpr int moves = 8;

    /// Bounds with every box empty (nothing built yet) for a map of width x height tiles whose
    /// walkable tiles hash to `map_fingerprint`, under `rules`.
    GoalBounds(int width, int height, const MovementRules& rules, std::uint64_t map_fingerprint);

    /// The box of move `move` (0-7) out of tile (x, y) of the map; unchecked in release.
    [[nodiscard]] const TileBox& box(int x, int y, int move) const {
        PATHKIT_ASSERT(x >= 0 && x < width_ && y >= 0 && y < height_ && move >= 0 && move < 8);
        return boxes_[(static_cast<std::size_t>(y) * width_ + x) * moves + move];
    }
    /// Asks the processor to start loading the boxes of tile (x, y) (a search that will read
    /// them later, when it expands the tile, then waits less); unchecked in release.
    void prefetch(int x, int y) const {
        PATHKIT_ASSERT(x >= 0 && x < width_ && y >= 0 && y < height_);
        prefetch_line(boxes_.data() + (static_cast<std::size_t>(y) * width_ + x) * moves);
    }
    /// The eight boxes of tile (x, y), for builders and loaders; unchecked in release.
    [[nodiscard]] TileBox* boxes_of(int x, int y) {
        PATHKIT_ASSERT(x >= 0 && x < width_ && y >= 0 && y < height_);
        return boxes_.data() + (static_cast<std::size_t>(y) * width_ + x) * moves;
    }
    /// The storage of the boxes: one tile's eight boxes fill one cache line.
    using Boxes = std::vector<TileBox, TableAllocator<TileBox>>;
    /// Every box, tile by tile in rows (`moves` a tile).
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
    [[nodiscard]] std::size_t memory_bytes() const { return boxes_.capacity() * sizeof(TileBox); }

    /// Whether these bounds were built for `space`: complete, the same size, rules and walkable
    /// tiles, and a space without links; the message says what differs.
    [[nodiscard]] Status check_fits(const GridSpace& space) const;

    /// Bytes the bounds of a map of width x height tiles hold (for estimates before a build).
    [[nodiscard]] static std::size_t bytes_for(int width, int height) {
        return static_cast<std::size_t>(width) * height * moves * sizeof(TileBox);
    }

  private:
    int width_;
    int height_;
    MovementRules rules_;
    std::uint64_t fingerprint_;
    std::size_t tiles_done_ = 0;
    Boxes boxes_;
};
static_assert(sizeof(TileBox) * GoalBounds::moves == TableAllocator<TileBox>::line_bytes,
              "one tile's boxes fill one cache line");

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
