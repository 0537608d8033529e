/// Crowd scenario files (JSON): a map, units, timed orders; and the trace a run writes.
///
///     {"map": {"rows": ["..@..", ...]}  or  {"file": "rooms.map"},   (relative to this file)
///      "diagonal": "no-corner-cutting",      (optional: never, always, at-least-one-walkable)
///      "straight_cost": 1, "diagonal_cost": 1.5, "occupied_penalty": 6, "patience_ticks": 5,
///      "lifelong_orders": false,
///      "units": [{"id": 1, "at": [x, y], "state": "idle" | "attacking", "size": 1}, ...],
///      "commands": [{"tick": 0, "units": [1, 2], "to": [x, y], "coordinated": false}, ...],
///      "changes": [{"tick": 40, "block": [[x, y], ...]}, {"tick": 90, "open": [...]}, ...],
///      "max_ticks": 1000}
///
/// Tiles are [column, row], row 0 the top row. A unit's "size" (optional, 1 to 3, default 1)
/// is its side in tiles: it covers size x size tiles from "at", its top-left tile, all inside
/// the map and walkable (see `Crowd`). A command naming several units is a group move;
/// `"coordinated": true` (optional) makes it a coordinated move (`Crowd::move_coordinated`),
/// `"flow": true` or `false` (optional) plans a group by one flow field or by searches, and
/// `"queue": true` (optional) gives each unit the order behind its others (`Crowd::queue_order`)
/// instead of in their place. `"lifelong_orders": true` (optional) moves every order through
/// the lifelong planner (`CrowdOptions::lifelong_orders`: one-tile units, 4 directions).
/// A change (optional) blocks or opens tiles before its tick runs (`ScenarioChange`); each tile
/// lies inside the map and is named once a tick, and the tick comes before `max_ticks`.
#pragma once

#include <string>
#include <string_view>

#include "pathkit/core/expected.hpp"
#include "pathkit/crowd/crowd_scenario.hpp"

namespace pathkit {

/// Parses a scenario; a map "file" is read relative to `folder`. Errors read
/// "SOURCE: /json/pointer: what is wrong" (or the line and column of a syntax error).
[[nodiscard]] Expected<CrowdScenario> parse_crowd_scenario(std::string_view text,
                                                           std::string_view source_name,
                                                           const std::string& folder);

/// Loads a scenario file.
[[nodiscard]] Expected<CrowdScenario> load_crowd_scenario(const std::string& path);

/// The run as JSON: {"ticks": [[[id, x, y], ...], ...], "events": [{"tick", "unit", "kind"}]},
/// one list of unit positions per tick (the first before tick 0), units by scenario id.
/// `report` must come from a run with a trace.
[[nodiscard]] std::string crowd_trace_json(const CrowdScenario& scenario,
                                           const CrowdRunReport& report);

/// What a trace of `scenario` costs when it is kept and written by `crowd_trace_json`: the
/// report's own bytes (`CrowdTraceMemory`'s defaults) and the text's, per position, tick and
/// event (at most; ids and coordinates at their longest). `limit` is left unlimited.
[[nodiscard]] CrowdTraceMemory crowd_trace_json_memory(const CrowdScenario& scenario);

}  // namespace pathkit
