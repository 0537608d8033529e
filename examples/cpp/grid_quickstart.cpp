// The README's grid example as a program that builds and runs with the tests.
#include <iostream>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/grid_space.hpp"

int main() {
    auto map = pathkit::GridMap::create(40, 20).value();  // 40 x 20 walkable tiles
    for (int y = 0; y < 15; ++y)
        (void)map.set_walkable({12, y}, false);  // a wall
    (void)map.set_terrain_cost({20, 7}, 3.0f);   // a swamp tile
    pathkit::GridSpace space(map, {.diagonal = pathkit::DiagonalPolicy::NoCornerCutting});
    pathkit::GridPath path = space.find_path({1, 1}, {38, 18});
    std::cout << pathkit::to_string(path.status) << ": " << path.path.size() << " tiles, cost "
              << path.cost << ", smoothed to " << pathkit::smooth_path(space, path.path).size()
              << " waypoints\n";
    return path.found() ? 0 : 1;
}
