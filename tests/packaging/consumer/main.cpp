// A pathkit user of every library: a graph, a graph file, an open world, agents on a mesh.
#include <iostream>
#include <sstream>

#include "pathkit/agents/agent_world.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/io/graph_file.hpp"
#include "pathkit/pathkit.hpp"

int main() {
    pathkit::Graph graph;
    const auto n1 = graph.add_node(), n2 = graph.add_node(), n5 = graph.add_node();
    if (!graph.add_connections(n1, {n2}, true) || !graph.add_connections(n2, {n5}, false)) return 1;
    const auto result = graph.find_path(n1, n5);
    std::istringstream text("node a\n");
    if (!pathkit::read_graph(text, "inline")) return 1;
    std::cout << "pathkit " << pathkit::version << ": path";
    for (auto node : result.path)
        std::cout << " n" << (node == n1 ? 1 : node == n2 ? 2 : 5);
    std::cout << ", cost " << result.cost << '\n';
    // An open world: around one box with a buffer of 1 (Clipper and CGAL link through pathkit).
    auto world = pathkit::ObstacleGraph::create({.buffer_radius = 1});
    const std::vector box{pathkit::Obstacle::polygon({{0, 0}, {2, 0}, {2, 2}, {0, 2}})};
    if (!world || !world.value().add_obstacles(box)) return 1;
    const auto around = world.value().find_path({-3, 1}, {5, 1});
    std::cout << "around the box: " << around.cost << '\n';
    // An agent walking a navigation mesh for a second.
    auto mesh = pathkit::NavMesh::create({0, 0}, {10, 10}, {.buffer_radius = 0.5f});
    if (!mesh) return 1;
    mesh.value().triangulate();
    auto agents = pathkit::AgentWorld::create(mesh.value());
    if (!agents) return 1;
    const auto walker = agents.value().add_agent({1, 1});
    if (!walker || !agents.value().set_target(walker.value(), {9, 9})) return 1;
    for (int step = 0; step < 20; ++step)
        if (!agents.value().step(0.05f)) return 1;
    std::cout << "agent at x " << agents.value().agent(walker.value()).position.x << '\n';
    return result.found() && around.found() ? 0 : 1;
}
