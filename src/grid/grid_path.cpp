// Tile paths after the search: length, compress and expand, smoothing, world positions.
#include "pathkit/grid/grid_path.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace pathkit {

namespace {
int sign(int value) {
    return (value > 0) - (value < 0);
}
bool fits(const GridSpace& space, Cell cell) {
    return space.map().contains(cell) && space.fits_data()[space.map().index(cell)] != 0;
}
}  // namespace

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

void compress_path_in_place(std::vector<Cell>& path) {
    // A waypoint is kept when the direction changes there: compared with the last one kept,
    // which lies on the same line as any dropped since.
    const auto direction = [](Cell a, Cell b) {
        return std::pair{sign(b.x - a.x), sign(b.y - a.y)};
    };
    std::size_t kept = 0;
    for (std::size_t index = 0; index < path.size(); ++index) {
        if (index == 0 || index + 1 == path.size() ||
            direction(path[kept - 1], path[index]) != direction(path[index], path[index + 1]))
            path[kept++] = path[index];
    }
    path.resize(kept);
}

std::vector<Cell> compress_path(std::span<const Cell> path) {
    std::vector<Cell> waypoints(path.begin(), path.end());
    compress_path_in_place(waypoints);
    return waypoints;
}

std::vector<Cell> expand_path(std::span<const Cell> path) {
    std::vector<Cell> tiles;
    for (std::size_t index = 0; index < path.size(); ++index) {
        if (index == 0) {
            tiles.push_back(path[0]);
            continue;
        }
        const int dx = path[index].x - path[index - 1].x;
        const int dy = path[index].y - path[index - 1].y;
        if (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy)) return {};
        Cell cell = path[index - 1];
        while (cell != path[index]) {
            cell = {cell.x + sign(dx), cell.y + sign(dy)};
            tiles.push_back(cell);
        }
    }
    return tiles;
}

bool has_line_of_sight(const GridSpace& space, Cell from, Cell to) {
    // Walk the tiles the segment between centres crosses (a supercover line), in steps of
    // whole tiles; work in doubled coordinates so centres and edges are integers.
    if (!fits(space, from) || !fits(space, to)) return false;
    const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
    const int step_x = sign(to.x - from.x), step_y = sign(to.y - from.y);
    Cell cell = from;
    // error = (distance to the next vertical edge crossing) - (to the next horizontal one),
    // scaled by 2 * dx * dy so everything stays integer.
    long long error = static_cast<long long>(dy) - dx;
    for (int remaining = dx + dy; remaining > 0;) {
        if (error > 0) {
            cell.y += step_y;
            error -= 2LL * dx;
            --remaining;
        } else if (error < 0) {
            cell.x += step_x;
            error += 2LL * dy;
            --remaining;
        } else {
            // Through a corner: both tiles beside it must be free, then the diagonal one.
            if (!fits(space, {cell.x + step_x, cell.y}) ||
                !fits(space, {cell.x, cell.y + step_y})) {
                return false;
            }
            cell = {cell.x + step_x, cell.y + step_y};
            error += 2LL * dy - 2LL * dx;
            remaining -= 2;
        }
        if (!fits(space, cell)) return false;
    }
    return true;
}

std::vector<Cell> smooth_path(const GridSpace& space, std::span<const Cell> path) {
    if (path.size() <= 2) return {path.begin(), path.end()};
    std::vector<Cell> smoothed{path.front()};
    std::size_t anchor = 0;
    for (std::size_t next = 2; next < path.size(); ++next) {
        // Pull the string tight: keep the anchor while the next tile is still in sight.
        if (!has_line_of_sight(space, path[anchor], path[next])) {
            anchor = next - 1;
            smoothed.push_back(path[anchor]);
        }
    }
    smoothed.push_back(path.back());
    return smoothed;
}

Point2 GridFrame::center(Cell cell) const {
    return {offset.x + (static_cast<float>(cell.x) + 0.5f) * cell_size,
            offset.y + (static_cast<float>(cell.y) + 0.5f) * cell_size};
}

Cell GridFrame::cell_at(Point2 position) const {
    return {static_cast<int>(std::floor((position.x - offset.x) / cell_size)),
            static_cast<int>(std::floor((position.y - offset.y) / cell_size))};
}

std::vector<Point2> to_world(const GridFrame& frame, std::span<const Cell> path) {
    std::vector<Point2> points;
    points.reserve(path.size());
    for (const Cell& cell : path)
        points.push_back(frame.center(cell));
    return points;
}

}  // namespace pathkit
