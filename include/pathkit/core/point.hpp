/// Points in 2D and 3D world space, in world units.
#pragma once

#include <cmath>

namespace pathkit {

/// A position in a 2D world, in world units.
struct Point2 {
    float x = 0;
    float y = 0;
    friend constexpr bool operator==(Point2, Point2) = default;
};

/// A position in a 3D world, in world units. 2D positions are stored with z = 0.
struct Point3 {
    float x = 0;
    float y = 0;
    float z = 0;
    friend constexpr bool operator==(Point3, Point3) = default;
};

/// Straight-line distance between two points.
[[nodiscard]] inline float distance(Point3 a, Point3 b) {
    const float dx = a.x - b.x;
    const float dy = a.y - b.y;
    const float dz = a.z - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

}  // namespace pathkit
