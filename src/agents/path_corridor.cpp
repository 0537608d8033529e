// The path corridor: planning, shortening by visibility, the pushed-off check, the rest's length.
#include "path_corridor.hpp"

#include <cmath>

#include "pathkit/agents/vector2.hpp"

namespace pathkit::agents {

namespace {

PlanePath find_filtered_path(const NavMesh& mesh, PlaneQueryContext& context, Point2 from,
                             Point2 to, const AreaFilter& filter) {
    PlanePath found = mesh.find_path(from, to, context, filter);
    if (found.status != SearchStatus::InvalidInput) return found;
    const std::optional<AreaType> standing_on = mesh.area_type_at(from);
    if (!standing_on || !filter.excludes(*standing_on)) return found;
    AreaFilter way_off = filter;
    way_off.excluded &= ~(std::uint64_t{1} << *standing_on);
    way_off.costs[*standing_on] = off_limits_cost;
    return mesh.find_path(from, to, context, way_off);
}

}  // namespace

bool plan_corridor(const NavMesh& mesh, PlaneQueryContext& context, Point2 from, Point2 to,
                   std::vector<Point2>& corners, std::optional<CorridorLink>* first_link,
                   const AreaFilter* filter) {
    corners.clear();
    if (first_link) first_link->reset();
    const PlanePath found = filter ? find_filtered_path(mesh, context, from, to, *filter)
                                   : mesh.find_path(from, to, context, {}, NavMeshQuery::Optimal);
    if (found.status != SearchStatus::Found) return false;
    if (!found.links.empty()) {
        if (!first_link) return false;
        const std::size_t entrance = found.links.front().segment;
        corners.assign(found.path.begin() + (entrance == 0 ? 0 : 1),
                       found.path.begin() + static_cast<std::ptrdiff_t>(entrance) + 1);
        *first_link =
            CorridorLink{found.links.front().link, found.path[entrance], found.path[entrance + 1]};
        return true;
    }
    if (found.path.size() > 1) corners.assign(found.path.begin() + 1, found.path.end());
    if (corners.empty() || corners.back() != to) corners.push_back(to);
    return true;
}

CorridorAfterChange repair_corridor(const NavMesh& mesh, PlaneQueryContext& context,
                                    const MeshChange& change, Point2 position,
                                    std::vector<Point2>& corners) {
    if (corners.empty()) return CorridorAfterChange::Blocked;
    // The segments that cross the change: whether one is blocked, and where the last ends.
    bool blocked = false;
    std::size_t rejoin = corners.size();  // the corner after the last crossing segment
    Point2 from = position;
    for (std::size_t index = 0; index < corners.size(); ++index) {
        if (change.touches_segment(from, corners[index])) {
            rejoin = index;
            blocked = blocked || !mesh.is_segment_free(from, corners[index]);
        }
        from = corners[index];
    }
    if (!blocked) return CorridorAfterChange::Kept;
    std::vector<Point2> detour;
    if (!plan_corridor(mesh, context, position, corners[rejoin], detour))
        return CorridorAfterChange::Blocked;
    detour.insert(detour.end(), corners.begin() + static_cast<std::ptrdiff_t>(rejoin) + 1,
                  corners.end());
    corners = std::move(detour);
    return CorridorAfterChange::Spliced;
}

void shorten_corridor(const NavMesh& mesh, Point2 position, std::vector<Point2>& corners) {
    std::size_t passed = 0;
    while (corners.size() - passed >= 2 && mesh.is_segment_free(position, corners[passed + 1]))
        ++passed;
    corners.erase(corners.begin(), corners.begin() + static_cast<std::ptrdiff_t>(passed));
}

void shorten_filtered_corridor(const NavMesh& mesh, Point2 position, std::vector<Point2>& corners,
                               std::uint64_t guarded_types, float reach) {
    std::size_t passed = 0;
    const auto past = [&](std::size_t corner) {
        const Vector2 onwards = corners[corner + 1] - corners[corner];
        return length(corners[corner] - position) <= reach ||
               dot(position - corners[corner], onwards) > 0;
    };
    while (corners.size() - passed >= 2 &&
           (past(passed) || mesh.is_segment_free(position, corners[passed + 1], guarded_types)))
        ++passed;
    corners.erase(corners.begin(), corners.begin() + static_cast<std::ptrdiff_t>(passed));
}

bool corridor_holds(const NavMesh& mesh, Point2 position, std::span<const Point2> corners) {
    return corners.empty() || mesh.is_segment_free(position, corners.front());
}

float remaining_length(Point2 position, std::span<const Point2> corners) {
    float total = 0;
    Point2 at = position;
    for (Point2 corner : corners) {
        total += length(corner - at);
        at = corner;
    }
    return total;
}

Point2 steering_point(Point2 position, std::span<const Point2> corners, float clearance,
                      float reach) {
    if (corners.empty()) return position;
    if (corners.size() < 2) return corners[0];
    const Vector2 onwards = normalized(corners[1] - corners[0]);
    const Vector2 outward = normalized(normalized(corners[0] - position) - onwards);
    const Point2 aim = corners[0] + outward * (2 * clearance);
    const float to_aim = length(aim - position);
    if (to_aim > reach) return aim;
    const Vector2 heading = normalized(normalized(aim - position) + onwards);
    return position + heading * (to_aim + length(corners[1] - corners[0]));
}

}  // namespace pathkit::agents
