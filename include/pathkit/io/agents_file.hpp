/// Agents scenario files: a scene (bounds, buffer radius, obstacles) with round agents that each
/// walk from a start to a target, and how long to run them, as JSON.
///
///     {"bounds": [[xmin, ymin], [xmax, ymax]],
///      "buffer_radius": 0.5,                       (optional, default 0: the walls' margin)
///      "radius_classes": [1, 2],                   (optional: more agent radii to plan for)
///      "obstacles": [...],                         (as in scene files, see scene_file.hpp)
///      "links": [{"from": [x, y], "to": [x, y],    (optional, as in scene files; agents
///                 "traversal_seconds": 2,          cross them: optional, default cost / speed
///                 "one_at_a_time": true}],          and false; see AgentWorld)
///      "areas": [{"outline": [[x, y], ...],       (optional, as in scene files: ground of a
///                 "type": 1}],                     type, 1..63)
///      "agents": [{"id": 1, "at": [x, y], "to": [x, y],
///                  "radius": 0.5,                  (optional when buffer_radius > 0: it)
///                  "max_speed": 2,                 (optional, default 2 units a second)
///                  "max_acceleration": 8,          (optional, default 8 units a second^2)
///                  "filter": {"exclude": [1],      (optional, as a scene query's filter:
///                             "costs": {"2": 3}}}],  see AgentWorld::set_area_filter)
///      "dt": 0.1,                                  (optional: seconds a step, 0 < dt <= 1)
///      "max_steps": 2000,                          (optional: steps at most, >= 1)
///      "changes": [                                (optional: obstacles changing on the way)
///        {"step": 40, "add": [{"id": "gate", "polygon": [...]}, ...]},
///        {"step": 90, "remove": ["gate", ...]},
///        {"step": 95, "move": {"id": "cart", "by": [dx, dy]}}]}
///
/// Radius classes (`NavMeshOptions::radius_classes`, at most 16, each >= 0, at most half the
/// bounds' smaller side): each agent plans on the smallest at least its radius, so a large agent's
/// path never takes a gap too narrow for it; an agent's target closer to an obstacle than that
/// class's radius is refused.
///
/// Coordinates are world units, y up; starts and targets lie inside the bounds. Ids are unique
/// whole numbers 0..limits::max_file_id. Radius, top speed and acceleration are > 0 and at most
/// 100,000. A file is refused past `limits::max_scenario_agents` agents, `limits::max_agent_steps`
/// steps, or agents x (max_steps + 1) over `limits::max_agent_positions`.
///
/// Changes: each entry has a "step" (1..max_steps, entries in non-decreasing step order) and
/// exactly one of "add" (obstacles as in "obstacles", at least one), "remove" (ids, at least
/// one) or "move" (an id and a finite offset "by" in world units); it applies before that step
/// runs, entries of one step in file order. Obstacle ids are unique among the obstacles present
/// at any time (an id removed may be added again); remove and move name an id present then, and
/// a moved obstacle must stay valid (`Obstacle::validate`: within the coordinate range). The
/// scene's obstacles, every obstacle added and every obstacle moved (once a move) together
/// hold at most `limits::max_scene_points` points; at most `limits::max_obstacle_changes`
/// entries.
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
    /// The ground it may walk and what it costs (plain when the file gives no "filter").
    AreaFilter filter;
};

/// What a timed change does to the obstacles.
enum class ObstacleChangeKind {
    /// New obstacles appear.
    Add,
    /// Obstacles named by id vanish.
    Remove,
    /// One obstacle named by id moves by an offset.
    Move,
};

/// A name for the kind: "add", "remove", "move".
[[nodiscard]] const char* to_string(ObstacleChangeKind kind);

/// One entry of a scenario's "changes", applied before step `step` runs.
struct ObstacleChange {
    /// 1..max_steps; a scenario's changes are in non-decreasing step order.
    std::int64_t step = 1;
    ObstacleChangeKind kind = ObstacleChangeKind::Add;
    /// Add: the new obstacles (each valid), in file order.
    std::vector<Obstacle> added;
    /// Add: each added obstacle's id ("" for none); Remove: the ids removed; Move: the one id
    /// moved.
    std::vector<std::string> names;
    /// Move: the offset, world units (finite).
    Point2 offset;
};

/// An agents scenario as read from a file.
struct AgentScenario {
    /// Bounds, buffer radius, obstacles, links and areas (no queries).
    Scene scene;
    /// More radii the world's mesh answers for (`NavMeshOptions::radius_classes`).
    std::vector<float> radius_classes;
    /// In file order.
    std::vector<ScenarioAgent> agents;
    /// Seconds a step, in (0, 1].
    float dt = 0.1f;
    /// Most steps a run takes, 1..limits::max_agent_steps.
    std::int64_t max_steps = 2000;
    /// The obstacles' timed changes, in step order (at most `limits::max_obstacle_changes`).
    std::vector<ObstacleChange> changes;
};

/// The JSON pointer of a member of the change at `index` in the file: "/changes/3/move/by".
[[nodiscard]] std::string change_pointer(std::size_t index, std::string_view member);

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
