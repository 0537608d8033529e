/// Points in 2D and 3D world space, in world units.
#pragma once

#include <cmath>
#include <string>

#include "pathkit/core/text.hpp"

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

/// "x,y", as the command line takes positions (shortest number forms).
[[nodiscard]] inline std::string to_string(Point2 point) {
    return to_text(point.x) + "," + to_text(point.y);
}

/// Straight-line distance between two points.
[[nodiscard]] inline float distance(Point3 a, Point3 b) {
    const float dx = a.x - b.x;
    const float dy = a.y - b.y;
    const float dz = a.z - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

}  // namespace pathkit
