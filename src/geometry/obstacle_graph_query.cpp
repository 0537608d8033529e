// ObstacleGraph queries: temporary start and goal nodes in the context, then the one engine.
#include <string>

#include "obstacle_graph_parts.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/search/search.hpp"
#include "shape_checks.hpp"

namespace pathkit {

using geometry::FixedPoint;
using geometry::none;

/// The graph's nodes plus a start and a goal that exist only in one query's context.
class ObstacleGraph::QuerySpace {
  public:
    QuerySpace(const ObstacleGraph& graph, const PlaneQueryContext& context, FixedPoint start,
               FixedPoint goal)
        : graph_(graph),
          context_(context),
          start_(start),
          goal_(goal),
          start_state_(static_cast<std::uint32_t>(graph.nodes_.size())),
          goal_state_(start_state_ + 1) {}

    [[nodiscard]] std::size_t state_count() const { return goal_state_ + 1; }
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.value >= start_state_ || graph_.nodes_[state.index()].alive();
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        if (state.value == start_state_) {
            for (const PlaneQueryContext::Link& link : context_.start_links_)
                visit(StateId(link.to), link.cost);
            return;
        }
        if (state.value == goal_state_) return;
        for (const PlaneConnection& link : graph_.links_[state.index()])
            visit(StateId(link.to.value), link.cost);
        if (context_.links_goal(state.value))
            visit(StateId(goal_state_), context_.goal_costs_[state.index()]);
    }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_state_; }
    [[nodiscard]] Cost heuristic(StateId state) const {
        // Shrunk by a hair so float rounding of the step costs never makes it inadmissible.
        return static_cast<Cost>(geometry::world_distance(at(state.value), goal_) * (1 - 1e-6));
    }
    [[nodiscard]] FixedPoint at(std::uint32_t state) const {
        if (state == start_state_) return start_;
        if (state == goal_state_) return goal_;
        return graph_.nodes_[state].at;
    }
    [[nodiscard]] std::uint32_t start_state() const { return start_state_; }
    [[nodiscard]] std::uint32_t goal_state() const { return goal_state_; }

  private:
    const ObstacleGraph& graph_;
    const PlaneQueryContext& context_;
    FixedPoint start_, goal_;
    std::uint32_t start_state_, goal_state_;
};

PlanePath ObstacleGraph::find_path(Point2 from, Point2 to, PlaneQueryContext& context,
                                   const SearchOptions& options) const {
    PlanePath result;
    const auto refuse = [&](std::string message) {
        result.status = SearchStatus::InvalidInput;
        result.message = "find_path: " + std::move(message);
        return result;
    };
    for (const auto& [point, name] : {std::pair{from, "start"}, std::pair{to, "goal"}}) {
        if (Status status = geometry::check_coordinate(point, name); !status)
            return refuse(status.message());
        const std::uint32_t region = region_containing(geometry::to_fixed(point));
        if (region != none) {
            const std::uint32_t member =
                regions_[region].members.empty() ? 0 : regions_[region].members.front();
            return refuse(std::string(name) + " (" + std::to_string(point.x) + ", " +
                          std::to_string(point.y) + ") is inside obstacle " +
                          std::to_string(member) + " or its buffer");
        }
    }
    const FixedPoint start = geometry::to_fixed(from), goal = geometry::to_fixed(to);
    if (start == goal || blocker_between(start, goal) == none) {
        result.status = SearchStatus::Found;
        result.path = start == goal ? std::vector<Point2>{from} : std::vector<Point2>{from, to};
        result.cost = static_cast<Cost>(geometry::world_distance(start, goal));
        return result;
    }

    context.prepare(nodes_.size());
    for (std::uint32_t node = 0; node < nodes_.size(); ++node) {
        const NodeData& data = nodes_[node];
        if (!data.alive()) continue;
        const bool all = options_.connect_all_visible_pairs;
        if ((all || tangent_at(node, start)) && blocker_between(start, data.at) == none)
            context.start_links_.push_back(PlaneQueryContext::Link{
                node, static_cast<Cost>(geometry::world_distance(start, data.at))});
        if ((all || tangent_at(node, goal)) && blocker_between(goal, data.at) == none)
            context.link_goal(node, static_cast<Cost>(geometry::world_distance(goal, data.at)));
    }
    const QuerySpace space(*this, context, start, goal);
    SearchResult found =
        pathkit::find_path(space, StateId(space.start_state()), context.search_, options);
    return convert_path<Point2>(std::move(found), [&](StateId state) {
        if (state.value == space.start_state()) return from;
        if (state.value == space.goal_state()) return to;
        return geometry::to_point(space.at(state.value));
    });
}

PlaneQueryContext& thread_plane_query_context() {
    thread_local PlaneQueryContext context;
    return context;
}

}  // namespace pathkit
