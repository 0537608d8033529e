// The benchmark scene of issue 4: random polygon obstacles (about 6 corners each) in a square
// world.
#pragma once

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "pathkit/geometry/obstacle.hpp"

namespace pathkit::bench {

/// `count` random star-shaped polygons of 3 to 9 corners (6 on average), 40 to 120 units
/// across, placed anywhere in a `world` x `world` square; they may overlap. Same seed, same
/// scene.
inline std::vector<Obstacle> random_polygon_scene(int count, float world, unsigned seed = 4) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> place(150, world - 150);
    std::uniform_int_distribution<int> corners_of(3, 9);
    std::uniform_real_distribution<float> size_of(40, 120);
    std::uniform_real_distribution<float> jitter(0.5f, 1.0f);
    std::vector<Obstacle> obstacles;
    while (static_cast<int>(obstacles.size()) < count) {
        const float cx = place(random), cy = place(random), size = size_of(random);
        const int corners = corners_of(random);
        std::vector<Point2> points;
        for (int corner = 0; corner < corners; ++corner) {
            const float angle = 2 * std::numbers::pi_v<float> * static_cast<float>(corner) /
                                static_cast<float>(corners);
            const float radius = size * jitter(random);
            points.push_back({cx + radius * std::cos(angle), cy + radius * std::sin(angle)});
        }
        Obstacle obstacle = Obstacle::polygon(std::move(points));
        if (obstacle.validate().ok()) obstacles.push_back(std::move(obstacle));
    }
    return obstacles;
}

/// `count` random points of the world outside every obstacle of `graph_or_mesh`.
template <class Space>
std::vector<Point2> random_free_points(const Space& space, int count, float world,
                                       unsigned seed = 5) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> place(0, world);
    std::vector<Point2> points;
    while (static_cast<int>(points.size()) < count) {
        const Point2 point{place(random), place(random)};
        if (!space.is_inside_obstacle(point)) points.push_back(point);
    }
    return points;
}

}  // namespace pathkit::bench
