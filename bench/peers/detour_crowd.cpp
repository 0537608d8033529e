// DetourCrowd as a peer of AgentWorld (see detour_crowd.hpp): set up as RecastDemo's crowd tool
// sets it up, with our (x, y) as Detour's (x, 0, y).
#include "detour_crowd.hpp"

#include <DetourCrowd.h>
#include <DetourNavMeshQuery.h>

namespace pathkit::bench {

DetourCrowdPeer::DetourCrowdPeer(dtNavMesh* mesh, int max_agents, float max_radius,
                                 int avoidance_quality)
    : avoidance_quality_(avoidance_quality) {
    if (mesh == nullptr) return;
    dtCrowd* crowd = dtAllocCrowd();
    if (!crowd->init(max_agents, max_radius, mesh)) {
        dtFreeCrowd(crowd);
        return;
    }
    // RecastDemo's presets: low (11 samples), medium (22), good (45), high (66).
    dtObstacleAvoidanceParams params = *crowd->getObstacleAvoidanceParams(0);
    const unsigned char presets[4][3] = {{5, 2, 1}, {5, 2, 2}, {7, 2, 3}, {7, 3, 3}};
    for (int preset = 0; preset < 4; ++preset) {
        params.velBias = 0.5f;
        params.adaptiveDivs = presets[preset][0];
        params.adaptiveRings = presets[preset][1];
        params.adaptiveDepth = presets[preset][2];
        crowd->setObstacleAvoidanceParams(preset, &params);
    }
    crowd_ = crowd;
}

DetourCrowdPeer::~DetourCrowdPeer() {
    if (crowd_ != nullptr) dtFreeCrowd(crowd_);
}

int DetourCrowdPeer::add_agent(Point2 at, Point2 to, float radius, float max_speed,
                               float max_acceleration) {
    dtCrowdAgentParams params{};
    params.radius = radius;
    params.height = 2;
    params.maxAcceleration = max_acceleration;
    params.maxSpeed = max_speed;
    params.collisionQueryRange = radius * 12;
    params.pathOptimizationRange = radius * 30;
    // RecastDemo's crowd tool defaults: separation stays off (with it, agents near others are
    // pushed off their targets and never settle).
    params.separationWeight = 2;
    params.updateFlags = DT_CROWD_ANTICIPATE_TURNS | DT_CROWD_OPTIMIZE_VIS |
                         DT_CROWD_OPTIMIZE_TOPO | DT_CROWD_OBSTACLE_AVOIDANCE;
    params.obstacleAvoidanceType = static_cast<unsigned char>(avoidance_quality_);
    const float start[3] = {at.x, 0, at.y};
    const int agent = crowd_->addAgent(start, &params);
    if (agent < 0) return -1;
    const float end[3] = {to.x, 0, to.y};
    dtPolyRef target = 0;
    float on_mesh[3];
    crowd_->getNavMeshQuery()->findNearestPoly(end, crowd_->getQueryExtents(), crowd_->getFilter(0),
                                               &target, on_mesh);
    if (target == 0 || !crowd_->requestMoveTarget(agent, target, on_mesh)) {
        crowd_->removeAgent(agent);
        return -1;
    }
    return agent;
}

void DetourCrowdPeer::step(float dt) {
    crowd_->update(dt, nullptr);
}

Point2 DetourCrowdPeer::position(int agent) const {
    const float* at = crowd_->getAgent(agent)->npos;
    return {at[0], at[2]};
}

}  // namespace pathkit::bench
