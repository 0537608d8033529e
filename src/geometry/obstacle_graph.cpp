// ObstacleGraph: obstacles grown and merged into regions, their corner nodes, and reading the
// graph.
#include "pathkit/geometry/obstacle_graph.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "edge_index.hpp"
#include "exact_predicates.hpp"
#include "inflation.hpp"
#include "obstacle_graph_parts.hpp"
#include "shape_checks.hpp"
#include "touching_rings.hpp"

namespace pathkit {

using geometry::FixedBox;
using geometry::FixedPoint;
using geometry::none;
using geometry::Ring;
using geometry::Shape;

ObstacleGraph::ObstacleGraph(const ObstacleGraphOptions& options)
    : options_(options), index_(std::make_unique<geometry::EdgeIndex>()) {}
ObstacleGraph::ObstacleGraph(ObstacleGraph&&) noexcept = default;
ObstacleGraph& ObstacleGraph::operator=(ObstacleGraph&&) noexcept = default;
ObstacleGraph::~ObstacleGraph() = default;

Expected<ObstacleGraph> ObstacleGraph::create(const ObstacleGraphOptions& options) {
    if (Status status = geometry::check_buffer_radius(options.buffer_radius); !status)
        return Status::invalid_input(status.message());
    return ObstacleGraph(options);
}

std::uint64_t ObstacleGraph::pair_key(std::uint32_t a, std::uint32_t b) {
    return (static_cast<std::uint64_t>(std::min(a, b)) << 32) | std::max(a, b);
}

// ---- obstacles ------------------------------------------------------------------------------

Expected<std::vector<ObstacleId>> ObstacleGraph::add_obstacles(
    std::span<const Obstacle> obstacles) {
    std::vector<ObstacleData> fresh;
    for (std::size_t index = 0; index < obstacles.size(); ++index) {
        auto grown =
            geometry::grow_checked(obstacles[index], options_.buffer_radius, options_.corners,
                                   "obstacle " + std::to_string(index) + ": ");
        if (!grown) return grown.error();
        ObstacleData data;
        data.shape = obstacles[index];
        data.grown = std::move(grown).value();
        data.bare = geometry::inflate(data.shape, 0, options_.corners);
        data.box = geometry::box_of(data.grown);
        data.alive = true;
        fresh.push_back(std::move(data));
    }
    std::vector<ObstacleId> ids;
    std::vector<std::uint32_t> members;
    std::vector<std::uint32_t> touched;
    for (ObstacleData& data : fresh) {
        const auto number = static_cast<std::uint32_t>(obstacles_.size());
        for (std::uint32_t region = 0; region < regions_.size(); ++region) {
            if (regions_[region].alive && regions_[region].box.overlaps(data.box))
                touched.push_back(region);
        }
        ids.push_back(ObstacleId(number));
        members.push_back(number);
        obstacles_.push_back(std::move(data));
    }
    add_neighbouring_regions(touched);
    regroup(std::move(touched), std::move(members), true);
    return ids;
}

Status ObstacleGraph::remove_obstacles(std::span<const ObstacleId> obstacles) {
    for (ObstacleId id : obstacles) {
        if (id.index() >= obstacles_.size() || !obstacles_[id.index()].alive)
            return Status::invalid_input("obstacle " + std::to_string(id.value) +
                                         " is not in the graph");
    }
    std::vector<std::uint32_t> touched;
    for (ObstacleId id : obstacles) {
        ObstacleData& data = obstacles_[id.index()];
        if (!data.alive) continue;  // named twice
        data.alive = false;
        touched.insert(touched.end(), data.regions.begin(), data.regions.end());
        data.regions.clear();
    }
    add_neighbouring_regions(touched);
    regroup(std::move(touched), {}, false);
    return {};
}

void ObstacleGraph::add_neighbouring_regions(std::vector<std::uint32_t>& regions) const {
    const std::size_t edited = regions.size();
    for (std::uint32_t region = 0; region < regions_.size(); ++region) {
        if (!regions_[region].alive ||
            std::find(regions.begin(), regions.end(), region) != regions.end())
            continue;
        for (std::size_t index = 0; index < edited; ++index)
            if (regions_[regions[index]].box.overlaps(regions_[region].box)) {
                regions.push_back(region);
                break;
            }
    }
}

void ObstacleGraph::remove_all_obstacles() {
    std::vector<std::uint32_t> touched;
    for (std::uint32_t region = 0; region < regions_.size(); ++region)
        if (regions_[region].alive) touched.push_back(region);
    for (ObstacleData& data : obstacles_) {
        data.alive = false;
        data.regions.clear();
    }
    regroup(std::move(touched), {}, false);
}

std::vector<ObstacleId> ObstacleGraph::obstacles() const {
    std::vector<ObstacleId> ids;
    for (std::uint32_t index = 0; index < obstacles_.size(); ++index)
        if (obstacles_[index].alive) ids.push_back(ObstacleId(index));
    return ids;
}

const Obstacle* ObstacleGraph::obstacle(ObstacleId id) const {
    if (id.index() >= obstacles_.size() || !obstacles_[id.index()].alive) return nullptr;
    return &obstacles_[id.index()].shape;
}

namespace {

/// True when a corner of the obstacle's grown outline lies in or on `shape`.
bool reaches(const Shape& shape, const FixedBox& box, const std::vector<Ring>& grown,
             const FixedBox& grown_box) {
    if (!grown_box.overlaps(box)) return false;
    for (const Ring& ring : grown)
        for (const FixedPoint& corner : ring)
            if (geometry::locate(shape, corner) != geometry::Placement::Outside) return true;
    return false;
}

}  // namespace

// Clipper rounds the crossings it makes to the grid, and where it splits an edge can depend on
// every other outline in the same union. So that an edit gives exactly what a rebuild gives,
// each connected piece is the union of its own members alone: when one union gives several
// pieces, each is redone from its members. Pieces that touch at a point (Clipper hands them
// back apart) share the members that reach both, and are one region: every ring of their
// union, so that the point where they touch is known to be a wall.
std::vector<Shape> ObstacleGraph::merge_members(const std::vector<std::uint32_t>& members) const {
    const auto parts_of = [&](const std::vector<std::uint32_t>& group) {
        std::vector<const std::vector<Ring>*> parts;
        for (std::uint32_t member : group)
            parts.push_back(&obstacles_[member].grown);
        return parts;
    };
    const auto as_one = [](std::vector<Shape> shapes) {
        Shape rings;
        for (Shape& shape : shapes)
            for (Ring& ring : shape)
                rings.push_back(std::move(ring));
        return rings;
    };
    std::vector<Shape> pieces = geometry::merge(parts_of(members));
    if (pieces.size() <= 1) return pieces;
    // Pieces joined by a member that reaches both (union-find), then each group's union.
    std::vector<std::uint32_t> group_of(pieces.size());
    for (std::uint32_t piece = 0; piece < pieces.size(); ++piece)
        group_of[piece] = piece;
    const auto root = [&](std::uint32_t piece) {
        while (group_of[piece] != piece)
            piece = group_of[piece] = group_of[group_of[piece]];
        return piece;
    };
    std::vector<std::uint32_t> first_piece_of(members.size(), none);  // by place in members
    std::vector<std::vector<std::uint32_t>> reaching(pieces.size());
    for (std::uint32_t piece = 0; piece < pieces.size(); ++piece) {
        const FixedBox box = geometry::box_of(pieces[piece]);
        for (std::size_t place = 0; place < members.size(); ++place) {
            const ObstacleData& member = obstacles_[members[place]];
            if (!reaches(pieces[piece], box, member.grown, member.box)) continue;
            reaching[piece].push_back(members[place]);
            std::uint32_t& first = first_piece_of[place];
            if (first == none)
                first = piece;
            else
                group_of[std::max(root(first), root(piece))] = std::min(root(first), root(piece));
        }
    }
    std::vector<Shape> canonical;
    for (std::uint32_t piece = 0; piece < pieces.size(); ++piece) {
        if (root(piece) != piece) continue;
        std::vector<std::uint32_t> group;
        for (std::uint32_t other = piece; other < pieces.size(); ++other)
            if (root(other) == piece)
                group.insert(group.end(), reaching[other].begin(), reaching[other].end());
        std::sort(group.begin(), group.end());
        group.erase(std::unique(group.begin(), group.end()), group.end());
        canonical.push_back(as_one(geometry::merge(parts_of(group))));
    }
    return canonical;
}

// Replaces `old_regions` (and every region sharing a member with them) by the merged shapes of
// their live members plus `extra_members`, then brings the connections up to date.
void ObstacleGraph::regroup(std::vector<std::uint32_t> old_regions,
                            std::vector<std::uint32_t> extra_members,
                            bool cut_crossing_connections) {
    std::vector<std::uint32_t> members = std::move(extra_members);
    for (std::size_t index = 0; index < old_regions.size(); ++index) {
        for (std::uint32_t member : regions_[old_regions[index]].members) {
            if (!obstacles_[member].alive) continue;
            members.push_back(member);
            for (std::uint32_t region : obstacles_[member].regions)
                if (std::find(old_regions.begin(), old_regions.end(), region) == old_regions.end())
                    old_regions.push_back(region);
        }
    }
    std::sort(old_regions.begin(), old_regions.end());
    old_regions.erase(std::unique(old_regions.begin(), old_regions.end()), old_regions.end());
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());

    std::vector<PairRecord> orphaned;
    for (std::uint32_t region : old_regions)
        retire_region(region, orphaned);

    for (std::uint32_t member : members)
        obstacles_[member].regions.clear();
    std::vector<std::uint32_t> created;
    std::vector<std::uint32_t> fresh_nodes;
    for (Shape& shape : merge_members(members)) {
        geometry::untangle_touching(shape);
        const std::uint32_t region = new_region();
        RegionData& data = regions_[region];
        data.box = geometry::box_of(shape);
        data.shape = std::move(shape);
        for (std::uint32_t member : members) {
            const ObstacleData& obstacle = obstacles_[member];
            if (!reaches(data.shape, data.box, obstacle.grown, obstacle.box)) continue;
            data.members.push_back(member);
            obstacles_[member].regions.push_back(region);
        }
        index_->add(region, data.shape);
        add_region_nodes(region);
        fresh_nodes.insert(fresh_nodes.end(), data.nodes.begin(), data.nodes.end());
        created.push_back(region);
    }
    if (cut_crossing_connections) cut_connections_through(created);
    link_new_nodes(fresh_nodes);
    retest_pairs(orphaned);
    refresh_link_ends();
}

std::uint32_t ObstacleGraph::new_region() {
    std::uint32_t region;
    if (!free_regions_.empty()) {
        region = free_regions_.back();
        free_regions_.pop_back();
    } else {
        region = static_cast<std::uint32_t>(regions_.size());
        regions_.emplace_back();
    }
    regions_[region] = RegionData{};
    regions_[region].alive = true;
    return region;
}

void ObstacleGraph::retire_region(std::uint32_t region, std::vector<PairRecord>& orphaned_pairs) {
    RegionData& data = regions_[region];
    for (std::uint32_t node : data.nodes)
        remove_node_unchecked(node);
    index_->remove(region);
    orphaned_pairs.insert(orphaned_pairs.end(), data.blocked.begin(), data.blocked.end());
    data = RegionData{};
    free_regions_.push_back(region);
}

namespace {

/// An obstacle's corner at a point: the obstacle fills the directions from `first` counter-
/// clockwise to `last` (each a point along that direction).
struct Wedge {
    FixedPoint first;
    FixedPoint last;
};

}  // namespace

// A node for every corner where a shortest path may turn: where the free directions around a
// point of the outline span more than a half turn. Usually one corner of one ring; where parts
// touch (the same point on two rings, or a corner on another's edge) the free directions fall
// into several gaps between them, and a path may turn only inside one gap, never from one to
// another: that would pass between parts that touch.
void ObstacleGraph::add_region_nodes(std::uint32_t region) {
    RegionData& data = regions_[region];
    std::vector<FixedPoint> touching_points_done;
    std::vector<const geometry::IndexedEdge*> seen;
    std::vector<Wedge> wedges;
    const auto add_node = [&](FixedPoint at, FixedPoint before, FixedPoint after) {
        const std::uint32_t node = new_node();
        NodeData& node_data = nodes_[node];
        node_data.at = at;
        node_data.before = before;
        node_data.after = after;
        node_data.region = region;
        data.nodes.push_back(node);
    };
    for (const Ring& ring : data.shape) {
        const std::size_t count = ring.size();
        for (std::size_t index = 0; index < count; ++index) {
            const FixedPoint before = ring[(index + count - 1) % count];
            const FixedPoint at = ring[index];
            const FixedPoint after = ring[(index + 1) % count];
            // Every part of the outline at this point: corners there and edges through it.
            seen.clear();
            wedges.clear();
            index_->any_along(at, at, [&](const geometry::IndexedEdge& edge) {
                if (edge.shape != region ||
                    std::find(seen.begin(), seen.end(), &edge) != seen.end())
                    return false;
                seen.push_back(&edge);
                if (edge.a == at)
                    wedges.push_back({edge.b, edge.before_a});
                else if (edge.b != at && geometry::on_segment(edge.a, edge.b, at))
                    wedges.push_back({edge.b, edge.a});
                return false;
            });
            if (wedges.size() <= 1) {
                if (geometry::orientation(before, at, after) > 0) add_node(at, before, after);
                continue;
            }
            if (std::find(touching_points_done.begin(), touching_points_done.end(), at) !=
                touching_points_done.end())
                continue;
            touching_points_done.push_back(at);
            std::sort(wedges.begin(), wedges.end(), [&](const Wedge& a, const Wedge& b) {
                return geometry::before_counter_clockwise(a.first - at, b.first - at);
            });
            for (std::size_t wedge = 0; wedge < wedges.size(); ++wedge) {
                const FixedPoint gap_from = wedges[wedge].last;
                const FixedPoint gap_to = wedges[(wedge + 1) % wedges.size()].first;
                if (geometry::orientation(gap_from, at, gap_to) > 0) add_node(at, gap_from, gap_to);
            }
        }
    }
}

// ---- reading ---------------------------------------------------------------------------------

bool ObstacleGraph::contains(NodeId node) const {
    return node.index() < nodes_.size() && nodes_[node.index()].alive();
}

std::vector<NodeId> ObstacleGraph::nodes() const {
    std::vector<NodeId> ids;
    for (std::uint32_t node = 0; node < nodes_.size(); ++node)
        if (nodes_[node].alive()) ids.push_back(NodeId(node));
    return ids;
}

Point2 ObstacleGraph::position(NodeId node) const {
    return contains(node) ? geometry::to_point(nodes_[node.index()].at) : Point2{};
}

std::span<const PlaneConnection> ObstacleGraph::connections(NodeId node) const {
    if (!contains(node)) return {};
    return links_[node.index()];
}

Cost ObstacleGraph::estimate(StateId from, StateId to) const {
    return static_cast<Cost>(
        geometry::world_distance(nodes_[from.index()].at, nodes_[to.index()].at));
}

std::vector<NodeId> ObstacleGraph::nodes_for_obstacle(ObstacleId obstacle) const {
    std::vector<NodeId> found;
    if (obstacle.index() >= obstacles_.size() || !obstacles_[obstacle.index()].alive) return found;
    const ObstacleData& data = obstacles_[obstacle.index()];
    for (std::uint32_t region : data.regions) {
        for (std::uint32_t node : regions_[region].nodes) {
            if (geometry::locate_in_rings(data.grown, nodes_[node].at) ==
                geometry::Placement::OnBoundary)
                found.push_back(NodeId(node));
        }
    }
    return found;
}

std::vector<std::vector<Point2>> ObstacleGraph::outlines() const {
    std::vector<std::vector<Point2>> rings;
    for (const RegionData& region : regions_) {
        if (!region.alive) continue;
        for (const Ring& ring : region.shape) {
            std::vector<Point2> points;
            for (FixedPoint point : ring)
                points.push_back(geometry::to_point(point));
            rings.push_back(std::move(points));
        }
    }
    return rings;
}

std::uint32_t ObstacleGraph::region_containing(const FixedPoint& point) const {
    for (std::uint32_t region = 0; region < regions_.size(); ++region) {
        const RegionData& data = regions_[region];
        if (data.alive && data.box.contains(point) &&
            geometry::locate(data.shape, point) == geometry::Placement::Inside)
            return region;
    }
    return none;
}

bool ObstacleGraph::is_inside_obstacle(Point2 point) const {
    if (!geometry::check_coordinate(point, "point")) return false;
    return region_containing(geometry::to_fixed(point)) != none;
}

bool ObstacleGraph::can_see(Point2 a, Point2 b) const {
    if (!geometry::check_coordinate(a, "a") || !geometry::check_coordinate(b, "b")) return false;
    if (is_inside_obstacle(a) || is_inside_obstacle(b)) return false;
    const FixedPoint u = geometry::to_fixed(a), v = geometry::to_fixed(b);
    return u == v || blocker_between(u, v) == none;
}

}  // namespace pathkit
