// Whether a ring is a simple polygon: CGAL's sweep-line test, O(n log n), exact predicates.
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
// GCC 12 sees a maybe-uninitialized iterator inside CGAL's sweep (a false positive).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <CGAL/Polygon_2.h>

#include "shape_checks.hpp"

namespace pathkit::geometry {

bool is_simple_ring(const Ring& ring) {
    using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
    std::vector<Kernel::Point_2> points;
    points.reserve(ring.size());
    for (const FixedPoint& point : ring)  // grid coordinates fit a double's 53 bits exactly
        points.emplace_back(static_cast<double>(point.x), static_cast<double>(point.y));
    return CGAL::Polygon_2<Kernel>(points.begin(), points.end()).is_simple();
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace pathkit::geometry
