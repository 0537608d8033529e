// Crowd: paths from a group order's flow field: taken from the field's tree, read a window at
// a time as the unit walks, round held tiles down the field, and queues along one field.
#include <algorithm>
#include <chrono>
#include <tuple>
#include <utility>

#include "crowd_impl.hpp"

namespace pathkit {

using crowd::field_window;
using crowd::none;

namespace {

/// A unit takes its path from a group's field when the tree's path costs at most this many
/// quarters of the least any path can cost (see `plan_by_field`): twice, so that the units at
/// the back of a formation of a thousand, whose ways meet their tiles' near the target, still
/// follow the field (at 5/4, a tenth of them searched, each search costing more than the
/// field and every other path together).
constexpr FlowCost flow_detour_quarters = 8;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point started) {
    return std::chrono::duration<double>(Clock::now() - started).count();
}

}  // namespace

FlowCost Crowd::Impl::cheapest_field_step() const {
    return flow_step_cost(std::min(options.rules.straight_cost, options.rules.diagonal_cost),
                          map->min_terrain_cost());
}

void Crowd::Impl::hand_out_orders_by_field() {
    if (hand_outs.empty()) return;
    const auto started = Clock::now();
    for (HandOut& order : hand_outs) {
        // Units given another order since keep the tiles they have.
        std::erase_if(order.units,
                      [&](UnitId id) { return units[id.index()].group != order.group; });
        hand_out_by_field(order.units, *order.field);
    }
    hand_outs.clear();
    stats.planning_seconds += seconds_since(started);
}

void Crowd::Impl::hand_out_by_field(std::span<const UnitId> group, FlowField& field) {
    std::vector<std::pair<FlowCost, std::uint32_t>> takers;  // (cost of its tile, place)
    std::vector<std::tuple<FlowCost, int, int>> tiles;       // (cost, row, column)
    std::vector<std::uint32_t> members;
    for (const UnitId id : group) {
        const std::optional<crowd::PendingOrder>& order = records[id.index()].pending;
        if (!order || order->field.get() != &field) continue;
        const FlowCost from = field.cost(units[id.index()].at);
        const FlowCost to = field.cost(order->target);
        if (from == flow_unreachable || to == flow_unreachable) continue;
        takers.emplace_back(from, static_cast<std::uint32_t>(members.size()));
        tiles.emplace_back(to, order->target.y, order->target.x);
        members.push_back(id.value);
    }
    std::sort(takers.begin(), takers.end());
    std::sort(tiles.begin(), tiles.end());
    for (std::size_t rank = 0; rank < takers.size(); ++rank) {
        const auto& [cost, row, column] = tiles[rank];
        const std::uint32_t unit = members[takers[rank].second];
        records[unit].pending->target = Cell{column, row};
        set_group_tile(unit, Cell{column, row});
    }
}

bool Crowd::Impl::plan_by_field(std::uint32_t unit, Cell target,
                                const std::shared_ptr<FlowField>& shared) {
    const auto started = Clock::now();
    FlowField& field = *shared;
    Unit& data = units[unit];
    const std::uint32_t held_by = holder[map->index(target)];
    const FlowCost from_start = data.size == 1 ? field.cost(data.at) : flow_unreachable;
    const FlowCost from_target = data.size == 1 ? field.cost(target) : flow_unreachable;
    if (from_start == flow_unreachable || from_target == flow_unreachable ||
        from_start <= from_target ||
        (held_by != none && units[held_by].state == UnitState::Attacking))
        return plan(unit, target, false);
    crowd::FieldWalk& walk = records[unit].walk;
    const auto taken = [&] {
        paths_marked = false;  // a new path: the marks for move-away searches are out of date
        ++stats.field_paths;
        stats.planning_seconds += seconds_since(started);
        return true;
    };
    // The tree's path costs at most cost(start) + cost(target) (the two ways meet at the goal
    // at the latest), within twice the least any path can cost when the start costs three
    // times the target or more: the unit reads its path from the field as it walks.
    if (from_target <= from_start / 3) {
        data.path.clear();
        data.next_step = 0;
        walk = {shared, target, from_target, true};
        return read_field_walk(unit) && taken();
    }
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
    std::vector<Cell> way;  // the unit's tile first
    const FlowCost cheapest_step = cheapest_field_step();
    if (cheapest_step > 0)
        way.reserve(std::min<std::size_t>(from_start / cheapest_step + 2, map->padded_size()));
    const std::uint32_t meeting = *field.append_way(data.at, way, flow_marks.data(), flow_stamp);
    // The tree's path costs cost(start) + cost(target) - 2 cost(meeting tile) (steps walked
    // back cost as walked forward without terrain), any path at least cost(start) -
    // cost(target): a path much longer than that bound goes round by the goal, so search.
    const FlowCost at_meeting = field.cost(map->cell(meeting));
    const FlowCost tree_cost = from_start + from_target - 2 * at_meeting;
    if (tree_cost * 4 > (from_start - from_target) * flow_detour_quarters)
        return plan(unit, target, false);
    data.path.assign(way.begin() + 1, way.end());
    for (std::uint32_t place = flow_positions[meeting]; place-- > 0;)
        data.path.push_back(flow_way[place]);
    data.next_step = 0;
    walk = {shared, target, from_target, false};
    return taken();
}

bool Crowd::Impl::read_field_walk(std::uint32_t unit) {
    Unit& data = units[unit];
    crowd::FieldWalk& walk = records[unit].walk;
    if (!walk.reading || data.path.size() - data.next_step >= field_window / 2) return true;
    const auto started = Clock::now();
    FlowField& field = *walk.field;
    data.path.erase(data.path.begin(),
                    data.path.begin() + static_cast<std::ptrdiff_t>(data.next_step));
    data.next_step = 0;
    // Down the tree from the last tile read (every tile read costs more than the target).
    const std::optional<Cell> next =
        field.next_tile(data.path.empty() ? data.at : data.path.back());
    if (next) (void)field.append_way(*next, data.path, nullptr, 0, field_window - data.path.size());
    if (next && field.cost(data.path.back()) > walk.target_cost) {
        stats.planning_seconds += seconds_since(started);
        return true;
    }
    // The way has come down to the target's cost: it meets the target's way (the tiles from
    // the target down the tree) at a tile read now or further down. The path ends there and
    // goes back up the target's way.
    if (flow_marks.size() < map->padded_size()) {
        flow_marks.assign(map->padded_size(), 0);
        flow_positions.assign(map->padded_size(), 0);
    }
    if (++flow_stamp == 0) {
        std::fill(flow_marks.begin(), flow_marks.end(), 0);
        flow_stamp = 1;
    }
    flow_way.clear();
    (void)field.append_way(walk.target, flow_way);
    for (std::uint32_t place = 0; place < flow_way.size(); ++place) {
        flow_marks[map->index(flow_way[place])] = flow_stamp;
        flow_positions[map->index(flow_way[place])] = place;
    }
    const auto on_target_way = [&](Cell cell) {
        return flow_marks[map->index(cell)] == flow_stamp;
    };
    auto meeting = std::find_if(data.path.begin(), data.path.end(), on_target_way);
    if (meeting == data.path.end() && next) {
        if (const auto further = field.next_tile(data.path.back()))
            (void)field.append_way(*further, data.path, flow_marks.data(), flow_stamp);
        meeting = std::find_if(data.path.begin(), data.path.end(), on_target_way);
    }
    walk.reading = false;
    if (meeting == data.path.end()) {
        // The field has no way here (it cannot happen while the field matches the map, which
        // `refresh` sees to): the unit searches instead.
        const Cell target = walk.target;
        stats.planning_seconds += seconds_since(started);
        if (plan(unit, target, false)) return true;
        clear_order(unit);
        emit(unit, CrowdEventKind::Unreachable);
        return false;
    }
    data.path.erase(meeting + 1, data.path.end());
    for (std::uint32_t place = flow_positions[map->index(data.path.back())]; place-- > 0;)
        data.path.push_back(flow_way[place]);
    paths_marked = false;
    stats.planning_seconds += seconds_since(started);
    return true;
}

bool Crowd::Impl::step_round_on_field(std::uint32_t unit) {
    Unit& data = units[unit];
    const crowd::FieldWalk& walk = records[unit].walk;
    if (!walk.reading || data.size != 1 || data.next_step >= data.path.size()) return false;
    const FlowField& field = *walk.field;
    const FlowCost here = field.known_cost(data.at).value_or(0);
    const Cell held = data.path[data.next_step];
    // The free neighbour the rules let it step to that is nearer the goal than its tile (so
    // it never goes round in circles) and costs more than the target (its way still meets
    // the target's further down), cheapest by its cost and the step's.
    std::optional<Cell> best;
    FlowCost best_cost = flow_unreachable;
    space.for_each_successor(StateId(map->index(data.at)), [&](StateId next, Cost step) {
        const Cell cell = map->cell(next.value);
        if (cell == held || holder[next.value] != none || kept_out(cell)) return;
        const std::optional<FlowCost> cost = field.known_cost(cell);
        if (!cost || *cost >= here || *cost <= walk.target_cost) return;
        const FlowCost through = *cost + flow_step_cost(step, 1.0f);
        if (through >= best_cost || crossing_unit(data.at, cell) != none) return;
        best = cell;
        best_cost = through;
    });
    if (!best) return false;
    data.path.assign(1, *best);
    data.next_step = 0;
    paths_marked = false;
    return read_field_walk(unit);
}

std::size_t Crowd::Impl::tiles_left(std::uint32_t unit) const {
    const Unit& data = units[unit];
    const crowd::FieldWalk& walk = records[unit].walk;
    if (!walk.reading) return data.path.size() - data.next_step;
    // Steps down the tree to the meeting tile and back up the target's way each cost at
    // least the cheapest step.
    const FlowCost here = walk.field->known_cost(data.at).value_or(flow_unreachable - 1);
    const FlowCost cheapest = std::max<FlowCost>(cheapest_field_step(), 1);
    const FlowCost bound = here / cheapest + walk.target_cost / cheapest + 1;
    return static_cast<std::size_t>(std::min<FlowCost>(bound, SIZE_MAX));
}

// A unit waits in a queue along its field when the units it waits on, one after the other,
// follow the same field and end at one that does not wait on such a unit (the queue's head,
// which the other rules see to), not in a cycle. Marked once per tick, each unit walked once:
// 0 not seen, 1 on the current walk, 2 queued, 3 a head, 4 in or behind a cycle.
void Crowd::Impl::mark_field_queues() {
    field_queues.assign(units.size(), 0);
    std::vector<std::uint32_t>& chain = field_queue_chain;
    for (std::uint32_t first = 0; first < units.size(); ++first) {
        if (field_queues[first] != 0 || !records[first].walk.field) continue;
        chain.clear();
        std::uint32_t at = first;
        bool behind_a_head = true;
        for (;;) {
            if (field_queues[at] != 0) {  // seen: 1 is a cycle
                behind_a_head = field_queues[at] == 2 || field_queues[at] == 3;
                break;
            }
            const Unit& data = units[at];
            const std::uint32_t ahead = data.stalled_on.value;
            if (data.state != UnitState::Stalled || is_waiting(at) || ahead >= units.size() ||
                records[ahead].walk.field != records[at].walk.field) {
                field_queues[at] = 3;
                break;
            }
            field_queues[at] = 1;
            chain.push_back(at);
            at = ahead;
        }
        for (const std::uint32_t member : chain)
            field_queues[member] = behind_a_head ? 2 : 4;
    }
}

bool Crowd::Impl::queued_on_field(std::uint32_t unit) const {
    return unit < field_queues.size() && field_queues[unit] == 2;
}

}  // namespace pathkit
