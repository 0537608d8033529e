// NavMesh radius classes: one mesh per agent radius, built at its first query, sharing the
// obstacles, links and edits of the mesh that holds it; and what a mesh holds in memory.
#include "nav_mesh_sizes.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "endpoint_space.hpp"
#include "inflation.hpp"
#include "mesh_links.hpp"
#include "nav_mesh_parts.hpp"
#include "shape_checks.hpp"

namespace pathkit {

namespace {

/// Most radius classes a mesh may have besides its own: each is a mesh of its own.
constexpr std::size_t max_radius_classes = 16;

std::string text_of(float value) {
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

template <class Vector>
std::size_t bytes_of(const Vector& vector) {
    return vector.capacity() * sizeof(typename Vector::value_type);
}

template <class Vector>
std::size_t nested_bytes_of(const Vector& vector) {
    std::size_t total = bytes_of(vector);
    for (const auto& inner : vector)
        total += bytes_of(inner);
    return total;
}

}  // namespace

Expected<std::unique_ptr<geometry::RadiusClasses>> make_radius_classes(
    const NavMeshOptions& options, Point2 min, Point2 max) {
    if (options.radius_classes.empty()) return std::unique_ptr<geometry::RadiusClasses>();
    if (options.radius_classes.size() > max_radius_classes)
        return Status::invalid_input(std::to_string(options.radius_classes.size()) +
                                     " radius classes is over the limit of " +
                                     std::to_string(max_radius_classes));
    const double smaller_side = std::min(double{max.x} - min.x, double{max.y} - min.y);
    auto classes = std::make_unique<geometry::RadiusClasses>();
    for (std::size_t index = 0; index < options.radius_classes.size(); ++index) {
        const float radius = options.radius_classes[index];
        const std::string name = "radius class " + std::to_string(index);
        if (Status status = geometry::check_buffer_radius(radius); !status)
            return Status::invalid_input(name + ": " + status.message());
        if (2.0 * radius > smaller_side)
            return Status::invalid_input(name + ": an agent of radius " + text_of(radius) +
                                         " does not fit in the world (its smaller side is " +
                                         text_of(static_cast<float>(smaller_side)) + ")");
        // The mesh's own radius is a class already; a radius given twice is one class.
        const bool known = std::any_of(
            classes->classes.begin(), classes->classes.end(),
            [&](const geometry::RadiusClasses::Class& other) { return other.radius == radius; });
        if (radius != options.buffer_radius && !known) classes->classes.push_back({radius, {}, 0});
    }
    std::sort(classes->classes.begin(), classes->classes.end(),
              [](const auto& a, const auto& b) { return a.radius < b.radius; });
    if (classes->classes.empty()) return std::unique_ptr<geometry::RadiusClasses>();
    return classes;
}

Status NavMesh::check_for_radius_classes(const Obstacle& obstacle, const std::string& where) const {
    if (!radius_classes_) return {};
    const float largest = radius_classes_->classes.back().radius;
    if (largest <= options_.buffer_radius) return {};
    // Growing further only reaches further: what fits the largest class fits every one.
    auto grown = geometry::grow_checked(obstacle, largest, options_.corners,
                                        where + "(radius class " + text_of(largest) + ") ");
    if (!grown) return grown.error();
    return {};
}

Expected<std::unique_ptr<NavMesh>> NavMesh::build_radius_class(float radius) const {
    NavMeshOptions options = options_;
    options.buffer_radius = radius;
    options.radius_classes.clear();
    std::unique_ptr<NavMesh> mesh(new NavMesh(options));
    mesh->bounds_ = bounds_;
    // Removed obstacles keep their places (empty) so that ids are the same in every class.
    mesh->obstacles_.resize(obstacles_.size());
    for (std::uint32_t number = 0; number < obstacles_.size(); ++number) {
        const ObstacleEntry& entry = obstacles_[number];
        if (!entry.alive) continue;
        auto grown = geometry::grow_checked(
            entry.shape, radius, options_.corners,
            "obstacle " + std::to_string(number) + " (radius class " + text_of(radius) + "): ");
        if (!grown) return grown.error();
        ObstacleEntry& copy = mesh->obstacles_[number];
        copy.shape = entry.shape;
        copy.grown = std::move(grown).value();
        copy.box = geometry::box_of(copy.grown);
        copy.alive = true;
        mesh->file_obstacle(number, true);
    }
    mesh->links_ = links_;
    mesh->areas_ = areas_;
    mesh->rebuild();
    return mesh;
}

Expected<const NavMesh*> NavMesh::radius_class_mesh(float radius) const {
    if (!std::isfinite(radius) || radius < 0)
        return Status::invalid_input("agent radius " + text_of(radius) +
                                     " must be finite and >= 0");
    // The smallest class at least `radius`, this mesh's own among them.
    geometry::RadiusClasses::Class* chosen = nullptr;
    if (radius_classes_) {
        for (geometry::RadiusClasses::Class& each : radius_classes_->classes)
            if (each.radius >= radius) {
                chosen = &each;
                break;
            }
    }
    if (radius <= options_.buffer_radius &&
        (chosen == nullptr || options_.buffer_radius <= chosen->radius))
        return this;
    if (chosen == nullptr) {
        const float largest = radius_classes_ ? std::max(options_.buffer_radius,
                                                         radius_classes_->classes.back().radius)
                                              : options_.buffer_radius;
        return Status::invalid_input("no radius class holds agents of radius " + text_of(radius) +
                                     " (the largest is " + text_of(largest) + ")");
    }
    const auto lock = lock_for_reading();
    if (revision_ == 0)
        return Status::invalid_input("the mesh has not been triangulated; call triangulate()");
    const std::lock_guard building(*radius_classes_->lock);
    if (!chosen->mesh) {
        const auto started = std::chrono::steady_clock::now();
        auto built = build_radius_class(chosen->radius);
        if (!built) return built.error();
        chosen->mesh = std::move(built).value();
        chosen->build_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    }
    return static_cast<const NavMesh*>(chosen->mesh.get());
}

PlanePath NavMesh::find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                             const SearchOptions& options, NavMeshQuery query, float radius) const {
    const Expected<const NavMesh*> mesh = radius_class_mesh(radius);
    if (!mesh) return geometry::refusal(mesh.error().message());
    return mesh.value()->find_path(from, to, context, options, query);
}

std::vector<float> NavMesh::radius_classes() const {
    std::vector<float> radii{options_.buffer_radius};
    if (radius_classes_)
        for (const geometry::RadiusClasses::Class& each : radius_classes_->classes)
            radii.push_back(each.radius);
    std::sort(radii.begin(), radii.end());
    return radii;
}

std::vector<RadiusClassStats> NavMesh::radius_class_stats() const {
    const auto lock = lock_for_reading();
    std::vector<RadiusClassStats> stats;
    stats.push_back({options_.buffer_radius, true, triangle_corners_.size(),
                     memory_bytes_unlocked(), rebuild_seconds_});
    if (radius_classes_) {
        const std::lock_guard building(*radius_classes_->lock);
        for (const geometry::RadiusClasses::Class& each : radius_classes_->classes) {
            RadiusClassStats entry{each.radius, each.mesh != nullptr, 0, 0, each.build_seconds};
            if (each.mesh) {
                entry.triangles = each.mesh->triangle_count();
                entry.memory_bytes = each.mesh->memory_bytes();
            }
            stats.push_back(entry);
        }
    }
    std::sort(stats.begin(), stats.end(),
              [](const auto& a, const auto& b) { return a.radius < b.radius; });
    return stats;
}

std::size_t NavMesh::memory_bytes() const {
    const auto lock = lock_for_reading();
    return memory_bytes_unlocked();
}

std::size_t NavMesh::memory_bytes_unlocked() const {
    std::size_t total = sizeof(NavMesh);
    total += bytes_of(boundary_edges_) + bytes_of(boundary_owners_) + bytes_of(boundary_places_);
    total += bytes_of(obstacles_) + nested_bytes_of(obstacle_cells_);
    for (const ObstacleEntry& entry : obstacles_) {
        total += bytes_of(entry.shape.points()) + nested_bytes_of(entry.grown);
    }
    for (const ObstacleEntry& entry : pending_freed_)
        total += sizeof(entry) + bytes_of(entry.shape.points()) + nested_bytes_of(entry.grown);
    total += bytes_of(pending_changes_) + bytes_of(pending_arrived_);
    total += bytes_of(vertices_) + bytes_of(triangle_corners_) + bytes_of(triangle_neighbours_) +
             bytes_of(vertex_on_boundary_) + bytes_of(triangle_region_) +
             bytes_of(touching_corner_triangles_);
    total += nested_bytes_of(cells_) + bytes_of(links_);
    total += bytes_of(last_change_.areas) + bytes_of(last_change_.replaced_triangles) +
             bytes_of(last_change_.boundary_edges_removed) +
             bytes_of(last_change_.boundary_edges_added);
    if (link_index_)
        total += sizeof(geometry::MeshLinks) + bytes_of(link_index_->arcs) +
                 bytes_of(link_index_->exit_triangles) + bytes_of(link_index_->entrances) +
                 bytes_of(link_index_->holds_entrance) + bytes_of(link_index_->region_arcs);
    const std::lock_guard graph_lock(*node_graph_lock_);
    if (node_graph_) {
        const NodeGraph& graph = *node_graph_;
        total += sizeof(NodeGraph) + bytes_of(graph.positions) + bytes_of(graph.connection_starts) +
                 bytes_of(graph.connections) + bytes_of(graph.node_triangle_starts) +
                 bytes_of(graph.node_triangle_list) + bytes_of(graph.triangle_node_starts) +
                 bytes_of(graph.triangle_node_list) + bytes_of(graph.node_vertex);
    }
    return total;
}

}  // namespace pathkit
