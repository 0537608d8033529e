// ObstacleGraph links (ladders, ledges, teleporters): their ends as nodes while free, their arcs,
// and which segments of a found path cross them.
#include <algorithm>
#include <cmath>
#include <string>

#include "link_checks.hpp"
#include "obstacle_graph_parts.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "shape_checks.hpp"

namespace pathkit {

using geometry::FixedPoint;
using geometry::none;

Expected<LinkId> ObstacleGraph::add_link(Point2 from, Point2 to, const MeshLinkOptions& options) {
    for (const auto& [point, name] : {std::pair{from, "start"}, std::pair{to, "end"}}) {
        if (Status status = geometry::check_coordinate(point, std::string("link ") + name); !status)
            return Status::invalid_input(status.message());
        const std::uint32_t region = region_containing(geometry::to_fixed(point));
        if (region != none) {
            const std::uint32_t member =
                regions_[region].members.empty() ? 0 : regions_[region].members.front();
            return Status::invalid_input(std::string("link ") + name + " " + to_string(point) +
                                         " is inside obstacle " + std::to_string(member) +
                                         " or its buffer");
        }
    }
    if (geometry::to_fixed(from) == geometry::to_fixed(to))
        return Status::invalid_input("a link must join two different points");
    const auto checked = geometry::checked_link_cost(from, to, options);
    if (!checked) return checked.error();
    const float cost = checked.value();
    LinkEntry entry{from, to, cost, options.bidirectional, true};
    entry.ends[0] = claim_link_end(from);
    entry.ends[1] = claim_link_end(to);
    link_entries_.push_back(entry);
    make_link_arcs();
    return LinkId(static_cast<std::uint32_t>(link_entries_.size() - 1));
}

Status ObstacleGraph::remove_link(LinkId link) {
    if (link.index() >= link_entries_.size() || !link_entries_[link.index()].alive)
        return Status::invalid_input("link " + std::to_string(link.value) + " is not in the graph");
    LinkEntry& entry = link_entries_[link.index()];
    entry.alive = false;
    for (std::uint32_t& end : entry.ends) {
        if (end != none) release_link_end(end);
        end = none;
    }
    make_link_arcs();
    return {};
}

std::size_t ObstacleGraph::link_count() const {
    return static_cast<std::size_t>(
        std::count_if(link_entries_.begin(), link_entries_.end(),
                      [](const LinkEntry& entry) { return entry.alive; }));
}

// A link end at a point where another link's end is already a node shares that node: two nodes
// on one point are never connected, so a path could not go on from one link into the other.
std::uint32_t ObstacleGraph::claim_link_end(Point2 point) {
    const FixedPoint at = geometry::to_fixed(point);
    for (const LinkEntry& entry : link_entries_)
        for (const std::uint32_t end : entry.ends)
            if (end != none && nodes_[end].at == at) {
                ++nodes_[end].link_ends;
                return end;
            }
    const std::uint32_t node = new_node();
    nodes_[node].at = at;
    nodes_[node].link_ends = 1;
    link_new_nodes({node});
    return node;
}

void ObstacleGraph::release_link_end(std::uint32_t node) {
    if (--nodes_[node].link_ends == 0) remove_node_unchecked(node);
}

void ObstacleGraph::refresh_link_ends() {
    if (link_entries_.empty()) return;
    for (LinkEntry& entry : link_entries_) {
        if (!entry.alive) continue;
        for (int side = 0; side < 2; ++side) {
            const Point2 point = side == 0 ? entry.from : entry.to;
            const bool covered = region_containing(geometry::to_fixed(point)) != none;
            std::uint32_t& end = entry.ends[side];
            if (covered && end != none) {
                release_link_end(end);
                end = none;
            } else if (!covered && end == none) {
                end = claim_link_end(point);
            }
        }
    }
    make_link_arcs();
}

void ObstacleGraph::make_link_arcs() {
    for (std::vector<LinkArc>& arcs : link_arcs_)
        arcs.clear();
    shortcuts_.clear();
    for (std::uint32_t link = 0; link < link_entries_.size(); ++link) {
        const LinkEntry& entry = link_entries_[link];
        if (!entry.alive || entry.ends[0] == none || entry.ends[1] == none) continue;
        const bool shortcut = entry.cost < geometry::distance(entry.from, entry.to);
        for (int way = 0; way < (entry.bidirectional ? 2 : 1); ++way) {
            link_arcs_[entry.ends[way]].push_back({entry.ends[1 - way], entry.cost, link});
            if (shortcut)
                shortcuts_.push_back({way == 0 ? entry.from : entry.to,
                                      way == 0 ? entry.to : entry.from, entry.cost});
        }
    }
}

// A step between two nodes crosses a link when a link's arc joins them and walking (a
// connection) costs more or is not there; the crossing's points are the link's ends as given.
void ObstacleGraph::name_link_segments(const std::vector<StateId>& states, PlanePath& path) const {
    if (link_entries_.empty()) return;
    for (std::size_t step = 1; step < states.size(); ++step) {
        const std::uint32_t a = states[step - 1].value, b = states[step].value;
        if (a >= nodes_.size() || b >= nodes_.size()) continue;  // the start or the goal
        const LinkArc* crossed = nullptr;
        for (const LinkArc& arc : link_arcs_[a])
            if (arc.to == b && (!crossed || arc.cost < crossed->cost)) crossed = &arc;
        if (!crossed) continue;
        const auto walk =
            std::find_if(links_[a].begin(), links_[a].end(),
                         [&](const PlaneConnection& link) { return link.to.value == b; });
        if (walk != links_[a].end() && walk->cost <= crossed->cost) continue;
        const LinkEntry& entry = link_entries_[crossed->link];
        const bool forwards = entry.ends[0] == a;
        path.path[step - 1] = forwards ? entry.from : entry.to;
        path.path[step] = forwards ? entry.to : entry.from;
        path.links.push_back({step - 1, LinkId(crossed->link)});
    }
    // A start or goal on a link's end gives the same point twice: keep one.
    std::vector<Point2> points;
    std::vector<std::size_t> kept_as(path.path.size());
    for (std::size_t index = 0; index < path.path.size(); ++index) {
        if (points.empty() || points.back() != path.path[index]) points.push_back(path.path[index]);
        kept_as[index] = points.size() - 1;
    }
    for (PlaneLinkStep& step : path.links)
        step.segment = kept_as[step.segment];
    path.path = std::move(points);
}

}  // namespace pathkit
