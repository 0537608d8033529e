// AgentWorld: creating the world, adding, removing and directing agents, and reading them back.
#include <cmath>
#include <string>

#include "agent_world_impl.hpp"
#include "behaviours.hpp"
#include "pathkit/core/assert.hpp"

namespace pathkit {

namespace {
bool positive(float value) {
    return std::isfinite(value) && value > 0;
}
bool non_negative(float value) {
    return std::isfinite(value) && value >= 0;
}
bool finite(Point2 point) {
    return std::isfinite(point.x) && std::isfinite(point.y);
}
std::string text_of(float value) {
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}
}  // namespace

const char* to_string(AgentState state) {
    switch (state) {
        case AgentState::Idle:
            return "idle";
        case AgentState::Moving:
            return "moving";
        case AgentState::Arrived:
            return "arrived";
        case AgentState::Stuck:
            return "stuck";
    }
    return "unknown";
}

const char* to_string(StuckReason reason) {
    switch (reason) {
        case StuckReason::None:
            return "none";
        case StuckReason::NoPath:
            return "no_path";
        case StuckReason::NoProgress:
            return "no_progress";
    }
    return "unknown";
}

const char* to_string(AgentEventKind kind) {
    switch (kind) {
        case AgentEventKind::Arrived:
            return "arrived";
        case AgentEventKind::Stuck:
            return "stuck";
        case AgentEventKind::Replanned:
            return "replanned";
        case AgentEventKind::LinkStarted:
            return "link_started";
        case AgentEventKind::LinkFinished:
            return "link_finished";
    }
    return "unknown";
}

Status check_agent_params(const AgentParams& params) {
    constexpr float largest = 1e5f;  // sizes and speeds beyond this are surely mistakes
    const std::pair<float, const char*> sizes[] = {
        {params.radius, "radius"},
        {params.max_speed, "max_speed"},
        {params.max_acceleration, "max_acceleration"},
        {params.time_horizon, "time_horizon"},
        {params.obstacle_time_horizon, "obstacle_time_horizon"},
        {params.behaviours.flock_distance, "flock_distance"}};
    for (const auto& [value, name] : sizes)
        if (!positive(value) || value > largest)
            return Status::invalid_input(std::string(name) + " must be finite, > 0 and <= 1e5");
    if (!non_negative(params.arrival_distance) || params.arrival_distance > largest)
        return Status::invalid_input("arrival_distance must be finite, >= 0 and <= 1e5");
    const BehaviourWeights& weights = params.behaviours;
    const std::pair<float, const char*> weight_list[] = {{weights.follow_path, "follow_path"},
                                                         {weights.seek, "seek"},
                                                         {weights.flee, "flee"},
                                                         {weights.wander, "wander"},
                                                         {weights.separation, "separation"},
                                                         {weights.alignment, "alignment"},
                                                         {weights.cohesion, "cohesion"}};
    for (const auto& [value, name] : weight_list)
        if (!non_negative(value) || value > largest)
            return Status::invalid_input(std::string("behaviour weight ") + name +
                                         " must be finite, >= 0 and <= 1e5");
    if (!finite(weights.seek_point) || !finite(weights.flee_point))
        return Status::invalid_input("seek_point and flee_point must be finite");
    return {};
}

AgentWorld::AgentWorld(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
AgentWorld::AgentWorld(AgentWorld&&) noexcept = default;
AgentWorld& AgentWorld::operator=(AgentWorld&&) noexcept = default;
AgentWorld::~AgentWorld() = default;

Expected<AgentWorld> AgentWorld::create(const NavMesh& mesh, const AgentWorldOptions& options) {
    // A triangulated mesh without triangles (obstacles cover everything) is a world where no
    // agent can stand: add_agent says so.
    if (mesh.revision() == 0)
        return Status::invalid_input(
            "the mesh has not been triangulated; call triangulate() first");
    if (!positive(options.stuck_seconds))
        return Status::invalid_input("stuck_seconds must be finite and > 0");
    if (!non_negative(options.retry_seconds))
        return Status::invalid_input("retry_seconds must be finite and >= 0");
    if (!non_negative(options.neighbour_distance) || options.neighbour_distance > 1e5f)
        return Status::invalid_input("neighbour_distance must be finite, >= 0 and <= 1e5");
    if (options.max_neighbours < 1 || options.max_neighbours > 1024)
        return Status::invalid_input("max_neighbours must be in 1..1024");
    auto impl = std::make_unique<Impl>();
    impl->mesh = &mesh;
    impl->options = options;
    impl->mesh_revision = mesh.revision();
    impl->edge_grid.rebuild(mesh);
    return AgentWorld(std::move(impl));
}

Expected<AgentId> AgentWorld::add_agent(Point2 position, const AgentParams& params) {
    if (Status status = check_agent_params(params); !status) return status;
    if (!finite(position) || !impl_->mesh->triangle_at(position))
        return Status::invalid_input("position " + to_string(position) +
                                     " is not in the mesh's free space");
    if (impl_->agents.size() >= UINT32_MAX - 1) return Status::invalid_input("too many agents");
    Agent agent;
    agent.id = AgentId(static_cast<std::uint32_t>(impl_->agents.size()));
    agent.params = params;
    agent.position = position;
    impl_->agents.push_back(agent);
    AgentPlanState plan;
    plan.wander_heading =
        static_cast<float>(agents::mix_bits(impl_->options.seed ^ (agent.id.value * 0x9e37ULL)) >>
                           40) /
        static_cast<float>(1 << 24) * 6.2831853f;
    impl_->plans.push_back(plan);
    return agent.id;
}

namespace {
Status unknown(AgentId agent) {
    return Status::invalid_input("agent " + std::to_string(agent.value) +
                                 " does not exist or was removed");
}
}  // namespace

Status AgentWorld::remove_agent(AgentId agent) {
    if (agent.index() >= impl_->agents.size() || !impl_->agents[agent.index()].active)
        return unknown(agent);
    Agent& removed = impl_->agents[agent.index()];
    removed.active = false;
    removed.velocity = removed.preferred_velocity = {};
    removed.corridor.clear();
    return {};
}

Status AgentWorld::set_target(AgentId agent, Point2 target) {
    if (agent.index() >= impl_->agents.size() || !impl_->agents[agent.index()].active)
        return unknown(agent);
    if (!finite(target) || !impl_->mesh->triangle_at(target))
        return Status::invalid_input("target " + to_string(target) +
                                     " is not in the mesh's free space");
    const NavMesh& own = impl_->planning_mesh(agent.index());
    if (&own != impl_->mesh && !own.triangle_at(target))
        return Status::invalid_input(
            "target " + to_string(target) + " is closer to an obstacle than the radius class " +
            text_of(own.options().buffer_radius) + " this agent plans with");
    Agent& moved = impl_->agents[agent.index()];
    AgentPlanState& plan = impl_->plans[agent.index()];
    moved.target = target;
    moved.state = AgentState::Moving;
    moved.stuck_reason = StuckReason::None;
    plan.needs_plan = true;
    plan.returning = false;
    plan.best_remaining = INFINITY;
    plan.seconds_without_progress = 0;
    return {};
}

Status AgentWorld::clear_target(AgentId agent) {
    if (agent.index() >= impl_->agents.size() || !impl_->agents[agent.index()].active)
        return unknown(agent);
    Agent& stopped = impl_->agents[agent.index()];
    stopped.target.reset();
    stopped.state = AgentState::Idle;
    stopped.stuck_reason = StuckReason::None;
    stopped.corridor.clear();
    impl_->plans[agent.index()].needs_plan = false;
    impl_->plans[agent.index()].planned = false;
    impl_->plans[agent.index()].returning = false;
    return {};
}

Status AgentWorld::set_params(AgentId agent, const AgentParams& params) {
    if (agent.index() >= impl_->agents.size() || !impl_->agents[agent.index()].active)
        return unknown(agent);
    if (Status status = check_agent_params(params); !status) return status;
    Agent& changed = impl_->agents[agent.index()];
    AgentPlanState& plan = impl_->plans[agent.index()];
    if (params.radius != changed.params.radius) {
        // Another size may plan on another class: the path again.
        plan.planning_mesh = nullptr;
        plan.in_planning_space = false;
        plan.needs_plan = plan.needs_plan || changed.state == AgentState::Moving;
    }
    changed.params = params;
    return {};
}

Status AgentWorld::set_area_filter(AgentId agent, const AreaFilter& filter) {
    if (agent.index() >= impl_->agents.size() || !impl_->agents[agent.index()].active)
        return unknown(agent);
    if (Status status = filter.validate(); !status) return status;
    AgentPlanState& plan = impl_->plans[agent.index()];
    plan.filter = filter.is_plain() ? nullptr : std::make_shared<const AreaFilter>(filter);
    plan.needs_plan = plan.needs_plan || impl_->agents[agent.index()].state == AgentState::Moving;
    return {};
}

const AreaFilter& AgentWorld::area_filter(AgentId agent) const {
    static const AreaFilter plain;
    if (agent.index() >= impl_->agents.size() || !impl_->plans[agent.index()].filter) return plain;
    return *impl_->plans[agent.index()].filter;
}

std::span<const Agent> AgentWorld::agents() const {
    return impl_->agents;
}

const Agent& AgentWorld::agent(AgentId agent) const {
    PATHKIT_ASSERT(agent.index() < impl_->agents.size());
    static const Agent nobody = [] {
        Agent none;
        none.active = false;
        return none;
    }();
    return agent.index() < impl_->agents.size() ? impl_->agents[agent.index()] : nobody;
}

std::span<const AgentEvent> AgentWorld::events() const {
    return impl_->events;
}

const AgentStepStats& AgentWorld::last_step_stats() const {
    return impl_->stats;
}

std::uint64_t AgentWorld::step_count() const {
    return impl_->steps;
}

const NavMesh& AgentWorld::mesh() const {
    return *impl_->mesh;
}

}  // namespace pathkit
