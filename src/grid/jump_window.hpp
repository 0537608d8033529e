// Jump point search inside a square window of a big map, for short searches (the hierarchy's
// legs): its records are numbered within the window, so they stay in the caches from one
// search to the next instead of lying scattered over a table as big as the map.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "jump_search.hpp"

namespace pathkit::detail {

/// A square of padded tiles whose side is a power of two: the tiles a windowed search may
/// reach. It may reach past the map; only the map's tiles are ever searched.
struct JumpWindow {
    int left = 0;   // padded column of its first tile
    int top = 0;    // and padded row
    int shift = 8;  // log2 of its side
    /// The smallest window, with sides from 2^`min_shift` to 2^`max_shift` tiles, that holds
    /// the box of tiles `a` and `b` of `map` with `margin` tiles around it, centred on that
    /// box; none when even the largest is too small.
    [[nodiscard]] static std::optional<JumpWindow> around(const GridMap& map, Cell a, Cell b,
                                                          int margin, int min_shift,
                                                          int max_shift) {
        // Padded coordinates are the map's plus one.
        const int x0 = std::min(a.x, b.x) - map.origin().x + 1 - margin;
        const int x1 = std::max(a.x, b.x) - map.origin().x + 1 + margin;
        const int y0 = std::min(a.y, b.y) - map.origin().y + 1 - margin;
        const int y1 = std::max(a.y, b.y) - map.origin().y + 1 + margin;
        const auto extent = static_cast<unsigned>(std::max(x1 - x0, y1 - y0) + 1);
        const int shift = std::max(min_shift, static_cast<int>(std::bit_width(extent - 1)));
        if (shift > max_shift) return std::nullopt;
        const int side = 1 << shift;
        return JumpWindow{.left = x0 - (side - (x1 - x0 + 1)) / 2,
                          .top = y0 - (side - (y1 - y0 + 1)) / 2,
                          .shift = shift};
    }
    /// Tiles along each side.
    [[nodiscard]] std::uint32_t side() const { return std::uint32_t{1} << shift; }
    /// True when padded tile (`column`, `row`) lies inside.
    [[nodiscard]] bool holds(int column, int row) const {
        return static_cast<std::uint32_t>(column - left) < side() &&
               static_cast<std::uint32_t>(row - top) < side();
    }
};

/// A jump point problem over a big map seen through a window: its states are the window's
/// tiles (row after row), its successors only the jump points inside the window. Runs only
/// move away from where they start, so a run that leaves the window finds nothing inside it
/// again, and the walk between two jump points inside stays inside (the window is a
/// rectangle): the search finds the cheapest path that stays in the window (the tests check
/// it against Dijkstra over the window's tiles). Where the whole map's search finds a path
/// inside the window, this one finds the same path as a rule: the heap breaks ties by lower
/// state id, and the window keeps the map's row-major order.
template <class Jumps>
class WindowedJumps {
  public:
    WindowedJumps(const Jumps& jumps, const GridMap& map, JumpWindow window)
        : jumps_(jumps), map_(map), window_(window), stride_(map.stride()) {}
    // No `scattered_successors`: the window's records are few enough to stay in the caches.

    [[nodiscard]] std::size_t state_count() const {
        return std::size_t{window_.side()} * window_.side();
    }
    /// True for a window state on a walkable tile of the map (the window may reach past it).
    [[nodiscard]] bool is_valid(StateId state) const {
        if (state.value >= state_count()) return false;
        const int column = column_of(state), row = row_of(state);
        return column >= 0 && column < stride_ && row >= 0 &&
               static_cast<std::size_t>(row) * static_cast<std::size_t>(stride_) <
                   map_.padded_size() &&
               map_.walkable_data()[global(state).value] != 0;
    }
    [[nodiscard]] bool is_goal(StateId state) const { return jumps_.is_goal(global(state)); }
    [[nodiscard]] Cost heuristic(StateId state) const { return jumps_.heuristic(global(state)); }
    /// The moves out of `state` that stay in the window (the space's own successors).
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        jumps_.for_each_successor(global(state), inside(visit));
    }
    /// The jump points inside the window from `state` reached from `parent`.
    template <class Visit>
    void for_each_successor(StateId state, StateId parent, Visit&& visit) const {
        const StateId from = parent.is_valid() ? global(parent) : StateId();
        jumps_.for_each_successor(global(state), from, inside(visit));
    }

    /// The window's state of padded tile (`column`, `row`), which it holds.
    [[nodiscard]] StateId local(int column, int row) const {
        return StateId(static_cast<std::uint32_t>(((row - window_.top) << window_.shift) +
                                                  (column - window_.left)));
    }
    /// The map's padded index of a window state.
    [[nodiscard]] StateId global(StateId state) const {
        return StateId(static_cast<std::uint32_t>(row_of(state) * stride_ + column_of(state)));
    }

  private:
    /// `visit` for the map's states inside the window, as window states.
    template <class Visit>
    [[nodiscard]] auto inside(Visit& visit) const {
        return [this, &visit](StateId next, Cost cost) {
            const int row = map_.padded_row(next.value);
            const int column = static_cast<int>(next.value) - row * stride_;
            if (window_.holds(column, row)) visit(local(column, row), cost);
        };
    }
    [[nodiscard]] int column_of(StateId state) const {
        return window_.left + static_cast<int>(state.value & (window_.side() - 1));
    }
    [[nodiscard]] int row_of(StateId state) const {
        return window_.top + static_cast<int>(state.value >> window_.shift);
    }

    const Jumps& jumps_;
    const GridMap& map_;
    JumpWindow window_;
    int stride_;
};

/// Jump point search without links from `from` to `to` (both inside `window`, both checked
/// usable) through the jump points inside `window` only, by A*: the cheapest path that stays in
/// the window, every tile or the turns as `shape` asks; NoPath when none does (one may leave
/// it). With `heuristic_weight` above 1 (finite), weighted A*: a path that costs at most that
/// many times the cheapest inside. The space must have no links and no reason for
/// `jump_point_search_refusal`.
template <class Lines>
[[nodiscard]] GridPath search_jumps_in_window(const GridSpace& space, const Lines& lines, Cell from,
                                              Cell to, SearchContext& context, JumpWindow window,
                                              PathShape shape, float heuristic_weight = 1) {
    const GridMap& map = space.map();
    const std::uint32_t goal = map.index(to);
    const int start_row = map.padded_row(map.index(from));
    const int start_column = static_cast<int>(map.index(from)) - start_row * map.stride();
    PATHKIT_ASSERT(!space.has_links() && window.holds(start_column, start_row));
    const SearchOptions options{.algorithm = SearchAlgorithm::AStar,
                                .heuristic_weight = heuristic_weight};
    SearchResult search;
    std::vector<Cell> waypoints;
    with_jump_problem<false>(space, lines, goal, nullptr, true, nullptr, [&](const auto& jumps) {
        const WindowedJumps windowed(jumps, map, window);
        search = search_jump_points(
            windowed, windowed.local(start_column, start_row), context, options,
            space.rules().diagonal,
            [&](StateId state) { return map.cell(windowed.global(state).value); }, waypoints);
    });
    search.stats.method = "jps";
    return path_from_waypoints(std::move(search), std::move(waypoints), shape);
}

}  // namespace pathkit::detail
