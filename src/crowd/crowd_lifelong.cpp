// Crowd: orders queued behind each other, and crowds whose orders go to the lifelong planner
// (`CrowdOptions::lifelong_orders`): each unit's orders its task queue, every unit moved by PIBT.
#include <algorithm>
#include <chrono>
#include <utility>

#include "crowd_impl.hpp"

namespace pathkit {

using crowd::none;

Status Crowd::queue_order(UnitId id, Cell target) {
    Impl& crowd = *impl_;
    if (Status refused = crowd.check_order(id, target); !refused) return refused;
    crowd.records[id.index()].queued.push_back(target);
    return {};
}

std::size_t Crowd::queued_orders(UnitId id) const {
    if (id.index() >= impl_->units.size()) return 0;
    const crowd::UnitRecord& record = impl_->records[id.index()];
    return record.queued.size() + std::max<std::size_t>(record.tasks.size(), 1) - 1;
}

// An idle unit's order ended (or it never had one): the next queued one begins. A unit of a
// running coordinated move, not yet at its target, is not idle.
void Crowd::Impl::take_queued_orders() {
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        crowd::UnitRecord& record = records[unit];
        if (record.queued.empty() || record.pending || record.stuck ||
            units[unit].state != UnitState::Idle)
            continue;
        const Cell target = record.queued.front();
        record.queued.pop_front();
        std::deque<Cell> rest = std::move(record.queued);
        give_order(unit, target);  // it drops the queue: the rest stays queued
        record.queued = std::move(rest);
        units[unit].group.reset();
    }
}

void Crowd::Impl::step_lifelong() {
    if (!lifelong || lifelong_stale || lifelong->revision != map->revision())
        make_lifelong_planner();
    LifelongPlanner& planner = *lifelong->planner;
    // A new order replaces the unit's task queue; queued ones go behind it.
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        crowd::UnitRecord& record = records[unit];
        if (record.pending) {
            const Cell target = record.pending->target;
            record.pending.reset();
            record.tasks.clear();
            if (lifelong->agent_of[unit] != none)
                (void)planner.clear_tasks(lifelong->agent_of[unit]);
            hand_to_planner(unit, target);
        }
        while (!record.queued.empty()) {
            const Cell target = record.queued.front();
            record.queued.pop_front();
            hand_to_planner(unit, target);
        }
    }

    // At least a millisecond, or a new target's distance table would never start.
    const auto budget = std::chrono::microseconds(std::max(options.coordination_budget_us, 1000));
    const auto started = std::chrono::steady_clock::now();
    if (!planner.step(budget)) ++stats.ticks_out_of_time;
    stats.planning_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::vector<Cell>& next = planner.positions();
    const std::vector<std::uint32_t>& agents = lifelong->units;
    for (const std::uint32_t unit : agents)
        holder[map->index(units[unit].at)] = none;
    for (std::uint32_t agent = 0; agent < agents.size(); ++agent) {
        Unit& data = units[agents[agent]];
        const bool moved = next[agent] != data.at;
        if (!moved && !records[agents[agent]].tasks.empty()) ++stats.coordinated_waits;
        if (moved) data.facing = facing_of(next[agent].x - data.at.x, next[agent].y - data.at.y);
        data.at = next[agent];
        holder[map->index(data.at)] = agents[agent];
        collect_arrivals(agent);
    }
}

void Crowd::Impl::make_lifelong_planner() {
    std::vector<std::deque<Cell>> orders(units.size());
    for (std::uint32_t unit = 0; unit < units.size(); ++unit)
        orders[unit] = std::move(records[unit].tasks);
    lifelong.reset();  // the old planner goes before the graph it runs on
    const Cell first = map->origin();
    const MapfGraph& graph =
        coordination_graph(first, {first.x + map->width() - 1, first.y + map->height() - 1});
    auto made = std::make_unique<crowd::LifelongOrders>();
    made->agent_of.assign(units.size(), none);
    std::vector<Cell> starts;
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        records[unit].tasks.clear();
        const Unit& data = units[unit];
        if (data.state == UnitState::Attacking || records[unit].stuck) continue;  // walls
        made->agent_of[unit] = static_cast<std::uint32_t>(starts.size());
        made->units.push_back(unit);
        starts.push_back(data.at);
    }
    LifelongOptions planner_options;
    planner_options.seed = tick;
    planner_options.distance_memory_limit =
        crowd::distance_memory_for(starts.size(), graph.vertex_count());
    auto planner = LifelongPlanner::create(graph, starts, planner_options);
    PATHKIT_ASSERT(planner.has_value());  // distinct walkable tiles by the tick's rules
    made->planner.emplace(std::move(planner).value());
    made->finished.assign(starts.size(), 0);
    made->revision = map->revision();
    lifelong = std::move(made);
    lifelong_stale = false;
    for (std::uint32_t unit = 0; unit < units.size(); ++unit)
        for (const Cell target : orders[unit])
            hand_to_planner(unit, target);
}

void Crowd::Impl::hand_to_planner(std::uint32_t unit, Cell target) {
    const std::uint32_t agent = lifelong->agent_of[unit];
    if (agent == none || !lifelong->planner->add_task(agent, target)) {
        emit(unit, CrowdEventKind::Unreachable);
        return;
    }
    records[unit].tasks.push_back(target);
    collect_arrivals(agent);  // standing on it already: finished at once
}

void Crowd::Impl::collect_arrivals(std::uint32_t agent) {
    const std::uint32_t unit = lifelong->units[agent];
    Unit& data = units[unit];
    crowd::UnitRecord& record = records[unit];
    const std::size_t finished = lifelong->planner->finished(agent).size();
    for (; lifelong->finished[agent] < finished; ++lifelong->finished[agent]) {
        PATHKIT_ASSERT(!record.tasks.empty());  // the planner finishes tasks it was given
        if (!record.tasks.empty()) record.tasks.pop_front();
        data.post = data.at;
        record.deadlocks = 0;
        emit(unit, CrowdEventKind::Arrived);
    }
    if (record.tasks.empty()) {
        data.state = UnitState::Idle;
        data.destination.reset();
    } else {
        data.state = UnitState::Moving;
        data.destination = record.tasks.front();
    }
}

}  // namespace pathkit
