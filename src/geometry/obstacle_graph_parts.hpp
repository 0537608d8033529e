// The private parts of ObstacleGraph, shared by its building and its query code.
#pragma once

#include <cstdint>
#include <vector>

#include "fixed_point.hpp"
#include "inflation.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "shortcut_bound.hpp"

namespace pathkit {

namespace geometry {
/// "No region", "no node".
inline constexpr std::uint32_t none = UINT32_MAX;
}  // namespace geometry

struct ObstacleGraph::NodeData {
    geometry::FixedPoint at;
    geometry::FixedPoint before;  // the outline's corner before this one (obstacle corners only)
    geometry::FixedPoint after;   // and after it
    std::uint32_t region =
        geometry::none;           // none for nodes inserted by connect_node_using_obstacles
    std::uint32_t serial = 0;     // 0 for a free slot; otherwise unique over the graph's life
    ConnectOptions sees_through;  // inserted nodes only
    std::uint32_t link_ends = 0;  // how many link ends this node is (inserted nodes only)
    [[nodiscard]] bool alive() const { return serial != 0; }
    [[nodiscard]] bool sees_through_something() const {
        return !sees_through.ignored.empty() || !sees_through.ignoring_buffer.empty();
    }
};

struct ObstacleGraph::ObstacleData {
    Obstacle shape;
    std::vector<geometry::Ring> grown;
    geometry::Shape bare;
    geometry::FixedBox box;  // around `grown`
    std::vector<std::uint32_t> regions;
    bool alive = false;
};

/// Two nodes that would be connected but for an obstacle, with the serials they had then.
struct ObstacleGraph::PairRecord {
    std::uint32_t a, b, serial_a, serial_b;
};

/// A connected piece of the merged, grown obstacles.
struct ObstacleGraph::RegionData {
    geometry::Shape shape;
    geometry::FixedBox box;
    std::vector<std::uint32_t> members;  // obstacles
    std::vector<std::uint32_t> nodes;
    std::vector<PairRecord> blocked;  // pairs this region is the recorded blocker of
    bool alive = false;
};

/// A link as added; `ends` are the nodes of its ends while they are free (else none).
struct ObstacleGraph::LinkEntry {
    Point2 from, to;
    float cost = 0;
    bool bidirectional = true, alive = false;
    std::uint32_t ends[2] = {geometry::none, geometry::none};
};

/// One way across a link, out of the node of its entrance.
struct ObstacleGraph::LinkArc {
    std::uint32_t to = geometry::none;  // the node of its exit
    Cost cost = 0;
    std::uint32_t link = 0;
};

}  // namespace pathkit
