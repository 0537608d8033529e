// What an AgentWorld keeps per agent about the links of the mesh: the link its corridor leads
// to, the crossing under way, and its place in a one-at-a-time link's queue.
#pragma once

#include <cstdint>
#include <optional>

#include "path_corridor.hpp"

namespace pathkit::agents {

/// Per agent: the link ahead and the crossing under way (src/agents/agent_links.cpp).
struct LinkLeg {
    /// The link at the end of its corridor; none when its path walks to the target.
    std::optional<CorridorLink> next;
    /// True while it crosses `next`, for `duration` seconds, `elapsed` of them gone.
    bool crossing = false;
    float elapsed = 0;
    float duration = 0;
    /// The step it joined the queue of a one-at-a-time link (0: not waiting).
    std::uint64_t waiting_since = 0;
};

}  // namespace pathkit::agents
