// Running agents scenarios and recording them for text, traces and pictures (agents_run.hpp).
#include "agents_run.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

#include "pathkit/io/viewer_parts.hpp"

namespace pathkit::cli {

namespace {

/// Corridor points recorded for pictures over a whole run, at most.
constexpr std::size_t corridor_point_budget = 1'000'000;
/// Agent positions a viewer page shows, at most (thinning the steps beyond).
constexpr std::size_t page_positions = 400'000;

/// The deepest overlap among `agents` at `step`, found by sweeping them in x order: only pairs
/// closer in x than the widest radius sum are measured.
void measure_overlap(const std::vector<Agent>& agents, const AgentScenario& scenario,
                     std::int64_t step, AgentOverlap& deepest) {
    std::vector<std::size_t> order(agents.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return agents[a].position.x < agents[b].position.x;
    });
    float widest = 0;
    for (const Agent& agent : agents)
        widest = std::max(widest, agent.params.radius);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Agent& a = agents[order[i]];
        for (std::size_t j = i + 1; j < order.size(); ++j) {
            const Agent& b = agents[order[j]];
            if (b.position.x - a.position.x >= a.params.radius + widest) break;
            const double sum = double{a.params.radius} + b.params.radius;
            const double gap = std::hypot(double{a.position.x} - b.position.x,
                                          double{a.position.y} - b.position.y);
            const double share = (sum - gap) / sum;
            if (share <= deepest.share) continue;
            deepest = {share, scenario.agents[order[i]].id, scenario.agents[order[j]].id, step};
            if (deepest.first_id > deepest.second_id)
                std::swap(deepest.first_id, deepest.second_id);
        }
    }
}

/// Records the agents' state after a step (or at the start).
void record(const AgentWorld& world, const std::vector<AgentId>& ids, const AgentScenario& scenario,
            bool pictures, std::size_t& corridor_points, AgentRun& run) {
    std::vector<Agent> agents;
    agents.reserve(ids.size());
    for (AgentId id : ids)
        agents.push_back(world.agent(id));
    std::vector<Point2> positions;
    for (const Agent& agent : agents)
        positions.push_back(agent.position);
    run.positions.push_back(std::move(positions));
    measure_overlap(agents, scenario, run.steps, run.deepest_overlap);
    for (std::size_t index = 0; index < agents.size(); ++index) {
        const Point2 centre = agents[index].position;
        if (!world.mesh().is_inside_obstacle(centre) && world.mesh().triangle_at(centre)) continue;
        if (run.centres_in_obstacles++ == 0) {
            run.first_in_obstacle_id = scenario.agents[index].id;
            run.first_in_obstacle_step = run.steps;
        }
    }
    if (pictures) {
        std::vector<Point2> velocities;
        for (const Agent& agent : agents)
            velocities.push_back({agent.velocity.x, agent.velocity.y});
        run.velocities.push_back(std::move(velocities));
        std::size_t points = 0;
        for (const Agent& agent : agents)
            points += agent.corridor.size() + 1;
        if (corridor_points + points <= corridor_point_budget) {
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
            corridor_points = corridor_point_budget + 1;  // none later: frames keep a prefix
        }
    }
    run.final_agents = std::move(agents);
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

}  // namespace

std::size_t AgentRun::arrived_count() const {
    return static_cast<std::size_t>(
        std::count_if(final_agents.begin(), final_agents.end(),
                      [](const Agent& agent) { return agent.state == AgentState::Arrived; }));
}

Expected<AgentRun> run_agent_scenario(const AgentScenario& scenario, const std::string& file,
                                      bool pictures) {
    auto built = build_nav_mesh(scenario.scene);
    if (!built) return Status::invalid_input(file + ": " + built.error().message());
    const NavMesh mesh = std::move(built).value();
    auto made = AgentWorld::create(mesh);
    if (!made) return Status::invalid_input(file + ": " + made.error().message());
    AgentWorld world = std::move(made).value();
    std::vector<AgentId> ids;
    for (std::size_t index = 0; index < scenario.agents.size(); ++index) {
        const ScenarioAgent& agent = scenario.agents[index];
        auto added = world.add_agent(agent.at, agent.params);
        if (!added)
            return Status::invalid_input(file + ": " + agent_pointer(index, "at") + ": " +
                                         added.error().message());
        if (Status status = world.set_target(added.value(), agent.to); !status)
            return Status::invalid_input(file + ": " + agent_pointer(index, "to") + ": " +
                                         status.message());
        ids.push_back(added.value());
    }
    AgentRun run;
    if (pictures) run.buffer_outlines = mesh.outlines();
    run.arrived_step.assign(ids.size(), std::nullopt);
    run.stuck_reason.assign(ids.size(), StuckReason::None);
    std::vector<std::size_t> index_of(ids.empty() ? 0 : ids.back().value + 1);
    for (std::size_t index = 0; index < ids.size(); ++index)
        index_of[ids[index].value] = index;
    std::size_t corridor_points = 0;
    record(world, ids, scenario, pictures, corridor_points, run);
    // Running until everyone is settled: none moving, none stuck in a jam (it tries again), and
    // none that arrived pushed off its target and still walking back to it.
    const auto settled = [&] {
        return std::none_of(run.final_agents.begin(), run.final_agents.end(),
                            [](const Agent& agent) {
                                return agent.state == AgentState::Moving ||
                                       (agent.state == AgentState::Stuck &&
                                        agent.stuck_reason == StuckReason::NoProgress) ||
                                       (agent.state == AgentState::Arrived &&
                                        length(agent.target - agent.position) >
                                            agent.params.arrival_distance + 0.02f &&
                                        length(agent.velocity) > 0);
                            });
    };
    while (run.steps < scenario.max_steps && !settled()) {
        if (Status status = world.step(scenario.dt); !status)
            return Status::invalid_input(file + ": " + status.message());
        ++run.steps;
        for (const AgentEvent& event : world.events()) {
            const std::size_t index = index_of[event.agent.value];
            if (event.kind == AgentEventKind::Arrived) {
                run.arrived_step[index] = run.steps;
                run.stuck_reason[index] = StuckReason::None;
            } else if (event.kind == AgentEventKind::Stuck) {
                run.stuck_reason[index] = world.agent(event.agent).stuck_reason;
            }
        }
        record(world, ids, scenario, pictures, corridor_points, run);
    }
    for (std::size_t index = 0; index < ids.size(); ++index)
        if (run.final_agents[index].state != AgentState::Arrived) run.arrived_step[index].reset();
    return run;
}

std::string agents_trace_json(const AgentScenario& scenario, const AgentRun& run) {
    std::string out = "{\"dt\":";
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
    out += "]}";
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
    for (const std::size_t step : steps_shown(run)) {
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

}  // namespace pathkit::cli
