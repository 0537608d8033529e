// Links in grid searches: the heuristic that allows for them, the problem that follows them, and
// which steps of a found path were links.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <span>
#include <utility>
#include <vector>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_context.hpp"

namespace pathkit::detail {

/// The heuristic towards one goal with the space's links allowed for (`LinkEstimate`), made
/// per query. Admissible and consistent: it is the cheapest cost from a tile to the goal in a
/// graph where walking between any two tiles costs only the space's estimate and links cost
/// what they cost.
class LinkBound {
  public:
    LinkBound(const GridSpace& space, std::uint32_t goal)
        : space_(&space), stride_(space.map().stride()) {
        const GridMap& map = space.map();
        const auto walk = [&](std::uint32_t a, std::uint32_t b) {
            const int row_a = map.padded_row(a), row_b = map.padded_row(b);
            const int column_a = static_cast<int>(a) - row_a * stride_;
            const int column_b = static_cast<int>(b) - row_b * stride_;
            return space.distance_estimate(std::abs(column_a - column_b), std::abs(row_a - row_b));
        };
        const std::span<const GridLinkEdge> edges = space.link_moves();
        if (space.link_estimate() == LinkEstimate::LastLink) {
            last_link_ = true;
            for (const GridLinkEdge& edge : edges)
                constant_ = std::min(constant_, edge.cost + walk(edge.to, goal));
            return;
        }
        // The link starts (edges are sorted by start), each with the rest of the way: first
        // through its own links and a walk to the goal, then, by Dijkstra over the starts
        // (links^2 estimates), through other links.
        std::vector<std::pair<std::size_t, std::size_t>> ranges;  // each start's edges
        for (std::size_t first = 0; first < edges.size();) {
            std::size_t last = first;
            Cost rest = infinite_cost;
            for (; last < edges.size() && edges[last].from == edges[first].from; ++last)
                rest = std::min(rest, edges[last].cost + walk(edges[last].to, goal));
            starts_.push_back({edges[first].from, 0, 0, rest});
            ranges.emplace_back(first, last);
            first = last;
        }
        std::vector<bool> settled(starts_.size(), false);
        for (std::size_t round = 0; round < starts_.size(); ++round) {
            std::size_t next = starts_.size();
            for (std::size_t i = 0; i < starts_.size(); ++i)
                if (!settled[i] && (next == starts_.size() || starts_[i].rest < starts_[next].rest))
                    next = i;
            settled[next] = true;
            const Start& done = starts_[next];
            for (std::size_t i = 0; i < starts_.size(); ++i) {
                if (settled[i]) continue;
                for (std::size_t e = ranges[i].first; e < ranges[i].second; ++e)
                    starts_[i].rest = std::min(
                        starts_[i].rest, edges[e].cost + walk(edges[e].to, done.index) + done.rest);
            }
        }
        for (Start& start : starts_) {
            start.row = map.padded_row(start.index);
            start.column = static_cast<int>(start.index) - start.row * stride_;
        }
        std::sort(starts_.begin(), starts_.end(),
                  [](const Start& a, const Start& b) { return a.rest < b.rest; });
    }

    /// The estimate from padded tile `state`, whose walking estimate to the goal is `walk`.
    [[nodiscard]] Cost operator()(std::uint32_t state, Cost walk) const {
        if (last_link_) return std::min(walk, constant_);
        Cost best = walk;
        const int row = space_->map().padded_row(state);
        const int column = static_cast<int>(state) - row * stride_;
        for (const Start& start : starts_) {
            if (start.rest >= best) break;  // sorted: no later start can help
            best = std::min(best,
                            start.rest + space_->distance_estimate(std::abs(column - start.column),
                                                                   std::abs(row - start.row)));
        }
        return best;
    }

  private:
    struct Start {
        std::uint32_t index;
        int row;
        int column;
        Cost rest;  // the cheapest way on from here, a link first
    };

    const GridSpace* space_;
    int stride_;
    bool last_link_ = false;
    Cost constant_ = infinite_cost;
    std::vector<Start> starts_;  // by rest
};

/// Offers the link moves out of padded tile `state` whose end the unit fits on.
template <class Visit>
void visit_links(const GridSpace& space, std::uint32_t state, Visit& visit) {
    const std::uint8_t* fits = space.fits_data();
    for (const GridLinkEdge& edge : space.links_from(state))
        if (fits[edge.to] != 0) visit(StateId(edge.to), edge.cost);
}

/// A grid space with its links, towards one goal tile: the problem the engine's own modes
/// (A*, Dijkstra, weighted A*, breadth-first) search when the space has links.
class LinkedGoal {
  public:
    LinkedGoal(const GridSpace& space, std::uint32_t goal, const LinkBound& bound)
        : space_(&space),
          starts_(space.link_starts()->walkable_data()),
          goal_(goal),
          bound_(&bound) {}

    [[nodiscard]] std::size_t state_count() const { return space_->state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return space_->is_valid(state); }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_; }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return (*bound_)(state.value, space_->estimate(state, StateId(goal_)));
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        space_->for_each_successor(state, visit);
        if (starts_[state.value] != 0) visit_links(*space_, state.value, visit);
    }

  private:
    const GridSpace* space_;
    const std::uint8_t* starts_;
    std::uint32_t goal_;
    const LinkBound* bound_;
};

/// For each step of a found path of padded tiles, the link it took, or an invalid id for a
/// step walked: a step is a link when a link joins its tiles at the cost the search paid for
/// it (the costs `context` holds). Empty when no step is a link.
[[nodiscard]] inline std::vector<GridLinkId> link_steps(const GridSpace& space,
                                                        std::span<const StateId> path,
                                                        const SearchContext& context) {
    std::vector<GridLinkId> steps;
    if (!space.has_links() || path.size() < 2) return steps;
    steps.resize(path.size() - 1);
    bool any = false;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        const Cost before = context.cost_to(path[i]), after = context.cost_to(path[i + 1]);
        const Cost paid = after - before;
        const Cost tolerance = 1e-4f * std::max(Cost{1}, std::abs(after));
        Cost best = tolerance;
        for (const GridLinkEdge& edge : space.links_from(path[i].value)) {
            if (edge.to != path[i + 1].value) continue;
            if (const Cost off = std::abs(edge.cost - paid); off <= best) {
                best = off;
                steps[i] = edge.link;
                any = true;
            }
        }
    }
    if (!any) steps.clear();
    return steps;
}

/// Shapes a path whose steps are in `steps` (as `link_steps` gives them): `walk` turns each
/// walked stretch (its waypoints, in place) into the shape asked for; links stay single
/// steps. `steps` becomes the steps of the shaped path.
template <class Walk>
void shape_walks(std::vector<Cell>& path, std::vector<GridLinkId>& steps, Walk&& walk) {
    if (steps.empty()) {
        walk(path);
        return;
    }
    std::vector<Cell> shaped;
    std::vector<GridLinkId> shaped_steps;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= steps.size(); ++i) {
        if (i < steps.size() && !steps[i].is_valid()) continue;
        std::vector<Cell> stretch(path.begin() + static_cast<std::ptrdiff_t>(begin),
                                  path.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        walk(stretch);
        if (!shaped.empty()) shaped_steps.push_back(steps[begin - 1]);  // the link before it
        for (std::size_t k = 0; k < stretch.size(); ++k) {
            if (k > 0) shaped_steps.emplace_back();
            shaped.push_back(stretch[k]);
        }
        begin = i + 1;
    }
    path = std::move(shaped);
    steps = std::move(shaped_steps);
}

}  // namespace pathkit::detail
