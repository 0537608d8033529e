// Steering behaviours: follow path with arrival, seek, flee, wander, separation, alignment and
// cohesion, blended by weight into a preferred velocity.
#include "behaviours.hpp"

#include <algorithm>
#include <cmath>

namespace pathkit::agents {

std::uint64_t mix_bits(std::uint64_t value) {
    value ^= value >> 33;
    value *= 0xff51afd7ed558ccdULL;
    value ^= value >> 33;
    value *= 0xc4ceb9fe1a85ec53ULL;
    value ^= value >> 33;
    return value;
}

Vector2 follow_path_velocity(Point2 position, Point2 aim, float remaining,
                             const AgentParams& params, float time_step) {
    const Vector2 towards = aim - position;
    const float distance = length(towards);
    if (distance <= 0) return {};
    const float speed = std::min(
        {params.max_speed, std::sqrt(params.max_acceleration * remaining), remaining / time_step});
    return towards * (speed / distance);
}

float turn_wander_heading(float heading, std::uint64_t random_bits, float time_step) {
    constexpr float turn_rate = 2;  // radians per second at most
    const float unit = static_cast<float>(random_bits >> 40) / static_cast<float>(1 << 24);
    heading += (2 * unit - 1) * turn_rate * time_step;
    constexpr float full_turn = 6.28318530717958647692f;
    return std::remainder(heading, full_turn);
}

Vector2 blend_behaviours(const Agent& agent, Vector2 path_velocity, std::span<const Agent> agents,
                         std::span<const Neighbour> neighbours, float wander_heading) {
    const BehaviourWeights& weights = agent.params.behaviours;
    const float top = agent.params.max_speed;
    Vector2 total = path_velocity * weights.follow_path;
    if (weights.seek > 0)
        total = total + normalized(weights.seek_point - agent.position) * (top * weights.seek);
    if (weights.flee > 0)
        total = total + normalized(agent.position - weights.flee_point) * (top * weights.flee);
    if (weights.wander > 0)
        total = total + Vector2{std::cos(wander_heading), std::sin(wander_heading)} *
                            (top * weights.wander);
    if (weights.separation > 0 || weights.alignment > 0 || weights.cohesion > 0) {
        Vector2 away, heading, centre;
        int count = 0;
        const float reach_squared = weights.flock_distance * weights.flock_distance;
        for (const Neighbour& neighbour : neighbours) {
            if (neighbour.distance_squared >= reach_squared) continue;
            const Agent& other = agents[neighbour.agent];
            const Vector2 offset = agent.position - other.position;
            const float distance = std::sqrt(neighbour.distance_squared);
            // Closer neighbours push harder: 1 at contact, 0 at the flock distance.
            if (distance > 0)
                away = away + offset * ((1 - distance / weights.flock_distance) / distance);
            heading = heading + other.velocity;
            centre = centre + (other.position - Point2{});
            ++count;
        }
        if (count > 0) {
            total = total + normalized(away) * (top * weights.separation);
            total = total + normalized(heading) * (top * weights.alignment);
            const Point2 middle = Point2{} + centre / static_cast<float>(count);
            total = total + normalized(middle - agent.position) * (top * weights.cohesion);
        }
    }
    return clamped(total, top);
}

}  // namespace pathkit::agents
