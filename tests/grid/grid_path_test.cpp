// After the search: compress and expand, line of sight, smoothing, world positions, rasterizing.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/rasterize.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using Picture = std::vector<std::string>;

double straight_line_length(const std::vector<Cell>& path) {
    double length = 0;
    for (std::size_t index = 1; index < path.size(); ++index) {
        length += std::hypot(path[index].x - path[index - 1].x, path[index].y - path[index - 1].y);
    }
    return length;
}

/// Oracle for line of sight: sample the segment densely, nudged a little to each side, and
/// require every sample's tile to be walkable (a nudge makes corner passes touch both tiles).
bool sampled_line_of_sight(const GridMap& map, Cell from, Cell to) {
    const double x0 = from.x + 0.5, y0 = from.y + 0.5, x1 = to.x + 0.5, y1 = to.y + 0.5;
    const int samples = 400 * (1 + std::abs(to.x - from.x) + std::abs(to.y - from.y));
    for (int index = 0; index <= samples; ++index) {
        const double t = static_cast<double>(index) / samples;
        for (const double nudge_x : {-1e-3, 1e-3}) {
            for (const double nudge_y : {-1e-3, 1e-3}) {
                const Cell cell{static_cast<int>(std::floor(x0 + t * (x1 - x0) + nudge_x)),
                                static_cast<int>(std::floor(y0 + t * (y1 - y0) + nudge_y))};
                if (!map.is_walkable(cell)) return false;
            }
        }
    }
    return true;
}

TEST(GridPath, CompressKeepsTheTurnsAndExpandRestoresEveryTile) {
    const auto room = ascii_map({
        "S.....#...",
        "......#.#.",
        "..###...#.",
        "........#G",
    });
    const GridSpace space(room.map);
    const GridPath result = space.find_path(room.find('S'), room.find('G'));
    ASSERT_TRUE(result.found());
    const auto waypoints = compress_path(result.path);
    EXPECT_LT(waypoints.size(), result.path.size());
    EXPECT_EQ(waypoints.front(), result.path.front());
    EXPECT_EQ(waypoints.back(), result.path.back());
    EXPECT_EQ(expand_path(waypoints), result.path);
    EXPECT_NEAR(path_cost(space, waypoints), path_cost(space, result.path), 1e-9);
}

TEST(GridPath, ExpandRefusesWaypointsOffAnyLine) {
    const std::vector<Cell> knight{{0, 0}, {1, 2}};
    EXPECT_TRUE(expand_path(knight).empty());
    EXPECT_EQ(expand_path(std::vector<Cell>{{0, 0}, {3, -3}}),
              (std::vector<Cell>{{0, 0}, {1, -1}, {2, -2}, {3, -3}}));
}

TEST(GridPath, LineOfSightAgreesWithADenseSamplingOracle) {
    std::mt19937 random(8);
    std::uniform_real_distribution<float> unit(0, 1);
    int visible = 0, hidden = 0;
    for (int round = 0; round < 300; ++round) {
        auto map = GridMap::create(12, 9).value();
        for (int y = 0; y < 9; ++y) {
            for (int x = 0; x < 12; ++x) {
                if (unit(random) < 0.2f) (void)map.set_walkable({x, y}, false);
            }
        }
        const GridSpace space(map);
        for (int pair = 0; pair < 20; ++pair) {
            const Cell a{static_cast<int>(unit(random) * 12), static_cast<int>(unit(random) * 9)};
            const Cell b{static_cast<int>(unit(random) * 12), static_cast<int>(unit(random) * 9)};
            const bool expected = sampled_line_of_sight(map, a, b);
            EXPECT_EQ(has_line_of_sight(space, a, b), expected)
                << to_string(a) << " -> " << to_string(b);
            (expected ? visible : hidden)++;
        }
    }
    EXPECT_GT(visible, 500);
    EXPECT_GT(hidden, 500);
}

TEST(GridPath, LineOfSightDoesNotSlipThroughACorner) {
    const auto corner = ascii_map({
        "A#",
        "#B",
    });
    const GridSpace space(corner.map, {.diagonal = DiagonalPolicy::Always});
    EXPECT_FALSE(has_line_of_sight(space, corner.find('A'), corner.find('B')));
}

TEST(GridPath, SmoothingPullsAStaircaseStraightAndNeverThroughWalls) {
    const auto open = ascii_map({
        "S.........",
        "..........",
        "..........",
        ".........G",
    });
    const GridSpace space(open.map, {.diagonal = DiagonalPolicy::Never});
    const GridPath stairs = space.find_path(open.find('S'), open.find('G'));
    EXPECT_EQ(smooth_path(space, stairs.path), (std::vector<Cell>{{0, 0}, {9, 3}}));

    std::mt19937 random(21);
    std::uniform_real_distribution<float> unit(0, 1);
    for (int round = 0; round < 200; ++round) {
        auto map = GridMap::create(16, 12).value();
        for (int y = 0; y < 12; ++y) {
            for (int x = 0; x < 16; ++x) {
                if (unit(random) < 0.25f) (void)map.set_walkable({x, y}, false);
            }
        }
        const GridSpace maze(map);
        const Cell a{static_cast<int>(unit(random) * 16), static_cast<int>(unit(random) * 12)};
        const Cell b{static_cast<int>(unit(random) * 16), static_cast<int>(unit(random) * 12)};
        const GridPath path = maze.find_path(a, b);
        if (!path.found()) continue;
        const auto smoothed = smooth_path(maze, path.path);
        EXPECT_EQ(smoothed.front(), a);
        EXPECT_EQ(smoothed.back(), b);
        EXPECT_LE(straight_line_length(smoothed), straight_line_length(path.path) + 1e-9);
        for (std::size_t index = 1; index < smoothed.size(); ++index) {
            EXPECT_TRUE(sampled_line_of_sight(map, smoothed[index - 1], smoothed[index]));
        }
    }
}

TEST(GridPath, TilesBecomeWorldPositionsAtTheirCentres) {
    const GridFrame frame{48, {-100, 20}};
    EXPECT_EQ(frame.center({2, 3}), (Point2{-100 + 2.5f * 48, 20 + 3.5f * 48}));
    EXPECT_EQ(frame.cell_at({-100 + 2.5f * 48, 20 + 3.5f * 48}), (Cell{2, 3}));
    EXPECT_EQ(frame.cell_at({-101, 19}), (Cell{-1, -1}));
    const std::vector<Cell> path{{0, 0}, {1, 0}};
    EXPECT_EQ(to_world(frame, path), (std::vector<Point2>{{-76, 44}, {-28, 44}}));
}

TEST(Rasterize, ATileIsBlockedWhenASolidRectangleSharesAreaWithIt) {
    // Seed 004: 48 x 48 squares; a house from (100, 50), 96 wide, 48 high; a fence touching
    // the edge of tile column 1 only along x = 48..96.
    const std::vector<Rect> solids{{100, 50, 96, 48}, {48, 0, 48, 48}};
    const auto map = rasterize(480, 240, 48, solids);
    ASSERT_TRUE(map) << map.error().message();
    EXPECT_EQ(map.value().width(), 10);
    EXPECT_EQ(map.value().height(), 5);
    for (int y = 0; y < 5; ++y) {
        for (int x = 0; x < 10; ++x) {
            const Rect tile{x * 48.0f, y * 48.0f, 48, 48};
            const bool solid = solids[0].overlaps(tile) || solids[1].overlaps(tile);
            EXPECT_EQ(map.value().is_walkable({x, y}), !solid) << x << "," << y;
        }
    }
    EXPECT_FALSE(map.value().is_walkable({2, 1}));
    EXPECT_FALSE(map.value().is_walkable({4, 2}));
    EXPECT_TRUE(map.value().is_walkable({0, 0})) << "the fence only touches tile 0";
    EXPECT_TRUE(map.value().is_walkable({2, 0}));
}

TEST(Rasterize, RefusesBadSizesAndRectangles) {
    EXPECT_FALSE(rasterize(480, 240, 0, {}).has_value());
    EXPECT_FALSE(rasterize(480, 240, -48, {}).has_value());
    EXPECT_FALSE(rasterize(480, 240, NAN, {}).has_value());
    EXPECT_FALSE(rasterize(-1, 240, 48, {}).has_value());
    const std::vector<Rect> bad{{0, 0, NAN, 10}};
    const auto map = rasterize(480, 240, 48, bad);
    ASSERT_FALSE(map);
    EXPECT_NE(map.error().message().find("rectangle 0"), std::string::npos);
}

}  // namespace
}  // namespace pathkit
