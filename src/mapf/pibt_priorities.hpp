// PIBT's priorities, shared by LaCAM (one set per configuration) and MapfPlanner (one set that
// moves with the agents): how they start, how a step changes them, and the order they give.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <span>

#include "pathkit/mapf/pibt.hpp"

namespace pathkit::mapf_detail {

/// The first priorities of agents standing on `at`: each one's distance to its goal over the
/// number of agents, so the farthest choose first. False when some agent cannot reach its goal
/// (its priority is then the largest). May throw `DistanceTables::OutOfTime`.
inline bool start_priorities(Pibt& pibt, std::span<const MapfVertex> at,
                             std::span<float> priorities) {
    bool all_reachable = true;
    const auto agents = static_cast<float>(at.size());
    for (std::uint32_t agent = 0; agent < at.size(); ++agent) {
        const std::uint32_t distance = pibt.distance_to_goal(agent, at[agent]);
        all_reachable = all_reachable && distance != DistanceTables::unreachable;
        priorities[agent] = static_cast<float>(distance) / agents;
    }
    return all_reachable;
}

/// After a step to `next`: an agent off its goal gains 1, so those kept waiting rise; one on
/// its goal drops back to its fraction (its first priority's tie-break).
inline void step_priorities(std::span<const MapfVertex> next, std::span<const MapfVertex> goals,
                            std::span<float> priorities) {
    for (std::size_t agent = 0; agent < next.size(); ++agent) {
        float& priority = priorities[agent];
        if (next[agent] != goals[agent])
            priority += 1;
        else
            priority -= std::floor(priority);
    }
}

/// Sorts `order` (agent numbers) by falling priority; equal priorities keep their order.
inline void sort_by_priority(std::span<const float> priorities, std::span<std::uint32_t> order) {
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return priorities[a] > priorities[b];
    });
}

/// Every agent by falling priority, equal priorities by agent number.
inline void order_by_priority(std::span<const float> priorities, std::span<std::uint32_t> order) {
    std::iota(order.begin(), order.end(), 0u);
    sort_by_priority(priorities, order);
}

}  // namespace pathkit::mapf_detail
