// Crowd scenarios: place the units, give the commands at their ticks, run, and report.
#include "pathkit/crowd/crowd_scenario.hpp"

#include <algorithm>
#include <map>

namespace pathkit {

Expected<CrowdRunReport> run_crowd_scenario(const CrowdScenario& scenario, bool keep_trace,
                                            const std::function<void(std::uint64_t)>& on_tick,
                                            const CrowdTraceMemory& trace_memory) {
    GridMap map = scenario.map;  // the changes edit the run's own copy
    auto made = Crowd::create(map, scenario.options);
    if (!made) return made.error();
    Crowd crowd = std::move(made).value();
    std::map<int, UnitId> id_of;
    std::map<std::pair<int, int>, int> name_at;  // the scenario's names, for messages
    for (const ScenarioUnit& unit : scenario.units) {
        if (id_of.contains(unit.name))
            return Status::invalid_input("unit " + std::to_string(unit.name) + " is placed twice");
        // Footprints of sizes in range: others are refused by add_unit below.
        const int size = unit.size == 0 ? scenario.options.rules.agent_size : unit.size;
        const int side = size >= 1 && size <= max_unit_size ? size : 1;
        for (int y = unit.at.y; y < unit.at.y + side; ++y) {
            for (int x = unit.at.x; x < unit.at.x + side; ++x) {
                if (const auto other = name_at.find({x, y}); other != name_at.end())
                    return Status::invalid_input(
                        "units " + std::to_string(other->second) + " and " +
                        std::to_string(unit.name) + " are both placed " +
                        (side == 1 ? "at " : "over ") + to_string(Cell{x, y}));
                name_at[{x, y}] = unit.name;
            }
        }
        auto id = crowd.add_unit(unit.at, unit.state, unit.size);
        if (!id)
            return Status::invalid_input("unit " + std::to_string(unit.name) + ": " +
                                         id.error().message());
        id_of[unit.name] = id.value();
    }
    // Commands in time order; messages keep each command's number in the file.
    std::vector<std::size_t> order(scenario.commands.size());
    for (std::size_t index = 0; index < order.size(); ++index)
        order[index] = index;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return scenario.commands[a].tick < scenario.commands[b].tick;
    });
    std::vector<ScenarioCommand> commands;
    for (std::size_t index : order)
        commands.push_back(scenario.commands[index]);
    std::vector<std::vector<UnitId>> command_units;
    for (std::size_t index = 0; index < commands.size(); ++index) {
        std::vector<UnitId> ids;
        for (int name : commands[index].units) {
            if (!id_of.contains(name))
                return Status::invalid_input("command " + std::to_string(order[index]) +
                                             " names unknown unit " + std::to_string(name));
            if (crowd.unit(id_of[name])->state == UnitState::Attacking)
                return Status::invalid_input("command " + std::to_string(order[index]) + ": unit " +
                                             std::to_string(name) +
                                             " is attacking and takes no orders");
            ids.push_back(id_of[name]);
        }
        if (!scenario.map.contains(commands[index].to))
            return Status::invalid_input("command " + std::to_string(order[index]) + ": target " +
                                         to_string(commands[index].to) + " is outside the map");
        command_units.push_back(std::move(ids));
    }

    // Changes in time order, refused before the run for a tile outside the map.
    std::vector<std::size_t> change_order(scenario.changes.size());
    for (std::size_t index = 0; index < change_order.size(); ++index) {
        change_order[index] = index;
        for (const Cell tile : scenario.changes[index].tiles)
            if (!map.contains(tile))
                return Status::invalid_input("change " + std::to_string(index) + ": tile " +
                                             to_string(tile) + " is outside the map");
    }
    std::stable_sort(change_order.begin(), change_order.end(), [&](std::size_t a, std::size_t b) {
        return scenario.changes[a].tick < scenario.changes[b].tick;
    });
    std::vector<int> name_of(scenario.units.size());
    for (const ScenarioUnit& unit : scenario.units)
        name_of[id_of[unit.name].index()] = unit.name;
    const auto names = [&](const std::vector<UnitId>& ids) {
        std::vector<int> named;
        for (const UnitId id : ids)
            named.push_back(name_of[id.index()]);
        return named;
    };

    CrowdRunReport report;
    std::uint64_t trace_positions = 0;
    const std::uint64_t units = crowd.units().size();
    // Memory: planned ways get a quarter of the limit (and at most max_trace_positions / 8
    // tiles), positions, ticks and events the rest.
    const std::uint64_t planned_bytes = trace_memory.limit / 4;
    const std::uint64_t main_bytes = trace_memory.limit - planned_bytes;
    std::uint64_t planned_room =
        std::min(max_trace_positions / 8,
                 planned_bytes / std::max<std::uint64_t>(trace_memory.per_planned_tile, 1));
    const std::uint64_t planned_tiles = planned_room;
    const std::uint64_t tick_bytes = units * trace_memory.per_position + trace_memory.per_tick;
    // Ticks whose positions still fit, with room for the events of a busy tick besides.
    const auto ticks_that_fit = [&]() -> std::uint64_t {
        const std::uint64_t margin = 8 * units * trace_memory.per_event;
        if (report.trace_bytes + margin >= main_bytes) return 0;
        return (main_bytes - report.trace_bytes - margin) / std::max<std::uint64_t>(tick_bytes, 1);
    };
    const auto record_positions = [&](std::uint64_t copies) -> Status {
        if (2 * units * copies > max_trace_positions - trace_positions)
            return Status::invalid_input(
                "the trace would hold more than " + std::to_string(max_trace_positions) +
                " unit positions (" + std::to_string(units) + " units, tick " +
                std::to_string(crowd.tick()) + "); run fewer ticks or without a trace");
        trace_positions += 2 * units * copies;
        report.trace_bytes += copies * tick_bytes;
        std::vector<Cell> now;
        std::vector<std::optional<Cell>> going;
        std::vector<std::vector<Cell>> ways;
        for (const Unit& unit : crowd.units()) {
            now.push_back(unit.at);
            going.push_back(unit.destination);
            const auto left = unit.remaining_path();
            if (left.size() * copies <= planned_room) {
                planned_room -= left.size() * copies;
                ways.emplace_back(left.begin(), left.end());
            } else {
                planned_room = 0;
                ways.emplace_back();
            }
        }
        for (std::uint64_t copy = 0; copy < copies; ++copy) {
            report.positions.push_back(now);
            report.destinations.push_back(going);
            report.planned.push_back(ways);
        }
        return {};
    };
    if (keep_trace) {
        if (ticks_that_fit() == 0) {
            report.stopped_at_memory_limit = true;
        } else if (Status status = record_positions(1); !status) {
            return status;
        }
    }

    // Each unit's last order and how it ended, updated from each tick's events, so events need
    // not be kept (they go into the report only with a trace).
    constexpr std::uint64_t no_order = UINT64_MAX;
    std::vector<std::uint64_t> last_order(crowd.units().size(), no_order);
    // How each unit's last order ended: arrived, unreachable or gave up, and when.
    std::vector<std::optional<CrowdEvent>> ending(crowd.units().size());
    const auto take_events = [&]() -> Status {
        for (const CrowdEvent& event : crowd.events()) {
            const std::size_t unit = event.unit.index();
            if (last_order[unit] != no_order && event.tick >= last_order[unit] &&
                (event.kind == CrowdEventKind::Arrived ||
                 event.kind == CrowdEventKind::Unreachable || event.kind == CrowdEventKind::GaveUp))
                ending[unit] = event;
            if (!keep_trace) continue;
            report.trace_bytes += trace_memory.per_event;
            if (++trace_positions > max_trace_positions)
                return Status::invalid_input("the trace would hold more than " +
                                             std::to_string(max_trace_positions) +
                                             " positions and events; run fewer ticks or without "
                                             "a trace");
            report.events.push_back(event);
        }
        return {};
    };

    std::size_t next_command = 0, next_change = 0;
    const auto next_change_tick = [&]() {
        return next_change < change_order.size() ? scenario.changes[change_order[next_change]].tick
                                                 : UINT64_MAX;
    };
    while (crowd.tick() < scenario.max_ticks && !report.stopped_at_memory_limit) {
        while (next_change_tick() <= crowd.tick()) {
            const std::size_t index = change_order[next_change++];
            const ScenarioChange& change = scenario.changes[index];
            for (const Cell tile : change.tiles)
                (void)map.set_walkable(tile, change.walkable);  // inside the map, checked above
            const CrowdRepair repair = crowd.refresh();
            report.changes.push_back({index, crowd.tick(), repair.microseconds,
                                      names(repair.replanned), names(repair.displaced),
                                      names(repair.stuck), repair.kept});
        }
        while (next_command < commands.size() && commands[next_command].tick <= crowd.tick()) {
            const auto& ids = command_units[next_command];
            const ScenarioCommand& command = commands[next_command];
            const auto give = [&]() -> Status {
                if (command.coordinated) return crowd.move_coordinated(ids, command.to);
                if (command.queued) {
                    for (const UnitId id : ids)
                        if (Status status = crowd.queue_order(id, command.to); !status)
                            return status;
                    return {};
                }
                return ids.size() == 1 ? crowd.move_to(ids[0], command.to)
                                       : crowd.move_group(ids, command.to, command.planning);
            };
            const Status given = give();
            if (!given)
                return Status::invalid_input("command " + std::to_string(order[next_command]) +
                                             ": " + given.message());
            for (UnitId id : ids) {
                last_order[id.index()] = crowd.tick();
                ending[id.index()].reset();
            }
            ++next_command;
        }
        if (crowd.is_settled()) {
            if (next_command == commands.size() && next_change == change_order.size()) break;
            // Nothing moves until the next command or change: skip the empty ticks.
            const std::uint64_t next_command_tick =
                next_command < commands.size() ? commands[next_command].tick : UINT64_MAX;
            const std::uint64_t until =
                std::min({next_command_tick, next_change_tick(), scenario.max_ticks});
            if (until > crowd.tick()) {
                std::uint64_t skipped = until - crowd.tick();
                if (keep_trace && ticks_that_fit() < skipped) {
                    skipped = ticks_that_fit();
                    report.stopped_at_memory_limit = true;
                }
                (void)crowd.skip_to(crowd.tick() + skipped);
                if (keep_trace)
                    if (Status status = record_positions(skipped); !status) return status;
                if (on_tick) on_tick(crowd.tick());
                continue;
            }
        }
        if (keep_trace && ticks_that_fit() == 0) {
            report.stopped_at_memory_limit = true;
            break;
        }
        if (Status status = crowd.step(); !status) return status;
        if (Status status = take_events(); !status) return status;
        if (keep_trace)
            if (Status status = record_positions(1); !status) return status;
        if (on_tick) on_tick(crowd.tick());
    }
    report.ticks = crowd.tick();
    report.trace_bytes += (planned_tiles - planned_room) * trace_memory.per_planned_tile;
    report.completed = !report.stopped_at_memory_limit && next_command == commands.size() &&
                       next_change == change_order.size() && crowd.is_settled();
    report.stats = crowd.stats();
    for (const ScenarioUnit& placed : scenario.units) {
        const UnitId id = id_of[placed.name];
        const Unit& unit = *crowd.unit(id);
        ScenarioUnitReport line{placed.name, unit.at, std::nullopt, "no order"};
        if (last_order[id.index()] != no_order) {
            line.outcome = unit.state == UnitState::Attacking ? "attacking" : "still moving";
            if (const auto& end = ending[id.index()]) {
                if (end->kind == CrowdEventKind::Arrived) {
                    line.arrived_tick = end->tick;
                    line.outcome = "arrived";
                } else if (end->kind == CrowdEventKind::Unreachable) {
                    line.outcome = "unreachable";
                } else {
                    line.outcome = "gave up after " +
                                   std::to_string(end->tick - last_order[id.index()]) +
                                   " ticks in a jam";
                }
            }
        }
        report.units.push_back(line);
    }
    return report;
}

}  // namespace pathkit
