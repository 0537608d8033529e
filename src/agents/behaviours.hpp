// Steering behaviours (GameplayKit's goals) blended into an agent's preferred velocity.
#pragma once

#include <cstdint>
#include <span>

#include "agent_tree.hpp"
#include "pathkit/agents/agent_world.hpp"

namespace pathkit::agents {

/// Towards `aim` at top speed, slowed by `remaining` (world units along the path to the target)
/// so the agent can stop on the target with half its acceleration and never overshoots it in
/// one step of `time_step` seconds.
[[nodiscard]] Vector2 follow_path_velocity(Point2 position, Point2 aim, float remaining,
                                           const AgentParams& params, float time_step);

/// A new wander heading (radians): the old one turned by at most 2 radians per second, the
/// turn drawn from `random_bits`.
[[nodiscard]] float turn_wander_heading(float heading, std::uint64_t random_bits, float time_step);

/// The weighted sum of the agent's behaviours, at most its top speed (units per second).
/// `path_velocity` is the follow-path velocity, `neighbours` the agent's nearest others (indices
/// into `agents`), `wander_heading` its heading for wandering (radians).
[[nodiscard]] Vector2 blend_behaviours(const Agent& agent, Vector2 path_velocity,
                                       std::span<const Agent> agents,
                                       std::span<const Neighbour> neighbours, float wander_heading);

/// A well-mixed 64-bit value of `value` (the finaliser of MurmurHash3), for deterministic
/// random draws.
[[nodiscard]] std::uint64_t mix_bits(std::uint64_t value);

}  // namespace pathkit::agents
