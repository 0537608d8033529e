/// Agents scenario files: a scene (bounds, buffer radius, obstacles) with round agents that each
/// walk from a start to a target, and how long to run them, as JSON.
///
///     {"bounds": [[xmin, ymin], [xmax, ymax]],
///      "buffer_radius": 0.5,                       (optional, default 0: the walls' margin)
///      "obstacles": [...],                         (as in scene files, see scene_file.hpp)
///      "agents": [{"id": 1, "at": [x, y], "to": [x, y],
///                  "radius": 0.5,                  (optional when buffer_radius > 0: it)
///                  "max_speed": 2,                 (optional, default 2 units a second)
///                  "max_acceleration": 8}],        (optional, default 8 units a second^2)
///      "dt": 0.1,                                  (optional: seconds a step, 0 < dt <= 1)
///      "max_steps": 2000}                          (optional: steps at most, >= 1)
///
/// Coordinates are world units, y up; starts and targets lie inside the bounds. Ids are unique
/// whole numbers 0..limits::max_file_id. Radius, top speed and acceleration are > 0 and at most
/// 100,000. A file is refused past `limits::max_scenario_agents` agents, `limits::max_agent_steps`
/// steps, or agents x (max_steps + 1) over `limits::max_agent_positions`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/agents/agent_world.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/io/scene_file.hpp"

namespace pathkit {

/// One agent of a scenario, as the file gives it.
struct ScenarioAgent {
    /// Its id in the file (unique, 0..limits::max_file_id).
    std::int64_t id = 0;
    /// Start and target, world units.
    Point2 at;
    Point2 to;
    /// Radius, top speed and acceleration from the file; the rest `AgentParams`' defaults.
    AgentParams params;
};

/// An agents scenario as read from a file.
struct AgentScenario {
    /// Bounds, buffer radius and obstacles (no queries).
    Scene scene;
    /// In file order.
    std::vector<ScenarioAgent> agents;
    /// Seconds a step, in (0, 1].
    float dt = 0.1f;
    /// Most steps a run takes, 1..limits::max_agent_steps.
    std::int64_t max_steps = 2000;
};

/// The JSON pointer of a member of the agent at `index` in the file: "/agents/3/at".
[[nodiscard]] std::string agent_pointer(std::size_t index, std::string_view member);

/// Parses a scenario. Errors read "SOURCE: what is wrong": a syntax error gives its line and
/// column, a bad value the JSON pointer to it (e.g. "/agents/3/at/0").
[[nodiscard]] Expected<AgentScenario> parse_agent_scenario(std::string_view text,
                                                           std::string_view source_name);

/// Loads a scenario file (regular files only, `limits::max_file_bytes` at most); errors name
/// the file.
[[nodiscard]] Expected<AgentScenario> load_agent_scenario(const std::string& path);

}  // namespace pathkit
