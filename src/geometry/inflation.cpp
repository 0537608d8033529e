// Buffer radius and merging with Clipper: obstacles grown by the agent's radius, unions, free
// space.
#include "inflation.hpp"

#include <algorithm>
#include <clipper.hpp>
#include <cmath>

#include "shape_checks.hpp"

namespace pathkit::geometry {

namespace {

// Rounded corners: chords may cut the arc by this share of the offset, so the offset is grown
// by as much again to keep every chord outside the radius.
constexpr double rounded_tolerance = 0.03;

ClipperLib::Path to_clipper(const Ring& ring) {
    ClipperLib::Path path;
    path.reserve(ring.size());
    for (FixedPoint point : ring)
        path.push_back({point.x, point.y});
    return path;
}

Ring from_clipper(const ClipperLib::Path& path) {
    Ring ring;
    ring.reserve(path.size());
    for (const auto& point : path)
        ring.push_back({point.X, point.Y});
    return ring;
}

void add_parts(ClipperLib::Clipper& clipper, const std::vector<const std::vector<Ring>*>& parts,
               ClipperLib::PolyType type) {
    for (const std::vector<Ring>* part : parts)
        for (const Ring& ring : *part)
            clipper.AddPath(to_clipper(ring), type, true);
}

/// Most corners a result may have for rings that meet at a corner to be split apart.
constexpr std::size_t max_strictly_simple_corners = 50'000;

/// True when two corners of the rings coincide (rings touching at a point), on results small
/// enough to split such rings apart.
bool touches_itself(const ClipperLib::Paths& paths) {
    std::vector<std::pair<ClipperLib::cInt, ClipperLib::cInt>> corners;
    for (const ClipperLib::Path& path : paths)
        for (const ClipperLib::IntPoint& point : path)
            corners.push_back({point.X, point.Y});
    if (corners.size() > max_strictly_simple_corners) return false;
    std::sort(corners.begin(), corners.end());
    return std::adjacent_find(corners.begin(), corners.end()) != corners.end();
}

/// True when `hole` lies inside `outer` (both simple rings that do not cross).
bool encloses(const ClipperLib::Path& outer, const ClipperLib::Path& hole) {
    for (const ClipperLib::IntPoint& point : hole) {
        const int where = ClipperLib::PointInPolygon(point, outer);
        if (where != -1) return where == 1;  // -1: on the boundary, try the next corner
    }
    return true;
}

// The result of a Clipper operation as shapes: each outer ring with the holes inside it.
// Clipper's own nesting (PolyTree) takes quadratic time on saw-toothed outlines (its
// FixupFirstLefts walks every ring for every join), so rings come back as a flat list and each
// hole goes to the smallest outer ring around it here.
std::vector<Shape> shapes_of(ClipperLib::Clipper& clipper, ClipperLib::ClipType operation) {
    ClipperLib::Paths paths;
    clipper.Execute(operation, paths, ClipperLib::pftNonZero, ClipperLib::pftNonZero);
    if (touches_itself(paths)) {
        // Rings meeting at a corner are split apart (strictly simple), a pass that takes
        // quadratic time in Clipper: only when there is such a corner, on outlines up to a size.
        clipper.StrictlySimple(true);
        paths.clear();
        clipper.Execute(operation, paths, ClipperLib::pftNonZero, ClipperLib::pftNonZero);
    }
    std::vector<std::size_t> outers, holes;
    for (std::size_t index = 0; index < paths.size(); ++index)
        (ClipperLib::Orientation(paths[index]) ? outers : holes).push_back(index);
    std::vector<Shape> shapes;
    std::vector<FixedBox> boxes;
    for (std::size_t outer : outers) {
        shapes.push_back({from_clipper(paths[outer])});
        boxes.push_back(box_of(shapes.back()));
    }
    std::vector<std::size_t> by_area(outers.size());  // smallest first: the innermost wins
    for (std::size_t index = 0; index < by_area.size(); ++index)
        by_area[index] = index;
    std::sort(by_area.begin(), by_area.end(), [&](std::size_t a, std::size_t b) {
        return ClipperLib::Area(paths[outers[a]]) < ClipperLib::Area(paths[outers[b]]);
    });
    for (std::size_t hole : holes) {
        Ring ring = from_clipper(paths[hole]);
        const FixedBox box = box_of(Shape{ring});
        for (std::size_t candidate : by_area) {
            if (!boxes[candidate].contains(box.min) || !boxes[candidate].contains(box.max) ||
                !encloses(paths[outers[candidate]], paths[hole]))
                continue;
            shapes[candidate].push_back(std::move(ring));
            break;
        }
    }
    return shapes;
}

}  // namespace

std::vector<Ring> inflate(const Obstacle& obstacle, double radius, CornerStyle style) {
    ClipperLib::Path outline = to_clipper(fixed_ring(obstacle.outline()));
    if (!ClipperLib::Orientation(outline)) ClipperLib::ReversePath(outline);
    ClipperLib::Paths grown;
    if (radius <= 0) {
        grown.push_back(std::move(outline));
    } else if (style == CornerStyle::Mitered) {
        ClipperLib::ClipperOffset offset(2.0);
        offset.AddPath(outline, ClipperLib::jtMiter, ClipperLib::etClosedPolygon);
        offset.Execute(grown, radius * fixed_scale);
    } else {
        const double delta = radius * fixed_scale / (1 - rounded_tolerance);
        ClipperLib::ClipperOffset offset(2.0, rounded_tolerance * delta);
        offset.AddPath(outline, ClipperLib::jtRound, ClipperLib::etClosedPolygon);
        offset.Execute(grown, delta);
    }
    std::vector<Ring> rings;
    for (const auto& path : grown)
        rings.push_back(from_clipper(path));
    return rings;
}

Expected<std::vector<Ring>> grow_checked(const Obstacle& obstacle, double radius, CornerStyle style,
                                         const std::string& where) {
    if (Status status = obstacle.validate(); !status)
        return Status::invalid_input(where + status.message());
    std::vector<Ring> grown = inflate(obstacle, radius, style);
    const FixedBox box = box_of(grown);
    const double limit = max_world_coordinate * fixed_scale;
    if (static_cast<double>(std::max({-box.min.x, -box.min.y, box.max.x, box.max.y})) > limit)
        return Status::invalid_input(where + "grown by the buffer radius it reaches beyond ±" +
                                     std::to_string(static_cast<int>(max_world_coordinate)));
    return grown;
}

std::vector<Shape> merge(const std::vector<const std::vector<Ring>*>& parts) {
    ClipperLib::Clipper clipper;
    add_parts(clipper, parts, ClipperLib::ptSubject);
    return shapes_of(clipper, ClipperLib::ctUnion);
}

std::vector<Shape> free_space(const FixedBox& bounds,
                              const std::vector<const std::vector<Ring>*>& parts) {
    ClipperLib::Clipper clipper;
    const Ring box{
        bounds.min, {bounds.max.x, bounds.min.y}, bounds.max, {bounds.min.x, bounds.max.y}};
    clipper.AddPath(to_clipper(box), ClipperLib::ptSubject, true);
    add_parts(clipper, parts, ClipperLib::ptClip);
    return shapes_of(clipper, ClipperLib::ctDifference);
}

std::vector<Ring> free_space_within(const FixedBox& bounds, const std::vector<Ring>& region,
                                    const std::vector<const std::vector<Ring>*>& arrived,
                                    const std::vector<const std::vector<Ring>*>& covering,
                                    const std::vector<Ring>& freed) {
    // Runs one operation with corners kept, subject and clip rings given.
    const auto run = [](ClipperLib::ClipType operation, const ClipperLib::Paths& subject,
                        const ClipperLib::Paths& clip) {
        ClipperLib::Clipper clipper;
        clipper.PreserveCollinear(true);
        clipper.AddPaths(subject, ClipperLib::ptSubject, true);
        clipper.AddPaths(clip, ClipperLib::ptClip, true);
        ClipperLib::Paths result;
        clipper.Execute(operation, result, ClipperLib::pftNonZero, ClipperLib::pftNonZero);
        return result;
    };
    const auto paths_of = [](const std::vector<Ring>& rings) {
        ClipperLib::Paths paths;
        for (const Ring& ring : rings)
            paths.push_back(to_clipper(ring));
        return paths;
    };
    const auto paths_of_parts = [](const std::vector<const std::vector<Ring>*>& parts) {
        ClipperLib::Paths paths;
        for (const std::vector<Ring>* part : parts)
            for (const Ring& ring : *part)
                paths.push_back(to_clipper(ring));
        return paths;
    };
    // The region lies in the bounds; the freed outlines may reach beyond.
    ClipperLib::Paths inside = paths_of(region);
    ClipperLib::Paths freed_paths = paths_of(freed);
    if (!std::all_of(freed.begin(), freed.end(), [&](const Ring& ring) {
            return std::all_of(ring.begin(), ring.end(),
                               [&](FixedPoint at) { return bounds.contains(at); });
        })) {
        const Ring box{
            bounds.min, {bounds.max.x, bounds.min.y}, bounds.max, {bounds.min.x, bounds.max.y}};
        freed_paths = run(ClipperLib::ctIntersection, freed_paths, {to_clipper(box)});
    }
    inside.insert(inside.end(), freed_paths.begin(), freed_paths.end());
    ClipperLib::Paths blocked = paths_of_parts(arrived);
    if (!covering.empty() && !freed.empty()) {
        // Each covering obstacle cut to the freed rings on its own: crowded obstacles cross
        // each other a lot outside them, which a cut of all at once would work through.
        ClipperLib::Paths covered;
        for (const std::vector<Ring>* part : covering) {
            const ClipperLib::Paths piece =
                run(ClipperLib::ctIntersection, paths_of_parts({part}), freed_paths);
            covered.insert(covered.end(), piece.begin(), piece.end());
        }
        blocked.insert(blocked.end(), covered.begin(), covered.end());
    }
    // Split where rings touch (strictly simple) in the one pass: on a region's few corners
    // that costs less than finding out first whether they do.
    ClipperLib::Clipper clipper;
    clipper.PreserveCollinear(true);
    clipper.StrictlySimple(true);
    clipper.AddPaths(inside, ClipperLib::ptSubject, true);
    clipper.AddPaths(blocked, ClipperLib::ptClip, true);
    ClipperLib::Paths result;
    clipper.Execute(ClipperLib::ctDifference, result, ClipperLib::pftNonZero,
                    ClipperLib::pftNonZero);
    std::vector<Ring> rings;
    for (const ClipperLib::Path& path : result)
        rings.push_back(from_clipper(path));
    return rings;
}

Placement locate_in_rings(const std::vector<Ring>& rings, FixedPoint point) {
    // Non-zero winding over all rings: outer rings count +1 around their inside, holes -1.
    int winding = 0;
    for (const Ring& ring : rings) {
        const int where = ClipperLib::PointInPolygon({point.x, point.y}, to_clipper(ring));
        if (where < 0) return Placement::OnBoundary;
        if (where > 0) winding += ClipperLib::Orientation(to_clipper(ring)) ? 1 : -1;
    }
    return winding > 0 ? Placement::Inside : Placement::Outside;
}

Placement locate(const Shape& shape, FixedPoint point) {
    return locate_in_rings(shape, point);
}

}  // namespace pathkit::geometry
