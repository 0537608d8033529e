// pathkit.ObstacleGraph and NavMesh: open 2D worlds with polygon and circle obstacles.
#include <map>
#include <optional>
#include <vector>

#include "handles.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit::python {
namespace {

struct ObstacleGraphHandle {
    ObstacleGraph graph;
    ReadersWriterLock lock;

    [[nodiscard]] PlanePath search(Point2 from, Point2 to, const SearchOptions& options) const {
        return graph.find_path(from, to, thread_plane_query_context(), options);
    }
};

CornerStyle corner_style_named(const std::string& name) {
    if (name == "mitered") return CornerStyle::Mitered;
    if (name == "rounded") return CornerStyle::Rounded;
    throw RefusedInput("corners must be \"mitered\" or \"rounded\", not \"" + name + "\"");
}

NavMeshQuery query_named(const std::string& name) {
    if (name == "optimal") return NavMeshQuery::Optimal;
    if (name == "funnel") return NavMeshQuery::Funnel;
    throw RefusedInput("query must be \"optimal\" or \"funnel\", not \"" + name + "\"");
}

/// The answer to a plane query, with the link each segment crosses (-1 where it walks).
PathAnswer plane_answer(const PlanePath& path) {
    PathAnswer made = answer(path, points_to_array);
    if (!path.links.empty()) {
        made.links.assign(path.path.size() - 1, -1);
        for (const PlaneLinkStep& step : path.links)
            made.links[step.segment] = step.link.value;
    }
    return made;
}

/// The options of a link as Python gives them (None: the straight distance).
MeshLinkOptions link_options(std::optional<float> cost, bool bidirectional) {
    MeshLinkOptions options;
    if (cost) options.cost = *cost;
    options.bidirectional = bidirectional;
    return options;
}

/// Adds one obstacle and returns its id.
template <class Space>
std::uint32_t add_one(Space& space, ReadersWriterLock& lock, const Obstacle& obstacle) {
    auto hold = write_lock(lock);
    return take(space.add_obstacles(std::span<const Obstacle>(&obstacle, 1))).front().value;
}

/// The methods an obstacle graph and a navigation mesh share: `Handle` has `lock` and
/// `space()` (the graph or the mesh).
template <class Handle, class Space>
void bind_obstacle_methods(py::class_<Handle>& bound, Space Handle::*member) {
    bound
        .def(
            "add_polygon",
            [member](Handle& self, const py::object& points) {
                return add_one(self.*member, self.lock,
                               Obstacle::polygon(array_to_points(points, "points")));
            },
            py::arg("points"),
            "Adds a simple polygon (corners as an (n, 2) array or a list of (x, y)); returns "
            "its id.")
        .def(
            "add_circle",
            [member](Handle& self, std::pair<float, float> center, float radius) {
                return add_one(self.*member, self.lock, Obstacle::circle(to_point(center), radius));
            },
            py::arg("center"), py::arg("radius"), "Adds a circle (radius > 0); returns its id.")
        .def(
            "remove",
            [member](Handle& self, std::uint32_t obstacle) {
                const ObstacleId id(obstacle);
                auto hold = write_lock(self.lock);
                raise_if_refused(
                    (self.*member).remove_obstacles(std::span<const ObstacleId>(&id, 1)));
            },
            py::arg("obstacle"), "Removes an obstacle by id.")
        .def(
            "is_inside_obstacle",
            [member](const Handle& self, std::pair<float, float> point) {
                return (self.*member).is_inside_obstacle(to_point(point));
            },
            py::arg("point"), "True when the point is strictly inside a grown obstacle.");
}

void bind_obstacle_graph(py::module_& module) {
    py::class_<ObstacleGraphHandle> bound(
        module, "ObstacleGraph",
        "A visibility graph around polygon obstacles grown by buffer_radius (GameplayKit's "
        "GKObstacleGraph): exact shortest paths in world units, y up.");
    bound
        .def(py::init([](float buffer_radius, const std::string& corners,
                         bool connect_all_visible_pairs) {
                 ObstacleGraphOptions options;
                 options.buffer_radius = buffer_radius;
                 options.corners = corner_style_named(corners);
                 options.connect_all_visible_pairs = connect_all_visible_pairs;
                 return new ObstacleGraphHandle{take(ObstacleGraph::create(options))};
             }),
             py::arg("buffer_radius") = 0.0f, py::kw_only(), py::arg("corners") = "mitered",
             py::arg("connect_all_visible_pairs") = false)
        .def(
            "can_see",
            [](const ObstacleGraphHandle& self, std::pair<float, float> a,
               std::pair<float, float> b) { return self.graph.can_see(to_point(a), to_point(b)); },
            py::arg("a"), py::arg("b"),
            "True when an agent can walk straight from a to b without entering an obstacle.")
        .def(
            "find_path",
            [](const ObstacleGraphHandle& self, std::pair<float, float> start,
               std::pair<float, float> goal, std::optional<std::uint64_t> max_expansions) {
                const SearchOptions options = search_options("astar", max_expansions, 1, false);
                const PlanePath path = read_without_gil(self.lock, [&] {
                    return self.search(to_point(start), to_point(goal), options);
                });
                return plane_answer(path);
            },
            py::arg("start"), py::arg("goal"), py::kw_only(),
            py::arg("max_expansions") = py::none(),
            "The shortest path, crossing links where that is shorter: its corners as a float64 "
            "array of shape (n, 2), and per segment the link it crosses (-1 where it walks) in "
            "links. Raises pathkit.Error for a point inside an obstacle or out of range.")
        .def(
            "add_link",
            [](ObstacleGraphHandle& self, std::pair<float, float> start,
               std::pair<float, float> end, std::optional<float> cost, bool bidirectional) {
                auto hold = write_lock(self.lock);
                return take(self.graph.add_link(to_point(start), to_point(end),
                                                link_options(cost, bidirectional)))
                    .value;
            },
            py::arg("start"), py::arg("end"), py::kw_only(), py::arg("cost") = py::none(),
            py::arg("bidirectional") = true,
            "Adds a link between two free points (a ladder, a ledge to jump down with "
            "bidirectional=False, a teleporter with a cost below the walk) that find_path may "
            "cross at its cost (default: the straight distance); returns its id. Its ends become "
            "nodes of the graph.")
        .def(
            "remove_link",
            [](ObstacleGraphHandle& self, std::uint32_t link) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.graph.remove_link(LinkId(link)));
            },
            py::arg("link"), "Removes a link.");
    bind_obstacle_methods(bound, &ObstacleGraphHandle::graph);
}

void bind_nav_mesh(py::module_& module) {
    py::class_<NavMeshHandle> bound(
        module, "NavMesh",
        "Free space inside a rectangle minus obstacles grown by buffer_radius, as triangles: "
        "exact shortest paths (Polyanya) or the funnel's. Obstacle changes take effect at the "
        "next update(), triangulate() or query (which repairs as update() does).");
    bound
        .def(py::init([](std::pair<float, float> min, std::pair<float, float> max,
                         float buffer_radius, const std::string& corners,
                         const std::vector<float>& radius_classes) {
                 NavMeshOptions options;
                 options.buffer_radius = buffer_radius;
                 options.corners = corner_style_named(corners);
                 options.radius_classes = radius_classes;
                 auto handle = std::unique_ptr<NavMeshHandle>(new NavMeshHandle{
                     take(NavMesh::create(to_point(min), to_point(max), options))});
                 handle->mesh.triangulate();
                 return handle.release();
             }),
             py::arg("min"), py::arg("max"), py::arg("buffer_radius") = 0.0f, py::kw_only(),
             py::arg("corners") = "mitered", py::arg("radius_classes") = std::vector<float>{},
             "A mesh over the rectangle min..max ((x, y) corners, world units). radius_classes: "
             "further agent radii (at most 16) that find_path(..., radius=r) answers for, each "
             "a mesh of its own built at its first query.")
        .def("update", &NavMeshHandle::update_if_needed,
             "Repairs the triangles where obstacles changed, keeping the rest (queries do it "
             "too).")
        .def("triangulate", &NavMeshHandle::triangulate_if_needed,
             "Rebuilds every triangle when obstacles changed.")
        .def_property_readonly(
            "triangles",
            [](NavMeshHandle& self) {
                self.update_if_needed();
                const auto triangles = self.mesh.triangles();
                py::array_t<double> array(
                    {static_cast<py::ssize_t>(triangles.size()), py::ssize_t{3}, py::ssize_t{2}});
                auto out = array.mutable_unchecked<3>();
                for (std::size_t index = 0; index < triangles.size(); ++index)
                    for (int corner = 0; corner < 3; ++corner) {
                        out(index, corner, 0) = triangles[index][corner].x;
                        out(index, corner, 1) = triangles[index][corner].y;
                    }
                return array;
            },
            "The triangles of free space: float64 array of shape (n, 3, 2), counter-clockwise.")
        .def(
            "add_link",
            [](NavMeshHandle& self, std::pair<float, float> start, std::pair<float, float> end,
               std::optional<float> cost, bool bidirectional) {
                self.update_if_needed();
                auto hold = write_lock(self.lock);
                return take(self.mesh.add_link(to_point(start), to_point(end),
                                               link_options(cost, bidirectional)))
                    .value;
            },
            py::arg("start"), py::arg("end"), py::kw_only(), py::arg("cost") = py::none(),
            py::arg("bidirectional") = true,
            "Adds a link between two free points (a ladder, a ledge to jump down with "
            "bidirectional=False, a teleporter with a cost below the walk) that the optimal "
            "query may cross at its cost (default: the straight distance); returns its id. Paths "
            "say in links which segments cross one.")
        .def(
            "remove_link",
            [](NavMeshHandle& self, std::uint32_t link) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.mesh.remove_link(LinkId(link)));
            },
            py::arg("link"), "Removes a link.")
        .def(
            "add_area",
            [](NavMeshHandle& self, const py::object& outline, int type) {
                const std::vector<Point2> points = array_to_points(outline, "outline");
                if (type < 0 || type > max_area_type)
                    raise_if_refused(Status::invalid_input("area type " + std::to_string(type) +
                                                           " is outside 0..63"));
                auto hold = write_lock(self.lock);
                return take(self.mesh.add_area(points, static_cast<AreaType>(type))).value;
            },
            py::arg("outline"), py::arg("type"),
            "Marks the ground inside a simple polygon (an (n, 2) array or a list of (x, y)) "
            "with a type 1..63 (0 is plain ground; a later area wins where areas overlap); "
            "find_path's exclude and costs then read it. Returns its id.")
        .def(
            "remove_area",
            [](NavMeshHandle& self, std::uint32_t area) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.mesh.remove_area(AreaId(area)));
            },
            py::arg("area"), "Removes an area.")
        .def(
            "area_type_at",
            [](NavMeshHandle& self, std::pair<float, float> point) -> std::optional<int> {
                self.update_if_needed();
                const std::optional<AreaType> type = self.mesh.area_type_at(to_point(point));
                if (!type) return std::nullopt;
                return *type;
            },
            py::arg("point"),
            "The type of ground at the point; None outside the bounds or inside an obstacle.")
        .def(
            "is_segment_free",
            [](NavMeshHandle& self, std::pair<float, float> a, std::pair<float, float> b) {
                self.update_if_needed();
                return self.mesh.is_segment_free(to_point(a), to_point(b));
            },
            py::arg("a"), py::arg("b"), "True when the straight segment stays in free space.")
        .def(
            "are_connected",
            [](NavMeshHandle& self, std::pair<float, float> a, std::pair<float, float> b) {
                self.update_if_needed();
                return self.mesh.are_connected(to_point(a), to_point(b));
            },
            py::arg("a"), py::arg("b"),
            "True when free space joins the two points (find_path finds a path); answered from "
            "the mesh's regions without a search.")
        .def(
            "find_path",
            [](NavMeshHandle& self, std::pair<float, float> start, std::pair<float, float> goal,
               const std::string& query, std::optional<std::uint64_t> max_expansions,
               const std::vector<int>& exclude, const std::map<int, float>& costs,
               std::uint32_t points_per_edge, std::optional<float> radius) {
                const NavMeshQuery how = query_named(query);
                const SearchOptions options = search_options("astar", max_expansions, 1, false);
                const bool filtered = !exclude.empty() || !costs.empty();
                const AreaFilter filter = area_filter_of(exclude, costs, points_per_edge);
                if (filtered && how == NavMeshQuery::Funnel)
                    raise_if_refused(Status::invalid_input(
                        "the funnel query takes no exclude or costs; use query=\"optimal\""));
                self.update_if_needed();
                const NavMesh* filtered_on = &self.mesh;  // the radius class's mesh, if asked
                if (filtered && radius) {
                    const auto class_mesh = self.mesh.radius_class_mesh(*radius);
                    if (!class_mesh) raise_if_refused(class_mesh.error());
                    filtered_on = class_mesh.value();
                }
                const PlanePath path = read_without_gil(self.lock, [&] {
                    if (filtered)
                        return filtered_on->find_path(to_point(start), to_point(goal),
                                                      thread_plane_query_context(), filter,
                                                      options);
                    if (radius)
                        return self.mesh.find_path(to_point(start), to_point(goal),
                                                   thread_plane_query_context(), options, how,
                                                   *radius);
                    return self.mesh.find_path(to_point(start), to_point(goal),
                                               thread_plane_query_context(), options, how);
                });
                return plane_answer(path);
            },
            py::arg("start"), py::arg("goal"), py::arg("query") = "optimal", py::kw_only(),
            py::arg("max_expansions") = py::none(), py::arg("exclude") = std::vector<int>{},
            py::arg("costs") = std::map<int, float>{}, py::arg("points_per_edge") = 4,
            py::arg("radius") = py::none(),
            "A path: \"optimal\" (the shortest, by Polyanya) or \"funnel\"; its corners as a "
            "float64 array of shape (n, 2). exclude: area types that are walls for this query "
            "(exact); costs: {type: cost per unit of length >= 1}, the path's cost then "
            "weighted (approximate, within the bound NavMesh::find_path states; "
            "points_per_edge 1..64 sets how close). Filtered queries are optimal ones and cross "
            "no link. With radius, for an agent of that radius: answered on the smallest radius "
            "class at least it (raises pathkit.Error above every class).")
        .def(
            "radius_class_stats",
            [](NavMeshHandle& self) {
                self.update_if_needed();
                py::list classes;
                for (const RadiusClassStats& each : self.mesh.radius_class_stats()) {
                    py::dict entry;
                    entry["radius"] = each.radius;
                    entry["built"] = each.built;
                    entry["triangles"] = each.triangles;
                    entry["memory_bytes"] = each.memory_bytes;
                    entry["build_seconds"] = each.build_seconds;
                    classes.append(entry);
                }
                return classes;
            },
            "Per radius class, ascending (the mesh's own among them): a dict of radius, built "
            "(False until its first query), triangles, memory_bytes and build_seconds.")
        .def(
            "move_obstacle",
            [](NavMeshHandle& self, std::uint32_t obstacle, std::pair<float, float> offset) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.mesh.move_obstacle(ObstacleId(obstacle), to_point(offset)));
            },
            py::arg("obstacle"), py::arg("offset"),
            "Moves an obstacle by (dx, dy), keeping its id; takes effect at the next "
            "update(), triangulate() or query.")
        .def_property_readonly(
            "last_change",
            [](NavMeshHandle& self) {
                self.update_if_needed();
                const MeshChange& change = self.mesh.last_change();
                return py::make_tuple(py::make_tuple(change.min.x, change.min.y),
                                      py::make_tuple(change.max.x, change.max.y),
                                      change.everywhere);
            },
            "Where the last repair or triangulation changed free space: ((min_x, min_y), "
            "(max_x, max_y), "
            "everywhere); min above max when nothing changed, everywhere True for the first "
            "triangulation and after every obstacle was removed.");
    bind_obstacle_methods(bound, &NavMeshHandle::mesh);
}

}  // namespace

void bind_plane(py::module_& module) {
    bind_obstacle_graph(module);
    bind_nav_mesh(module);
}

}  // namespace pathkit::python
