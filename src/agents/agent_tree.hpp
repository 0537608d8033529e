// The agents' positions in a k-d tree, rebuilt every step, for each agent's nearest neighbours
// in time that does not grow with how many agents crowd one place.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "pathkit/core/point.hpp"

namespace pathkit::agents {

/// One neighbour of an agent: its index and its squared distance (world units squared).
struct Neighbour {
    std::uint32_t agent = 0;
    float distance_squared = 0;
};

/// Points in a k-d tree (median splits across the wider side of each box, ties split by
/// index; leaves of at most 8 points), reusing its memory from one rebuild to the next.
class AgentTree {
  public:
    /// Builds the tree over `positions` (world units, finite); `include[i]` false leaves point
    /// i out. O(n log n).
    void rebuild(std::span<const Point2> positions, std::span<const std::uint8_t> include);
    /// The at most `limit` nearest points to point `self` within reach, itself left out,
    /// nearest first, ties by index, written to `out` (cleared first). Point j is within reach
    /// when nearer than `range + widths[j]` (world units; `widths` empty: `range` alone; else
    /// one per point, each >= 0 and at most `widest`), so an agent reaches further for wider
    /// agents. Only boxes that could hold a point nearer than the `limit`-th found so far are
    /// opened (by distance, then by their smallest index), so agents standing on one spot or
    /// packed in a crowd cost about log(n) + `limit` boxes each, not the number of agents
    /// around them.
    void nearest(std::span<const Point2> positions, std::uint32_t self, float range,
                 std::span<const float> widths, float widest, std::size_t limit,
                 std::vector<Neighbour>& out) const;

  private:
    struct Node {
        Point2 low, high;                  // the box of its points
        std::uint32_t begin = 0, end = 0;  // its points: order_[begin..end)
        std::uint32_t smallest_index = 0;
        std::uint32_t first_child = 0;  // 0 for a leaf; else the children are this and the next
    };
    void build(std::uint32_t node, std::span<const Point2> positions);

    std::vector<Node> nodes_;
    std::vector<std::uint32_t> order_;       // point indices, each node's points together
    std::vector<Point2> ordered_positions_;  // positions in the order of order_
};

}  // namespace pathkit::agents
