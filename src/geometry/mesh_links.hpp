// Internal to the geometry layer: a NavMesh's links as its optimal query reads them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "fixed_point.hpp"
#include "pathkit/core/point.hpp"

namespace pathkit::geometry {

/// One way across a link: from `entrance` to `exit` (a two-way link has two arcs), with the
/// triangles holding each end (several where an end lies on an edge or a corner).
struct LinkArc {
    FixedPoint entrance, exit;
    Point2 entrance_point, exit_point;  // as given, for the path
    double cost = 0;
    std::uint32_t link = 0;
    std::uint32_t exits_begin = 0, exits_end = 0;  // in `MeshLinks::exit_triangles`
};

/// The links of a mesh whose ends both lie in free space now, made again whenever the
/// triangles or the links change.
struct MeshLinks {
    std::vector<LinkArc> arcs;
    std::vector<std::uint32_t> exit_triangles;
    /// (triangle, arc) for every triangle holding an arc's entrance, sorted.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> entrances;
    /// Per triangle, 1 when it holds an entrance: most expansions need look no further.
    std::vector<std::uint8_t> holds_entrance;
    /// How much less than the straight distance between their ends the arcs cost, summed over
    /// those that cost less (0 when none does): the most that links can make a path shorter
    /// than walking straight, each taken once.
    double total_saving = 0;
    /// (region of the entrance, region of the exit) per arc: which regions links join.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> region_arcs;

    [[nodiscard]] bool empty() const { return arcs.empty(); }
};

}  // namespace pathkit::geometry
