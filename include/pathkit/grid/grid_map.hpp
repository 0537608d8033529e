/// GridMap: walkable tiles and terrain costs, stored for fast neighbour reads and jump scans.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/assert.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/core/table_allocator.hpp"
#include "pathkit/grid/cell.hpp"

namespace pathkit {

/// A kind of ground that a query may bar a unit from (water for units that cannot swim, lava):
/// an index into the map's named types. Type 0, "ground", is every tile's until set.
using TerrainType = std::uint8_t;

/// A rectangle of tiles, each walkable or blocked, each with a terrain cost multiplier.
///
/// Storage is built for search speed (warthog's gridmap, Godot's solid mask): tiles sit in a
/// padded array with a border of blocked tiles, so a neighbour read never needs a bounds
/// test; walkability is kept twice more as bit rows and bit columns (64 tiles a word) for jump
/// point scans. A tile's *index* is its position in the padded array; search spaces use it as
/// the state id.
///
/// Tiles may change between queries (never during one): `revision()` counts the changes.
class GridMap {
  public:
    /// Largest width or height accepted.
    static constexpr int max_side = 1 << 14;

    /// A map of `width` x `height` tiles, all walkable or all blocked, whose top-left tile is
    /// `origin`. Refused unless 1 <= width, height <= max_side.
    [[nodiscard]] static Expected<GridMap> create(int width, int height, Cell origin = {},
                                                  bool walkable = true);

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    /// The top-left tile.
    [[nodiscard]] Cell origin() const { return origin_; }
    /// True for a tile inside the map.
    [[nodiscard]] bool contains(Cell cell) const {
        return cell.x >= origin_.x && cell.y >= origin_.y && cell.x < origin_.x + width_ &&
               cell.y < origin_.y + height_;
    }
    /// True for a walkable tile inside the map; false outside.
    [[nodiscard]] bool is_walkable(Cell cell) const {
        return contains(cell) && walkable_[index(cell)] != 0;
    }
    /// Makes a tile walkable or blocked. Refused outside the map.
    Status set_walkable(Cell cell, bool walkable);
    /// The terrain cost multiplier of a tile (1 unless set); 1 outside the map.
    [[nodiscard]] float terrain_cost(Cell cell) const;
    /// Sets the multiplier applied to the cost of every step onto this tile (a swamp 3, a road
    /// 0.5). Refused outside the map and for NaN, infinite or negative values.
    Status set_terrain_cost(Cell cell, float multiplier);
    /// True when some tile's multiplier is not 1.
    [[nodiscard]] bool has_terrain_costs() const { return !terrain_.empty(); }
    /// The smallest multiplier of any tile (1 without terrain costs); heuristics scale by it.
    [[nodiscard]] float min_terrain_cost() const { return min_terrain_; }
    /// Names a new terrain type, numbered from 1 in the order added (types are for filters,
    /// `TerrainFilter`; costs stay per tile, `set_terrain_cost`). Refused for an empty name, a
    /// name the map has, or past 256 types.
    [[nodiscard]] Expected<TerrainType> add_terrain_type(std::string name);
    /// The type with this name, if the map has one ("ground" is type 0).
    [[nodiscard]] std::optional<TerrainType> terrain_type_named(std::string_view name) const;
    /// How many types the map has (1 + those added): valid types are 0 to this - 1.
    [[nodiscard]] int terrain_type_count() const { return static_cast<int>(terrain_names_.size()); }
    /// The name of a type; "" for a type the map does not have.
    [[nodiscard]] std::string_view terrain_type_name(TerrainType type) const {
        return type < terrain_names_.size() ? std::string_view(terrain_names_[type]) : "";
    }
    /// The type of a tile (0 unless set); 0 outside the map.
    [[nodiscard]] TerrainType terrain_type(Cell cell) const {
        return contains(cell) && !terrain_types_.empty() ? terrain_types_[index(cell)] : 0;
    }
    /// Sets a tile's terrain type (a change: `revision()` counts it). Refused outside the map and
    /// for a type the map does not have.
    Status set_terrain_type(Cell cell, TerrainType type);
    /// One byte per padded tile: its terrain type; null while every tile is type 0.
    [[nodiscard]] const std::uint8_t* terrain_type_data() const {
        return terrain_types_.empty() ? nullptr : terrain_types_.data();
    }
    /// Counts changes to tiles; a cache built at one revision is stale at another.
    [[nodiscard]] std::uint64_t revision() const { return revision_; }
    /// The tiles changed from revision `since` to now, one padded index per change in the
    /// order made (a tile changed twice is there twice), for caches that repair only what
    /// changed; nullopt when `since` is ahead of `revision()` or further back than the map
    /// remembers (the last `change_log_capacity` to 2 x that many changes).
    [[nodiscard]] std::optional<std::span<const std::uint32_t>> changes_since(
        std::uint64_t since) const;
    /// Changes the map remembers at least (see `changes_since`): 4,096 tiles, 16 to 32 KiB.
    static constexpr std::size_t change_log_capacity = 4096;
    /// Bytes held by the map.
    [[nodiscard]] std::size_t memory_bytes() const;

    // Unchecked access for search spaces, by padded index.

    /// Length of a padded row: width + 2.
    [[nodiscard]] int stride() const { return stride_; }
    /// Number of padded tiles: (width + 2) x (height + 2); every index is below it.
    [[nodiscard]] std::size_t padded_size() const { return walkable_.size(); }
    /// The padded index of a tile inside the map or on its border (unchecked in release).
    [[nodiscard]] std::uint32_t index(Cell cell) const {
        PATHKIT_ASSERT(cell.x >= origin_.x - 1 && cell.y >= origin_.y - 1 &&
                       cell.x <= origin_.x + width_ && cell.y <= origin_.y + height_);
        return static_cast<std::uint32_t>((cell.y - origin_.y + 1) * stride_ +
                                          (cell.x - origin_.x + 1));
    }
    /// The tile at a padded index (border indices give tiles just outside the map).
    [[nodiscard]] Cell cell(std::uint32_t index) const {
        PATHKIT_ASSERT(index < padded_size());
        const int row = padded_row(index);
        return {static_cast<int>(index) - row * stride_ - 1 + origin_.x, row - 1 + origin_.y};
    }
    /// The padded row of a padded index: index / stride, by a multiply and a shift (exact for
    /// every index of a map within max_side; the inner loop computes it for each heuristic).
    [[nodiscard]] int padded_row(std::uint32_t index) const {
        return static_cast<int>((std::uint64_t{index} * row_magic_) >> row_shift);
    }
    /// One byte per padded tile: 1 walkable, 0 blocked (the border is blocked).
    [[nodiscard]] const std::uint8_t* walkable_data() const { return walkable_.data(); }
    /// Multiplier per padded tile, or null when every multiplier is 1.
    [[nodiscard]] const float* terrain_data() const {
        return terrain_.empty() ? nullptr : terrain_.data();
    }
    /// 64-bit words per bit row: the padded row, then at least one whole blocked word, so a
    /// scan may read the word after any tile of the row.
    [[nodiscard]] int words_per_row() const { return words_per_row_; }
    /// Bit rows: bit (c % 64) of word c / 64 of padded row r says whether tile (c, r) of the
    /// padded array is walkable. Two blocked words come before row 0, so a backward scan may
    /// read the word before any tile, or before tile -1.
    [[nodiscard]] const std::uint64_t* row_bits(int padded_row) const {
        return row_bits_.data() + bit_guard + static_cast<std::size_t>(padded_row) * words_per_row_;
    }
    /// 64-bit words per bit column (with a blocked word after, as rows).
    [[nodiscard]] int words_per_column() const { return words_per_column_; }
    /// Bit columns: the same bits transposed, for vertical scans.
    [[nodiscard]] const std::uint64_t* column_bits(int padded_column) const {
        return column_bits_.data() + bit_guard +
               static_cast<std::size_t>(padded_column) * words_per_column_;
    }

  private:
    GridMap(int width, int height, Cell origin, bool walkable);
    void write_walkable(std::uint32_t index, bool walkable);
    void recompute_min_terrain();
    /// Counts a change of the tile at `index`: the revision and the change log.
    void note_change(std::uint32_t index);

    int width_ = 0;
    int height_ = 0;
    Cell origin_;
    int stride_ = 0;
    static constexpr int row_shift = 45;
    static constexpr std::size_t bit_guard = 2;  // blocked words before the first bit row/column
    std::uint64_t row_magic_ = 0;                // ceil(2^45 / stride)
    int words_per_row_ = 0;
    int words_per_column_ = 0;
    // The tables searches read at random: in huge pages where the system offers them.
    template <class T>
    using Table = std::vector<T, TableAllocator<T>>;
    Table<std::uint8_t> walkable_;
    Table<float> terrain_;  // empty while every multiplier is 1
    std::vector<std::string> terrain_names_{"ground"};
    Table<std::uint8_t> terrain_types_;  // empty while every tile is type 0
    Table<std::uint64_t> row_bits_;
    Table<std::uint64_t> column_bits_;
    float min_terrain_ = 1;
    std::uint64_t revision_ = 0;
    std::vector<std::uint32_t> change_log_;  // the tiles of the changes from change_log_start_
    std::uint64_t change_log_start_ = 0;     // the revision before change_log_[0]
};

}  // namespace pathkit
