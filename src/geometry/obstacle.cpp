// Obstacle shapes and the checks every obstacle passes before it enters a graph or a mesh.
#include "pathkit/geometry/obstacle.hpp"
#include "pathkit/core/text.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "fixed_point.hpp"
#include "shape_checks.hpp"

namespace pathkit {

Obstacle Obstacle::polygon(std::vector<Point2> points) {
    Obstacle obstacle;
    obstacle.points_ = std::move(points);
    return obstacle;
}

Obstacle Obstacle::circle(Point2 center, float radius) {
    Obstacle obstacle;
    obstacle.is_circle_ = true;
    obstacle.center_ = center;
    obstacle.radius_ = radius;
    return obstacle;
}

Obstacle Obstacle::moved_by(Point2 offset) const {
    Obstacle moved = *this;
    moved.center_ = {center_.x + offset.x, center_.y + offset.y};
    for (Point2& point : moved.points_)
        point = {point.x + offset.x, point.y + offset.y};
    return moved;
}

std::vector<Point2> Obstacle::outline() const {
    if (!is_circle_) return points_;
    std::vector<Point2> corners;
    corners.reserve(circle_sides);
    const double step = 2 * std::numbers::pi / circle_sides;
    const double corner_radius = radius_ / std::cos(step / 2);
    for (int side = 0; side < circle_sides; ++side) {
        const double angle = step * side;
        corners.push_back({static_cast<float>(center_.x + corner_radius * std::cos(angle)),
                           static_cast<float>(center_.y + corner_radius * std::sin(angle))});
    }
    return corners;
}

Status Obstacle::validate() const {
    if (is_circle_) {
        if (Status status = geometry::check_coordinate(center_, "circle center"); !status)
            return status;
        if (!std::isfinite(radius_) || radius_ <= 0)
            return Status::invalid_input("circle radius " + to_text(radius_) +
                                         " must be finite and > 0");
        if (std::fabs(center_.x) + radius_ * 1.05f > max_world_coordinate ||
            std::fabs(center_.y) + radius_ * 1.05f > max_world_coordinate)
            return Status::invalid_input("circle reaches beyond ±" +
                                         std::to_string(max_world_coordinate) + " world units");
        return {};
    }
    for (std::size_t index = 0; index < points_.size(); ++index) {
        if (Status status = geometry::check_coordinate(points_[index],
                                                       "polygon point " + std::to_string(index));
            !status)
            return status;
    }
    return geometry::check_simple_polygon(geometry::fixed_ring(points_));
}

}  // namespace pathkit
