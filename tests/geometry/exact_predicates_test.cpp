// The exact predicates of the open worlds (src/geometry/exact_predicates.hpp) at the ends of
// the coordinate range, against arithmetic done by hand.
#include <gtest/gtest.h>

#include "geometry/exact_predicates.hpp"

namespace pathkit::geometry {
namespace {

// The largest grid coordinate a grown obstacle reaches: max_world_coordinate plus the largest
// buffer (a quarter of it), 1.25 million units.
constexpr std::int64_t far = 1'250'000 * 1024;

TEST(GeometryPredicates, DirectionsAcrossTheWholeRangeTurnTheWayTheyDo) {
    // From corner to corner of the range: each product (2 far)^2 = 6.6e18 fits 64 bits, their
    // difference 1.3e19 does not.
    const Direction up_right{2 * far, 2 * far}, down_right{2 * far, -2 * far};
    EXPECT_EQ(orientation(up_right, down_right), -1) << "down-right turns right of up-right";
    EXPECT_EQ(orientation(down_right, up_right), 1);
    EXPECT_EQ(orientation(up_right, up_right), 0);
    // One grid step off parallel at full length: 2 far (2 far - 2) is one less than
    // (2 far - 1)^2.
    const Direction along{2 * far, 2 * far - 1}, beside{2 * far - 1, 2 * far - 2};
    EXPECT_EQ(orientation(along, beside), -1);
    EXPECT_EQ(orientation(beside, along), 1);
    EXPECT_EQ(dot(up_right, up_right), 8 * static_cast<Wide>(far) * far);
    EXPECT_TRUE(before_counter_clockwise(up_right, -down_right));
    EXPECT_FALSE(before_counter_clockwise(-down_right, up_right));
}

TEST(GeometryPredicates, ACornerAtTheEdgeOfTheRangeTellsInsideFromOutside) {
    // The top right corner of an obstacle filling the range: up the right side, then left
    // along the top (the obstacle on the left of both).
    const FixedPoint previous{far, -far}, at{far, far}, next{-far, far};
    EXPECT_EQ(orientation(previous, at, next), 1) << "a convex corner";
    EXPECT_TRUE(points_into_obstacle(previous, at, next, {-2 * far, -2 * far}));
    EXPECT_FALSE(points_into_obstacle(previous, at, next, {1, 1}));
    EXPECT_FALSE(points_into_obstacle(previous, at, next, {-2 * far, 0})) << "along the top";
}

TEST(GeometryPredicates, SegmentsTouchAtACornerOnTheOtherAndCrossProperly) {
    const FixedPoint a{-far, -far}, b{far, far}, c{-far, far}, d{far, -far};
    EXPECT_TRUE(segments_touch(a, b, c, d)) << "the diagonals cross at the centre";
    EXPECT_TRUE(segments_touch(a, b, {0, 0}, {far, 0})) << "a corner on the other";
    EXPECT_FALSE(segments_touch(a, {0, -1}, c, {-1, 0}));
    EXPECT_TRUE(on_segment(a, b, {1, 1}));
    EXPECT_FALSE(on_segment(a, b, {1, 2}));
    EXPECT_EQ(side_of(a, b - a, c), 1);
    EXPECT_EQ(side_of(a, b - a, d), -1);
    EXPECT_EQ(side_of(a, b - a, {far / 2, far / 2}), 0);
}

}  // namespace
}  // namespace pathkit::geometry
