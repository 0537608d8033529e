// Rings that touch at a point, rewritten so that every pass through the point bounds one
// obstacle corner.
#include "touching_rings.hpp"

#include <algorithm>

#include "edge_index.hpp"

namespace pathkit::geometry {

namespace {

/// Every ring's corners, with edges split where another ring's corner lies inside them.
std::vector<Ring> split_at_touching_corners(const Shape& shape) {
    EdgeIndex index;
    index.add(0, shape);
    // Per ring and edge (by its first corner), the corners of other rings lying inside it.
    std::vector<std::vector<std::vector<FixedPoint>>> inside(shape.size());
    for (std::size_t ring = 0; ring < shape.size(); ++ring)
        inside[ring].resize(shape[ring].size());
    bool any = false;
    std::vector<const IndexedEdge*> seen;
    for (const Ring& ring : shape) {
        for (const FixedPoint point : ring) {
            seen.clear();
            index.any_along(point, point, [&](const IndexedEdge& edge) {
                if (std::find(seen.begin(), seen.end(), &edge) != seen.end()) return false;
                seen.push_back(&edge);
                if (edge.a == point || edge.b == point || !on_segment(edge.a, edge.b, point))
                    return false;
                // Find the edge among the rings (the index keeps no ring numbers).
                for (std::size_t other = 0; other < shape.size(); ++other) {
                    const Ring& corners = shape[other];
                    for (std::size_t at = 0; at < corners.size(); ++at)
                        if (corners[at] == edge.a && corners[(at + 1) % corners.size()] == edge.b &&
                            std::find(inside[other][at].begin(), inside[other][at].end(), point) ==
                                inside[other][at].end()) {
                            inside[other][at].push_back(point);
                            any = true;
                        }
                }
                return false;
            });
        }
    }
    std::vector<Ring> rings(shape.begin(), shape.end());
    if (!any) return rings;
    for (std::size_t ring = 0; ring < shape.size(); ++ring) {
        Ring split;
        for (std::size_t at = 0; at < shape[ring].size(); ++at) {
            const FixedPoint from = shape[ring][at];
            split.push_back(from);
            std::vector<FixedPoint>& points = inside[ring][at];
            std::sort(points.begin(), points.end(), [&](FixedPoint a, FixedPoint b) {
                return std::abs(a.x - from.x) + std::abs(a.y - from.y) <
                       std::abs(b.x - from.x) + std::abs(b.y - from.y);
            });
            split.insert(split.end(), points.begin(), points.end());
        }
        rings[ring] = std::move(split);
    }
    return rings;
}

}  // namespace

void untangle_touching(Shape& shape) {
    std::vector<Ring> rings = split_at_touching_corners(shape);
    // Every corner of every ring as one list, with the corner after it.
    struct Corner {
        FixedPoint at;
        std::uint32_t next;
        std::uint32_t previous;
    };
    std::vector<Corner> corners;
    for (const Ring& ring : rings) {
        const auto first = static_cast<std::uint32_t>(corners.size());
        const auto count = static_cast<std::uint32_t>(ring.size());
        for (std::uint32_t at = 0; at < count; ++at)
            corners.push_back(
                {ring[at], first + (at + 1) % count, first + (at + count - 1) % count});
    }
    std::vector<std::uint32_t> by_point(corners.size());
    for (std::uint32_t index = 0; index < by_point.size(); ++index)
        by_point[index] = index;
    std::sort(by_point.begin(), by_point.end(),
              [&](std::uint32_t a, std::uint32_t b) { return corners[a].at < corners[b].at; });
    bool changed = false;
    std::vector<std::uint32_t> arrivals;  // the corners before each pass, rejoined below
    for (std::size_t begin = 0, end = 0; begin < by_point.size(); begin = end) {
        end = begin + 1;
        while (end < by_point.size() && corners[by_point[end]].at == corners[by_point[begin]].at)
            ++end;
        if (end - begin < 2) continue;
        // The edges at the point, by direction: departures (the obstacle lies counter-clockwise
        // after them) and arrivals (turned round: the obstacle lies before them).
        const FixedPoint point = corners[by_point[begin]].at;
        struct Side {
            Direction direction;
            bool departure;
            std::uint32_t pass;
        };
        std::vector<Side> sides;
        for (std::size_t at = begin; at < end; ++at) {
            const Corner& pass = corners[by_point[at]];
            const FixedPoint ahead = corners[pass.next].at, behind = corners[pass.previous].at;
            sides.push_back({ahead - point, true, by_point[at]});
            sides.push_back({behind - point, false, by_point[at]});
        }
        std::sort(sides.begin(), sides.end(), [](const Side& a, const Side& b) {
            return before_counter_clockwise(a.direction, b.direction);
        });
        // Each departure is followed counter-clockwise by the arrival closing its corner;
        // anything else (edges in one direction) is left as Clipper gave it.
        bool alternating = true;
        for (std::size_t at = 0; at < sides.size(); ++at) {
            const Side& side = sides[at];
            const Side& after = sides[(at + 1) % sides.size()];
            const bool same_direction = orientation(side.direction, after.direction) == 0 &&
                                        dot(side.direction, after.direction) > 0;
            alternating = alternating && side.departure != after.departure && !same_direction;
        }
        if (!alternating) continue;
        for (std::size_t at = 0; at < sides.size(); ++at) {
            const Side& departure = sides[at];
            if (!departure.departure) continue;
            const Side& arrival = sides[(at + 1) % sides.size()];
            // Arriving as `arrival.pass` did, go on as `departure.pass` does.
            corners[corners[arrival.pass].previous].next = departure.pass;
            changed = changed || arrival.pass != departure.pass;
        }
    }
    if (!changed && rings.size() == shape.size()) {
        bool split = false;
        for (std::size_t ring = 0; ring < rings.size(); ++ring)
            split = split || rings[ring].size() != shape[ring].size();
        if (!split) return;
    }
    // Follow the joins to read the rings off again.
    Shape untangled;
    std::vector<bool> done(corners.size(), false);
    for (std::uint32_t start = 0; start < corners.size(); ++start) {
        if (done[start]) continue;
        Ring ring;
        for (std::uint32_t at = start; !done[at]; at = corners[at].next) {
            done[at] = true;
            ring.push_back(corners[at].at);
        }
        untangled.push_back(std::move(ring));
    }
    shape = std::move(untangled);
}

}  // namespace pathkit::geometry
