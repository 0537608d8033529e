/// Jump point search: a successor policy that lets the one engine skip symmetric grid paths.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit {

/// A grid space seen through jump point search (Harabor and Grastien), as a search problem
/// towards one goal tile. Instead of its neighbours, a tile's successors are the *jump points*
/// reached by scanning straight and diagonal lines from it (bit rows and columns, 64 tiles a
/// word, `std::countr_zero`), each with the cost of the straight line to it. Diagonal jump
/// points whose only successors are straight ones are skipped: the straight jump points found
/// from them are offered directly (intermediate pruning), so the step between two consecutive
/// states may be a diagonal run followed by a straight one (a straight run followed by another
/// one at a right angle, under `DiagonalPolicy::Never`).
///
/// Every diagonal policy is supported, for uniform costs only: no terrain multipliers, a unit
/// of one tile, and straight < diagonal < 2 x straight (see `jump_point_search_refusal`).
/// Build one per query (it holds the goal and a little scratch); the grid space is shared.
class JumpPointSpace {
  public:
    /// `space` must outlive this object and satisfy `jump_point_search_refusal(space)` == "";
    /// `goal` must be a tile of the map (unchecked).
    JumpPointSpace(const GridSpace& space, Cell goal);

    // The search-problem interface.

    [[nodiscard]] std::size_t state_count() const { return space_->state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return space_->is_valid(state); }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_; }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return space_->estimate(state, StateId(goal_));
    }
    /// Every move out of `state` (the grid space's own successors).
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        space_->for_each_successor(state, visit);
    }
    /// The jump points from `state` reached from `parent` (an invalid id for the start).
    template <class Visit>
    void for_each_successor(StateId state, StateId parent, Visit&& visit) const {
        jumps_.clear();
        find_jumps(state.value, parent.is_valid() ? parent.value : state.value);
        for (const Jump& jump : jumps_)
            visit(StateId(jump.to), jump.cost);
    }

    /// The tile between two consecutive states of a jump point path where the diagonal (or,
    /// under Never, vertical) run turns into the straight one; none for a single run.
    [[nodiscard]] std::optional<Cell> corner(Cell from, Cell to) const;

    /// One successor: a jump point (padded tile index) and the cost of the run to it.
    struct Jump {
        std::uint32_t to;
        Cost cost;
    };

  private:
    void find_jumps(std::uint32_t state, std::uint32_t parent) const;

    const GridSpace* space_;
    std::uint32_t goal_;
    mutable std::vector<Jump> jumps_;  // scratch of the current expansion
};

/// Why jump point search cannot answer queries on `space` with `options` exactly, or an empty
/// string when it can: terrain multipliers, a unit bigger than one tile, a diagonal cost not
/// strictly between the straight cost and twice it (with diagonals allowed), or breadth-first
/// search (it counts steps, and jumps are many steps).
[[nodiscard]] std::string jump_point_search_refusal(const GridSpace& space,
                                                    const SearchOptions& options = {});

/// The cheapest path from `from` to `to` by jump point search, shaped as asked (the same
/// shapes and cost as `GridSpace::find_path`; `PathShape::Turns` skips walking the tiles, so
/// it is the faster one). When `jump_point_search_refusal` names a reason, plain A* (or the
/// chosen engine mode) runs instead: the path is still optimal, the statistics name the
/// method that ran and the message says why. With jump point search, `stats.method` is "jps"
/// and `stats.expanded` counts jump points.
[[nodiscard]] GridPath find_path_jps(const GridSpace& space, Cell from, Cell to,
                                     SearchContext& context, const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles);
/// As above, with the calling thread's own context.
[[nodiscard]] inline GridPath find_path_jps(const GridSpace& space, Cell from, Cell to,
                                            const SearchOptions& options = {},
                                            PathShape shape = PathShape::Tiles) {
    return find_path_jps(space, from, to, thread_search_context(), options, shape);
}

}  // namespace pathkit
