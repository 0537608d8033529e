/// Flow fields on tile grids: every tile's exact cost to a goal (or goal region) and its best
/// next tile, built lazily from the goal outward, in fixed-point costs that are the same bits on
/// every machine.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

namespace detail {
class StepLineQueue;
}

/// A flow-field cost in fixed point: 1/1024 of the movement rules' cost unit (a straight step of
/// cost 1 onto terrain 1 is 1024; the default diagonal, 1.41421356, is 1448). A step costs
/// round(step cost x terrain multiplier x 1024), rounded half away from zero, computed in
/// doubles from the float rules and multipliers (exact), so every machine gets the same bits.
/// A step dearer than `max_flow_step` counts as `max_flow_step`; sums never overflow (at most
/// 2^27 tiles a path x 2^37).
using FlowCost = std::uint64_t;
/// Fixed-point units per cost unit.
inline constexpr FlowCost flow_cost_scale = 1024;
/// The dearest step a field counts, in fixed-point units (2^37: 2^27 cost units).
inline constexpr FlowCost max_flow_step = FlowCost{1} << 37;
/// The cost of a tile no way leads from to the goal (or outside the map, or blocked).
inline constexpr FlowCost flow_unreachable = ~FlowCost{0};

/// The fixed-point cost of one step of `base` cost (straight or diagonal, from the rules) onto
/// a tile of terrain multiplier `terrain`.
[[nodiscard]] FlowCost flow_step_cost(float base, float terrain);

/// Where a tile's best next step goes. The first eight name a neighbour (y grows downwards:
/// South is row + 1); `Goal` is a goal tile, `None` a tile with no way to the goal (blocked,
/// outside the map, or cut off).
enum class FlowDirection : std::uint8_t {
    East,
    South,
    West,
    North,
    SouthEast,
    SouthWest,
    NorthWest,
    NorthEast,
    Goal,
    None,
};

/// The step (dx, dy) a direction names; (0, 0) for `Goal` and `None`.
[[nodiscard]] Cell flow_offset(FlowDirection direction);

/// Side of a flow-field sector in tiles: a field allocates its tables 64 x 64 tiles at a time
/// (of the map with its one-tile border), where the wavefront reaches.
inline constexpr int flow_sector_side = 64;

/// The integration field (each tile's exact cost to the nearest goal tile, `FlowCost`) and the
/// direction field (each tile's best next tile) of one goal or goal region on a `GridSpace`,
/// under its rules: diagonal policy, step costs, terrain multipliers and the unit's size. Moves
/// are walking moves (the space's links are not followed, as in the distance fields and
/// crowds).
///
/// Built lazily: the field is a Dijkstra search from the goal tiles outward (by cost, then by
/// padded tile index), paused between queries. `cost` and `direction` of a tile run the search
/// only until that tile is settled (its answer is then final), so a unit near the goal gets
/// its answer long before the whole map is done; `finish` runs it to the end. Tables are
/// allocated per sector where the search reaches (`flow_sector_side`).
///
/// Directions: a tile's direction points to the neighbour that first offered it its final cost
/// as neighbours were settled (so cost(tile) = cost(next) + step, exactly, and the next tile
/// was settled before it); following directions from any reachable tile reaches a goal tile at
/// exactly its cost, never in a cycle (also with zero-cost terrain). The result depends only on
/// the map, rules and goals: the same bytes on every run and every machine.
///
/// Tile changes: the field remembers the map's revision. At the next non-const call after the
/// map changed (or at `update`), if the map remembers the changes (`GridMap::changes_since`)
/// and none of the tiles whose moves they may change (`tiles_near_changes`) has been reached
/// by the search (settled or queued) or is a goal tile, the search goes on untouched (its state is
/// what it would be on the new map); otherwise the field starts again from the goal tiles (and
/// stays lazy). For units bigger than one tile, `GridSpace::refresh` the space first.
///
/// Threads: the non-const calls (lazy queries, `finish`, `update`) change the field: one thread
/// at a time. A finished field on an unchanged map is read-only: any number of threads may call
/// the const reads (`known_cost`, `known_direction`, `costs`, `directions`) at once.
class FlowField {
  public:
    /// A field to one goal tile. Refused for invalid rules, a goal outside the map or where the
    /// unit does not fit (blocked), naming the tile. Allocates nothing map-sized.
    [[nodiscard]] static Expected<FlowField> create(const GridSpace& space, Cell goal);
    /// A field to the nearest of several goal tiles (a region). Tiles where the unit does not
    /// fit are left out; refused for no tiles, a tile outside the map (named), or a region with
    /// no tile where the unit fits.
    [[nodiscard]] static Expected<FlowField> create(const GridSpace& space,
                                                    std::span<const Cell> goals);

    FlowField(FlowField&&) noexcept;
    FlowField& operator=(FlowField&&) noexcept;
    ~FlowField();

    /// The goal tiles where the unit fits, sorted by padded index.
    [[nodiscard]] const std::vector<Cell>& goals() const { return goals_; }

    /// The tile's exact cost to the goal, running the search until it is final;
    /// `flow_unreachable` outside the map, on blocked tiles and where no way leads.
    [[nodiscard]] FlowCost cost(Cell cell);
    /// The tile's best next step, running the search until it is final.
    [[nodiscard]] FlowDirection direction(Cell cell);
    /// The next tile from `cell` toward the goal; none at a goal tile or where no way leads.
    [[nodiscard]] std::optional<Cell> next_tile(Cell cell);
    /// Appends to `way` the tiles from `cell` to a goal tile by the directions, both ends
    /// included (nothing where no way leads), running the search until `cell` is settled
    /// (every tile after it was settled before it). With `stop` (one entry per padded tile of
    /// the map), the way ends at the first tile whose entry equals `stop_value`. At most
    /// `max_tiles` tiles are appended (a stretch of the way; 0 appends nothing). Returns the
    /// padded index of the last tile appended, or none when nothing was.
    std::optional<std::uint32_t> append_way(Cell cell, std::vector<Cell>& way,
                                            const std::uint32_t* stop = nullptr,
                                            std::uint32_t stop_value = 0,
                                            std::size_t max_tiles = SIZE_MAX);
    /// Runs the search to the end.
    void finish();
    /// Takes in tile changes now (see the class); returns true when the field started again.
    bool update();

    /// True when the search has settled every tile it can reach.
    [[nodiscard]] bool finished() const;
    /// The cost if the tile is settled (final); none while it is not yet (or never will be).
    [[nodiscard]] std::optional<FlowCost> known_cost(Cell cell) const;
    /// The direction if the tile is settled, `None` when the field is finished and the tile was
    /// never reached; none otherwise.
    [[nodiscard]] std::optional<FlowDirection> known_direction(Cell cell) const;
    /// Every tile's cost, row by row (width x height, row 0 first), as known now
    /// (`flow_unreachable` where not settled); call `finish` first for the whole field.
    [[nodiscard]] std::vector<FlowCost> costs() const;
    /// Every tile's direction, row by row, as known now (`None` where not settled).
    [[nodiscard]] std::vector<FlowDirection> directions() const;
    /// Tiles settled so far.
    [[nodiscard]] std::size_t settled_tiles() const { return settled_; }
    /// Sectors allocated so far and the bytes the field holds.
    [[nodiscard]] std::size_t sector_count() const { return allocated_sectors_; }
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    struct Sector;
    struct QueueEntry {
        FlowCost cost;
        std::uint32_t tile;  // padded index
        friend bool operator>(const QueueEntry& a, const QueueEntry& b) {
            return a.cost != b.cost ? a.cost > b.cost : a.tile > b.tile;
        }
    };

    FlowField(const GridSpace& space, std::vector<std::uint32_t> goal_tiles);
    void sync();
    void restart();
    /// Settles tiles until `tile` is settled or the queue is empty.
    void settle_until(std::uint32_t tile);
    void settle_next();
    [[nodiscard]] std::optional<std::uint32_t> tile_index(Cell cell) const;
    [[nodiscard]] std::size_t sector_of(std::uint32_t tile, std::uint32_t& local) const;
    [[nodiscard]] Sector& sector_for(std::uint32_t tile, std::uint32_t& local);
    [[nodiscard]] Sector& sector_at(int row, int column);  // padded row and column
    // Rows and columns are never negative: unsigned division is a shift.
    [[nodiscard]] std::size_t sector_index(int row, int column) const {
        return static_cast<std::size_t>(static_cast<unsigned>(row) / flow_sector_side) *
                   static_cast<std::size_t>(sector_columns_) +
               static_cast<unsigned>(column) / flow_sector_side;
    }
    [[nodiscard]] static int local_index(int row, int column) {
        return static_cast<int>(static_cast<unsigned>(row) % flow_sector_side * flow_sector_side +
                                static_cast<unsigned>(column) % flow_sector_side);
    }
    [[nodiscard]] const Sector* find_sector(std::uint32_t tile, std::uint32_t& local) const;

    const GridSpace* space_;
    std::vector<std::uint32_t> goal_tiles_;  // padded indices, sorted, as asked
    std::vector<Cell> goals_;                // those where the unit fits now
    DiagonalPolicy diagonal_policy_;
    std::uint64_t revision_ = 0;
    int sector_columns_ = 0;
    std::vector<std::unique_ptr<Sector>> sectors_;
    std::size_t allocated_sectors_ = 0;
    std::size_t settled_ = 0;
    // The search's queue, cheapest first (by cost, then tile): costs below 2^37 as one word,
    // cost << 27 | tile (padded indices are below 2^27), in a line per step cost (or a radix
    // heap); the rest in a heap of its own, popped after the first is empty (Dijkstra pops in
    // order of cost).
    std::unique_ptr<detail::StepLineQueue> queue_;
    std::vector<QueueEntry> far_queue_;
    // The steps onto a tile of the terrain multiplier last seen (most maps have one or few).
    float step_multiplier_ = 1.0f;
    FlowCost steps_[2] = {0, 0};  // straight, diagonal
    /// Queues `tile` at `cost`, the cost of the tile being settled plus `step`.
    void push(FlowCost cost, std::uint32_t tile, FlowCost step);
    [[nodiscard]] QueueEntry pop();
};

/// Flow fields of one space kept by goal: the `capacity` most recently used (least recently
/// used dropped first). Fields stay lazy; a field handed out is shared, and lives on after it is
/// dropped from the cache. One thread at a time.
class FlowFieldCache {
  public:
    /// `space` must outlive the cache; `capacity` >= 1 (0 counts as 1).
    explicit FlowFieldCache(const GridSpace& space, std::size_t capacity = 16);
    /// The field to this goal, made (lazily) on a miss; refused as `FlowField::create`.
    [[nodiscard]] Expected<std::shared_ptr<FlowField>> field(Cell goal);
    /// The field to this goal region (the same tiles in any order are one key).
    [[nodiscard]] Expected<std::shared_ptr<FlowField>> field(std::span<const Cell> goals);
    /// Fields held now.
    [[nodiscard]] std::size_t size() const { return entries_.size(); }
    /// Fields made (misses) over the cache's life.
    [[nodiscard]] std::uint64_t fields_made() const { return made_; }

  private:
    struct Entry {
        std::vector<Cell> key;  // sorted, each once
        std::shared_ptr<FlowField> field;
    };
    const GridSpace* space_;
    std::size_t capacity_;
    std::list<Entry> entries_;  // most recently used first
    std::uint64_t made_ = 0;
};

}  // namespace pathkit
