// Crowd planning: move-to paths with avoidance costs, the move-away search, group formations.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "crowd_impl.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

using crowd::none;

namespace {

/// Which other units a plan treats as walls; tiles of the rest cost a penalty more.
enum class Walls {
    AttackingUnits,  // Space Age's move-to delegate
    StandingUnits,   // every unit not walking: planning around units that do not move
    BusyUnits,       // stepping aside: attacking, moving and stalled units; idle ones get pushed
};

/// The map as a unit plans on it (Space Age's move-to delegate): tiles of some units are walls,
/// tiles of the others cost a penalty more. States are the unit's top-left tiles on `grid`,
/// the space of its size; a state is walled or dearer when any tile of its footprint is.
class AvoidanceSpace {
  public:
    AvoidanceSpace(const GridSpace& grid, const LandmarkHeuristic& landmarks,
                   std::span<const Unit> units, const std::vector<std::uint32_t>& holder,
                   std::uint32_t self, Cost penalty, Walls walls)
        : grid_(grid),
          landmarks_(landmarks),
          units_(units),
          holder_(holder),
          self_(self),
          size_(units[self].size),
          stride_(grid.map().stride()),
          penalty_(penalty),
          walls_(walls) {}

    [[nodiscard]] std::size_t state_count() const { return grid_.state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const {
        return grid_.is_valid(state) &&
               !crowd::any_footprint_tile(state.value, size_, stride_,
                                          [&](std::uint32_t tile) { return walled(tile); });
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        grid_.for_each_successor(state, [&](StateId next, Cost step) {
            bool others = false;
            const bool blocked =
                crowd::any_footprint_tile(next.value, size_, stride_, [&](std::uint32_t tile) {
                    const std::uint32_t other = holder_[tile];
                    if (other == none || other == self_) return false;
                    others = true;
                    return walled(tile);
                });
            if (blocked) return;
            visit(next, others ? step + penalty_ : step);
        });
    }
    [[nodiscard]] Cost estimate(StateId from, StateId to) const {
        return std::max(grid_.estimate(from, to), landmarks_.estimate(from.value, to.value));
    }

  private:
    [[nodiscard]] bool walled(std::uint32_t tile) const {
        const std::uint32_t other = holder_[tile];
        if (other == none || other == self_) return false;
        const UnitState state = units_[other].state;
        if (state == UnitState::Attacking) return true;
        if (walls_ == Walls::StandingUnits) return state != UnitState::Moving;
        return walls_ == Walls::BusyUnits && state != UnitState::Idle;
    }

    const GridSpace& grid_;
    const LandmarkHeuristic& landmarks_;
    std::span<const Unit> units_;
    const std::vector<std::uint32_t>& holder_;
    std::uint32_t self_;
    int size_;
    int stride_;
    Cost penalty_;
    Walls walls_;
};

/// One run of the engine, counted and timed in `stats`.
template <class Problem>
SearchResult timed_search(const Problem& problem, StateId start, SearchContext& context,
                          CrowdStats& stats) {
    const auto started = std::chrono::steady_clock::now();
    SearchResult result = find_path(problem, start, context);
    stats.planning_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    ++stats.searches;
    stats.expanded += result.stats.expanded;
    return result;
}

}  // namespace

// The landmarks, built at the first call within `max_landmark_entries`.
const LandmarkHeuristic& Crowd::Impl::landmarks() {
    if (!landmarks_built) {
        landmarks_built = true;
        const std::size_t fit = max_landmark_entries / map->padded_size();
        landmark_heuristic = LandmarkHeuristic::build(
            space, static_cast<int>(std::min<std::size_t>(fit, options.landmarks)));
        landmarks_revision = map->revision();
    }
    return landmark_heuristic;
}

// The unit walks the path a search found (its first tile, where the unit stands, left out).
void Crowd::Impl::take_path(std::uint32_t unit, const SearchResult& result) {
    Unit& data = units[unit];
    data.path.clear();
    for (std::size_t index = 1; index < result.path.size(); ++index)
        data.path.push_back(map->cell(result.path[index].value));
    data.next_step = 0;
}

// Plans the unit's path to `target` (around idle units too when `idle_units_block`); false
// when none exists.
bool Crowd::Impl::plan(std::uint32_t unit, Cell target, bool idle_units_block) {
    paths_marked = false;  // a new path: the marks for move-away searches are out of date
    if (!fits(units[unit].size, target)) return false;
    const AvoidanceSpace avoiding(space_for(units[unit].size), landmark_heuristic, units, holder,
                                  unit, options.occupied_penalty,
                                  idle_units_block ? Walls::StandingUnits : Walls::AttackingUnits);
    const std::uint32_t start = map->index(units[unit].at), goal = map->index(target);
    if (!avoiding.is_valid(StateId(goal))) return false;
    const SearchResult result =
        timed_search(SingleGoal(avoiding, StateId(goal)), StateId(start), context, stats);
    if (!result.found()) return false;
    take_path(unit, result);
    return true;
}

/// A unit takes its path from a group's field when the tree's path costs at most this many
/// quarters of the least any path can cost (see `plan_by_field`): twice, so that the units at
/// the back of a formation of a thousand, whose ways meet their tiles' near the target, still
/// follow the field (at 5/4, a tenth of them searched, each search costing more than the
/// field and every other path together).
constexpr FlowCost flow_detour_quarters = 8;

bool Crowd::Impl::plan_by_field(std::uint32_t unit, Cell target, FlowField& field) {
    const auto started = std::chrono::steady_clock::now();
    Unit& data = units[unit];
    const std::uint32_t held_by = holder[map->index(target)];
    const FlowCost from_start = data.size == 1 ? field.cost(data.at) : flow_unreachable;
    const FlowCost from_target = data.size == 1 ? field.cost(target) : flow_unreachable;
    if (from_start == flow_unreachable || from_target == flow_unreachable ||
        from_start <= from_target ||
        (held_by != none && units[held_by].state == UnitState::Attacking))
        return plan(unit, target, false);
    if (flow_marks.size() < map->padded_size()) {
        flow_marks.assign(map->padded_size(), 0);
        flow_positions.assign(map->padded_size(), 0);
    }
    if (++flow_stamp == 0) {
        std::fill(flow_marks.begin(), flow_marks.end(), 0);
        flow_stamp = 1;
    }
    // The target's way to the field's goal, each tile marked with its place on it.
    flow_way.clear();
    (void)field.append_way(target, flow_way);
    for (std::uint32_t place = 0; place < flow_way.size(); ++place) {
        flow_marks[map->index(flow_way[place])] = flow_stamp;
        flow_positions[map->index(flow_way[place])] = place;
    }
    // The unit's way until it meets it (both follow the field's tree to the goal, so they
    // meet), then back along the target's way to the target.
    data.path.clear();  // the unit's tile first, taken off below
    // Room for the way at the cheapest step (no guess where a step may cost nothing).
    const FlowCost cheapest_step =
        flow_step_cost(std::min(options.rules.straight_cost, options.rules.diagonal_cost),
                       map->min_terrain_cost());
    if (cheapest_step > 0)
        data.path.reserve(
            std::min<std::size_t>(from_start / cheapest_step + 2, map->padded_size()));
    const std::uint32_t meeting =
        *field.append_way(data.at, data.path, flow_marks.data(), flow_stamp);
    // The tree's path costs cost(start) + cost(target) - 2 cost(meeting tile) (steps walked
    // back cost as walked forward without terrain), any path at least cost(start) -
    // cost(target): a path much longer than that bound goes round by the goal, so search.
    const FlowCost at_meeting = field.cost(map->cell(meeting));
    const FlowCost tree_cost = from_start + from_target - 2 * at_meeting;
    if (tree_cost * 4 > (from_start - from_target) * flow_detour_quarters)
        return plan(unit, target, false);
    paths_marked = false;  // a new path: the marks for move-away searches are out of date
    data.path.erase(data.path.begin());
    for (std::uint32_t place = flow_positions[meeting]; place-- > 0;)
        data.path.push_back(flow_way[place]);
    data.next_step = 0;
    ++stats.field_paths;
    stats.planning_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

// The move-away search: the cheapest tile that is on no other unit's remaining path and that
// no other unit holds, never through a busy unit (idle ones are pushed aside in turn) unless
// `through_busy_units`, with a zero heuristic (one engine call with a goal test).
// Marks the tiles on any unit's remaining path, once per tick (with the one unit whose path a
// tile is on, or `none` for several), so each move-away search reads them without walking
// every path again.
void Crowd::Impl::mark_remaining_paths() {
    if (paths_marked) return;
    if (++path_stamp == 0) {
        std::fill(path_marks.begin(), path_marks.end(), 0);
        path_stamp = 1;
    }
    for (std::uint32_t unit = 0; unit < units.size(); ++unit)
        mark_path(unit);
    paths_marked = true;
}

void Crowd::Impl::mark_path(std::uint32_t unit) {
    const auto mark = [&](std::uint32_t tile) {
        if (path_marks[tile] != path_stamp) {
            path_marks[tile] = path_stamp;
            path_owner[tile] = unit;
        } else if (path_owner[tile] != unit) {
            path_owner[tile] = none;
        }
        return false;
    };
    for (Cell cell : units[unit].remaining_path())
        (void)crowd::any_footprint_tile(map->index(cell), units[unit].size, map->stride(), mark);
}

bool Crowd::Impl::step_aside(std::uint32_t unit, bool through_busy_units) {
    mark_remaining_paths();
    const AvoidanceSpace avoiding(space_for(units[unit].size), landmark_heuristic, units, holder,
                                  unit, options.occupied_penalty,
                                  through_busy_units ? Walls::AttackingUnits : Walls::BusyUnits);
    const std::uint32_t start = map->index(units[unit].at);
    const auto free_of_others = [&](StateId state) {
        if (state.value == start) return false;
        return !crowd::any_footprint_tile(
            state.value, units[unit].size, map->stride(), [&](std::uint32_t tile) {
                const std::uint32_t holding = holder[tile];
                const bool on_others_path =
                    path_marks[tile] == path_stamp && path_owner[tile] != unit;
                return on_others_path || (holding != none && holding != unit);
            });
    };
    const SearchResult result =
        timed_search(GoalWhere(avoiding, free_of_others), StateId(start), context, stats);
    if (!result.found()) return false;
    take_path(unit, result);
    units[unit].destination = units[unit].path.back();
    mark_path(unit);  // later move-away searches this tick keep off it too
    return true;
}

Status Crowd::Impl::move_group(std::span<const UnitId> ordered, Cell target,
                               GroupPlanning planning) {
    for (UnitId id : ordered) {
        if (id.index() >= units.size())
            return Status::invalid_input("unit " + std::to_string(id.value) + " does not exist");
        if (units[id.index()].state == UnitState::Attacking)
            return Status::invalid_input("unit " + std::to_string(id.value) + " is attacking");
    }
    if (!map->contains(target))
        return Status::invalid_input("target " + to_string(target) + " is outside the map");
    // Sorted top to bottom, left to right.
    std::vector<UnitId> sorted(ordered.begin(), ordered.end());
    std::sort(sorted.begin(), sorted.end(), [&](UnitId a, UnitId b) {
        const Cell pa = units[a.index()].at, pb = units[b.index()].at;
        return std::tie(pa.y, pa.x, a) < std::tie(pb.y, pb.x, b);
    });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    if (sorted.empty()) return {};
    // The unit closest to the target takes it (ties: the first in sorted order); the others
    // keep their offsets from it.
    UnitId leader = sorted.front();
    double best = INFINITY;
    for (UnitId id : sorted) {
        const Cell at = units[id.index()].at;
        const double distance = std::hypot(at.x - target.x, at.y - target.y);
        if (distance < best) {
            best = distance;
            leader = id;
        }
    }
    const Cell leader_at = units[leader.index()].at;
    // The leader's tile is settled first so no one else takes the target.
    std::stable_partition(sorted.begin(), sorted.end(), [&](UnitId id) { return id == leader; });
    const auto round = begin_claims();
    const std::uint32_t group = ++groups;
    const auto one_tile_units = std::count_if(
        sorted.begin(), sorted.end(), [&](UnitId id) { return units[id.index()].size == 1; });
    const bool by_field =
        planning == GroupPlanning::FlowField ||
        (planning == GroupPlanning::Automatic && one_tile_units >= options.flow_group_size);
    std::shared_ptr<FlowField> field;
    for (UnitId id : sorted) {
        units[id.index()].group = group;
        const Cell at = units[id.index()].at;
        const Cell wanted{target.x + at.x - leader_at.x, target.y + at.y - leader_at.y};
        const int size = units[id.index()].size;
        const std::optional<Cell> spot =
            free_tiles->claim_nearest(wanted, at, size, space_for(size).fits_data());
        give_order(id.value, spot.value_or(wanted));  // none: unreachable at the next tick
        if (!by_field || size != 1 || !spot) continue;
        if (!field) {
            // One field for the order, to its first one-tile unit's tile (the target when free).
            if (!flow_fields) flow_fields = std::make_unique<FlowFieldCache>(space, 2);
            const std::uint64_t made = flow_fields->fields_made();
            auto found = flow_fields->field(*spot);
            if (!found.has_value()) continue;  // cannot happen: the unit fits there
            field = found.value();
            stats.flow_fields += flow_fields->fields_made() - made;
        }
        records[id.index()].pending->field = field;
    }
    return {};
}

}  // namespace pathkit
