// Jump point search: which lines to scan from a jump point, the scans, and the checked query.
//
// Pruning rules. A tile x reached from p by a move in direction D keeps only the neighbours
// that no equally cheap path from p avoiding x reaches (the *natural* ones: straight on, and
// for a diagonal move its two straight parts) plus the *forced* ones that an obstacle makes
// necessary. Per policy, with S a side perpendicular to a straight D:
//   NoCornerCutting  straight: x+S free while p+S is blocked forces x+S and x+D+S;
//                    diagonal: nothing is forced (a diagonal never squeezes past a corner).
//   Always           straight: x+S blocked while x+D+S is free forces x+D+S;
//                    diagonal (dx, dy): x-(dx,0) blocked while x+(-dx,dy) is free forces it
//                    (and the mirror with dy).
//   AtLeastOne       as Always, and the forced diagonal step must itself be allowed.
//   Never            straight paths prefer vertical first: a vertical move keeps both
//                    horizontal turns; a horizontal move keeps x+S when p+S is blocked.
// These rules need straight < diagonal < 2 x straight, which jump_point_search_refusal checks.
#include "pathkit/grid/jump_point_search.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>

#include "jump_scans.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {
namespace {

int sign(int value) {
    return (value > 0) - (value < 0);
}

constexpr std::array<std::pair<int, int>, 4> straight_directions{
    {{1, 0}, {0, 1}, {-1, 0}, {0, -1}}};
constexpr std::array<std::pair<int, int>, 4> diagonal_directions{
    {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};

/// The jump points of one expansion under one policy, written to `jumps`.
template <DiagonalPolicy Policy>
class JumpFinder {
  public:
    using Jump = JumpPointSpace::Jump;

    JumpFinder(const GridSpace& space, std::uint32_t goal, std::vector<Jump>& jumps)
        : map_(space.map()),
          walkable_(space.map().walkable_data()),
          stride_(space.map().stride()),
          straight_cost_(space.rules().straight_cost),
          diagonal_cost_(space.rules().diagonal_cost),
          goal_(goal),
          goal_row_(space.map().padded_row(goal)),
          goal_column_(static_cast<int>(goal) - goal_row_ * stride_),
          jumps_(jumps) {}

    /// The jump points from `state`, reached from `parent` (`state` itself for the start).
    void expand(std::uint32_t state, std::uint32_t parent) {
        const int row = map_.padded_row(state);
        const int column = static_cast<int>(state) - row * stride_;
        if (parent == state) {
            for (const auto& [dx, dy] : straight_directions)
                jump(column, row, dx, dy);
            if constexpr (Policy != DiagonalPolicy::Never) {
                for (const auto& [dx, dy] : diagonal_directions)
                    jump(column, row, dx, dy);
            }
            return;
        }
        const int parent_row = map_.padded_row(parent);
        const int parent_column = static_cast<int>(parent) - parent_row * stride_;
        const auto [dx, dy] = arrival(column - parent_column, row - parent_row);
        if (dx != 0 && dy != 0) {
            expand_after_diagonal(column, row, dx, dy);
        } else {
            expand_after_straight(column, row, dx, dy);
        }
    }

  private:
    /// The direction of the last move of a jump from a state displaced by (x, y): a run of
    /// diagonal (or, under Never, vertical) moves comes first, then the straight run.
    static std::pair<int, int> arrival(int x, int y) {
        if constexpr (Policy == DiagonalPolicy::Never) {
            return x != 0 ? std::pair{sign(x), 0} : std::pair{0, sign(y)};
        } else {
            const int ax = std::abs(x), ay = std::abs(y);
            if (ax == ay) return {sign(x), sign(y)};
            return ax > ay ? std::pair{sign(x), 0} : std::pair{0, sign(y)};
        }
    }

    [[nodiscard]] bool free(int column, int row) const {
        return walkable_[row * stride_ + column] != 0;
    }

    void expand_after_straight(int column, int row, int dx, int dy) {
        jump(column, row, dx, dy);
        if (Policy == DiagonalPolicy::Never && dy != 0) {
            jump(column, row, 1, 0);
            jump(column, row, -1, 0);
            return;
        }
        for (const int turn : {1, -1}) {
            const int sx = dy * turn, sy = dx * turn;  // a side, perpendicular to (dx, dy)
            if constexpr (Policy == DiagonalPolicy::NoCornerCutting ||
                          Policy == DiagonalPolicy::Never) {
                if (free(column + sx, row + sy) && !free(column - dx + sx, row - dy + sy)) {
                    jump(column, row, sx, sy);
                    if constexpr (Policy != DiagonalPolicy::Never)
                        jump(column, row, dx + sx, dy + sy);
                }
            } else {
                const bool ahead_needed = Policy == DiagonalPolicy::AtLeastOneWalkable;
                if (!free(column + sx, row + sy) && free(column + dx + sx, row + dy + sy) &&
                    (!ahead_needed || free(column + dx, row + dy))) {
                    jump(column, row, dx + sx, dy + sy);
                }
            }
        }
    }

    void expand_after_diagonal(int column, int row, int dx, int dy) {
        jump(column, row, dx, 0);
        jump(column, row, 0, dy);
        jump(column, row, dx, dy);
        if constexpr (Policy == DiagonalPolicy::Always ||
                      Policy == DiagonalPolicy::AtLeastOneWalkable) {
            if (forced_back_x(column, row, dx, dy)) jump(column, row, -dx, dy);
            if (forced_back_y(column, row, dx, dy)) jump(column, row, dx, -dy);
        }
    }

    // After a diagonal move (dx, dy) onto (column, row): is (-dx, dy), resp. (dx, -dy), forced?
    [[nodiscard]] bool forced_back_x(int column, int row, int dx, int dy) const {
        const bool needs_side = Policy == DiagonalPolicy::AtLeastOneWalkable;
        return !free(column - dx, row) && free(column - dx, row + dy) &&
               (!needs_side || free(column, row + dy));
    }
    [[nodiscard]] bool forced_back_y(int column, int row, int dx, int dy) const {
        const bool needs_side = Policy == DiagonalPolicy::AtLeastOneWalkable;
        return !free(column, row - dy) && free(column + dx, row - dy) &&
               (!needs_side || free(column + dx, row));
    }

    [[nodiscard]] bool diagonal_allowed(int column, int row, int dx, int dy) const {
        if constexpr (Policy == DiagonalPolicy::NoCornerCutting) {
            return free(column + dx, row) && free(column, row + dy) && free(column + dx, row + dy);
        } else if constexpr (Policy == DiagonalPolicy::AtLeastOneWalkable) {
            return (free(column + dx, row) || free(column, row + dy)) &&
                   free(column + dx, row + dy);
        } else {
            return free(column + dx, row + dy);
        }
    }

    void emit(int column, int row, Cost cost) {
        jumps_.push_back({static_cast<std::uint32_t>(row * stride_ + column), cost});
    }

    /// Scans from (column, row) in a direction and offers what it finds.
    void jump(int column, int row, int dx, int dy) {
        if (dx != 0 && dy != 0) {
            run_diagonal(column, row, dx, dy);
        } else if (Policy == DiagonalPolicy::Never && dy != 0) {
            run_vertical(column, row, dy);
        } else if (const int steps = straight(column, row, dx, dy); steps != 0) {
            emit(column + steps * dx, row + steps * dy, static_cast<Cost>(steps) * straight_cost_);
        }
    }

    /// The number of steps to the jump point (or the goal) straight from (column, row) in
    /// direction (dx, dy), one of them 0; 0 when the scan meets a wall first.
    [[nodiscard]] int straight(int column, int row, int dx, int dy) const {
        if (!free(column + dx, row + dy)) return 0;
        if (dy == 0) {
            const std::uint64_t* line = map_.row_bits(row);
            const std::uint64_t* above = map_.row_bits(row - 1);
            const std::uint64_t* below = map_.row_bits(row + 1);
            const detail::ScanStop stop =
                dx > 0 ? detail::scan_ahead<Policy>(line, above, below, column + 1)
                       : detail::scan_behind<Policy>(line, above, below, column - 1);
            return steps_to(stop, goal_row_ == row, goal_column_, column, dx);
        }
        const std::uint64_t* line = map_.column_bits(column);
        const std::uint64_t* left = map_.column_bits(column - 1);
        const std::uint64_t* right = map_.column_bits(column + 1);
        const detail::ScanStop stop = dy > 0
                                          ? detail::scan_ahead<Policy>(line, left, right, row + 1)
                                          : detail::scan_behind<Policy>(line, left, right, row - 1);
        return steps_to(stop, goal_column_ == column, goal_row_, row, dy);
    }

    /// Steps from `start` to where a scan in direction `step` stopped, or to the goal when it
    /// lies on the scanned stretch; 0 when the scan stopped at a wall without passing it.
    static int steps_to(detail::ScanStop stop, bool goal_on_line, int goal, int start, int step) {
        if (goal_on_line && (goal - start) * step > 0 && (stop.position - goal) * step >= 0)
            return (goal - start) * step;
        return stop.blocked ? 0 : (stop.position - start) * step;
    }

    /// Follows a diagonal, offering the straight jump points seen from each tile of it.
    void run_diagonal(int column, int row, int dx, int dy) {
        for (int steps = 1; diagonal_allowed(column, row, dx, dy); ++steps) {
            column += dx;
            row += dy;
            const Cost run = static_cast<Cost>(steps) * diagonal_cost_;
            if (row == goal_row_ && column == goal_column_) {
                emit(column, row, run);
                return;
            }
            if constexpr (Policy == DiagonalPolicy::Always ||
                          Policy == DiagonalPolicy::AtLeastOneWalkable) {
                if (forced_back_x(column, row, dx, dy) || forced_back_y(column, row, dx, dy)) {
                    emit(column, row, run);
                    return;
                }
            }
            if (const int along_x = straight(column, row, dx, 0); along_x != 0)
                emit(column + along_x * dx, row, run + static_cast<Cost>(along_x) * straight_cost_);
            if (const int along_y = straight(column, row, 0, dy); along_y != 0)
                emit(column, row + along_y * dy, run + static_cast<Cost>(along_y) * straight_cost_);
        }
    }

    /// Under Never: follows a column, offering the horizontal jump points seen from each tile.
    void run_vertical(int column, int row, int dy) {
        for (int steps = 1; free(column, row + dy); ++steps) {
            row += dy;
            const Cost run = static_cast<Cost>(steps) * straight_cost_;
            if (row == goal_row_ && column == goal_column_) {
                emit(column, row, run);
                return;
            }
            for (const int dx : {1, -1}) {
                if (const int along_x = straight(column, row, dx, 0); along_x != 0) {
                    emit(column + along_x * dx, row,
                         run + static_cast<Cost>(along_x) * straight_cost_);
                }
            }
        }
    }

    const GridMap& map_;
    const std::uint8_t* walkable_;
    int stride_;
    Cost straight_cost_;
    Cost diagonal_cost_;
    std::uint32_t goal_;
    int goal_row_;
    int goal_column_;
    std::vector<Jump>& jumps_;
};

}  // namespace

JumpPointSpace::JumpPointSpace(const GridSpace& space, Cell goal)
    : space_(&space), goal_(space.map().index(goal)) {
    jumps_.reserve(64);
}

void JumpPointSpace::find_jumps(std::uint32_t state, std::uint32_t parent) const {
    switch (space_->rules().diagonal) {
        case DiagonalPolicy::Never:
            JumpFinder<DiagonalPolicy::Never>(*space_, goal_, jumps_).expand(state, parent);
            break;
        case DiagonalPolicy::Always:
            JumpFinder<DiagonalPolicy::Always>(*space_, goal_, jumps_).expand(state, parent);
            break;
        case DiagonalPolicy::AtLeastOneWalkable:
            JumpFinder<DiagonalPolicy::AtLeastOneWalkable>(*space_, goal_, jumps_)
                .expand(state, parent);
            break;
        case DiagonalPolicy::NoCornerCutting:
            JumpFinder<DiagonalPolicy::NoCornerCutting>(*space_, goal_, jumps_)
                .expand(state, parent);
            break;
    }
}

std::optional<Cell> JumpPointSpace::corner(Cell from, Cell to) const {
    const int x = to.x - from.x, y = to.y - from.y;
    if (x == 0 || y == 0) return std::nullopt;
    if (space_->rules().diagonal == DiagonalPolicy::Never) return Cell{from.x, to.y};
    if (std::abs(x) == std::abs(y)) return std::nullopt;
    const int diagonal_steps = std::min(std::abs(x), std::abs(y));
    return Cell{from.x + diagonal_steps * sign(x), from.y + diagonal_steps * sign(y)};
}

std::string jump_point_search_refusal(const GridSpace& space, const SearchOptions& options) {
    const MovementRules& rules = space.rules();
    if (options.algorithm == SearchAlgorithm::BreadthFirst)
        return "breadth-first search counts steps, and a jump is many steps";
    if (space.map().has_terrain_costs()) return "the map has terrain cost multipliers";
    if (rules.agent_size > 1) return "the unit is bigger than one tile";
    if (rules.diagonal != DiagonalPolicy::Never &&
        !(rules.straight_cost < rules.diagonal_cost &&
          rules.diagonal_cost < 2 * rules.straight_cost)) {
        return "the diagonal cost is not strictly between the straight cost and twice it";
    }
    return {};
}

GridPath find_path_jps(const GridSpace& space, Cell from, Cell to, SearchContext& context,
                       const SearchOptions& options, PathShape shape) {
    for (const auto& [cell, role] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (auto status = space.check_endpoint(cell, role); !status) {
            GridPath refused;
            refused.status = SearchStatus::InvalidInput;
            refused.message = status.message();
            return refused;
        }
    }
    if (const std::string refusal = jump_point_search_refusal(space, options); !refusal.empty()) {
        GridPath result = space.find_path(from, to, context, options, shape);
        result.message += (result.message.empty() ? "" : "; ") +
                          ("jump point search cannot run (" + refusal + "), so " +
                           std::string(result.stats.method) + " did");
        return result;
    }
    const GridMap& map = space.map();
    const JumpPointSpace problem(space, to);
    SearchResult search = pathkit::find_path(problem, StateId(map.index(from)), context, options);
    search.stats.method = "jps";
    GridPath result = convert_path<Cell>(std::move(search),
                                         [&map](StateId state) { return map.cell(state.value); });
    // Each jump is a diagonal (or vertical) run, then a straight one: add the corner between
    // them, then keep the turns or walk every tile.
    std::vector<Cell> waypoints;
    waypoints.reserve(result.path.size() * 2);
    for (std::size_t index = 0; index < result.path.size(); ++index) {
        if (index > 0) {
            if (const auto corner = problem.corner(result.path[index - 1], result.path[index]))
                waypoints.push_back(*corner);
        }
        waypoints.push_back(result.path[index]);
    }
    result.path = shape == PathShape::Turns ? compress_path(waypoints) : expand_path(waypoints);
    return result;
}

}  // namespace pathkit
