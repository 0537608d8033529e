// NavMesh queries: the one engine over the mesh's nodes, a triangle corridor, then the funnel.
#include <algorithm>
#include <cmath>
#include <string>

#include "endpoint_space.hpp"
#include "exact_predicates.hpp"
#include "mesh_links.hpp"
#include "nav_mesh_parts.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/search/search.hpp"
#include "shape_checks.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;

using geometry::distance;

geometry::FixedPoint fixed_of(const std::array<std::int64_t, 2>& vertex) {
    return {vertex[0], vertex[1]};
}
}  // namespace

Expected<std::uint32_t> NavMesh::locate_end(Point2 point, const std::string& name) const {
    if (Status status = geometry::check_coordinate(point, name); !status) return status;
    const geometry::FixedPoint fixed = geometry::to_fixed(point);
    const std::string where = " " + to_string(point);
    if (fixed.x < bounds_[0] || fixed.x > bounds_[2] || fixed.y < bounds_[1] ||
        fixed.y > bounds_[3])
        return Status::invalid_input(name + where + " is outside the mesh bounds");
    const std::uint32_t triangle = locate(fixed.x, fixed.y);
    if (triangle == none)
        return Status::invalid_input(name + where + " is inside an obstacle or its buffer");
    return triangle;
}

PlanePath NavMesh::find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                             const SearchOptions& options, NavMeshQuery query) const {
    const auto lock = lock_for_reading();
    PlanePath result;
    const auto refuse = geometry::refusal;
    if (triangle_corners_.empty() && dirty_)
        return refuse("the mesh has not been triangulated; call triangulate()");
    std::uint32_t ends[2] = {none, none};
    for (int end = 0; end < 2; ++end) {
        const auto located = locate_end(end == 0 ? from : to, end == 0 ? "start" : "goal");
        if (!located) return refuse(located.error().message());
        ends[end] = located.value();
    }
    // One triangle holds both: the straight line, unless a link is a shortcut.
    const bool shortcuts = link_index_ && link_index_->total_saving > 0;
    if (ends[0] == ends[1] && !shortcuts) {
        result.status = SearchStatus::Found;
        result.path = {from, to};
        if (from == to) result.path.pop_back();
        result.cost = distance(from, to);
        return result;
    }
    if (!regions_join(from, to, ends[0], ends[1])) {
        result.status = SearchStatus::NoPath;
        result.message = "the goal is walled off from the start: no way through free space";
        return result;
    }
    return query == NavMeshQuery::Optimal
               ? find_shortest_path(from, to, ends[0], ends[1], context, options)
               : find_funnel_path(from, to, ends[0], ends[1], context, options);
}

bool NavMesh::are_connected(Point2 from, Point2 to) const {
    const auto lock = lock_for_reading();
    const std::uint32_t start = triangle_holding(from), goal = triangle_holding(to);
    return start != none && goal != none && regions_join(from, to, start, goal);
}

bool NavMesh::regions_join(Point2 from, Point2 to, std::uint32_t start, std::uint32_t goal) const {
    if (triangle_region_[start] == triangle_region_[goal]) return true;
    // An end on a corner where obstacles touch lies in the regions on every side of it.
    const std::vector<std::uint32_t> start_sides = triangles_holding(from, start);
    const std::vector<std::uint32_t> goal_sides = triangles_holding(to, goal);
    std::vector<std::uint32_t> reached, wanted;
    for (const std::uint32_t side : start_sides)
        reached.push_back(triangle_region_[side]);
    for (const std::uint32_t side : goal_sides)
        wanted.push_back(triangle_region_[side]);
    // Links lead on from the regions reached to others (one way, for a one-way link).
    for (std::size_t at = 0; at < reached.size(); ++at) {
        if (std::find(wanted.begin(), wanted.end(), reached[at]) != wanted.end()) return true;
        if (!link_index_) continue;
        for (const auto& [entrance, exit] : link_index_->region_arcs)
            if (entrance == reached[at] &&
                std::find(reached.begin(), reached.end(), exit) == reached.end())
                reached.push_back(exit);
    }
    return false;
}

// The engine over the node graph, the corridor of triangles its path crosses, the funnel.
PlanePath NavMesh::find_funnel_path(Point2 from, Point2 to, std::uint32_t start_triangle,
                                    std::uint32_t goal_triangle, PlaneQueryContext& context,
                                    const SearchOptions& options) const {
    PlanePath result;
    // An end on a corner where obstacles touch may leave into any side: every triangle there.
    const auto holding = [&](Point2 point, std::uint32_t triangle) {
        return touching_corner_triangles_.empty() ? std::vector<std::uint32_t>{triangle}
                                                  : triangles_holding(point, triangle);
    };
    const std::vector<std::uint32_t> starts = holding(from, start_triangle);
    const std::vector<std::uint32_t> goals = holding(to, goal_triangle);
    if (link_index_) return find_funnel_path_with_links(from, to, starts, goals, context, options);
    const NodeGraph& graph = node_graph();
    context.prepare(graph.positions.size());
    for (const std::uint32_t triangle : starts)
        for (std::uint32_t node : graph.triangle_nodes(triangle))
            context.start_links_.push_back({node, distance(from, graph.positions[node])});
    for (const std::uint32_t triangle : goals)
        for (std::uint32_t node : graph.triangle_nodes(triangle))
            context.link_goal(node, distance(to, graph.positions[node]));
    const geometry::EndpointSpace space(
        static_cast<std::uint32_t>(graph.positions.size()), context, from, to,
        [&graph](std::uint32_t node) { return graph.positions[node]; },
        [&graph](std::uint32_t node, auto& visit) {
            for (std::uint32_t at = graph.connection_starts[node];
                 at < graph.connection_starts[node + 1]; ++at)
                visit(StateId(graph.connections[at].to.value), graph.connections[at].cost);
        });
    SearchResult found =
        pathkit::find_path(space, StateId(space.start_state()), context.search_, options);
    result.status = found.status;
    result.message = std::move(found.message);
    result.stats = found.stats;
    if (found.path.empty()) return result;
    // A partial path stops at the node closest to the goal.
    const bool whole = found.path.back().value == space.goal_state();
    const Point2 end = whole ? to : graph.positions[found.path.back().value];
    corridor_between(graph, found.path, starts, goals, context.corridor_);
    result.path = pull_string(from, end, context.corridor_);
    for (std::size_t index = 1; index < result.path.size(); ++index)
        result.cost += distance(result.path[index - 1], result.path[index]);
    return result;
}

// The triangles the node path runs through. Each step between two states runs inside a
// triangle both lie in; between the triangles of two steps lies the node they share: a portal
// (its two triangles are neighbours) or a corner (the fan of triangles around it).
void NavMesh::corridor_between(const NodeGraph& graph, const std::vector<StateId>& states,
                               std::span<const std::uint32_t> start_triangles,
                               std::span<const std::uint32_t> goal_triangles,
                               std::vector<std::uint32_t>& corridor) const {
    const auto start_state = static_cast<std::uint32_t>(graph.positions.size());
    const auto triangles_of = [&](const std::uint32_t& state) {
        if (state == start_state) return start_triangles;
        if (state == start_state + 1) return goal_triangles;
        return graph.node_triangles(state);
    };
    // The start's triangle that holds the first step too (several only on a touching corner).
    corridor.assign(1, start_triangles.front());
    if (states.size() > 1) {
        const auto ahead = triangles_of(states[1].value);
        for (const std::uint32_t triangle : start_triangles)
            if (std::find(ahead.begin(), ahead.end(), triangle) != ahead.end()) {
                corridor.front() = triangle;
                break;
            }
    }
    for (std::size_t index = 1; index < states.size(); ++index) {
        const std::uint32_t previous = states[index - 1].value, state = states[index].value;
        const std::uint32_t current = corridor.back();  // it holds the previous state
        const auto behind = triangles_of(previous), ahead = triangles_of(state);
        if (std::find(ahead.begin(), ahead.end(), current) != ahead.end()) continue;
        std::uint32_t shared = none;
        for (std::uint32_t triangle : ahead)
            if (shared == none && std::find(behind.begin(), behind.end(), triangle) != behind.end())
                shared = triangle;
        if (shared == none) {  // two centers of neighbouring triangles
            fill_fan(current, ahead.front(), none, corridor);
            continue;
        }
        fill_fan(current, shared, previous < start_state ? graph.node_vertex[previous] : none,
                 corridor);
    }
}

// Appends the triangles after `from` up to `to`: `to` itself when it is a neighbour, else the
// shorter way round the shared corner `vertex`.
void NavMesh::fill_fan(std::uint32_t from, std::uint32_t to, std::uint32_t vertex,
                       std::vector<std::uint32_t>& corridor) const {
    for (std::uint32_t neighbour : triangle_neighbours_[from]) {
        if (neighbour == to) {
            corridor.push_back(to);
            return;
        }
    }
    if (vertex == none) {  // find the corner the two triangles share
        for (std::uint32_t a : triangle_corners_[from])
            for (std::uint32_t b : triangle_corners_[to])
                if (a == b) vertex = a;
        if (vertex == none) return;  // not expected: consecutive states share a triangle
    }
    std::vector<std::uint32_t> ways[2];
    for (int way = 0; way < 2; ++way) {
        std::uint32_t at = from;
        for (std::size_t guard = 0; guard < triangle_corners_.size(); ++guard) {
            const auto& corners = triangle_corners_[at];
            const int corner = corners[0] == vertex ? 0 : corners[1] == vertex ? 1 : 2;
            at = triangle_neighbours_[at][(corner + 1 + way) % 3];
            if (at == none || at == from) {
                ways[way].clear();
                break;
            }
            ways[way].push_back(at);
            if (at == to) break;
        }
    }
    const bool first_works = !ways[0].empty() && ways[0].back() == to;
    const bool second_works = !ways[1].empty() && ways[1].back() == to;
    const auto& way =
        first_works && (!second_works || ways[0].size() <= ways[1].size()) ? ways[0] : ways[1];
    if (first_works || second_works) corridor.insert(corridor.end(), way.begin(), way.end());
}

// The funnel algorithm: the shortest path through the corridor's portals, every turn test an
// exact cross product on the fixed grid (the ends as placed on it, as the mesh located them).
std::vector<Point2> NavMesh::pull_string(Point2 from, Point2 to,
                                         const std::vector<std::uint32_t>& corridor) const {
    using geometry::FixedPoint;
    const FixedPoint start = geometry::to_fixed(from), goal = geometry::to_fixed(to);
    std::vector<std::pair<FixedPoint, FixedPoint>> portals{{start, start}};  // (left, right)
    for (std::size_t index = 0; index + 1 < corridor.size(); ++index) {
        const std::uint32_t here = corridor[index], next = corridor[index + 1];
        for (int edge = 0; edge < 3; ++edge) {
            if (triangle_neighbours_[here][edge] != next) continue;
            const auto& corners = triangle_corners_[here];
            portals.push_back({fixed_of(vertices_[corners[(edge + 2) % 3]]),
                               fixed_of(vertices_[corners[(edge + 1) % 3]])});
            break;
        }
    }
    portals.push_back({goal, goal});

    std::vector<Point2> path{from};
    FixedPoint apex = start, left = start, right = start;
    std::size_t apex_index = 0, left_index = 0, right_index = 0;
    // A corner of the path, as given where it is an end (the funnel may close on the goal).
    const auto turn_at = [&](FixedPoint corner) {
        const Point2 point = corner == goal    ? to
                             : corner == start ? from
                                               : geometry::to_point(corner);
        if (point != path.back()) path.push_back(point);
    };
    for (std::size_t index = 1; index < portals.size(); ++index) {
        const auto [new_left, new_right] = portals[index];
        if (geometry::orientation(apex, right, new_right) >= 0) {  // the right side narrows
            if (apex == right || geometry::orientation(apex, left, new_right) < 0) {
                right = new_right;
                right_index = index;
            } else {  // it crosses the left side: the left corner is on the path
                turn_at(left);
                apex = left;
                apex_index = left_index;
                right = left = apex;
                right_index = left_index = index = apex_index;
                continue;
            }
        }
        if (geometry::orientation(apex, left, new_left) <= 0) {  // the left side narrows
            if (apex == left || geometry::orientation(apex, right, new_left) > 0) {
                left = new_left;
                left_index = index;
            } else {
                turn_at(right);
                apex = right;
                apex_index = right_index;
                right = left = apex;
                right_index = left_index = index = apex_index;
                continue;
            }
        }
    }
    if (path.back() != to) path.push_back(to);
    return path;
}

}  // namespace pathkit
