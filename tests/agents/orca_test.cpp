// ORCA: half-planes for drawn two-agent cases and the linear programs on drawn constraint sets,
// checked against brute force over fine grids of velocities.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "agents/orca.hpp"

namespace pathkit::agents {
namespace {

// True when moving at relative velocity `velocity` from relative position `position` brings
// the two discs (radii summing to `radius`) closer than `radius` within `horizon` seconds.
bool collides(Vector2 position, Vector2 velocity, float radius, float horizon) {
    const float speed_squared = length_squared(velocity);
    const float t = speed_squared > 0
                        ? std::clamp(dot(position, velocity) / speed_squared, 0.0f, horizon)
                        : 0.0f;
    return length(velocity * t - position) < radius;
}

// The smallest change of the relative velocity that leaves the truncated velocity obstacle,
// searched over a grid of `step` units per second.
Vector2 smallest_way_out(Vector2 position, Vector2 velocity, float radius, float horizon,
                         float step) {
    Vector2 best;
    float best_size = INFINITY;
    for (float x = -4; x <= 4; x += step) {
        for (float y = -4; y <= 4; y += step) {
            const Vector2 candidate{x, y};
            if (collides(position, candidate, radius, horizon)) continue;
            const float size = length(candidate - velocity);
            if (size < best_size) best_size = size, best = candidate - velocity;
        }
    }
    return best;
}

struct TwoAgents {
    const char* name;
    Point2 a, b;
    Vector2 velocity_a, velocity_b;
};

//   head on:       A ->      <- B
//   offset:        A ->
//                            <- B   (0.8 below)
//   crossing:      A ->   ^ B
//   overtaking:    A -->  B ->
const TwoAgents cases[] = {
    {"head on", {0, 0}, {4, 0}, {1, 0}, {-1, 0}},
    {"offset", {0, 0}, {4, -0.8f}, {1, 0}, {-1, 0}},
    {"crossing", {0, 0}, {2, -2}, {1, 0}, {0, 1}},
    {"overtaking", {0, 0}, {3, 0.3f}, {2, 0}, {0.5f, 0}},
};

TEST(Orca, TheHalfPlaneSitsHalfWayAlongTheSmallestWayOutOfTheVelocityObstacle) {
    const float radius = 1, horizon = 2;
    for (const TwoAgents& drawn : cases) {
        const Vector2 position = drawn.b - drawn.a;
        const Vector2 relative = drawn.velocity_a - drawn.velocity_b;
        ASSERT_TRUE(collides(position, relative, radius, horizon)) << drawn.name;
        const HalfPlane plane =
            agent_half_plane(drawn.velocity_a, position, relative, radius, horizon, 0.1f);
        const Vector2 expected = smallest_way_out(position, relative, radius, horizon, 0.01f);
        const Vector2 change = (plane.point - drawn.velocity_a) * 2;
        // As short as the shortest way out (head on has two, mirrored), and a way out.
        EXPECT_NEAR(length(change), length(expected), 0.02f) << drawn.name;
        EXPECT_FALSE(collides(position, relative + change * 1.01f, radius - 1e-3f, horizon))
            << drawn.name;
        EXPECT_NEAR(length(plane.direction), 1, 1e-5f) << drawn.name;
        EXPECT_NEAR(dot(plane.direction, change), 0, 1e-4f) << drawn.name;
        EXPECT_FALSE(allows(plane, drawn.velocity_a, 1e-4f)) << drawn.name << ": on collision";
        // The allowed side is the side the way out points to.
        EXPECT_GT(cross(plane.direction, change), 0) << drawn.name;
    }
}

TEST(Orca, TwoAgentsKeepingToTheirHalfPlanesNeverCollideWithinTheHorizon) {
    const float radius = 1, horizon = 2;
    for (const TwoAgents& drawn : cases) {
        const Vector2 position = drawn.b - drawn.a;
        const HalfPlane for_a = agent_half_plane(
            drawn.velocity_a, position, drawn.velocity_a - drawn.velocity_b, radius, horizon, 0.1f);
        const HalfPlane for_b =
            agent_half_plane(drawn.velocity_b, -position, drawn.velocity_b - drawn.velocity_a,
                             radius, horizon, 0.1f);
        int pairs = 0;
        for (float ax = -3; ax <= 3; ax += 0.25f) {
            for (float ay = -3; ay <= 3; ay += 0.25f) {
                if (!allows(for_a, {ax, ay})) continue;
                for (float bx = -3; bx <= 3; bx += 0.25f) {
                    for (float by = -3; by <= 3; by += 0.25f) {
                        if (!allows(for_b, {bx, by})) continue;
                        ++pairs;
                        const Vector2 relative = Vector2{ax, ay} - Vector2{bx, by};
                        ASSERT_FALSE(collides(position, relative, radius - 1e-3f, horizon))
                            << drawn.name << " A " << ax << "," << ay << " B " << bx << "," << by;
                    }
                }
            }
        }
        EXPECT_GT(pairs, 1000) << drawn.name;
    }
}

TEST(Orca, OverlappingAgentsAreToldToPartWithinOneStep) {
    const HalfPlane plane = agent_half_plane({0, 0}, {0.5f, 0}, {0, 0}, 1, 2, 0.1f);
    // Standing still is not allowed; moving away at half the overlap per step is.
    EXPECT_FALSE(allows(plane, {0, 0}));
    EXPECT_TRUE(allows(plane, {-2.5f, 0}, 1e-4f));
}

TEST(Orca, AnObstacleEdgeLetsTheAgentSlideAlongAndStandButNotCloseIn) {
    // The edge is 1 unit below the agent; with clearance 0.2 and horizon 0.5 the agent may
    // approach at (1 - 0.2) / 0.5 = 1.6 units per second at most.
    const HalfPlane plane = obstacle_half_plane({0, -1}, 1, 0.2f, 0.5f);
    EXPECT_TRUE(allows(plane, {0, 0}));
    EXPECT_TRUE(allows(plane, {5, 0}));
    EXPECT_TRUE(allows(plane, {0, -1.6f}, 1e-5f));
    EXPECT_FALSE(allows(plane, {0, -1.7f}));
    const HalfPlane touching = obstacle_half_plane({1, 0}, 0.1f, 0.2f, 0.5f);
    EXPECT_TRUE(allows(touching, {0, 3}));
    EXPECT_FALSE(allows(touching, {0.01f, 0}));
}

// Random half-planes with a point near the origin and a random direction.
std::vector<HalfPlane> random_planes(std::mt19937& random, int count) {
    std::uniform_real_distribution<float> offset(-1.5f, 1.5f), angle(0, 6.2831853f);
    std::vector<HalfPlane> planes;
    for (int index = 0; index < count; ++index) {
        const float turn = angle(random);
        planes.push_back({{offset(random), offset(random)}, {std::cos(turn), std::sin(turn)}});
    }
    return planes;
}

float worst_violation(std::span<const HalfPlane> planes, Vector2 velocity) {
    float worst = -INFINITY;
    for (const HalfPlane& plane : planes)
        worst = std::max(worst, -cross(plane.direction, velocity - plane.point));
    return worst;
}

TEST(Orca, TheTwoDimensionalProgramFindsTheClosestAllowedVelocityOrReportsNoneExists) {
    std::mt19937 random(11);
    std::uniform_real_distribution<float> preferred_part(-3, 3);
    const float max_speed = 2, step = 0.01f;
    int feasible = 0, infeasible = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const std::vector<HalfPlane> planes = random_planes(random, 1 + trial % 6);
        const Vector2 preferred{preferred_part(random), preferred_part(random)};
        Vector2 result;
        const std::size_t met = linear_program_2d(planes, max_speed, preferred, false, result);
        // Brute force over the speed disc.
        float best = INFINITY;
        for (float x = -max_speed; x <= max_speed; x += step) {
            for (float y = -max_speed; y <= max_speed; y += step) {
                const Vector2 velocity{x, y};
                if (length(velocity) > max_speed) continue;
                if (met == planes.size() && worst_violation(planes, velocity) <= -1e-3f)
                    best = std::min(best, length(velocity - preferred));
                if (met < planes.size()) {
                    ASSERT_GT(worst_violation(std::span(planes).first(met + 1), velocity), -1e-3f)
                        << "trial " << trial << ": the program gave up on a feasible set";
                }
            }
        }
        if (met < planes.size()) {
            ++infeasible;
            continue;
        }
        ++feasible;
        EXPECT_LE(worst_violation(planes, result), 1e-3f) << "trial " << trial;
        EXPECT_LE(length(result), max_speed + 1e-3f) << "trial " << trial;
        EXPECT_LE(length(result - preferred), best + 1e-3f) << "trial " << trial;
    }
    EXPECT_GT(feasible, 20);
    EXPECT_GT(infeasible, 3);
}

TEST(Orca, TheThreeDimensionalProgramViolatesTheSoftPlanesLeastAndKeepsTheHardOnes) {
    std::mt19937 random(5);
    const float max_speed = 2, step = 0.01f;
    std::vector<HalfPlane> scratch;
    int checked = 0;
    for (int trial = 0; trial < 200 && checked < 25; ++trial) {
        // One hard plane that standing still meets (as obstacle planes always do), then soft
        // planes that pen the velocity in from all sides.
        std::vector<HalfPlane> planes = {obstacle_half_plane({0, -1}, 0.5f, 0.1f, 0.5f)};
        for (const HalfPlane& plane : random_planes(random, 5))
            planes.push_back(plane);
        Vector2 result;
        if (!choose_velocity(planes, 1, max_speed, {1, 1}, result, scratch)) continue;
        ++checked;
        const std::span<const HalfPlane> soft = std::span(planes).subspan(1);
        float best = INFINITY;
        for (float x = -max_speed; x <= max_speed; x += step)
            for (float y = -max_speed; y <= max_speed; y += step)
                if (length(Vector2{x, y}) <= max_speed && allows(planes[0], {x, y}))
                    best = std::min(best, worst_violation(soft, {x, y}));
        EXPECT_TRUE(allows(planes[0], result, 1e-3f)) << "trial " << trial;
        EXPECT_LE(length(result), max_speed + 1e-3f) << "trial " << trial;
        EXPECT_LE(worst_violation(soft, result), best + 2e-2f) << "trial " << trial;
    }
    EXPECT_GE(checked, 10);
}

}  // namespace
}  // namespace pathkit::agents
