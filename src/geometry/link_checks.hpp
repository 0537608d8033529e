// Internal to the geometry layer: the checks of a link's options that NavMesh and ObstacleGraph
// share.
#pragma once

#include <cmath>
#include <string>

#include "fixed_point.hpp"
#include "pathkit/core/expected.hpp"
#include "pathkit/geometry/plane_query.hpp"

namespace pathkit::geometry {

/// The link's cost (the straight distance for a NaN cost), or why the options are refused: a
/// negative or infinite cost, or a traversal time that is neither NaN nor finite and >= 0.
[[nodiscard]] inline Expected<float> checked_link_cost(Point2 from, Point2 to,
                                                       const MeshLinkOptions& options) {
    const float cost = std::isnan(options.cost) ? distance(from, to) : options.cost;
    if (!(cost >= 0) || !std::isfinite(cost))
        return Status::invalid_input("link cost " + std::to_string(options.cost) +
                                     " must be finite and at least 0");
    if (!std::isnan(options.traversal_seconds) &&
        !(options.traversal_seconds >= 0 && std::isfinite(options.traversal_seconds)))
        return Status::invalid_input("link traversal time " +
                                     std::to_string(options.traversal_seconds) +
                                     " s must be finite and at least 0");
    return cost;
}

}  // namespace pathkit::geometry
