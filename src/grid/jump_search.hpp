// Jump point search as a search problem, over any source of straight scans (bit lines or tables).
//
// The pruning rules are in jump_rules.hpp.
//
// Successors are jump points. Diagonal jump points whose only successors are straight ones are
// skipped: the straight jump points found from them are offered directly (intermediate
// pruning), so the step between two consecutive states may be a diagonal run followed by a
// straight one (a vertical run then a horizontal one, under Never).
//
// Where the scans come from is the `Lines` parameter: `BitLines` scans the map's bit rows and
// columns for each query; the static index reads jump distances computed once (JPS+). A
// `Lines` type offers `scan(column, row, dx, dy)` (where a straight scan from a tile whose next
// tile is free stops) and, when `Lines::skips_runs`, `run_stop(column, row, run)`: how many
// steps of a diagonal (or Never's vertical) run pass before a tile where something happens
// (> 0), or minus the number of uneventful steps before the run is blocked (<= 0).
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <ranges>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "jump_paths.hpp"
#include "jump_rules.hpp"
#include "jump_runs.hpp"
#include "jump_scans.hpp"
#include "link_search.hpp"
#include "pathkit/grid/goal_bounds.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/jump_point_search.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit::detail {

/// A grid space seen through jump point search towards one goal tile, for the one engine.
/// Build one per query; the space and the lines are shared.
///
/// Links: the lines stop at every tile where a link starts (so such a tile becomes a jump
/// point, whose successors are those it would have had plus its links), and a tile where a
/// link ends is expanded in every direction, as the start is, whatever its parent. Every
/// optimal path is walks between links, each walk an optimal grid path between its ends, which
/// jump point search finds from a fully expanded tile to a tile where scans stop. All of that
/// is compiled in only `WithLinks` (the space has links); without it the search reads and
/// tests nothing for links.
template <DiagonalPolicy Policy, class Lines, bool WithLinks>
class JumpProblem {
  public:
    /// `space` and whatever `lines` reads must outlive this object; `goal` is a padded index.
    /// `bound` (with links only, else null) is the heuristic with links allowed for.
    /// `prune_past_goal` (for A*, without links): once an expansion has offered the goal, it
    /// offers nothing whose cost plus estimate exceeds the goal's (A* would take the goal off
    /// the open list first, so nothing changes but the work) and ends runs that pass it.
    /// `goal_bounds` (without links only), when given, prunes the moves whose box does not hold
    /// the goal.
    JumpProblem(const GridSpace& space, const Lines& lines, std::uint32_t goal,
                const LinkBound* bound = nullptr, bool prune_past_goal = false,
                const GoalBounds* goal_bounds = nullptr)
        : space_(&space),
          bound_(bound),
          goal_bounds_(goal_bounds),
          link_starts_(WithLinks ? space.link_starts()->walkable_data() : nullptr),
          link_ends_(WithLinks ? space.link_ends().data() : nullptr),
          lines_(&lines),
          rules_{space.map().walkable_data(), space.map().stride()},
          stride_(space.map().stride()),
          straight_cost_(space.rules().straight_cost),
          diagonal_cost_(space.rules().diagonal_cost),
          goal_(goal),
          goal_row_(space.map().padded_row(goal)),
          goal_column_(static_cast<int>(goal) - goal_row_ * stride_),
          octile_(heuristic_for(space.rules()) == Heuristic::Octile &&
                  space.rules().diagonal != DiagonalPolicy::Never),
          octile_extra_(std::min(diagonal_cost_, 2 * straight_cost_) - straight_cost_),
          prune_(prune_past_goal && octile_ && !WithLinks),
          // Far above the rounding of any cost on this map (the engine adds costs in floats).
          prune_margin_(static_cast<Cost>(space.state_count()) * diagonal_cost_ * 0x1p-20f),
          goal_grain_x_(goal_bounds ? (goal_column_ - 1) >> goal_bounds->grain_shift() : 0),
          goal_grain_y_(goal_bounds ? (goal_row_ - 1) >> goal_bounds->grain_shift() : 0) {}

    // The search-problem interface.

    /// Jump points lie far apart: the engine prefetches their records (`ScatteredSuccessors`).
    static constexpr bool scattered_successors = true;

    [[nodiscard]] std::size_t state_count() const { return space_->state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return space_->is_valid(state); }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_; }
    [[nodiscard]] Cost heuristic(StateId state) const {
        const int row = space_->map().padded_row(state.value);
        const int column = static_cast<int>(state.value) - row * stride_;
        const Cost walk = estimate(column, row);
        if constexpr (WithLinks) {
            return (*bound_)(state.value, walk);
        } else {
            return walk;
        }
    }
    /// Every move out of `state` (the grid space's own successors).
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        space_->for_each_successor(state, visit);
    }
    /// The jump points from `state` reached from `parent` (an invalid id for the start), each
    /// with the cost of the runs to it.
    template <class Visit>
    void for_each_successor(StateId state, StateId parent, Visit&& visit) const {
        const int row = space_->map().padded_row(state.value);
        const int column = static_cast<int>(state.value) - row * stride_;
        goal_cost_ = infinite_cost;  // this expansion has not offered the goal yet
        bool everywhere = !parent.is_valid();
        if constexpr (WithLinks) {
            if (link_starts_[state.value] != 0) visit_links(*space_, state.value, visit);
            everywhere = everywhere || link_ends_[state.value] != 0;
        }
        if (prune_ && everywhere && goal_in_sight(column, row, visit)) return;
        if (everywhere) {
            // The diagonal towards the goal first: when it reaches the goal, pruning past the
            // goal cuts the other runs short.
            const int towards_x = sign(goal_column_ - column), towards_y = sign(goal_row_ - row);
            const bool diagonal_first =
                Policy != DiagonalPolicy::Never && towards_x != 0 && towards_y != 0;
            if (diagonal_first) jump(column, row, towards_x, towards_y, visit);
            for (const auto& [dx, dy] : straight_directions)
                jump(column, row, dx, dy, visit);
            if constexpr (Policy != DiagonalPolicy::Never) {
                for (const auto& [dx, dy] : diagonal_directions) {
                    if (!diagonal_first || dx != towards_x || dy != towards_y)
                        jump(column, row, dx, dy, visit);
                }
            }
            return;
        }
        const int parent_row = space_->map().padded_row(parent.value);
        const int parent_column = static_cast<int>(parent.value) - parent_row * stride_;
        const auto [dx, dy] = arrival(column - parent_column, row - parent_row);
        if (dx != 0 && dy != 0) {
            expand_after_diagonal(column, row, dx, dy, visit);
        } else {
            expand_after_straight(column, row, dx, dy, visit);
        }
    }

  private:
    /// The space's estimate from padded tile (column, row) to the goal, links aside.
    [[nodiscard]] Cost estimate(int column, int row) const {
        const int across = std::abs(column - goal_column_), down = std::abs(row - goal_row_);
        // The octile distance as GridSpace::distance_estimate computes it (jump point search
        // runs only without terrain costs, whose least multiplier would scale it), inline.
        return octile_ ? straight_cost_ * static_cast<Cost>(std::max(across, down)) +
                             octile_extra_ * static_cast<Cost>(std::min(across, down))
                       : space_->distance_estimate(across, down);
    }

    /// With `prune_`: whether a tile reached at `cost` from the state being expanded lies
    /// past the goal this expansion offered (its cost plus estimate exceeds the goal's).
    /// Everything reached through it does too, as the octile estimate is consistent.
    [[nodiscard]] bool past_goal(int column, int row, Cost cost) const {
        return goal_cost_ < infinite_cost &&
               cost + estimate(column, row) > goal_cost_ + prune_margin_;
    }

    /// With `prune_`, from the start: when the path jump point search would take to the goal
    /// (the diagonal first, then straight on) is free, offers the goal alone at that path's
    /// cost and returns true. That cost is the octile estimate, so the goal's cost plus
    /// estimate equals the start's: A* takes the goal next (its estimate, 0, breaks the tie)
    /// and nothing else could lead to it cheaper. Only the start looks (measured: from every
    /// expansion, the rays that fail cost about what the ones that succeed save).
    template <class Visit>
    bool goal_in_sight(int column, int row, Visit& visit) const {
        const int across = goal_column_ - column, down = goal_row_ - row;
        const int tx = sign(across), ty = sign(down);
        const int diagonal_steps = std::min(std::abs(across), std::abs(down));
        const int straight_steps = std::abs(across) + std::abs(down) - 2 * diagonal_steps;
        const int corner_column = column + diagonal_steps * tx,
                  corner_row = row + diagonal_steps * ty;
        if (straight_steps > 0 &&
            !straight_free(corner_column, corner_row, corner_row == goal_row_ ? tx : 0,
                           corner_row == goal_row_ ? 0 : ty, straight_steps))
            return false;
        if (!diagonal_free(column, row, tx, ty, diagonal_steps)) return false;
        visit(StateId(goal_), static_cast<Cost>(diagonal_steps) * diagonal_cost_ +
                                  static_cast<Cost>(straight_steps) * straight_cost_);
        return true;
    }

    /// Whether `steps` straight moves (dx, dy) from (column, row) are all free: a few word
    /// operations on bit lines; with jump distances, one read per jump point passed.
    [[nodiscard]] bool straight_free(int column, int row, int dx, int dy, int steps) const {
        if constexpr (Lines::skips_runs) {
            for (int left = steps; left > 0;) {
                const ScanStop stop = lines_->template scan<Policy>(column, row, dx, dy);
                const int reached =
                    dy == 0 ? (stop.position - column) * dx : (stop.position - row) * dy;
                if (stop.blocked) return reached - 1 >= left;
                if (reached >= left) return true;
                column += reached * dx;
                row += reached * dy;
                left -= reached;
            }
            return true;
        } else {
            const GridMap& map = space_->map();
            if (dy == 0)
                return all_free(map.row_bits(row), std::min(column, column + steps * dx),
                                std::max(column, column + steps * dx));
            return all_free(map.column_bits(column), std::min(row, row + steps * dy),
                            std::max(row, row + steps * dy));
        }
    }

    /// Whether `steps` diagonal moves (dx, dy) from (column, row) are all allowed: tile by
    /// tile; with jump distances, one read per eventful tile passed.
    [[nodiscard]] bool diagonal_free(int column, int row, int dx, int dy, int steps) const {
        if constexpr (Lines::skips_runs) {
            for (int left = steps; left > 0;) {
                const int stop = lines_->run_stop(column, row, dx, dy);
                if (stop <= 0) return -stop >= left;
                column += stop * dx;
                row += stop * dy;
                left -= stop;
            }
            return true;
        } else {
            for (int step = 0; step < steps; ++step) {
                if (!rules_.diagonal_allowed(column + step * dx, row + step * dy, dx, dy))
                    return false;
            }
            return true;
        }
    }

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

    [[nodiscard]] bool free(int column, int row) const { return rules_.free(column, row); }

    /// May a cheapest path to the goal leave padded tile (column, row) by move (dx, dy)? Always,
    /// without goal bounds.
    [[nodiscard]] bool may_lead(int column, int row, int dx, int dy) const {
        return goal_bounds_ == nullptr ||
               goal_bounds_->grain_box(column - 1, row - 1, move_slot(dx, dy))
                   .holds(goal_grain_x_, goal_grain_y_);
    }

    template <class Visit>
    void expand_after_straight(int column, int row, int dx, int dy, Visit& visit) const {
        jump(column, row, dx, dy, visit);
        if (Policy == DiagonalPolicy::Never && dy != 0) {
            jump(column, row, 1, 0, visit);
            jump(column, row, -1, 0, visit);
            return;
        }
        for (const int turn : {1, -1}) {
            if (!rules_.forced_side(column, row, dx, dy, turn)) continue;
            const int sx = dy * turn, sy = dx * turn;  // a side, perpendicular to (dx, dy)
            if constexpr (Policy == DiagonalPolicy::NoCornerCutting ||
                          Policy == DiagonalPolicy::Never) {
                jump(column, row, sx, sy, visit);  // round the corner that forced it
                if constexpr (Policy != DiagonalPolicy::Never)
                    jump(column, row, dx + sx, dy + sy, visit);
            } else {
                jump(column, row, dx + sx, dy + sy, visit);  // cut past the corner
            }
        }
    }

    template <class Visit>
    void expand_after_diagonal(int column, int row, int dx, int dy, Visit& visit) const {
        jump(column, row, dx, 0, visit);
        jump(column, row, 0, dy, visit);
        jump(column, row, dx, dy, visit);
        if constexpr (Policy == DiagonalPolicy::Always ||
                      Policy == DiagonalPolicy::AtLeastOneWalkable) {
            if (rules_.forced_back_x(column, row, dx, dy)) jump(column, row, -dx, dy, visit);
            if (rules_.forced_back_y(column, row, dx, dy)) jump(column, row, dx, -dy, visit);
        }
    }

    template <class Visit>
    void emit(int column, int row, Cost cost, Visit& visit) const {
        const auto index = static_cast<std::uint32_t>(row * stride_ + column);
        if (prune_) {
            if (index == goal_) {
                goal_cost_ = std::min(goal_cost_, cost);
            } else if (past_goal(column, row, cost)) {
                return;
            }
        }
        // The search will read the boxes of the tile when it expands it.
        if (goal_bounds_ != nullptr) goal_bounds_->prefetch(column - 1, row - 1);
        visit(StateId(index), cost);
    }

    /// Scans from (column, row) in a direction and offers what it finds.
    template <class Visit>
    void jump(int column, int row, int dx, int dy, Visit& visit) const {
        if (!may_lead(column, row, dx, dy)) return;
        if (dx != 0 && dy != 0) {
            run(column, row, dx, dy, visit);
        } else if (Policy == DiagonalPolicy::Never && dy != 0) {
            run(column, row, 0, dy, visit);
        } else if (const int steps = straight(column, row, dx, dy); steps != 0) {
            emit(column + steps * dx, row + steps * dy, static_cast<Cost>(steps) * straight_cost_,
                 visit);
        }
    }

    /// The number of steps to the jump point (or the goal) straight from (column, row) in
    /// direction (dx, dy), one of them 0; 0 when the scan meets a wall first.
    [[nodiscard]] int straight(int column, int row, int dx, int dy) const {
        // A table says 0 free steps for a blocked next tile itself; bit scans need the check.
        if (!Lines::skips_runs && !free(column + dx, row + dy)) return 0;
        const ScanStop stop = lines_->template scan<Policy>(column, row, dx, dy);
        if (dy == 0) return steps_to(stop, goal_row_ == row, goal_column_, column, dx);
        return steps_to(stop, goal_column_ == column, goal_row_, row, dy);
    }

    /// Steps from `start` to where a scan in direction `step` stopped, or to the goal when it
    /// lies on the scanned stretch; 0 when the scan stopped at a wall without passing it.
    static int steps_to(ScanStop stop, bool goal_on_line, int goal, int start, int step) {
        if (goal_on_line && (goal - start) * step > 0 && (stop.position - goal) * step >= 0)
            return (goal - start) * step;
        return stop.blocked ? 0 : (stop.position - start) * step;
    }

    /// How far a run may go from (column, row) before a tile where something may happen (> 0),
    /// or minus the uneventful steps before it is blocked (<= 0); a tile that puts the goal on
    /// a straight line the run scans counts as eventful.
    [[nodiscard]] int run_stop(int column, int row, int dx, int dy) const {
        if constexpr (!Lines::skips_runs) {
            if (dx == 0) return free(column, row + dy) ? 1 : 0;
            return rules_.diagonal_allowed(column, row, dx, dy) ? 1 : 0;
        } else {
            const int stop = lines_->run_stop(column, row, dx, dy);
            // The first tile of the run on the goal's row or column, if the run can see the
            // goal from there: at `ahead` steps down the run's vertical axis.
            const int ahead = (goal_row_ - row) * dy;
            const bool goal_seen =
                dx == 0 ? ahead > 0 : ahead > 0 && (goal_column_ - column) * dx > 0;
            if (!goal_seen) return stop;
            const int at = dx == 0 ? ahead : std::min(ahead, (goal_column_ - column) * dx);
            if (stop > 0) return std::min(at, stop);
            return at <= -stop ? at : stop;
        }
    }

    /// Follows a diagonal (or, under Never, a column), offering the straight jump points seen
    /// from each tile of it (horizontal ones only, for a column).
    template <class Visit>
    void run(int column, int row, int dx, int dy, Visit& visit) const {
        if constexpr (bit_runs) {
            if (dx != 0) {
                if (dx > 0 && dy > 0) bit_run<1, 1>(column, row, visit);
                if (dx < 0 && dy > 0) bit_run<-1, 1>(column, row, visit);
                if (dx < 0 && dy < 0) bit_run<-1, -1>(column, row, visit);
                if (dx > 0 && dy < 0) bit_run<1, -1>(column, row, visit);
                return;
            }
        }
        const Cost step_cost = dx == 0 ? straight_cost_ : diagonal_cost_;
        for (int steps = 0;;) {
            const int stop = run_stop(column, row, dx, dy);
            if (stop <= 0) return;
            column += stop * dx;
            row += stop * dy;
            steps += stop;
            const Cost cost = static_cast<Cost>(steps) * step_cost;
            if (row == goal_row_ && column == goal_column_) {
                emit(column, row, cost, visit);
                return;
            }
            if constexpr (WithLinks) {
                if (link_starts_[row * stride_ + column] != 0) {
                    emit(column, row, cost, visit);  // a jump point: expansion goes on from here
                    return;
                }
            }
            if (dx != 0 && rules_.forced_back(column, row, dx, dy)) {
                emit(column, row, cost, visit);
                return;
            }
            // Diagonal: along x, then along y. Vertical: right, then left.
            const std::pair<int, int> sides[2] = {{dx == 0 ? 1 : dx, 0},
                                                  {dx == 0 ? -1 : 0, dx == 0 ? 0 : dy}};
            for (const auto& [sx, sy] : sides) {
                if (!may_lead(column, row, sx, sy)) continue;
                if (const int far = straight(column, row, sx, sy); far != 0) {
                    emit(column + far * sx, row + far * sy,
                         cost + static_cast<Cost>(far) * straight_cost_, visit);
                }
            }
            // No cheapest path to the goal goes on along the run from here.
            if (!may_lead(column, row, dx, dy)) return;
        }
    }

    /// The diagonal run of `run` over bit windows (see jump_runs.hpp): the same jump points
    /// in the same order, each row and column word read once for three tiles of the run.
    template <int Dx, int Dy, class Visit>
    void bit_run(int column, int row, Visit& visit) const {
        BitRun<Policy, Dx, Dy> run(lines_->map(), column, row);
        for (int steps = 1; run.step(); ++steps) {
            const int at_column = run.column(), at_row = run.row();
            const Cost cost = static_cast<Cost>(steps) * diagonal_cost_;
            if (prune_ && past_goal(at_column, at_row, cost)) return;
            if ((at_row == goal_row_ && at_column == goal_column_) ||
                rules_.forced_back(at_column, at_row, Dx, Dy)) {
                emit(at_column, at_row, cost, visit);
                return;
            }
            if (const int far =
                    steps_to(run.scan_row(), goal_row_ == at_row, goal_column_, at_column, Dx);
                far != 0) {
                emit(at_column + far * Dx, at_row, cost + static_cast<Cost>(far) * straight_cost_,
                     visit);
            }
            if (const int far =
                    steps_to(run.scan_column(), goal_column_ == at_column, goal_row_, at_row, Dy);
                far != 0) {
                emit(at_column, at_row + far * Dy, cost + static_cast<Cost>(far) * straight_cost_,
                     visit);
            }
        }
    }

    /// Diagonal runs over bit windows: the map's own bit lines, without links.
    static constexpr bool bit_runs =
        std::is_same_v<Lines, BitLines<false>> && Policy != DiagonalPolicy::Never;

    const GridSpace* space_;
    const LinkBound* bound_;
    const GoalBounds* goal_bounds_;    // null: no pruning by goal bounds
    const std::uint8_t* link_starts_;  // null without WithLinks
    const std::uint8_t* link_ends_;
    const Lines* lines_;
    JumpRules<Policy> rules_;
    int stride_;
    Cost straight_cost_;
    Cost diagonal_cost_;
    std::uint32_t goal_;
    int goal_row_;
    int goal_column_;
    bool octile_;        // the heuristic is the octile distance (with diagonals)
    Cost octile_extra_;  // what a diagonal step adds to a straight one in it
    bool prune_;         // prune past the goal (see the constructor)
    Cost prune_margin_;
    int goal_grain_x_;  // with goal bounds: the goal's tile in the bounds' grains
    int goal_grain_y_;
    // The goal's cost from the state being expanded, once this expansion offered it.
    mutable Cost goal_cost_ = infinite_cost;
};

/// No guide: jump point search estimates by the octile distance (and links) alone.
struct NoGuide {};

/// A jump point problem searched with a sharper heuristic: the larger of its own estimate and
/// `guide(padded index)`, a lower bound on the cost from that tile to the goal (the caller
/// vouches for it; it need not be consistent, the engine reopens states).
template <class Jumps, class Guide>
class GuidedJumps {
  public:
    GuidedJumps(const Jumps& jumps, const Guide& guide) : jumps_(jumps), guide_(guide) {}
    static constexpr bool scattered_successors = Jumps::scattered_successors;
    [[nodiscard]] std::size_t state_count() const { return jumps_.state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return jumps_.is_valid(state); }
    [[nodiscard]] bool is_goal(StateId state) const { return jumps_.is_goal(state); }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return std::max(jumps_.heuristic(state), guide_(state.value));
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        jumps_.for_each_successor(state, std::forward<Visit>(visit));
    }
    template <class Visit>
    void for_each_successor(StateId state, StateId parent, Visit&& visit) const {
        jumps_.for_each_successor(state, parent, std::forward<Visit>(visit));
    }

  private:
    const Jumps& jumps_;
    const Guide& guide_;
};

/// The endpoints of a query, each checked once (start first); nothing when both are usable,
/// else the refused result with the reason.
[[nodiscard]] inline std::optional<GridPath> refused_endpoints(const GridSpace& space, Cell from,
                                                               Cell to) {
    for (const auto& [cell, role] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (auto status = space.check_endpoint(cell, role); !status) {
            GridPath refused;
            refused.status = SearchStatus::InvalidInput;
            refused.message = status.message();
            return refused;
        }
    }
    return std::nullopt;
}

template <bool WithLinks, class Lines, class Guide = NoGuide>
[[nodiscard]] GridPath search_jumps(const GridSpace& space, const Lines& lines, Cell from, Cell to,
                                    SearchContext& context, const SearchOptions& asked,
                                    PathShape shape, const Guide& guide = {},
                                    const GoalBounds* goal_bounds = nullptr);

/// Jump point search from `from` to `to` over `lines`, the path shaped as asked: the checked
/// query behind `find_path_jps` and `StaticGridIndex::find_path`. Endpoints are checked; when
/// `jump_point_search_refusal` names a reason, the space's own search runs instead and the
/// message says why. `WithLinks` must be `space.has_links()`: callers dispatch on it once per
/// query, so a space without links runs a search with no link code in it. A `guide` other
/// than `NoGuide` sharpens the heuristic of the jump points (see `GuidedJumps`); it is not
/// used by the search that runs where jump point search cannot.
template <bool WithLinks, class Lines, class Guide = NoGuide>
[[nodiscard]] GridPath find_path_by_jumps(const GridSpace& space, const Lines& lines, Cell from,
                                          Cell to, SearchContext& context,
                                          const SearchOptions& asked, PathShape shape,
                                          const Guide& guide = {},
                                          const GoalBounds* goal_bounds = nullptr) {
    if (auto refused = refused_endpoints(space, from, to)) return std::move(*refused);
    SearchOptions options = asked;  // the jump points themselves are searched by A*
    if (runs_on_grids_only(options.algorithm)) options.algorithm = SearchAlgorithm::AStar;
    if (const std::string refusal = jump_point_search_refusal(space, options); !refusal.empty()) {
        GridPath result = space.find_path(from, to, context, options, shape);
        result.message += (result.message.empty() ? "" : "; ") +
                          ("jump point search cannot run (" + refusal + "), so " +
                           std::string(result.stats.method) + " did");
        return result;
    }
    return search_jumps<WithLinks>(space, lines, from, to, context, options, shape, guide,
                                   goal_bounds);
}

/// Calls `run` with the jump point problem towards padded tile `goal` of the space's diagonal
/// policy (the arguments after `goal` as `JumpProblem`'s constructor takes them).
template <bool WithLinks, class Lines, class Run>
void with_jump_problem(const GridSpace& space, const Lines& lines, std::uint32_t goal,
                       const LinkBound* links, bool prune, const GoalBounds* goal_bounds,
                       Run&& run) {
    switch (space.rules().diagonal) {
        case DiagonalPolicy::Never:
            run(JumpProblem<DiagonalPolicy::Never, Lines, WithLinks>(space, lines, goal, links,
                                                                     prune, goal_bounds));
            break;
        case DiagonalPolicy::Always:
            run(JumpProblem<DiagonalPolicy::Always, Lines, WithLinks>(space, lines, goal, links,
                                                                      prune, goal_bounds));
            break;
        case DiagonalPolicy::AtLeastOneWalkable:
            run(JumpProblem<DiagonalPolicy::AtLeastOneWalkable, Lines, WithLinks>(
                space, lines, goal, links, prune, goal_bounds));
            break;
        case DiagonalPolicy::NoCornerCutting:
            run(JumpProblem<DiagonalPolicy::NoCornerCutting, Lines, WithLinks>(
                space, lines, goal, links, prune, goal_bounds));
            break;
    }
}

/// The search behind `find_path_by_jumps`, for callers that checked both endpoints
/// (`refused_endpoints`) and that `jump_point_search_refusal` names no reason: each check is
/// made once a query, at the public door that takes the query.
template <bool WithLinks, class Lines, class Guide>
GridPath search_jumps(const GridSpace& space, const Lines& lines, Cell from, Cell to,
                      SearchContext& context, const SearchOptions& asked, PathShape shape,
                      const Guide& guide, const GoalBounds* goal_bounds) {
    SearchOptions options = asked;  // the jump points themselves are searched by A*
    if (runs_on_grids_only(options.algorithm)) options.algorithm = SearchAlgorithm::AStar;
    const GridMap& map = space.map();
    const StateId start(map.index(from));
    const std::uint32_t goal = map.index(to);
    std::optional<LinkBound> bound;
    if constexpr (WithLinks) bound.emplace(space, goal);
    const LinkBound* links = bound ? &*bound : nullptr;
    const DiagonalPolicy policy = space.rules().diagonal;
    SearchResult search;
    // With links the states are needed first (to find the links taken).
    std::vector<Cell> waypoints;
    const auto search_with = [&](const auto& problem) {
        if constexpr (WithLinks) {
            Search searcher(problem, context, options);
            if (searcher.begin(start) == SearchStatus::InProgress) searcher.step();
            search = searcher.finish();
        } else {
            search = search_jump_points(
                problem, start, context, options, policy,
                [&](StateId state) { return map.cell(state.value); }, waypoints);
        }
    };
    // Pruning past the goal keeps A*'s expansions; Dijkstra's would change.
    const bool prune = options.algorithm == SearchAlgorithm::AStar;
    with_jump_problem<WithLinks>(space, lines, goal, links, prune, goal_bounds,
                                 [&](const auto& jumps) {
                                     if constexpr (std::is_same_v<Guide, NoGuide>) {
                                         search_with(jumps);
                                     } else {
                                         const GuidedJumps guided(jumps, guide);
                                         search_with(guided);
                                     }
                                 });
    search.stats.method = goal_bounds != nullptr ? "jps+ with goal bounds"
                          : Lines::skips_runs    ? "jps+"
                                                 : "jps";
    if constexpr (!WithLinks) {
        return path_from_waypoints(std::move(search), std::move(waypoints), shape);
    }
    std::vector<GridLinkId> steps = link_steps(space, search.path, context);
    const std::vector<StateId> jump_points = std::move(search.path);
    search.path.clear();
    GridPath result = convert_path<Cell>(std::move(search), [](StateId) { return Cell{}; });
    // Each jump is a diagonal (or vertical) run, then a straight one: add the corner between
    // them, then keep the turns or walk every tile (links stay single steps).
    // `cell_at(i)` gives the i-th of `count` jump points.
    const auto walk_jumps = [&](std::vector<Cell>& out, std::size_t count, auto&& cell_at) {
        for (std::size_t at = 0; at < count; ++at) {
            const Cell cell = cell_at(at);
            if (!out.empty()) {
                if (const auto corner = jump_corner(policy, out.back(), cell))
                    out.push_back(*corner);
            }
            out.push_back(cell);
        }
        if (shape == PathShape::Tiles) {
            out = expand_path(out);
        } else {
            compress_path_in_place(out);  // the turns
        }
    };
    std::vector<Cell>& walked = result.path;
    walked.reserve(jump_points.size() * 2);
    if (steps.empty()) {  // no link taken: straight from the jump points, no copies
        walk_jumps(walked, jump_points.size(),
                   [&](std::size_t at) { return map.cell(jump_points[at].value); });
        return result;
    }
    for (const StateId state : jump_points)
        walked.push_back(map.cell(state.value));
    shape_walks(walked, steps, [&](std::vector<Cell>& walk) {
        std::vector<Cell> turns;
        turns.reserve(walk.size() * 2);
        walk_jumps(turns, walk.size(), [&](std::size_t at) { return walk[at]; });
        walk = std::move(turns);
    });
    result.links = std::move(steps);
    return result;
}

}  // namespace pathkit::detail
