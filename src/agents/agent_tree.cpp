// A k-d tree over the agents' positions for nearest-neighbour queries (agent_tree.hpp).
#include "agent_tree.hpp"

#include <algorithm>

#include "pathkit/agents/vector2.hpp"

namespace pathkit::agents {

namespace {
/// Points a leaf holds at most.
constexpr std::uint32_t leaf_size = 8;
/// Deeper than any tree of median splits over fewer than 2^32 points.
constexpr int deepest = 64;

/// Nearer first, ties by index: the order of the answer.
bool before(const Neighbour& a, const Neighbour& b) {
    return a.distance_squared < b.distance_squared ||
           (a.distance_squared == b.distance_squared && a.agent < b.agent);
}
}  // namespace

void AgentTree::rebuild(std::span<const Point2> positions, std::span<const std::uint8_t> include) {
    order_.clear();
    for (std::size_t index = 0; index < positions.size(); ++index)
        if (include[index]) order_.push_back(static_cast<std::uint32_t>(index));
    nodes_.clear();
    if (!order_.empty()) {
        nodes_.push_back({.begin = 0, .end = static_cast<std::uint32_t>(order_.size())});
        build(0, positions);
    }
    ordered_positions_.resize(order_.size());
    for (std::size_t at = 0; at < order_.size(); ++at)
        ordered_positions_[at] = positions[order_[at]];
}

void AgentTree::build(std::uint32_t node, std::span<const Point2> positions) {
    const std::uint32_t begin = nodes_[node].begin, end = nodes_[node].end;
    Point2 low = positions[order_[begin]], high = low;
    std::uint32_t smallest = order_[begin];
    for (std::uint32_t at = begin + 1; at < end; ++at) {
        const Point2 point = positions[order_[at]];
        low = {std::min(low.x, point.x), std::min(low.y, point.y)};
        high = {std::max(high.x, point.x), std::max(high.y, point.y)};
        smallest = std::min(smallest, order_[at]);
    }
    nodes_[node].low = low;
    nodes_[node].high = high;
    nodes_[node].smallest_index = smallest;
    if (end - begin <= leaf_size) return;
    const bool across_x = high.x - low.x >= high.y - low.y;
    const auto coordinate = [&](std::uint32_t index) {
        return across_x ? positions[index].x : positions[index].y;
    };
    const std::uint32_t middle = begin + (end - begin) / 2;
    std::nth_element(order_.begin() + begin, order_.begin() + middle, order_.begin() + end,
                     [&](std::uint32_t a, std::uint32_t b) {
                         return coordinate(a) < coordinate(b) ||
                                (coordinate(a) == coordinate(b) && a < b);
                     });
    const auto first_child = static_cast<std::uint32_t>(nodes_.size());
    nodes_[node].first_child = first_child;
    nodes_.push_back({.begin = begin, .end = middle});
    nodes_.push_back({.begin = middle, .end = end});
    build(first_child, positions);
    build(first_child + 1, positions);
}

void AgentTree::nearest(std::span<const Point2> positions, std::uint32_t self, float range,
                        std::span<const float> widths, float widest, std::size_t limit,
                        std::vector<Neighbour>& out) const {
    out.clear();
    if (limit == 0 || nodes_.empty()) return;
    const Point2 centre = positions[self];
    // Boxes are opened within the widest reach; points counted within their own.
    const float range_squared =
        widths.empty() ? range * range : (range + widest) * (range + widest);
    const auto reach_squared = [&](std::uint32_t index) {
        if (widths.empty()) return range_squared;
        const float reach = range + widths[index];
        return reach * reach;
    };
    // A little under the squared distance from the centre to a box, so that no rounding makes
    // it exceed a point's own (exactly 0 for a box the centre is in).
    const auto box_bound = [&](const Node& node) {
        const float dx = std::max({node.low.x - centre.x, centre.x - node.high.x, 0.0f});
        const float dy = std::max({node.low.y - centre.y, centre.y - node.high.y, 0.0f});
        return (dx * dx + dy * dy) * 0.9999f;
    };
    // Whether a box could hold a point that enters the answer: one nearer than the range and,
    // once `limit` are found, before the worst of them (the heap's top).
    const auto may_enter = [&](const Node& node, float bound) {
        if (!(bound < range_squared)) return false;
        return out.size() < limit || before({node.smallest_index, bound}, out.front());
    };
    std::uint32_t stack[deepest];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const Node& node = nodes_[stack[--top]];
        if (!may_enter(node, box_bound(node))) continue;
        if (node.first_child == 0) {
            for (std::uint32_t at = node.begin; at < node.end; ++at) {
                const Neighbour candidate{order_[at],
                                          length_squared(ordered_positions_[at] - centre)};
                if (candidate.agent == self ||
                    !(candidate.distance_squared < reach_squared(candidate.agent)))
                    continue;
                if (out.size() < limit) {
                    out.push_back(candidate);
                    std::push_heap(out.begin(), out.end(), before);
                } else if (before(candidate, out.front())) {
                    std::pop_heap(out.begin(), out.end(), before);
                    out.back() = candidate;
                    std::push_heap(out.begin(), out.end(), before);
                }
            }
            continue;
        }
        // The nearer child (by bound, then smallest index) goes on the stack last: opened first.
        std::uint32_t near = node.first_child, far = node.first_child + 1;
        if (before({nodes_[far].smallest_index, box_bound(nodes_[far])},
                   {nodes_[near].smallest_index, box_bound(nodes_[near])}))
            std::swap(near, far);
        stack[top++] = far;
        stack[top++] = near;
    }
    std::sort_heap(out.begin(), out.end(), before);
}

}  // namespace pathkit::agents
