// ObstacleGraph queries: temporary start and goal nodes in the context, then the one engine.
#include <cmath>
#include <string>

#include "endpoint_space.hpp"
#include "obstacle_graph_parts.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/search/search.hpp"
#include "shape_checks.hpp"

namespace pathkit {

using geometry::FixedPoint;
using geometry::none;

PlanePath ObstacleGraph::find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                                   const SearchOptions& options) const {
    PlanePath result;
    const auto refuse = geometry::refusal;
    for (const auto& [point, name] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (Status status = geometry::check_coordinate(point, name); !status)
            return refuse(status.message());
        const std::uint32_t region = region_containing(geometry::to_fixed(point));
        if (region != none) {
            const std::uint32_t member =
                regions_[region].members.empty() ? 0 : regions_[region].members.front();
            return refuse(std::string(name) + " " + to_string(point) + " is inside obstacle " +
                          std::to_string(member) + " or its buffer");
        }
    }
    const FixedPoint start = geometry::to_fixed(from), goal = geometry::to_fixed(to);
    // Walking straight is the shortest way where it is free, unless a link is a shortcut.
    const bool straight = blocker_between(start, goal) == none;
    if (start == goal || (straight && shortcuts_.empty())) {
        result.status = SearchStatus::Found;
        result.path = start == goal ? std::vector<Point2>{from} : std::vector<Point2>{from, to};
        result.cost = std::hypot(to.x - from.x, to.y - from.y);
        return result;
    }

    context.prepare(nodes_.size());
    // Visibility is tested from the points on the fixed grid; lengths use the points as given.
    const auto distance_to = [](Point2 point, FixedPoint node) {
        const Point2 at = geometry::to_point(node);
        return static_cast<Cost>(
            std::hypot(static_cast<double>(at.x) - point.x, static_cast<double>(at.y) - point.y));
    };
    for (std::uint32_t node = 0; node < nodes_.size(); ++node) {
        const NodeData& data = nodes_[node];
        if (!data.alive()) continue;
        const bool all = options_.connect_all_visible_pairs;
        if ((all || tangent_at(node, start)) && blocker_between(start, data.at) == none)
            context.start_links_.push_back(
                PlaneQueryContext::Link{node, distance_to(from, data.at)});
        if ((all || tangent_at(node, goal)) && blocker_between(goal, data.at) == none)
            context.link_goal(node, distance_to(to, data.at));
    }
    const auto node_count = static_cast<std::uint32_t>(nodes_.size());
    if (straight)  // a shortcut may still beat it
        context.start_links_.push_back({node_count + 1, geometry::distance(from, to)});
    geometry::ShortcutBound bound;
    if (!shortcuts_.empty()) bound.prepare(shortcuts_, to);
    const geometry::EndpointSpace space(
        node_count, context, from, to,
        [this](std::uint32_t node) { return geometry::to_point(nodes_[node].at); },
        [this](std::uint32_t node, auto& visit) {
            for (const PlaneConnection& link : links_[node])
                visit(StateId(link.to.value), link.cost);
            for (const LinkArc& arc : link_arcs_[node])
                visit(StateId(arc.to), arc.cost);
        },
        shortcuts_.empty() ? nullptr : &bound);
    SearchResult found =
        pathkit::find_path(space, StateId(space.start_state()), context.search_, options);
    const std::vector<StateId> states = link_entries_.empty() ? std::vector<StateId>{} : found.path;
    PlanePath path = convert_path<Point2>(std::move(found),
                                          [&](StateId state) { return space.point(state.value); });
    name_link_segments(states, path);
    return path;
}

}  // namespace pathkit
