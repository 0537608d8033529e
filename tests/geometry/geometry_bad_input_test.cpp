// Bad input to obstacle graphs: degenerate or crossing polygons, NaN, bad radii, bad points.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "pathkit/geometry/obstacle_graph.hpp"

namespace pathkit {
namespace {

constexpr float nan = std::numeric_limits<float>::quiet_NaN();

void expect_refused(const Obstacle& obstacle, const std::string& words) {
    const Status status = obstacle.validate();
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.message().find(words), std::string::npos) << status.message();
}

TEST(GeometryBadInput, DegenerateAndSelfIntersectingPolygonsAreRefusedWithTheReason) {
    expect_refused(Obstacle::polygon({{0, 0}, {1, 1}}), "distinct points");
    expect_refused(Obstacle::polygon({{0, 0}, {1, 1}, {1, 1}, {0, 0}}), "distinct points");
    expect_refused(Obstacle::polygon({{0, 0}, {1, 1}, {2, 2}}), "zero area");
    // A bow tie: edges (0,0)-(2,2) and (2,0)-(0,2) cross.
    expect_refused(Obstacle::polygon({{0, 0}, {2, 2}, {2, 0}, {0, 2}}), "self-intersecting");
    // A spike that folds back over its own edge.
    expect_refused(Obstacle::polygon({{0, 0}, {4, 0}, {2, 0}, {2, 2}}), "folds back");
    EXPECT_TRUE(Obstacle::polygon({{0, 0}, {2, 0}, {2, 2}}).validate().ok());
    EXPECT_TRUE(Obstacle::polygon({{0, 0}, {0, 2}, {2, 2}, {2, 0}}).validate().ok())
        << "either winding";
}

TEST(GeometryBadInput, NaNOutOfRangeAndNonPositiveRadiiAreRefused) {
    expect_refused(Obstacle::polygon({{0, 0}, {nan, 1}, {1, 0}}), "NaN");
    expect_refused(Obstacle::polygon({{0, 0}, {2e6f, 1}, {1, 0}}), "outside");
    expect_refused(Obstacle::circle({0, 0}, -1), "radius");
    expect_refused(Obstacle::circle({0, 0}, 0), "radius");
    expect_refused(Obstacle::circle({nan, 0}, 1), "NaN");
    EXPECT_FALSE(ObstacleGraph::create({.buffer_radius = -1}).has_value());
    EXPECT_FALSE(ObstacleGraph::create({.buffer_radius = nan}).has_value());
}

TEST(GeometryBadInput, ABadObstacleInABatchAddsNothingAndNamesItsIndex) {
    auto graph = std::move(ObstacleGraph::create({}).value());
    const std::vector obstacles{Obstacle::circle({5, 5}, 1), Obstacle::polygon({{0, 0}, {1, 1}})};
    const auto ids = graph.add_obstacles(obstacles);
    ASSERT_FALSE(ids.has_value());
    EXPECT_NE(ids.error().message().find("obstacle 1"), std::string::npos) << ids.error().message();
    EXPECT_EQ(graph.obstacles().size(), 0u);
    EXPECT_FALSE(graph.remove_obstacles(std::vector{ObstacleId(0)}).ok());
}

TEST(GeometryBadInput, QueriesFromInsideAnObstacleOrWithNaNGetAClearStatus) {
    auto graph = std::move(ObstacleGraph::create({.buffer_radius = 1}).value());
    ASSERT_TRUE(graph.add_obstacles(std::vector{Obstacle::circle({0, 0}, 2)}).has_value());
    const PlanePath inside = graph.find_path({0.5f, 0}, {10, 10});
    EXPECT_EQ(inside.status, SearchStatus::InvalidInput);
    EXPECT_NE(inside.message.find("start"), std::string::npos) << inside.message;
    const PlanePath in_buffer = graph.find_path({10, 10}, {2.5f, 0});
    EXPECT_EQ(in_buffer.status, SearchStatus::InvalidInput);
    EXPECT_NE(in_buffer.message.find("goal"), std::string::npos) << in_buffer.message;
    EXPECT_EQ(graph.find_path({nan, 0}, {10, 10}).status, SearchStatus::InvalidInput);
    EXPECT_EQ(graph.find_path({0, 5e6f}, {10, 10}).status, SearchStatus::InvalidInput);
    EXPECT_FALSE(graph.connect_node_using_obstacles({1, nan}).has_value());
    EXPECT_FALSE(
        graph.connect_node_using_obstacles({9, 9}, {.ignored = {ObstacleId(5)}}).has_value());
}

TEST(GeometryBadInput, AGoalWalledInByObstaclesIsNoPathNotAHang) {
    auto graph = std::move(ObstacleGraph::create({}).value());
    // A ring-shaped wall from four bars around (5, 5).
    const std::vector walls{Obstacle::polygon({{0, 0}, {10, 0}, {10, 1}, {0, 1}}),
                            Obstacle::polygon({{0, 9}, {10, 9}, {10, 10}, {0, 10}}),
                            Obstacle::polygon({{0, 0}, {1, 0}, {1, 10}, {0, 10}}),
                            Obstacle::polygon({{9, 0}, {10, 0}, {10, 10}, {9, 10}})};
    ASSERT_TRUE(graph.add_obstacles(walls).has_value());
    const PlanePath path = graph.find_path({5, 5}, {20, 20});
    EXPECT_EQ(path.status, SearchStatus::NoPath) << path.message;
    EXPECT_TRUE(graph.find_path({5, 5}, {2, 8}).found()) << "inside the wall all is reachable";
}

}  // namespace
}  // namespace pathkit
