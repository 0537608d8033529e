// StaticGridIndex: the jump distances of every tile, filled line by line, and queries over them.
#include "pathkit/grid/static_grid_index.hpp"

#include <algorithm>
#include <span>
#include <vector>

#include "jump_entries.hpp"
#include "jump_search.hpp"

namespace pathkit {
namespace {

/// The distance one tile further back along a line whose next tile has distance `next`.
std::int16_t one_more(std::int16_t next) {
    return static_cast<std::int16_t>(next > 0 ? next + 1 : next - 1);
}

/// Fills the table: each line from its far end, so the next tile's distance is known first;
/// or, after tiles changed, redoes only the lines and runs whose distances the changes reach.
template <DiagonalPolicy Policy>
class DistanceFiller {
  public:
    /// `stops`, when not null, holds a byte per padded tile: 1 where a straight line or run
    /// must stop as at a jump point (where links start).
    DistanceFiller(const GridMap& map, std::int16_t* table, const std::uint8_t* stops)
        : rules_{map.walkable_data(), map.stride()},
          stops_(stops),
          width_(map.width()),
          height_(map.height()),
          table_(table) {}

    void fill() {
        for (const auto& direction : detail::straight_directions) {
            // Plain copies: clang 14 cannot capture structured bindings in the lambda below.
            const int dx = direction.first, dy = direction.second;
            for_each_tile_from_far_end(dx, dy, [&](int column, int row) {
                at(column, row, detail::straight_slot(dx, dy)) =
                    straight_distance(column, row, dx, dy);
            });
        }
        for (const auto& run : runs()) {
            const int dx = run.first, dy = run.second;  // plain copies, as above
            for_each_tile_from_far_end(dx, dy, [&](int column, int row) {
                at(column, row, run_slot(dx, dy)) = run_distance(column, row, dx, dy);
            });
        }
    }

    /// Brings the table up to date after the tiles at `changed` (padded indices) changed.
    /// A tile's straight distances read the tiles within one step of the next tile, so they
    /// change only on the rows (east, west) and columns (south, north) within one of a changed
    /// tile, from beside it back for as long as they change. A run's distance reads the tiles
    /// within two steps and the straight distances of the next tile: the runs through the
    /// tiles near a change and through every tile whose straight distances changed are filled
    /// again from there back, as far as their distances change. Changes are taken one at a
    /// time, each line and run in the order a build fills it, so every distance a tile reads
    /// is final when it is redone.
    void repair(std::span<const std::uint32_t> changed, int stride) {
        std::vector<std::uint32_t> seeds;  // tiles whose run inputs may have changed
        for (const std::uint32_t index : changed) {
            const int row = static_cast<int>(index) / stride;
            const int column = static_cast<int>(index) % stride;
            for (int offset = -1; offset <= 1; ++offset) {
                for (const int forward : {1, -1}) {
                    if (row + offset >= 1 && row + offset <= height_)
                        refill_line(forward, 0, row + offset, column, stride, seeds);
                    if (column + offset >= 1 && column + offset <= width_)
                        refill_line(0, forward, column + offset, row, stride, seeds);
                }
            }
            for (int y = row - 2; y <= row + 2; ++y)
                for (int x = column - 2; x <= column + 2; ++x)
                    if (inside(x, y)) seeds.push_back(static_cast<std::uint32_t>(y * stride + x));
        }
        unique(seeds);
        std::vector<std::uint32_t> order;
        for (const auto& run : runs()) {
            const int dx = run.first, dy = run.second;  // plain copies: the lambda reads them
            // Each run back from its seeds, the seeds nearer the run's far end first, so the
            // next tile's distance is final when a tile is redone.
            const auto ahead = [&](std::uint32_t tile) {
                return static_cast<int>(tile) / stride * dy + static_cast<int>(tile) % stride * dx;
            };
            order = seeds;
            std::sort(order.begin(), order.end(),
                      [&](std::uint32_t a, std::uint32_t b) { return ahead(a) > ahead(b); });
            for (const std::uint32_t tile : order) {
                int row = static_cast<int>(tile) / stride, column = static_cast<int>(tile) % stride;
                // Back along the run while distances change: a tile whose distance stays has
                // nothing new to pass back (unless it is a seed itself, redone in its turn).
                while (inside(column, row)) {
                    std::int16_t& slot = at(column, row, run_slot(dx, dy));
                    const std::int16_t distance = run_distance(column, row, dx, dy);
                    if (distance == slot) break;
                    slot = distance;
                    column -= dx;
                    row -= dy;
                }
            }
        }
    }

  private:
    std::int16_t& at(int column, int row, int slot) {
        return table_[(static_cast<std::size_t>(row) * rules_.stride + column) *
                          StaticGridIndex::slots +
                      slot];
    }
    [[nodiscard]] bool inside(int column, int row) const {
        return column >= 1 && column <= width_ && row >= 1 && row <= height_;
    }
    template <class Values>
    static void unique(Values& values) {
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
    }

    /// The runs the table keeps: the four diagonals, or under Never the vertical runs.
    static std::span<const std::pair<int, int>> runs() {
        static constexpr std::pair<int, int> vertical[] = {{0, 1}, {0, -1}};
        if constexpr (Policy == DiagonalPolicy::Never) return vertical;
        return detail::diagonal_directions;
    }
    static int run_slot(int dx, int dy) {
        return StaticGridIndex::slots / 2 + detail::run_slot(dx, dy);
    }

    /// Visits the map's tiles (padded rows and columns 1..height, 1..width) so that the tile at
    /// (column + dx, row + dy) comes before (column, row).
    template <class Visit>
    void for_each_tile_from_far_end(int dx, int dy, Visit&& visit) {
        for (int step = 0; step < height_; ++step) {
            const int row = dy > 0 ? height_ - step : step + 1;
            for (int index = 0; index < width_; ++index)
                visit(dx > 0 ? width_ - index : index + 1, row);
        }
    }

    /// Fills a straight line again (a row for dy = 0, else a column) back from the changed tile
    /// at `changed_along` (its column on a row, its row on a column): the tiles up to two steps
    /// behind it, which read it (a straight distance reads the next tile and the one after, and
    /// their sides), then on while distances change. Adds the tiles whose distance changed,
    /// and the tiles before them on every run, to `seeds`.
    void refill_line(int dx, int dy, int line, int changed_along, int stride,
                     std::vector<std::uint32_t>& seeds) {
        const int length = dy == 0 ? width_ : height_;
        const int forward = dx + dy;  // +1 or -1 along the line
        constexpr int reach = 2;
        for (int along = changed_along; along >= 1 && along <= length; along -= forward) {
            const int column = dy == 0 ? along : line, row = dy == 0 ? line : along;
            std::int16_t& slot = at(column, row, detail::straight_slot(dx, dy));
            const std::int16_t distance = straight_distance(column, row, dx, dy);
            if (distance == slot) {
                if ((changed_along - along) * forward >= reach) break;  // past the tiles it reads
                continue;
            }
            slot = distance;
            for (const auto& [run_dx, run_dy] : runs())
                if (inside(column - run_dx, row - run_dy))
                    seeds.push_back(
                        static_cast<std::uint32_t>((row - run_dy) * stride + column - run_dx));
        }
    }

    /// A straight line's distance from (column, row), its next tile's being final.
    std::int16_t straight_distance(int column, int row, int dx, int dy) {
        const int next_column = column + dx, next_row = row + dy;
        if (!rules_.free(next_column, next_row)) return 0;
        return stops(next_column, next_row) || rules_.forced_straight(next_column, next_row, dx, dy)
                   ? 1
                   : one_more(at(next_column, next_row, detail::straight_slot(dx, dy)));
    }

    /// A diagonal run (dx, dy), or under Never a vertical run (0, dy): its distance from
    /// (column, row), the next tile's being final. A tile of the run is eventful when a
    /// straight line the run scans from it finds a jump point, or (Always,
    /// AtLeastOneWalkable) when the run must stop there for a forced turn back.
    std::int16_t run_distance(int column, int row, int dx, int dy) {
        const bool steps =
            dx == 0 ? rules_.free(column, row + dy) : rules_.diagonal_allowed(column, row, dx, dy);
        if (!steps) return 0;
        const int next_column = column + dx, next_row = row + dy;
        return eventful(next_column, next_row, dx, dy)
                   ? 1
                   : one_more(at(next_column, next_row, run_slot(dx, dy)));
    }

    [[nodiscard]] bool stops(int column, int row) const {
        return stops_ != nullptr && stops_[row * rules_.stride + column] != 0;
    }

    bool eventful(int column, int row, int dx, int dy) {
        if (stops(column, row)) return true;
        if (dx == 0) {
            return at(column, row, detail::straight_slot(1, 0)) > 0 ||
                   at(column, row, detail::straight_slot(-1, 0)) > 0;
        }
        return at(column, row, detail::straight_slot(dx, 0)) > 0 ||
               at(column, row, detail::straight_slot(0, dy)) > 0 ||
               rules_.forced_back(column, row, dx, dy);
    }

    detail::JumpRules<Policy> rules_;
    const std::uint8_t* stops_;
    int width_;
    int height_;
    std::int16_t* table_;
};

/// Jump scans answered from the index's table.
class TableLines {
  public:
    static constexpr bool skips_runs = true;

    TableLines(const StaticGridIndex& index, int stride) : index_(&index), stride_(stride) {}

    template <DiagonalPolicy Policy>
    [[nodiscard]] PATHKIT_ALWAYS_INLINE detail::ScanStop scan(int column, int row, int dx,
                                                              int dy) const {
        const int distance = distances(column, row)[detail::straight_slot(dx, dy)];
        const int steps = distance > 0 ? distance : 1 - distance;
        return dy == 0 ? detail::ScanStop{column + steps * dx, distance <= 0}
                       : detail::ScanStop{row + steps * dy, distance <= 0};
    }

    [[nodiscard]] int run_stop(int column, int row, int dx, int dy) const {
        return distances(column, row)[StaticGridIndex::slots / 2 + detail::run_slot(dx, dy)];
    }

  private:
    [[nodiscard]] const std::int16_t* distances(int column, int row) const {
        return index_->distances(static_cast<std::uint32_t>(row * stride_ + column));
    }

    const StaticGridIndex* index_;
    int stride_;
};

}  // namespace

/// The revision of the space's link starts (0 without links).
std::uint64_t link_starts_revision(const GridSpace& space) {
    return space.link_starts() ? space.link_starts()->revision() : 0;
}

StaticGridIndex::StaticGridIndex(const GridSpace& space)
    : space_(&space),
      revision_(space.map().revision()),
      link_revision_(link_starts_revision(space)) {}

/// Runs `work` on the filler for the space's diagonal rule.
template <class Work>
void with_filler(const GridSpace& space, std::int16_t* table, Work&& work) {
    const GridMap& map = space.map();
    const std::uint8_t* stops =
        space.link_starts() ? space.link_starts()->walkable_data() : nullptr;
    switch (space.rules().diagonal) {
        case DiagonalPolicy::Never:
            return work(DistanceFiller<DiagonalPolicy::Never>(map, table, stops));
        case DiagonalPolicy::Always:
            return work(DistanceFiller<DiagonalPolicy::Always>(map, table, stops));
        case DiagonalPolicy::AtLeastOneWalkable:
            return work(DistanceFiller<DiagonalPolicy::AtLeastOneWalkable>(map, table, stops));
        case DiagonalPolicy::NoCornerCutting:
            return work(DistanceFiller<DiagonalPolicy::NoCornerCutting>(map, table, stops));
    }
}

Expected<StaticGridIndex> StaticGridIndex::build(const GridSpace& space) {
    if (const std::string refusal = jump_point_search_refusal(space); !refusal.empty())
        return Status::invalid_input("cannot build a jump point index: " + refusal);
    StaticGridIndex index(space);
    index.distances_.assign(space.map().padded_size() * slots, 0);
    with_filler(space, index.distances_.data(), [](auto filler) { filler.fill(); });
    return index;
}

bool StaticGridIndex::is_current() const {
    return space_->map().revision() == revision_ && link_starts_revision(*space_) == link_revision_;
}

bool StaticGridIndex::repair() {
    const GridMap& map = space_->map();
    if (is_current()) return true;
    const auto changed = map.changes_since(revision_);
    if (!changed || !jump_point_search_refusal(*space_).empty()) return false;
    // Where a link starts or stops starting is a change of that tile's inputs, as a wall is.
    std::vector<std::uint32_t> tiles(changed->begin(), changed->end());
    if (const GridMap* starts = space_->link_starts()) {
        const auto moved = starts->changes_since(link_revision_);
        if (!moved) return false;
        tiles.insert(tiles.end(), moved->begin(), moved->end());
    }
    with_filler(*space_, distances_.data(),
                [&](auto filler) { filler.repair(tiles, map.stride()); });
    revision_ = map.revision();
    link_revision_ = link_starts_revision(*space_);
    return true;
}

GridPath StaticGridIndex::find_path(Cell from, Cell to, SearchContext& context,
                                    const SearchOptions& options, PathShape shape) const {
    if (!is_current()) {
        GridPath refused;
        refused.status = SearchStatus::InvalidInput;
        refused.message =
            "the map or its links changed since its jump point index was built; build it again";
        return refused;
    }
    // The table already stops at link starts; the search needs its link code only with links.
    const TableLines lines(*this, space().map().stride());
    if (space().has_links())
        return detail::find_path_by_jumps<true>(space(), lines, from, to, context, options, shape);
    return detail::find_path_by_jumps<false>(space(), lines, from, to, context, options, shape);
}

GridPath detail::find_path_jps_plus_applicable(const StaticGridIndex& index, Cell from, Cell to,
                                               SearchContext& context, const SearchOptions& options,
                                               PathShape shape) {
    if (auto refused = refused_endpoints(index.space(), from, to)) return std::move(*refused);
    const TableLines lines(index, index.space().map().stride());
    if (index.space().has_links())
        return search_jumps<true>(index.space(), lines, from, to, context, options, shape);
    return search_jumps<false>(index.space(), lines, from, to, context, options, shape);
}

GridPath StaticGridIndex::find_path(Cell from, Cell to, const GoalBounds& bounds,
                                    SearchContext& context, const SearchOptions& options,
                                    PathShape shape) const {
    const GridMap& map = space().map();
    if (!is_current() || space().has_links() || bounds.width() != map.width() ||
        bounds.height() != map.height() || bounds.rules().diagonal != space().rules().diagonal ||
        !bounds.complete()) {
        GridPath refused;
        refused.status = SearchStatus::InvalidInput;
        refused.message = is_current() ? "the goal bounds do not fit this map (see "
                                         "GoalBounds::check_fits)"
                                       : "the map or its links changed since its jump point "
                                         "index was built; build it again";
        return refused;
    }
    const TableLines lines(*this, map.stride());
    return detail::find_path_by_jumps<false>(space(), lines, from, to, context, options, shape,
                                             detail::NoGuide{}, &bounds);
}

}  // namespace pathkit
