// Crowd scenarios: place the units, give the commands at their ticks, run, and report.
#include "pathkit/crowd/crowd_scenario.hpp"

#include <algorithm>
#include <map>

namespace pathkit {

Expected<CrowdRunReport> run_crowd_scenario(const CrowdScenario& scenario, bool keep_trace,
                                            const std::function<void(std::uint64_t)>& on_tick) {
    auto made = Crowd::create(scenario.map, scenario.options);
    if (!made) return made.error();
    Crowd crowd = std::move(made).value();
    std::map<int, UnitId> id_of;
    for (const ScenarioUnit& unit : scenario.units) {
        if (id_of.contains(unit.name))
            return Status::invalid_input("unit " + std::to_string(unit.name) + " is placed twice");
        auto id = crowd.add_unit(unit.at, unit.state);
        if (!id)
            return Status::invalid_input("unit " + std::to_string(unit.name) + ": " +
                                         id.error().message());
        id_of[unit.name] = id.value();
    }
    std::vector<ScenarioCommand> commands = scenario.commands;
    std::stable_sort(commands.begin(), commands.end(),
                     [](const auto& a, const auto& b) { return a.tick < b.tick; });
    std::vector<std::vector<UnitId>> command_units;
    for (std::size_t index = 0; index < commands.size(); ++index) {
        std::vector<UnitId> ids;
        for (int name : commands[index].units) {
            if (!id_of.contains(name))
                return Status::invalid_input("command " + std::to_string(index) +
                                             " names unknown unit " + std::to_string(name));
            ids.push_back(id_of[name]);
        }
        if (!scenario.map.contains(commands[index].to))
            return Status::invalid_input("command " + std::to_string(index) + ": target " +
                                         to_string(commands[index].to) + " is outside the map");
        command_units.push_back(std::move(ids));
    }

    CrowdRunReport report;
    const auto record_positions = [&] {
        std::vector<Cell> now;
        for (const Unit& unit : crowd.units())
            now.push_back(unit.at);
        report.positions.push_back(std::move(now));
    };
    if (keep_trace) record_positions();
    std::vector<std::uint64_t> last_order(crowd.units().size(), UINT64_MAX);
    std::size_t next_command = 0;
    while (crowd.tick() < scenario.max_ticks) {
        while (next_command < commands.size() && commands[next_command].tick <= crowd.tick()) {
            const auto& ids = command_units[next_command];
            const Status given = ids.size() == 1 ? crowd.move_to(ids[0], commands[next_command].to)
                                                 : crowd.move_group(ids, commands[next_command].to);
            if (!given)
                return Status::invalid_input("command " + std::to_string(next_command) + ": " +
                                             given.message());
            for (UnitId id : ids)
                last_order[id.index()] = crowd.tick();
            ++next_command;
        }
        if (next_command == commands.size() && crowd.is_settled()) break;
        crowd.step();
        if (keep_trace) record_positions();
        if (on_tick) on_tick(crowd.tick());
    }
    report.ticks = crowd.tick();
    report.completed = next_command == commands.size() && crowd.is_settled();
    report.stats = crowd.stats();
    report.events = crowd.events();
    for (const ScenarioUnit& placed : scenario.units) {
        const UnitId id = id_of[placed.name];
        const Unit& unit = *crowd.unit(id);
        ScenarioUnitReport line{placed.name, unit.at, std::nullopt, "no order"};
        if (last_order[id.index()] != UINT64_MAX) {
            line.outcome = unit.state == UnitState::Attacking ? "attacking" : "still moving";
            for (const CrowdEvent& event : report.events) {
                if (event.unit != id || event.tick < last_order[id.index()]) continue;
                if (event.kind == CrowdEventKind::Arrived) {
                    line.arrived_tick = event.tick;
                    line.outcome = "arrived";
                } else if (event.kind == CrowdEventKind::Unreachable) {
                    line.arrived_tick.reset();
                    line.outcome = "unreachable";
                }
            }
        }
        report.units.push_back(line);
    }
    if (!keep_trace) report.events.clear();
    return report;
}

}  // namespace pathkit
