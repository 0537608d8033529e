// Internal to crowd/: the state of a running coordinated move, complete where Crowd is built.
#pragma once

#include <optional>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/mapf/mapf_planner.hpp"

namespace pathkit {

// The planner (on `Crowd::coordination_graph_`) and the units it moves.
struct Crowd::CoordinatedMove {
    std::optional<MapfPlanner> planner;
    std::vector<std::uint32_t> units;  // by agent
};

}  // namespace pathkit
