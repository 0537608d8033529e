// NavMesh areas: adding and removing them, each triangle's type, and the optimal query under
// an area filter (excluded types as walls; weighted types in nav_mesh_weighted.cpp).
#include <algorithm>
#include <cmath>
#include <string>

#include "endpoint_space.hpp"
#include "nav_mesh_areas.hpp"
#include "nav_mesh_parts.hpp"
#include "nav_mesh_sizes.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "polyanya_search.hpp"
#include "shape_checks.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;

// True when (x, y), grid units, lies inside the ring (crossing number; never called on its
// outline, since the points tested are triangle centres and triangles split along outlines).
bool ring_holds(const geometry::Ring& ring, double x, double y) {
    bool inside = false;
    for (std::size_t index = 0, previous = ring.size() - 1; index < ring.size();
         previous = index++) {
        const double ax = static_cast<double>(ring[index].x),
                     ay = static_cast<double>(ring[index].y);
        const double bx = static_cast<double>(ring[previous].x),
                     by = static_cast<double>(ring[previous].y);
        if ((ay > y) != (by > y) && x < ax + (bx - ax) * (y - ay) / (by - ay)) inside = !inside;
    }
    return inside;
}
}  // namespace

Expected<AreaId> NavMesh::add_area(std::span<const Point2> outline, AreaType type) {
    const auto lock = lock_for_editing();
    if (type > max_area_type)
        return Status::invalid_input("area type " + std::to_string(type) + " is above " +
                                     std::to_string(max_area_type));
    if (std::count_if(areas_.begin(), areas_.end(), [](const AreaEntry& area) {
            return area.alive;
        }) >= static_cast<std::ptrdiff_t>(max_areas))
        return Status::invalid_input("the mesh has " + std::to_string(max_areas) +
                                     " areas already, the most it takes");
    if (outline.size() > max_area_corners)
        return Status::invalid_input("area outline has " + std::to_string(outline.size()) +
                                     " corners, over the limit of " +
                                     std::to_string(max_area_corners));
    for (std::size_t index = 0; index < outline.size(); ++index) {
        const std::string name = "area corner " + std::to_string(index);
        if (Status status = geometry::check_coordinate(outline[index], name); !status)
            return Status::invalid_input(status.message());
        const geometry::FixedPoint fixed = geometry::to_fixed(outline[index]);
        if (fixed.x < bounds_[0] || fixed.x > bounds_[2] || fixed.y < bounds_[1] ||
            fixed.y > bounds_[3])
            return Status::invalid_input(name + " " + to_string(outline[index]) +
                                         " is outside the mesh bounds");
    }
    AreaEntry entry;
    entry.ring = geometry::fixed_ring({outline.begin(), outline.end()});
    if (Status status = geometry::check_simple_polygon(entry.ring); !status)
        return Status::invalid_input("area outline: " + status.message());
    for (const geometry::FixedPoint point : entry.ring)
        entry.box.add(point);
    entry.type = type;
    entry.alive = true;
    areas_.push_back(std::move(entry));
    dirty_ = true;
    pending_everywhere_ = true;  // types change wherever the area lies: a rebuild
    // Every radius class built marks the same ground (areas are not grown by a radius).
    edit_radius_classes([&](NavMesh& mesh) {
        const auto class_lock = mesh.lock_for_editing();
        mesh.areas_.push_back(areas_.back());
        mesh.dirty_ = true;
        mesh.pending_everywhere_ = true;
    });
    return AreaId(static_cast<std::uint32_t>(areas_.size() - 1));
}

Status NavMesh::remove_area(AreaId area) {
    const auto lock = lock_for_editing();
    if (area.index() >= areas_.size() || !areas_[area.index()].alive)
        return Status::invalid_input("area " + std::to_string(area.value) + " is not in the mesh");
    areas_[area.index()].alive = false;
    dirty_ = true;
    pending_everywhere_ = true;
    edit_radius_classes([&](NavMesh& mesh) {
        const auto class_lock = mesh.lock_for_editing();
        mesh.areas_[area.index()].alive = false;
        mesh.dirty_ = true;
        mesh.pending_everywhere_ = true;
    });
    return {};
}

std::size_t NavMesh::area_count() const {
    const auto lock = lock_for_reading();
    return static_cast<std::size_t>(std::count_if(
        areas_.begin(), areas_.end(), [](const AreaEntry& area) { return area.alive; }));
}

std::optional<AreaType> NavMesh::area_type_at(Point2 point) const {
    const auto lock = lock_for_reading();
    const std::uint32_t triangle = triangle_holding(point);
    if (triangle == none) return std::nullopt;
    return triangle_type_[triangle];
}

std::vector<AreaType> NavMesh::triangle_types() const {
    const auto lock = lock_for_reading();
    return triangle_type_;
}

std::vector<const geometry::Ring*> NavMesh::area_rings() const {
    std::vector<const geometry::Ring*> rings;
    for (const AreaEntry& area : areas_)
        if (area.alive) rings.push_back(&area.ring);
    return rings;
}

void NavMesh::assign_triangle_types() {
    triangle_type_.assign(triangle_corners_.size(), 0);
    std::vector<const AreaEntry*> alive;
    for (const AreaEntry& area : areas_)
        if (area.alive) alive.push_back(&area);
    if (alive.empty()) return;
    for (std::size_t triangle = 0; triangle < triangle_corners_.size(); ++triangle) {
        double x = 0, y = 0;
        for (const std::uint32_t vertex : triangle_corners_[triangle]) {
            x += static_cast<double>(vertices_[vertex][0]);
            y += static_cast<double>(vertices_[vertex][1]);
        }
        x /= 3, y /= 3;
        for (auto area = alive.rbegin(); area != alive.rend(); ++area) {
            const geometry::FixedBox& box = (*area)->box;
            if (x < static_cast<double>(box.min.x) || x > static_cast<double>(box.max.x) ||
                y < static_cast<double>(box.min.y) || y > static_cast<double>(box.max.y) ||
                !ring_holds((*area)->ring, x, y))
                continue;
            triangle_type_[triangle] = (*area)->type;
            break;
        }
    }
}

bool NavMesh::areas_meet(const geometry::FixedBox& box) const {
    return std::any_of(areas_.begin(), areas_.end(),
                       [&](const AreaEntry& area) { return area.alive && area.box.overlaps(box); });
}

std::shared_ptr<const NavMesh::ExcludedView> NavMesh::excluded_view(std::uint64_t excluded) const {
    const std::lock_guard guard(*area_cache_lock_);
    if (!area_cache_) area_cache_ = std::make_shared<AreaCache>();
    auto& views = area_cache_->views;
    for (const auto& view : views)
        if (view->excluded == excluded) return view;
    auto view = std::make_shared<ExcludedView>();
    view->excluded = excluded;
    view->neighbours = triangle_neighbours_;
    view->on_boundary = vertex_on_boundary_;
    const auto cut = [&](AreaType type) { return (excluded >> type) & 1U; };
    for (std::size_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t across = triangle_neighbours_[triangle][edge];
            if (across == none || cut(triangle_type_[triangle]) == cut(triangle_type_[across]))
                continue;
            view->neighbours[triangle][edge] = none;
            view->on_boundary[triangle_corners_[triangle][(edge + 1) % 3]] = 1;
            view->on_boundary[triangle_corners_[triangle][(edge + 2) % 3]] = 1;
        }
    if (views.size() == AreaCache::kept_views) views.erase(views.begin());
    views.push_back(view);
    return view;
}

std::uint64_t AreaFilter::guarded_types() const {
    std::uint64_t guarded = excluded;
    for (std::size_t type = 0; type <= max_area_type; ++type)
        if (costs[type] != 1) guarded |= std::uint64_t{1} << type;
    return guarded;
}

Status AreaFilter::validate() const {
    for (std::size_t type = 0; type <= max_area_type; ++type)
        if (!(costs[type] >= 1) || !std::isfinite(costs[type]))
            return Status::invalid_input("area filter: the cost of type " + std::to_string(type) +
                                         " is " + std::to_string(costs[type]) +
                                         "; costs must be finite and at least 1");
    if (points_per_edge < 1 || points_per_edge > 64)
        return Status::invalid_input("area filter: points_per_edge " +
                                     std::to_string(points_per_edge) + " is outside 1..64");
    return {};
}

PlanePath NavMesh::find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                             const AreaFilter& filter, const SearchOptions& options) const {
    const auto refuse = geometry::refusal;
    if (Status status = filter.validate(); !status) return refuse(status.message());
    const bool weighted = (filter.guarded_types() & ~filter.excluded) != 0;
    if (filter.is_plain()) return find_path(from, to, context, options);

    const auto lock = lock_for_reading();
    if (triangle_corners_.empty() && dirty_)
        return refuse("the mesh has not been triangulated; call triangulate()");
    std::vector<std::uint32_t> ends[2];
    for (int end = 0; end < 2; ++end) {
        const Point2 point = end == 0 ? from : to;
        const std::string name = end == 0 ? "start" : "goal";
        const auto located = locate_end(point, name);
        if (!located) return refuse(located.error().message());
        const std::uint32_t first = located.value();
        const std::string where = " " + to_string(point);
        ends[end] = triangles_holding(point, first);
        std::erase_if(ends[end], [&](std::uint32_t triangle) {
            return filter.excludes(triangle_type_[triangle]);
        });
        if (ends[end].empty())
            return refuse(name + where + " lies on ground of type " +
                          std::to_string(triangle_type_[first]) + ", which the filter excludes");
    }
    // The weighted search's points: every corner, the points on every edge (at most three a
    // triangle), the start and the goal, each a state of the engine (12 bytes).
    const double points =
        static_cast<double>(vertices_.size()) +
        3.0 * static_cast<double>(triangle_corners_.size()) * filter.points_per_edge + 2;
    if (weighted && points > static_cast<double>(max_weighted_points))
        return refuse("area filter: the weighted search would place up to " +
                      std::to_string(static_cast<std::uint64_t>(points)) +
                      " points, over the limit of " + std::to_string(max_weighted_points) +
                      "; ask for fewer points_per_edge");
    if (!regions_join(from, to, ends[0].front(), ends[1].front())) {
        PlanePath result;
        result.status = SearchStatus::NoPath;
        result.message = "the goal is walled off from the start: no way through free space";
        return result;
    }
    const std::shared_ptr<const ExcludedView> view =
        filter.excluded != 0 ? excluded_view(filter.excluded) : nullptr;
    const geometry::MeshView mesh{vertices_, triangle_corners_,
                                  view ? view->neighbours : triangle_neighbours_,
                                  view ? view->on_boundary : vertex_on_boundary_, nullptr};
    if (!context.polyanya_) context.polyanya_ = std::make_unique<geometry::PolyanyaScratch>();
    PlanePath shortest =
        geometry::PolyanyaSearch(mesh, *context.polyanya_, from, to, ends[0], ends[1]).run(options);
    if (shortest.status == SearchStatus::NoPath)
        shortest.message =
            "no way through free space and the ground the filter allows leads "
            "from the start to the goal";
    if (!weighted || !shortest.found()) return shortest;
    return find_weighted_path(from, to, ends[0], ends[1], mesh.neighbours, filter, context, options,
                              std::move(shortest));
}

}  // namespace pathkit
