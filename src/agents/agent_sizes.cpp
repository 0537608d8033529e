// AgentWorld with agents of several sizes: which radius class of the mesh each plans on, where
// it plans from, and which free space confines its moves.
#include <algorithm>

#include "agent_world_impl.hpp"

namespace pathkit {

const NavMesh& AgentWorld::Impl::planning_mesh(std::size_t index) {
    AgentPlanState& state = plans[index];
    if (state.planning_mesh) return *state.planning_mesh;
    state.planning_mesh = mesh;
    state.in_planning_space = false;
    // Never finer than the mesh's own radius: its boundary edges are the agents' walls.
    const float radius = std::max(agents[index].params.radius, mesh->options().buffer_radius);
    if (radius > mesh->options().buffer_radius) {
        auto chosen = mesh->radius_class_mesh(radius);
        // Larger than every class: the largest, the rest of its radius kept by avoidance.
        if (!chosen) chosen = mesh->radius_class_mesh(mesh->radius_classes().back());
        if (chosen) state.planning_mesh = chosen.value();
    }
    return *state.planning_mesh;
}

bool AgentWorld::Impl::in_planning_space(std::size_t index) {
    AgentPlanState& state = plans[index];
    const NavMesh& planning = planning_mesh(index);
    if (&planning == mesh) return true;
    if (!state.in_planning_space)
        state.in_planning_space = planning.triangle_at(agents[index].position).has_value();
    return state.in_planning_space;
}

Point2 AgentWorld::Impl::planning_start(std::size_t index) {
    const Point2 position = agents[index].position;
    if (in_planning_space(index)) return position;
    return planning_mesh(index).nearest_free_point(position).value_or(position);
}

float AgentWorld::Impl::class_walls_nearer(std::size_t index) const {
    const NavMesh* planning = plans[index].planning_mesh;
    if (planning == nullptr || planning == mesh) return 0;
    // The class's obstacles reach at most twice its radius from the obstacles (mitered
    // corners), and the mesh's own at least its radius: so much nearer may the class's be.
    return 2 * planning->options().buffer_radius - mesh->options().buffer_radius;
}

const NavMesh& AgentWorld::Impl::walking_mesh(std::size_t index, float& wall_distance) {
    AgentPlanState& state = plans[index];
    // Not planned yet (or on the mesh's own): the mesh's own, with no class to build for it.
    if (state.planning_mesh == nullptr || state.planning_mesh == mesh) return *mesh;
    // An agent outside the class's free space (set down or pushed there) walks the mesh's own
    // until it is back in it.
    if (!in_planning_space(index)) return *mesh;
    wall_distance = std::max(0.0f, wall_distance - class_walls_nearer(index));
    return *state.planning_mesh;
}

}  // namespace pathkit
