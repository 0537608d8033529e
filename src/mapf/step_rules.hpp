// The rules every step of a MAPF run keeps, shared by the one-shot and the lifelong validators.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "pathkit/grid/grid_map.hpp"

namespace pathkit::detail {

/// "t=T: ", the prefix of a problem found at step `t`.
inline std::string at_step(std::size_t t) {
    return "t=" + std::to_string(t) + ": ";
}

/// Checks step `t` of `steps` (every step as long as the agent count; at t > 0 against step
/// t - 1): each agent on a walkable tile of the map, no two agents on one tile, each move at
/// most one straight step, no two agents trading tiles. `problem(text)` is called once for
/// each rule broken. `holder` is scratch (cleared here).
template <class Report>
void check_step_rules(const GridMap& map, const std::vector<std::vector<Cell>>& steps,
                      std::size_t t, std::map<Cell, std::size_t>& holder, Report&& problem) {
    const std::size_t agents = steps[t].size();
    holder.clear();
    for (std::size_t agent = 0; agent < agents; ++agent) {
        const Cell here = steps[t][agent];
        // Spelled out only for a problem: most steps have none.
        const auto who = [agent] { return "agent " + std::to_string(agent); };
        if (!map.is_walkable(here))
            problem(at_step(t) + who() + " on " + to_string(here) +
                    (map.contains(here) ? ", a blocked tile" : ", outside the map"));
        if (const auto [other, added] = holder.try_emplace(here, agent); !added)
            problem(at_step(t) + "agents " + std::to_string(other->second) + " and " +
                    std::to_string(agent) + " both on " + to_string(here));
        if (t == 0) continue;
        // In 64 bits: ints may be 2^32 apart.
        const Cell before = steps[t - 1][agent];
        if (std::llabs(static_cast<long long>(here.x) - before.x) +
                std::llabs(static_cast<long long>(here.y) - before.y) >
            1)
            problem(at_step(t) + who() + " jumps from " + to_string(before) + " to " +
                    to_string(here));
    }
    if (t == 0) return;
    // Agent a moves onto b's tile while b moves onto a's.
    for (std::size_t agent = 0; agent < agents; ++agent) {
        const Cell before = steps[t - 1][agent], here = steps[t][agent];
        if (before == here) continue;
        const auto other = holder.find(before);
        if (other == holder.end() || other->second == agent) continue;
        if (steps[t - 1][other->second] == here && agent < other->second)
            problem(at_step(t) + "agents " + std::to_string(agent) + " and " +
                    std::to_string(other->second) + " trade tiles " + to_string(before) + " and " +
                    to_string(here));
    }
}

}  // namespace pathkit::detail
