// NavMesh optimal queries (Polyanya): exactly as long as the visibility graph's shortest paths.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

NavMesh make_mesh(const std::vector<Obstacle>& obstacles, float radius = 0, float size = 20) {
    NavMesh mesh =
        std::move(NavMesh::create({0, 0}, {size, size}, {.buffer_radius = radius}).value());
    EXPECT_TRUE(mesh.add_obstacles(obstacles).has_value());
    mesh.triangulate();
    return mesh;
}

// A 20 x 20 world with a 4 x 4 block in the middle, grown by 1 to 6 x 6:
//
//   +--------------------+
//   |                    |
//   |       ######       |
//   |  S    ######    G  |
//   |       ######       |
//   |                    |
//   +--------------------+
TEST(Polyanya, ThePathAroundTheBlockTurnsAtTwoGrownCornersOnly) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    const PlanePath path = mesh.find_path({3, 10}, {17, 10});
    ASSERT_TRUE(path.found()) << path.message;
    EXPECT_NEAR(path.cost, 2 * std::hypot(4.0, 3.0) + 6, 1e-4);
    ASSERT_EQ(path.path.size(), 4u);
    EXPECT_EQ(path.path.front(), (Point2{3, 10}));
    EXPECT_EQ(path.path.back(), (Point2{17, 10}));
    EXPECT_NEAR(std::abs(path.path[1].y - 10), 3, 1e-4) << "it turns at a grown corner";
    EXPECT_EQ(path.stats.method, "polyanya");
}

TEST(Polyanya, InOpenGroundThePathIsTheStraightLine) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    const PlanePath path = mesh.find_path({1, 1}, {19, 3});
    ASSERT_TRUE(path.found());
    EXPECT_EQ(path.path.size(), 2u);
    EXPECT_NEAR(path.cost, std::hypot(18.0, 2.0), 1e-4);
}

TEST(Polyanya, AStartOnAGrownCornerAndAGoalOnTheBoundsAreFine) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    const PlanePath path = mesh.find_path({7, 7}, {20, 20});  // a corner of the grown block
    ASSERT_TRUE(path.found()) << path.message;
    EXPECT_NEAR(path.cost, 6 + std::hypot(7.0, 13.0), 1e-3)
        << "along the block's side to 13,7 (or 7,13), then straight to the far corner";
}

// The goal room is walled off:
//
//   +--------+-----------+
//   |  S     #     G     |
//   |        #######     |
//   +--------------------+
TEST(Polyanya, AWalledOffGoalHasNoPathAndBadPointsAreRefused) {
    const NavMesh mesh = make_mesh({rectangle(9, 0, 11, 20), rectangle(0, 9, 20, 11)}, 0);
    EXPECT_EQ(mesh.find_path({2, 2}, {15, 15}).status, SearchStatus::NoPath);
    EXPECT_EQ(mesh.find_path({10, 10}, {15, 15}).status, SearchStatus::InvalidInput);
    EXPECT_EQ(mesh.find_path({NAN, 2}, {15, 15}).status, SearchStatus::InvalidInput);
}

TEST(Polyanya, ABudgetOfOneExpansionRunsOutBeforeAFarGoal) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12)}, 1);
    SearchOptions options;
    options.max_expansions = 1;
    const PlanePath path = mesh.find_path({3, 10}, {17, 10}, thread_plane_query_context(), options);
    EXPECT_EQ(path.status, SearchStatus::BudgetExhausted);
    EXPECT_TRUE(path.path.empty());
}

TEST(Polyanya, FromAnyEdgeOrCornerOfATriangleToItsCentreIsAStraightLine) {
    const NavMesh mesh = make_mesh({rectangle(8, 8, 12, 12), rectangle(2, 14, 6, 18)}, 1);
    for (const MeshTriangle& triangle : mesh.triangles()) {
        const Point2 centre{(triangle[0].x + triangle[1].x + triangle[2].x) / 3,
                            (triangle[0].y + triangle[1].y + triangle[2].y) / 3};
        for (int corner = 0; corner < 3; ++corner) {
            const Point2 a = triangle[corner], b = triangle[(corner + 1) % 3];
            for (const Point2 from : {a, Point2{(a.x + b.x) / 2, (a.y + b.y) / 2}}) {
                const PlanePath path = mesh.find_path(from, centre);
                ASSERT_TRUE(path.found()) << to_string(from) << " -> " << to_string(centre);
                EXPECT_NEAR(path.cost, std::hypot(centre.x - from.x, centre.y - from.y), 1e-3)
                    << to_string(from) << " -> " << to_string(centre) << " via "
                    << path.path.size();
                const PlanePath back = mesh.find_path(centre, from);
                ASSERT_TRUE(back.found());
                EXPECT_NEAR(back.cost, path.cost, 1e-3);
            }
        }
    }
}

// A start near the origin has finer floating-point steps than the corners 240 units away, so
// the ray from it through the corner 154.23,150.77 (an end of the interval it looks through)
// met the triangle's far edge a rounding error short of that corner: the corner stopped being
// an end, the turn there was never made, and the path went round the other side, 1 % longer.
TEST(Polyanya, ARayThroughACornerFromAFarStartStillTurnsThere) {
    const std::vector<Obstacle> obstacles{
        Obstacle::polygon(
            {{267.353f, 114.79f}, {242.088f, 118.708f}, {236.417f, 92.197f}, {255.889f, 85.949f}}),
        Obstacle::polygon({{280.269f, 198.345f},
                           {274.111f, 207.302f},
                           {262.311f, 204.76f},
                           {243.223f, 214.885f},
                           {251.416f, 194.156f},
                           {254.592f, 178.912f},
                           {266.692f, 185.957f},
                           {275.869f, 183.504f}}),
        Obstacle::circle({115.87f, 163.2f}, 14.42f),
        Obstacle::circle({274.41f, 164.23f}, 17.17f),
        Obstacle::circle({252.4f, 240.18f}, 29.81f),
        Obstacle::circle({284.82f, 128.94f}, 26.64f),
        Obstacle::circle({144.24f, 160.76f}, 11.85f)};
    const NavMesh mesh = make_mesh(obstacles, 2, 500);
    ObstacleGraph graph = std::move(ObstacleGraph::create({.buffer_radius = 2}).value());
    ASSERT_TRUE(graph.add_obstacles(obstacles).has_value());
    const Point2 from{18.677503338614343f, 8.340659264974848f};
    const Point2 to{436.9232566052638f, 318.70153347862026f};
    const PlanePath shortest = graph.find_path(from, to);
    ASSERT_TRUE(shortest.found());
    EXPECT_NEAR(shortest.cost, 547.319, 1e-3);
    const PlanePath path = mesh.find_path(from, to);
    ASSERT_TRUE(path.found()) << path.message;
    EXPECT_NEAR(path.cost, shortest.cost, 1e-5 * shortest.cost)
        << "552.541 went round the circles on the right";
}

// A field of small boxes, rows offset, and the goal in a cup open on the far side: the search
// spreads over the field before it finds the way round, generating more interval nodes than the
// first pool of engine records holds, so it runs again with more room. It finds what a search
// with room from the start finds (the same context, asked again): the visibility graph's length.
TEST(Polyanya, ASearchThatOutgrowsItsFirstRecordsRunsAgainAndFindsTheSamePath) {
    std::vector<Obstacle> boxes{rectangle(60, 60, 62, 102), rectangle(98, 60, 100, 102),
                                rectangle(60, 60, 100, 62)};
    for (int column = 0; column < 20; ++column)
        for (int row = 0; row < 20; ++row) {
            const float x = 8.0f * static_cast<float>(column) + 2 + static_cast<float>(row % 3);
            const float y = 8.0f * static_cast<float>(row) + 2;
            if (x + 3 < 58 || x > 102 || y + 3 < 58 || y > 104)
                boxes.push_back(rectangle(x, y, x + 3, y + 3));
        }
    const NavMesh mesh = make_mesh(boxes, 0, 170);
    PlaneQueryContext context;
    const Point2 from{1, 1}, to{80, 80};
    const PlanePath first = mesh.find_path(from, to, context);
    ASSERT_TRUE(first.found()) << first.message;
    EXPECT_GT(first.stats.generated, 4096u) << "more nodes than the first pool holds";
    const PlanePath again = mesh.find_path(from, to, context);
    EXPECT_EQ(again.path, first.path);
    EXPECT_EQ(again.cost, first.cost);
    EXPECT_EQ(again.stats.expanded, first.stats.expanded);
    ObstacleGraph graph = std::move(ObstacleGraph::create().value());
    ASSERT_TRUE(graph.add_obstacles(boxes).has_value());
    const PlanePath shortest = graph.find_path(from, to);
    EXPECT_NEAR(first.cost, shortest.cost, 1e-5 * shortest.cost);
}

// clang-format off
// 30 x 30 boxes on a lattice from 160,160 (one character a box); S at 100,130, G at 436,448.
// The shortest path runs from S to the corner 370,310 and on round 400,340. The interval ends
// on the way are computed points, and a ray from S through one of them ran a rounding error
// beside a corner it meets exactly: that corner was missed as an end, and its turn with it
// (502.258 instead of 480.768).
//
//                 G
//   . . . . # # # .      y 370
//   # . . . . . . #      y 340
//   . . . # . . # .      y 310
//   . . . . . . . .      y 280
//   . . # . . . . .      y 250
//   . . . . . . . #      y 220
//   # . . . . . . .      y 190
//   . . . . . . . #      y 160
// S
// clang-format on
TEST(Polyanya, ARayMeantToRunThroughACornerInARowTurnsThere) {
    std::vector<Obstacle> boxes;
    for (const auto& [x, y] : std::vector<std::pair<float, float>>{{160, 190},
                                                                   {160, 340},
                                                                   {220, 250},
                                                                   {250, 310},
                                                                   {280, 370},
                                                                   {310, 370},
                                                                   {340, 310},
                                                                   {340, 370},
                                                                   {370, 160},
                                                                   {370, 220},
                                                                   {370, 340}})
        boxes.push_back(rectangle(x, y, x + 30, y + 30));
    NavMesh mesh = std::move(NavMesh::create({-100, -100}, {600, 600}).value());
    ASSERT_TRUE(mesh.add_obstacles(boxes).has_value());
    mesh.triangulate();
    const PlanePath path = mesh.find_path({100, 130}, {436, 448});
    ASSERT_TRUE(path.found()) << path.message;
    EXPECT_NEAR(path.cost,
                std::hypot(270.0, 180.0) + std::hypot(30.0, 30.0) + std::hypot(36.0, 108.0), 1e-3);
}

// clang-format off
// Boxes of 30 x 30 on a lattice from 100,100 (one character a box, the top row at y 370),
// touching at corners and along sides. From the lattice's corner 400,280 to 340,100 the path
// once turned at 344.29,112.86, a point inside a triangle's edge (the goal lay just beyond the
// end of an interval that was no corner), and its first leg ran through a corner where two
// boxes touch.
//
//   .#..##.#..
//   .###.#..#.
//   .#..###.##
//   .##.#.##.#
//   .#####....
//   .####.....
//   .#.#####..
//   ....###..#
//   #..#..#...
//   ..#####..#
// clang-format on
TEST(Polyanya, OnALatticeOfTouchingBoxesThePathTurnsAtCornersAndNeverWhereBoxesTouch) {
    const std::vector<std::string> rows{".#..##.#..", ".###.#..#.", ".#..###.##", ".##.#.##.#",
                                        ".#####....", ".####.....", ".#.#####..", "....###..#",
                                        "#..#..#...", "..#####..#"};
    std::vector<Obstacle> boxes;
    for (std::size_t row = 0; row < rows.size(); ++row)
        for (std::size_t column = 0; column < rows[row].size(); ++column)
            if (rows[row][column] == '#') {
                const float x = 100 + 30 * static_cast<float>(column);
                const float y = 370 - 30 * static_cast<float>(row);
                boxes.push_back(rectangle(x, y, x + 30, y + 30));
            }
    NavMesh mesh = std::move(NavMesh::create({-100, -100}, {600, 600}).value());
    ASSERT_TRUE(mesh.add_obstacles(boxes).has_value());
    mesh.triangulate();
    ObstacleGraph graph = std::move(ObstacleGraph::create().value());
    ASSERT_TRUE(graph.add_obstacles(boxes).has_value());
    const Point2 from{400, 280}, to{340, 100};
    const PlanePath shortest = graph.find_path(from, to);
    const PlanePath path = mesh.find_path(from, to);
    ASSERT_TRUE(shortest.found());
    ASSERT_TRUE(path.found()) << path.message;
    EXPECT_NEAR(path.cost, shortest.cost, 1e-5 * shortest.cost);
    for (std::size_t leg = 1; leg < path.path.size(); ++leg)
        EXPECT_TRUE(graph.can_see(path.path[leg - 1], path.path[leg]))
            << "leg " << leg << " from " << to_string(path.path[leg - 1]) << " to "
            << to_string(path.path[leg]) << " passes where boxes touch";
    for (std::size_t turn = 1; turn + 1 < path.path.size(); ++turn)
        EXPECT_TRUE(std::fmod(path.path[turn].x - 100, 30) == 0 &&
                    std::fmod(path.path[turn].y - 100, 30) == 0)
            << "turn " << to_string(path.path[turn]) << " is no corner of the lattice";
}

// The mesh has an edge from the bounds' corner -20,-20 to the triangle's corner 37.15,48.14,
// and the start lies 0.0001 beside it: on the grid the mesh works on (1/1024 unit) it is in
// the triangle on one side, as given it is on the other. Looking through that edge from the
// wrong side, the search mirrored the goal and went round the obstacle (139.76 instead of the
// straight 93.73).
TEST(Polyanya, AStartARoundingStepOutsideItsTriangleLooksOutFromTheGrid) {
    NavMesh mesh = std::move(NavMesh::create({-20, -20}, {120, 120}).value());
    ASSERT_TRUE(mesh.add_obstacles(std::vector{Obstacle::polygon({{37.1467514f, 48.1414108f},
                                                                  {41.302742f, 52.2591438f},
                                                                  {37.1467514f, 52.2591438f}})})
                    .has_value());
    mesh.triangulate();
    const Point2 from{0.284529984f, 4.18715954f}, to{94.0000076f, 2.7535789f};
    const PlanePath path = mesh.find_path(from, to);
    ASSERT_TRUE(path.found()) << path.message;
    EXPECT_EQ(path.path.size(), 2u);
    EXPECT_NEAR(path.cost, std::hypot(to.x - from.x, to.y - from.y), 1e-4);
}

// A random scene of one of four kinds: circles, boxes and concave polygons over 500 units;
// the same on whole units (exactly collinear corners, obstacles touching at corners and along
// sides); small and dense over 100 units; or boxes filling half the cells of a lattice (corners
// in rows, touching everywhere, closed cells; half the queries between its corners), no
// buffer. Buffers from none to a few units,
// corners mitered or (one scene in four) rounded.
struct RandomScene {
    std::vector<Obstacle> obstacles;
    float world = 0;
    float radius = 0;
    CornerStyle corners = CornerStyle::Mitered;
    bool whole_units = false;
    bool lattice = false;  // boxes on a lattice of 30 from 100,100 (kind 3)
};

RandomScene random_scene(std::mt19937& random, int kind) {
    std::uniform_real_distribution<float> unit(0, 1);
    RandomScene scene;
    scene.world = kind == 2 ? 100 : 500;
    scene.whole_units = kind == 1;
    const auto coordinate = [&](float value) {
        return scene.whole_units ? std::round(value) : value;
    };
    if (kind == 3) {  // boxes on a lattice, half the cells: corners touch everywhere
        scene.world = 500;
        scene.whole_units = true;
        scene.lattice = true;
        for (int column = 0; column < 10; ++column)
            for (int row = 0; row < 10; ++row)
                if (random() % 2) {
                    const float x = 100 + 30 * static_cast<float>(column);
                    const float y = 100 + 30 * static_cast<float>(row);
                    scene.obstacles.push_back(rectangle(x, y, x + 30, y + 30));
                }
        return scene;
    }
    const int count = 4 + static_cast<int>(random() % 12);
    while (static_cast<int>(scene.obstacles.size()) < count) {
        const float x = coordinate(scene.world * (0.1f + 0.8f * unit(random)));
        const float y = coordinate(scene.world * (0.1f + 0.8f * unit(random)));
        const float size = scene.world * (0.02f + 0.08f * unit(random));
        const int shape = static_cast<int>(random() % 4);
        if (shape == 0 && !scene.whole_units) {
            scene.obstacles.push_back(Obstacle::circle({x, y}, size));
        } else if (shape <= 1) {
            const float width = coordinate(size), height = coordinate(size * (0.2f + unit(random)));
            if (width >= 1 && height >= 1)
                scene.obstacles.push_back(rectangle(x, y, x + width, y + height));
        } else {  // star-shaped, concave: random radii (shape 2) or spikes (shape 3)
            const int corners = 3 + static_cast<int>(random() % 8);
            const float phase = 6.283f * unit(random);
            std::vector<Point2> points;
            for (int corner = 0; corner < corners; ++corner) {
                const float angle = phase + 6.283f *
                                                (static_cast<float>(corner) + 0.8f * unit(random)) /
                                                static_cast<float>(corners);
                const float reach =
                    size * (shape == 2 ? 0.3f + 0.7f * unit(random) : (corner % 2 ? 0.35f : 1.0f));
                points.push_back({coordinate(x + reach * std::cos(angle)),
                                  coordinate(y + reach * std::sin(angle))});
            }
            Obstacle polygon = Obstacle::polygon(std::move(points));
            if (polygon.validate().ok()) scene.obstacles.push_back(std::move(polygon));
        }
    }
    scene.radius = scene.whole_units ? static_cast<float>(random() % 3)
                                     : scene.world * 0.01f * static_cast<float>(random() % 4);
    scene.corners = random() % 4 == 0 ? CornerStyle::Rounded : CornerStyle::Mitered;
    return scene;
}

// The oracle: the visibility graph's shortest paths, on 2,400 random scenes (kinds above) of 8
// queries each. Half the starts lie near the origin, where floats have finer steps than the
// corners far away (the rounding that once lost a turn). Same status, same length (to 1e-5),
// never longer than the funnel, every turn a corner (once, with a goal a ten-thousandth of a
// radian off the ray through a corner, the path turned at a point inside an edge beyond it,
// rounded into the obstacle), every leg in free space, the cost the path's length.
TEST(Polyanya, OnTwoThousandRandomScenesLengthsEqualTheVisibilityGraphsAndNeverExceedTheFunnels) {
    std::mt19937 random(2017);
    std::uniform_real_distribution<float> unit(0, 1);
    int compared = 0, found = 0;
    for (int index = 0; index < 2400; ++index) {
        const RandomScene scene = random_scene(random, index % 4);
        const float low = -0.2f * scene.world, high = 1.2f * scene.world;
        NavMesh mesh =
            std::move(NavMesh::create({low, low}, {high, high},
                                      {.buffer_radius = scene.radius, .corners = scene.corners})
                          .value());
        ASSERT_TRUE(mesh.add_obstacles(scene.obstacles).has_value());
        mesh.triangulate();
        ObstacleGraph graph = std::move(
            ObstacleGraph::create({.buffer_radius = scene.radius, .corners = scene.corners})
                .value());
        ASSERT_TRUE(graph.add_obstacles(scene.obstacles).has_value());
        for (int query = 0; query < 8; ++query) {
            const float reach = query % 2 ? 0.06f : 1.0f;
            const auto place = [&](float span) {
                const float value = scene.world * span * unit(random);
                return scene.whole_units ? std::round(value) : value;
            };
            Point2 from{place(reach), place(reach)}, to{place(1), place(1)};
            if (scene.lattice && query % 2 == 0) {  // from and to corners of the lattice
                const auto corner = [&] { return 100 + 30 * static_cast<float>(random() % 11); };
                from = {corner(), corner()};
                to = {corner(), corner()};
            }
            if (graph.is_inside_obstacle(from) || graph.is_inside_obstacle(to) ||
                mesh.is_inside_obstacle(from) || mesh.is_inside_obstacle(to))
                continue;
            const std::string where = "scene " + std::to_string(index) + " from " +
                                      to_string(from) + " to " + to_string(to);
            const PlanePath expected = graph.find_path(from, to);
            const PlanePath optimal = mesh.find_path(from, to);
            ++compared;
            ASSERT_EQ(expected.status, optimal.status) << where << ": " << optimal.message;
            if (!expected.found()) continue;
            ++found;
            ASSERT_NEAR(optimal.cost, expected.cost, 1e-5 * std::max(1.0f, expected.cost)) << where;
            const PlanePath funnel =
                mesh.find_path(from, to, thread_plane_query_context(), {}, NavMeshQuery::Funnel);
            ASSERT_TRUE(funnel.found()) << where;
            EXPECT_LE(optimal.cost, funnel.cost * (1 + 1e-5) + 1e-4) << where;
            ASSERT_GE(optimal.path.size(), from == to ? 1u : 2u);
            EXPECT_EQ(optimal.path.front(), from);
            EXPECT_EQ(optimal.path.back(), to);
            for (std::size_t turn = 1; turn + 1 < optimal.path.size(); ++turn) {
                const Point2 at = optimal.path[turn];
                EXPECT_EQ(std::round(at.x * 1024) / 1024, at.x)
                    << where << ": turn " << turn << " is no corner (off the mesh's grid)";
                EXPECT_EQ(std::round(at.y * 1024) / 1024, at.y) << where << ": turn " << turn;
            }
            double length = 0;
            for (std::size_t leg = 1; leg < optimal.path.size(); ++leg) {
                EXPECT_TRUE(graph.can_see(optimal.path[leg - 1], optimal.path[leg]))
                    << where << ": leg " << leg << " enters an obstacle";
                length += std::hypot(optimal.path[leg].x - optimal.path[leg - 1].x,
                                     optimal.path[leg].y - optimal.path[leg - 1].y);
            }
            EXPECT_NEAR(length, optimal.cost, 1e-4 * (1 + length)) << "cost is the path's length";
        }
    }
    EXPECT_GT(compared, 14'000);
    EXPECT_GT(found, 13'000);
}

}  // namespace
}  // namespace pathkit
