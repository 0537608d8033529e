// An independent oracle for tile paths: Bellman-Ford relaxation in double precision, with the
// diagonal rules written out again here from their definitions.
#pragma once

#include <cmath>
#include <deque>
#include <limits>
#include <set>
#include <vector>

#include "pathkit/grid/grid_map.hpp"
#include "pathkit/grid/movement.hpp"

namespace pathkit::testing {

/// Tiles reachable from `from` moving to 8 neighbours without cutting corners (a flood of the
/// test's own, ignoring units).
inline std::set<Cell> reachable_tiles(const GridMap& map, Cell from) {
    std::set<Cell> seen{from};
    std::deque<Cell> frontier{from};
    while (!frontier.empty()) {
        const Cell here = frontier.front();
        frontier.pop_front();
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const Cell next{here.x + dx, here.y + dy};
                if ((dx == 0 && dy == 0) || !map.is_walkable(next) || seen.contains(next)) continue;
                if (dx != 0 && dy != 0 &&
                    (!map.is_walkable({here.x + dx, here.y}) ||
                     !map.is_walkable({here.x, here.y + dy})))
                    continue;
                seen.insert(next);
                frontier.push_back(next);
            }
        }
    }
    return seen;
}

/// Whether a unit of the rules' size fits with its top-left tile on `cell`.
inline bool unit_fits(const GridMap& map, const MovementRules& rules, Cell cell) {
    for (int dy = 0; dy < rules.agent_size; ++dy) {
        for (int dx = 0; dx < rules.agent_size; ++dx) {
            if (!map.is_walkable({cell.x + dx, cell.y + dy})) return false;
        }
    }
    return true;
}

/// The cheapest cost from `from` to every tile, row by row from the map's origin (infinity where
/// there is no way). Slow on purpose: O(V^2) relaxations.
inline std::vector<double> reference_grid_costs(const GridMap& map, const MovementRules& rules,
                                                Cell from) {
    const int w = map.width(), h = map.height();
    const Cell o = map.origin();
    const double infinity = std::numeric_limits<double>::infinity();
    std::vector<double> cost(static_cast<std::size_t>(w * h), infinity);
    auto at = [&](Cell c) -> double& { return cost[(c.y - o.y) * w + (c.x - o.x)]; };
    auto fits = [&](Cell c) { return map.contains(c) && unit_fits(map, rules, c); };
    at(from) = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int y = o.y; y < o.y + h; ++y) {
            for (int x = o.x; x < o.x + w; ++x) {
                const Cell here{x, y};
                if (!fits(here) || std::isinf(at(here))) continue;
                for (int dy = -1; dy <= 1; ++dy) {
                    for (int dx = -1; dx <= 1; ++dx) {
                        const Cell next{x + dx, y + dy};
                        if ((dx == 0 && dy == 0) || !fits(next)) continue;
                        const bool diagonal = dx != 0 && dy != 0;
                        if (diagonal) {
                            const bool side_a = fits({x + dx, y});
                            const bool side_b = fits({x, y + dy});
                            if (rules.diagonal == DiagonalPolicy::Never) continue;
                            if (rules.diagonal == DiagonalPolicy::NoCornerCutting &&
                                !(side_a && side_b))
                                continue;
                            if (rules.diagonal == DiagonalPolicy::AtLeastOneWalkable &&
                                !(side_a || side_b))
                                continue;
                        }
                        const double step = (diagonal ? rules.diagonal_cost : rules.straight_cost) *
                                            static_cast<double>(map.terrain_cost(next));
                        if (at(here) + step < at(next) - 1e-9) {
                            at(next) = at(here) + step;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    return cost;
}

/// The cheapest cost from `from` to `to`, or infinity.
inline double reference_grid_cost(const GridMap& map, const MovementRules& rules, Cell from,
                                  Cell to) {
    const Cell o = map.origin();
    return reference_grid_costs(
        map, rules, from)[static_cast<std::size_t>((to.y - o.y) * map.width() + (to.x - o.x))];
}

}  // namespace pathkit::testing
