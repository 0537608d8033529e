// Obstacles that touch at a point are a wall: no mode's path passes between them.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

Obstacle square(float x, float y, float side = 2) {
    return Obstacle::polygon({{x, y}, {x + side, y}, {x + side, y + side}, {x, y + side}});
}

/// The answers of every mode to one query: the visibility graph, Polyanya, and the funnel over
/// each kind of mesh node.
struct Answers {
    std::vector<std::string> modes;
    std::vector<PlanePath> paths;
};

Answers every_mode(const std::vector<Obstacle>& obstacles, float radius, Point2 from, Point2 to) {
    Answers answers;
    ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = radius}).value());
    EXPECT_TRUE(graph.add_obstacles(obstacles).has_value());
    answers.modes.push_back("visibility graph");
    answers.paths.push_back(graph.find_path(from, to));
    for (const auto& [name, nodes] :
         {std::pair{"edge midpoints", MeshNodes::EdgeMidpoints},
          std::pair{"vertices", MeshNodes::Vertices}, std::pair{"centers", MeshNodes::Centers},
          std::pair{"all nodes",
                    MeshNodes::Vertices | MeshNodes::Centers | MeshNodes::EdgeMidpoints}}) {
        NavMesh mesh = std::move(
            NavMesh::create({-10, -10}, {20, 20}, {.buffer_radius = radius, .nodes = nodes})
                .value());
        EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
        mesh.triangulate();
        if (nodes == MeshNodes::EdgeMidpoints) {
            answers.modes.push_back("polyanya");
            answers.paths.push_back(mesh.find_path(from, to));
        }
        answers.modes.push_back(std::string("funnel over ") + name);
        answers.paths.push_back(
            mesh.find_path(from, to, thread_plane_query_context(), {}, NavMeshQuery::Funnel));
    }
    return answers;
}

/// True when a leg of the path runs through `point` (strictly between its ends), or the path
/// turns there.
bool goes_through(const PlanePath& path, Point2 point) {
    for (std::size_t leg = 1; leg < path.path.size(); ++leg) {
        const Point2 a = path.path[leg - 1], b = path.path[leg];
        const double cross = (static_cast<double>(b.x) - a.x) * (point.y - a.y) -
                             (static_cast<double>(b.y) - a.y) * (point.x - a.x);
        const double along = (static_cast<double>(point.x) - a.x) * (b.x - a.x) +
                             (static_cast<double>(point.y) - a.y) * (b.y - a.y);
        const double length2 = (static_cast<double>(b.x) - a.x) * (b.x - a.x) +
                               (static_cast<double>(b.y) - a.y) * (b.y - a.y);
        if (std::abs(cross) < 1e-9 && along > 0 && along < length2) return true;
        if (leg + 1 < path.path.size() && b == point) return true;
    }
    return false;
}

void expect_all(const Answers& answers, SearchStatus status, double length, Point2 touching) {
    for (std::size_t mode = 0; mode < answers.modes.size(); ++mode) {
        const PlanePath& path = answers.paths[mode];
        EXPECT_EQ(path.status, status) << answers.modes[mode] << ": " << path.message;
        if (!path.found()) continue;
        EXPECT_FALSE(goes_through(path, touching)) << answers.modes[mode];
        const bool exact =
            answers.modes[mode] == "visibility graph" || answers.modes[mode] == "polyanya";
        if (exact)
            EXPECT_NEAR(path.cost, length, 1e-4) << answers.modes[mode];
        else
            EXPECT_GE(path.cost, length - 1e-4) << answers.modes[mode];
    }
}

// clang-format off
// Two squares touching at 2,2; the straight line from S to G passes through that point:
//
//   S . # #        y 4
//   . . # #
//   # # . .        y 2
//   # # . G
//   x 0     x 4
// clang-format on
TEST(TouchingObstacles, TwoSquaresTouchingAtACornerAreAWallInEveryMode) {
    const std::vector<Obstacle> squares{square(0, 0), square(2, 2)};
    expect_all(every_mode(squares, 0, {0, 4}, {4, 0}), SearchStatus::Found, 8, {2, 2});
    expect_all(every_mode(squares, 0, {-1, 5}, {5, -1}), SearchStatus::Found,
               2 * std::hypot(1.0, 5.0), {2, 2});
}

TEST(TouchingObstacles, AStartOrGoalOnTheTouchingPointMayLeaveOnEitherSide) {
    const std::vector<Obstacle> squares{square(0, 0), square(2, 2)};
    for (const Point2 other : {Point2{0, 4}, Point2{4, 0}}) {
        for (const auto& [from, to] :
             {std::pair{Point2{2, 2}, other}, std::pair{other, Point2{2, 2}}}) {
            const Answers answers = every_mode(squares, 0, from, to);
            for (std::size_t mode = 0; mode < answers.modes.size(); ++mode) {
                ASSERT_TRUE(answers.paths[mode].found()) << answers.modes[mode];
                EXPECT_NEAR(answers.paths[mode].cost, std::hypot(2.0, 2.0), 1e-4)
                    << answers.modes[mode] << " from " << to_string(from);
            }
        }
    }
    NavMesh mesh = std::move(NavMesh::create({-10, -10}, {20, 20}).value());
    ASSERT_TRUE(mesh.add_obstacles(squares).has_value());
    mesh.triangulate();
    EXPECT_TRUE(mesh.is_segment_free({2, 2}, {0, 4}));
    EXPECT_TRUE(mesh.is_segment_free({2, 2}, {4, 0}));
    EXPECT_TRUE(mesh.is_segment_free({0, 4}, {2, 2}));
    EXPECT_FALSE(mesh.is_segment_free({1, 3}, {3, 1})) << "through the touching point";
    EXPECT_FALSE(mesh.is_segment_free({3, 1}, {1, 3}));
}

// clang-format off
// Seven squares close a pocket P at 2..4, 2..4 except at its corner 4,2, where they touch
// (Clipper hands this back as an outer ring and a hole touching it there, each passing the
// point with the other's free side inside its corner):
//
//   # # #      y 4..6
//   # P #      y 2..4
//   # # .      y 0..2
// clang-format on
TEST(TouchingObstacles, APocketTouchingTheOutsideAtACornerIsClosedButItsCornerLeadsBothWays) {
    std::vector<Obstacle> squares;
    for (const auto& [column, row] :
         std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}})
        squares.push_back(
            square(2.0f * static_cast<float>(column), 2.0f * static_cast<float>(row)));
    expect_all(every_mode(squares, 0, {3, 3}, {5, 1}), SearchStatus::NoPath, 0, {4, 2});
    for (const Point2 other : {Point2{3, 3}, Point2{5, 1}}) {
        const Answers answers = every_mode(squares, 0, {4, 2}, other);
        for (std::size_t mode = 0; mode < answers.modes.size(); ++mode) {
            ASSERT_TRUE(answers.paths[mode].found())
                << answers.modes[mode] << " to " << to_string(other);
            EXPECT_NEAR(answers.paths[mode].cost, std::hypot(1.0, 1.0), 1e-4)
                << answers.modes[mode];
        }
    }
}

// clang-format off
// A checkerboard of 2 x 2 squares on 0..8 (# blocked). The free cell at 4..6, 2..4 (E) is
// closed in by squares touching at its corners; the cells at the edges open outwards:
//
//   . # . #      y 6..8
//   # . # .      y 4..6
//   . # E #      y 2..4
//   # A # B      y 0..2
// clang-format on
TEST(TouchingObstacles, ACheckerboardsInnerCellsAreClosedInEveryMode) {
    std::vector<Obstacle> board;
    for (int column = 0; column < 4; ++column)
        for (int row = 0; row < 4; ++row)
            if ((column + row) % 2 == 0)
                board.push_back(
                    square(2.0f * static_cast<float>(column), 2.0f * static_cast<float>(row)));
    expect_all(every_mode(board, 0, {5, 3}, {-5, -5}), SearchStatus::NoPath, 0, {4, 4});
    expect_all(every_mode(board, 0, {3, 1}, {5, 3}), SearchStatus::NoPath, 0, {4, 2});
    // From A to B: under the square between them, never up through its corners.
    expect_all(every_mode(board, 0, {3, 1}, {7, 1}), SearchStatus::Found,
               2 * std::hypot(1.0, 1.0) + 2, {4, 2});
}

// clang-format off
// A triangle's corner touches the middle of a square's side at 4,2:
//
//   # # # # .   .
//   # # # # > > |
//   # # # # > > |
// clang-format on
TEST(TouchingObstacles, ACornerOnAnotherObstaclesSideIsAWallInEveryMode) {
    const std::vector<Obstacle> touching{square(0, 0, 4),
                                         Obstacle::polygon({{4, 2}, {7, 0}, {7, 4}})};
    expect_all(every_mode(touching, 0, {5, -2}, {5, 6}), SearchStatus::Found,
               2 * std::hypot(2.0, 2.0) + 4, {4, 2});
}

TEST(TouchingObstacles, BuffersThatTouchAtACornerAreAWallInEveryMode) {
    // Grown by 1 with mitered corners, the squares cover -1..3 and 3..7: they touch at 3,3.
    const std::vector<Obstacle> squares{square(0, 0), square(4, 4)};
    const Answers answers = every_mode(squares, 1, {-1, 7}, {7, -1});
    ASSERT_TRUE(answers.paths[0].found());
    EXPECT_GT(answers.paths[0].cost, std::hypot(8.0, 8.0) + 1) << "not the straight line";
    expect_all(answers, SearchStatus::Found, answers.paths[0].cost, {3, 3});
}

// clang-format off
// Two thin triangles touch at their tips, 0,0: one points left, one points up. On the wide
// side the free directions span more than a half turn, so a path from X to Y may turn at the
// tips there:
//
//           X
//         0 < = =
//   Y     ^
//         |
// clang-format on
TEST(TouchingObstacles, TouchingTipsStillLetAPathTurnOnTheirWideSide) {
    const std::vector<Obstacle> tips{Obstacle::polygon({{0, 0}, {4, -1}, {4, 1}}),
                                     Obstacle::polygon({{0, 0}, {-1, -4}, {1, -4}})};
    const Point2 x{4, 2.5f}, y{-1.5f, -4};
    expect_all(every_mode(tips, 0, x, y), SearchStatus::Found,
               std::hypot(4.0, 2.5) + std::hypot(1.5, 4.0), {-1000, -1000});
}

}  // namespace
}  // namespace pathkit
