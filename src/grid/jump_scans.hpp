// Straight jump scans over bit lines (rows or columns of a map), 64 tiles at a time, for a search.
#pragma once

#include <bit>
#include <cstdint>

#include "pathkit/grid/grid_map.hpp"
#include "pathkit/grid/movement.hpp"

namespace pathkit::detail {

/// 64 tiles of a bit line from `position` on: bit i is tile `position + i`. Reads the word
/// after `position`'s, which GridMap guarantees exists.
[[nodiscard]] inline std::uint64_t bits_from(const std::uint64_t* line, int position) {
    const int word = position >> 6;
    const int shift = position & 63;
    return (line[word] >> shift) | ((line[word + 1] << 1) << (63 - shift));
}

/// 64 tiles of a bit line up to `position` (which may be -1): bit 63 - i is tile
/// `position - i`. Reads the word before `position`'s, which GridMap guarantees exists.
[[nodiscard]] inline std::uint64_t bits_until(const std::uint64_t* line, int position) {
    const int word = position >> 6;  // arithmetic shift: -1 gives word -1
    const int shift = position & 63;
    return (line[word] << (63 - shift)) | ((line[word - 1] >> 1) >> shift);
}

/// Whether every tile of a bit line from `first` to `last` (first <= last) is walkable.
[[nodiscard]] inline bool all_free(const std::uint64_t* line, int first, int last) {
    for (int position = first; position <= last; position += 64) {
        const int count = last - position + 1;
        const std::uint64_t wanted =
            count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
        if ((bits_from(line, position) & wanted) != wanted) return false;
    }
    return true;
}

/// Where a straight scan moving towards higher positions meets a tile with a forced neighbour
/// on the `side` line (bit i for tile `position + i`; the tile before each is the one the scan
/// came from). See jump_search.hpp for the rules of each policy.
template <DiagonalPolicy Policy>
[[nodiscard]] inline std::uint64_t forced_ahead(const std::uint64_t* line,
                                                const std::uint64_t* side, int position) {
    if constexpr (Policy == DiagonalPolicy::NoCornerCutting || Policy == DiagonalPolicy::Never) {
        // The side tile is free and the one behind it is blocked: turn onto the side.
        return bits_from(side, position) & ~bits_from(side, position - 1);
    } else if constexpr (Policy == DiagonalPolicy::Always) {
        // The side tile is blocked and the one ahead of it free: cut the diagonal.
        return ~bits_from(side, position) & bits_from(side, position + 1);
    } else {
        // As Always, and the diagonal needs the tile ahead on the line free too.
        return ~bits_from(side, position) & bits_from(side, position + 1) &
               bits_from(line, position + 1);
    }
}

/// The mirror of `forced_ahead` for a scan towards lower positions (bit 63 - i for tile
/// `position - i`).
template <DiagonalPolicy Policy>
[[nodiscard]] inline std::uint64_t forced_behind(const std::uint64_t* line,
                                                 const std::uint64_t* side, int position) {
    if constexpr (Policy == DiagonalPolicy::NoCornerCutting || Policy == DiagonalPolicy::Never) {
        return bits_until(side, position) & ~bits_until(side, position + 1);
    } else if constexpr (Policy == DiagonalPolicy::Always) {
        return ~bits_until(side, position) & bits_until(side, position - 1);
    } else {
        return ~bits_until(side, position) & bits_until(side, position - 1) &
               bits_until(line, position - 1);
    }
}

/// Where a straight scan stopped: the first tile that is blocked (the scan found nothing
/// there) or that has a forced neighbour (a jump point).
struct ScanStop {
    int position;
    bool blocked;
};

/// Scans `line` from `from` towards higher positions; `side_a` and `side_b` are the lines on
/// either side. The line must hold a blocked tile at or after `from` (the map's border does).
/// With `WithStops`, `stops_line` is a bit line of tiles where the scan must stop as at a jump
/// point (where links start); without it the line is never read, and a map without links pays
/// no load or branch for it.
template <DiagonalPolicy Policy, bool WithStops = false>
[[nodiscard]] inline ScanStop scan_ahead(const std::uint64_t* line, const std::uint64_t* side_a,
                                         const std::uint64_t* side_b, int from,
                                         const std::uint64_t* stops_line = nullptr) {
    if constexpr (Policy == DiagonalPolicy::NoCornerCutting || Policy == DiagonalPolicy::Never) {
        // One read per side line: bit i + 1 is the side tile of `position + i`, bit i the one
        // behind it, so 63 tiles are decided per window (the 64th only if it is blocked).
        for (int position = from;; position += 63) {
            const std::uint64_t free = bits_from(line, position);
            const std::uint64_t a = bits_from(side_a, position - 1);
            const std::uint64_t b = bits_from(side_b, position - 1);
            std::uint64_t stops = ~free | ((a >> 1) & ~a) | ((b >> 1) & ~b);
            if constexpr (WithStops) stops |= bits_from(stops_line, position);
            if (stops != 0) {
                const int offset = std::countr_zero(stops);
                return {position + offset, ((free >> offset) & 1) == 0};
            }
        }
    }
    for (int position = from;; position += 64) {
        const std::uint64_t free = bits_from(line, position);
        std::uint64_t stops = ~free | forced_ahead<Policy>(line, side_a, position) |
                              forced_ahead<Policy>(line, side_b, position);
        if constexpr (WithStops) stops |= bits_from(stops_line, position);
        if (stops != 0) {
            const int offset = std::countr_zero(stops);
            return {position + offset, ((free >> offset) & 1) == 0};
        }
    }
}

/// Scans `line` from `from` towards lower positions (the mirror of `scan_ahead`).
template <DiagonalPolicy Policy, bool WithStops = false>
[[nodiscard]] inline ScanStop scan_behind(const std::uint64_t* line, const std::uint64_t* side_a,
                                          const std::uint64_t* side_b, int from,
                                          const std::uint64_t* stops_line = nullptr) {
    if constexpr (Policy == DiagonalPolicy::NoCornerCutting || Policy == DiagonalPolicy::Never) {
        // The mirror of scan_ahead's single reads: bit 62 - i is the side tile of
        // `position - i`, bit 63 - i the one behind it.
        for (int position = from;; position -= 63) {
            const std::uint64_t free = bits_until(line, position);
            const std::uint64_t a = bits_until(side_a, position + 1);
            const std::uint64_t b = bits_until(side_b, position + 1);
            std::uint64_t stops = ~free | ((a << 1) & ~a) | ((b << 1) & ~b);
            if constexpr (WithStops) stops |= bits_until(stops_line, position);
            if (stops != 0) {
                const int offset = std::countl_zero(stops);
                return {position - offset, ((free >> (63 - offset)) & 1) == 0};
            }
        }
    }
    for (int position = from;; position -= 64) {
        const std::uint64_t free = bits_until(line, position);
        std::uint64_t stops = ~free | forced_behind<Policy>(line, side_a, position) |
                              forced_behind<Policy>(line, side_b, position);
        if constexpr (WithStops) stops |= bits_until(stops_line, position);
        if (stops != 0) {
            const int offset = std::countl_zero(stops);
            return {position - offset, ((free >> (63 - offset)) & 1) == 0};
        }
    }
}

/// Straight scans over the map's bit rows and columns, 64 tiles a word, for each query.
/// `WithLinks`: the scans also stop where links start; without it they read nothing more than
/// the map (the instantiation for maps without links).
template <bool WithLinks>
class BitLines {
  public:
    static constexpr bool skips_runs = false;

    /// With `WithLinks`, `stops` is a map of the same size whose walkable tiles also stop
    /// scans (where links start); otherwise it is not read.
    explicit BitLines(const GridMap& map, const GridMap* stops = nullptr)
        : map_(&map), stops_(stops) {}

    /// Where a scan from (column, row) in straight direction (dx, dy) stops: the column (for a
    /// horizontal scan) or row of the first blocked tile or jump point after it.
    template <DiagonalPolicy Policy>
    [[nodiscard]] ScanStop scan(int column, int row, int dx, int dy) const {
        if (dy == 0) {
            const std::uint64_t* line = map_->row_bits(row);
            const std::uint64_t* above = map_->row_bits(row - 1);
            const std::uint64_t* below = map_->row_bits(row + 1);
            const std::uint64_t* stops = nullptr;
            if constexpr (WithLinks) stops = stops_->row_bits(row);
            return dx > 0 ? scan_ahead<Policy, WithLinks>(line, above, below, column + 1, stops)
                          : scan_behind<Policy, WithLinks>(line, above, below, column - 1, stops);
        }
        const std::uint64_t* line = map_->column_bits(column);
        const std::uint64_t* left = map_->column_bits(column - 1);
        const std::uint64_t* right = map_->column_bits(column + 1);
        const std::uint64_t* stops = nullptr;
        if constexpr (WithLinks) stops = stops_->column_bits(column);
        return dy > 0 ? scan_ahead<Policy, WithLinks>(line, left, right, row + 1, stops)
                      : scan_behind<Policy, WithLinks>(line, left, right, row - 1, stops);
    }

    /// The map whose lines are scanned.
    [[nodiscard]] const GridMap& map() const { return *map_; }

  private:
    const GridMap* map_;
    const GridMap* stops_;
};

}  // namespace pathkit::detail
