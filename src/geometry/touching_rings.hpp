// Rings that touch at a point, rewritten so that every pass through the point bounds one
// obstacle corner.
#pragma once

#include "inflation.hpp"

namespace pathkit::geometry {

/// Rewrites the rings of `shape` (one merged obstacle: outer rings and holes, obstacle on the
/// left) where they touch themselves or each other at a point: a corner lying on another
/// ring's edge becomes a corner of that ring too, and at a point that rings pass more than
/// once, each arrival is joined to the departure that makes the obstacle between them a
/// corner holding no other edge. Clipper may join an outer ring to a hole touching it the
/// other way round, where one pass through the point encloses the other's free side too.
/// The area is the same (the boundary is the same set of edges).
void untangle_touching(Shape& shape);

}  // namespace pathkit::geometry
