// Buffer radius and merging with Clipper: obstacles grown by the agent's radius, unions, free
// space.
#pragma once

#include <string>
#include <vector>

#include "fixed_point.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/geometry/obstacle.hpp"

namespace pathkit::geometry {

/// A connected piece of blocked (or free) area: its outer ring first, then its holes. Every
/// ring has the piece's inside on its left.
using Shape = std::vector<Ring>;

/// The obstacle grown by `radius` world units (>= 0; 0 leaves it as it is), as the rings of
/// one or more shapes with the obstacle on the left. The obstacle must be valid.
[[nodiscard]] std::vector<Ring> inflate(const Obstacle& obstacle, double radius, CornerStyle style);

/// The obstacle checked (`Obstacle::validate`) and grown, or the refusal prefixed by `where`;
/// refused too when the grown outline reaches beyond the coordinate range.
[[nodiscard]] Expected<std::vector<Ring>> grow_checked(const Obstacle& obstacle, double radius,
                                                       CornerStyle style, const std::string& where);

/// The union of every ring of every part (each a set of rings as `inflate` returns them), as
/// connected shapes: overlapping or touching parts merge.
[[nodiscard]] std::vector<Shape> merge(const std::vector<const std::vector<Ring>*>& parts);

/// The area inside `bounds` that no part covers, as connected shapes.
[[nodiscard]] std::vector<Shape> free_space(const FixedBox& bounds,
                                            const std::vector<const std::vector<Ring>*>& parts);

/// The part of the union of `region` (rings in `bounds`, of any orientation, counted by
/// non-zero winding: counter-clockwise ones add area) and of `freed` inside `bounds` that
/// neither a part of `arrived` covers nor a part of `covering` where it meets `freed`: its
/// rings, inside on the left, in no order (outer rings and holes apart), none touching
/// itself (strictly simple). Unlike `free_space`, corners where an outline runs straight on are
/// kept, so a region cut from a triangulation keeps every corner its outline shares with the
/// triangles around it.
[[nodiscard]] std::vector<Ring> free_space_within(
    const FixedBox& bounds, const std::vector<Ring>& region,
    const std::vector<const std::vector<Ring>*>& arrived,
    const std::vector<const std::vector<Ring>*>& covering, const std::vector<Ring>& freed);

/// Where a point lies relative to a shape.
enum class Placement { Outside, OnBoundary, Inside };
/// Where `point` lies relative to `shape` (its outer ring minus its holes).
[[nodiscard]] Placement locate(const Shape& shape, FixedPoint point);
/// Where `point` lies relative to the union of `rings` (outer rings and holes of any shapes).
[[nodiscard]] Placement locate_in_rings(const std::vector<Ring>& rings, FixedPoint point);

}  // namespace pathkit::geometry
