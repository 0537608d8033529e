// A pathkit user of the dependency-free libraries only: a graph, a grid, a crowd, a world.
#include <iostream>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/pathkit.hpp"
#include "pathkit/world/world.hpp"

int main() {
    pathkit::Graph graph;
    const auto n1 = graph.add_node(), n2 = graph.add_node(), n5 = graph.add_node();
    if (!graph.add_connections(n1, {n2}, true) || !graph.add_connections(n2, {n5}, false)) return 1;
    const auto result = graph.find_path(n1, n5);
    std::cout << "pathkit " << pathkit::version << ": path";
    for (auto node : result.path)
        std::cout << " n" << (node == n1 ? 1 : node == n2 ? 2 : 5);
    std::cout << ", cost " << result.cost << '\n';

    auto map = pathkit::GridMap::create(8, 4).value();
    if (!map.set_walkable({4, 1}, false)) return 1;
    const pathkit::GridSpace space(map);
    const auto walk = space.find_path({0, 1}, {7, 1});
    auto crowd = pathkit::Crowd::create(map).value();
    const auto unit = crowd.add_unit({0, 0}).value();
    if (!crowd.move_to(unit, {7, 3})) return 1;
    while (!crowd.is_settled())
        if (!crowd.step()) return 1;
    pathkit::World world;
    if (!world.add_map(pathkit::MapId(0), "field", pathkit::MapKind::Outdoor, map, 16)) return 1;
    const auto route = world.find_route({pathkit::MapId(0), {0, 0}}, {pathkit::MapId(0), {7, 3}});
    std::cout << "grid " << walk.cost << ", crowd at " << to_string(crowd.unit(unit)->at)
              << ", route " << route.cost << '\n';
    return result.found() && walk.found() && route.found() ? 0 : 1;
}
