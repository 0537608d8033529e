// The search space of an open-world query: a graph's nodes plus a start and a goal that live
// only in the query's context, so the shared graph is never written.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "pathkit/core/point.hpp"
#include "pathkit/geometry/plane_query.hpp"
#include "shortcut_bound.hpp"

namespace pathkit::geometry {

/// The result of a query refused for bad input, with the reason.
[[nodiscard]] inline PlanePath refusal(std::string reason) {
    PlanePath result;
    result.status = SearchStatus::InvalidInput;
    result.message = std::move(reason);
    return result;
}

/// States 0..node_count-1 are the graph's nodes, then the start, then the goal. `Position`
/// maps a node to its Point2; `Links` calls `visit(StateId, Cost)` for a node's connections.
/// The start's connections and the nodes that see the goal come from the context. With
/// `shortcuts` (links cheaper than walking), the heuristic allows for them.
template <class Position, class Links>
class EndpointSpace {
  public:
    EndpointSpace(std::uint32_t node_count, const PlaneQueryContext& context, Point2 start,
                  Point2 goal, Position position, Links links,
                  const ShortcutBound* shortcuts = nullptr)
        : context_(context),
          start_(start),
          goal_(goal),
          start_state_(node_count),
          position_(position),
          links_(links),
          shortcuts_(shortcuts) {}

    [[nodiscard]] std::size_t state_count() const { return start_state_ + 2; }
    [[nodiscard]] bool is_valid(StateId) const { return true; }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        if (state.value == start_state_) {
            for (const PlaneQueryContext::Link& link : context_.start_links_)
                visit(StateId(link.to), link.cost);
            return;
        }
        if (state.value == goal_state()) return;
        links_(state.value, visit);
        if (context_.links_goal(state.value))
            visit(StateId(goal_state()), context_.goal_costs_[state.index()]);
    }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_state(); }
    [[nodiscard]] Cost heuristic(StateId state) const {
        // Shrunk a little so float rounding of positions and step costs keeps it admissible.
        const Point2 at = point(state.value);
        if (shortcuts_) return static_cast<Cost>(shortcuts_->estimate(at) * (1 - 1e-5));
        return std::hypot(goal_.x - at.x, goal_.y - at.y) * (1 - 1e-5f);
    }
    /// The position of a state: a node's, or the start or goal as given.
    [[nodiscard]] Point2 point(std::uint32_t state) const {
        if (state == start_state_) return start_;
        if (state == goal_state()) return goal_;
        return position_(state);
    }
    [[nodiscard]] std::uint32_t start_state() const { return start_state_; }
    [[nodiscard]] std::uint32_t goal_state() const { return start_state_ + 1; }

  private:
    const PlaneQueryContext& context_;
    Point2 start_, goal_;
    std::uint32_t start_state_;
    Position position_;
    Links links_;
    const ShortcutBound* shortcuts_;
};

}  // namespace pathkit::geometry
