/// Obstacles of an open 2D world, polygons and circles, and the checks they must pass.
#pragma once

#include <vector>

#include "pathkit/core/ids.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/core/status.hpp"

namespace pathkit {

struct ObstacleTag;
/// An obstacle added to an `ObstacleGraph`. Ids are never reused.
using ObstacleId = Id<ObstacleTag>;

/// Coordinates of obstacles, buffers and query points must lie within ±this many world units.
/// Geometry is computed exactly on a grid of 1/1024 world unit inside that range.
inline constexpr float max_world_coordinate = 1'000'000;

/// A circle is replaced by the regular polygon with this many sides drawn around it, so the
/// stand-in covers the whole circle (its corners stick out by 2% of the radius).
inline constexpr int circle_sides = 16;

/// A polygon (convex or concave, either winding) or a circle that agents walk around.
class Obstacle {
  public:
    /// A polygon through `points` in order; the closing edge is implied.
    [[nodiscard]] static Obstacle polygon(std::vector<Point2> points);
    /// A circle of `radius` world units around `center`.
    [[nodiscard]] static Obstacle circle(Point2 center, float radius);

    /// True for a circle.
    [[nodiscard]] bool is_circle() const { return is_circle_; }
    /// The polygon's points as given; empty for a circle.
    [[nodiscard]] const std::vector<Point2>& points() const { return points_; }
    /// The circle's center (circles only).
    [[nodiscard]] Point2 center() const { return center_; }
    /// The circle's radius (circles only).
    [[nodiscard]] float radius() const { return radius_; }
    /// The same obstacle shifted by `offset` (world units), unchecked (`validate` it).
    [[nodiscard]] Obstacle moved_by(Point2 offset) const;
    /// The polygon's points, or for a circle the `circle_sides`-gon around it.
    [[nodiscard]] std::vector<Point2> outline() const;

    /// Ok, or why the obstacle is refused: a NaN or infinite coordinate, a coordinate out of
    /// range, a negative or zero radius, fewer than 3 distinct points, zero area, or edges
    /// that cross or touch each other (a self-intersecting polygon).
    [[nodiscard]] Status validate() const;

  private:
    std::vector<Point2> points_;
    Point2 center_;
    float radius_ = 0;
    bool is_circle_ = false;
};

/// How an obstacle's outline is grown by the buffer radius at its convex corners. Either way
/// every point of the grown outline's inside is closer than the radius to the obstacle or
/// inside it, and every point within the radius is covered.
enum class CornerStyle {
    /// Sharp corners where the offset edges meet; corners sharper than about 60 degrees are cut
    /// square at the radius. Few vertices: the fastest graphs.
    Mitered,
    /// Corners rounded along the radius, drawn as short chords that stay outside the circle.
    /// Shorter paths around corners, more vertices.
    Rounded,
};

}  // namespace pathkit
