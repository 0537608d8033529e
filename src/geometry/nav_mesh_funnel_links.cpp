// The funnel query on a mesh with links: the engine over the node graph, where link ends are
// states too (an arc at the link's cost between them), then each walked piece of the path
// between links pulled tight by the funnel on its own.
#include <algorithm>
#include <cmath>

#include "mesh_links.hpp"
#include "nav_mesh_parts.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/search/search.hpp"
#include "shortcut_bound.hpp"

namespace pathkit {

namespace {

using geometry::distance;

/// States: the graph's nodes, then the start, the goal, and per link arc its entrance and its
/// exit. Walking joins a point to the nodes, the goal and the entrances in its triangles; an
/// entrance leads only across its arc, to the exit.
template <class Graph>
class FunnelLinkSpace {
  public:
    FunnelLinkSpace(const Graph& graph, const geometry::MeshLinks& links, Point2 from, Point2 to,
                    std::span<const std::uint32_t> starts, std::span<const std::uint32_t> goals,
                    const geometry::ShortcutBound* shortcuts)
        : graph_(graph),
          links_(links),
          from_(from),
          to_(to),
          starts_(starts),
          goals_(goals),
          shortcuts_(shortcuts),
          nodes_(static_cast<std::uint32_t>(graph.positions.size())) {}

    [[nodiscard]] std::size_t state_count() const { return nodes_ + 2 + 2 * links_.arcs.size(); }
    [[nodiscard]] bool is_valid(StateId) const { return true; }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal(); }
    [[nodiscard]] Cost heuristic(StateId state) const {
        const Point2 at = point(state.value);
        if (shortcuts_) return static_cast<Cost>(shortcuts_->estimate(at) * (1 - 1e-5));
        return distance(at, to_) * (1 - 1e-5f);
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        const std::uint32_t at = state.value;
        if (at == start()) return walk_from(from_, starts_, UINT32_MAX, visit);
        if (at == goal()) return;
        if (at < nodes_) {
            for (std::uint32_t next = graph_.connection_starts[at];
                 next < graph_.connection_starts[at + 1]; ++next)
                visit(StateId(graph_.connections[next].to.value), graph_.connections[next].cost);
            const Point2 here = graph_.positions[at];
            for (const std::uint32_t triangle : graph_.node_triangles(at)) {
                if (holds_goal(triangle)) visit(StateId(goal()), distance(here, to_));
                visit_entrances(here, triangle, UINT32_MAX, visit);
            }
            return;
        }
        const std::uint32_t arc = (at - nodes_ - 2) / 2;
        if (is_entrance(at))
            return visit(StateId(at + 1), static_cast<Cost>(links_.arcs[arc].cost));
        walk_from(links_.arcs[arc].exit_point, exit_triangles(arc), links_.arcs[arc].link, visit);
    }

    [[nodiscard]] Point2 point(std::uint32_t state) const {
        if (state < nodes_) return graph_.positions[state];
        if (state == start()) return from_;
        if (state == goal()) return to_;
        const geometry::LinkArc& arc = links_.arcs[(state - nodes_ - 2) / 2];
        return is_entrance(state) ? arc.entrance_point : arc.exit_point;
    }
    [[nodiscard]] std::uint32_t start() const { return nodes_; }
    [[nodiscard]] std::uint32_t goal() const { return nodes_ + 1; }
    [[nodiscard]] bool is_entrance(std::uint32_t state) const {
        return state >= nodes_ + 2 && (state - nodes_ - 2) % 2 == 0;
    }
    [[nodiscard]] std::span<const std::uint32_t> exit_triangles(std::uint32_t arc) const {
        const geometry::LinkArc& crossed = links_.arcs[arc];
        return std::span<const std::uint32_t>(links_.exit_triangles)
            .subspan(crossed.exits_begin, crossed.exits_end - crossed.exits_begin);
    }

  private:
    [[nodiscard]] bool holds_goal(std::uint32_t triangle) const {
        return std::find(goals_.begin(), goals_.end(), triangle) != goals_.end();
    }
    template <class Visit>
    void visit_entrances(Point2 here, std::uint32_t triangle, std::uint32_t skipped_link,
                         Visit& visit) const {
        if (!links_.holds_entrance[triangle]) return;
        for (auto at = std::lower_bound(links_.entrances.begin(), links_.entrances.end(),
                                        std::pair<std::uint32_t, std::uint32_t>{triangle, 0});
             at != links_.entrances.end() && at->first == triangle; ++at)
            if (links_.arcs[at->second].link != skipped_link)  // never straight back
                visit(StateId(nodes_ + 2 + 2 * at->second),
                      distance(here, links_.arcs[at->second].entrance_point));
    }
    template <class Visit>
    void walk_from(Point2 here, std::span<const std::uint32_t> triangles,
                   std::uint32_t skipped_link, Visit& visit) const {
        for (const std::uint32_t triangle : triangles) {
            for (const std::uint32_t node : graph_.triangle_nodes(triangle))
                visit(StateId(node), distance(here, graph_.positions[node]));
            if (holds_goal(triangle)) visit(StateId(goal()), distance(here, to_));
            visit_entrances(here, triangle, skipped_link, visit);
        }
    }

    const Graph& graph_;
    const geometry::MeshLinks& links_;
    Point2 from_, to_;
    std::span<const std::uint32_t> starts_, goals_;
    const geometry::ShortcutBound* shortcuts_;
    std::uint32_t nodes_;
};

}  // namespace

PlanePath NavMesh::find_funnel_path_with_links(Point2 from, Point2 to,
                                               std::span<const std::uint32_t> starts,
                                               std::span<const std::uint32_t> goals,
                                               PlaneQueryContext& context,
                                               const SearchOptions& options) const {
    PlanePath result;
    const NodeGraph& graph = node_graph();
    const geometry::MeshLinks& links = *link_index_;
    std::vector<geometry::ShortcutArc> shortcut_arcs;
    for (const geometry::LinkArc& arc : links.arcs)
        if (arc.cost < distance(arc.entrance_point, arc.exit_point))
            shortcut_arcs.push_back({arc.entrance_point, arc.exit_point, arc.cost});
    geometry::ShortcutBound bound;
    if (!shortcut_arcs.empty()) bound.prepare(shortcut_arcs, to);
    const FunnelLinkSpace space(graph, links, from, to, starts, goals,
                                shortcut_arcs.empty() ? nullptr : &bound);
    SearchResult found =
        pathkit::find_path(space, StateId(space.start()), context.search_, options);
    result.status = found.status;
    result.message = std::move(found.message);
    result.stats = found.stats;
    if (found.path.empty()) return result;

    // The path in walked pieces, each from a point (with its triangles) through nodes to the
    // next link's entrance or the end, pulled by the funnel; links join the pieces.
    const auto start_state = static_cast<std::uint32_t>(graph.positions.size());
    const auto triangles_at = [&](std::uint32_t state) -> std::vector<std::uint32_t> {
        if (state < start_state) {
            const auto of = graph.node_triangles(state);
            return {of.begin(), of.end()};
        }
        if (state == space.start()) return {starts.begin(), starts.end()};
        if (state == space.goal()) return {goals.begin(), goals.end()};
        const Point2 at = space.point(state);
        return triangles_holding(at, triangle_holding(at));
    };
    Point2 piece_from = from;
    std::vector<std::uint32_t> piece_triangles(starts.begin(), starts.end());
    std::vector<StateId> piece{StateId(start_state)};
    result.path.push_back(from);
    const auto close_piece = [&](std::uint32_t end_state) {
        piece.push_back(StateId(start_state + 1));
        const std::vector<std::uint32_t> end_triangles = triangles_at(end_state);
        corridor_between(graph, piece, piece_triangles, end_triangles, context.corridor_);
        const std::vector<Point2> pulled =
            pull_string(piece_from, space.point(end_state), context.corridor_);
        for (std::size_t index = 1; index < pulled.size(); ++index) {
            result.cost += distance(result.path.back(), pulled[index]);
            result.path.push_back(pulled[index]);
        }
    };
    for (std::size_t index = 1; index < found.path.size(); ++index) {
        const std::uint32_t state = found.path[index].value;
        const bool last = index + 1 == found.path.size();
        if (state < start_state && !last) {
            piece.push_back(found.path[index]);
            continue;
        }
        if (state < start_state) piece.push_back(found.path[index]);  // a partial path's end
        if (state >= start_state + 2 && !space.is_entrance(state)) {  // across a link
            const geometry::LinkArc& arc = links.arcs[(state - start_state - 2) / 2];
            result.links.push_back({result.path.size() - 1, LinkId(arc.link)});
            result.path.push_back(arc.exit_point);
            result.cost += static_cast<Cost>(arc.cost);
            piece_from = arc.exit_point;
            piece_triangles = triangles_at(state);
            piece.assign(1, StateId(start_state));
            continue;
        }
        close_piece(state);
    }
    return result;
}

}  // namespace pathkit
