/// AgentWorld: round agents moving through an open world on a navigation mesh, following
/// their paths and keeping clear of each other and of obstacles (ORCA), one fixed step at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/agents/vector2.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit {

struct AgentTag;
/// An agent of an `AgentWorld`: its index in `AgentWorld::agents()`. Ids are never reused.
using AgentId = Id<AgentTag>;

/// Weights of the steering behaviours (GameplayKit's GKGoal weights) that are blended into an
/// agent's preferred velocity before avoidance, while it is moving to a target (standing agents
/// wish for no velocity). All >= 0 and finite (at most 1e5); 0 turns one off. The blend is
/// the weighted sum of each behaviour's velocity at top speed, cut to top speed.
struct BehaviourWeights {
    /// Towards the next corner of the path (arrival slows down near the target).
    float follow_path = 1;
    /// Straight towards `seek_point` (ignores the path).
    float seek = 0;
    /// Straight away from `flee_point`.
    float flee = 0;
    /// A slowly turning random heading (deterministic for the world's seed).
    float wander = 0;
    /// Away from neighbours closer than `flock_distance`.
    float separation = 0;
    /// Towards the neighbours' mean heading.
    float alignment = 0;
    /// Towards the neighbours' centre.
    float cohesion = 0;
    /// Points for seek and flee, in world units.
    Point2 seek_point;
    Point2 flee_point;
    /// Neighbours within this distance (world units, > 0) count for the flock behaviours.
    float flock_distance = 5;
};

/// An agent's body and limits. Sizes, speeds and times are finite, > 0 and at most 1e5.
struct AgentParams {
    /// Radius in world units, > 0. Obstacles are already grown by the mesh's buffer radius;
    /// a larger radius keeps the difference from obstacle edges. The agent plans on the
    /// mesh's smallest radius class at least its radius (`NavMeshOptions::radius_classes`;
    /// the mesh's own when none is larger than the buffer radius, the largest when none is
    /// large enough), so its path never takes a gap too narrow for it.
    float radius = 0.5f;
    /// Top speed, world units per second, > 0.
    float max_speed = 2;
    /// Top change of velocity, world units per second squared, > 0.
    float max_acceleration = 8;
    /// ORCA looks this far ahead for other agents (seconds, > 0).
    float time_horizon = 2;
    /// ORCA looks this far ahead for obstacle edges (seconds, > 0).
    float obstacle_time_horizon = 0.5f;
    /// Within this distance of its target (world units, >= 0; 0.02 more is allowed for the
    /// margin agents keep from walls) the agent has arrived; beyond it, it has not (see
    /// `AgentState::Arrived`).
    float arrival_distance = 0.1f;
    BehaviourWeights behaviours;
};

/// What an agent is doing.
enum class AgentState {
    /// No target: it stands still and still gives way to others.
    Idle,
    /// Following its path to its target.
    Moving,
    /// At its target now: within `arrival_distance` (+ 0.02) of it after the last step. It
    /// stands still and still gives way to others; pushed further off, it is `Moving` again and
    /// walks back (and arrives again).
    Arrived,
    /// It has a target but cannot get there (see `StuckReason`); it stands still. It tries
    /// again when the mesh changes (no path) or after `AgentWorldOptions::retry_seconds` (no
    /// progress).
    Stuck,
};

/// Why an agent is stuck.
enum class StuckReason {
    None,
    /// No path leads from where it stands to its target.
    NoPath,
    /// It made no progress towards its target for `AgentWorldOptions::stuck_seconds`.
    NoProgress,
};

/// A name for the state: "idle", "moving", "arrived", "stuck".
[[nodiscard]] const char* to_string(AgentState state);
/// A name for the reason: "none", "no_path", "no_progress".
[[nodiscard]] const char* to_string(StuckReason reason);

/// An agent as the world sees it.
struct Agent {
    AgentId id;
    AgentParams params;
    /// World units.
    Point2 position;
    /// World units per second.
    Vector2 velocity;
    /// The velocity its behaviours asked for in the last step, before avoidance.
    Vector2 preferred_velocity;
    AgentState state = AgentState::Idle;
    StuckReason stuck_reason = StuckReason::None;
    /// Where it is going, while it has a target (as a crowd unit's `destination`).
    std::optional<Point2> target;
    /// The rest of its path: the corners still ahead, ending at the target (the corridor).
    std::vector<Point2> corridor;
    /// False once removed.
    bool active = true;
    /// While it crosses a link of the mesh: the link, and how far across it is (0..1). It
    /// stands at the link's entrance meanwhile, out of the crowd (others neither avoid nor
    /// push it), and at its exit once across (src/agents/agent_links.cpp).
    std::optional<LinkId> crossing;
    float crossing_fraction = 0;
};

/// What happened to an agent during a step.
enum class AgentEventKind {
    /// It came within `arrival_distance` of its target (again, after being pushed off it).
    Arrived,
    /// It became stuck (the agent's `stuck_reason` says why).
    Stuck,
    /// Its path was planned again: the mesh changed, the target moved, or it was pushed off it.
    Replanned,
    /// It reached a link its path crosses and began to cross it (`AgentEvent::link`).
    LinkStarted,
    /// It is across the link and walks on from the link's exit.
    LinkFinished,
};

/// A name for the kind: "arrived", "stuck", "replanned", "link_started", "link_finished".
[[nodiscard]] const char* to_string(AgentEventKind kind);

/// One event: the step it happened in (1 for the first `step`), the agent, and what.
struct AgentEvent {
    std::uint64_t step = 0;
    AgentId agent;
    AgentEventKind kind = AgentEventKind::Arrived;
    /// The link of a link event; invalid for the others.
    LinkId link;
};

/// How an `AgentWorld` runs.
struct AgentWorldOptions {
    /// Seed of the wander behaviour and of nothing else; runs are deterministic for a seed.
    std::uint64_t seed = 1;
    /// An agent that gets no closer to its target for this long (seconds, > 0) is stuck.
    float stuck_seconds = 10;
    /// An agent stuck for want of progress stands this long (seconds, >= 0), then plans again
    /// from where it stands and walks on (a jam may have cleared); 0 never retries.
    float retry_seconds = 5;
    /// Agents within this distance (world units, > 0) are ORCA neighbours; 0 picks, per
    /// pair, the agent's max_speed * time_horizon + its radius + the other's radius.
    float neighbour_distance = 0;
    /// At most this many nearest neighbours per agent (>= 1).
    std::uint32_t max_neighbours = 10;
};

/// Counts of the last step, for benchmarks and debugging.
struct AgentStepStats {
    std::uint32_t moving = 0;
    std::uint32_t arrived = 0;
    std::uint32_t stuck = 0;
    std::uint32_t replans = 0;
    /// Agents whose ORCA program was infeasible and took the 3D fallback.
    std::uint32_t dense_fallbacks = 0;
};

/// Round agents on one `NavMesh`: add agents, give them targets, call `step(dt)` each frame.
///
/// - Each step: replan where needed (mesh revision changed, target moved, pushed off the
///   corridor), blend the behaviours into a preferred velocity, then ORCA (van den Berg, Guy,
///   Lin and Manocha, "Reciprocal n-Body Collision Avoidance", 2011) against neighbours from a
///   k-d tree (rebuilt each step; each agent's search opens about log(agents) +
///   max_neighbours boxes however the agents crowd) and against the mesh's boundary edges;
///   velocities change by at most `max_acceleration * dt`; positions advance by
///   `velocity * dt`.
/// - Walls: the mesh's obstacles are already grown by its buffer radius, so agents keep their
///   centres `max(0, radius - buffer_radius) + 0.01` world units from boundary edges, and aim
///   twice what their radius exceeds their radius class's by outside the corners of their paths.
/// - Sizes: each agent plans on the radius class of its radius (see `AgentParams::radius`;
///   classes below the mesh's own radius serve queries only, the mesh's edges being the
///   walls), from the nearest point of that class's free space when set down or pushed
///   closer to an obstacle, and once in that free space its moves keep to it.
/// - Links (`NavMesh::add_link`): a path that crosses one is followed up to the link's
///   entrance (the corridor ends there); within `arrival_distance` of it the agent crosses:
///   `LinkStarted`, it leaves the crowd and stands at the entrance for the link's traversal
///   time (`MeshLinkOptions::traversal_seconds`, or its cost over the agent's top speed), then
///   `LinkFinished` at the exit, and it plans on from there. A one-at-a-time link takes one
///   agent at a time: those whose corridor ends at its entrance, within `arrival_distance`
///   plus four radii of it, queue in the order they came (by id within a step) and stand,
///   not counted as stuck, while the first of them walks up and waits for the link.
/// - Corridor: a corner is dropped once the next one is in sight; the path is planned again
///   when the target changes, the next corner goes out of sight, or the mesh is repaired or
///   triangulated again and a segment of the rest of the path that crosses its
///   `last_change()` is no longer free (every path when the mesh changed more than once since
///   the last step, or everywhere; an agent stuck with no path tries again at every change).
///   A blocked path is mended around the change where it can be: the way to the first
///   corner past the change planned again and the rest kept (valid, not always the
///   shortest); else planned whole. A path the change left free is kept, even where the
///   change opened a shorter way. An agent a new obstacle covers is moved to the nearest
///   free point.
/// - Jams: preferred velocities get a seeded nudge of 0.1 % of top speed, and an agent held
///   back by other agents for half a second keeps right (asks for its wish turned 90 degrees,
///   where walls allow) until its wish is granted again, so symmetric jams unwind.
/// - Dense crowds: where ORCA's half-planes cannot all be met (or a long step lets agents
///   close in), up to four rounds after each move push overlapping neighbours apart, half the
///   overlap each, inside free space (as DetourCrowd does); velocities are kept. Agents on one
///   spot part in a direction drawn for the pair, so a crowd on one spot spreads every way.
/// - Deterministic: the same calls give the same positions bit for bit on one build.
/// - No position or velocity is ever NaN or infinite; no centre ever ends a step inside a grown
///   obstacle (a move that would is cut short).
/// - The mesh is shared, read only: it must outlive the world and not change during `step`.
///   Repairing (`NavMesh::update`) or re-triangulating between steps is fine: agents replan.
class AgentWorld {
  public:
    /// A world on `mesh` (triangulated at least once; it may have no free space, then no agent
    /// can be added). Refused for bad options or a mesh never triangulated.
    [[nodiscard]] static Expected<AgentWorld> create(const NavMesh& mesh,
                                                     const AgentWorldOptions& options = {});

    AgentWorld(AgentWorld&&) noexcept;
    AgentWorld& operator=(AgentWorld&&) noexcept;
    ~AgentWorld();

    /// Adds an idle agent at `position`. Refused for bad params, or a position outside the
    /// mesh or inside a grown obstacle.
    [[nodiscard]] Expected<AgentId> add_agent(Point2 position, const AgentParams& params = {});
    /// Removes an agent: it stops taking part. Refused for unknown or removed ids.
    Status remove_agent(AgentId agent);
    /// Sends an agent to `target` (also mid-move: a retarget). Refused for unknown ids and
    /// targets outside the mesh or inside a grown obstacle, or closer to an obstacle than the
    /// radius class the agent plans with.
    Status set_target(AgentId agent, Point2 target);
    /// Forgets the target: the agent stops (Idle).
    Status clear_target(AgentId agent);
    /// Changes an agent's params (checked as in `add_agent`); a new radius plans a moving
    /// agent's path again, on its new class.
    Status set_params(AgentId agent, const AgentParams& params);
    /// Sets the ground an agent may walk and what each type of it costs the agent (the
    /// mesh's areas; plain, the default, walks every type at cost 1). A filtered agent plans
    /// with `NavMesh::find_path` under its filter on its radius class (that query crosses no
    /// links, and is approximate on weighted ground: see its bound); it drops a corner once
    /// the next is in sight over ground the filter neither excludes nor weighs, or once within
    /// its radius of it; it plans its whole path again at every mesh change. Avoidance knows
    /// no areas: pushed by others onto excluded ground, an agent plans its way off as if that
    /// ground cost 1,000 times plain. A target on excluded ground leaves it stuck (no path).
    /// Refused for unknown ids and filters `AreaFilter::validate` refuses.
    Status set_area_filter(AgentId agent, const AreaFilter& filter);
    /// The agent's filter: plain unless set (also for unknown ids).
    [[nodiscard]] const AreaFilter& area_filter(AgentId agent) const;

    /// Advances every agent by `dt` seconds (> 0, finite; refused otherwise).
    Status step(float dt);

    /// Every agent ever added, removed ones with `active` false, indexed by id.
    [[nodiscard]] std::span<const Agent> agents() const;
    /// One agent; an unknown id gives an inactive default agent (debug builds assert).
    [[nodiscard]] const Agent& agent(AgentId agent) const;
    /// The events of the last step.
    [[nodiscard]] std::span<const AgentEvent> events() const;
    [[nodiscard]] const AgentStepStats& last_step_stats() const;
    /// Steps taken so far.
    [[nodiscard]] std::uint64_t step_count() const;
    [[nodiscard]] const NavMesh& mesh() const;

  private:
    struct Impl;
    explicit AgentWorld(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace pathkit
