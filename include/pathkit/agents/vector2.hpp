/// Vector2: a 2D direction or velocity, with the arithmetic steering and avoidance need.
#pragma once

#include <cmath>

#include "pathkit/core/point.hpp"

namespace pathkit {

/// A 2D vector: a velocity in world units per second, or a difference of two points.
struct Vector2 {
    float x = 0;
    float y = 0;
    friend constexpr bool operator==(Vector2, Vector2) = default;
};

[[nodiscard]] constexpr Vector2 operator+(Vector2 a, Vector2 b) {
    return {a.x + b.x, a.y + b.y};
}
[[nodiscard]] constexpr Vector2 operator-(Vector2 a, Vector2 b) {
    return {a.x - b.x, a.y - b.y};
}
[[nodiscard]] constexpr Vector2 operator-(Vector2 a) {
    return {-a.x, -a.y};
}
[[nodiscard]] constexpr Vector2 operator*(Vector2 a, float s) {
    return {a.x * s, a.y * s};
}
[[nodiscard]] constexpr Vector2 operator*(float s, Vector2 a) {
    return {a.x * s, a.y * s};
}
[[nodiscard]] constexpr Vector2 operator/(Vector2 a, float s) {
    return {a.x / s, a.y / s};
}
/// The vector from `b` to `a`.
[[nodiscard]] constexpr Vector2 operator-(Point2 a, Point2 b) {
    return {a.x - b.x, a.y - b.y};
}
/// `p` moved by `v`.
[[nodiscard]] constexpr Point2 operator+(Point2 p, Vector2 v) {
    return {p.x + v.x, p.y + v.y};
}
[[nodiscard]] constexpr float dot(Vector2 a, Vector2 b) {
    return a.x * b.x + a.y * b.y;
}
/// The z of the 3D cross product: > 0 when `b` turns left from `a`.
[[nodiscard]] constexpr float cross(Vector2 a, Vector2 b) {
    return a.x * b.y - a.y * b.x;
}
[[nodiscard]] constexpr float length_squared(Vector2 a) {
    return dot(a, a);
}
[[nodiscard]] inline float length(Vector2 a) {
    return std::sqrt(dot(a, a));
}
/// `a` scaled to length 1; the zero vector stays zero.
[[nodiscard]] inline Vector2 normalized(Vector2 a) {
    const float size = length(a);
    return size > 0 ? a / size : Vector2{};
}
/// `a` shortened to at most `limit` (>= 0).
[[nodiscard]] inline Vector2 clamped(Vector2 a, float limit) {
    const float size = length(a);
    return size > limit && size > 0 ? a * (limit / size) : a;
}

}  // namespace pathkit
