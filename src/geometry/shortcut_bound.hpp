// Internal to the geometry layer: an admissible, consistent estimate of the rest of the way to a
// goal when links cheaper than walking (teleporters) may cut it short.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "pathkit/core/point.hpp"

namespace pathkit::geometry {

/// One way across a link that costs less than walking straight between its ends.
struct ShortcutArc {
    Point2 entrance, exit;
    double cost = 0;
};

/// The shortest way to the goal in the plane without obstacles, walking straight or crossing
/// shortcut arcs: a lower bound of the true rest of the way (obstacles only lengthen walks),
/// and consistent (it is a distance in a relaxed graph), so A* with it stays exact. Arcs that
/// cost as much as walking never shorten a way in that plane and are left out by the caller.
/// Built per query in O(arcs^2); each estimate is O(arcs).
class ShortcutBound {
  public:
    /// Prepares for `goal`: per arc, the least rest of the way from its entrance (a Dijkstra
    /// backwards from the goal over the complete graph of the arcs).
    void prepare(const std::vector<ShortcutArc>& arcs, Point2 goal) {
        arcs_ = &arcs;
        goal_ = goal;
        const std::size_t count = arcs.size();
        rest_after_entrance_.resize(count);
        settled_.assign(count, 0);
        for (std::size_t arc = 0; arc < count; ++arc)
            rest_after_entrance_[arc] = arcs[arc].cost + length(arcs[arc].exit, goal);
        for (std::size_t round = 0; round < count; ++round) {
            std::size_t next = count;
            for (std::size_t arc = 0; arc < count; ++arc)
                if (!settled_[arc] &&
                    (next == count || rest_after_entrance_[arc] < rest_after_entrance_[next]))
                    next = arc;
            settled_[next] = 1;
            for (std::size_t arc = 0; arc < count; ++arc)
                if (!settled_[arc])
                    rest_after_entrance_[arc] =
                        std::min(rest_after_entrance_[arc],
                                 arcs[arc].cost + length(arcs[arc].exit, arcs[next].entrance) +
                                     rest_after_entrance_[next]);
        }
    }
    /// The bound from `at` (world units).
    [[nodiscard]] double estimate(Point2 at) const {
        double best = length(at, goal_);
        if (!arcs_) return best;
        for (std::size_t arc = 0; arc < arcs_->size(); ++arc)
            best = std::min(best, length(at, (*arcs_)[arc].entrance) + rest_after_entrance_[arc]);
        return best;
    }

  private:
    [[nodiscard]] static double length(Point2 a, Point2 b) {
        return std::hypot(static_cast<double>(b.x) - a.x, static_cast<double>(b.y) - a.y);
    }

    const std::vector<ShortcutArc>* arcs_ = nullptr;
    Point2 goal_;
    std::vector<double> rest_after_entrance_;
    std::vector<unsigned char> settled_;
};

}  // namespace pathkit::geometry
