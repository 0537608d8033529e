// NavMesh: obstacles, triangulation, the node graph over the triangles, and point location.
#include "pathkit/geometry/nav_mesh.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "exact_predicates.hpp"
#include "inflation.hpp"
#include "mesh_links.hpp"
#include "nav_mesh_parts.hpp"
#include "nav_mesh_sizes.hpp"
#include "shape_checks.hpp"
#include "triangulation.hpp"

namespace pathkit {

using geometry::FixedPoint;
using geometry::Ring;

NavMesh::NavMesh(const NavMeshOptions& options) : options_(options) {}
NavMesh::NavMesh(NavMesh&&) noexcept = default;
NavMesh& NavMesh::operator=(NavMesh&&) noexcept = default;
NavMesh::~NavMesh() = default;

Expected<NavMesh> NavMesh::create(Point2 min, Point2 max, const NavMeshOptions& options) {
    for (const auto& [corner, name] : {std::pair{min, "min"}, std::pair{max, "max"}}) {
        if (Status status = geometry::check_coordinate(corner, std::string("bounds ") + name);
            !status)
            return Status::invalid_input(status.message());
    }
    const FixedPoint low = geometry::to_fixed(min), high = geometry::to_fixed(max);
    if (!(low.x < high.x && low.y < high.y))
        return Status::invalid_input("bounds min must be below max in x and y");
    if (Status status = geometry::check_buffer_radius(options.buffer_radius); !status)
        return Status::invalid_input(status.message());
    if (static_cast<unsigned>(options.nodes) == 0 || static_cast<unsigned>(options.nodes) > 7)
        return Status::invalid_input("choose at least one kind of mesh node");
    auto classes = make_radius_classes(options, min, max);
    if (!classes) return classes.error();
    NavMesh mesh(options);
    mesh.bounds_ = {low.x, low.y, high.x, high.y};
    mesh.radius_classes_ = std::move(classes).value();
    return mesh;
}

namespace {

// True when the segment from `a` to `b` meets the rectangle `min`..`max` (ends included).
bool segment_meets(Point2 a, Point2 b, Point2 min, Point2 max) {
    // The segment a + t (b - a), t in [0, 1], clipped by each slab of the rectangle in turn.
    double enter = 0, leave = 1;
    const double from[2] = {a.x, a.y}, delta[2] = {double{b.x} - a.x, double{b.y} - a.y};
    const double low[2] = {min.x, min.y}, high[2] = {max.x, max.y};
    for (int axis = 0; axis < 2; ++axis) {
        if (delta[axis] == 0) {
            if (from[axis] < low[axis] || from[axis] > high[axis]) return false;
            continue;
        }
        double t0 = (low[axis] - from[axis]) / delta[axis];
        double t1 = (high[axis] - from[axis]) / delta[axis];
        if (t0 > t1) std::swap(t0, t1);
        enter = std::max(enter, t0);
        leave = std::min(leave, t1);
        if (enter > leave) return false;
    }
    return true;
}

}  // namespace

bool MeshChange::touches_segment(Point2 a, Point2 b) const {
    if (everywhere) return true;
    if (!(min.x <= max.x && min.y <= max.y) || !segment_meets(a, b, min, max)) return false;
    return std::any_of(areas.begin(), areas.end(), [&](const MeshArea& area) {
        return segment_meets(a, b, area.min, area.max);
    });
}

void NavMesh::triangulate() {
    const auto lock = lock_for_editing();
    rebuild();
    edit_radius_classes([](NavMesh& mesh) { mesh.triangulate(); });
}

bool NavMesh::needs_triangulation() const {
    const auto lock = lock_for_reading();
    return dirty_;
}

std::size_t NavMesh::triangle_count() const {
    const auto lock = lock_for_reading();
    return triangle_corners_.size();
}

std::uint64_t NavMesh::revision() const {
    const auto lock = lock_for_reading();
    return revision_;
}

void NavMesh::rebuild() {
    const auto started = std::chrono::steady_clock::now();
    std::vector<const std::vector<Ring>*> parts;
    for (const ObstacleEntry& entry : obstacles_)
        if (entry.alive) parts.push_back(&entry.grown);
    geometry::FixedBox box;
    box.add({bounds_[0], bounds_[1]});
    box.add({bounds_[2], bounds_[3]});
    const std::vector<geometry::Shape> free = geometry::free_space(box, parts);
    std::vector<const Ring*> rings;
    for (const geometry::Shape& shape : free)
        for (const Ring& ring : shape)
            rings.push_back(&ring);
    geometry::Triangulation mesh = geometry::triangulate_rings(rings, area_rings());
    vertices_.clear();
    for (FixedPoint corner : mesh.corners)
        vertices_.push_back({corner.x, corner.y});
    triangle_corners_ = std::move(mesh.triangles);
    triangle_neighbours_ = std::move(mesh.neighbours);
    vertex_on_boundary_.assign(vertices_.size(), 0);
    for (std::size_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        for (int edge = 0; edge < 3; ++edge)
            if (triangle_neighbours_[triangle][edge] == UINT32_MAX) {
                vertex_on_boundary_[triangle_corners_[triangle][(edge + 1) % 3]] = 1;
                vertex_on_boundary_[triangle_corners_[triangle][(edge + 2) % 3]] = 1;
            }
    assign_triangle_types();
    build_touching_corners(corner_fans());
    build_locator();
    build_boundary_edges();
    build_regions();
    triangles_at_build_ = triangle_corners_.size();
    finish_change(true);
    rebuild_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

// Counts the change and says where it was; the node graph is built again when next used.
void NavMesh::finish_change(bool renumbered) {
    dirty_ = false;
    ++revision_;
    node_graph_.reset();
    area_cache_.reset();
    index_links();
    last_change_.revision = revision_;
    last_change_.everywhere = pending_everywhere_;
    last_change_.renumbered = renumbered;
    if (renumbered) {
        last_change_.replaced_triangles.clear();
        last_change_.boundary_edges_removed.clear();
        last_change_.boundary_edges_added.clear();
    }
    last_change_.min = {INFINITY, INFINITY};
    last_change_.max = {-INFINITY, -INFINITY};
    last_change_.areas.clear();
    // Each changed box a little wider each way than its corners rounded to floats.
    const auto widen = [](float value, float way) {
        return value + way * (0.01f + 1e-6f * std::abs(value));
    };
    for (const auto& box : pending_changes_) {
        const Point2 low = geometry::to_point({box[0], box[1]});
        const Point2 high = geometry::to_point({box[2], box[3]});
        const MeshArea area{{widen(low.x, -1), widen(low.y, -1)},
                            {widen(high.x, 1), widen(high.y, 1)}};
        last_change_.areas.push_back(area);
        last_change_.min = {std::min(last_change_.min.x, area.min.x),
                            std::min(last_change_.min.y, area.min.y)};
        last_change_.max = {std::max(last_change_.max.x, area.max.x),
                            std::max(last_change_.max.y, area.max.y)};
    }
    pending_changes_.clear();
    pending_everywhere_ = false;
    pending_freed_.clear();
    pending_arrived_.clear();
}

namespace {

/// Union-find over numbers 0..count-1.
class Groups {
  public:
    explicit Groups(std::size_t count) : parent_(count) {
        for (std::size_t index = 0; index < count; ++index)
            parent_[index] = static_cast<std::uint32_t>(index);
    }
    std::uint32_t root(std::uint32_t at) {
        while (parent_[at] != at)
            at = parent_[at] = parent_[parent_[at]];
        return at;
    }
    void join(std::uint32_t a, std::uint32_t b) {
        a = root(a), b = root(b);
        if (a != b) parent_[std::max(a, b)] = std::min(a, b);
    }

  private:
    std::vector<std::uint32_t> parent_;
};

}  // namespace

// Per corner of every triangle, the fan it belongs to: the triangles around that vertex joined
// by the edges between them, numbered by one corner of the fan (3 x triangle + corner). A
// vertex where two obstacles touch has two fans or more.
std::vector<std::array<std::uint32_t, 3>> NavMesh::corner_fans() const {
    Groups groups(3 * triangle_corners_.size());
    for (std::uint32_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        for (int edge = 0; edge < 3; ++edge) {
            const std::uint32_t across = triangle_neighbours_[triangle][edge];
            if (across == UINT32_MAX || across < triangle) continue;
            for (int end = 1; end <= 2; ++end) {
                const std::uint32_t vertex = triangle_corners_[triangle][(edge + end) % 3];
                const auto& others = triangle_corners_[across];
                const auto corner =
                    std::find(others.begin(), others.end(), vertex) - others.begin();
                groups.join(3 * triangle + static_cast<std::uint32_t>((edge + end) % 3),
                            3 * across + static_cast<std::uint32_t>(corner));
            }
        }
    std::vector<std::array<std::uint32_t, 3>> fans(triangle_corners_.size());
    for (std::uint32_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        for (std::uint32_t corner = 0; corner < 3; ++corner)
            fans[triangle][corner] = groups.root(3 * triangle + corner);
    return fans;
}

void NavMesh::build_touching_corners(const std::vector<std::array<std::uint32_t, 3>>& fans) {
    std::vector<std::uint32_t> first_fan(vertices_.size(), UINT32_MAX);
    std::vector<std::uint8_t> touching(vertices_.size(), 0);
    for (std::uint32_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        for (int corner = 0; corner < 3; ++corner) {
            std::uint32_t& first = first_fan[triangle_corners_[triangle][corner]];
            if (first == UINT32_MAX) first = fans[triangle][corner];
            if (first != fans[triangle][corner]) touching[triangle_corners_[triangle][corner]] = 1;
        }
    touching_corner_triangles_.clear();
    for (std::uint32_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        for (const std::uint32_t vertex : triangle_corners_[triangle])
            if (touching[vertex]) touching_corner_triangles_.push_back({vertex, triangle});
    std::sort(touching_corner_triangles_.begin(), touching_corner_triangles_.end());
}

// Union-find over the triangles, joined across every shared edge: where obstacles touch at a
// corner, free space on either side is a region of its own.
void NavMesh::build_regions() {
    const std::size_t count = triangle_corners_.size();
    Groups groups(count);
    for (std::uint32_t triangle = 0; triangle < count; ++triangle)
        for (const std::uint32_t across : triangle_neighbours_[triangle])
            if (across != UINT32_MAX) groups.join(triangle, across);
    triangle_region_.resize(count);
    for (std::uint32_t triangle = 0; triangle < count; ++triangle)
        triangle_region_[triangle] = groups.root(triangle);
    next_region_ = static_cast<std::uint32_t>(count);
}

// Every triangle holding `point`, found in `first`: several when it lies on an edge or a
// corner, and all round a corner where obstacles touch.
std::vector<std::uint32_t> NavMesh::triangles_holding(Point2 point, std::uint32_t first) const {
    const FixedPoint fixed = geometry::to_fixed(point);
    std::vector<std::uint32_t> found{first};
    for (std::size_t at = 0; at < found.size(); ++at) {
        const auto& corners = triangle_corners_[found[at]];
        for (int edge = 0; edge < 3; ++edge) {
            const auto& a = vertices_[corners[(edge + 1) % 3]];
            const auto& b = vertices_[corners[(edge + 2) % 3]];
            if (geometry::orientation({a[0], a[1]}, {b[0], b[1]}, fixed) != 0) continue;
            const std::uint32_t next = triangle_neighbours_[found[at]][edge];
            if (next == UINT32_MAX || std::find(found.begin(), found.end(), next) != found.end())
                continue;
            bool inside = true;
            for (int side = 0; side < 3 && inside; ++side) {
                const auto& c = vertices_[triangle_corners_[next][side]];
                const auto& d = vertices_[triangle_corners_[next][(side + 1) % 3]];
                inside = geometry::orientation({c[0], c[1]}, {d[0], d[1]}, fixed) >= 0;
            }
            if (inside) found.push_back(next);
        }
    }
    for (const std::uint32_t corner : triangle_corners_[first]) {
        if (vertices_[corner][0] != fixed.x || vertices_[corner][1] != fixed.y) continue;
        auto at = std::lower_bound(touching_corner_triangles_.begin(),
                                   touching_corner_triangles_.end(), std::pair{corner, 0u});
        for (; at != touching_corner_triangles_.end() && at->first == corner; ++at)
            if (std::find(found.begin(), found.end(), at->second) == found.end())
                found.push_back(at->second);
    }
    return found;
}

std::vector<std::vector<Point2>> NavMesh::outlines() const {
    const auto lock = lock_for_reading();
    std::vector<const std::vector<Ring>*> parts;
    for (const ObstacleEntry& entry : obstacles_)
        if (entry.alive) parts.push_back(&entry.grown);
    std::vector<std::vector<Point2>> rings;
    for (const geometry::Shape& shape : geometry::merge(parts)) {
        for (const Ring& ring : shape) {
            std::vector<Point2> points;
            for (FixedPoint point : ring)
                points.push_back(geometry::to_point(point));
            rings.push_back(std::move(points));
        }
    }
    return rings;
}

Point2 NavMesh::vertex_point(std::uint32_t vertex) const {
    return geometry::to_point({vertices_[vertex][0], vertices_[vertex][1]});
}

namespace {

// Fills a CSR table (starts, flat list) from per-row lists.
void flatten(const std::vector<std::vector<std::uint32_t>>& rows,
             std::vector<std::uint32_t>& starts, std::vector<std::uint32_t>& list) {
    starts.assign(1, 0);
    list.clear();
    for (const auto& row : rows) {
        list.insert(list.end(), row.begin(), row.end());
        starts.push_back(static_cast<std::uint32_t>(list.size()));
    }
}

}  // namespace

// Vertex nodes stand for a fan of triangles round a vertex, not the vertex: where obstacles
// touch at a corner, the fans on either side get a node each and no path crosses between them.
std::shared_ptr<const NavMesh::NodeGraph> NavMesh::build_node_graph() const {
    auto graph = std::make_shared<NodeGraph>();
    const std::vector<std::array<std::uint32_t, 3>> fans =
        has(options_.nodes, MeshNodes::Vertices) ? corner_fans()
                                                 : std::vector<std::array<std::uint32_t, 3>>{};
    const std::size_t triangles = triangle_corners_.size();
    std::vector<std::uint32_t> fan_node(3 * triangles, UINT32_MAX);
    std::vector<std::vector<std::uint32_t>> nodes_of(triangles);
    const auto add_node = [&](Point2 position, std::uint32_t vertex) {
        graph->positions.push_back(position);
        graph->node_vertex.push_back(vertex);
        return static_cast<std::uint32_t>(graph->positions.size() - 1);
    };
    for (std::uint32_t triangle = 0; triangle < triangles; ++triangle) {
        const auto& corners = triangle_corners_[triangle];
        if (has(options_.nodes, MeshNodes::Vertices)) {
            for (int corner = 0; corner < 3; ++corner) {
                std::uint32_t& node = fan_node[fans[triangle][corner]];
                if (node == UINT32_MAX)
                    node = add_node(vertex_point(corners[corner]), corners[corner]);
                nodes_of[triangle].push_back(node);
            }
        }
        if (has(options_.nodes, MeshNodes::Centers)) {
            const Point2 a = vertex_point(corners[0]), b = vertex_point(corners[1]),
                         c = vertex_point(corners[2]);
            nodes_of[triangle].push_back(
                add_node({(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3}, UINT32_MAX));
        }
        if (has(options_.nodes, MeshNodes::EdgeMidpoints)) {
            for (int edge = 0; edge < 3; ++edge) {
                const std::uint32_t neighbour = triangle_neighbours_[triangle][edge];
                if (neighbour == UINT32_MAX || neighbour < triangle) continue;  // once per portal
                const Point2 a = vertex_point(corners[(edge + 1) % 3]);
                const Point2 b = vertex_point(corners[(edge + 2) % 3]);
                const std::uint32_t node = add_node({(a.x + b.x) / 2, (a.y + b.y) / 2}, UINT32_MAX);
                nodes_of[triangle].push_back(node);
                nodes_of[neighbour].push_back(node);
            }
        }
    }
    flatten(nodes_of, graph->triangle_node_starts, graph->triangle_node_list);

    const std::size_t count = graph->positions.size();
    std::vector<std::vector<std::uint32_t>> triangles_of(count);
    std::vector<std::vector<std::uint32_t>> neighbours_of(count);
    for (std::uint32_t triangle = 0; triangle < triangles; ++triangle) {
        const auto& nodes = nodes_of[triangle];
        for (std::uint32_t node : nodes)
            triangles_of[node].push_back(triangle);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            for (std::size_t j = i + 1; j < nodes.size(); ++j) {
                neighbours_of[nodes[i]].push_back(nodes[j]);
                neighbours_of[nodes[j]].push_back(nodes[i]);
            }
        }
    }
    if (options_.nodes == MeshNodes::Centers) {
        // Centers alone: a triangle holds one node, so centers link across every portal.
        for (std::uint32_t triangle = 0; triangle < triangles; ++triangle)
            for (std::uint32_t neighbour : triangle_neighbours_[triangle])
                if (neighbour != UINT32_MAX)
                    neighbours_of[nodes_of[triangle].front()].push_back(
                        nodes_of[neighbour].front());
    }
    flatten(triangles_of, graph->node_triangle_starts, graph->node_triangle_list);
    graph->connection_starts.assign(1, 0);
    for (std::uint32_t node = 0; node < count; ++node) {
        auto& neighbours = neighbours_of[node];
        std::sort(neighbours.begin(), neighbours.end());
        neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
        const Point2 from = graph->positions[node];
        for (std::uint32_t next : neighbours) {
            const Point2 to = graph->positions[next];
            graph->connections.push_back({NodeId(next), std::hypot(to.x - from.x, to.y - from.y)});
        }
        graph->connection_starts.push_back(static_cast<std::uint32_t>(graph->connections.size()));
    }
    return graph;
}

const NavMesh::NodeGraph& NavMesh::node_graph() const {
    const std::lock_guard lock(*node_graph_lock_);
    if (!node_graph_) node_graph_ = build_node_graph();
    return *node_graph_;
}

void NavMesh::build_locator() {
    const std::int64_t width = bounds_[2] - bounds_[0] + 1, height = bounds_[3] - bounds_[1] + 1;
    const double area = static_cast<double>(width) * static_cast<double>(height);
    const double wanted = std::max<double>(1, static_cast<double>(triangle_corners_.size()));
    cell_size_ = std::max<std::int64_t>(1, std::llround(std::sqrt(area / wanted)));
    cell_columns_ = width / cell_size_ + 1;
    cell_rows_ = height / cell_size_ + 1;
    cells_.assign(static_cast<std::size_t>(cell_columns_ * cell_rows_), {});
    for (std::uint32_t triangle = 0; triangle < triangle_corners_.size(); ++triangle)
        add_to_locator(triangle);
}

// Calls `visit` with every cell the triangle's box meets.
template <class Visit>
void NavMesh::for_each_locator_cell(std::uint32_t triangle, Visit&& visit) {
    std::int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
    for (std::uint32_t vertex : triangle_corners_[triangle]) {
        x0 = std::min(x0, vertices_[vertex][0]);
        x1 = std::max(x1, vertices_[vertex][0]);
        y0 = std::min(y0, vertices_[vertex][1]);
        y1 = std::max(y1, vertices_[vertex][1]);
    }
    for (std::int64_t row = (y0 - bounds_[1]) / cell_size_; row <= (y1 - bounds_[1]) / cell_size_;
         ++row)
        for (std::int64_t column = (x0 - bounds_[0]) / cell_size_;
             column <= (x1 - bounds_[0]) / cell_size_; ++column)
            visit(cells_[static_cast<std::size_t>(row * cell_columns_ + column)]);
}

void NavMesh::add_to_locator(std::uint32_t triangle) {
    for_each_locator_cell(triangle,
                          [&](std::vector<std::uint32_t>& cell) { cell.push_back(triangle); });
}

// Takes the triangle out of its cells, or renames it there when `replacement` is a number.
void NavMesh::remove_from_locator(std::uint32_t triangle, std::uint32_t replacement) {
    for_each_locator_cell(triangle, [&](std::vector<std::uint32_t>& cell) {
        const auto at = std::find(cell.begin(), cell.end(), triangle);
        if (at == cell.end()) return;
        if (replacement != UINT32_MAX) {
            *at = replacement;
        } else {
            *at = cell.back();
            cell.pop_back();
        }
    });
}

std::uint32_t NavMesh::locate(std::int64_t x, std::int64_t y) const {
    if (x < bounds_[0] || x > bounds_[2] || y < bounds_[1] || y > bounds_[3] || cell_columns_ == 0)
        return UINT32_MAX;
    const std::size_t cell = static_cast<std::size_t>(
        ((y - bounds_[1]) / cell_size_) * cell_columns_ + (x - bounds_[0]) / cell_size_);
    const FixedPoint point{x, y};
    for (const std::uint32_t triangle : cells_[cell]) {
        const auto& corners = triangle_corners_[triangle];
        bool inside = true;
        for (int edge = 0; edge < 3 && inside; ++edge) {
            const auto& a = vertices_[corners[edge]];
            const auto& b = vertices_[corners[(edge + 1) % 3]];
            inside = geometry::orientation({a[0], a[1]}, {b[0], b[1]}, point) >= 0;
        }
        if (inside) return triangle;
    }
    return UINT32_MAX;
}

std::uint32_t NavMesh::triangle_holding(Point2 point) const {
    if (!geometry::check_coordinate(point, "point")) return UINT32_MAX;
    const FixedPoint fixed = geometry::to_fixed(point);
    return locate(fixed.x, fixed.y);
}

std::optional<std::size_t> NavMesh::triangle_at(Point2 point) const {
    const auto lock = lock_for_reading();
    const std::uint32_t triangle = triangle_holding(point);
    if (triangle == UINT32_MAX) return std::nullopt;
    return triangle;
}

bool NavMesh::is_inside_obstacle(Point2 point) const {
    const auto lock = lock_for_reading();
    if (!geometry::check_coordinate(point, "point")) return false;
    const FixedPoint fixed = geometry::to_fixed(point);
    const bool in_bounds = fixed.x >= bounds_[0] && fixed.x <= bounds_[2] &&
                           fixed.y >= bounds_[1] && fixed.y <= bounds_[3];
    return in_bounds && locate(fixed.x, fixed.y) == UINT32_MAX;
}

std::vector<MeshTriangle> NavMesh::triangles() const {
    const auto lock = lock_for_reading();
    std::vector<MeshTriangle> result;
    result.reserve(triangle_corners_.size());
    for (const auto& corners : triangle_corners_)
        result.push_back(
            {vertex_point(corners[0]), vertex_point(corners[1]), vertex_point(corners[2])});
    return result;
}

std::size_t NavMesh::node_count() const {
    const auto lock = lock_for_reading();
    return node_graph().positions.size();
}

Point2 NavMesh::node_position(NodeId node) const {
    const auto lock = lock_for_reading();
    const NodeGraph& graph = node_graph();
    return node.index() < graph.positions.size() ? graph.positions[node.index()] : Point2{};
}

std::span<const PlaneConnection> NavMesh::connections(NodeId node) const {
    const NodeGraph& graph = node_graph();
    if (node.index() >= graph.positions.size()) return {};
    return std::span<const PlaneConnection>(graph.connections)
        .subspan(graph.connection_starts[node.index()],
                 graph.connection_starts[node.index() + 1] - graph.connection_starts[node.index()]);
}

}  // namespace pathkit
