// The inside of an AgentWorld: the agents, their planning state, the neighbour tree, the edge
// grid and the scratch memory every step reuses.
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include "agent_links.hpp"
#include "agent_tree.hpp"
#include "edge_grid.hpp"
#include "orca.hpp"
#include "pathkit/agents/agent_world.hpp"
#include "pathkit/geometry/plane_query.hpp"

namespace pathkit {

/// What the world keeps per agent beside the public `Agent`.
struct AgentPlanState {
    /// Plan (again) at the next step: a new target, or the mesh changed.
    bool needs_plan = false;
    /// A path was planned since the target was set (a new plan is then a replan).
    bool planned = false;
    /// The shortest rest of the way seen (world units) and how long it has not shrunk (s).
    float best_remaining = INFINITY;
    float seconds_without_progress = 0;
    /// How long it has stood stuck for want of progress (seconds), until it retries.
    float seconds_stuck = 0;
    /// Pushed off its target after arriving, it is walking back: a short way, so it does not
    /// keep right (that would take it round the crowd at its target).
    bool returning = false;
    /// Turning its wish to the right while other agents block it (see `keep_right`), and how
    /// long they have blocked it (seconds).
    bool keeping_right = false;
    float blocked_seconds = 0;
    /// The wander heading, radians.
    float wander_heading = 0;
    /// The mesh it plans on: the radius class of its radius (src/agents/agent_sizes.cpp);
    /// null until first needed after its radius was set.
    const NavMesh* planning_mesh = nullptr;
    /// Known to stand in the free space of `planning_mesh` (a look-up or a move checked on that
    /// mesh showed it), so that no point location is needed; false: not known. Cleared when the
    /// mesh changes or the agent moves on the mesh's own free space.
    bool in_planning_space = false;
    /// The ground it may walk and what it costs (`AgentWorld::set_area_filter`); null: plain.
    std::shared_ptr<const AreaFilter> filter;
};

struct AgentWorld::Impl {
    const NavMesh* mesh = nullptr;
    AgentWorldOptions options;
    std::vector<Agent> agents;
    std::vector<AgentPlanState> plans;
    std::vector<AgentEvent> events;
    AgentStepStats stats;
    std::uint64_t steps = 0;
    std::uint64_t mesh_revision = 0;
    PlaneQueryContext context;
    agents::AgentTree agent_tree;
    agents::EdgeGrid edge_grid;

    // Scratch reused by every step.
    std::vector<Point2> positions;
    std::vector<std::uint8_t> taking_part;
    std::vector<float> radii;
    std::vector<agents::Neighbour> nearest;
    std::vector<agents::Neighbour> neighbour_lists;  // max_neighbours per agent
    std::vector<std::uint32_t> neighbour_counts;
    std::vector<agents::HalfPlane> planes;
    std::vector<agents::HalfPlane> projected;
    std::vector<std::uint32_t> edge_ids;
    std::vector<Vector2> new_velocities;
    std::vector<float> wall_distances;  // per agent: no boundary edge is nearer (world units)
    std::vector<Vector2> pushes;        // per agent: how far separation moves it this round

    // Links (src/agents/agent_links.cpp): per agent, the link ahead and the crossing under way;
    // the mesh revision they were planned on.
    std::vector<agents::LinkLeg> link_legs;
    std::uint64_t link_revision = 0;
    /// Sizes the legs; after a mesh change, plans again the paths that lead to a link (it may
    /// be gone or its end covered).
    void prepare_link_legs();
    /// Crossings: advances those under way (finished ones plan on from the exit), starts
    /// those of agents at a link's entrance, queues them at a busy one-at-a-time link.
    void cross_links(float time_step);
    /// Agents queued behind the first at a one-at-a-time link stand (no wish, no lost time).
    void hold_link_queues();
    void set_next_link(std::size_t index, const std::optional<agents::CorridorLink>& link);
    /// True while the agent crosses a link: out of the crowd, not moved by the step.
    [[nodiscard]] bool crossing(std::size_t index) const {
        return index < link_legs.size() && link_legs[index].crossing;
    }

    void event(AgentId agent, AgentEventKind kind, LinkId link = {}) {
        events.push_back({steps, agent, kind, link});
    }
    void plan(Agent& agent, AgentPlanState& state);
    void update_corridors();
    void find_neighbours();
    void choose_preferred_velocities(float time_step);
    void avoid(float time_step);
    void keep_right(std::size_t index, std::size_t hard, float time_step, Vector2& chosen,
                    bool& dense);
    void move(float time_step);
    void separate();
    void check_progress(float time_step);
    /// Where agent `index` gets moving by `displacement` (world units) inside the free space
    /// its moves keep to (see `walking_mesh`), no boundary edge of the mesh's own being nearer
    /// than `wall_distance`: all the way, sliding along an edge, or stopping short.
    [[nodiscard]] Point2 move_within_free_space(std::size_t index, Vector2 displacement,
                                                float wall_distance);
    /// How far the agent keeps its centre from obstacle edges (world units): what its radius
    /// exceeds the mesh's buffer radius by, plus a small margin against rounding.
    [[nodiscard]] float obstacle_clearance(const AgentParams& params) const;
    /// The mesh agent `index` plans on: the smallest radius class of the mesh at least its
    /// radius and the mesh's own (the largest class when none is), chosen once per radius.
    [[nodiscard]] const NavMesh& planning_mesh(std::size_t index);
    /// Whether agent `index` stands in the free space of the mesh it plans on (always on the
    /// mesh's own); a point location only while that is not known.
    [[nodiscard]] bool in_planning_space(std::size_t index);
    /// Where agent `index` plans from: where it stands, or the nearest point of its class's
    /// free space when that class's wider obstacles cover it.
    [[nodiscard]] Point2 planning_start(std::size_t index);
    /// How much nearer than the mesh's own boundary edges those of agent `index`'s planning
    /// class may be (world units; 0 on the mesh's own or before it first planned).
    [[nodiscard]] float class_walls_nearer(std::size_t index) const;
    /// The free space agent `index`'s moves keep to: its planning class's once it is in it,
    /// else the mesh's own; `wall_distance` (from the mesh's own edges) shrinks to hold for it.
    [[nodiscard]] const NavMesh& walking_mesh(std::size_t index, float& wall_distance);
};

/// Ok when `params` are usable: positive finite sizes and speeds, weights >= 0 and finite.
[[nodiscard]] Status check_agent_params(const AgentParams& params);

}  // namespace pathkit
