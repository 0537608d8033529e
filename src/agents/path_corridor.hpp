// The path corridor of an agent (as Detour's dtPathCorridor keeps one): the corners still ahead,
// planned on the mesh, shortened as corners pass and checked for being pushed off.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/point.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/plane_query.hpp"

namespace pathkit::agents {

/// The first link a planned path crosses: the corridor ends at its entrance.
struct CorridorLink {
    LinkId link;
    Point2 entrance, exit;
};

/// Plans the corners from `from` to `to` into `corners` (the path without its start; the target
/// alone when both lie in one triangle). False, with `corners` empty, when there is no path or
/// the query refused a point (inside an obstacle after re-triangulation, say). A path that
/// crosses links ends at the first one's entrance, named in `*first_link` (none when it walks
/// all the way); without `first_link` such a path counts as none. Under a `filter` (not
/// plain) the filtered query plans (it crosses no links); from ground the filter excludes (a
/// push put the agent there) it plans as if that ground cost `off_limits_cost` times plain,
/// so that the path leaves it by a short way.
bool plan_corridor(const NavMesh& mesh, PlaneQueryContext& context, Point2 from, Point2 to,
                   std::vector<Point2>& corners, std::optional<CorridorLink>* first_link = nullptr,
                   const AreaFilter* filter = nullptr);

/// What ground a filtered agent stands on costs it while it plans its way off (see
/// `plan_corridor`).
inline constexpr float off_limits_cost = 1000;

/// What a mesh change did to a corridor.
enum class CorridorAfterChange {
    /// No segment that crosses the change is blocked: the corridor stands as it was.
    Kept,
    /// Blocked, and mended: the way from `position` to the first corner after the last
    /// segment crossing the change planned again, the rest kept. Valid, but not always the
    /// shortest (the change may have opened a better way elsewhere).
    Spliced,
    /// Blocked and not mended (that corner is gone, or no way to it): plan it whole.
    Blocked,
};

/// Checks the segments of the path from `position` through `corners` that cross `change`
/// against the changed mesh, and mends a blocked path around the change where it can.
CorridorAfterChange repair_corridor(const NavMesh& mesh, PlaneQueryContext& context,
                                    const MeshChange& change, Point2 position,
                                    std::vector<Point2>& corners);

/// Drops the corners already passed: the next one goes while the one after it is visible
/// (a free straight segment) from `position`.
void shorten_corridor(const NavMesh& mesh, Point2 position, std::vector<Point2>& corners);

/// `shorten_corridor` for an agent under a filter: the sight line also crosses no ground of
/// `guarded_types` (what the filter excludes or weighs), and the next corner goes as well
/// once within `reach` (world units) of it or past it (beyond the line through it square to
/// the leg after it), so corners on dear ground (a swim's) are passed.
void shorten_filtered_corridor(const NavMesh& mesh, Point2 position, std::vector<Point2>& corners,
                               std::uint64_t guarded_types, float reach);

/// True when the corridor still holds: no corners, or the next corner is visible.
[[nodiscard]] bool corridor_holds(const NavMesh& mesh, Point2 position,
                                  std::span<const Point2> corners);

/// The length of the rest of the way: to the next corner, then corner to corner (world units).
[[nodiscard]] float remaining_length(Point2 position, std::span<const Point2> corners);

/// Where to steer (world units). Corners of the path touch the grown obstacles, which the agent
/// keeps `clearance` (world units, >= 0) away from, so it aims `2 * clearance` outside the next
/// corner, along the outer bisector of the turn there. Within `reach` (world units) of that
/// aim it heads halfway between the aim and on along the next leg, to round the corner without
/// stopping. The last corner (the target) is aimed at exactly; `position` when none are left.
[[nodiscard]] Point2 steering_point(Point2 position, std::span<const Point2> corners,
                                    float clearance, float reach);

}  // namespace pathkit::agents
