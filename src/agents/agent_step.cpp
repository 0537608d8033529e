// AgentWorld::step: corridors, neighbours, preferred velocities, ORCA, moving inside free space,
// arrival and stuck checks, in that order, every phase over the agents in id order.
#include <algorithm>
#include <cmath>

#include "agent_world_impl.hpp"
#include "behaviours.hpp"
#include "path_corridor.hpp"
#include "pathkit/core/assert.hpp"

namespace pathkit {

namespace {
// How far (world units) agents keep their centres from obstacle edges beyond what their
// radius needs: the mesh's edges are already grown by its buffer radius, so an agent of that
// radius may touch them; this keeps rounding on the fixed grid from ever putting it inside.
constexpr float wall_margin = 0.01f;
// Within this of the target (beyond `arrival_distance`), rounding and the wall margin count as
// arrived.
constexpr float arrival_slack = 2 * wall_margin;
// The size of the symmetry-breaking nudge of preferred velocities, as a fraction of top speed.
constexpr float symmetry_nudge = 1e-3f;
// How long (seconds) agents must block an agent before it keeps right (a queue that moves
// slowly is not blocked).
constexpr float blocked_before_keeping_right = 0.5f;
// Rest-of-path shrinking by less than this (world units) is no progress.
constexpr float progress_step = 0.01f;
// Rounds of pushing overlapping agents apart after each move, and the overlap (a fraction of
// the radius sum) they leave alone.
constexpr int separation_rounds = 4;
constexpr float separation_slack = 1e-3f;

// The way agent `from` parts from agent `to` standing on the same spot: a direction drawn for
// the pair (the opposite one for the other), so that a crowd on one spot spreads out in every
// direction instead of moving off as one block.
Vector2 parting_direction(AgentId from, AgentId to) {
    const std::uint64_t low = std::min(from.value, to.value), high = std::max(from.value, to.value);
    const float angle = static_cast<float>(agents::mix_bits((low << 32) | high) >> 40) /
                        static_cast<float>(1 << 24) * 6.2831853f;
    const Vector2 way{std::cos(angle), std::sin(angle)};
    return from.value < to.value ? way : Vector2{-way.x, -way.y};
}

bool finite(Vector2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}
bool finite(Point2 p) {
    return std::isfinite(p.x) && std::isfinite(p.y);
}

}  // namespace

Status AgentWorld::step(float dt) {
    if (!std::isfinite(dt) || dt <= 0)
        return Status::invalid_input("the time step must be finite and > 0 seconds");
    Impl& world = *impl_;
    world.events.clear();
    world.stats = {};
    ++world.steps;
    const NavMesh& mesh = *world.mesh;
    if (mesh.revision() != world.mesh_revision) {
        // One triangulation or repair since the last step: only the paths it blocked are
        // planned again, around the change where they can be (and those of agents with no
        // way, which it may have opened); more: every path.
        const MeshChange& change = mesh.last_change();
        const bool one_change = mesh.revision() == world.mesh_revision + 1;
        world.mesh_revision = mesh.revision();
        world.edge_grid.follow(mesh);
        for (std::size_t index = 0; index < world.agents.size(); ++index) {
            Agent& agent = world.agents[index];
            world.plans[index].in_planning_space = false;  // its class's walls may have moved
            if (!agent.active) continue;
            const bool may_be_covered =
                !one_change || change.touches_segment(agent.position, agent.position);
            if (may_be_covered && !mesh.triangle_at(agent.position)) {
                // The new obstacles cover it: out to the nearest free point.
                if (auto free = mesh.nearest_free_point(agent.position)) agent.position = *free;
                agent.velocity = {};
            }
            const bool waits_for_path =
                agent.state == AgentState::Moving ||
                (agent.state == AgentState::Stuck && agent.stuck_reason == StuckReason::NoPath);
            bool path_kept = false;
            // A filtered path also keeps to the filter's ground, which a change may move:
            // planned whole.
            if (one_change && agent.state == AgentState::Moving && !world.plans[index].filter) {
                const NavMesh& own = world.planning_mesh(index);
                const auto after = agents::repair_corridor(
                    own, world.context, &own == &mesh ? change : own.last_change(),
                    world.planning_start(index), agent.corridor);
                path_kept = after != agents::CorridorAfterChange::Blocked;
                if (after == agents::CorridorAfterChange::Spliced) {
                    world.event(agent.id, AgentEventKind::Replanned);
                    ++world.stats.replans;
                }
            }
            if (agent.target && waits_for_path && !path_kept) {
                AgentPlanState& plan = world.plans[index];
                plan.needs_plan = true;
                plan.best_remaining = INFINITY;
                plan.seconds_without_progress = 0;
            }
        }
    }
    world.prepare_link_legs();
    world.update_corridors();
    world.cross_links(dt);
    world.find_neighbours();
    world.choose_preferred_velocities(dt);
    world.hold_link_queues();
    world.avoid(dt);
    world.move(dt);
    world.separate();
    world.check_progress(dt);
    return {};
}

void AgentWorld::Impl::plan(Agent& agent, AgentPlanState& state) {
    const bool again = state.planned;
    state.needs_plan = false;
    state.planned = true;
    const NavMesh& own = planning_mesh(agent.id.index());
    const Point2 start = planning_start(agent.id.index());
    std::optional<agents::CorridorLink> next_link;
    const bool found = agents::plan_corridor(own, context, start, *agent.target, agent.corridor,
                                             &next_link, state.filter.get());
    set_next_link(agent.id.index(), next_link);
    if (found) {
        if (start != agent.position) agent.corridor.insert(agent.corridor.begin(), start);
        agent.state = AgentState::Moving;
        agent.stuck_reason = StuckReason::None;
        if (again) {
            event(agent.id, AgentEventKind::Replanned);
            ++stats.replans;
        }
        return;
    }
    const bool already = agent.state == AgentState::Stuck;
    agent.state = AgentState::Stuck;
    agent.stuck_reason = StuckReason::NoPath;
    if (!already) event(agent.id, AgentEventKind::Stuck);
}

void AgentWorld::Impl::update_corridors() {
    for (std::size_t index = 0; index < agents.size(); ++index) {
        Agent& agent = agents[index];
        AgentPlanState& state = plans[index];
        if (!agent.active || !agent.target || crossing(index)) continue;
        if (state.needs_plan) plan(agent, state);
        if (agent.state != AgentState::Moving) continue;
        const NavMesh& own = planning_mesh(index);
        const Point2 from = planning_start(index);
        if (state.filter)
            agents::shorten_filtered_corridor(own, from, agent.corridor,
                                              state.filter->guarded_types(),
                                              0.1f * agent.params.radius);
        else
            agents::shorten_corridor(own, from, agent.corridor);
        // Walking where it wished, an agent keeps the next corner in sight (it heads for it);
        // pushed (its velocity off its wish) it may lose it. The sight line is a long walk
        // through the mesh, so unpushed agents check it every fourth step only, in turns.
        const Vector2 wish = agent.preferred_velocity;
        const bool pushed =
            dot(agent.velocity, wish) < 0.9f * length(agent.velocity) * length(wish);
        if ((pushed || (steps + index) % 4 == 0) &&
            !agents::corridor_holds(own, from, agent.corridor))
            plan(agent, state);  // pushed where the next corner is out of sight
    }
}

// Unless a neighbour distance is given, agent i reaches agent j within its own
// max_speed * time_horizon + r_i + r_j (the same for j reaching i when they share speed and
// horizon): what one size's agents reached before sizes, and no further for a small agent
// than its pairs need, so it does not take every agent within a large one's reach.
void AgentWorld::Impl::find_neighbours() {
    const std::size_t count = agents.size(), limit = options.max_neighbours;
    const bool fixed_range = options.neighbour_distance > 0;
    positions.resize(count);
    taking_part.resize(count);
    radii.resize(count);
    float widest = 0;
    for (std::size_t index = 0; index < count; ++index) {
        positions[index] = agents[index].position;
        taking_part[index] = agents[index].active && !crossing(index) ? 1 : 0;
        radii[index] = agents[index].params.radius;
        if (taking_part[index]) widest = std::max(widest, radii[index]);
    }
    agent_tree.rebuild(positions, taking_part);
    neighbour_lists.resize(count * limit);
    neighbour_counts.assign(count, 0);
    for (std::size_t index = 0; index < count; ++index) {
        if (!taking_part[index]) continue;
        const AgentParams& params = agents[index].params;
        const float range = fixed_range ? options.neighbour_distance
                                        : params.max_speed * params.time_horizon + params.radius;
        agent_tree.nearest(positions, static_cast<std::uint32_t>(index), range,
                           fixed_range ? std::span<const float>() : std::span<const float>(radii),
                           widest, limit, nearest);
        std::copy(nearest.begin(), nearest.end(),
                  neighbour_lists.begin() + static_cast<std::ptrdiff_t>(index * limit));
        neighbour_counts[index] = static_cast<std::uint32_t>(nearest.size());
    }
}

void AgentWorld::Impl::choose_preferred_velocities(float time_step) {
    const std::size_t limit = options.max_neighbours;
    for (std::size_t index = 0; index < agents.size(); ++index) {
        Agent& agent = agents[index];
        if (!agent.active || crossing(index)) continue;
        AgentPlanState& state = plans[index];
        if (agent.params.behaviours.wander > 0) {
            const std::uint64_t draw =
                agents::mix_bits(options.seed ^ agents::mix_bits(agent.id.value + 1) ^
                                 (steps * 0x9e3779b97f4a7c15ULL));
            state.wander_heading =
                agents::turn_wander_heading(state.wander_heading, draw, time_step);
        }
        if (agent.state != AgentState::Moving) {
            // Standing, yet still giving way in ORCA; an arrived agent nudged off the middle of
            // its target (still within reach) steps back to it, so those arriving later find
            // their own spots free.
            agent.preferred_velocity = {};
            if (agent.state != AgentState::Arrived) continue;
            const float off = length(*agent.target - agent.position);
            if (off > agent.params.arrival_distance &&
                mesh->is_segment_free(agent.position, *agent.target))
                agent.preferred_velocity = agents::follow_path_velocity(
                    agent.position, *agent.target, off - agent.params.arrival_distance,
                    agent.params, time_step);
            continue;
        }
        // Its path keeps the radius of its class from obstacles: the rest is its to keep.
        const float clearance =
            std::max(0.0f, agent.params.radius - planning_mesh(index).options().buffer_radius) +
            wall_margin;
        const float reach = std::max(4 * clearance, 0.1f * agent.params.radius);
        const Point2 corner =
            agents::steering_point(agent.position, agent.corridor, clearance, reach);
        const Vector2 path_velocity = agents::follow_path_velocity(
            agent.position, corner, agents::remaining_length(agent.position, agent.corridor),
            agent.params, time_step);
        const std::span<const agents::Neighbour> neighbours(neighbour_lists.data() + index * limit,
                                                            neighbour_counts[index]);
        agent.preferred_velocity = agents::blend_behaviours(agent, path_velocity, agents,
                                                            neighbours, state.wander_heading);
        // A nudge far below what anyone sees breaks perfect symmetry, in which ORCA agents
        // facing each other head on would stop for ever (the same each run for a seed).
        const std::uint64_t draw = agents::mix_bits(options.seed + 0x51ed27ULL * (steps + 1) +
                                                    agents::mix_bits(agent.id.value));
        const float angle =
            static_cast<float>(draw >> 40) / static_cast<float>(1 << 24) * 6.2831853f;
        agent.preferred_velocity =
            agent.preferred_velocity +
            Vector2{std::cos(angle), std::sin(angle)} * (symmetry_nudge * agent.params.max_speed);
    }
}

float AgentWorld::Impl::obstacle_clearance(const AgentParams& params) const {
    return std::max(0.0f, params.radius - mesh->options().buffer_radius) + wall_margin;
}

void AgentWorld::Impl::avoid(float time_step) {
    const std::size_t limit = options.max_neighbours;
    new_velocities.assign(agents.size(), {});
    wall_distances.assign(agents.size(), 0);
    const std::span<const MeshEdge> edges = edge_grid.edges();
    for (std::size_t index = 0; index < agents.size(); ++index) {
        const Agent& agent = agents[index];
        if (!agent.active || crossing(index)) continue;
        const AgentParams& params = agent.params;
        planes.clear();
        // Obstacle edges first: they stay hard when the crowd is too dense.
        const float clearance = obstacle_clearance(params);
        const float searched = params.max_speed * params.obstacle_time_horizon + clearance;
        edge_grid.near(agent.position, searched, edge_ids);
        wall_distances[index] = searched;
        for (std::uint32_t id : edge_ids) {
            const MeshEdge& edge = edges[id];
            const Vector2 along = edge.to - edge.from;
            const Vector2 offset =
                agents::closest_on_segment(edge.from, edge.to, agent.position) - agent.position;
            const float distance = length(offset);
            wall_distances[index] = std::min(wall_distances[index], distance);
            if (cross(along, agent.position - edge.from) < 0) continue;  // behind it
            const Vector2 towards =
                distance > 1e-6f ? offset / distance : normalized(Vector2{along.y, -along.x});
            planes.push_back(agents::obstacle_half_plane(towards, distance, clearance,
                                                         params.obstacle_time_horizon));
        }
        const std::size_t hard = planes.size();
        for (std::uint32_t at = 0; at < neighbour_counts[index]; ++at) {
            const Agent& other = agents[neighbour_lists[index * limit + at].agent];
            Vector2 relative = other.position - agent.position;
            if (relative == Vector2{})  // on top of each other: part them as the pair draws
                relative = parting_direction(other.id, agent.id) * 1e-4f;
            planes.push_back(agents::agent_half_plane(
                agent.velocity, relative, agent.velocity - other.velocity,
                params.radius + other.params.radius, params.time_horizon, time_step));
        }
        Vector2 chosen;
        bool dense = agents::choose_velocity(planes, hard, params.max_speed,
                                             agent.preferred_velocity, chosen, projected);
        keep_right(index, hard, time_step, chosen, dense);
        if (dense) ++stats.dense_fallbacks;
        // Turning no faster than the acceleration allows, unless that would break a half-plane
        // (or the crowd is dense): keeping clear comes first, as ORCA guarantees nothing for a
        // velocity outside its half-planes.
        Vector2 velocity =
            agent.velocity + clamped(chosen - agent.velocity, params.max_acceleration * time_step);
        if (dense ||
            !std::all_of(planes.begin(), planes.end(), [&](const agents::HalfPlane& plane) {
                return agents::allows(plane, velocity, 1e-4f);
            }))
            velocity = chosen;
        if (!finite(velocity)) {
            PATHKIT_ASSERT(!"an agent's velocity became NaN or infinite");
            velocity = {};
        }
        new_velocities[index] = velocity;
    }
}

// Blocked by other agents (granted under a quarter of its wish for a while, where the walls
// alone would grant three quarters), a moving agent keeps right, as people do: it asks for its wish
// turned 90 degrees right, as long as the walls allow that, until its own wish is granted again. A
// symmetric jam (agents meeting head on from all sides, pressed into a ring) then turns into a
// vortex that unwinds instead of a standstill: every agent turns the same way.
void AgentWorld::Impl::keep_right(std::size_t index, std::size_t hard, float time_step,
                                  Vector2& chosen, bool& dense) {
    const Agent& agent = agents[index];
    AgentPlanState& state = plans[index];
    const Vector2 wish = agent.preferred_velocity;
    const float wished = length(wish), top = agent.params.max_speed;
    if (agent.state != AgentState::Moving || wished <= 0 || state.returning) {
        state.keeping_right = false;
        return;
    }
    const auto walls_grant = [&](Vector2 velocity) {
        Vector2 walls_only;
        agents::linear_program_2d(std::span(planes).first(hard), top, velocity, false, walls_only);
        return length(walls_only) >= 0.75f * length(velocity);
    };
    const float granted = length(chosen);
    if (!state.keeping_right) {
        state.blocked_seconds = granted < 0.25f * wished ? state.blocked_seconds + time_step : 0;
        state.keeping_right =
            state.blocked_seconds >= blocked_before_keeping_right && walls_grant(wish);
        if (!state.keeping_right) return;
    } else if (granted >= 0.75f * wished) {
        state.keeping_right = false;
        state.blocked_seconds = 0;
        return;
    }
    const Vector2 right{wish.y, -wish.x};
    if (!walls_grant(right)) {
        state.keeping_right = false;
        return;
    }
    dense = agents::choose_velocity(planes, hard, top, right, chosen, projected);
}

Point2 AgentWorld::Impl::move_within_free_space(std::size_t index, Vector2 displacement,
                                                float wall_distance) {
    const Agent& agent = agents[index];
    const Point2 from = agent.position, to = from + displacement;
    // A move shorter than the distance to every boundary edge (less a margin for the fixed
    // grid's rounding) cannot leave free space: no need to walk the mesh. Shorter than the
    // distance to the planning class's walls, it cannot leave either free space, so whether
    // the agent stands in its class's need not be looked up.
    const float move_length = length(displacement) + wall_margin;
    if (displacement == Vector2{} ||
        move_length < std::max(0.0f, wall_distance - class_walls_nearer(index)))
        return to;
    const NavMesh& walls = walking_mesh(index, wall_distance);
    if (&walls != plans[index].planning_mesh) plans[index].in_planning_space = false;
    if (move_length < wall_distance || walls.is_segment_free(from, to)) return to;
    // Blocked: the longest of sliding along a nearby edge and stopping short.
    Point2 best = from;
    float best_squared = 0;
    edge_grid.near(from, length(displacement) + agent.params.radius + wall_margin, edge_ids);
    for (std::uint32_t id : edge_ids) {
        const MeshEdge& edge = edge_grid.edges()[id];
        const Vector2 along = normalized(edge.to - edge.from);
        const Vector2 slide = along * dot(displacement, along);
        const Point2 candidate = from + slide;
        if (length_squared(slide) > best_squared && walls.is_segment_free(from, candidate))
            best = candidate, best_squared = length_squared(slide);
    }
    float low = 0, high = 1;
    for (int halving = 0; halving < 12; ++halving) {
        const float middle = (low + high) / 2;
        (walls.is_segment_free(from, from + displacement * middle) ? low : high) = middle;
    }
    const Vector2 part = displacement * low;
    if (length_squared(part) > best_squared && walls.is_segment_free(from, from + part))
        best = from + part;
    return best;
}

void AgentWorld::Impl::move(float time_step) {
    for (std::size_t index = 0; index < agents.size(); ++index) {
        Agent& agent = agents[index];
        if (!agent.active || crossing(index)) continue;
        const Vector2 velocity = new_velocities[index];
        const Point2 wanted = agent.position + velocity * time_step;
        const Point2 reached =
            move_within_free_space(index, velocity * time_step, wall_distances[index]);
        agent.velocity = reached == wanted ? velocity : (reached - agent.position) / time_step;
        wall_distances[index] =
            std::max(0.0f, wall_distances[index] - length(reached - agent.position));
        agent.position = reached;
        if (!finite(agent.velocity) || !finite(agent.position)) {
            PATHKIT_ASSERT(!"an agent's position became NaN or infinite");
            agent.velocity = {};
            agent.position = positions[index];
            plans[index].in_planning_space = false;
        }
    }
}

// ORCA keeps agents apart only as far as its half-planes can all be met: in a dense crowd the
// 3D program relaxes them, and in a long step agents close in before the next step sees it. As
// DetourCrowd does, a few rounds then push overlapping neighbours apart, each by half the
// overlap, inside free space (walls win over neighbours). Velocities are left as they were.
void AgentWorld::Impl::separate() {
    const std::size_t limit = options.max_neighbours;
    for (int round = 0; round < separation_rounds; ++round) {
        pushes.assign(agents.size(), {});
        bool overlapping = false;
        for (std::size_t index = 0; index < agents.size(); ++index) {
            const Agent& agent = agents[index];
            if (!agent.active || crossing(index)) continue;
            for (std::uint32_t at = 0; at < neighbour_counts[index]; ++at) {
                const Agent& other = agents[neighbour_lists[index * limit + at].agent];
                const float sum = agent.params.radius + other.params.radius;
                const Vector2 apart = agent.position - other.position;
                const float gap = length(apart);
                if (sum - gap <= separation_slack * sum) continue;
                const Vector2 away =
                    gap > 1e-6f ? apart / gap : parting_direction(agent.id, other.id);
                pushes[index] = pushes[index] + away * ((sum - gap) / 2);
                overlapping = true;
            }
        }
        if (!overlapping) return;
        for (std::size_t index = 0; index < agents.size(); ++index) {
            if (pushes[index] == Vector2{}) continue;
            Agent& agent = agents[index];
            const Point2 reached =
                move_within_free_space(index, pushes[index], wall_distances[index]);
            wall_distances[index] =
                std::max(0.0f, wall_distances[index] - length(reached - agent.position));
            agent.position = reached;
        }
    }
}

void AgentWorld::Impl::check_progress(float time_step) {
    for (std::size_t index = 0; index < agents.size(); ++index) {
        Agent& agent = agents[index];
        if (!agent.active) continue;
        if (crossing(index)) {  // on its way, out of the crowd
            ++stats.moving;
            continue;
        }
        AgentPlanState& state = plans[index];
        // Arrived says where it stands now: within reach of its target (however it got there,
        // walking, stuck in a jam or pushed), and no longer once pushed off it.
        const bool there = agent.target && length(*agent.target - agent.position) <=
                                               agent.params.arrival_distance + arrival_slack;
        if (there && agent.state != AgentState::Arrived) {
            agent.state = AgentState::Arrived;
            agent.stuck_reason = StuckReason::None;
            agent.corridor.clear();
            state.returning = false;
            event(agent.id, AgentEventKind::Arrived);
        } else if (!there && agent.state == AgentState::Arrived) {
            // Pushed off its target: it walks back to it (planned at the next step).
            agent.state = AgentState::Moving;
            state.returning = true;
            state.needs_plan = true;
            state.best_remaining = INFINITY;
            state.seconds_without_progress = 0;
        } else if (agent.state == AgentState::Stuck &&
                   agent.stuck_reason == StuckReason::NoProgress && options.retry_seconds > 0 &&
                   (state.seconds_stuck += time_step) >= options.retry_seconds) {
            // Stuck in a jam, it stands a while, then plans again from where it stands.
            agent.state = AgentState::Moving;
            agent.stuck_reason = StuckReason::None;
            state.seconds_stuck = 0;
            state.best_remaining = INFINITY;
            state.seconds_without_progress = 0;
            state.needs_plan = true;
        } else if (agent.state == AgentState::Moving) {
            const float remaining = agents::remaining_length(agent.position, agent.corridor);
            if (remaining < state.best_remaining - progress_step) {
                state.best_remaining = remaining;
                state.seconds_without_progress = 0;
            } else if ((state.seconds_without_progress += time_step) >= options.stuck_seconds) {
                agent.state = AgentState::Stuck;
                agent.stuck_reason = StuckReason::NoProgress;
                state.seconds_stuck = 0;
                event(agent.id, AgentEventKind::Stuck);
            }
        }
        switch (agent.state) {
            case AgentState::Moving:
                ++stats.moving;
                break;
            case AgentState::Arrived:
                ++stats.arrived;
                break;
            case AgentState::Stuck:
                ++stats.stuck;
                break;
            case AgentState::Idle:
                break;
        }
    }
}

}  // namespace pathkit
