// Running an agents scenario file on its navigation mesh, step by step, and what a run records
// for summaries, traces and pictures (as the crowd's scenario runner does for crowd files).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pathkit/agents/agent_world.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/viewer.hpp"

namespace pathkit {

/// The deepest overlap of two agents seen in a run.
struct AgentOverlap {
    /// How far the two discs overlap, as a share of their radius sum (0: never touched).
    double share = 0;
    /// Their file ids, and the step (0: the start) where it was deepest.
    std::int64_t first_id = 0, second_id = 0;
    std::int64_t step = 0;
};

/// An agent reaching a link and starting across it, or finishing.
struct AgentLinkEvent {
    std::int64_t step = 0;
    /// The agent's file id, the link's index in the file's "links".
    std::int64_t agent_id = 0;
    std::uint32_t link = 0;
    bool finished = false;  // false: started
};

/// Link events a run keeps, at most (later ones are only counted).
inline constexpr std::size_t max_recorded_link_events = 10'000;

/// What the obstacle changes of one step did to a run.
struct AgentChangeRecord {
    /// The step they were applied before (1..max_steps).
    std::int64_t step = 0;
    /// The entries of `AgentScenario::changes` applied, as indices in file order.
    std::vector<std::size_t> changes;
    /// Wall-clock time of the mesh's one repair for them (`NavMesh::update`), microseconds.
    double repair_microseconds = 0;
    /// Triangles the repair replaced (`MeshChange::replaced_triangles`), or every triangle
    /// when it rebuilt the mesh instead (`rebuilt`).
    std::size_t triangles_replaced = 0;
    bool rebuilt = false;
    /// The file ids of the agents that planned their paths again in that step and found one,
    /// and of those that became stuck for want of a path in it (the change walled them off),
    /// ascending. Agents already stuck that try again and still find none are in neither.
    std::vector<std::int64_t> replanned;
    std::vector<std::int64_t> walled_off;
};

/// The obstacles of a run from one step on, for pictures: every obstacle's outline and the
/// grown, merged outlines (`NavMesh::outlines`), in world units.
struct AgentObstacleSet {
    std::int64_t first_step = 0;
    std::vector<std::vector<Point2>> obstacles;
    std::vector<std::vector<Point2>> buffers;
};

/// What a run did.
struct AgentRun {
    /// Steps taken (each `dt` seconds); the run stops once no agent is moving.
    std::int64_t steps = 0;
    /// Per step (0: the starts), every agent's position in file order (recorded only for
    /// traces and pictures).
    std::vector<std::vector<Point2>> positions;
    /// Recorded only for pictures: per step, every agent's velocity (units a second) and the
    /// rest of its path from where it stands (empty once arrived; left out for the later steps
    /// once 1,000,000 corridor points are recorded).
    std::vector<std::vector<Point2>> velocities;
    std::vector<std::vector<std::vector<Point2>>> corridors;
    /// The agents as the run left them, in file order.
    std::vector<Agent> final_agents;
    /// Per agent: the step it last arrived in, when it ends the run arrived.
    std::vector<std::optional<std::int64_t>> arrived_step;
    /// Per agent: why it last got stuck since it last arrived (an agent stuck in a jam tries
    /// again, so it may end the run walking), or None.
    std::vector<StuckReason> stuck_reason;
    AgentOverlap deepest_overlap;
    /// Agent centres found inside a grown obstacle or off the mesh, over all steps (checked
    /// after every step; AgentWorld promises none), and the first one seen.
    std::int64_t centres_in_obstacles = 0;
    std::int64_t first_in_obstacle_id = 0, first_in_obstacle_step = 0;
    /// The grown obstacles at the start (`NavMesh::outlines`), for pictures.
    std::vector<std::vector<Point2>> buffer_outlines;
    /// Per step with obstacle changes, in step order: what the changes did.
    std::vector<AgentChangeRecord> changes;
    /// Recorded only for pictures: the obstacles after each step's changes, while their
    /// points stay within `AgentRecording::obstacle_points`; from the first step over it
    /// (`obstacles_left_out_from`, 0: none) a set with no obstacles.
    std::vector<AgentObstacleSet> obstacle_sets;
    std::int64_t obstacles_left_out_from = 0;
    /// Links crossed: the first `max_recorded_link_events` events in step order (agents in
    /// file order within a step), and how many there were in all.
    std::vector<AgentLinkEvent> link_events;
    std::int64_t link_event_count = 0;

    [[nodiscard]] std::size_t arrived_count() const;
};

/// What a run records beyond its summary.
struct AgentRecording {
    /// Every agent's position at every step (for a trace).
    bool positions = false;
    /// Positions, velocities and corridors (for pictures).
    bool pictures = false;
    /// Corridor points recorded for pictures over the whole run, at most: the frames of the
    /// first steps show the agents' corridors, the later ones none.
    std::size_t corridor_points = 1'000'000;
    /// Obstacle and grown outline points recorded for pictures after obstacle changes, at
    /// most (over all steps with changes).
    std::size_t obstacle_points = 250'000;
};

/// Bytes each recorded corridor point costs, until a page of pictures is written, at most.
inline constexpr std::size_t corridor_point_bytes = 208;

/// Builds the scenario's mesh and world, adds every agent with its target, and steps until no
/// agent is moving and no change is left, or `max_steps` have passed. Before a step with
/// obstacle changes it applies them in file order, repairs the mesh once (`NavMesh::update`)
/// and records what that did (`AgentRun::changes`); agents whose paths the change blocked plan
/// again, and agents a new obstacle covers move to the nearest free point. Refused as
/// "FILE: /agents/3/at: why" for a start or target inside a grown obstacle (or otherwise off
/// the mesh), "FILE: /changes/4/move: why" for a change the mesh refuses (a moved obstacle
/// whose grown outline leaves the coordinate range), "FILE: why" for a scene the mesh refuses,
/// agents x the mesh's triangles over `limits::max_agent_planning`, or steps with changes x
/// triangles over `limits::max_change_repairs`.
[[nodiscard]] Expected<AgentRun> run_agent_scenario(const AgentScenario& scenario,
                                                    const std::string& file,
                                                    AgentRecording recording);

/// At most the bytes a run of the scenario holds (the agents, what it records and the page of
/// pictures made from it, obstacle outlines after changes up to `recording.obstacle_points`,
/// and the trace when asked for), corridor points aside (see `corridor_point_bytes`), for
/// checking against the memory budget before it starts; the scene's mesh is not counted.
[[nodiscard]] std::size_t agent_run_bytes(const AgentScenario& scenario, AgentRecording recording,
                                          bool trace);

/// At most the bytes of the picture files of a run (the page, an SVG and a PNG of
/// `png_pixels` pixels a unit) with `corridor_points` and `obstacle_points` recorded (see
/// `AgentRecording`), held until they are written.
[[nodiscard]] std::size_t agent_picture_bytes(const AgentScenario& scenario,
                                              std::size_t corridor_points,
                                              std::size_t obstacle_points, int png_pixels);

/// At most the bytes of the trace of `steps` recorded steps (the starts included).
[[nodiscard]] std::size_t agents_trace_bytes(const AgentScenario& scenario, std::size_t steps);

/// The run as a trace: {"dt": d, "steps": [[[id, x, y], ...], ...]} and a newline, steps[0]
/// the starts, every agent in every step in file order, coordinates to 1/10,000 of a unit.
[[nodiscard]] std::string agents_trace_json(const AgentScenario& scenario, const AgentRun& run);

/// The run as a viewer part: obstacles and their buffers as they change (appearing, moving,
/// vanishing), and every agent at its size with its target, velocity and corridor, step by
/// step (frames labelled "step N"; on long runs of many agents only every k-th step, so that
/// the frames hold 400,000 positions at most).
[[nodiscard]] ViewerPart agents_part(std::string name, std::string summary,
                                     const AgentScenario& scenario, const AgentRun& run);

}  // namespace pathkit
