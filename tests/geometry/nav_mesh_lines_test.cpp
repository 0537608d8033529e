// NavMesh lines: boundary edges, straight segments through free space, nearest free points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "pathkit/geometry/nav_mesh.hpp"

namespace pathkit {
namespace {

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

NavMesh make_mesh(const std::vector<Obstacle>& obstacles, float radius) {
    auto made = NavMesh::create({0, 0}, {20, 20}, {.buffer_radius = radius});
    EXPECT_TRUE(made.has_value()) << made.error().message();
    NavMesh mesh = std::move(made).value();
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    mesh.triangulate();
    return mesh;
}

// How long the part of segment a-b inside the open box (x0, x1) x (y0, y1) is (Liang-Barsky):
// the oracle for a mitered rectangle, whose grown outline is again a rectangle.
double length_inside_box(Point2 a, Point2 b, double x0, double y0, double x1, double y1) {
    double enter = 0, leave = 1;
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x - x0, x1 - a.x, a.y - y0, y1 - a.y};
    for (int side = 0; side < 4; ++side) {
        if (p[side] == 0) {
            if (q[side] <= 0) return 0;
            continue;
        }
        const double at = q[side] / p[side];
        if (p[side] < 0) enter = std::max(enter, at);
        if (p[side] > 0) leave = std::min(leave, at);
    }
    return leave > enter ? (leave - enter) * std::hypot(dx, dy) : 0;
}

// The block 8..12 grown by 1 is the square 7..13:
//
//   +--------------------+
//   |       ######       |
//   |  a    ######    b  |
//   |       ######       |
//   +--------------------+
TEST(NavMeshLines, BoundaryEdgesTraceTheBoundsAndTheGrownBlockWithFreeSpaceOnTheLeft) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    double bounds_length = 0, block_length = 0;
    for (const MeshEdge& edge : mesh.boundary_edges()) {
        const double length = std::hypot(edge.to.x - edge.from.x, edge.to.y - edge.from.y);
        const Point2 middle{(edge.from.x + edge.to.x) / 2, (edge.from.y + edge.to.y) / 2};
        const bool on_bounds = middle.x == 0 || middle.x == 20 || middle.y == 0 || middle.y == 20;
        (on_bounds ? bounds_length : block_length) += length;
        // A little to the left of the middle is free; a little to the right is not.
        const double nx = -(edge.to.y - edge.from.y) / length,
                     ny = (edge.to.x - edge.from.x) / length;
        const Point2 left{static_cast<float>(middle.x + 0.01 * nx),
                          static_cast<float>(middle.y + 0.01 * ny)};
        const Point2 right{static_cast<float>(middle.x - 0.01 * nx),
                           static_cast<float>(middle.y - 0.01 * ny)};
        EXPECT_TRUE(mesh.triangle_at(left).has_value());
        EXPECT_FALSE(mesh.triangle_at(right).has_value());
    }
    EXPECT_NEAR(bounds_length, 80, 1e-3);
    EXPECT_NEAR(block_length, 24, 1e-3);
}

TEST(NavMeshLines, DrawnSegmentsAroundTheBlockAreFreeOnlyWhenTheyMissItsInside) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    EXPECT_TRUE(mesh.is_segment_free({2, 2}, {18, 2})) << "below the block";
    EXPECT_FALSE(mesh.is_segment_free({2, 10}, {18, 10})) << "through the block";
    EXPECT_TRUE(mesh.is_segment_free({2, 7}, {18, 7})) << "along the grown bottom edge";
    EXPECT_FALSE(mesh.is_segment_free({5, 5}, {15, 15})) << "the diagonal crosses it";
    EXPECT_TRUE(mesh.is_segment_free({4, 10}, {10, 4})) << "touching the corner 7,7 only";
    EXPECT_TRUE(mesh.is_segment_free({7, 2}, {7, 18})) << "along the left edge, end to end";
    EXPECT_FALSE(mesh.is_segment_free({6, 6}, {10, 10})) << "from the corner into the block";
    EXPECT_FALSE(mesh.is_segment_free({2, 2}, {10, 10})) << "ending inside";
    EXPECT_FALSE(mesh.is_segment_free({2, 2}, {25, 2})) << "ending outside the bounds";
    EXPECT_TRUE(mesh.is_segment_free({0, 0}, {20, 0})) << "along the bounds";
    EXPECT_TRUE(mesh.is_segment_free({3, 3}, {3, 3})) << "a point in free space";
    EXPECT_FALSE(mesh.is_segment_free({NAN, 3}, {3, 3}));
}

TEST(NavMeshLines, RandomSegmentsAgreeWithTheRectangleOracle) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> coordinate(0, 20);
    int blocked = 0, checked = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const Point2 a{coordinate(random), coordinate(random)};
        const Point2 b{coordinate(random), coordinate(random)};
        const double inside = length_inside_box(a, b, 7, 7, 13, 13);
        const bool end_inside = (a.x > 7 && a.x < 13 && a.y > 7 && a.y < 13) ||
                                (b.x > 7 && b.x < 13 && b.y > 7 && b.y < 13);
        if (inside > 0 && inside < 1e-2) continue;  // grazing: closer than rounding can decide
        const bool expected = inside == 0 && !end_inside;
        EXPECT_EQ(mesh.is_segment_free(a, b), expected) << to_string(a) << " -> " << to_string(b);
        blocked += expected ? 0 : 1;
        ++checked;
    }
    EXPECT_GT(blocked, 500);
    EXPECT_GT(checked, 3500);
}

TEST(NavMeshLines, SegmentsThroughManyTrianglesAndExactlyThroughMeshCornersStayFree) {
    // A row of small blocks: many triangles and vertices on the line y = 5 (the blocks' grown
    // bottoms), walked through corner after corner.
    std::vector<Obstacle> blocks;
    for (int column = 0; column < 5; ++column)
        blocks.push_back(rectangle(1.0f + 4 * column, 6, 2.0f + 4 * column, 8));
    const NavMesh mesh = make_mesh(blocks, 1);
    EXPECT_TRUE(mesh.is_segment_free({0.5f, 5}, {19.5f, 5})) << "along the grown bottoms";
    EXPECT_TRUE(mesh.is_segment_free({19.5f, 5}, {0.5f, 5})) << "and back";
    EXPECT_TRUE(mesh.is_segment_free({0.5f, 2}, {19.5f, 4}));
    EXPECT_FALSE(mesh.is_segment_free({0.5f, 2}, {19.5f, 10}));
    EXPECT_TRUE(mesh.is_segment_free({3.5f, 2}, {3.5f, 18})) << "up a gap between two blocks";
    EXPECT_TRUE(mesh.is_segment_free({3, 2}, {3, 18})) << "up a block's grown side";
    EXPECT_FALSE(mesh.is_segment_free({2.5f, 2}, {2.5f, 18})) << "through a block";
}

TEST(NavMeshLines, TheNearestFreePointOfAPointInsideIsOnTheGrownOutline) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    const auto same = mesh.nearest_free_point({3, 4});
    ASSERT_TRUE(same.has_value());
    EXPECT_EQ(*same, (Point2{3, 4}));
    const auto pushed = mesh.nearest_free_point({7.5f, 10});
    ASSERT_TRUE(pushed.has_value());
    EXPECT_NEAR(pushed->x, 7, 2e-3);
    EXPECT_NEAR(pushed->y, 10, 2e-3);
    EXPECT_TRUE(mesh.triangle_at(*pushed).has_value());
    const auto centre = mesh.nearest_free_point({10, 12.5f});
    ASSERT_TRUE(centre.has_value());
    EXPECT_NEAR(centre->y, 13, 2e-3);
    const auto outside = mesh.nearest_free_point({25, -3});
    ASSERT_TRUE(outside.has_value());
    EXPECT_TRUE(mesh.triangle_at(*outside).has_value());
    EXPECT_FALSE(mesh.nearest_free_point({NAN, 1}).has_value());
    // Random points: the answer is free and no boundary point is closer than it (oracle: the
    // grown square, free outside it).
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(7.01f, 12.99f);
    for (int trial = 0; trial < 200; ++trial) {
        const Point2 point{coordinate(random), coordinate(random)};
        const auto free = mesh.nearest_free_point(point);
        ASSERT_TRUE(free.has_value());
        EXPECT_TRUE(mesh.triangle_at(*free).has_value());
        const double expected =
            std::min({point.x - 7.0, 13.0 - point.x, point.y - 7.0, 13.0 - point.y});
        EXPECT_NEAR(std::hypot(free->x - point.x, free->y - point.y), expected, 3e-3);
    }
}

TEST(NavMeshLines, ReTriangulatingRebuildsTheBoundaryAndCountsARevision) {
    NavMesh mesh = make_mesh({}, 0);
    EXPECT_EQ(mesh.revision(), 1u);
    EXPECT_EQ(mesh.boundary_edges().size(), 4u);
    EXPECT_TRUE(mesh.is_segment_free({2, 10}, {18, 10}));
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(9, 5, 11, 15)}).has_value());
    mesh.triangulate();
    EXPECT_EQ(mesh.revision(), 2u);
    EXPECT_EQ(mesh.boundary_edges().size(), 8u);
    EXPECT_FALSE(mesh.is_segment_free({2, 10}, {18, 10}));
}

}  // namespace
}  // namespace pathkit
