/// StaticGridIndex: jump distances computed once for a map that does not change (JPS+).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/table_allocator.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit {

/// Jump point search with its scans done in advance (JPS+, Rabin; Harabor and Grastien's
/// offline jump points): for every tile, how far each straight line runs to its next jump point
/// or wall, and how far each diagonal runs to the next tile that sees a jump point. A query
/// then reads these distances instead of scanning, and returns exactly the paths and costs of
/// `find_path_jps`.
///
/// Build it once per map and movement rules and share it between threads (queries only read
/// it). After tiles change, `repair()` redoes only the distances the changes reach (or build it
/// again): a query on an index older than the map's `revision()` returns InvalidInput. It holds
/// 16 bytes per padded tile ((width + 2) x (height + 2)); building takes one pass over the
/// tiles per direction.
class GoalBounds;

class StaticGridIndex {
  public:
    /// Builds the index of `space`'s map under its rules. `space` and its map must outlive the
    /// index. Refused when jump point search cannot run on the space (terrain multipliers, a
    /// unit bigger than one tile, diagonal costs outside (straight, 2 x straight)); the message
    /// says why.
    [[nodiscard]] static Expected<StaticGridIndex> build(const GridSpace& space);

    /// True while neither the map nor the space's links changed since the index was built or
    /// repaired (tiles where links start are stops, as jump points are).
    [[nodiscard]] bool is_current() const;
    /// Brings the index up to the map's changes since it was built or last repaired, with the
    /// same distances a new build would have: for each changed tile it fills again the rows
    /// and columns within one tile of it (6 x (width + height) distances) and follows the
    /// diagonal runs back from the tiles whose inputs changed for as long as their distances
    /// change. False, with the index unchanged (still stale), when the map no longer remembers
    /// the changes (`GridMap::changes_since`) or now has terrain costs: build it again then.
    /// Not while queries read it.
    bool repair();
    /// Bytes held by the index.
    [[nodiscard]] std::size_t memory_bytes() const { return table_bytes(distances_); }
    [[nodiscard]] const GridSpace& space() const { return *space_; }

    /// The cheapest path from `from` to `to`, shaped as asked: the same answer as
    /// `find_path_jps(space(), ...)`, with `stats.method` "jps+". InvalidInput when the map
    /// changed since the build, or for a start or goal that is outside the map or blocked.
    /// Breadth-first search runs on the space instead, as `find_path_jps` does.
    [[nodiscard]] GridPath find_path(Cell from, Cell to, SearchContext& context,
                                     const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles) const;
    /// As above, with the calling thread's own context.
    [[nodiscard]] GridPath find_path(Cell from, Cell to, const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles) const {
        return find_path(from, to, thread_search_context(), options, shape);
    }

    /// The same answer (path cost; the path may be another of the cheapest), with `bounds`
    /// pruning the moves no cheapest path to the goal takes: far fewer jump points, with
    /// `stats.method` "jps+ with goal bounds". `bounds` must have passed `check_fits(space())`
    /// for this map (its size and rules are checked again here; InvalidInput otherwise, as for
    /// a stale index); its boxes are trusted.
    [[nodiscard]] GridPath find_path(Cell from, Cell to, const GoalBounds& bounds,
                                     SearchContext& context, const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles) const;

    /// The distances of one padded tile: slots 0-3 the straight lines E, S, W, N; slots 4-7
    /// the runs SE, SW, NW, NE (under `DiagonalPolicy::Never`, slots 4 and 5 are the vertical
    /// runs down and up). A value d > 0 means the line's next stop is d steps away; d <= 0
    /// means -d free steps, then a blocked tile. Unchecked index.
    [[nodiscard]] const std::int16_t* distances(std::uint32_t padded_index) const {
        return distances_.data() + std::size_t{padded_index} * slots;
    }

    /// Distances kept per padded tile.
    static constexpr int slots = 8;

  private:
    explicit StaticGridIndex(const GridSpace& space);

    const GridSpace* space_;
    std::uint64_t revision_ = 0;
    std::uint64_t link_revision_ = 0;  // of the space's link starts
    std::vector<std::int16_t, TableAllocator<std::int16_t>> distances_;  // read at random
};

}  // namespace pathkit
