// Crowd: units, orders and how they end, and the tick: stepping units onto their next tiles.
#include "pathkit/crowd/crowd.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "crowd_impl.hpp"

namespace pathkit {

using crowd::Coordinated;
using crowd::none;

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
        case CrowdEventKind::Displaced:
            return "displaced";
        case CrowdEventKind::Stuck:
            return "stuck";
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

namespace {
MovementRules one_tile(MovementRules rules) {
    rules.agent_size = 1;
    return rules;
}
}  // namespace

Crowd::Impl::Impl(const GridMap& on, const CrowdOptions& with)
    : map(&on),
      options(with),
      space(on, one_tile(with.rules)),
      seen_revision(on.revision()),
      walkable_when_made(on.walkable_data(), on.walkable_data() + on.padded_size()),
      change_marks(on.padded_size(), 0),
      holder(on.padded_size(), none),
      moving_to(on.padded_size(), none),
      path_marks(on.padded_size(), 0),
      path_owner(on.padded_size(), none) {}

Crowd::Crowd(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Crowd::Crowd(Crowd&&) noexcept = default;
Crowd& Crowd::operator=(Crowd&&) noexcept = default;
Crowd::~Crowd() = default;

Expected<Crowd> Crowd::create(const GridMap& map, const CrowdOptions& options) {
    if (Status status = validate(options.rules); !status)
        return Status::invalid_input(status.message());
    if (options.lifelong_orders && options.rules.agent_size > 1)
        return Status::invalid_input("with lifelong_orders units are one tile (agent_size " +
                                     std::to_string(options.rules.agent_size) + ")");
    if (options.rules.agent_size > max_unit_size)
        return Status::invalid_input("units are 1 to " + std::to_string(max_unit_size) +
                                     " tiles (agent_size " +
                                     std::to_string(options.rules.agent_size) + ")");
    if (!(options.occupied_penalty >= 0) || !std::isfinite(options.occupied_penalty))
        return Status::invalid_input("occupied_penalty must be finite and >= 0");
    if (options.patience_ticks < 1) return Status::invalid_input("patience_ticks must be >= 1");
    if (options.flow_group_size < 1) return Status::invalid_input("flow_group_size must be >= 1");
    if (options.landmarks < 0 || options.landmarks > 16)
        return Status::invalid_input("landmarks must be in 0..16");
    if (options.coordination_budget_us < 0)
        return Status::invalid_input("coordination_budget_us must be >= 0");
    return Crowd(std::make_unique<Impl>(map, options));
}

Expected<UnitId> Crowd::add_unit(Cell at, UnitState state, int size) {
    Impl& crowd = *impl_;
    if (size == 0) size = crowd.options.rules.agent_size;
    if (size < 1 || size > max_unit_size)
        return Status::invalid_input("a unit's size is 1 to " + std::to_string(max_unit_size) +
                                     " tiles, not " + std::to_string(size));
    if (!crowd.map->contains(at))
        return Status::invalid_input(to_string(at) + " is outside the map");
    const Cell far_corner{at.x + size - 1, at.y + size - 1};
    if (!crowd.map->contains(far_corner))
        return Status::invalid_input("a unit of size " + std::to_string(size) + " at " +
                                     to_string(at) + " reaches outside the map");
    if (!crowd.fits(size, at))
        return Status::invalid_input(size == 1 ? to_string(at) + " is blocked"
                                               : "a unit of size " + std::to_string(size) + " at " +
                                                     to_string(at) + " covers a blocked tile");
    if (state != UnitState::Idle && state != UnitState::Attacking)
        return Status::invalid_input("a new unit is idle or attacking");
    if (size > 1 && crowd.coordinated)
        return Status::invalid_input(
            "a coordinated move is running, and it moves one-tile units only");
    if (size > 1 && crowd.options.lifelong_orders)
        return Status::invalid_input("the lifelong planner moves one-tile units only");
    std::uint32_t holder = none;
    (void)crowd::any_footprint_tile(crowd.map->index(at), size, crowd.map->stride(),
                                    [&](std::uint32_t tile) {
                                        holder = crowd.holder[tile];
                                        return holder != none;
                                    });
    if (holder != none)
        return Status::invalid_input(
            (size == 1 ? to_string(at) : "the footprint at " + to_string(at)) +
            " already holds unit " + std::to_string(holder));
    const auto id = static_cast<std::uint32_t>(crowd.units.size());
    Unit unit;
    unit.id = UnitId(id);
    unit.at = at;
    unit.size = size;
    unit.state = state;
    unit.post = at;
    crowd.units.push_back(std::move(unit));
    crowd.records.emplace_back();
    if (size > 1) ++crowd.big_units;
    crowd.hold(id, at, id);
    crowd.replan_coordination = crowd.coordinated != nullptr;  // the planner must know of it
    crowd.lifelong_stale = crowd.lifelong != nullptr;
    return UnitId(id);
}

Status Crowd::set_attacking(UnitId id, bool attacking) {
    Impl& crowd = *impl_;
    if (id.index() >= crowd.units.size())
        return Status::invalid_input("unit " + std::to_string(id.value) + " does not exist");
    Unit& unit = crowd.units[id.index()];
    if (attacking) {
        crowd.records[id.index()].pending.reset();
        crowd.records[id.index()].queued.clear();
        crowd.records[id.index()].tasks.clear();
        crowd.lifelong_stale = crowd.lifelong != nullptr;  // a new wall for the planner
        crowd.clear_order(id.value);
        crowd.set_group_tile(id.value, std::nullopt);
        unit.state = UnitState::Attacking;
        crowd.replan_coordination = crowd.coordinated != nullptr;  // a new wall for the planner
    } else if (unit.state == UnitState::Attacking) {
        unit.state = UnitState::Idle;
        crowd.lifelong_stale = crowd.lifelong != nullptr;
        crowd.replan_coordination = crowd.coordinated != nullptr;
    }
    return {};
}

Status Crowd::Impl::check_order(UnitId id, Cell target) const {
    if (id.index() >= units.size())
        return Status::invalid_input("unit " + std::to_string(id.value) + " does not exist");
    if (units[id.index()].state == UnitState::Attacking)
        return Status::invalid_input("unit " + std::to_string(id.value) + " is attacking");
    if (!map->contains(target))
        return Status::invalid_input("target " + to_string(target) + " is outside the map");
    return {};
}

Status Crowd::move_to(UnitId id, Cell target) {
    Impl& crowd = *impl_;
    if (Status refused = crowd.check_order(id, target); !refused) return refused;
    crowd.give_order(id.value, target);
    crowd.units[id.index()].group.reset();
    return {};
}

Status Crowd::move_group(std::span<const UnitId> units, Cell target, GroupPlanning planning) {
    return impl_->move_group(units, target, planning);
}

Status Crowd::move_coordinated(std::span<const UnitId> units, Cell target) {
    if (impl_->big_units > 0)
        return Status::invalid_input(
            "coordinated moves plan one-tile units only, and the crowd has bigger ones");
    // The coordinated planner plans their moves: no field.
    const Status given = units.size() == 1 ? move_to(units[0], target)
                                           : move_group(units, target, GroupPlanning::Searches);
    if (!given) return given;
    for (const UnitId id : units) {
        std::optional<crowd::PendingOrder>& order = impl_->records[id.index()].pending;
        PATHKIT_ASSERT(order.has_value());  // every unit got one above
        if (order) order->coordinated = Coordinated::Ordered;
    }
    return {};
}

bool Crowd::is_coordinating() const {
    return impl_->coordinated != nullptr;
}

bool Crowd::is_settled() const {
    if (impl_->coordinated) return false;
    for (std::size_t unit = 0; unit < impl_->units.size(); ++unit) {
        const UnitState state = impl_->units[unit].state;
        if (impl_->records[unit].pending || !impl_->records[unit].queued.empty() ||
            state == UnitState::Moving || state == UnitState::Stalled)
            return false;
    }
    return true;
}

Status Crowd::skip_to(std::uint64_t tick) {
    if (!is_settled()) return Status::invalid_input("units are moving or have orders pending");
    impl_->tick = std::max(impl_->tick, tick);
    return {};
}

std::uint64_t Crowd::tick() const {
    return impl_->tick;
}

std::span<const Unit> Crowd::units() const {
    return impl_->units;
}

const Unit* Crowd::unit(UnitId id) const {
    return id.index() < impl_->units.size() ? &impl_->units[id.index()] : nullptr;
}

std::span<const CrowdEvent> Crowd::events() const {
    return impl_->events;
}

const CrowdStats& Crowd::stats() const {
    return impl_->stats;
}

const GridSpace& Crowd::space() const {
    return impl_->space;
}

Status Crowd::step() {
    Impl& crowd = *impl_;
    if (crowd.tick == UINT64_MAX)
        return Status::invalid_input("the tick counter has reached its largest value");
    if (crowd.map->revision() != crowd.seen_revision) (void)crowd.repair();
    if (!crowd.events_from_refresh) crowd.events.clear();
    crowd.events_from_refresh = false;
    crowd.hand_out_orders_by_field();
    if (crowd.options.lifelong_orders) {
        crowd.step_lifelong();
        ++crowd.tick;
        return {};
    }
    crowd.take_queued_orders();
    const bool coordinated_orders =
        std::any_of(crowd.records.begin(), crowd.records.end(), [](const auto& record) {
            return record.pending && record.pending->coordinated != Coordinated::No;
        });
    if (crowd.replan_coordination || coordinated_orders) {
        if (crowd.replan_coordination || !crowd.coordinated || !crowd.join_coordinated_move())
            crowd.start_coordinated_move();
        crowd.replan_coordination = false;
    }
    // The planner's units step first; the others (all of them, when no move runs) then.
    std::vector<std::uint32_t> planned;
    if (crowd.coordinated) {
        planned = crowd.coordinated->units;
        crowd.step_coordinated();  // it may end the move, or start it again
    }
    crowd.step_units(planned);
    ++crowd.tick;
    return {};
}

// An order of the game's, from the next tick: it ends with an event, and its deadlocks count
// from 0.
void Crowd::Impl::give_order(std::uint32_t unit, Cell target) {
    crowd::UnitRecord& record = records[unit];
    record.pending = crowd::PendingOrder{target};
    record.queued.clear();
    record.returning = false;
    record.goes_home = false;
    record.deadlocks = 0;
    record.fewest_left = SIZE_MAX;
    record.ticks_without_progress = 0;
    units[unit].post.reset();
    set_group_tile(unit, std::nullopt);  // a group order by field gives it one again
}

// The one place an order in progress ends, or gives way to the next: the unit stands idle
// (attacking units stay attacking) with no path, destination, stash, stall, wait, coordinated
// target or walk home. Its pending order, post, group and the counts that span orders
// (deadlocks, progress, failed patience rounds) stay.
void Crowd::Impl::clear_order(std::uint32_t unit) {
    Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    if (data.state != UnitState::Attacking) data.state = UnitState::Idle;
    data.path.clear();
    data.next_step = 0;
    record.walk = {};
    data.destination.reset();
    data.stashed_destination.reset();
    data.stalled_on = UnitId();
    data.stalled_ticks = 0;
    record.waiting = -1;
    record.coordinated_target.reset();
    record.returning = false;
    record.goes_home = false;
}

void Crowd::Impl::emit(std::uint32_t unit, CrowdEventKind kind) {
    events.push_back({tick, UnitId(unit), kind});
}

// The pending order takes effect: the unit plans its path, or arrives at once, or finds no
// way (unreachable; on a walk home, it stays where it is instead).
void Crowd::Impl::apply_order(std::uint32_t unit) {
    Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    const crowd::PendingOrder order = *record.pending;
    record.pending.reset();
    clear_order(unit);
    record.returning = order.home;
    data.destination = order.target;
    if (order.target == data.at) {
        arrive(unit);
        return;
    }
    const bool planned = order.field ? plan_by_field(unit, order.target, order.field)
                                     : plan(unit, order.target, false);
    if (!map->contains(order.target) || !planned) {
        clear_order(unit);
        if (order.home) {
            data.post = data.at;  // no way back: it stays here
        } else {
            emit(unit, CrowdEventKind::Unreachable);
        }
        return;
    }
    data.state = UnitState::Moving;
}

void Crowd::Impl::arrive(std::uint32_t unit) {
    Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    if (data.stashed_destination) {  // stepped aside: wait for the others to pass
        data.state = UnitState::Stalled;
        data.stalled_on =
            record.gave_way_to.empty() ? UnitId() : UnitId(record.gave_way_to.front());
        data.stalled_ticks = 0;
        record.waiting = 0;
        return;
    }
    const bool walked_home = record.returning;  // done giving way: not an order of the game's
    clear_order(unit);
    record.fewest_left = SIZE_MAX;
    record.ticks_without_progress = 0;
    if (walked_home) return;
    data.post = data.at;
    record.deadlocks = 0;
    emit(unit, CrowdEventKind::Arrived);
}

bool Crowd::Impl::kept_out(Cell cell) const {
    return coordinated && cell.x >= coordinated->from.x && cell.x <= coordinated->to.x &&
           cell.y >= coordinated->from.y && cell.y <= coordinated->to.y;
}

// An ordinary tick: orders take effect, each unit in turn steps onto its next tile (holding
// both tiles) or stalls, then the jams are seen to. While a coordinated move runs, the units
// outside it take their orders and walk up to the edge of its region (never into it, so the
// planner's units and theirs never meet), and their jams wait for the move to end: the rules
// that see to them hand units to the planner or move them aside, which would change the move.
// `planned`: the units the planner moved this tick (they step no more).
void Crowd::Impl::step_units(std::span<const std::uint32_t> planned) {
    std::vector<std::uint8_t> in_move(units.size(), 0);
    for (const std::uint32_t unit : planned)
        in_move[unit] = 1;
    if (coordinated)
        for (const std::uint32_t unit : coordinated->units)
            in_move[unit] = 1;
    const auto ordinary = [&](std::uint32_t unit) {
        const std::optional<crowd::PendingOrder>& order = records[unit].pending;
        return !in_move[unit] && !(order && order->coordinated != Coordinated::No);
    };
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        if (!ordinary(unit)) continue;
        if (records[unit].pending) apply_order(unit);
        if (is_waiting(unit)) resume_if_clear(unit);
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> steps;  // (unit, tile left)
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        Unit& data = units[unit];
        if (data.state != UnitState::Moving && data.state != UnitState::Stalled) continue;
        if (is_waiting(unit) || !ordinary(unit)) continue;
        if (!read_field_walk(unit)) continue;  // the field lost its way, and so did a search
        if (data.next_step >= data.path.size()) {
            arrive(unit);
            continue;
        }
        if (kept_out(data.path[data.next_step])) continue;  // waits at the move's edge
        // Big units cannot cross on a diagonal without sharing a tile of their footprints.
        const auto held_by = [&](Cell to) {
            const std::uint32_t other = other_holder(unit, to);
            return other == none && data.size == 1 ? crossing_unit(data.at, to) : other;
        };
        std::uint32_t blocker = held_by(data.path[data.next_step]);
        // A unit reading its way from a field goes round the held tile down the field.
        if (blocker != none && step_round_on_field(unit)) {
            if (data.state == UnitState::Idle) continue;  // no way there after all: unreachable
            blocker = held_by(data.path[data.next_step]);
        }
        if (blocker != none) {
            stall(unit, blocker);
            continue;
        }
        const Cell next = data.path[data.next_step];
        const std::uint32_t tile = map->index(next);
        const std::uint32_t from = map->index(data.at);
        hold(unit, next, unit);
        if (data.size == 1) moving_to[from] = tile;
        steps.push_back({unit, from});
        data.facing = facing_of(next.x - data.at.x, next.y - data.at.y);
        data.state = UnitState::Moving;
        data.stalled_on = UnitId();
        data.stalled_ticks = 0;
        records[unit].failed_rounds = 0;
    }
    for (const auto& [unit, from] : steps) {
        Unit& data = units[unit];
        const Cell left = map->cell(from), next = data.path[data.next_step];
        hold(unit, left, none);  // the old footprint, then the new one again where they overlap
        hold(unit, next, unit);
        moving_to[from] = none;
        data.at = data.path[data.next_step++];
        if (data.next_step == data.path.size()) arrive(unit);
    }
    paths_marked = false;  // units stepped on: their remaining paths are shorter
    if (coordinated) return;
    if (!planned.empty()) {
        // The move ended this tick: units it left off their posts head back from the next
        // (else the crowd would look settled with them away).
        send_back_to_posts();
        return;
    }
    const std::uint64_t handed_before = stats.handed_to_coordination;
    mark_field_queues();
    for (std::uint32_t unit = 0; unit < units.size(); ++unit)
        if (units[unit].state == UnitState::Stalled && !is_waiting(unit)) run_out_of_patience(unit);
    resolve_deadlocks();
    hand_over_units_without_progress();
    send_back_to_posts();
    // A coordinated move moves every unit: orders in progress join it rather than wait (where
    // its region holds them, see `coordination_region`).
    if (stats.handed_to_coordination != handed_before)
        for (std::uint32_t unit = 0; unit < units.size(); ++unit)
            if (units[unit].state == UnitState::Moving || units[unit].state == UnitState::Stalled)
                hand_over(unit, Coordinated::Joined);
}

}  // namespace pathkit
