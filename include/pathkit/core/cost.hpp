/// The cost type of every search: single-precision, as GameplayKit, Detour and Godot use.
#pragma once

#include <cmath>
#include <limits>

namespace pathkit {

/// A travel cost or cost estimate, in the units of the space (tiles, world units, seconds...).
/// Valid step costs are finite and >= 0; +infinity means "no connection" (GameplayKit's
/// `costToNode:` to an unconnected node).
using Cost = float;

/// The cost of a step that cannot be taken.
inline constexpr Cost infinite_cost = std::numeric_limits<Cost>::infinity();

/// True for a cost a step may have: finite and not negative (rejects NaN too).
[[nodiscard]] inline bool is_valid_step_cost(Cost cost) {
    return cost >= 0 && cost < infinite_cost;
}

}  // namespace pathkit
