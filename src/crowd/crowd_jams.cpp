// Crowd: jams: stalling, patience, deadlocks, going back to posts, and handing units that make
// no progress to the coordinated planner.
#include <algorithm>

#include "crowd_impl.hpp"

namespace pathkit {

using crowd::Coordinated;
using crowd::none;

namespace {

// Patience rounds in a row that free nothing before a unit is handed to the coordinated planner.
constexpr int give_up_rounds = 12;
// Move-away searches a tick may run for deadlocks (see resolve_deadlocks).
constexpr int max_step_aside_searches_per_tick = 32;

}  // namespace

void Crowd::Impl::stall(std::uint32_t unit, std::uint32_t blocker) {
    Unit& data = units[unit];
    if (data.state != UnitState::Stalled || data.stalled_on.value != blocker) {
        ++stats.stalls;
        emit(unit, CrowdEventKind::Stalled);
        data.stalled_ticks = 0;
    }
    data.state = UnitState::Stalled;
    data.stalled_on = UnitId(blocker);
    ++data.stalled_ticks;
}

// The unit that stepped this tick along the other diagonal of the square from -> to, if any.
std::uint32_t Crowd::Impl::crossing_unit(Cell from, Cell to) const {
    if (from.x == to.x || from.y == to.y) return none;
    const Cell side_a{to.x, from.y}, side_b{from.x, to.y};
    const std::uint32_t a = map->index(side_a), b = map->index(side_b);
    if (moving_to[a] == b) return holder[b];
    if (moving_to[b] == a) return holder[a];
    return none;
}

// A unit waiting at its step-aside tile heads back once those it gave way to are done.
void Crowd::Impl::resume_if_clear(std::uint32_t unit) {
    Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    bool clear = ++record.waiting >= 4 * options.patience_ticks;
    if (!clear) {
        clear = std::none_of(
            record.gave_way_to.begin(), record.gave_way_to.end(), [&](std::uint32_t other) {
                return !is_waiting(other) && (units[other].state == UnitState::Moving ||
                                              units[other].state == UnitState::Stalled);
            });
    }
    if (!clear) return;
    // Back to the tile it gave way from: no order ends there.
    record.pending =
        crowd::PendingOrder{*data.stashed_destination, Coordinated::No, record.goes_home};
    apply_order(unit);
    if (data.state == UnitState::Moving) {
        ++stats.replans;
        emit(unit, CrowdEventKind::Replanned);
    }
}

// A unit kept waiting behind an idle or attacking unit plans around every unit not walking;
// with no way round, an idle blocker steps out of the way (and returns afterwards, unless it
// stood on this unit's destination).
void Crowd::Impl::run_out_of_patience(std::uint32_t unit) {
    Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    const std::uint32_t blocker = data.stalled_on.value;
    // A jam that has not moved for a long while; a queue along a field that flows waits its
    // turn.
    if (data.stalled_ticks >= give_up_rounds * options.patience_ticks && !queued_on_field(unit)) {
        hand_over(unit);
        return;
    }
    if (data.stalled_ticks < options.patience_ticks || blocker == none) return;
    Unit& other = units[blocker];
    if (other.state != UnitState::Idle && other.state != UnitState::Attacking) return;
    data.stalled_ticks = 0;
    const auto& gave_way = record.gave_way_to;
    if (record.returning &&
        std::find(gave_way.begin(), gave_way.end(), blocker) != gave_way.end()) {
        // On its way home, blocked by the unit it gave way to: pushing it would start the two
        // going round in circles, so the coordinated planner takes both home.
        hand_over(unit);
        return;
    }
    const bool replanned = data.destination && plan(unit, *data.destination, true);
    if (!replanned && record.returning && other.state == UnitState::Idle) {
        // On its way home with no way round an idle unit: pushing it would start units going
        // round in circles, pushing each other off their posts, so the coordinated planner
        // takes it home.
        hand_over(unit);
        return;
    }
    if (replanned) {
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        ++stats.replans;
        emit(unit, CrowdEventKind::Replanned);
        return;
    }
    if (other.state == UnitState::Idle && data.stashed_destination && data.destination &&
        crowd::footprints_overlap(*data.destination, data.size, other.at, other.size) &&
        step_aside(unit, false)) {
        // Stepping aside to a tile an idle unit has taken since: another tile will do.
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        ++stats.replans;
        emit(unit, CrowdEventKind::Replanned);
        return;
    }
    if (other.state == UnitState::Idle) {
        // The idle unit steps aside and, unless it stands on the destination of this unit's
        // own order, comes back once this unit has passed.
        const Cell home = other.at;
        const bool takes_the_tile =
            data.destination &&
            crowd::footprints_overlap(*data.destination, data.size, home, other.size) &&
            !data.stashed_destination && !record.returning;
        if (step_aside(blocker, false)) {
            crowd::UnitRecord& pushed = records[blocker];
            other.state = UnitState::Moving;
            if (!takes_the_tile && other.post == home) {
                other.stashed_destination = home;
                pushed.gave_way_to = {unit};
                pushed.goes_home = true;
            } else {
                // Gives up its tile (no order of the game's ends), or goes back to its post
                // later, from wherever it stops.
                if (takes_the_tile) other.post.reset();
                pushed.returning = true;
            }
            ++stats.replans;
            emit(blocker, CrowdEventKind::Replanned);
            return;
        }
    }
    // Behind a unit that cannot get out of the way for a long while: the coordinated planner
    // moves the jam. Walled in by a fight: the unit gives up (the destination may well be
    // reachable once the fight ends).
    if (other.state == UnitState::Idle) {
        if (++record.failed_rounds >= give_up_rounds) {
            record.failed_rounds = 0;
            hand_over(unit);
        }
        return;
    }
    clear_order(unit);
    record.failed_rounds = 0;
    emit(unit, CrowdEventKind::GaveUp);
}

// Stalled units wait on one unit each, so the waits form chains that may close into cycles:
// each unit is walked once per tick (0 not seen, 1 on the current walk, 2 done).
void Crowd::Impl::resolve_deadlocks() {
    deadlock_walk.assign(units.size(), 0);
    const auto waits = [&](std::uint32_t unit) {
        return units[unit].state == UnitState::Stalled && !is_waiting(unit);
    };
    // Move-away searches in one tick: a jam of thousands of units loosens over a few ticks
    // instead of one tick searching for all of them.
    int searches_left = max_step_aside_searches_per_tick;
    for (std::uint32_t first = 0; first < units.size(); ++first) {
        if (deadlock_walk[first] != 0 || !waits(first)) continue;
        std::vector<std::uint32_t> chain;
        std::uint32_t at = first;
        while (at != none && deadlock_walk[at] == 0 && waits(at)) {
            deadlock_walk[at] = 1;
            chain.push_back(at);
            at = units[at].stalled_on.value;
        }
        if (at != none && deadlock_walk[at] == 1) {  // the walk met itself: a cycle from `at` on
            const std::vector<std::uint32_t> cycle(std::find(chain.begin(), chain.end(), at),
                                                   chain.end());
            // (With big units there is no planner to hand them to: they step aside again.)
            const bool recurs =
                big_units == 0 && std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t unit) {
                    return records[unit].deadlocks + 1 >= handover_deadlocks;
                });
            if (recurs) {  // stepping aside has not untangled these units: plan them together
                for (std::uint32_t unit : cycle)
                    hand_over(unit);
            } else {
                resolve_deadlock(cycle, searches_left);
            }
        }
        for (std::uint32_t unit : chain)
            deadlock_walk[unit] = 2;
    }
}

// One cycle: the unit that gave way least often so far goes first (ties: the lowest id), so a
// jam is loosened by many units rather than one stepping back and forth.
void Crowd::Impl::resolve_deadlock(std::vector<std::uint32_t> cycle, int& searches_left) {
    // Through free tiles first; in a jam where no one can, after some patience (counted by the
    // cycle's lowest id), units push into the jam so that those behind them give way in turn.
    const std::uint32_t lowest = *std::min_element(cycle.begin(), cycle.end());
    const bool jammed = units[lowest].stalled_ticks >= options.patience_ticks;
    std::sort(cycle.begin(), cycle.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::pair(records[a].times_given_way, a) < std::pair(records[b].times_given_way, b);
    });
    for (std::size_t attempt = 0; attempt < 2 * cycle.size() && searches_left > 0; ++attempt) {
        const bool into_jam = attempt >= cycle.size();
        if (into_jam && !jammed) break;
        const std::uint32_t candidate = cycle[attempt % cycle.size()];
        Unit& data = units[candidate];
        crowd::UnitRecord& record = records[candidate];
        const std::optional<Cell> destination = data.destination;
        const bool already_aside = data.stashed_destination.has_value();
        --searches_left;
        if (!step_aside(candidate, into_jam)) continue;
        if (!already_aside) {
            data.stashed_destination = destination;
            record.goes_home = record.returning;  // back home afterwards, quietly
        }
        record.gave_way_to.clear();
        for (std::uint32_t other : cycle)
            if (other != candidate) record.gave_way_to.push_back(other);
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        data.stalled_ticks = 0;
        ++stats.deadlocks_resolved;
        ++record.times_given_way;
        emit(candidate, CrowdEventKind::DeadlockResolved);
        for (std::uint32_t unit : cycle)
            ++records[unit].deadlocks;
        break;
    }
}

// Units whose way to their destination has not got shorter for a long while: pushed back and
// forth by others, say, with no deadlock among them. Waiting in a queue along a field that
// flows does not count.
void Crowd::Impl::hand_over_units_without_progress() {
    const int limit = handover_patience_rounds * options.patience_ticks;
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        const Unit& data = units[unit];
        crowd::UnitRecord& record = records[unit];
        if (data.state != UnitState::Moving && data.state != UnitState::Stalled) continue;
        const std::size_t left = tiles_left(unit);
        if (!data.stashed_destination && left < record.fewest_left) {
            record.fewest_left = left;
            record.ticks_without_progress = 0;
        } else if (!queued_on_field(unit) && ++record.ticks_without_progress >= limit) {
            record.ticks_without_progress = 0;
            hand_over(unit);
        }
    }
}

// The unit's order (its stashed destination while it steps aside, its home while it walks
// back) becomes a coordinated one from the next tick; no event, as its order goes on.
void Crowd::Impl::hand_over(std::uint32_t unit, Coordinated how) {
    const Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    const std::optional<Cell> target =
        data.stashed_destination ? data.stashed_destination : data.destination;
    if (!target || (record.pending && record.pending->coordinated != Coordinated::No) ||
        data.state == UnitState::Attacking)
        return;
    if (big_units > 0) {
        give_up(unit);
        return;
    }
    record.pending =
        crowd::PendingOrder{*target, how, record.returning || record.goes_home, record.walk.field};
    ++stats.handed_to_coordination;
}

// In a crowd with big units the coordinated planner takes no one: a unit that makes no
// progress gives up its order (a walk home ends where it stands, which becomes its post).
void Crowd::Impl::give_up(std::uint32_t unit) {
    crowd::UnitRecord& record = records[unit];
    const bool home = record.returning || record.goes_home;
    record.pending.reset();
    clear_order(unit);
    record.failed_rounds = 0;
    if (home) {
        units[unit].post = units[unit].at;
    } else {
        emit(unit, CrowdEventKind::GaveUp);
    }
}

// Idle units pushed off their posts head back (quietly) once the post is free, or held by an
// idle unit that is itself off its post; a unit with no post takes the tile it stands on.
void Crowd::Impl::send_back_to_posts() {
    keep_group_tiles();
    const auto lost = [&](std::uint32_t unit) {
        const Unit& data = units[unit];
        return data.state == UnitState::Idle && !records[unit].pending && data.post != data.at;
    };
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        Unit& data = units[unit];
        if (!lost(unit)) continue;
        if (!data.post) {
            data.post = data.at;
            continue;
        }
        const bool held = crowd::any_footprint_tile(
            map->index(*data.post), data.size, map->stride(), [&](std::uint32_t tile) {
                const std::uint32_t other = holder[tile];
                return other != none && other != unit && !lost(other);
            });
        if (held) continue;
        records[unit].pending = crowd::PendingOrder{*data.post, Coordinated::No, true};
    }
}

}  // namespace pathkit
