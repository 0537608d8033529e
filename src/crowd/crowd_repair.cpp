// Crowd: taking in changes to the map between ticks: units pushed off blocked tiles, paths planned
// again only where a change touched them, landmarks kept admissible.
#include <algorithm>
#include <chrono>

#include "crowd_impl.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

using crowd::Coordinated;
using crowd::none;

namespace {

/// The walk that pushes a unit off a tile blocked under it: tiles walkable now or when the crowd
/// was made (so through a gate or a new building, never through the map's own walls), each
/// joined to its 8 neighbours (east, south, west, north, then the diagonals) at a cost of 1, by
/// padded index, from the unit's own (top-left) tile. A goal is a top-left tile where the unit
/// fits (`fits`: the space of its size) and whose footprint holds no other unit. The map's
/// blocked border keeps every neighbour read inside the padded array.
class DisplacementWalk {
  public:
    DisplacementWalk(const GridMap& map, const std::vector<std::uint8_t>& walkable_when_made,
                     const std::vector<std::uint32_t>& holder, std::uint32_t start,
                     const std::uint8_t* fits, std::uint32_t unit, int size)
        : map_(&map),
          walkable_when_made_(&walkable_when_made),
          holder_(&holder),
          start_(start),
          fits_(fits),
          unit_(unit),
          size_(size) {}

    [[nodiscard]] std::size_t state_count() const { return map_->padded_size(); }
    [[nodiscard]] bool is_valid(StateId tile) const {
        return tile.index() < state_count() &&
               (map_->walkable_data()[tile.value] != 0 || (*walkable_when_made_)[tile.value] != 0 ||
                tile.value == start_);
    }
    template <class Visit>
    void for_each_successor(StateId tile, Visit&& visit) const {
        const std::uint32_t row = static_cast<std::uint32_t>(map_->stride()), at = tile.value;
        for (const std::uint32_t next : {at + 1, at + row, at - 1, at - row, at + row + 1,
                                         at + row - 1, at - row - 1, at - row + 1})
            if (is_valid(StateId(next))) visit(StateId(next), Cost{1});
    }
    [[nodiscard]] Cost heuristic(StateId) const { return 0; }
    [[nodiscard]] bool is_goal(StateId tile) const {
        if (fits_[tile.value] == 0) return false;
        return !crowd::any_footprint_tile(tile.value, size_, map_->stride(),
                                          [&](std::uint32_t covered) {
                                              const std::uint32_t other = (*holder_)[covered];
                                              return other != none && other != unit_;
                                          });
    }

  private:
    const GridMap* map_;
    const std::vector<std::uint8_t>* walkable_when_made_;
    const std::vector<std::uint32_t>* holder_;
    std::uint32_t start_;
    const std::uint8_t* fits_;
    std::uint32_t unit_;
    int size_;
};

}  // namespace

CrowdRepair Crowd::refresh() {
    return impl_->repair();
}

// The nearest free walkable tile the unit can be pushed to (see DisplacementWalk), if any.
std::optional<Cell> Crowd::Impl::nearest_free_tile(std::uint32_t unit) {
    SearchOptions breadth_first;
    breadth_first.algorithm = SearchAlgorithm::BreadthFirst;
    const std::uint32_t start = map->index(units[unit].at);
    const int size = units[unit].size;
    const DisplacementWalk walk(*map, walkable_when_made, holder, start,
                                space_for(size).fits_data(), unit, size);
    const SearchResult result = find_path(walk, StateId(start), context, breadth_first);
    if (!result.found()) return std::nullopt;
    return map->cell(result.path.back().value);
}

// Stale landmark tables stay admissible while the changes since they were exact only blocked
// tiles (no cost fell); a tile that is walkable now may have opened or got cheaper, so then
// they are repaired.
void Crowd::Impl::keep_landmarks_admissible() {
    if (!landmarks_built || landmark_heuristic.is_current(*map)) return;
    const auto changed = map->changes_since(landmarks_revision);
    const bool may_be_cheaper =
        !changed || std::any_of(changed->begin(), changed->end(), [&](std::uint32_t tile) {
            return map->walkable_data()[tile] != 0;
        });
    if (!may_be_cheaper) return;
    const Status repaired = landmark_heuristic.repair(space);
    PATHKIT_ASSERT(repaired.ok());  // the tables were built on this space
    (void)repaired;
    landmarks_revision = map->revision();
}

// True when the tile the unit stands on, or a tile of its remaining path, is marked as near a
// change just taken in.
bool Crowd::Impl::touches_changes(std::uint32_t unit) const {
    const Unit& data = units[unit];
    const auto near_change = [&](Cell at) {
        return crowd::any_footprint_tile(
            map->index(at), data.size, map->stride(),
            [&](std::uint32_t tile) { return change_marks[tile] == change_stamp; });
    };
    return near_change(data.at) ||
           std::any_of(data.remaining_path().begin(), data.remaining_path().end(), near_change);
}

CrowdRepair Crowd::Impl::repair() {
    CrowdRepair report;
    const bool any_stuck =
        std::any_of(records.begin(), records.end(),
                    [](const crowd::UnitRecord& record) { return record.stuck; });
    if (map->revision() == seen_revision && !any_stuck) return report;
    const auto started = std::chrono::steady_clock::now();
    if (!events_from_refresh) events.clear();  // the first refresh before a tick
    events_from_refresh = true;

    // Every changed tile and its 8 neighbours, so a diagonal step beside a new wall and a path
    // beside an opened tile count as touched; everything when the map forgot its changes.
    const auto changed = map->changes_since(seen_revision);
    seen_revision = map->revision();
    if (++change_stamp == 0) {
        std::fill(change_marks.begin(), change_marks.end(), 0);
        change_stamp = 1;
    }
    const bool everywhere = !changed.has_value();
    if (changed) {
        report.tiles_changed = changed->size();
        const auto row = static_cast<std::uint32_t>(map->stride());
        for (const std::uint32_t tile : *changed)
            for (const std::uint32_t near :
                 {tile - row - 1, tile - row, tile - row + 1, tile - 1, tile, tile + 1,
                  tile + row - 1, tile + row, tile + row + 1})
                change_marks[near] = change_stamp;
    }
    if (report.tiles_changed > 0 || everywhere) {
        free_tiles.reset();  // its regions are the old map's; made again at the next use
        keep_landmarks_admissible();
    }

    // Units on blocked tiles are pushed off them, in id order (each onto a tile no earlier one
    // took).
    std::vector<bool> displaced(units.size(), false);
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        Unit& data = units[unit];
        crowd::UnitRecord& record = records[unit];
        if (fits(data.size, data.at)) {
            record.stuck = false;
            continue;
        }
        const std::optional<Cell> spot = nearest_free_tile(unit);
        if (!spot) {
            if (!record.stuck) {
                record.stuck = true;
                record.pending.reset();
                record.queued.clear();
                record.tasks.clear();
                if (data.state != UnitState::Attacking) clear_order(unit);
                emit(unit, CrowdEventKind::Stuck);
            }
            report.stuck.push_back(UnitId(unit));
            continue;
        }
        record.stuck = false;
        hold(unit, data.at, none);
        hold(unit, *spot, unit);
        if (data.post == data.at) data.post = *spot;
        data.at = *spot;
        displaced[unit] = true;
        report.displaced.push_back(UnitId(unit));
        emit(unit, CrowdEventKind::Displaced);
    }

    if (options.lifelong_orders) {
        // The lifelong planner is made again on the new map at the next tick, units keeping
        // their orders: no paths to repair.
        lifelong_stale = lifelong != nullptr;
    } else if (coordinated) {
        // The planner's graph is the old map's: the move starts again on the new one.
        if (report.tiles_changed > 0 || everywhere || !report.displaced.empty()) {
            start_coordinated_move();
            replan_coordination = false;
            for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
                if (!records[unit].coordinated_target) continue;
                report.replanned.push_back(UnitId(unit));
                ++stats.replans;
                emit(unit, CrowdEventKind::Replanned);
            }
        }
    } else {
        // The fields of group orders take the changes in: the units reading their ways from a
        // field that started again read them anew.
        std::vector<std::pair<const FlowField*, bool>> fields;  // and whether it started again
        const auto restarted = [&](const crowd::FieldWalk& walk) {
            if (!walk.reading) return false;
            for (const auto& [field, again] : fields)
                if (field == walk.field.get()) return again;
            fields.emplace_back(walk.field.get(), walk.field->update());
            return fields.back().second;
        };
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            Unit& data = units[unit];
            crowd::UnitRecord& record = records[unit];
            if (record.pending ||
                (data.state != UnitState::Moving && data.state != UnitState::Stalled))
                continue;  // a pending order plans on the new map at the next tick
            const bool touched = displaced[unit] ||
                                 (!is_waiting(unit) &&
                                  (everywhere || touches_changes(unit) || restarted(record.walk)));
            if (!touched) {
                ++report.kept;
                continue;
            }
            // Its order goes on from here: to the destination it stashed when it was stepping
            // aside (the jam it gave way to has changed too), quietly when that is a walk home.
            const bool stepping_aside = data.stashed_destination.has_value();
            const Cell target = stepping_aside ? *data.stashed_destination : *data.destination;
            const bool home = stepping_aside ? record.goes_home : record.returning;
            record.pending = crowd::PendingOrder{target, Coordinated::No, home, record.walk.field};
            record.fewest_left = SIZE_MAX;  // the way's length changed with the map
            record.ticks_without_progress = 0;
            apply_order(unit);
            report.replanned.push_back(UnitId(unit));
            if (data.state == UnitState::Moving) {
                ++stats.replans;
                emit(unit, CrowdEventKind::Replanned);
            }
        }
    }
    report.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - started)
            .count();
    ++stats.map_repairs;
    stats.replanned_after_edits += report.replanned.size();
    stats.kept_after_edits += report.kept;
    stats.repair_seconds += report.microseconds * 1e-6;
    return report;
}

}  // namespace pathkit
