// The README's open-world example as a program that builds and runs with the tests.
#include <iostream>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

int main() {
    auto graph = pathkit::ObstacleGraph::create({.buffer_radius = 4}).value();
    const std::vector<pathkit::Obstacle> rocks{
        pathkit::Obstacle::polygon({{60, 60}, {140, 60}, {140, 100}, {60, 100}}),
        pathkit::Obstacle::circle({220, 150}, 30)};
    auto ids = graph.add_obstacles(rocks);
    const pathkit::PlanePath path = graph.find_path({20, 20}, {380, 280});
    if (!ids || !graph.remove_obstacles(ids.value())) return 1;

    auto mesh = pathkit::NavMesh::create({0, 0}, {400, 300}, {.buffer_radius = 4}).value();
    if (!mesh.add_obstacles(rocks)) return 1;
    mesh.triangulate();
    const pathkit::PlanePath smooth = mesh.find_path({20, 20}, {380, 280});
    std::cout << "shortest: " << pathkit::to_string(path.status) << ", length " << path.cost
              << "; navmesh: " << pathkit::to_string(smooth.status) << ", length " << smooth.cost
              << " over " << mesh.triangle_count() << " triangles\n";
    return path.found() && smooth.found() && smooth.cost >= path.cost - 1e-3f ? 0 : 1;
}
