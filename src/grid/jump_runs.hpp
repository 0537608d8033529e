// Diagonal runs over bit windows: the straight scans of every tile of a run share their words.
//
// A diagonal run from tile (x0, y0) in direction (Dx, Dy) scans, from each tile (x_k, y_k) =
// (x0 + k Dx, y0 + k Dy) it reaches, the row y_k along Dx and the column x_k along Dy. The
// scan of row y_k reads rows y_k - 1, y_k and y_k + 1, that is y_{k-1}, y_k and y_{k+1}: each
// row serves three consecutive tiles. So the run keeps one 64-tile window of each of the last
// three rows, all starting at column x0 and read towards Dx, and one of each of the last three
// columns, starting at row y0 and read towards Dy; a step reads one new row and one new column
// (two unaligned words each) and decides both scans from registers: the scan of row y_k starts
// at bit k + 1 of its window, where the stops of the whole window were computed by a handful
// of word operations (as JPS-B does for the blocks of a straight scan). The first scan that
// finds nothing within its window brings in far windows of the same lines, from index 62 on,
// which the steps after it then read as well (one more word a line); only a scan that finds
// nothing there either goes on word by word (`scan_ahead` / `scan_behind`). Every
// `window_steps` tiles the windows start again at the run's current tile.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "jump_scans.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit::detail {

/// 64 tiles of a bit line read in direction `Dir` (1 or -1) from `base`: "index" i is the tile
/// `base + i * Dir`. For Dir 1 index i is bit i; for Dir -1 it is bit 63 - i (`bits_until`).
template <int Dir>
struct Toward {
    [[nodiscard]] static std::uint64_t load(const std::uint64_t* line, int base) {
        return Dir > 0 ? bits_from(line, base) : bits_until(line, base);
    }
    /// Index i holds what index i - 1 held (index 0 gets a blocked tile).
    [[nodiscard]] static std::uint64_t previous(std::uint64_t window) {
        return Dir > 0 ? window << 1 : window >> 1;
    }
    /// Index i holds what index i + 1 held (index 63 gets a blocked tile).
    [[nodiscard]] static std::uint64_t next(std::uint64_t window) {
        return Dir > 0 ? window >> 1 : window << 1;
    }
    /// Whether index `i` is set.
    [[nodiscard]] static bool test(std::uint64_t window, int i) {
        return Dir > 0 ? ((window >> i) & 1) != 0 : ((window >> (63 - i)) & 1) != 0;
    }
    /// The first set index at or after `from`, or 64 or more when there is none.
    [[nodiscard]] static int first_from(std::uint64_t window, int from) {
        return Dir > 0 ? from + std::countr_zero(window >> from)
                       : from + std::countl_zero(window << from);
    }
};

/// Where a straight scan along `line` (sides `side_a` and `side_b`, windows read towards Dir)
/// must stop: blocked tiles and tiles with a forced neighbour, by the rules of `forced_ahead`.
/// Indices 1 to 62 are exact; 0 and 63 need the tiles beyond the window and are not used.
template <DiagonalPolicy Policy, int Dir>
[[nodiscard]] inline std::uint64_t window_stops(std::uint64_t line, std::uint64_t side_a,
                                                std::uint64_t side_b) {
    using T = Toward<Dir>;
    if constexpr (Policy == DiagonalPolicy::NoCornerCutting || Policy == DiagonalPolicy::Never) {
        return ~line | (side_a & ~T::previous(side_a)) | (side_b & ~T::previous(side_b));
    } else if constexpr (Policy == DiagonalPolicy::Always) {
        return ~line | (~side_a & T::next(side_a)) | (~side_b & T::next(side_b));
    } else {
        return ~line |
               (((~side_a & T::next(side_a)) | (~side_b & T::next(side_b))) & T::next(line));
    }
}

/// A diagonal run in direction (Dx, Dy) over the map's bit rows and columns, one tile a
/// `step`, with the two straight scans from the tile reached. Not for DiagonalPolicy::Never.
template <DiagonalPolicy Policy, int Dx, int Dy>
class BitRun {
  public:
    /// Tiles a window serves before the run starts new ones (scans use indices up to 62).
    static constexpr int window_steps = 48;
    /// Where the far windows start: index 62 of the near ones.
    static constexpr int far_start = 62;

    /// A run from padded tile (column, row), which must be walkable. `map` must outlive it.
    BitRun(const GridMap& map, int column, int row)
        : map_(&map),
          column_(column),
          row_(row),
          row_step_(Dy * map.words_per_row()),
          column_step_(Dx * map.words_per_column()) {
        restart();
    }

    /// The padded column and row of the tile the run is on.
    [[nodiscard]] int column() const { return column_; }
    [[nodiscard]] int row() const { return row_; }

    /// Takes one diagonal step if the policy allows it; false (and no move) when it does not.
    bool step() {
        using X = Toward<Dx>;
        using Y = Toward<Dy>;
        if (k_ == window_steps) restart();
        const int k = k_ + 1;
        // rows_[1] is the current row y_{k-1}, rows_[2] the one the step moves onto.
        const bool target = X::test(rows_[2], k);
        bool allowed = target;
        if constexpr (Policy == DiagonalPolicy::NoCornerCutting) {
            allowed = target && X::test(rows_[1], k) && X::test(rows_[2], k - 1);
        } else if constexpr (Policy == DiagonalPolicy::AtLeastOneWalkable) {
            allowed = target && (X::test(rows_[1], k) || X::test(rows_[2], k - 1));
        }
        if (!allowed) return false;
        k_ = k;
        column_ += Dx;
        row_ += Dy;
        rows_[0] = rows_[1];
        rows_[1] = rows_[2];
        row_after_ += row_step_;
        rows_[2] = X::load(row_after_, base_column_);
        columns_[0] = columns_[1];
        columns_[1] = columns_[2];
        column_after_ += column_step_;
        columns_[2] = Y::load(column_after_, base_row_);
        if (far_rows_) {
            far_row_windows_[0] = far_row_windows_[1];
            far_row_windows_[1] = far_row_windows_[2];
            far_row_windows_[2] = X::load(row_after_, base_column_ + far_start * Dx);
        }
        if (far_columns_) {
            far_column_windows_[0] = far_column_windows_[1];
            far_column_windows_[1] = far_column_windows_[2];
            far_column_windows_[2] = Y::load(column_after_, base_row_ + far_start * Dy);
        }
        return true;
    }

    /// Where the scan of the current row towards Dx stops (as `scan_ahead` / `scan_behind`
    /// from the next tile): its column.
    [[nodiscard]] ScanStop scan_row() {
        using X = Toward<Dx>;
        const std::uint64_t stops = window_stops<Policy, Dx>(rows_[1], rows_[0], rows_[2]);
        const int first = X::first_from(stops, k_ + 1);
        if (first <= 62) return {base_column_ + first * Dx, !X::test(rows_[1], first)};
        const int far_base = base_column_ + far_start * Dx;
        if (!far_rows_) {
            far_rows_ = true;
            for (int i = 0; i < 3; ++i)
                far_row_windows_[i] = X::load(row_after_ + (i - 2) * row_step_, far_base);
        }
        const std::uint64_t far_stops =
            window_stops<Policy, Dx>(far_row_windows_[1], far_row_windows_[0], far_row_windows_[2]);
        const int far_first = X::first_from(far_stops, 1);
        if (far_first <= 62)
            return {far_base + far_first * Dx, !X::test(far_row_windows_[1], far_first)};
        const std::uint64_t* line = map_->row_bits(row_);
        const std::uint64_t* above = map_->row_bits(row_ - 1);
        const std::uint64_t* below = map_->row_bits(row_ + 1);
        return Dx > 0 ? scan_ahead<Policy>(line, above, below, far_base + 63)
                      : scan_behind<Policy>(line, above, below, far_base - 63);
    }

    /// Where the scan of the current column towards Dy stops: its row.
    [[nodiscard]] ScanStop scan_column() {
        using Y = Toward<Dy>;
        const std::uint64_t stops = window_stops<Policy, Dy>(columns_[1], columns_[0], columns_[2]);
        const int first = Y::first_from(stops, k_ + 1);
        if (first <= 62) return {base_row_ + first * Dy, !Y::test(columns_[1], first)};
        const int far_base = base_row_ + far_start * Dy;
        if (!far_columns_) {
            far_columns_ = true;
            for (int i = 0; i < 3; ++i)
                far_column_windows_[i] = Y::load(column_after_ + (i - 2) * column_step_, far_base);
        }
        const std::uint64_t far_stops = window_stops<Policy, Dy>(
            far_column_windows_[1], far_column_windows_[0], far_column_windows_[2]);
        const int far_first = Y::first_from(far_stops, 1);
        if (far_first <= 62)
            return {far_base + far_first * Dy, !Y::test(far_column_windows_[1], far_first)};
        const std::uint64_t* line = map_->column_bits(column_);
        const std::uint64_t* left = map_->column_bits(column_ - 1);
        const std::uint64_t* right = map_->column_bits(column_ + 1);
        return Dy > 0 ? scan_ahead<Policy>(line, left, right, far_base + 63)
                      : scan_behind<Policy>(line, left, right, far_base - 63);
    }

  private:
    /// New windows starting at the current tile (index 0).
    void restart() {
        using X = Toward<Dx>;
        using Y = Toward<Dy>;
        k_ = 0;
        far_rows_ = false;
        far_columns_ = false;
        base_column_ = column_;
        base_row_ = row_;
        row_after_ = map_->row_bits(row_ + Dy);
        column_after_ = map_->column_bits(column_ + Dx);
        rows_[1] = X::load(row_after_ - row_step_, column_);
        rows_[2] = X::load(row_after_, column_);
        columns_[1] = Y::load(column_after_ - column_step_, row_);
        columns_[2] = Y::load(column_after_, row_);
    }

    const GridMap* map_;
    int column_;
    int row_;
    std::ptrdiff_t row_step_;                   // words from one bit row to the next towards Dy
    std::ptrdiff_t column_step_;                // words from one bit column to the next towards Dx
    const std::uint64_t* row_after_ = nullptr;  // the bit row of y_{k+1}
    const std::uint64_t* column_after_ = nullptr;  // the bit column of x_{k+1}
    int base_column_ = 0;                          // index 0 of the row windows
    int base_row_ = 0;                             // index 0 of the column windows
    int k_ = 0;                                    // the current tile's index in the windows
    // Rows y_{k-1}, y_k, y_{k+1} read towards Dx from base_column_ (y_k the current row), and
    // columns x_{k-1}, x_k, x_{k+1} read towards Dy from base_row_.
    std::uint64_t rows_[3] = {};
    std::uint64_t columns_[3] = {};
    // Once a scan of this window ran past index 62: the same lines read from index 62 on
    // (index 0 of these is index 62 of the near ones, so their indices 1 to 62 are exact).
    bool far_rows_ = false;
    bool far_columns_ = false;
    std::uint64_t far_row_windows_[3] = {};
    std::uint64_t far_column_windows_[3] = {};
};

}  // namespace pathkit::detail
