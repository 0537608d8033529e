// NavMesh areas and query filters: excluded ground checked against a visibility graph with
// the excluded areas as obstacles, weighted ground against a Dijkstra over a fine grid, types
// through repairs against a fresh triangulation, and bad input refused with nothing changed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <queue>
#include <random>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

constexpr float world_size = 20;

std::vector<Point2> rectangle_points(float x0, float y0, float x1, float y1) {
    return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

// A star-shaped polygon round `centre` (corners at increasing angles: simple).
std::vector<Point2> random_blob(std::mt19937& random, Point2 centre, float radius) {
    std::uniform_real_distribution<float> spread(0.4f * radius, radius);
    const int corners = 5 + static_cast<int>(random() % 5);
    std::vector<Point2> points;
    for (int corner = 0; corner < corners; ++corner) {
        const float angle = 6.2831853f * static_cast<float>(corner) / static_cast<float>(corners);
        const float reach = spread(random);
        points.push_back({std::clamp(centre.x + reach * std::cos(angle), 0.1f, world_size - 0.1f),
                          std::clamp(centre.y + reach * std::sin(angle), 0.1f, world_size - 0.1f)});
    }
    return points;
}

// True when the point lies inside the polygon (crossing number).
bool polygon_holds(const std::vector<Point2>& polygon, Point2 point) {
    bool inside = false;
    for (std::size_t index = 0, previous = polygon.size() - 1; index < polygon.size();
         previous = index++) {
        const Point2 a = polygon[index], b = polygon[previous];
        if ((a.y > point.y) != (b.y > point.y) &&
            point.x < a.x + (b.x - a.x) * (point.y - a.y) / (b.y - a.y))
            inside = !inside;
    }
    return inside;
}

struct Scene {
    std::vector<std::vector<Point2>> obstacles;
    std::vector<std::pair<std::vector<Point2>, AreaType>> areas;  // in the order added
};

// Rectangles for obstacles, blobs of type 2 (dear ground) first, then blobs of type 1 (to be
// excluded) over them: where they overlap, type 1 wins, so type 1 covers the type 1 blobs.
Scene random_scene(unsigned seed_value) {
    std::mt19937 random(seed_value);
    std::uniform_real_distribution<float> place(1.5f, world_size - 1.5f);
    Scene scene;
    for (int index = 0; index < 5; ++index) {
        const float x = place(random), y = place(random);
        scene.obstacles.push_back(rectangle_points(x - 0.8f, y - 0.5f, x + 0.8f, y + 0.5f));
    }
    for (const AreaType type : {AreaType{2}, AreaType{2}, AreaType{1}, AreaType{1}, AreaType{1}})
        scene.areas.push_back({random_blob(random, {place(random), place(random)}, 2.5f), type});
    return scene;
}

NavMesh mesh_of(const Scene& scene) {
    NavMesh mesh = NavMesh::create({0, 0}, {world_size, world_size}).value();
    std::vector<Obstacle> obstacles;
    for (const auto& points : scene.obstacles)
        obstacles.push_back(Obstacle::polygon(points));
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    for (const auto& [outline, type] : scene.areas) {
        const auto added = mesh.add_area(outline, type);
        EXPECT_TRUE(added.has_value()) << added.error().message();
    }
    mesh.triangulate();
    return mesh;
}

// The oracle for excluded ground: the obstacles and the excluded areas as obstacles of a
// visibility graph, walled in round the world's bounds.
ObstacleGraph walls_of(const Scene& scene, std::uint64_t excluded) {
    ObstacleGraph graph = ObstacleGraph::create().value();
    std::vector<Obstacle> obstacles;
    for (const auto& points : scene.obstacles)
        obstacles.push_back(Obstacle::polygon(points));
    for (const auto& [outline, type] : scene.areas)
        if ((excluded >> type) & 1U) obstacles.push_back(Obstacle::polygon(outline));
    const float s = world_size;
    for (const auto& frame :
         {rectangle_points(-2, -2, s + 2, 0), rectangle_points(-2, s, s + 2, s + 2),
          rectangle_points(-2, 0, 0, s), rectangle_points(s, 0, s + 2, s)})
        obstacles.push_back(Obstacle::polygon(frame));
    EXPECT_TRUE(graph.add_obstacles(obstacles).has_value());
    return graph;
}

TEST(NavMeshAreas, TrianglesSplitAlongAreaOutlinesAndTheLaterOfTwoOverlappingAreasWins) {
    NavMesh mesh = NavMesh::create({0, 0}, {20, 20}).value();
    ASSERT_TRUE(mesh.add_area(rectangle_points(2, 2, 10, 10), 3).has_value());
    ASSERT_TRUE(mesh.add_area(rectangle_points(6, 6, 14, 14), 5).has_value());
    mesh.triangulate();
    EXPECT_EQ(mesh.area_type_at({4, 4}), AreaType{3});
    EXPECT_EQ(mesh.area_type_at({8, 8}), AreaType{5});  // in both: the later one
    EXPECT_EQ(mesh.area_type_at({12, 12}), AreaType{5});
    EXPECT_EQ(mesh.area_type_at({16, 3}), AreaType{0});
    EXPECT_EQ(mesh.area_type_at({30, 3}), std::nullopt);
    // No triangle straddles an outline: every triangle lies inside or outside each area.
    const std::vector<MeshTriangle> triangles = mesh.triangles();
    const std::vector<AreaType> types = mesh.triangle_types();
    ASSERT_EQ(triangles.size(), types.size());
    for (std::size_t index = 0; index < triangles.size(); ++index)
        for (const Point2 corner : triangles[index]) {
            const Point2 inward{
                (triangles[index][0].x + triangles[index][1].x + triangles[index][2].x) / 3 *
                        0.01f +
                    corner.x * 0.99f,
                (triangles[index][0].y + triangles[index][1].y + triangles[index][2].y) / 3 *
                        0.01f +
                    corner.y * 0.99f};
            EXPECT_EQ(mesh.area_type_at(inward), types[index]);
        }
    ASSERT_TRUE(mesh.remove_area(AreaId(1)).ok());
    mesh.update();
    EXPECT_EQ(mesh.area_type_at({8, 8}), AreaType{3});
    EXPECT_EQ(mesh.area_count(), 1u);
}

TEST(NavMeshAreas, ExcludedGroundIsAWallAndTheFilteredPathIsAsShortAsAVisibilityGraphsAroundIt) {
    for (unsigned scene_number = 0; scene_number < 12; ++scene_number) {
        const Scene scene = random_scene(scene_number);
        const NavMesh mesh = mesh_of(scene);
        const std::uint64_t excluded = 1U << 1;
        const ObstacleGraph oracle = walls_of(scene, excluded);
        AreaFilter filter;
        filter.excluded = excluded;
        std::mt19937 random(1000 + scene_number);
        std::uniform_real_distribution<float> place(0.2f, world_size - 0.2f);
        int compared = 0;
        for (int attempt = 0; attempt < 200 && compared < 25; ++attempt) {
            const Point2 from{place(random), place(random)}, to{place(random), place(random)};
            const auto type_from = mesh.area_type_at(from), type_to = mesh.area_type_at(to);
            if (!type_from || !type_to) continue;  // inside an obstacle
            const PlanePath path = mesh.find_path(from, to, thread_plane_query_context(), filter);
            if (*type_from == 1 || *type_to == 1) {
                EXPECT_EQ(path.status, SearchStatus::InvalidInput);
                continue;
            }
            const PlanePath expected = oracle.find_path(from, to);
            ASSERT_EQ(path.status, expected.status)
                << "scene " << scene_number << " " << to_string(from) << " -> " << to_string(to)
                << ": " << path.message;
            if (!path.found()) continue;
            EXPECT_NEAR(path.cost, expected.cost, 2e-3f * (1 + expected.cost))
                << "scene " << scene_number << " " << to_string(from) << " -> " << to_string(to);
            // The unfiltered path is never longer.
            EXPECT_LE(mesh.find_path(from, to).cost, path.cost + 1e-3f);
            ++compared;
        }
        EXPECT_GT(compared, 10) << "scene " << scene_number;
    }
}

// Blobs of 4 to 11 corners clamped to a 30-unit world, for obstacles and areas that cross them
// anywhere: where an outline crossed an obstacle's edge near another crossing, the crossings
// once rounded to one grid point (a triangle with two corners in one place) or folded a thin
// triangle over.
std::vector<Point2> clamped_blob(std::mt19937& random, Point2 centre, float radius) {
    std::uniform_real_distribution<float> spread(0.3f * radius, radius);
    const int corners = 4 + static_cast<int>(random() % 8);
    std::vector<Point2> points;
    for (int corner = 0; corner < corners; ++corner) {
        const float angle = 6.2831853f * static_cast<float>(corner) / static_cast<float>(corners);
        const float reach = spread(random);
        points.push_back({std::clamp(centre.x + reach * std::cos(angle), 0.f, 30.f),
                          std::clamp(centre.y + reach * std::sin(angle), 0.f, 30.f)});
    }
    return points;
}

TEST(NavMeshAreas, NoTriangleFoldsOverOrShrinksToALineWhereOutlinesCrossObstacles) {
    for (unsigned scene_number = 0; scene_number < 150; ++scene_number) {
        std::mt19937 random(scene_number);
        std::uniform_real_distribution<float> place(0, 30);
        NavMesh mesh =
            NavMesh::create({0, 0}, {30, 30}, {.buffer_radius = scene_number % 3 == 0 ? 0.3f : 0})
                .value();
        std::vector<Obstacle> obstacles;
        for (int index = 0; index < 8; ++index) {
            const Point2 centre{place(random), place(random)};
            Obstacle obstacle = Obstacle::polygon(clamped_blob(random, centre, 3));
            if (obstacle.validate().ok()) obstacles.push_back(std::move(obstacle));
        }
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        for (int index = 0; index < 10; ++index) {
            const Point2 centre{place(random), place(random)};
            (void)mesh.add_area(clamped_blob(random, centre, 4), index < 5 ? 2 : 1);
        }
        mesh.triangulate();
        for (const MeshTriangle& triangle : mesh.triangles()) {
            const double twice_area = (static_cast<double>(triangle[1].x) - triangle[0].x) *
                                          (static_cast<double>(triangle[2].y) - triangle[0].y) -
                                      (static_cast<double>(triangle[1].y) - triangle[0].y) *
                                          (static_cast<double>(triangle[2].x) - triangle[0].x);
            ASSERT_GT(twice_area, 0)
                << "scene " << scene_number << ": " << to_string(triangle[0]) << " "
                << to_string(triangle[1]) << " " << to_string(triangle[2]);
        }
    }
}

TEST(NavMeshAreas, AreaTypesSurviveRepairsAfterObstacleEditsAsAFreshTriangulationGivesThem) {
    const Scene scene = random_scene(77);
    NavMesh repaired = mesh_of(scene);
    std::mt19937 random(78);
    std::uniform_real_distribution<float> place(1.5f, world_size - 1.5f);
    std::vector<ObstacleId> added;
    Scene now = scene;
    for (int round = 0; round < 20; ++round) {
        const float x = place(random), y = place(random);
        const auto points = rectangle_points(x - 0.6f, y - 0.6f, x + 0.6f, y + 0.6f);
        const std::vector<Obstacle> one{Obstacle::polygon(points)};
        added.push_back(repaired.add_obstacles(one).value().front());
        now.obstacles.push_back(points);
        if (round % 3 == 2) {
            ASSERT_TRUE(repaired.remove_obstacles(std::vector{added.front()}).ok());
            added.erase(added.begin());
            now.obstacles.erase(now.obstacles.begin() +
                                static_cast<std::ptrdiff_t>(scene.obstacles.size()));
        }
        repaired.update();
        const NavMesh fresh = mesh_of(now);
        for (int probe = 0; probe < 200; ++probe) {
            const Point2 at{place(random), place(random)};
            ASSERT_EQ(repaired.area_type_at(at), fresh.area_type_at(at))
                << "round " << round << " at " << to_string(at);
        }
    }
}

TEST(NavMeshAreas, RadiusClassMeshesMarkTheSameGroundBeforeAndAfterTheyAreBuilt) {
    NavMesh mesh =
        NavMesh::create({0, 0}, {20, 20}, {.buffer_radius = 0, .radius_classes = {1}}).value();
    ASSERT_TRUE(mesh.add_area(rectangle_points(2, 2, 8, 8), 4).has_value());
    mesh.triangulate();
    const auto large = mesh.radius_class_mesh(1);
    ASSERT_TRUE(large.has_value()) << large.error().message();
    EXPECT_EQ(large.value()->area_type_at({5, 5}), AreaType{4});
    // An area added after the class mesh was built reaches it at the next update.
    ASSERT_TRUE(mesh.add_area(rectangle_points(12, 12, 18, 18), 5).has_value());
    mesh.update();
    EXPECT_EQ(large.value()->area_type_at({15, 15}), AreaType{5});
    ASSERT_TRUE(mesh.remove_area(AreaId(0)).ok());
    mesh.update();
    EXPECT_EQ(large.value()->area_type_at({5, 5}), AreaType{0});
}

TEST(NavMeshAreas, ASegmentIsFreeOfGuardedGroundWhenItOnlyTouchesIt) {
    NavMesh mesh = NavMesh::create({0, 0}, {20, 20}).value();
    ASSERT_TRUE(mesh.add_area(rectangle_points(5, 5, 10, 10), 3).has_value());
    mesh.triangulate();
    const std::uint64_t water = std::uint64_t{1} << 3, lava = std::uint64_t{1} << 4;
    EXPECT_TRUE(mesh.is_segment_free({1, 7}, {15, 7}));  // areas do not block by themselves
    EXPECT_FALSE(mesh.is_segment_free({1, 7}, {15, 7}, water));
    EXPECT_TRUE(mesh.is_segment_free({1, 7}, {15, 7}, lava));
    EXPECT_TRUE(mesh.is_segment_free({1, 5}, {15, 5}, water));    // along the border
    EXPECT_TRUE(mesh.is_segment_free({1, 7}, {5, 7}, water));     // ending on it
    EXPECT_TRUE(mesh.is_segment_free({5, 7}, {1, 7}, water));     // starting on it
    EXPECT_TRUE(mesh.is_segment_free({1, 9}, {9, 1}, water));     // through a corner only
    EXPECT_FALSE(mesh.is_segment_free({7, 7}, {1, 7}, water));    // from inside
    EXPECT_FALSE(mesh.is_segment_free({1, 1}, {14, 14}, water));  // corner to corner across
}

TEST(NavMeshAreas, GuardedSegmentsAgreeWithDenseSamplingOverRandomAreas) {
    std::mt19937 random(41);
    std::uniform_real_distribution<float> coordinate(0.5f, world_size - 0.5f);
    for (int round = 0; round < 20; ++round) {
        NavMesh mesh = NavMesh::create({0, 0}, {world_size, world_size}).value();
        struct Box {
            float x0, y0, x1, y1;
            AreaType type;
        };
        std::vector<Box> boxes;
        for (int index = 0; index < 6; ++index) {
            const float x = coordinate(random), y = coordinate(random);
            const Box box{std::max(0.2f, x - 3), std::max(0.2f, y - 2),
                          std::min(world_size - 0.2f, x + 3), std::min(world_size - 0.2f, y + 2),
                          static_cast<AreaType>(1 + random() % 3)};
            ASSERT_TRUE(mesh.add_area(rectangle_points(box.x0, box.y0, box.x1, box.y1), box.type)
                            .has_value());
            boxes.push_back(box);
        }
        mesh.triangulate();
        const std::uint64_t guarded = (std::uint64_t{1} << 1) | (std::uint64_t{1} << 3);
        // The type at a point: the last box holding it (0 for none), as the mesh says.
        const auto guarded_at = [&](Point2 point) {
            AreaType type = 0;
            for (const Box& box : boxes)
                if (point.x >= box.x0 && point.x <= box.x1 && point.y >= box.y0 &&
                    point.y <= box.y1)
                    type = box.type;
            return ((guarded >> type) & 1U) != 0;
        };
        for (int segment = 0; segment < 200; ++segment) {
            const Point2 a{coordinate(random), coordinate(random)};
            const Point2 b{coordinate(random), coordinate(random)};
            bool clearly_in = false, clearly_out = true;
            for (int sample = 0; sample <= 2000; ++sample) {
                const float t = static_cast<float>(sample) / 2000;
                const Point2 p{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
                int guarded_around = 0;
                for (const Point2 d : {Point2{0.02f, 0}, Point2{-0.02f, 0}, Point2{0, 0.02f},
                                       Point2{0, -0.02f}, Point2{0, 0}})
                    guarded_around += guarded_at({p.x + d.x, p.y + d.y}) ? 1 : 0;
                clearly_in = clearly_in || guarded_around == 5;
                clearly_out = clearly_out && guarded_around == 0;
            }
            const bool free = mesh.is_segment_free(a, b, guarded);
            if (clearly_in) {
                EXPECT_FALSE(free) << to_string(a) << " to " << to_string(b);
            }
            if (clearly_out) {
                EXPECT_TRUE(free) << to_string(a) << " to " << to_string(b);
            }
        }
    }
}

TEST(NavMeshAreas, BadAreasAndFiltersAreRefusedWithNothingChanged) {
    NavMesh mesh = NavMesh::create({0, 0}, {10, 10}).value();
    ASSERT_TRUE(mesh.add_area(rectangle_points(1, 1, 4, 4), 2).has_value());
    mesh.triangulate();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    // clang-format off
    const std::vector<std::pair<std::vector<Point2>, const char*>> outlines{
        {{{1, 1}, {5, 5}, {5, 1}, {1, 5}}, "self-intersecting"},        // a bow tie
        {{{1, 1}, {nan, 2}, {3, 3}}, "finite"},
        {{{1, 1}, {12, 2}, {3, 3}}, "outside the mesh bounds"},
        {{{1, 1}, {2, 2}}, "3"},
        {{{1, 1}, {2, 2}, {3, 3}}, "area"},                 // no area
    };
    // clang-format on
    for (const auto& [outline, says] : outlines) {
        const auto refused = mesh.add_area(outline, 1);
        ASSERT_FALSE(refused.has_value()) << says;
        EXPECT_NE(refused.error().message().find(says), std::string::npos)
            << refused.error().message();
    }
    const auto high = mesh.add_area(rectangle_points(5, 5, 6, 6), 64);
    ASSERT_FALSE(high.has_value());
    EXPECT_NE(high.error().message().find("above 63"), std::string::npos);
    EXPECT_FALSE(mesh.remove_area(AreaId(7)).ok());
    EXPECT_EQ(mesh.area_count(), 1u);
    EXPECT_FALSE(mesh.needs_triangulation());

    AreaFilter filter;
    filter.costs[4] = 0.5f;
    PlanePath refused = mesh.find_path({0.5f, 0.5f}, {9, 9}, thread_plane_query_context(), filter);
    EXPECT_EQ(refused.status, SearchStatus::InvalidInput);
    EXPECT_NE(refused.message.find("type 4"), std::string::npos) << refused.message;
    filter.costs[4] = nan;
    EXPECT_EQ(mesh.find_path({0.5f, 0.5f}, {9, 9}, thread_plane_query_context(), filter).status,
              SearchStatus::InvalidInput);
    filter = {};
    filter.points_per_edge = 0;
    EXPECT_EQ(mesh.find_path({0.5f, 0.5f}, {9, 9}, thread_plane_query_context(), filter).status,
              SearchStatus::InvalidInput);
    filter = {};
    filter.excluded = 1U << 2;
    refused = mesh.find_path({2, 2}, {9, 9}, thread_plane_query_context(), filter);
    EXPECT_EQ(refused.status, SearchStatus::InvalidInput);
    EXPECT_NE(refused.message.find("excludes"), std::string::npos) << refused.message;
}

// The oracle for weighted ground: Dijkstra over a grid of points `step` apart with moves to
// the 32 neighbours (dx, dy) of |dx|, |dy| <= 3 with no common factor, each move's cost its
// length times the ground's cost sampled every step / 4 along it (a raster of the areas at
// that spacing, later areas winning; a move that samples an obstacle is not made). Its own
// error: a straight run costs at most 1 / cos(18.43 deg / 2) = 1.0131 times its length (the
// widest angle between two moves), borders are placed within a raster cell, and the ends
// snap to the nearest grid point (each at most step / sqrt 2 away).
class GridOracle {
  public:
    GridOracle(const Scene& scene, const AreaFilter& filter, float size, float step)
        : size_(size),
          step_(step),
          points_(static_cast<int>(std::lround(size / step)) + 1),
          raster_points_(4 * (points_ - 1) + 1),
          raster_(static_cast<std::size_t>(raster_points_) * raster_points_, 1) {
        for (int row = 0; row < raster_points_; ++row)
            for (int column = 0; column < raster_points_; ++column) {
                const Point2 at{column * step / 4, row * step / 4};
                float& cost = raster_[static_cast<std::size_t>(row) * raster_points_ + column];
                for (const auto& [outline, type] : scene.areas)
                    if (polygon_holds(outline, at)) cost = filter.costs[type];
                for (const auto& obstacle : scene.obstacles)
                    if (polygon_holds(obstacle, at)) cost = INFINITY;
            }
    }

    [[nodiscard]] double cost(Point2 from, Point2 to) const {
        const int columns = points_;
        const auto node_of = [&](Point2 at) {
            return std::pair{static_cast<int>(std::lround(at.x / step_)),
                             static_cast<int>(std::lround(at.y / step_))};
        };
        const auto [fx, fy] = node_of(from);
        const auto [tx, ty] = node_of(to);
        std::vector<double> best(static_cast<std::size_t>(columns) * columns, INFINITY);
        using Entry = std::pair<double, int>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
        best[static_cast<std::size_t>(fy * columns + fx)] = 0;
        open.push({0, fy * columns + fx});
        while (!open.empty()) {
            const auto [g, node] = open.top();
            open.pop();
            if (g > best[static_cast<std::size_t>(node)]) continue;
            if (node == ty * columns + tx) break;
            const int x = node % columns, y = node / columns;
            for (int dx = -3; dx <= 3; ++dx)
                for (int dy = -3; dy <= 3; ++dy) {
                    if (std::gcd(dx, dy) != 1) continue;
                    const int nx = x + dx, ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= columns || ny >= columns) continue;
                    const double step_cost = move_cost(x, y, dx, dy);
                    const double next_g = g + step_cost;
                    auto& slot = best[static_cast<std::size_t>(ny * columns + nx)];
                    if (next_g < slot) {
                        slot = next_g;
                        open.push({next_g, ny * columns + nx});
                    }
                }
        }
        const auto end_cost = [&](Point2 at, int x, int y) {
            return rate(4 * x, 4 * y) * std::hypot(at.x - x * step_, at.y - y * step_);
        };
        return best[static_cast<std::size_t>(ty * columns + tx)] + end_cost(from, fx, fy) +
               end_cost(to, tx, ty);
    }

  private:
    [[nodiscard]] double rate(int raster_x, int raster_y) const {
        return raster_[static_cast<std::size_t>(raster_y) * raster_points_ + raster_x];
    }
    // Samples at every quarter step in x or y along the move (raster points on it).
    [[nodiscard]] double move_cost(int x, int y, int dx, int dy) const {
        const int samples = 4 * std::max(std::abs(dx), std::abs(dy));
        const double length = step_ * std::hypot(dx, dy);
        double total = 0;
        for (int sample = 0; sample <= samples; ++sample) {
            const int rx = 4 * x + dx * 4 * sample / samples,
                      ry = 4 * y + dy * 4 * sample / samples;
            const double here = rate(rx, ry);
            if (std::isinf(here)) return INFINITY;
            if (sample > 0 && sample < samples) total += here;
        }
        total += (rate(4 * x, 4 * y) + rate(4 * (x + dx), 4 * (y + dy))) / 2;  // trapezoid ends
        return length * total / samples;
    }

    float size_, step_;
    int points_, raster_points_;
    std::vector<float> raster_;
};

TEST(NavMeshAreas, WeightedGroundCostsWithinTheStatedBoundOfADijkstraOverAFineGrid) {
    constexpr float size = 10;
    constexpr float step = 0.05f;
    for (unsigned scene_number = 0; scene_number < 3; ++scene_number) {
        std::mt19937 random(500 + scene_number);
        std::uniform_real_distribution<float> place(1.5f, size - 1.5f);
        Scene scene;
        for (int index = 0; index < 3; ++index) {
            const float x = place(random), y = place(random);
            scene.obstacles.push_back(rectangle_points(x - 0.6f, y - 0.4f, x + 0.6f, y + 0.4f));
        }
        // Water (type 3, dear) and a road (type 4, dear too but less), blobs clamped inside.
        for (const AreaType type : {AreaType{3}, AreaType{4}, AreaType{3}}) {
            std::vector<Point2> blob = random_blob(random, {place(random), place(random)}, 2);
            for (Point2& corner : blob)
                corner = {std::clamp(corner.x, 0.1f, size - 0.1f),
                          std::clamp(corner.y, 0.1f, size - 0.1f)};
            scene.areas.push_back({blob, type});
        }
        NavMesh mesh = NavMesh::create({0, 0}, {size, size}).value();
        std::vector<Obstacle> obstacles;
        for (const auto& points : scene.obstacles)
            obstacles.push_back(Obstacle::polygon(points));
        ASSERT_TRUE(mesh.add_obstacles(obstacles).has_value());
        for (const auto& [outline, type] : scene.areas)
            ASSERT_TRUE(mesh.add_area(outline, type).has_value());
        mesh.triangulate();
        AreaFilter filter;
        filter.costs[3] = 3;
        filter.costs[4] = 1.5f;
        filter.points_per_edge = 6;
        const GridOracle oracle(scene, filter, size, step);
        const std::vector<MeshTriangle> triangles = mesh.triangles();
        const std::vector<AreaType> types = mesh.triangle_types();
        std::uniform_real_distribution<float> anywhere(0.3f, size - 0.3f);
        int compared = 0;
        for (int attempt = 0; attempt < 60 && compared < 6; ++attempt) {
            const Point2 from{anywhere(random), anywhere(random)},
                to{anywhere(random), anywhere(random)};
            if (!mesh.area_type_at(from) || !mesh.area_type_at(to)) continue;
            const PlanePath path = mesh.find_path(from, to, thread_plane_query_context(), filter);
            ASSERT_TRUE(path.found()) << path.message;
            const double expected = oracle.cost(from, to);
            if (!std::isfinite(expected)) continue;  // an end's grid point inside an obstacle
            // The bound, with the triangles this path crosses standing in for the optimal
            // path's: per triangle its cost times its longest edge over (points + 1).
            std::vector<std::uint8_t> crossed(triangles.size(), 0);
            for (std::size_t piece = 0; piece + 1 < path.path.size(); ++piece) {
                const Point2 a = path.path[piece], b = path.path[piece + 1];
                for (int sample = 1; sample < 400; ++sample) {
                    const float t = static_cast<float>(sample) / 400;
                    if (const auto triangle =
                            mesh.triangle_at({a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}))
                        crossed[*triangle] = 1;
                }
            }
            double bound = 0;
            for (std::size_t triangle = 0; triangle < triangles.size(); ++triangle) {
                if (!crossed[triangle]) continue;
                const auto& corners = triangles[triangle];
                double longest = 0;
                for (int edge = 0; edge < 3; ++edge)
                    longest = std::max<double>(
                        longest, std::hypot(corners[edge].x - corners[(edge + 1) % 3].x,
                                            corners[edge].y - corners[(edge + 1) % 3].y));
                bound += filter.costs[types[triangle]] * longest / (filter.points_per_edge + 1);
            }
            // The grid's own slack: the ends snapped (at most step / sqrt 2 each, at the dearest
            // cost 3, both ways) and a raster cell each way at up to ten borders.
            const double grid_slack = 2 * 3 * step + 10 * 3 * step / 4;
            EXPECT_GE(path.cost, (expected - grid_slack) / 1.0131)
                << "scene " << scene_number << " " << to_string(from) << " -> " << to_string(to);
            EXPECT_LE(path.cost, expected + grid_slack + bound)
                << "scene " << scene_number << " " << to_string(from) << " -> " << to_string(to);
            // How close it comes, in the log for the docs.
            std::printf("weighted %.4f grid %.4f ratio %.4f bound %.3f\n", path.cost, expected,
                        path.cost / expected, bound);
            ++compared;
        }
        EXPECT_GE(compared, 3) << "scene " << scene_number;
    }
}

}  // namespace
}  // namespace pathkit
