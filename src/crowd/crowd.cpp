// Crowd: units, orders, and the tick: stepping, stalling, patience and deadlocks.
#include "pathkit/crowd/crowd.hpp"

#include "coordinated_move.hpp"
#include "free_tiles.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace pathkit {

namespace {

constexpr std::uint32_t none = UINT32_MAX;
// Patience rounds in a row that free nothing before a unit is handed to the coordinated planner.
constexpr int give_up_rounds = 12;
// Move-away searches a tick may run for deadlocks (see resolve_deadlocks).
constexpr int max_step_aside_searches_per_tick = 32;

}  // namespace

const char* to_string(CrowdEventKind kind) {
    switch (kind) {
        case CrowdEventKind::Arrived:
            return "arrived";
        case CrowdEventKind::Stalled:
            return "stalled";
        case CrowdEventKind::DeadlockResolved:
            return "deadlock_resolved";
        case CrowdEventKind::Replanned:
            return "replanned";
        case CrowdEventKind::Unreachable:
            return "unreachable";
        case CrowdEventKind::GaveUp:
            return "gave_up";
    }
    return "unknown";
}

const char* to_string(UnitState state) {
    switch (state) {
        case UnitState::Idle:
            return "idle";
        case UnitState::Moving:
            return "moving";
        case UnitState::Stalled:
            return "stalled";
        case UnitState::Attacking:
            return "attacking";
    }
    return "unknown";
}

Crowd::Crowd(const GridMap& map, const CrowdOptions& options)
    : map_(&map),
      options_(options),
      space_(map, options.rules),
      holder_(map.padded_size(), none),
      moving_to_(map.padded_size(), none),
      path_marks_(map.padded_size(), 0),
      path_owner_(map.padded_size(), none) {}

Expected<Crowd> Crowd::create(const GridMap& map, const CrowdOptions& options) {
    if (Status status = validate(options.rules); !status)
        return Status::invalid_input(status.message());
    if (options.rules.agent_size != 1)
        return Status::invalid_input("units are one tile (agent_size must be 1)");
    if (!(options.occupied_penalty >= 0) || !std::isfinite(options.occupied_penalty))
        return Status::invalid_input("occupied_penalty must be finite and >= 0");
    if (options.patience_ticks < 1) return Status::invalid_input("patience_ticks must be >= 1");
    if (options.landmarks < 0 || options.landmarks > 16)
        return Status::invalid_input("landmarks must be in 0..16");
    if (options.coordination_budget_us < 0)
        return Status::invalid_input("coordination_budget_us must be >= 0");
    return Crowd(map, options);
}

Expected<UnitId> Crowd::add_unit(Cell at, UnitState state) {
    if (!map_->contains(at)) return Status::invalid_input(to_string(at) + " is outside the map");
    if (!map_->is_walkable(at)) return Status::invalid_input(to_string(at) + " is blocked");
    if (holder_[map_->index(at)] != none)
        return Status::invalid_input(to_string(at) + " already holds unit " +
                                     std::to_string(holder_[map_->index(at)]));
    if (state != UnitState::Idle && state != UnitState::Attacking)
        return Status::invalid_input("a new unit is idle or attacking");
    const auto id = static_cast<std::uint32_t>(units_.size());
    Unit unit;
    unit.id = UnitId(id);
    unit.at = at;
    unit.state = state;
    unit.post = at;
    units_.push_back(std::move(unit));
    pending_.emplace_back();
    gave_way_to_.emplace_back();
    waiting_.push_back(-1);
    failed_rounds_.push_back(0);
    times_given_way_.push_back(0);
    goes_home_.push_back(false);
    returning_.push_back(false);
    coordinated_order_.push_back(Coordinated::No);
    coordinated_target_.emplace_back();
    holder_[map_->index(at)] = id;
    replan_coordination_ = coordinated_ != nullptr;  // the planner must know of it
    return UnitId(id);
}

Status Crowd::set_attacking(UnitId id, bool attacking) {
    if (id.index() >= units_.size())
        return Status::invalid_input("unit " + std::to_string(id.value) + " does not exist");
    Unit& unit = units_[id.index()];
    if (attacking) {
        unit.state = UnitState::Attacking;
        unit.path.clear();
        unit.next_step = 0;
        unit.destination.reset();
        unit.stashed_destination.reset();
        pending_[id.index()].reset();
        waiting_[id.index()] = -1;
        coordinated_order_[id.index()] = Coordinated::No;
        coordinated_target_[id.index()].reset();
        replan_coordination_ = coordinated_ != nullptr;  // a new wall for the planner
    } else if (unit.state == UnitState::Attacking) {
        unit.state = UnitState::Idle;
        replan_coordination_ = coordinated_ != nullptr;
    }
    return {};
}

Status Crowd::move_to(UnitId id, Cell target) {
    if (id.index() >= units_.size())
        return Status::invalid_input("unit " + std::to_string(id.value) + " does not exist");
    if (units_[id.index()].state == UnitState::Attacking)
        return Status::invalid_input("unit " + std::to_string(id.value) + " is attacking");
    if (!map_->contains(target))
        return Status::invalid_input("target " + to_string(target) + " is outside the map");
    give_order(id.index(), target);
    units_[id.index()].group.reset();
    return {};
}

bool Crowd::is_settled() const {
    if (coordinated_) return false;
    for (std::size_t unit = 0; unit < units_.size(); ++unit) {
        if (pending_[unit] || units_[unit].state == UnitState::Moving ||
            units_[unit].state == UnitState::Stalled)
            return false;
    }
    return true;
}

Status Crowd::skip_to(std::uint64_t tick) {
    if (!is_settled()) return Status::invalid_input("units are moving or have orders pending");
    tick_ = std::max(tick_, tick);
    return {};
}

// An order of the game's, from the next tick: it ends with an event, and its deadlocks count
// from 0.
void Crowd::give_order(std::uint32_t unit, Cell target) {
    pending_[unit] = target;
    coordinated_order_[unit] = Coordinated::No;
    returning_[unit] = false;
    goes_home_[unit] = false;
    units_[unit].post.reset();
    units_[unit].deadlocks = 0;
    units_[unit].fewest_left = SIZE_MAX;
    units_[unit].ticks_without_progress = 0;
}

// Units whose way to their destination has not got shorter for a long while: pushed back and
// forth by others, say, with no deadlock among them.
void Crowd::hand_over_units_without_progress() {
    const int limit = handover_patience_rounds * options_.patience_ticks;
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        Unit& data = units_[unit];
        if (data.state != UnitState::Moving && data.state != UnitState::Stalled) continue;
        const std::size_t left = data.path.size() - data.next_step;
        if (!data.stashed_destination && left < data.fewest_left) {
            data.fewest_left = left;
            data.ticks_without_progress = 0;
        } else if (++data.ticks_without_progress >= limit) {
            data.ticks_without_progress = 0;
            hand_over(unit);
        }
    }
}

void Crowd::emit(std::uint32_t unit, CrowdEventKind kind) {
    events_.push_back({tick_, UnitId(unit), kind});
}

void Crowd::apply_order(std::uint32_t unit) {
    Unit& data = units_[unit];
    const Cell target = *pending_[unit];
    pending_[unit].reset();
    data.stashed_destination.reset();
    waiting_[unit] = -1;
    goes_home_[unit] = false;
    data.stalled_on = UnitId();
    data.stalled_ticks = 0;
    data.destination = target;
    if (target == data.at) {
        data.path.clear();
        data.next_step = 0;
        arrive(unit);
        return;
    }
    if (!map_->contains(target) || !plan(unit, target, false)) {
        data.state = UnitState::Idle;
        data.destination.reset();
        data.path.clear();
        data.next_step = 0;
        if (!returning_[unit]) emit(unit, CrowdEventKind::Unreachable);
        if (returning_[unit]) data.post = data.at;  // no way back: it stays here
        returning_[unit] = false;
        return;
    }
    data.state = UnitState::Moving;
}

void Crowd::arrive(std::uint32_t unit) {
    Unit& data = units_[unit];
    if (data.stashed_destination) {  // stepped aside: wait for the others to pass
        data.state = UnitState::Stalled;
        data.stalled_on = gave_way_to_[unit].empty() ? UnitId() : UnitId(gave_way_to_[unit][0]);
        data.stalled_ticks = 0;
        waiting_[unit] = 0;
        return;
    }
    data.state = UnitState::Idle;
    data.destination.reset();
    data.fewest_left = SIZE_MAX;
    data.ticks_without_progress = 0;
    if (returning_[unit]) {  // done giving way: not an order of the game's
        returning_[unit] = false;
        return;
    }
    data.post = data.at;
    data.deadlocks = 0;
    emit(unit, CrowdEventKind::Arrived);
}

// Idle units pushed off their posts head back (quietly) once the post is free, or held by an
// idle unit that is itself off its post; a unit with no post takes the tile it stands on.
void Crowd::send_back_to_posts() {
    const auto lost = [&](std::uint32_t unit) {
        const Unit& data = units_[unit];
        return data.state == UnitState::Idle && !pending_[unit] && data.post != data.at;
    };
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        Unit& data = units_[unit];
        if (!lost(unit)) continue;
        if (!data.post) {
            data.post = data.at;
            continue;
        }
        const std::uint32_t holder = holder_[map_->index(*data.post)];
        if (holder != none && !lost(holder)) continue;
        pending_[unit] = *data.post;
        returning_[unit] = true;
    }
}

void Crowd::stall(std::uint32_t unit, std::uint32_t blocker) {
    Unit& data = units_[unit];
    if (data.state != UnitState::Stalled || data.stalled_on.value != blocker) {
        ++stats_.stalls;
        emit(unit, CrowdEventKind::Stalled);
        data.stalled_ticks = 0;
    }
    data.state = UnitState::Stalled;
    data.stalled_on = UnitId(blocker);
    ++data.stalled_ticks;
}

// The unit that stepped this tick along the other diagonal of the square from -> to, if any.
std::uint32_t Crowd::crossing_unit(Cell from, Cell to) const {
    if (from.x == to.x || from.y == to.y) return none;
    const Cell side_a{to.x, from.y}, side_b{from.x, to.y};
    const std::uint32_t a = map_->index(side_a), b = map_->index(side_b);
    if (moving_to_[a] == b) return holder_[b];
    if (moving_to_[b] == a) return holder_[a];
    return none;
}

// A unit waiting at its step-aside tile heads back once those it gave way to are done.
void Crowd::resume_if_clear(std::uint32_t unit) {
    Unit& data = units_[unit];
    bool clear = ++waiting_[unit] >= 4 * options_.patience_ticks;
    if (!clear) {
        clear = std::none_of(
            gave_way_to_[unit].begin(), gave_way_to_[unit].end(), [&](std::uint32_t other) {
                return !is_waiting(other) && (units_[other].state == UnitState::Moving ||
                                              units_[other].state == UnitState::Stalled);
            });
    }
    if (!clear) return;
    returning_[unit] = goes_home_[unit];  // back to the tile it gave way from: no order ends
    pending_[unit] = *data.stashed_destination;
    apply_order(unit);
    if (data.state == UnitState::Moving) {
        ++stats_.replans;
        emit(unit, CrowdEventKind::Replanned);
    }
}

void Crowd::step() {
    if (replan_coordination_ ||
        std::any_of(coordinated_order_.begin(), coordinated_order_.end(),
                    [](Coordinated order) { return order != Coordinated::No; })) {
        if (replan_coordination_ || !coordinated_ || !join_coordinated_move())
            start_coordinated_move();
        replan_coordination_ = false;
    }
    if (coordinated_) {
        step_coordinated();
        ++tick_;
        return;
    }
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        if (pending_[unit]) apply_order(unit);
        if (is_waiting(unit)) resume_if_clear(unit);
    }

    // Each unit in turn steps onto its next tile or stalls; a stepping unit holds both tiles.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> steps;  // (unit, tile left)
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        Unit& data = units_[unit];
        if (data.state != UnitState::Moving && data.state != UnitState::Stalled) continue;
        if (is_waiting(unit)) continue;
        if (data.next_step >= data.path.size()) {
            arrive(unit);
            continue;
        }
        const Cell next = data.path[data.next_step];
        const std::uint32_t tile = map_->index(next);
        std::uint32_t blocker = holder_[tile];
        if (blocker == none) blocker = crossing_unit(data.at, next);
        if (blocker != none) {
            stall(unit, blocker);
            continue;
        }
        const std::uint32_t from = map_->index(data.at);
        holder_[tile] = unit;
        moving_to_[from] = tile;
        steps.push_back({unit, from});
        data.facing = facing_of(next.x - data.at.x, next.y - data.at.y);
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        data.stalled_ticks = 0;
        failed_rounds_[unit] = 0;
    }
    for (const auto& [unit, from] : steps) {
        Unit& data = units_[unit];
        holder_[from] = none;
        moving_to_[from] = none;
        data.at = data.path[data.next_step++];
        if (data.next_step == data.path.size()) arrive(unit);
    }
    paths_marked_ = false;  // units stepped on: their remaining paths are shorter
    const std::uint64_t handed_before = stats_.handed_to_coordination;
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit)
        if (units_[unit].state == UnitState::Stalled && !is_waiting(unit))
            run_out_of_patience(unit);
    resolve_deadlocks();
    hand_over_units_without_progress();
    send_back_to_posts();
    // A coordinated move moves every unit: orders in progress join it rather than wait.
    if (stats_.handed_to_coordination != handed_before)
        for (std::uint32_t unit = 0; unit < units_.size(); ++unit)
            if (units_[unit].state == UnitState::Moving || units_[unit].state == UnitState::Stalled)
                hand_over(unit);
    ++tick_;
}

// A unit kept waiting behind an idle or attacking unit plans around every unit not walking;
// with no way round,
// an idle blocker steps out of the way (and returns afterwards, unless it stood on this
// unit's destination).
void Crowd::run_out_of_patience(std::uint32_t unit) {
    Unit& data = units_[unit];
    const std::uint32_t blocker = data.stalled_on.value;
    if (data.stalled_ticks >= give_up_rounds * options_.patience_ticks) {
        hand_over(unit);  // a jam that has not moved for a long while
        return;
    }
    if (data.stalled_ticks < options_.patience_ticks || blocker == none) return;
    Unit& other = units_[blocker];
    if (other.state != UnitState::Idle && other.state != UnitState::Attacking) return;
    data.stalled_ticks = 0;
    const auto& gave_way = gave_way_to_[unit];
    if (returning_[unit] &&
        std::find(gave_way.begin(), gave_way.end(), blocker) != gave_way.end()) {
        // On its way home, blocked by the unit it gave way to: pushing it would start the two
        // going round in circles, so the coordinated planner takes both home.
        hand_over(unit);
        return;
    }
    const bool replanned = data.destination && plan(unit, *data.destination, true);
    if (!replanned && returning_[unit] && other.state == UnitState::Idle) {
        // On its way home with no way round an idle unit: pushing it would start units going
        // round in circles, pushing each other off their posts, so the coordinated planner
        // takes it home.
        hand_over(unit);
        return;
    }
    if (replanned) {
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        ++stats_.replans;
        emit(unit, CrowdEventKind::Replanned);
        return;
    }
    if (other.state == UnitState::Idle && data.stashed_destination && data.destination &&
        *data.destination == other.at && step_aside(unit, false)) {
        // Stepping aside to a tile an idle unit has taken since: another tile will do.
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        ++stats_.replans;
        emit(unit, CrowdEventKind::Replanned);
        return;
    }
    if (other.state == UnitState::Idle) {
        // The idle unit steps aside and, unless it stands on the destination of this unit's
        // own order, comes back once this unit has passed.
        const Cell home = other.at;
        const bool takes_the_tile =
            data.destination == home && !data.stashed_destination && !returning_[unit];
        const bool moved = step_aside(blocker, false);
        if (moved) {
            other.state = UnitState::Moving;
            if (!takes_the_tile && other.post == home) {
                other.stashed_destination = home;
                gave_way_to_[blocker] = {unit};
                goes_home_[blocker] = true;
            } else {
                // Gives up its tile (no order of the game's ends), or goes back to its post
                // later, from wherever it stops.
                if (takes_the_tile) other.post.reset();
                returning_[blocker] = true;
            }
            ++stats_.replans;
            emit(blocker, CrowdEventKind::Replanned);
            return;
        }
    }
    // Behind a unit that cannot get out of the way for a long while: the coordinated planner
    // moves the jam. Walled in by a fight: the unit gives up (the destination may well be
    // reachable once the fight ends).
    if (other.state == UnitState::Idle) {
        if (++failed_rounds_[unit] >= give_up_rounds) {
            failed_rounds_[unit] = 0;
            hand_over(unit);
        }
        return;
    }
    data.state = UnitState::Idle;
    data.destination.reset();
    data.stashed_destination.reset();
    data.path.clear();
    data.next_step = 0;
    data.stalled_on = UnitId();
    failed_rounds_[unit] = 0;
    emit(unit, CrowdEventKind::GaveUp);
}

// Stalled units wait on one unit each, so the waits form chains that may close into cycles:
// each unit is walked once per tick (0 not seen, 1 on the current walk, 2 done).
void Crowd::resolve_deadlocks() {
    walk_.assign(units_.size(), 0);
    const auto waits = [&](std::uint32_t unit) {
        return units_[unit].state == UnitState::Stalled && !is_waiting(unit);
    };
    // Move-away searches in one tick: a jam of thousands of units loosens over a few ticks
    // instead of one tick searching for all of them.
    int searches_left = max_step_aside_searches_per_tick;
    for (std::uint32_t first = 0; first < units_.size(); ++first) {
        if (walk_[first] != 0 || !waits(first)) continue;
        std::vector<std::uint32_t> chain;
        std::uint32_t at = first;
        while (at != none && walk_[at] == 0 && waits(at)) {
            walk_[at] = 1;
            chain.push_back(at);
            at = units_[at].stalled_on.value;
        }
        if (at != none && walk_[at] == 1) {  // the walk met itself: a cycle from `at` on
            const std::vector<std::uint32_t> cycle(std::find(chain.begin(), chain.end(), at),
                                                   chain.end());
            const bool recurs = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t unit) {
                return units_[unit].deadlocks + 1 >= handover_deadlocks;
            });
            if (recurs) {  // stepping aside has not untangled these units: plan them together
                for (std::uint32_t unit : cycle)
                    hand_over(unit);
            } else {
                resolve_deadlock(cycle, searches_left);
            }
        }
        for (std::uint32_t unit : chain)
            walk_[unit] = 2;
    }
}

// One cycle: the unit that gave way least often so far goes first (ties: the lowest id), so a
// jam is loosened by many units rather than one stepping back and forth.
void Crowd::resolve_deadlock(std::vector<std::uint32_t> cycle, int& searches_left) {
    // Through free tiles first; in a jam where no one can, after some patience (counted by the
    // cycle's lowest id), units push into the jam so that those behind them give way in turn.
    const std::uint32_t lowest = *std::min_element(cycle.begin(), cycle.end());
    const bool jammed = units_[lowest].stalled_ticks >= options_.patience_ticks;
    std::sort(cycle.begin(), cycle.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::pair(times_given_way_[a], a) < std::pair(times_given_way_[b], b);
    });
    for (std::size_t attempt = 0; attempt < 2 * cycle.size() && searches_left > 0; ++attempt) {
        const bool into_jam = attempt >= cycle.size();
        if (into_jam && !jammed) break;
        const std::uint32_t candidate = cycle[attempt % cycle.size()];
        Unit& data = units_[candidate];
        const std::optional<Cell> destination = data.destination;
        const bool already_aside = data.stashed_destination.has_value();
        --searches_left;
        if (!step_aside(candidate, into_jam)) continue;
        if (!already_aside) {
            data.stashed_destination = destination;
            goes_home_[candidate] = returning_[candidate];  // back home afterwards, quietly
        }
        gave_way_to_[candidate].clear();
        for (std::uint32_t other : cycle)
            if (other != candidate) gave_way_to_[candidate].push_back(other);
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        data.stalled_ticks = 0;
        ++stats_.deadlocks_resolved;
        ++times_given_way_[candidate];
        emit(candidate, CrowdEventKind::DeadlockResolved);
        for (std::uint32_t unit : cycle)
            ++units_[unit].deadlocks;
        break;
    }
}

// The unit's order (its stashed destination while it steps aside, its home while it walks
// back) becomes a coordinated one from the next tick; no event, as its order goes on.
void Crowd::hand_over(std::uint32_t unit) {
    Unit& data = units_[unit];
    const std::optional<Cell> target =
        data.stashed_destination ? data.stashed_destination : data.destination;
    if (!target || coordinated_order_[unit] != Coordinated::No ||
        data.state == UnitState::Attacking)
        return;
    pending_[unit] = target;
    coordinated_order_[unit] = Coordinated::HandedOver;
    ++stats_.handed_to_coordination;
}

}  // namespace pathkit
