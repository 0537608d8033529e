/// Per-thread scratch for path queries in open 2D worlds, and the path type they return.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "pathkit/core/cost.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit {

class ObstacleGraph;
class NavMesh;
namespace geometry {
template <class Position, class Links>
class EndpointSpace;
struct PolyanyaScratch;
}  // namespace geometry

struct LinkTag;
/// A link of a `NavMesh` or an `ObstacleGraph` between two free points the ground does not join (a
/// ledge to jump down, a ladder, a teleporter). Ids stay stable when other links are removed.
using LinkId = Id<LinkTag>;

/// How a link of a `NavMesh` or an `ObstacleGraph` is crossed.
struct MeshLinkOptions {
    /// What crossing it costs, in world units of path length (finite, >= 0); NaN (the
    /// default) for the straight distance between its ends, as if walked. A link cheaper than
    /// that (a teleporter) is a shortcut that the optimal query must look out for everywhere:
    /// queries near and far get slower the more it saves.
    float cost = std::numeric_limits<float>::quiet_NaN();
    /// Crossed both ways (a ladder), or only from its first end to its second (a ledge to
    /// jump down).
    bool bidirectional = true;
    /// How long an agent (`AgentWorld`) takes to cross it, in seconds (finite, >= 0); NaN (the
    /// default) for its cost divided by the agent's top speed. Paths ignore it.
    float traversal_seconds = std::numeric_limits<float>::quiet_NaN();
    /// Agents cross it one at a time (a narrow ladder, a boat): the others wait near its
    /// entrance and go in the order they came (by id within one step). Paths ignore it.
    bool one_at_a_time = false;
};

/// A link as added: its ends (world units) and options, `options.cost` never NaN (the straight
/// distance when it was).
struct PlaneLink {
    Point2 from, to;
    MeshLinkOptions options;
};

/// A segment of a path that crosses a link instead of walking: from `path[segment]` to
/// `path[segment + 1]`.
struct PlaneLinkStep {
    std::size_t segment = 0;
    LinkId link;
};

/// A path through an open 2D world: corner points from start to goal, in world units; `cost`
/// is its length, links counted at their cost. `links` lists the segments that cross links, in
/// order (empty when the path walks all the way).
struct PlanePath : PathResult<Point2> {
    PlanePath() = default;
    PlanePath(PathResult<Point2>&& walked) : PathResult<Point2>(std::move(walked)) {}

    std::vector<PlaneLinkStep> links;
};

/// Scratch memory of queries on an `ObstacleGraph` or a `NavMesh`: the search records and the
/// temporary start and goal nodes, so the shared graph or mesh is never written by a query.
/// One per thread; reused from one query to the next.
class PlaneQueryContext {
  public:
    PlaneQueryContext();
    PlaneQueryContext(const PlaneQueryContext&) = delete;
    PlaneQueryContext& operator=(const PlaneQueryContext&) = delete;
    PlaneQueryContext(PlaneQueryContext&&) noexcept;
    PlaneQueryContext& operator=(PlaneQueryContext&&) noexcept;
    ~PlaneQueryContext();

    /// The engine's scratch, for the search of the last query (its statistics live there).
    [[nodiscard]] SearchContext& search_context() { return search_; }

  private:
    friend class ObstacleGraph;
    friend class NavMesh;
    template <class Position, class Links>
    friend class geometry::EndpointSpace;

    struct Link {
        std::uint32_t to;
        Cost cost;
    };
    /// Starts a query over `node_count` graph states: clears the start links, renews the stamp.
    void prepare(std::size_t node_count) {
        start_links_.clear();
        if (goal_stamps_.size() < node_count) {
            goal_stamps_.resize(node_count, 0);
            goal_costs_.resize(node_count, 0);
        }
        if (++stamp_ == 0) {
            std::fill(goal_stamps_.begin(), goal_stamps_.end(), 0);
            stamp_ = 1;
        }
    }
    void link_goal(std::uint32_t node, Cost cost) {
        goal_stamps_[node] = stamp_;
        goal_costs_[node] = cost;
    }
    [[nodiscard]] bool links_goal(std::uint32_t node) const { return goal_stamps_[node] == stamp_; }

    SearchContext search_;
    std::unique_ptr<geometry::PolyanyaScratch> polyanya_;  // made by the first optimal query
    std::vector<Link> start_links_;
    std::vector<std::uint32_t> goal_stamps_;
    std::vector<Cost> goal_costs_;
    std::vector<std::uint32_t> corridor_;
    std::uint32_t stamp_ = 0;
};

/// A context owned by the calling thread, for the overloads that take none.
[[nodiscard]] PlaneQueryContext& thread_plane_query_context();

}  // namespace pathkit
