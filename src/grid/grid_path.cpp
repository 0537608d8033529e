// Tile paths after the search: their exact length.
#include "pathkit/grid/grid_path.hpp"

#include <algorithm>
#include <cstdlib>

namespace pathkit {

double path_cost(const GridSpace& space, std::span<const Cell> path) {
    const MovementRules& rules = space.rules();
    double total = 0;
    for (std::size_t index = 1; index < path.size(); ++index) {
        const int dx = std::abs(path[index].x - path[index - 1].x);
        const int dy = std::abs(path[index].y - path[index - 1].y);
        const int diagonal_steps = std::min(dx, dy);
        const int straight_steps = std::max(dx, dy) - diagonal_steps;
        const double length = straight_steps * static_cast<double>(rules.straight_cost) +
                              diagonal_steps * static_cast<double>(rules.diagonal_cost);
        total += length * space.map().terrain_cost(path[index]);
    }
    return total;
}

}  // namespace pathkit
