// DetourCrowd as a peer of AgentWorld: round agents on a Detour mesh made from our triangles,
// stepped by dtCrowd, for bench/agents_bench.cpp.
#pragma once

#include "pathkit/core/point.hpp"

class dtCrowd;
class dtNavMesh;

namespace pathkit::bench {

/// A dtCrowd on `mesh` with RecastDemo's four obstacle avoidance presets (0 low .. 3 high).
class DetourCrowdPeer {
  public:
    /// Room for `max_agents` agents of radius up to `max_radius` (world units); every agent
    /// avoids with the preset `avoidance_quality` (0..3).
    DetourCrowdPeer(dtNavMesh* mesh, int max_agents, float max_radius, int avoidance_quality);
    ~DetourCrowdPeer();
    DetourCrowdPeer(const DetourCrowdPeer&) = delete;
    DetourCrowdPeer& operator=(const DetourCrowdPeer&) = delete;

    [[nodiscard]] bool ready() const { return crowd_ != nullptr; }
    /// Adds an agent at `at` walking to `to` (world units, speeds per second); its index, or -1
    /// when Detour refuses it (full, or no polygon near either point).
    int add_agent(Point2 at, Point2 to, float radius, float max_speed, float max_acceleration);
    /// One crowd update of `dt` seconds.
    void step(float dt);
    /// Where agent `agent` stands now.
    [[nodiscard]] Point2 position(int agent) const;

  private:
    dtCrowd* crowd_ = nullptr;
    int avoidance_quality_ = 3;
};

}  // namespace pathkit::bench
