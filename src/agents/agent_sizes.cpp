// AgentWorld with agents of several sizes: which radius class of the mesh each plans on, where
// it plans from, and which free space confines its moves.
#include <algorithm>

#include "agent_world_impl.hpp"

namespace pathkit {

const NavMesh& AgentWorld::Impl::planning_mesh(std::size_t index) {
    AgentPlanState& state = plans[index];
    if (state.planning_mesh) return *state.planning_mesh;
    state.planning_mesh = mesh;
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

Point2 AgentWorld::Impl::planning_start(const NavMesh& planning, Point2 position) const {
    if (&planning == mesh || planning.triangle_at(position)) return position;
    return planning.nearest_free_point(position).value_or(position);
}

const NavMesh& AgentWorld::Impl::walking_mesh(const Agent& agent, float& wall_distance) const {
    const NavMesh* planning = plans[agent.id.index()].planning_mesh;
    if (planning == nullptr || planning == mesh) return *mesh;
    // The class's obstacles reach at most twice its radius from the obstacles (mitered
    // corners), and the mesh's own at least its radius: so much nearer may the class's be.
    const float nearer = 2 * planning->options().buffer_radius - mesh->options().buffer_radius;
    wall_distance = std::max(0.0f, wall_distance - nearer);
    // An agent outside the class's free space (set down or pushed there) walks the mesh's own
    // until it is back in it.
    return planning->triangle_at(agent.position) ? *planning : *mesh;
}

}  // namespace pathkit
