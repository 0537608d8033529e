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
    records[unit].walk = {};  // a path of its own now, not the field's
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
    // The landmarks' tables are one-tile units' distances: bigger units plan with the octile
    // distance alone.
    const AvoidanceSpace avoiding(space_for(units[unit].size),
                                  units[unit].size == 1 ? landmarks() : no_landmarks, units, holder,
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
    // A search with a goal test (no target): no heuristic.
    const AvoidanceSpace avoiding(space_for(units[unit].size), no_landmarks, units, holder, unit,
                                  options.occupied_penalty,
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
    // Its tiles are handed out again by the field when the orders take effect (the field's
    // costs are the first tick's work, as the paths are).
    if (field) hand_outs.push_back({std::move(sorted), field, group});
    return {};
}

}  // namespace pathkit
