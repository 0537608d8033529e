// NavMesh::update: a mesh repaired where obstacles changed answers as a freshly triangulated one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "pathkit/geometry/nav_mesh.hpp"
#include "support/nav_mesh_measures.hpp"

namespace pathkit {
namespace {

using testing::free_area;
using testing::outline_length;

Obstacle rectangle(float x0, float y0, float x1, float y1) {
    return Obstacle::polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
}

NavMesh empty_mesh(float size, float radius = 0) {
    auto made = NavMesh::create({0, 0}, {size, size}, {.buffer_radius = radius});
    EXPECT_TRUE(made.has_value()) << made.error().message();
    return std::move(made).value();
}

// The obstacles a test keeps beside the mesh, by the ids the mesh gave them.
struct Placed {
    ObstacleId id;
    Obstacle shape;
};

NavMesh triangulated_from(const std::vector<Placed>& placed, float size, float radius) {
    NavMesh mesh = empty_mesh(size, radius);
    std::vector<Obstacle> shapes;
    for (const Placed& obstacle : placed)
        shapes.push_back(obstacle.shape);
    EXPECT_TRUE(mesh.add_obstacles(shapes).has_value());
    mesh.triangulate();
    return mesh;
}

// Random boxes and triangles on whole units, so that many touch along edges and at corners,
// overlap, cover the points queried and wall parts of the world off; each step adds, removes
// or moves one. After every repair the mesh must answer as one triangulated from scratch:
// the same free area, the same points inside obstacles, the same status and length between
// random points.
void check_random_edits(unsigned seed, float radius, int edits) {
    constexpr float size = 40;
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> coordinate(0, 38), extent(1, 12), offset(-4, 4), kind(0, 9);
    NavMesh mesh = empty_mesh(size, radius);
    mesh.triangulate();
    std::vector<Placed> placed;
    PlaneQueryContext context;
    int repairs = 0;  // edits that the repair took (not a rebuild)
    for (int edit = 0; edit < edits; ++edit) {
        const int what = placed.empty() ? 0 : kind(random);
        if (what < 4 || placed.size() < 3) {
            const float x = static_cast<float>(coordinate(random)),
                        y = static_cast<float>(coordinate(random));
            const float w = static_cast<float>(extent(random)),
                        h = static_cast<float>(extent(random) / 3 + 1);
            const bool wall = random() % 2 == 0;
            Obstacle shape = random() % 4 == 0 ? Obstacle::polygon({{x, y}, {x + w, y}, {x, y + w}})
                                               : (wall ? rectangle(x, y, x + w, y + h)
                                                       : rectangle(x, y, x + h, y + w));
            const auto ids = mesh.add_obstacles({&shape, 1});
            ASSERT_TRUE(ids.has_value()) << ids.error().message();
            placed.push_back({ids.value().front(), std::move(shape)});
        } else if (what < 7) {
            const std::size_t victim = random() % placed.size();
            ASSERT_TRUE(mesh.remove_obstacles({&placed[victim].id, 1}));
            placed.erase(placed.begin() + static_cast<std::ptrdiff_t>(victim));
        } else {
            Placed& moved = placed[random() % placed.size()];
            const Point2 by{static_cast<float>(offset(random)), static_cast<float>(offset(random))};
            ASSERT_TRUE(mesh.move_obstacle(moved.id, by));
            moved.shape = moved.shape.moved_by(by);
        }
        const std::uint64_t revision = mesh.revision();
        mesh.update();
        ASSERT_EQ(mesh.revision(), revision + 1);
        repairs += mesh.last_change().renumbered ? 0 : 1;
        const NavMesh fresh = triangulated_from(placed, size, radius);
        SCOPED_TRACE("seed " + std::to_string(seed) + ", edit " + std::to_string(edit));
        ASSERT_NEAR(free_area(mesh), free_area(fresh), 1e-3);
        ASSERT_NEAR(outline_length(mesh), outline_length(fresh), 1e-2);
        std::uniform_real_distribution<float> anywhere(0.05f, size - 0.05f);
        for (int query = 0; query < 12; ++query) {
            const Point2 from{anywhere(random), anywhere(random)},
                to{anywhere(random), anywhere(random)};
            ASSERT_EQ(mesh.is_inside_obstacle(from), fresh.is_inside_obstacle(from));
            ASSERT_EQ(mesh.is_segment_free(from, to), fresh.is_segment_free(from, to));
            const PlanePath repaired = mesh.find_path(from, to, context);
            const PlanePath rebuilt = fresh.find_path(from, to);
            ASSERT_EQ(repaired.status, rebuilt.status)
                << to_string(from) << " to " << to_string(to);
            // The regions alone (no search) say the same: none joined that are apart.
            ASSERT_EQ(mesh.are_connected(from, to), rebuilt.status == SearchStatus::Found)
                << to_string(from) << " to " << to_string(to);
            ASSERT_NEAR(repaired.cost, rebuilt.cost, 1e-3f * (1 + rebuilt.cost))
                << to_string(from) << " to " << to_string(to);
            if (query % 4 != 0) continue;
            const PlanePath funnel = mesh.find_path(from, to, context, {}, NavMeshQuery::Funnel);
            ASSERT_EQ(funnel.status, rebuilt.status);
            if (funnel.status == SearchStatus::Found) {
                ASSERT_GE(funnel.cost, rebuilt.cost - 1e-3f * (1 + rebuilt.cost));
            }
        }
    }
    std::printf("%d of %d edits repaired, the others rebuilt\n", repairs, edits);
    EXPECT_GT(repairs, edits / 2);
}

TEST(NavMeshUpdate, AfterEachOfAThousandRandomEditsItAnswersAsAFreshTriangulation) {
    check_random_edits(1, 0, 1000);
}

TEST(NavMeshUpdate, GrownObstaclesWithRoundedCornersRepairAsTheyTriangulate) {
    auto made =
        NavMesh::create({0, 0}, {40, 40}, {.buffer_radius = 0.5f, .corners = CornerStyle::Rounded});
    NavMesh mesh = std::move(made).value();
    mesh.triangulate();
    for (int step = 0; step < 30; ++step) {
        const float x = static_cast<float>(3 + step % 10 * 3), y = static_cast<float>(5 + step);
        ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(x, y, x + 2, y + 2)}).has_value());
        mesh.update();
    }
    NavMesh fresh = std::move(
        NavMesh::create({0, 0}, {40, 40}, {.buffer_radius = 0.5f, .corners = CornerStyle::Rounded})
            .value());
    for (int step = 0; step < 30; ++step) {
        const float x = static_cast<float>(3 + step % 10 * 3), y = static_cast<float>(5 + step);
        ASSERT_TRUE(fresh.add_obstacles(std::vector{rectangle(x, y, x + 2, y + 2)}).has_value());
    }
    fresh.triangulate();
    EXPECT_NEAR(free_area(mesh), free_area(fresh), 1e-3);
}

TEST(NavMeshUpdate, BufferedObstaclesRepairAsTheyTriangulate) {
    check_random_edits(2, 0.5f, 300);
    check_random_edits(3, 0.25f, 600);
}

// A gate: a wall with a gap, and a door that closes the gap and opens again; rocks along the
// top and the bottom.
//
//   +--------------------+
//   | o o o o o o o o o  |
//   |  S                 |
//   |#########DD#########|
//   |                 G  |
//   | o o o o o o o o o  |
//   +--------------------+
TEST(NavMeshUpdate, ADoorThatClosesCutsTheWorldInTwoAndOpeningItJoinsItAgain) {
    NavMesh mesh = empty_mesh(20);
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(0, 9, 9, 11), rectangle(11, 9, 20, 11)})
                    .has_value());
    for (float x = 1; x < 19; x += 2) {
        ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(x, 1, x + 0.5f, 1.5f),
                                                   rectangle(x, 18, x + 0.5f, 18.5f)})
                        .has_value());
    }
    mesh.triangulate();
    const Point2 start{3, 15}, goal{17, 3};
    EXPECT_EQ(mesh.find_path(start, goal).status, SearchStatus::Found);

    const ObstacleId door = mesh.add_obstacles(std::vector{rectangle(9, 9, 11, 11)}).value()[0];
    mesh.update();
    EXPECT_EQ(mesh.find_path(start, goal).status, SearchStatus::NoPath);

    ASSERT_TRUE(mesh.move_obstacle(door, {0, 3}));
    mesh.update();
    const PlanePath open = mesh.find_path(start, goal);
    EXPECT_EQ(open.status, SearchStatus::Found);
    EXPECT_FALSE(mesh.last_change().renumbered);
}

TEST(NavMeshUpdate, OnlyTheTrianglesItNamesAsReplacedHoldSomethingNew) {
    NavMesh mesh = empty_mesh(40);
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(2, 2, 5, 5), rectangle(30, 30, 35, 38),
                                               rectangle(20, 5, 22, 25)})
                    .has_value());
    mesh.triangulate();
    EXPECT_TRUE(mesh.last_change().renumbered);
    const std::vector<MeshTriangle> before = mesh.triangles();
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(8, 30, 10, 32)}).has_value());
    mesh.update();
    const MeshChange& change = mesh.last_change();
    EXPECT_FALSE(change.renumbered);
    EXPECT_FALSE(change.replaced_triangles.empty());
    EXPECT_LT(change.replaced_triangles.size(), before.size());
    const std::vector<MeshTriangle> after = mesh.triangles();
    for (std::uint32_t triangle = 0; triangle < after.size(); ++triangle) {
        if (std::binary_search(change.replaced_triangles.begin(), change.replaced_triangles.end(),
                               triangle))
            continue;
        ASSERT_LT(triangle, before.size());
        EXPECT_EQ(after[triangle], before[triangle]) << "triangle " << triangle;
    }
}

TEST(NavMeshUpdate, PastFourThousandEditsWithoutARepairItRebuildsAndSaysTheChangeWasEverywhere) {
    NavMesh mesh = empty_mesh(40);
    const ObstacleId cart = mesh.add_obstacles(std::vector{rectangle(5, 5, 7, 7)}).value()[0];
    mesh.triangulate();
    for (int step = 0; step < 5000; ++step)
        ASSERT_TRUE(mesh.move_obstacle(cart, {step % 2 == 0 ? 0.5f : -0.5f, 0}));
    mesh.update();
    EXPECT_TRUE(mesh.last_change().everywhere);
    EXPECT_TRUE(mesh.last_change().renumbered);
    EXPECT_NEAR(free_area(mesh), 1600 - 4, 1e-3);
}

TEST(NavMeshUpdate, WithNothingChangedItLeavesTheMeshAsItIs) {
    NavMesh mesh = empty_mesh(20);
    mesh.triangulate();
    const std::uint64_t revision = mesh.revision();
    mesh.update();
    EXPECT_EQ(mesh.revision(), revision);
}

TEST(NavMeshUpdate, OnAMeshNeverTriangulatedItTriangulates) {
    NavMesh mesh = empty_mesh(20);
    ASSERT_TRUE(mesh.add_obstacles(std::vector{rectangle(5, 5, 8, 8)}).has_value());
    mesh.update();
    EXPECT_FALSE(mesh.needs_triangulation());
    EXPECT_NEAR(free_area(mesh), 400 - 9, 1e-3);
    EXPECT_TRUE(mesh.last_change().everywhere);
}

TEST(NavMeshUpdate, AnObstaclePlacedOverAPointMakesItAnInvalidEndUntilItMovesAway) {
    NavMesh mesh = empty_mesh(20);
    mesh.triangulate();
    const Point2 start{6, 6}, goal{15, 15};
    const ObstacleId crate = mesh.add_obstacles(std::vector{rectangle(5, 5, 7, 7)}).value()[0];
    mesh.update();
    EXPECT_TRUE(mesh.is_inside_obstacle(start));
    EXPECT_EQ(mesh.find_path(start, goal).status, SearchStatus::InvalidInput);
    ASSERT_TRUE(mesh.move_obstacle(crate, {-4, -4}));
    mesh.update();
    EXPECT_FALSE(mesh.is_inside_obstacle(start));
    EXPECT_NEAR(mesh.find_path(start, goal).cost, std::hypot(9.0f, 9.0f), 1e-3f);
}

}  // namespace
}  // namespace pathkit
