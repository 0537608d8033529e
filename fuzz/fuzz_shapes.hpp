// Obstacles the fuzz targets read from their bytes (the obstacle graph's and the mesh's edits).
#pragma once

#include <utility>
#include <vector>

#include "fuzz_bytes.hpp"
#include "pathkit/geometry/obstacle.hpp"

namespace pathkit::fuzzing {

/// A triangle or a quadrilateral with corners on whole units in 0..`extent`, from the bytes
/// (it may be invalid: the library refuses it).
inline Obstacle polygon_from_bytes(FuzzBytes& bytes, int extent) {
    const int corners = bytes.flip() ? 3 : 4;
    std::vector<Point2> points;
    for (int corner = 0; corner < corners; ++corner)
        points.push_back(
            {static_cast<float>(bytes.in(0, extent)), static_cast<float>(bytes.in(0, extent))});
    return Obstacle::polygon(std::move(points));
}

}  // namespace pathkit::fuzzing
