// NavMesh links: adding and removing them, and indexing them for the optimal query.
#include <algorithm>
#include <cmath>
#include <string>

#include "link_checks.hpp"
#include "mesh_links.hpp"
#include "nav_mesh_parts.hpp"
#include "nav_mesh_sizes.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "shape_checks.hpp"

namespace pathkit {

Expected<LinkId> NavMesh::add_link(Point2 from, Point2 to, const MeshLinkOptions& options) {
    const auto lock = lock_for_editing();
    for (const auto& [point, name] : {std::pair{from, "start"}, std::pair{to, "end"}}) {
        if (Status status = geometry::check_coordinate(point, std::string("link ") + name); !status)
            return Status::invalid_input(status.message());
        if (triangle_holding(point) == UINT32_MAX)
            return Status::invalid_input(std::string("link ") + name + " " + to_string(point) +
                                         " is outside the bounds or inside an obstacle or its "
                                         "buffer (or the mesh has not been triangulated)");
    }
    if (from == to) return Status::invalid_input("a link must join two different points");
    const auto cost = geometry::checked_link_cost(from, to, options);
    if (!cost) return cost.error();
    links_.push_back({from, to, cost.value(), options.bidirectional, true,
                      options.traversal_seconds, options.one_at_a_time});
    index_links();
    // A class keeps the link even where its wider obstacles cover an end (then unused there).
    edit_radius_classes([&](NavMesh& mesh) {
        const auto class_lock = mesh.lock_for_editing();
        mesh.links_.push_back(links_.back());
        mesh.index_links();
    });
    return LinkId(static_cast<std::uint32_t>(links_.size() - 1));
}

Status NavMesh::remove_link(LinkId link) {
    const auto lock = lock_for_editing();
    if (link.index() >= links_.size() || !links_[link.index()].alive)
        return Status::invalid_input("link " + std::to_string(link.value) + " is not in the mesh");
    links_[link.index()].alive = false;
    index_links();
    edit_radius_classes([&](NavMesh& mesh) {
        const auto class_lock = mesh.lock_for_editing();
        mesh.links_[link.index()].alive = false;
        mesh.index_links();
    });
    return {};
}

std::size_t NavMesh::link_count() const {
    const auto lock = lock_for_reading();
    return static_cast<std::size_t>(std::count_if(
        links_.begin(), links_.end(), [](const LinkEntry& link) { return link.alive; }));
}

std::optional<PlaneLink> NavMesh::link(LinkId link) const {
    const auto lock = lock_for_reading();
    if (link.index() >= links_.size() || !links_[link.index()].alive) return std::nullopt;
    const LinkEntry& entry = links_[link.index()];
    return PlaneLink{entry.from, entry.to,
                     MeshLinkOptions{.cost = entry.cost,
                                     .bidirectional = entry.bidirectional,
                                     .traversal_seconds = entry.traversal_seconds,
                                     .one_at_a_time = entry.one_at_a_time}};
}

void NavMesh::index_links() {
    if (std::none_of(links_.begin(), links_.end(),
                     [](const LinkEntry& link) { return link.alive; })) {
        link_index_.reset();
        return;
    }
    auto index = std::make_unique<geometry::MeshLinks>();
    for (std::uint32_t link = 0; link < links_.size(); ++link) {
        const LinkEntry& entry = links_[link];
        if (!entry.alive) continue;
        const std::uint32_t from = triangle_holding(entry.from), to = triangle_holding(entry.to);
        if (from == UINT32_MAX || to == UINT32_MAX) continue;  // an end covered for now
        for (int way = 0; way < (entry.bidirectional ? 2 : 1); ++way) {
            const Point2 entrance = way == 0 ? entry.from : entry.to;
            const Point2 exit = way == 0 ? entry.to : entry.from;
            const auto arc = static_cast<std::uint32_t>(index->arcs.size());
            geometry::LinkArc made{geometry::to_fixed(entrance),
                                   geometry::to_fixed(exit),
                                   entrance,
                                   exit,
                                   entry.cost,
                                   link,
                                   0,
                                   0};
            made.exits_begin = static_cast<std::uint32_t>(index->exit_triangles.size());
            for (const std::uint32_t triangle : triangles_holding(exit, way == 0 ? to : from))
                index->exit_triangles.push_back(triangle);
            made.exits_end = static_cast<std::uint32_t>(index->exit_triangles.size());
            for (const std::uint32_t triangle : triangles_holding(entrance, way == 0 ? from : to))
                index->entrances.emplace_back(triangle, arc);
            index->region_arcs.emplace_back(triangle_region_[way == 0 ? from : to],
                                            triangle_region_[way == 0 ? to : from]);
            index->total_saving +=
                std::max(0.0, static_cast<double>(geometry::distance(entrance, exit)) - entry.cost);
            index->arcs.push_back(made);
        }
    }
    std::sort(index->entrances.begin(), index->entrances.end());
    index->holds_entrance.assign(triangle_corners_.size(), 0);
    for (const auto& [triangle, arc] : index->entrances)
        index->holds_entrance[triangle] = 1;
    link_index_ = std::move(index);
}

}  // namespace pathkit
