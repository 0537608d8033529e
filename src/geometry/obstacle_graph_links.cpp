// ObstacleGraph connections: nodes, visibility tests, incremental updates, inserted nodes, locks.
#include <algorithm>
#include <string>

#include "edge_index.hpp"
#include "obstacle_graph_parts.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "shape_checks.hpp"

namespace pathkit {

using geometry::FixedBox;
using geometry::FixedPoint;
using geometry::none;
using geometry::Shape;

std::uint32_t ObstacleGraph::new_node() {
    std::uint32_t node;
    if (!free_nodes_.empty()) {
        node = free_nodes_.back();
        free_nodes_.pop_back();
    } else {
        node = static_cast<std::uint32_t>(nodes_.size());
        nodes_.emplace_back();
        links_.emplace_back();
        link_arcs_.emplace_back();
    }
    nodes_[node] = NodeData{};
    nodes_[node].serial = next_serial_++;
    ++live_nodes_;
    return node;
}

void ObstacleGraph::remove_node_unchecked(std::uint32_t node) {
    const std::vector<PlaneConnection> links = links_[node];
    for (const PlaneConnection& link : links) {
        locked_.erase(pair_key(node, link.to.value));
        disconnect(node, link.to.value);
    }
    nodes_[node] = NodeData{};
    links_[node].clear();
    free_nodes_.push_back(node);
    --live_nodes_;
}

void ObstacleGraph::connect(std::uint32_t a, std::uint32_t b) {
    const Cost cost = static_cast<Cost>(geometry::world_distance(nodes_[a].at, nodes_[b].at));
    links_[a].push_back({NodeId(b), cost});
    links_[b].push_back({NodeId(a), cost});
    ++connection_count_;
}

void ObstacleGraph::disconnect(std::uint32_t a, std::uint32_t b) {
    const auto drop = [](std::vector<PlaneConnection>& links, std::uint32_t to) {
        for (auto& link : links) {
            if (link.to.value == to) {
                link = links.back();
                links.pop_back();
                return true;
            }
        }
        return false;
    };
    if (drop(links_[a], b) && drop(links_[b], a)) --connection_count_;
}

bool ObstacleGraph::tangent_at(std::uint32_t node, const FixedPoint& other) const {
    const NodeData& data = nodes_[node];
    if (data.region == none) return true;
    const int before = geometry::orientation(data.at, other, data.before);
    const int after = geometry::orientation(data.at, other, data.after);
    return before * after >= 0;
}

bool ObstacleGraph::sees_through_region(std::uint32_t node, std::uint32_t region) const {
    const NodeData& data = nodes_[node];
    if (region == none || !data.sees_through_something()) return false;
    for (const auto* list : {&data.sees_through.ignored, &data.sees_through.ignoring_buffer})
        for (ObstacleId id : *list)
            for (std::uint32_t member : regions_[region].members)
                if (id.value == member) return true;
    return false;
}

bool ObstacleGraph::is_candidate_pair(std::uint32_t a, std::uint32_t b) const {
    if (nodes_[a].at == nodes_[b].at) return false;
    if (options_.connect_all_visible_pairs) return true;
    // A node inside a buffer it sees through may reach corners from the obstacle's side.
    return (sees_through_region(b, nodes_[a].region) || tangent_at(a, nodes_[b].at)) &&
           (sees_through_region(a, nodes_[b].region) || tangent_at(b, nodes_[a].at));
}

std::uint32_t ObstacleGraph::blocker_between(const FixedPoint& u, const FixedPoint& v) const {
    std::uint32_t found = none;
    std::vector<geometry::Contact> contacts;
    index_->any_along(u, v, [&](const geometry::IndexedEdge& edge) {
        const geometry::EdgeMeets meets = geometry::edge_meets(edge, u, v);
        if (meets == geometry::EdgeMeets::OnLine) geometry::add_contacts(edge, u, v, contacts);
        if (meets != geometry::EdgeMeets::Blocks) return false;
        found = edge.shape;
        return true;
    });
    if (found != none) return found;
    const geometry::Contact* touching = geometry::touching_from_both_sides(contacts);
    return touching ? touching->shape : none;
}

// The region that blocks a-b, or none; inserted nodes see through the obstacles they name.
std::uint32_t ObstacleGraph::blocker(std::uint32_t a, std::uint32_t b) const {
    const NodeData& first = nodes_[a];
    const NodeData& second = nodes_[b];
    if (!first.sees_through_something() && !second.sees_through_something())
        return blocker_between(first.at, second.at);
    // Regions with a member seen through are tested member by member; the rest as usual.
    std::vector<std::uint32_t> special;
    const auto lists_member = [&](const std::vector<ObstacleId>& list, std::uint32_t member) {
        return std::find(list.begin(), list.end(), ObstacleId(member)) != list.end();
    };
    for (const NodeData* node : {&first, &second})
        for (const auto* list : {&node->sees_through.ignored, &node->sees_through.ignoring_buffer})
            for (ObstacleId id : *list)
                if (id.index() < obstacles_.size())
                    for (std::uint32_t region : obstacles_[id.index()].regions)
                        special.push_back(region);
    std::uint32_t found = none;
    std::vector<geometry::Contact> contacts;
    index_->any_along(first.at, second.at, [&](const geometry::IndexedEdge& edge) {
        if (std::find(special.begin(), special.end(), edge.shape) != special.end()) return false;
        const geometry::EdgeMeets meets = geometry::edge_meets(edge, first.at, second.at);
        if (meets == geometry::EdgeMeets::OnLine)
            geometry::add_contacts(edge, first.at, second.at, contacts);
        if (meets != geometry::EdgeMeets::Blocks) return false;
        found = edge.shape;
        return true;
    });
    if (found != none) return found;
    if (const geometry::Contact* touching = geometry::touching_from_both_sides(contacts))
        return touching->shape;
    for (std::uint32_t region : special) {
        for (std::uint32_t member : regions_[region].members) {
            bool ignored = false, bare = false;
            for (const NodeData* node : {&first, &second}) {
                ignored = ignored || lists_member(node->sees_through.ignored, member);
                bare = bare || lists_member(node->sees_through.ignoring_buffer, member);
            }
            if (ignored) continue;
            const Shape& outline = bare ? obstacles_[member].bare : obstacles_[member].grown;
            if (geometry::shape_blocks(outline, first.at, second.at)) return region;
        }
    }
    return none;
}

void ObstacleGraph::test_pair(std::uint32_t a, std::uint32_t b) {
    if (!is_candidate_pair(a, b)) return;
    for (const PlaneConnection& link : links_[a])
        if (link.to.value == b) return;
    const std::uint32_t region = blocker(a, b);
    if (region == none) {
        connect(a, b);
    } else {
        regions_[region].blocked.push_back({a, b, nodes_[a].serial, nodes_[b].serial});
    }
}

void ObstacleGraph::link_new_nodes(const std::vector<std::uint32_t>& fresh) {
    std::vector<bool> is_fresh(nodes_.size(), false);
    for (std::uint32_t node : fresh)
        is_fresh[node] = true;
    for (std::uint32_t node : fresh) {
        for (std::uint32_t other = 0; other < nodes_.size(); ++other) {
            if (other == node || !nodes_[other].alive()) continue;
            if (is_fresh[other] && other < node) continue;  // the pair was seen from `other`
            test_pair(node, other);
        }
    }
}

void ObstacleGraph::retest_pairs(const std::vector<PairRecord>& pairs) {
    for (const PairRecord& pair : pairs) {
        if (nodes_[pair.a].serial != pair.serial_a || nodes_[pair.b].serial != pair.serial_b)
            continue;  // a node of the pair is gone
        test_pair(pair.a, pair.b);
    }
}

// Removes the unlocked connections that cross the new regions; those regions now block them.
void ObstacleGraph::cut_connections_through(const std::vector<std::uint32_t>& regions) {
    for (std::uint32_t a = 0; a < nodes_.size(); ++a) {
        if (!nodes_[a].alive()) continue;
        for (std::size_t index = 0; index < links_[a].size();) {
            const std::uint32_t b = links_[a][index].to.value;
            FixedBox box;
            box.add(nodes_[a].at);
            box.add(nodes_[b].at);
            std::uint32_t cut_by = none;
            if (a < b && !locked_.contains(pair_key(a, b))) {
                for (std::uint32_t region : regions) {
                    if (!regions_[region].box.overlaps(box)) continue;
                    const bool special =
                        nodes_[a].sees_through_something() || nodes_[b].sees_through_something();
                    const bool blocks = special
                                            ? blocker(a, b) == region
                                            : geometry::shape_blocks(regions_[region].shape,
                                                                     nodes_[a].at, nodes_[b].at);
                    if (blocks) {
                        cut_by = region;
                        break;
                    }
                }
            }
            if (cut_by == none) {
                ++index;
                continue;
            }
            disconnect(a, b);
            regions_[cut_by].blocked.push_back({a, b, nodes_[a].serial, nodes_[b].serial});
        }
    }
}

Expected<NodeId> ObstacleGraph::connect_node_using_obstacles(Point2 position,
                                                             const ConnectOptions& options) {
    if (Status status = geometry::check_coordinate(position, "position"); !status) return status;
    for (const auto* list : {&options.ignored, &options.ignoring_buffer}) {
        for (ObstacleId id : *list) {
            if (id.index() >= obstacles_.size() || !obstacles_[id.index()].alive)
                return Status::invalid_input("obstacle " + std::to_string(id.value) +
                                             " is not in the graph");
        }
    }
    const std::uint32_t node = new_node();
    nodes_[node].at = geometry::to_fixed(position);
    nodes_[node].sees_through = options;
    link_new_nodes({node});
    return NodeId(node);
}

Status ObstacleGraph::remove_node(NodeId node) {
    if (!contains(node))
        return Status::invalid_input("node " + std::to_string(node.value) + " is not in the graph");
    if (nodes_[node.index()].region != none)
        return Status::invalid_input("node " + std::to_string(node.value) +
                                     " is an obstacle corner; remove its obstacle instead");
    if (nodes_[node.index()].link_ends > 0)
        return Status::invalid_input("node " + std::to_string(node.value) +
                                     " is the end of a link; remove the link instead");
    remove_node_unchecked(node.value);
    return {};
}

Status ObstacleGraph::lock_connection(NodeId a, NodeId b) {
    if (!contains(a) || !contains(b))
        return Status::invalid_input("node " + std::to_string(contains(a) ? b.value : a.value) +
                                     " is not in the graph");
    for (const PlaneConnection& link : links_[a.index()]) {
        if (link.to == b) {
            locked_.insert(pair_key(a.value, b.value));
            return {};
        }
    }
    return Status::invalid_input("nodes " + std::to_string(a.value) + " and " +
                                 std::to_string(b.value) + " are not connected");
}

Status ObstacleGraph::unlock_connection(NodeId a, NodeId b) {
    if (!contains(a) || !contains(b))
        return Status::invalid_input("node " + std::to_string(contains(a) ? b.value : a.value) +
                                     " is not in the graph");
    locked_.erase(pair_key(a.value, b.value));
    return {};
}

bool ObstacleGraph::is_connection_locked(NodeId a, NodeId b) const {
    return contains(a) && contains(b) && locked_.contains(pair_key(a.value, b.value));
}

}  // namespace pathkit
