// PathRepair: keeps, splices or plans again a unit's grid path after tiles changed.
#include "pathkit/grid/replan.hpp"

#include <algorithm>
#include <cstdlib>
#include <span>
#include <utility>

#include "pathkit/core/assert.hpp"
#include "pathkit/grid/distance_field.hpp"
#include "pathkit/grid/jump_point_search.hpp"

namespace pathkit {
namespace {

/// Writes `plan.cost_to` from the step costs of its tiles on the map as it is now, from step
/// `from` on (the costs before it are kept).
void sum_step_costs(const GridSpace& space, GridPlan& plan, std::size_t from = 1) {
    const GridMap& map = space.map();
    plan.cost_to.resize(plan.tiles.size());
    if (plan.tiles.empty()) return;
    plan.cost_to[0] = 0;
    for (std::size_t step = std::max<std::size_t>(from, 1); step < plan.tiles.size(); ++step) {
        const Cell before = plan.tiles[step - 1], here = plan.tiles[step];
        const bool diagonal = before.x != here.x && before.y != here.y;
        plan.cost_to[step] = plan.cost_to[step - 1] + space.step_cost(diagonal, map.index(here));
    }
}

/// Writes into `tiles` the tiles after `turns.front()` up to `turns.back()`: every tile between
/// consecutive turns, which lie on a common row, column or diagonal (as searches shaped as
/// turns give them).
void walk_turns(std::span<const Cell> turns, std::vector<Cell>& tiles) {
    const auto steps_between = [&](std::size_t turn) {
        const int dx = std::abs(turns[turn].x - turns[turn - 1].x);
        const int dy = std::abs(turns[turn].y - turns[turn - 1].y);
        PATHKIT_ASSERT(dx == 0 || dy == 0 || dx == dy);
        return std::max(dx, dy);
    };
    std::size_t count = 0;
    for (std::size_t turn = 1; turn < turns.size(); ++turn)
        count += static_cast<std::size_t>(steps_between(turn));
    tiles.resize(count);
    Cell* out = tiles.data();
    const auto sign = [](int value) { return (value > 0) - (value < 0); };
    for (std::size_t turn = 1; turn < turns.size(); ++turn) {
        const int dx = sign(turns[turn].x - turns[turn - 1].x);
        const int dy = sign(turns[turn].y - turns[turn - 1].y);
        Cell cell = turns[turn - 1];
        for (int step = steps_between(turn); step > 0; --step) {
            cell = {cell.x + dx, cell.y + dy};
            *out++ = cell;
        }
    }
}

/// Replaces `tiles[start + 1 .. end]` by `detour`, moving the tiles after them once.
void replace_stretch(std::vector<Cell>& tiles, std::size_t start, std::size_t end,
                     const std::vector<Cell>& detour) {
    const auto at = tiles.begin() + static_cast<std::ptrdiff_t>(start + 1);
    const std::size_t replaced = end - start;
    if (detour.size() >= replaced) {
        std::copy_n(detour.begin(), replaced, at);
        tiles.insert(at + static_cast<std::ptrdiff_t>(replaced),
                     detour.begin() + static_cast<std::ptrdiff_t>(replaced), detour.end());
    } else {
        std::copy(detour.begin(), detour.end(), at);
        tiles.erase(at + static_cast<std::ptrdiff_t>(detour.size()),
                    at + static_cast<std::ptrdiff_t>(replaced));
    }
}

/// True when the unit may step from `from` to `to` on the map as it is now.
bool can_step(const GridSpace& space, Cell from, Cell to) {
    const GridMap& map = space.map();
    const StateId here(map.index(from));
    if (!space.is_valid(here)) return false;
    const std::uint32_t next = map.index(to);
    bool found = false;
    space.for_each_successor(here, [&](StateId successor, Cost) {
        if (successor.value == next) found = true;
    });
    return found;
}

/// The direction of the step from `from` to `to`, as a number 0..8 ((dx + 1) * 3 + dy + 1).
int direction(Cell from, Cell to) {
    return (to.x - from.x + 1) * 3 + (to.y - from.y + 1);
}

}  // namespace

Cost optimality_tolerance(Cost cost) {
    return 1e-4f + 1e-5f * cost;
}

bool GridPlan::is_known_optimal() const {
    return !tiles.empty() && cost() <= lower_bound + optimality_tolerance(cost());
}

void GridPlan::advance(std::size_t steps) {
    if (tiles.empty()) return;
    steps = std::min(steps, tiles.size() - 1);
    const Cost walked = cost_to[steps];
    tiles.erase(tiles.begin(), tiles.begin() + static_cast<std::ptrdiff_t>(steps));
    cost_to.erase(cost_to.begin(), cost_to.begin() + static_cast<std::ptrdiff_t>(steps));
    for (Cost& cost : cost_to)
        cost -= walked;
    lower_bound = std::max(Cost{0}, lower_bound - walked);
}

const char* to_string(ReplanMethod method) {
    switch (method) {
        case ReplanMethod::Kept:
            return "kept";
        case ReplanMethod::Spliced:
            return "spliced";
        case ReplanMethod::Planned:
            return "planned";
        case ReplanMethod::Failed:
            return "failed";
    }
    return "unknown";
}

GridPath PathRepair::search(Cell from, Cell to, SearchContext& context, SearchOptions options,
                            PathShape shape) const {
    if (runs_on_grids_only(options.algorithm) && !jump_point_search_refusal(*space_).empty())
        options.algorithm = SearchAlgorithm::AStar;
    return space_->find_path(from, to, context, options, shape);
}

GridPlan PathRepair::plan_from(GridPath found, std::string* message) const {
    GridPlan made;
    made.revision = space_->map().revision();
    if (!found.found()) {
        if (message != nullptr) *message = std::move(found.message);
        return made;
    }
    made.tiles = std::move(found.path);
    sum_step_costs(*space_, made);
    made.lower_bound = made.cost();
    return made;
}

GridPlan PathRepair::plan(Cell from, Cell to, SearchContext& context, SearchAlgorithm algorithm,
                          std::string* message) const {
    return plan_from(search(from, to, context, {.algorithm = algorithm}), message);
}

ReplanReport PathRepair::plan_again(GridPlan& plan, SearchContext& context,
                                    const ReplanOptions& options, ReplanReport report,
                                    Cost below) const {
    GridPath found = search(plan.tiles.front(), plan.tiles.back(), context,
                            {.algorithm = options.full_search, .cost_bound = below});
    if (below < infinite_cost && found.status == SearchStatus::NoPath) {
        // No path costs less than `below`, so the plan's path is optimal.
        plan.lower_bound = std::max(plan.lower_bound, below);
        report.optimal = report.proven_by_search = true;
        return report;
    }
    plan = plan_from(std::move(found), &report.message);
    report.method = plan.tiles.empty() ? ReplanMethod::Failed : ReplanMethod::Planned;
    report.optimal = !plan.tiles.empty();
    report.proven_by_search = false;
    return report;
}

bool PathRepair::mark_near_changes(std::span<const std::uint32_t> changed) {
    const GridMap& map = space_->map();
    if (marks_.size() != map.padded_size()) marks_.assign(map.padded_size(), 0);
    if (++round_ == 0) {  // after 2^32 repairs the marks wrap: forget them all once
        std::fill(marks_.begin(), marks_.end(), 0);
        round_ = 1;
    }
    const int agent_size = space_->rules().agent_size;
    for_each_tile_near_changes(map, agent_size, changed,
                               [&](std::uint32_t tile) { marks_[tile] = round_; });
    if (changed.empty()) return false;
    // The box: from `agent_size` tiles left of and above the changes to one right and below.
    near_low_ = near_high_ = map.cell(changed.front());
    for (const std::uint32_t tile : changed) {
        const Cell cell = map.cell(tile);
        near_low_ = {std::min(near_low_.x, cell.x), std::min(near_low_.y, cell.y)};
        near_high_ = {std::max(near_high_.x, cell.x), std::max(near_high_.y, cell.y)};
    }
    near_low_ = {near_low_.x - agent_size, near_low_.y - agent_size};
    near_high_ = {near_high_.x + 1, near_high_.y + 1};
    return true;
}

ReplanReport PathRepair::repair(GridPlan& plan, SearchContext& context,
                                const ReplanOptions& options) {
    if (plan.tiles.empty()) {
        ReplanReport refused;
        refused.method = ReplanMethod::Failed;
        refused.message = "the plan has no path to repair";
        return refused;
    }
    const GridMap& map = space_->map();
    const auto changed = map.changes_since(plan.revision);
    if (!changed) return plan_again(plan, context, options, {});
    plan.revision = map.revision();

    // A change that left its tile walkable may have opened a cheaper way anywhere.
    const std::uint8_t* walkable = map.walkable_data();
    if (std::any_of(changed->begin(), changed->end(),
                    [&](std::uint32_t tile) { return walkable[tile] != 0; })) {
        const Cost estimate = space_->estimate(StateId(map.index(plan.tiles.front())),
                                               StateId(map.index(plan.tiles.back())));
        plan.lower_bound = std::min(plan.lower_bound, estimate);
    }

    // The steps beside a change: blocked, or their cost may have changed.
    const std::size_t none = plan.tiles.size();
    std::size_t first_touched = none, first_blocked = none, last_blocked = 0;
    if (mark_near_changes(*changed)) {
        // A marked tile touches the steps into and out of it; each step is checked once.
        const Cell* tiles = plan.tiles.data();
        const std::size_t count = plan.tiles.size();
        std::size_t unchecked = 0;  // the first step not checked yet
        for (std::size_t tile = 0; tile < count; ++tile) {
            if (!is_marked(tiles[tile])) continue;
            for (std::size_t step = std::max(unchecked, tile == 0 ? 0 : tile - 1);
                 step <= tile && step + 1 < count; ++step) {
                first_touched = std::min(first_touched, step);
                if (can_step(*space_, tiles[step], tiles[step + 1])) continue;
                first_blocked = std::min(first_blocked, step);
                last_blocked = step;
            }
            unchecked = tile + 1;
        }
    }

    ReplanReport report;
    if (first_blocked == none) {
        if (first_touched != none) sum_step_costs(*space_, plan, first_touched + 1);
        report.method = ReplanMethod::Kept;
    } else {
        // The window: back from the first blocked step and on from the tile after the last,
        // far enough to take in `window_turns` turns of the path on each side.
        auto& tiles = plan.tiles;
        const auto turns_at = [&](std::size_t tile) {
            return tile > 0 && tile + 1 < tiles.size() &&
                   direction(tiles[tile - 1], tiles[tile]) !=
                       direction(tiles[tile], tiles[tile + 1]);
        };
        const auto wide_enough = [&](int steps, int turns) {
            return steps >= options.max_window_steps ||
                   (steps >= options.window_steps && turns >= options.window_turns);
        };
        std::size_t start = first_blocked;
        for (int steps = 0, turns = 0; start > 0 && !wide_enough(steps, turns); ++steps) {
            if (turns_at(start)) ++turns;
            --start;
        }
        std::size_t end = last_blocked + 1;
        for (int steps = 0, turns = 0; end + 1 < tiles.size() && !wide_enough(steps, turns);
             ++steps) {
            if (turns_at(end)) ++turns;
            ++end;
        }
        if (!space_->is_valid(StateId(map.index(tiles[start]))) ||
            !space_->is_valid(StateId(map.index(tiles[end]))))
            return plan_again(plan, context, options, {});
        const GridPath detour = search(
            tiles[start], tiles[end], context,
            {.algorithm = options.splice_search, .max_expansions = options.max_splice_expansions},
            PathShape::Turns);
        if (!detour.found())
            return plan_again(plan, context, options, {.splice_expanded = detour.stats.expanded});
        report.splice_expanded = detour.stats.expanded;
        walk_turns(detour.path, detour_);
        replace_stretch(tiles, start, end, detour_);
        sum_step_costs(*space_, plan, std::min(first_touched, start) + 1);
        report.method = ReplanMethod::Spliced;
    }
    report.optimal = plan.is_known_optimal();
    if (options.require_optimal && !report.optimal) {
        // Only a cheaper path than this one, by a margin within the tolerance, is sought: when
        // there is none, this one is optimal.
        const Cost below = plan.cost() - optimality_tolerance(plan.cost()) / 2;
        return plan_again(plan, context, options, report, below);
    }
    return report;
}

}  // namespace pathkit
