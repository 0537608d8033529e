// Running agents scenarios and recording them for text, traces and pictures (agents_run.hpp).
#include "pathkit/io/agents_run.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <set>
#include <span>

#include "pathkit/io/limits.hpp"
#include "pathkit/io/viewer_parts.hpp"

namespace pathkit {

namespace {

/// Agent positions a viewer page shows, at most (thinning the steps beyond).
constexpr std::size_t page_positions = 400'000;
/// What a run holds per agent (the world's agent, its plan, neighbours and scratch, and the
/// run's own copy at the end), at most.
constexpr std::size_t bytes_per_agent = 1024;
/// What each recorded step costs beside its positions (the vectors holding them).
constexpr std::size_t recorded_step_bytes = 128;
/// What pictures hold per recorded position beside it (its velocity and its corridor's
/// vector), and per position a page shows while it is made (the agent, its target, velocity
/// and corridor as JSON values and as text); measured on 2,000 to 10,000 agents.
constexpr std::size_t recorded_picture_bytes = 32;
constexpr std::size_t shown_position_bytes = 640;
/// The text of the page per position and corridor point shown, at most.
constexpr std::size_t page_bytes_per_position = 72;
constexpr std::size_t page_bytes_per_corridor_point = 24;
/// What an obstacle outline point recorded after a change costs: in the run, and as page text.
constexpr std::size_t recorded_obstacle_point_bytes = 16;
constexpr std::size_t page_bytes_per_obstacle_point = 48;
/// The largest side of a PNG picture (pixels) and what a pixel costs while it is made.
constexpr std::size_t largest_png_side = 8192;
constexpr std::size_t png_pixel_bytes = 8;

/// The deepest overlap among `agents` (those on the ground: not crossing a link) at `step`, when
/// deeper than `deepest` (the deepest of the earlier steps). As in the sweep for the closest pair
/// of points: agents in x order, those within reach in x kept ordered by y, and only pairs closer
/// than (1 - deepest) times a radius sum measured; the reach shrinks as deeper pairs turn up, so an
/// agent meets only the few others that could be deeper (agents on one spot end it at once: nothing
/// is deeper than 100 %).
void measure_overlap(std::span<const Agent> agents, const AgentScenario& scenario,
                     std::int64_t step, AgentOverlap& deepest) {
    if (deepest.share >= 1) return;
    // Agents crossing a link are off the ground (on the ladder), out of the crowd.
    std::vector<std::size_t> order;
    order.reserve(agents.size());
    for (std::size_t index = 0; index < agents.size(); ++index)
        if (!agents[index].crossing) order.push_back(index);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return agents[a].position.x < agents[b].position.x;
    });
    double widest = 0;
    for (const Agent& agent : agents)
        widest = std::max(widest, double{agent.params.radius});
    // A hair more than the exact reach, so that rounding never hides a pair.
    const auto reach = [&](double radius) {
        return (1 - deepest.share) * (radius + widest) * 1.000001;
    };
    std::set<std::pair<float, std::size_t>> by_y;
    std::size_t oldest = 0;
    for (std::size_t i = 0; i < order.size() && deepest.share < 1; ++i) {
        const Agent& a = agents[order[i]];
        while (oldest < i && agents[order[oldest]].position.x < a.position.x - reach(widest)) {
            by_y.erase({agents[order[oldest]].position.y, order[oldest]});
            ++oldest;
        }
        for (auto it =
                 by_y.lower_bound({static_cast<float>(a.position.y - reach(a.params.radius)), 0});
             it != by_y.end() && it->first <= a.position.y + reach(a.params.radius); ++it) {
            const Agent& b = agents[it->second];
            if (a.position.x - b.position.x > reach(a.params.radius)) continue;
            const double sum = double{a.params.radius} + b.params.radius;
            const double gap = std::hypot(double{a.position.x} - b.position.x,
                                          double{a.position.y} - b.position.y);
            const double share = (sum - gap) / sum;
            if (share <= deepest.share) continue;
            deepest = {share, scenario.agents[order[i]].id, scenario.agents[it->second].id, step};
            if (deepest.first_id > deepest.second_id)
                std::swap(deepest.first_id, deepest.second_id);
        }
        by_y.insert({a.position.y, order[i]});
    }
}

/// Records the agents' state after a step (or at the start): positions (and for pictures
/// velocities and corridors) when asked for, and what the run measures itself.
void record(const AgentWorld& world, const AgentScenario& scenario, const AgentRecording& recording,
            std::size_t& corridor_points, AgentRun& run) {
    const std::span<const Agent> agents = world.agents();
    if (recording.positions || recording.pictures) {
        std::vector<Point2> positions;
        positions.reserve(agents.size());
        for (const Agent& agent : agents)
            positions.push_back(agent.position);
        run.positions.push_back(std::move(positions));
    }
    measure_overlap(agents, scenario, run.steps, run.deepest_overlap);
    for (std::size_t index = 0; index < agents.size(); ++index) {
        const Point2 centre = agents[index].position;
        if (!world.mesh().is_inside_obstacle(centre) && world.mesh().triangle_at(centre)) continue;
        if (run.centres_in_obstacles++ == 0) {
            run.first_in_obstacle_id = scenario.agents[index].id;
            run.first_in_obstacle_step = run.steps;
        }
    }
    if (recording.pictures) {
        std::vector<Point2> velocities;
        velocities.reserve(agents.size());
        for (const Agent& agent : agents)
            velocities.push_back({agent.velocity.x, agent.velocity.y});
        run.velocities.push_back(std::move(velocities));
        std::size_t points = 0;
        for (const Agent& agent : agents)
            points += agent.corridor.size() + 1;
        if (corridor_points + points <= recording.corridor_points) {
            corridor_points += points;
            std::vector<std::vector<Point2>> corridors;
            for (const Agent& agent : agents) {
                std::vector<Point2> way;
                if (!agent.corridor.empty()) {
                    way.push_back(agent.position);
                    way.insert(way.end(), agent.corridor.begin(), agent.corridor.end());
                }
                corridors.push_back(std::move(way));
            }
            run.corridors.push_back(std::move(corridors));
        } else {
            corridor_points = recording.corridor_points + 1;  // none later: frames keep a prefix
        }
    }
}

/// A number with at most four decimals, as short as JSON allows.
void append_number(std::string& out, float value) {
    const double rounded = std::round(double{value} * 1e4) / 1e4;
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, rounded == 0 ? 0.0 : rounded).ptr;
    out.append(text, end);
}

/// The steps a page shows: every one while agents x steps stay within `page_positions`, else
/// every k-th and the last, so a page stays a few tens of megabytes at most.
std::vector<std::size_t> steps_shown(const AgentRun& run) {
    const std::size_t steps = run.positions.size();
    const std::size_t agents = steps == 0 ? 0 : run.positions.front().size();
    const std::size_t stride =
        std::max<std::size_t>(1, (agents * steps + page_positions - 1) / page_positions);
    std::vector<std::size_t> shown;
    for (std::size_t step = 0; step < steps; step += stride)
        shown.push_back(step);
    if (steps > 0 && shown.back() != steps - 1) shown.push_back(steps - 1);
    return shown;
}

/// Characters of a coordinate within ±`bound` as `append_number` writes it, at most: a sign,
/// the whole digits, a point and four decimals.
std::size_t number_chars(float bound) {
    std::size_t whole = 1;
    for (double rest = std::fabs(double{bound}); rest >= 10; rest /= 10)
        ++whole;
    return 1 + whole + 5;
}

}  // namespace

std::size_t agents_trace_bytes(const AgentScenario& scenario, std::size_t steps) {
    const Scene& scene = scenario.scene;
    const std::size_t x_chars =
        number_chars(std::max(std::fabs(scene.min.x), std::fabs(scene.max.x)));
    const std::size_t y_chars =
        number_chars(std::max(std::fabs(scene.min.y), std::fabs(scene.max.y)));
    std::size_t step_bytes = 4;  // ",\n[" and "]"
    for (const ScenarioAgent& agent : scenario.agents)
        step_bytes += std::to_string(agent.id).size() + x_chars + y_chars + 5;  // ",[" "," "," "]"
    return 32 + steps * step_bytes;
}

std::size_t agent_run_bytes(const AgentScenario& scenario, AgentRecording recording, bool trace) {
    const std::size_t agents = scenario.agents.size();
    const auto steps = static_cast<std::size_t>(scenario.max_steps) + 1;
    std::size_t bytes = agents * bytes_per_agent;
    if (recording.positions || recording.pictures)
        bytes += steps * (agents * sizeof(Point2) + recorded_step_bytes);
    if (recording.pictures)
        bytes += steps * (agents * recorded_picture_bytes + recorded_step_bytes) +
                 std::min(steps * agents, page_positions + agents) * shown_position_bytes;
    if (trace) bytes += agents_trace_bytes(scenario, steps);
    if (recording.pictures && !scenario.changes.empty())
        bytes += recording.obstacle_points * recorded_obstacle_point_bytes;
    return bytes;
}

std::size_t agent_picture_bytes(const AgentScenario& scenario, std::size_t corridor_points,
                                std::size_t obstacle_points, int png_pixels) {
    const std::size_t agents = scenario.agents.size();
    const auto steps = static_cast<std::size_t>(scenario.max_steps) + 1;
    const auto side = [&](float extent) {
        return std::min<std::size_t>(
            largest_png_side, static_cast<std::size_t>(std::ceil(double{extent} * png_pixels)) + 1);
    };
    const Scene& scene = scenario.scene;
    return std::min(steps * agents, page_positions + agents) * page_bytes_per_position +
           corridor_points * page_bytes_per_corridor_point +
           (scenario.changes.empty() ? 0 : obstacle_points * page_bytes_per_obstacle_point) +
           side(scene.max.x - scene.min.x) * side(scene.max.y - scene.min.y) * png_pixel_bytes;
}

std::size_t AgentRun::arrived_count() const {
    return static_cast<std::size_t>(
        std::count_if(final_agents.begin(), final_agents.end(),
                      [](const Agent& agent) { return agent.state == AgentState::Arrived; }));
}

namespace {

/// The obstacles present during a run: each one's mesh id, shape and file id ("" for none).
struct PresentObstacle {
    ObstacleId id;
    Obstacle shape;
    std::string name;
};

/// Applies one change to the mesh and to `present` (the reader checked that every id it names
/// is present); refused as the mesh refuses it.
Status apply_change(const ObstacleChange& change, NavMesh& mesh,
                    std::vector<PresentObstacle>& present) {
    const auto named = [&](const std::string& name) {
        return std::find_if(present.begin(), present.end(),
                            [&](const PresentObstacle& obstacle) { return obstacle.name == name; });
    };
    switch (change.kind) {
        case ObstacleChangeKind::Add: {
            auto ids = mesh.add_obstacles(change.added);
            if (!ids) return ids.error();
            for (std::size_t index = 0; index < change.added.size(); ++index)
                present.push_back({ids.value()[index], change.added[index], change.names[index]});
            return {};
        }
        case ObstacleChangeKind::Remove: {
            std::vector<ObstacleId> ids;
            for (const std::string& name : change.names) {
                const auto found = named(name);
                ids.push_back(found->id);
                present.erase(found);
            }
            return mesh.remove_obstacles(ids);
        }
        case ObstacleChangeKind::Move: {
            const auto found = named(change.names.front());
            if (Status status = mesh.move_obstacle(found->id, change.offset); !status)
                return status;
            found->shape = found->shape.moved_by(change.offset);
            return {};
        }
    }
    return {};
}

/// Records the obstacles after a step's changes for pictures, while `points_left` allows.
void record_obstacles(const NavMesh& mesh, const std::vector<PresentObstacle>& present,
                      std::int64_t step, std::size_t& points_left, AgentRun& run) {
    AgentObstacleSet set{.first_step = step, .obstacles = {}, .buffers = {}};
    if (run.obstacles_left_out_from == 0) {
        std::size_t points = 0;
        for (const PresentObstacle& obstacle : present)
            set.obstacles.push_back(obstacle.shape.outline());
        set.buffers = mesh.outlines();
        for (const auto* rings : {&set.obstacles, &set.buffers})
            for (const auto& ring : *rings)
                points += ring.size();
        if (points <= points_left) {
            points_left -= points;
        } else {
            set.obstacles.clear();
            set.buffers.clear();
            run.obstacles_left_out_from = step;
        }
    }
    run.obstacle_sets.push_back(std::move(set));
}

/// Refused when the steps with changes times the mesh's triangles are over the limit.
Status check_repairs(const AgentScenario& scenario, const NavMesh& mesh, const std::string& file) {
    std::set<std::int64_t> steps;
    for (const ObstacleChange& change : scenario.changes)
        steps.insert(change.step);
    const std::size_t repairs = steps.size() * mesh.triangle_count();
    if (repairs <= limits::max_change_repairs) return {};
    return Status::invalid_input(
        file + ": " + std::to_string(steps.size()) + " steps with obstacle changes on a mesh of " +
        std::to_string(mesh.triangle_count()) + " triangles make " + std::to_string(repairs) +
        " triangle repairs, over the limit of " + std::to_string(limits::max_change_repairs) +
        " (fewer steps with changes or fewer obstacle corners)");
}

}  // namespace

Expected<AgentRun> run_agent_scenario(const AgentScenario& scenario, const std::string& file,
                                      AgentRecording recording) {
    auto built = build_nav_mesh(scenario.scene, MeshNodes::EdgeMidpoints, scenario.radius_classes);
    if (!built) return Status::invalid_input(file + ": " + built.error().message());
    NavMesh mesh = std::move(built).value();
    // A weighted filter's search visits points on every edge: 3 x points_per_edge a triangle.
    std::size_t agent_triangles = 0;
    for (const ScenarioAgent& agent : scenario.agents) {
        const bool weighted = (agent.filter.guarded_types() & ~agent.filter.excluded) != 0;
        agent_triangles += weighted ? 1 + 3 * std::size_t{agent.filter.points_per_edge} : 1;
    }
    const std::size_t planning = agent_triangles * mesh.triangle_count();
    if (planning > limits::max_agent_planning)
        return Status::invalid_input(
            file + ": " + std::to_string(scenario.agents.size()) +
            " agents planning paths on a mesh of " + std::to_string(mesh.triangle_count()) +
            " triangles make " + std::to_string(planning) +
            " agent-triangles (an agent with weighted ground in its filter counts 1 + 3 x "
            "points_per_edge), over the limit of " +
            std::to_string(limits::max_agent_planning) +
            " (fewer agents or fewer obstacle corners)");
    if (Status status = check_repairs(scenario, mesh, file); !status) return status;
    // The mesh numbers the scene's obstacles by their place in the scene.
    std::vector<PresentObstacle> present;
    for (std::size_t index = 0; index < scenario.scene.obstacles.size(); ++index)
        present.push_back(
            {ObstacleId(static_cast<std::uint32_t>(index)), scenario.scene.obstacles[index],
             index < scenario.scene.obstacle_names.size() ? scenario.scene.obstacle_names[index]
                                                          : std::string()});
    auto made = AgentWorld::create(mesh);
    if (!made) return Status::invalid_input(file + ": " + made.error().message());
    AgentWorld world = std::move(made).value();
    // The world numbers agents from 0 in the order they are added: file order.
    for (std::size_t index = 0; index < scenario.agents.size(); ++index) {
        const ScenarioAgent& agent = scenario.agents[index];
        auto added = world.add_agent(agent.at, agent.params);
        if (!added)
            return Status::invalid_input(file + ": " + agent_pointer(index, "at") + ": " +
                                         added.error().message());
        if (Status status = world.set_area_filter(added.value(), agent.filter); !status)
            return Status::invalid_input(file + ": " + agent_pointer(index, "filter") + ": " +
                                         status.message());
        if (Status status = world.set_target(added.value(), agent.to); !status)
            return Status::invalid_input(file + ": " + agent_pointer(index, "to") + ": " +
                                         status.message());
    }
    AgentRun run;
    if (recording.pictures) run.buffer_outlines = mesh.outlines();
    run.arrived_step.assign(scenario.agents.size(), std::nullopt);
    run.stuck_reason.assign(scenario.agents.size(), StuckReason::None);
    std::size_t corridor_points = 0, obstacle_points_left = recording.obstacle_points;
    record(world, scenario, recording, corridor_points, run);
    // Running until everyone is settled and every change applied: none moving (walking back
    // to a target it was pushed off included) and none stuck in a jam (it tries again).
    const auto settled = [&] {
        return std::none_of(world.agents().begin(), world.agents().end(), [](const Agent& agent) {
            return agent.state == AgentState::Moving ||
                   (agent.state == AgentState::Stuck &&
                    agent.stuck_reason == StuckReason::NoProgress);
        });
    };
    std::size_t next_change = 0;
    while (run.steps < scenario.max_steps &&
           (next_change < scenario.changes.size() || !settled())) {
        const std::int64_t step = run.steps + 1;
        AgentChangeRecord* changed = nullptr;
        if (next_change < scenario.changes.size() && scenario.changes[next_change].step == step) {
            AgentChangeRecord record{.step = step};
            for (; next_change < scenario.changes.size() &&
                   scenario.changes[next_change].step == step;
                 ++next_change) {
                const ObstacleChange& change = scenario.changes[next_change];
                if (Status status = apply_change(change, mesh, present); !status)
                    return Status::invalid_input(
                        file + ": " + change_pointer(next_change, to_string(change.kind)) + ": " +
                        status.message());
                record.changes.push_back(next_change);
            }
            const auto started = std::chrono::steady_clock::now();
            mesh.update();
            record.repair_microseconds = std::chrono::duration<double, std::micro>(
                                             std::chrono::steady_clock::now() - started)
                                             .count();
            record.rebuilt = mesh.last_change().renumbered;
            record.triangles_replaced = record.rebuilt
                                            ? mesh.triangle_count()
                                            : mesh.last_change().replaced_triangles.size();
            if (recording.pictures)
                record_obstacles(mesh, present, step, obstacle_points_left, run);
            run.changes.push_back(std::move(record));
            changed = &run.changes.back();
        }
        if (Status status = world.step(scenario.dt); !status)
            return Status::invalid_input(file + ": " + status.message());
        ++run.steps;
        for (const AgentEvent& event : world.events()) {
            const std::size_t index = event.agent.index();
            if (event.kind == AgentEventKind::Arrived) {
                run.arrived_step[index] = run.steps;
                run.stuck_reason[index] = StuckReason::None;
            } else if (event.kind == AgentEventKind::Stuck) {
                run.stuck_reason[index] = world.agent(event.agent).stuck_reason;
                if (changed && run.stuck_reason[index] == StuckReason::NoPath)
                    changed->walled_off.push_back(scenario.agents[index].id);
            } else if (event.kind == AgentEventKind::Replanned && changed) {
                changed->replanned.push_back(scenario.agents[index].id);
            } else if (event.kind == AgentEventKind::LinkStarted ||
                       event.kind == AgentEventKind::LinkFinished) {
                if (run.link_events.size() < max_recorded_link_events)
                    run.link_events.push_back({run.steps, scenario.agents[index].id,
                                               event.link.value,
                                               event.kind == AgentEventKind::LinkFinished});
                ++run.link_event_count;
            }
        }
        if (changed)
            for (auto* ids : {&changed->replanned, &changed->walled_off}) {
                std::sort(ids->begin(), ids->end());
                ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
            }
        record(world, scenario, recording, corridor_points, run);
    }
    run.final_agents.assign(world.agents().begin(), world.agents().end());
    for (std::size_t index = 0; index < run.final_agents.size(); ++index)
        if (run.final_agents[index].state != AgentState::Arrived) run.arrived_step[index].reset();
    return run;
}

std::string agents_trace_json(const AgentScenario& scenario, const AgentRun& run) {
    std::string out = "{\"dt\":";
    out.reserve(agents_trace_bytes(scenario, run.positions.size()));
    append_number(out, scenario.dt);
    out += ",\"steps\":[";
    for (std::size_t step = 0; step < run.positions.size(); ++step) {
        out += step == 0 ? "\n[" : ",\n[";
        for (std::size_t index = 0; index < run.positions[step].size(); ++index) {
            out += index == 0 ? "[" : ",[";
            out += std::to_string(scenario.agents[index].id);
            out += ',';
            append_number(out, run.positions[step][index].x);
            out += ',';
            append_number(out, run.positions[step][index].y);
            out += ']';
        }
        out += ']';
    }
    out += "]}\n";
    return out;
}

ViewerPart agents_part(std::string name, std::string summary, const AgentScenario& scenario,
                       const AgentRun& run) {
    SceneDrawing drawing;
    drawing.buffer_outlines = run.buffer_outlines;
    ViewerPart part = scene_part(std::move(name), std::move(summary), scenario.scene, drawing);
    const Point2 origin = scenario.scene.min;
    const auto shift = [&](Point2 p) { return Point2{p.x - origin.x, p.y - origin.y}; };
    std::vector<Point2> targets;
    for (const ScenarioAgent& agent : scenario.agents) {
        part.unit_labels.push_back(std::to_string(agent.id));
        part.unit_radii.push_back(agent.params.radius);
        targets.push_back(shift(agent.to));
    }
    const std::vector<std::size_t> shown = steps_shown(run);
    const auto shift_rings = [&](const std::vector<std::vector<Point2>>& rings) {
        std::vector<std::vector<Point2>> moved;
        for (const auto& ring : rings) {
            moved.emplace_back();
            for (Point2 p : ring)
                moved.back().push_back(shift(p));
        }
        return moved;
    };
    // Each set from the first frame shown at or after its step.
    for (const AgentObstacleSet& set : run.obstacle_sets) {
        const auto first =
            std::lower_bound(shown.begin(), shown.end(), static_cast<std::size_t>(set.first_step));
        part.obstacle_sets.push_back({static_cast<std::size_t>(first - shown.begin()),
                                      shift_rings(set.obstacles), shift_rings(set.buffers)});
    }
    if (run.obstacles_left_out_from > 0)
        part.summary += " Obstacles are not drawn from step " +
                        std::to_string(run.obstacles_left_out_from) +
                        " on (their outlines would be too many points).";
    for (const std::size_t step : shown) {
        std::vector<Point2> frame;
        for (Point2 p : run.positions[step])
            frame.push_back(shift(p));
        part.frames.push_back(std::move(frame));
        part.frame_labels.push_back("step " + std::to_string(step));
        part.destinations.push_back(targets);
        if (step < run.velocities.size()) part.velocities.push_back(run.velocities[step]);
        if (step >= run.corridors.size()) continue;
        std::vector<std::vector<Point2>> ways;
        for (const auto& way : run.corridors[step]) {
            std::vector<Point2> moved;
            for (Point2 p : way)
                moved.push_back(shift(p));
            ways.push_back(std::move(moved));
        }
        part.planned.push_back(std::move(ways));
    }
    return part;
}

}  // namespace pathkit
