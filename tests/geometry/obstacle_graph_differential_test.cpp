// ObstacleGraph against oracles written here: brute-force shortest paths and full rebuilds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <random>
#include <set>
#include <tuple>

#include "pathkit/geometry/obstacle_graph.hpp"
#include "support/obstacle_edges.hpp"

namespace pathkit {
namespace {

struct Vec {
    double x, y;
};

// A random star-shaped polygon (often concave) of 3..8 points around (cx, cy).
Obstacle random_polygon(std::mt19937& random, double cx, double cy, double size) {
    std::uniform_int_distribution<int> count_of(3, 8);
    std::uniform_real_distribution<double> radius_of(0.4 * size, size);
    const int count = count_of(random);
    std::vector<Point2> points;
    for (int index = 0; index < count; ++index) {
        const double angle = 2 * 3.14159265358979 * index / count;
        const double radius = radius_of(random);
        // Whole units: exact floats, and many collinear corners to stress the touching cases.
        points.push_back({static_cast<float>(std::round(cx + radius * std::cos(angle))),
                          static_cast<float>(std::round(cy + radius * std::sin(angle)))});
    }
    return Obstacle::polygon(points);
}

std::vector<Obstacle> random_scene(std::mt19937& random, int count, double world) {
    std::uniform_real_distribution<double> place(0, world);
    std::vector<Obstacle> obstacles;
    while (static_cast<int>(obstacles.size()) < count) {
        Obstacle candidate = random_polygon(random, place(random), place(random), world / 12);
        if (candidate.validate().ok()) obstacles.push_back(candidate);
    }
    return obstacles;
}

// ---- the oracle: plain geometry in doubles on the graph's own grown outlines ----------------

double cross(Vec o, Vec a, Vec b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

bool on_boundary(const std::vector<std::vector<Vec>>& rings, Vec p) {
    for (const auto& ring : rings) {
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const Vec a = ring[i], b = ring[(i + 1) % ring.size()];
            if (std::fabs(cross(a, b, p)) < 1e-9 && std::min(a.x, b.x) - 1e-9 <= p.x &&
                p.x <= std::max(a.x, b.x) + 1e-9 && std::min(a.y, b.y) - 1e-9 <= p.y &&
                p.y <= std::max(a.y, b.y) + 1e-9)
                return true;
        }
    }
    return false;
}

// Even-odd over every ring (outer rings and holes alike), boundary excluded.
bool strictly_inside(const std::vector<std::vector<Vec>>& rings, Vec p) {
    if (on_boundary(rings, p)) return false;
    bool inside = false;
    for (const auto& ring : rings) {
        for (std::size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
            if ((ring[i].y > p.y) != (ring[j].y > p.y) &&
                p.x < (ring[j].x - ring[i].x) * (p.y - ring[i].y) / (ring[j].y - ring[i].y) +
                          ring[i].x)
                inside = !inside;
        }
    }
    return inside;
}

// The segment is walkable when no piece between its contacts with the outlines lies inside.
bool walkable(const std::vector<std::vector<Vec>>& rings, Vec u, Vec v) {
    std::vector<double> cuts{0, 1};
    const Vec d{v.x - u.x, v.y - u.y};
    for (const auto& ring : rings) {
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const Vec a = ring[i], b = ring[(i + 1) % ring.size()];
            const Vec e{b.x - a.x, b.y - a.y};
            const double denominator = d.x * e.y - d.y * e.x;
            if (std::fabs(denominator) > 1e-12) {
                const double t = ((a.x - u.x) * e.y - (a.y - u.y) * e.x) / denominator;
                const double s = ((a.x - u.x) * d.y - (a.y - u.y) * d.x) / denominator;
                if (t > 0 && t < 1 && s >= -1e-12 && s <= 1 + 1e-12) cuts.push_back(t);
            }
            for (Vec corner : {a, b}) {  // corners on the segment (also collinear overlaps)
                const double length2 = d.x * d.x + d.y * d.y;
                const double t = ((corner.x - u.x) * d.x + (corner.y - u.y) * d.y) / length2;
                if (t > 0 && t < 1 && std::fabs(cross(u, v, corner)) < 1e-9) cuts.push_back(t);
            }
        }
    }
    std::sort(cuts.begin(), cuts.end());
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        if (cuts[i + 1] - cuts[i] < 1e-9) continue;
        const double t = (cuts[i] + cuts[i + 1]) / 2;
        if (strictly_inside(rings, {u.x + d.x * t, u.y + d.y * t})) return false;
    }
    return true;
}

// Dijkstra over every outline corner plus start and goal, visibility tested pair by pair.
double brute_force_length(const std::vector<std::vector<Point2>>& outlines, Point2 from,
                          Point2 to) {
    std::vector<std::vector<Vec>> rings;
    std::vector<Vec> points{{from.x, from.y}, {to.x, to.y}};
    for (const auto& outline : outlines) {
        rings.emplace_back();
        for (Point2 p : outline) {
            rings.back().push_back({p.x, p.y});
            points.push_back({p.x, p.y});
        }
    }
    const std::size_t count = points.size();
    std::vector<double> distance(count, std::numeric_limits<double>::infinity());
    std::vector<bool> done(count, false);
    distance[0] = 0;
    for (std::size_t round = 0; round < count; ++round) {
        std::size_t best = count;
        for (std::size_t i = 0; i < count; ++i)
            if (!done[i] && (best == count || distance[i] < distance[best])) best = i;
        if (best == count || std::isinf(distance[best])) break;
        done[best] = true;
        if (best == 1) break;
        for (std::size_t next = 0; next < count; ++next) {
            if (done[next]) continue;
            const double step =
                std::hypot(points[next].x - points[best].x, points[next].y - points[best].y);
            if (distance[best] + step < distance[next] &&
                walkable(rings, points[best], points[next]))
                distance[next] = distance[best] + step;
        }
    }
    return distance[1];
}

TEST(ObstacleGraphDifferential, PathLengthsEqualABruteForceShortestPathOnRandomScenes) {
    std::mt19937 random(2026);
    std::uniform_real_distribution<double> place(0, 100);
    int compared = 0, unreachable = 0;
    for (int scene = 0; scene < 16; ++scene) {
        const float radius = scene % 3 == 0 ? 0.f : static_cast<float>(scene % 4);
        auto made = ObstacleGraph::create(
            {.buffer_radius = radius,
             .corners = scene % 2 ? CornerStyle::Rounded : CornerStyle::Mitered});
        ASSERT_TRUE(made.has_value());
        ObstacleGraph graph = std::move(made).value();
        ASSERT_TRUE(graph.add_obstacles(random_scene(random, 14, 100)).has_value());
        const auto outlines = graph.outlines();
        for (int query = 0; query < 8; ++query) {
            const Point2 from{std::round(static_cast<float>(place(random))),
                              std::round(static_cast<float>(place(random)))};
            const Point2 to{std::round(static_cast<float>(place(random))),
                            std::round(static_cast<float>(place(random)))};
            if (graph.is_inside_obstacle(from) || graph.is_inside_obstacle(to)) continue;
            const PlanePath path = graph.find_path(from, to);
            const double expected = brute_force_length(outlines, from, to);
            if (std::isinf(expected)) {
                EXPECT_EQ(path.status, SearchStatus::NoPath) << "scene " << scene;
                ++unreachable;
                continue;
            }
            ASSERT_TRUE(path.found()) << "scene " << scene << ": " << path.message;
            EXPECT_NEAR(path.cost, expected, 1e-3 * expected + 1e-3)
                << "scene " << scene << " from (" << from.x << "," << from.y << ") to (" << to.x
                << "," << to.y << ")";
            ++compared;
        }
    }
    EXPECT_GT(compared, 60);
}

using testing::edges_of;

TEST(ObstacleGraphDifferential, AddingAndRemovingObstaclesGivesExactlyTheGraphOfAFullRebuild) {
    std::mt19937 random(7);
    for (const float radius : {0.f, 2.f}) {
        auto made = ObstacleGraph::create({.buffer_radius = radius});
        ASSERT_TRUE(made.has_value());
        ObstacleGraph graph = std::move(made).value();
        std::vector<std::pair<ObstacleId, Obstacle>> present;
        for (int change = 0; change < 40; ++change) {
            const bool add = present.size() < 3 || random() % 3 != 0;
            if (add) {
                const auto obstacles = random_scene(random, 1 + random() % 3, 100);
                const auto ids = graph.add_obstacles(obstacles);
                ASSERT_TRUE(ids.has_value()) << ids.error().message();
                for (std::size_t i = 0; i < obstacles.size(); ++i)
                    present.push_back({ids.value()[i], obstacles[i]});
            } else {
                const std::size_t victim = random() % present.size();
                const std::vector<ObstacleId> ids{present[victim].first};
                ASSERT_TRUE(graph.remove_obstacles(ids).ok());
                present.erase(present.begin() + static_cast<std::ptrdiff_t>(victim));
            }
            auto rebuilt_made = ObstacleGraph::create({.buffer_radius = radius});
            ObstacleGraph rebuilt = std::move(rebuilt_made).value();
            std::vector<Obstacle> all;
            for (const auto& entry : present)
                all.push_back(entry.second);
            ASSERT_TRUE(rebuilt.add_obstacles(all).has_value());
            ASSERT_EQ(graph.node_count(), rebuilt.node_count()) << "change " << change;
            ASSERT_EQ(edges_of(graph), edges_of(rebuilt)) << "change " << change;
        }
        graph.remove_all_obstacles();
        EXPECT_EQ(graph.node_count(), 0u);
        EXPECT_EQ(graph.connection_count(), 0u);
    }
}

TEST(ObstacleGraphDifferential, NearlyIdenticalObstaclesMergeAlikeAddedOneByOneOrAllTogether) {
    // Found by fuzzing: two near-twin triangles whose grown outlines cross at shallow angles.
    // Clipper rounds those crossings to the grid, and in one union with an unrelated obstacle
    // it split an edge that a union of the twins alone did not; each merged piece is now the
    // union of its own members only, so both orders give the same graph.
    const std::vector<Obstacle> shapes{
        Obstacle::polygon({{9, 57}, {14, 18}, {23, 14}}),
        Obstacle::polygon({{58, 44}, {38, 52}, {35, 30}}),
        Obstacle::polygon({{19, 3}, {7, 40}, {52, 4}}),
        Obstacle::polygon({{21, 3}, {7, 40}, {52, 4}}),
        Obstacle::polygon({{3, 1}, {6, 49}, {1, 5}}),
    };
    ObstacleGraph edited = ObstacleGraph::create({.buffer_radius = 1}).value();
    const auto first = edited.add_obstacles(std::vector{shapes[0]});
    ASSERT_TRUE(first.has_value());
    ASSERT_TRUE(edited.remove_obstacles(first.value()).ok());
    for (std::size_t index = 1; index < shapes.size(); ++index)
        ASSERT_TRUE(edited.add_obstacles(std::vector{shapes[index]}).has_value());
    ObstacleGraph rebuilt = ObstacleGraph::create({.buffer_radius = 1}).value();
    ASSERT_TRUE(rebuilt.add_obstacles(std::vector(shapes.begin() + 1, shapes.end())).has_value());
    EXPECT_EQ(edges_of(edited), edges_of(rebuilt));
}

}  // namespace
}  // namespace pathkit
