/// Replanning a unit's grid path after tiles changed, reusing the old path: kept when no edit
/// touched it, spliced around the edit by a small search, planned again only when needed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"

namespace pathkit {

/// A unit's path on a grid with what a repair needs to reuse it: the tiles, the cost walked to
/// each, the map revision they were checked at, and a proven lower bound on the cheapest cost.
struct GridPlan {
    /// Every tile from the unit's tile to the goal, both included (`PathShape::Tiles`); empty
    /// when no path was found.
    std::vector<Cell> tiles;
    /// `cost_to[i]`: the cost of walking `tiles[0]` .. `tiles[i]` at `revision` (same size as
    /// `tiles`; `cost_to[0]` is 0).
    std::vector<Cost> cost_to;
    /// The `GridMap::revision` at which the tiles and costs were last checked.
    std::uint64_t revision = 0;
    /// No path from `tiles.front()` to `tiles.back()` cost less than this at `revision` (the
    /// path's cost when it is optimal; at least the heuristic estimate otherwise).
    Cost lower_bound = 0;

    /// The cost of the whole path (0 when empty).
    [[nodiscard]] Cost cost() const { return cost_to.empty() ? 0 : cost_to.back(); }
    /// True when the path costs its lower bound, within float rounding
    /// (`optimality_tolerance`): it is then optimal.
    [[nodiscard]] bool is_known_optimal() const;
    /// The unit walked the first `steps` steps (clamped to the path): they are dropped, the
    /// costs start again at 0 from the new first tile, and the lower bound falls by the cost
    /// walked (by the triangle inequality it stays a lower bound).
    void advance(std::size_t steps);
};

/// Costs within this of each other are taken as equal when a repaired path is compared with
/// its lower bound: 1e-4 plus a relative 1e-5 (float sums of 1 and sqrt(2) steps in another
/// order differ in their last bits).
[[nodiscard]] Cost optimality_tolerance(Cost cost);

/// What a repair did.
enum class ReplanMethod {
    /// No edit since the plan touched its steps: the path was kept (its costs brought up to
    /// date).
    Kept,
    /// The steps an edit blocked were replaced by a search between a tile before them and a
    /// tile after them; the rest of the path was kept.
    Spliced,
    /// The path was planned again from the unit's tile by `ReplanOptions::full_search` (with
    /// `require_optimal`, a kept or spliced path not proven optimal by its cost is replaced by
    /// a cheaper one that search found).
    Planned,
    /// No path: the search from scratch found none or refused its input (the goal was blocked,
    /// say); the plan is then empty and the report's message says why.
    Failed,
};

/// "kept", "spliced", "planned" or "failed".
[[nodiscard]] const char* to_string(ReplanMethod method);

/// How a repair may answer.
struct ReplanOptions {
    /// True: the path returned is optimal on the map as it is now (within
    /// `optimality_tolerance`): a kept or spliced path that costs more than the plan's lower
    /// bound is checked by `full_search` from scratch looking only for cheaper paths; it stays
    /// when there is none, else the cheaper path found replaces it. False: a kept or spliced
    /// path is returned as found (valid, and optimal among the paths that keep the steps
    /// outside the splice window; the report says whether its cost proves it optimal).
    bool require_optimal = true;
    /// The splice searches between tiles at least this many steps before the first blocked
    /// step and after the last one (clamped to the path's ends).
    int window_steps = 16;
    /// ... and farther, to include this many changes of direction of the path on each side (a
    /// path keeps its cost by moving its diagonal steps along a straight run, up to its turns),
    /// but never more than `max_window_steps` steps on a side.
    int window_turns = 2;
    /// The most steps a window reaches on each side.
    int max_window_steps = 64;
    /// The splice's search: jps+ by default (open ground gives A* on tiles a plateau of equal
    /// costs to expand tile by tile; jump points cross it), A* where jump point search cannot
    /// run (terrain, big units).
    SearchAlgorithm splice_search = SearchAlgorithm::JpsPlus;
    /// The splice's search gives up after expanding this many states (jump points, or tiles
    /// for A*), and the path is planned again: a blocked doorway whose detour is far away costs
    /// little more than a search from scratch.
    std::size_t max_splice_expansions = 1024;
    /// The search that plans from scratch, or looks for a path cheaper than a kept or spliced
    /// one: jps+ by default (the space's index, repaired where tiles changed), A* where jump
    /// point search cannot run (terrain, big units).
    SearchAlgorithm full_search = SearchAlgorithm::JpsPlus;
};

/// What one repair did and found.
struct ReplanReport {
    ReplanMethod method = ReplanMethod::Kept;
    /// True when the path is proven optimal on the map as it is now (always with
    /// `require_optimal`, unless the method is Failed).
    bool optimal = false;
    /// States the splice's search expanded (0 when there was none).
    std::uint64_t splice_expanded = 0;
    /// True when a kept or spliced path was proven optimal by a search from scratch that found
    /// no cheaper path (its cost was above the plan's lower bound).
    bool proven_by_search = false;
    /// Why the repair failed; empty otherwise.
    std::string message;
};

/// Repairs units' paths after their map changed (one per thread: it keeps scratch memory of
/// four bytes a padded tile between repairs).
///
/// A repair reads the map's change log since the plan's revision (`GridMap::changes_since`)
/// and checks only the steps of the path beside a changed tile (`tiles_near_changes`):
/// - no such step was blocked or changed cost: the path is kept;
/// - steps were blocked: from a tile some steps before the first blocked step to a tile some
///   steps after the last (the window, `ReplanOptions`), a search finds the cheapest detour on
///   the map as it is now, and the detour replaces that stretch;
/// - the change log was lost, the splice found no detour within its budget, or the unit's tile
///   or goal is blocked: the path is planned again from scratch.
///
/// What is proven: blocking tiles and raising terrain only make paths dearer, so a lower bound
/// of the plan stays one; a kept or spliced path that costs its lower bound is optimal. A tile
/// that is walkable after a change (opened, or its terrain changed) may have made another path
/// cheaper: the bound falls to the heuristic estimate. With `require_optimal`, a path its
/// bound does not prove optimal is checked by a search from scratch bounded by its cost
/// (`SearchOptions::cost_bound`, less half the tolerance): finding nothing cheaper proves it
/// optimal and raises the bound to its cost; finding a cheaper path plans that one. The
/// bounded search leaves out every state that cannot lead to a cheaper path, the ties of equal
/// cost too, and costs less than planning from scratch.
class PathRepair {
  public:
    /// The space must outlive the repairer and have the map and rules the plans were made on
    /// (refreshed, `GridSpace::refresh`, for units bigger than a tile).
    explicit PathRepair(const GridSpace& space) : space_(&space) {}

    /// Plans from scratch: the cheapest path from `from` to `to` by `algorithm` (A* where jump
    /// point search cannot run), as a plan at the map's revision with its cost as the lower
    /// bound. An empty plan and the search's message when there is no path.
    [[nodiscard]] GridPlan plan(Cell from, Cell to, SearchContext& context,
                                SearchAlgorithm algorithm = SearchAlgorithm::JpsPlus,
                                std::string* message = nullptr) const;

    /// Brings `plan` up to the map as it is now, starting from the unit's tile
    /// `plan.tiles.front()` (drop walked steps first with `GridPlan::advance`); `plan` must
    /// have been made on this space's map and not be empty. `context` serves the searches.
    ReplanReport repair(GridPlan& plan, SearchContext& context, const ReplanOptions& options = {});

  private:
    /// The cheapest path from `from` to `to` as `options` ask (A* where jump point search cannot
    /// run), shaped as asked.
    [[nodiscard]] GridPath search(Cell from, Cell to, SearchContext& context, SearchOptions options,
                                  PathShape shape = PathShape::Tiles) const;
    /// The plan of a path found at the map's revision (its cost as the lower bound), or an
    /// empty plan and the search's message.
    [[nodiscard]] GridPlan plan_from(GridPath found, std::string* message) const;
    /// Searches from scratch from the unit's tile to the goal for a path cheaper than `below`
    /// (any path when it is infinite): the plan becomes the path found (Planned; Failed with the
    /// search's message when there is none). When none is cheaper than a finite `below`, the
    /// plan's path (kept or spliced, `report.method`) is optimal: it stays, its lower bound
    /// rises to `below`, and the report says so.
    ReplanReport plan_again(GridPlan& plan, SearchContext& context, const ReplanOptions& options,
                            ReplanReport report, Cost below = infinite_cost) const;
    /// Marks the padded tiles whose moves may have changed, and the box around them; false
    /// when there are none.
    bool mark_near_changes(std::span<const std::uint32_t> changed);
    /// True for a tile `mark_near_changes` marked last (the box first, to skip most tiles
    /// without reading the marks).
    [[nodiscard]] bool is_marked(Cell cell) const {
        const auto within = [](int value, int low, int high) {
            return static_cast<unsigned>(value - low) <= static_cast<unsigned>(high - low);
        };
        return within(cell.x, near_low_.x, near_high_.x) &&
               within(cell.y, near_low_.y, near_high_.y) &&
               marks_[space_->map().index(cell)] == round_;
    }

    const GridSpace* space_;
    std::vector<std::uint32_t> marks_;  // padded tile -> the round that marked it
    std::uint32_t round_ = 0;
    Cell near_low_, near_high_;  // the box around the marked tiles
    std::vector<Cell> detour_;   // scratch: the tiles of a splice's detour
};

}  // namespace pathkit
