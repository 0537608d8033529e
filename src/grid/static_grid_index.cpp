// StaticGridIndex: the jump distances of every tile, filled line by line, and queries over them.
#include "pathkit/grid/static_grid_index.hpp"

#include "jump_search.hpp"

namespace pathkit {
namespace {

/// The distance one tile further back along a line whose next tile has distance `next`.
std::int16_t one_more(std::int16_t next) {
    return static_cast<std::int16_t>(next > 0 ? next + 1 : next - 1);
}

/// Fills the table: each line from its far end, so the next tile's distance is known first.
template <DiagonalPolicy Policy>
class DistanceFiller {
  public:
    DistanceFiller(const GridMap& map, std::int16_t* table)
        : rules_{map.walkable_data(), map.stride()},
          width_(map.width()),
          height_(map.height()),
          table_(table) {}

    void fill() {
        for (const auto& direction : detail::straight_directions) {
            // Plain copies: clang 14 cannot capture structured bindings in the lambda below.
            const int dx = direction.first, dy = direction.second;
            const int slot = detail::straight_slot(dx, dy);
            for_each_tile_from_far_end(dx, dy, [&](int column, int row) {
                const int next_column = column + dx, next_row = row + dy;
                std::int16_t distance = 0;
                if (rules_.free(next_column, next_row)) {
                    distance = rules_.forced_straight(next_column, next_row, dx, dy)
                                   ? 1
                                   : one_more(at(next_column, next_row, slot));
                }
                at(column, row, slot) = distance;
            });
        }
        if constexpr (Policy == DiagonalPolicy::Never) {
            for (const int dy : {1, -1})
                fill_run(0, dy);
        } else {
            for (const auto& [dx, dy] : detail::diagonal_directions)
                fill_run(dx, dy);
        }
    }

  private:
    std::int16_t& at(int column, int row, int slot) {
        return table_[(static_cast<std::size_t>(row) * rules_.stride + column) *
                          StaticGridIndex::slots +
                      slot];
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

    /// A diagonal run (dx, dy), or under Never a vertical run (0, dy): a tile of the run is
    /// eventful when a straight line the run scans from it finds a jump point, or (Always,
    /// AtLeastOneWalkable) when the run must stop there for a forced turn back.
    void fill_run(int dx, int dy) {
        const int slot = StaticGridIndex::slots / 2 + detail::run_slot(dx, dy);
        for_each_tile_from_far_end(dx, dy, [&](int column, int row) {
            const bool steps = dx == 0 ? rules_.free(column, row + dy)
                                       : rules_.diagonal_allowed(column, row, dx, dy);
            std::int16_t distance = 0;
            if (steps) {
                const int next_column = column + dx, next_row = row + dy;
                distance = eventful(next_column, next_row, dx, dy)
                               ? 1
                               : one_more(at(next_column, next_row, slot));
            }
            at(column, row, slot) = distance;
        });
    }

    bool eventful(int column, int row, int dx, int dy) {
        if (dx == 0) {
            return at(column, row, detail::straight_slot(1, 0)) > 0 ||
                   at(column, row, detail::straight_slot(-1, 0)) > 0;
        }
        return at(column, row, detail::straight_slot(dx, 0)) > 0 ||
               at(column, row, detail::straight_slot(0, dy)) > 0 ||
               rules_.forced_back(column, row, dx, dy);
    }

    detail::JumpRules<Policy> rules_;
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
    [[nodiscard]] detail::ScanStop scan(int column, int row, int dx, int dy) const {
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

StaticGridIndex::StaticGridIndex(const GridSpace& space)
    : space_(&space), revision_(space.map().revision()) {}

Expected<StaticGridIndex> StaticGridIndex::build(const GridSpace& space) {
    if (const std::string refusal = jump_point_search_refusal(space); !refusal.empty())
        return Status::invalid_input("cannot build a jump point index: " + refusal);
    StaticGridIndex index(space);
    const GridMap& map = space.map();
    index.distances_.assign(map.padded_size() * slots, 0);
    std::int16_t* table = index.distances_.data();
    switch (space.rules().diagonal) {
        case DiagonalPolicy::Never:
            DistanceFiller<DiagonalPolicy::Never>(map, table).fill();
            break;
        case DiagonalPolicy::Always:
            DistanceFiller<DiagonalPolicy::Always>(map, table).fill();
            break;
        case DiagonalPolicy::AtLeastOneWalkable:
            DistanceFiller<DiagonalPolicy::AtLeastOneWalkable>(map, table).fill();
            break;
        case DiagonalPolicy::NoCornerCutting:
            DistanceFiller<DiagonalPolicy::NoCornerCutting>(map, table).fill();
            break;
    }
    return index;
}

GridPath StaticGridIndex::find_path(Cell from, Cell to, SearchContext& context,
                                    const SearchOptions& options, PathShape shape) const {
    if (!is_current()) {
        GridPath refused;
        refused.status = SearchStatus::InvalidInput;
        refused.message = "the map changed since its jump point index was built; build it again";
        return refused;
    }
    return detail::find_path_by_jumps(space(), TableLines(*this, space().map().stride()), from, to,
                                      context, options, shape);
}

}  // namespace pathkit
