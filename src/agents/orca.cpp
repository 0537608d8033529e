// ORCA half-planes and the 2D and 3D linear programs over them (written from the paper).
#include "orca.hpp"

#include <algorithm>
#include <cmath>

namespace pathkit::agents {

namespace {
// Lines closer to parallel than this (cross product of unit directions) count as parallel.
constexpr float parallel_tolerance = 1e-5f;

// How far `velocity` lies outside the plane (< 0 inside), in units per second.
float violation(const HalfPlane& plane, Vector2 velocity) {
    return -cross(plane.direction, velocity - plane.point);
}

// The best velocity on the line of plane `index` that keeps the planes before it and the speed
// limit; false when that piece of line is empty.
bool solve_on_line(std::span<const HalfPlane> planes, std::size_t index, float max_speed,
                   Vector2 preferred, bool optimize_direction, Vector2& result) {
    const HalfPlane& line = planes[index];
    const float along = dot(line.point, line.direction);
    const float discriminant = along * along + max_speed * max_speed - length_squared(line.point);
    if (discriminant < 0) return false;  // the line misses the speed circle
    const float root = std::sqrt(discriminant);
    float low = -along - root, high = -along + root;
    for (std::size_t other = 0; other < index; ++other) {
        const HalfPlane& bound = planes[other];
        const float denominator = cross(line.direction, bound.direction);
        const float numerator = cross(bound.direction, line.point - bound.point);
        if (std::fabs(denominator) <= parallel_tolerance) {
            if (numerator < 0) return false;  // parallel, and this line lies outside it
            continue;
        }
        const float at = numerator / denominator;
        if (denominator > 0)
            high = std::min(high, at);
        else
            low = std::max(low, at);
        if (low > high) return false;
    }
    if (optimize_direction) {
        result = line.point + line.direction * (dot(preferred, line.direction) > 0 ? high : low);
    } else {
        const float at = std::clamp(dot(line.direction, preferred - line.point), low, high);
        result = line.point + line.direction * at;
    }
    return true;
}
}  // namespace

bool allows(const HalfPlane& plane, Vector2 velocity, float tolerance) {
    return violation(plane, velocity) <= tolerance;
}

HalfPlane agent_half_plane(Vector2 own_velocity, Vector2 relative_position,
                           Vector2 relative_velocity, float combined_radius, float time_horizon,
                           float time_step) {
    const float distance_squared = length_squared(relative_position);
    const float radius_squared = combined_radius * combined_radius;
    Vector2 direction, change;
    if (distance_squared > radius_squared) {
        // The velocity obstacle: a cone cut off by the circle of radius R / horizon around
        // relative_position / horizon. `change` is the shortest way out of it.
        const Vector2 from_cutoff = relative_velocity - relative_position / time_horizon;
        const float cutoff_squared = length_squared(from_cutoff);
        const float along = dot(from_cutoff, relative_position);
        if (along < 0 && along * along > radius_squared * cutoff_squared) {
            const float size = std::sqrt(cutoff_squared);
            const Vector2 unit = size > 0 ? from_cutoff / size : Vector2{1, 0};
            direction = {unit.y, -unit.x};
            change = unit * (combined_radius / time_horizon - size);
        } else {
            const float leg = std::sqrt(distance_squared - radius_squared);
            const Vector2 p = relative_position;
            if (cross(p, from_cutoff) > 0) {
                direction =
                    Vector2{p.x * leg - p.y * combined_radius, p.x * combined_radius + p.y * leg} /
                    distance_squared;
            } else {
                direction = -Vector2{p.x * leg + p.y * combined_radius,
                                     -p.x * combined_radius + p.y * leg} /
                            distance_squared;
            }
            change = direction * dot(relative_velocity, direction) - relative_velocity;
        }
    } else {
        // Already overlapping: get apart within one step.
        const Vector2 from_cutoff = relative_velocity - relative_position / time_step;
        const float size = length(from_cutoff);
        const Vector2 unit = size > 0 ? from_cutoff / size : Vector2{1, 0};
        direction = {unit.y, -unit.x};
        change = unit * (combined_radius / time_step - size);
    }
    return {own_velocity + change * 0.5f, direction};
}

HalfPlane obstacle_half_plane(Vector2 towards, float distance, float clearance,
                              float time_horizon) {
    const float limit = distance > clearance ? (distance - clearance) / time_horizon : 0.0f;
    return {towards * limit, {-towards.y, towards.x}};
}

std::size_t linear_program_2d(std::span<const HalfPlane> planes, float max_speed, Vector2 preferred,
                              bool optimize_direction, Vector2& result) {
    if (optimize_direction)
        result = preferred * max_speed;
    else
        result = clamped(preferred, max_speed);
    for (std::size_t index = 0; index < planes.size(); ++index) {
        if (violation(planes[index], result) <= 0) continue;
        const Vector2 before = result;
        if (!solve_on_line(planes, index, max_speed, preferred, optimize_direction, result)) {
            result = before;
            return index;
        }
    }
    return planes.size();
}

void linear_program_3d(std::span<const HalfPlane> planes, std::size_t hard_count,
                       std::size_t failed, float max_speed, Vector2& result,
                       std::vector<HalfPlane>& scratch) {
    float worst = 0;  // how far the soft planes so far are violated at most
    for (std::size_t index = failed; index < planes.size(); ++index) {
        const HalfPlane& plane = planes[index];
        if (violation(plane, result) <= worst) continue;
        // Minimise the violation of this plane subject to the hard ones and to violating the
        // soft ones before it no more than it: the bisectors between it and each of them.
        scratch.assign(planes.begin(), planes.begin() + static_cast<std::ptrdiff_t>(hard_count));
        for (std::size_t other = hard_count; other < index; ++other) {
            const HalfPlane& bound = planes[other];
            HalfPlane bisector;
            const float determinant = cross(plane.direction, bound.direction);
            if (std::fabs(determinant) <= parallel_tolerance) {
                if (dot(plane.direction, bound.direction) > 0) continue;  // same side: implied
                bisector.point = (plane.point + bound.point) * 0.5f;
            } else {
                bisector.point =
                    plane.point +
                    plane.direction *
                        (cross(bound.direction, plane.point - bound.point) / determinant);
            }
            bisector.direction = normalized(bound.direction - plane.direction);
            scratch.push_back(bisector);
        }
        const Vector2 before = result;
        const Vector2 inward{-plane.direction.y, plane.direction.x};
        if (linear_program_2d(scratch, max_speed, inward, true, result) < scratch.size())
            result = before;  // only rounding gets here: keep the previous answer
        worst = violation(plane, result);
    }
}

bool choose_velocity(std::span<const HalfPlane> planes, std::size_t hard_count, float max_speed,
                     Vector2 preferred, Vector2& result, std::vector<HalfPlane>& scratch) {
    const std::size_t failed = linear_program_2d(planes, max_speed, preferred, false, result);
    if (failed == planes.size()) return false;
    if (failed < hard_count) {
        // Standing still meets every obstacle plane; only rounding fails them.
        result = {};
        linear_program_3d(planes, hard_count, hard_count, max_speed, result, scratch);
        return true;
    }
    linear_program_3d(planes, hard_count, failed, max_speed, result, scratch);
    return true;
}

}  // namespace pathkit::agents
