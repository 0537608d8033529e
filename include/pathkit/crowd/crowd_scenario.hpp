/// Crowd scenarios: a map, units and timed move orders, run to completion with a report.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/crowd/crowd.hpp"

namespace pathkit {

/// Most unit positions and events a run keeps in its trace (positions take 8 bytes each): a
/// run whose trace would grow past it is refused with a message.
inline constexpr std::uint64_t max_trace_positions = 32'000'000;

/// A unit as a scenario places it; `name` is the scenario's own number for it, `at` its
/// top-left tile and `size` its side in tiles (0: the crowd's, `CrowdOptions::rules`).
struct ScenarioUnit {
    int name = 0;
    Cell at;
    UnitState state = UnitState::Idle;
    int size = 0;
};

/// At `tick`, order the named units to `to`: one unit moves alone, several move as a group;
/// `coordinated` makes it a coordinated move (`Crowd::move_coordinated`); `planning` says how
/// a group order (not coordinated) plans its units (`GroupPlanning`).
struct ScenarioCommand {
    std::uint64_t tick = 0;
    std::vector<int> units;
    Cell to;
    bool coordinated = false;
    GroupPlanning planning = GroupPlanning::Automatic;
    /// Each unit gets the order behind the ones it has (`Crowd::queue_order`) instead of in
    /// their place; never with `coordinated` or a chosen `planning`.
    bool queued = false;
};

/// Before tick `tick` runs (and before its commands), block the tiles or open them
/// (`walkable`), then let the crowd take the change in (`Crowd::refresh`).
struct ScenarioChange {
    std::uint64_t tick = 0;
    std::vector<Cell> tiles;
    bool walkable = false;
};

/// Everything a crowd run needs.
struct CrowdScenario {
    GridMap map = GridMap::create(1, 1).value();
    CrowdOptions options;
    std::vector<ScenarioUnit> units;
    std::vector<ScenarioCommand> commands;
    /// Changes to the map while the units move; the run edits a copy of `map`.
    std::vector<ScenarioChange> changes;
    /// The run stops here if the crowd has not settled by then.
    std::uint64_t max_ticks = 1000;
};

/// How one unit's last order ended.
struct ScenarioUnitReport {
    int name = 0;
    Cell at;
    /// The tick it arrived at its last order's destination; empty if it did not (or had none).
    std::optional<std::uint64_t> arrived_tick;
    /// "arrived", "no order", "unreachable", "gave up after N ticks in a jam", "attacking" or
    /// "still moving".
    std::string outcome;
};

/// What one change of the map did (`CrowdRepair`), units named as the scenario names them.
struct ScenarioChangeReport {
    /// The change's number in `CrowdScenario::changes`, and the tick it came before.
    std::size_t change = 0;
    std::uint64_t tick = 0;
    /// Wall-clock microseconds the crowd took to take it in.
    double microseconds = 0;
    std::vector<int> replanned;
    std::vector<int> displaced;
    std::vector<int> stuck;
    /// Units walking whose paths it left alone.
    std::size_t kept = 0;
};

/// What a run produced.
struct CrowdRunReport {
    /// Ticks run; `completed` when every command was given, every change made and the crowd
    /// settled.
    std::uint64_t ticks = 0;
    bool completed = false;
    /// The trace reached `CrowdTraceMemory::limit`: the run stopped after `ticks` ticks.
    bool stopped_at_memory_limit = false;
    /// Bytes the trace takes, counted as `CrowdTraceMemory` says.
    std::uint64_t trace_bytes = 0;
    std::vector<ScenarioUnitReport> units;
    /// Every change of the map that was made, in the order made.
    std::vector<ScenarioChangeReport> changes;
    CrowdStats stats;
    /// With a trace: unit positions at the start and after every tick (`positions[t + 1]` is
    /// after tick t), in scenario unit order, and every event (units named by index). Ticks
    /// skipped while the crowd was settled appear as copies of the positions.
    std::vector<std::vector<Cell>> positions;
    std::vector<CrowdEvent> events;
    /// With a trace, per entry of `positions`: each unit's destination (none when it has no
    /// order) and, while the trace has room for them, the tiles it still plans to walk.
    std::vector<std::vector<std::optional<Cell>>> destinations;
    std::vector<std::vector<std::vector<Cell>>> planned;
};

/// The memory a trace may take, counted in bytes per thing it keeps. The defaults are what
/// the report itself holds; a caller that draws or writes the trace adds what that costs.
struct CrowdTraceMemory {
    /// Bytes the trace may take in all. Planned ways get at most a quarter of it (then they
    /// are left out); past the rest the run stops (`CrowdRunReport::stopped_at_memory_limit`).
    std::uint64_t limit = UINT64_MAX;
    /// Per unit and tick (its tile, its destination, its planned way's list), per tick (the
    /// tick's lists), per event, and per tile of a planned way.
    std::uint64_t per_position =
        sizeof(Cell) + sizeof(std::optional<Cell>) + sizeof(std::vector<Cell>);
    std::uint64_t per_tick = 3 * (sizeof(std::vector<Cell>) + 32);
    std::uint64_t per_event = sizeof(CrowdEvent);
    std::uint64_t per_planned_tile = sizeof(Cell);
};

/// Runs the scenario, calling `on_tick(ticks_done)` after every tick when given (a progress
/// line, say). While the crowd is settled, ticks up to the next command or change are skipped
/// rather than run. Refused, naming the unit, command or change, when a unit cannot be placed,
/// a command names an unknown unit or a target outside the map, a change a tile outside the
/// map, and when the trace would pass `max_trace_positions`. A trace that would take more than
/// `trace_memory` allows stops the run after the last tick that fits, with
/// `stopped_at_memory_limit`.
[[nodiscard]] Expected<CrowdRunReport> run_crowd_scenario(
    const CrowdScenario& scenario, bool keep_trace,
    const std::function<void(std::uint64_t)>& on_tick = {},
    const CrowdTraceMemory& trace_memory = {});

}  // namespace pathkit
