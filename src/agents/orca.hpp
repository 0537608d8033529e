// ORCA (van den Berg, Guy, Lin and Manocha, "Reciprocal n-Body Collision Avoidance", 2011): the
// half-planes of allowed velocities and the linear programs that pick a velocity from them.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "pathkit/agents/vector2.hpp"

namespace pathkit::agents {

/// The velocities on the left of the line through `point` along `direction` (unit length),
/// boundary included: v is allowed when cross(direction, v - point) >= 0. World units per second.
struct HalfPlane {
    Vector2 point;
    Vector2 direction;
};

/// True when `velocity` lies in `plane`, or outside it by at most `tolerance` (units/s, >= 0).
[[nodiscard]] bool allows(const HalfPlane& plane, Vector2 velocity, float tolerance = 0);

/// The ORCA half-plane of an agent against one neighbour, taking half of the avoidance.
/// `relative_position` is the neighbour's position minus the agent's (world units),
/// `relative_velocity` the agent's velocity minus the neighbour's, `combined_radius` the sum of
/// both radii (> 0), `time_horizon` how far ahead collisions count (seconds, > 0), and
/// `time_step` the step (seconds, > 0) used to push apart agents that already overlap.
[[nodiscard]] HalfPlane agent_half_plane(Vector2 own_velocity, Vector2 relative_position,
                                         Vector2 relative_velocity, float combined_radius,
                                         float time_horizon, float time_step);

/// The half-plane that keeps an agent at least `clearance` (world units, >= 0) from an obstacle
/// edge for `time_horizon` seconds (> 0). `towards` is the unit vector from the agent to the
/// edge's closest point, `distance` (world units, >= 0) how far that point is. The velocity's
/// component along `towards` is at most (distance - clearance) / time_horizon, or 0 when
/// already closer than `clearance`: the agent may always slide along the edge or stand still.
[[nodiscard]] HalfPlane obstacle_half_plane(Vector2 towards, float distance, float clearance,
                                            float time_horizon);

/// The 2D linear program: the velocity of at most `max_speed` (> 0) in every half-plane that is
/// closest to `preferred` (or, with `optimize_direction`, furthest along the unit vector
/// `preferred`), written to `result`. Half-planes are added in order; returns their count when
/// all hold, else the index of the first one that could not be met with those before it
/// (`result` then holds the answer for those before it).
std::size_t linear_program_2d(std::span<const HalfPlane> planes, float max_speed, Vector2 preferred,
                              bool optimize_direction, Vector2& result);

/// The 3D linear program for crowded cases where `linear_program_2d` failed at `failed`: the
/// first `hard_count` half-planes (obstacles) stay hard, the others are all relaxed by the
/// same, least possible distance. `result` starts as the 2D answer and ends as the velocity
/// that violates the soft half-planes least. `scratch` is reused memory.
void linear_program_3d(std::span<const HalfPlane> planes, std::size_t hard_count,
                       std::size_t failed, float max_speed, Vector2& result,
                       std::vector<HalfPlane>& scratch);

/// Both programs: the velocity for an agent (<= `max_speed`) given its half-planes, obstacles'
/// first (`hard_count` of them). Returns true when the 3D fallback was needed.
bool choose_velocity(std::span<const HalfPlane> planes, std::size_t hard_count, float max_speed,
                     Vector2 preferred, Vector2& result, std::vector<HalfPlane>& scratch);

}  // namespace pathkit::agents
