// AgentTree: each agent's nearest neighbours equal a brute-force scan over every other agent
// (nearest first, ties by index), however the agents crowd: on one spot, in tight clusters, on
// a lattice of equal distances, spread out, with some left out, and with a reach that grows
// with each other agent's width.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "agents/agent_tree.hpp"
#include "pathkit/agents/vector2.hpp"

namespace pathkit::agents {
namespace {

// The reference: every other included point within range (plus its width, when widths are
// given), sorted, cut to `limit`.
std::vector<Neighbour> brute_force(std::span<const Point2> positions,
                                   std::span<const std::uint8_t> include, std::uint32_t self,
                                   float range, std::span<const float> widths, std::size_t limit) {
    std::vector<Neighbour> all;
    for (std::uint32_t index = 0; index < positions.size(); ++index) {
        const float distance_squared = length_squared(positions[index] - positions[self]);
        const float reach = widths.empty() ? range : range + widths[index];
        if (index != self && include[index] && distance_squared < reach * reach)
            all.push_back({index, distance_squared});
    }
    std::sort(all.begin(), all.end(), [](const Neighbour& a, const Neighbour& b) {
        return a.distance_squared < b.distance_squared ||
               (a.distance_squared == b.distance_squared && a.agent < b.agent);
    });
    if (all.size() > limit) all.resize(limit);
    return all;
}

// Checks every included point's answer against the reference.
void expect_same_as_brute_force(const std::vector<Point2>& positions,
                                const std::vector<std::uint8_t>& include, float range,
                                std::size_t limit, const std::vector<float>& widths = {}) {
    AgentTree tree;
    tree.rebuild(positions, include);
    std::vector<Neighbour> found;
    const float widest = widths.empty() ? 0 : *std::max_element(widths.begin(), widths.end());
    for (std::uint32_t self = 0; self < positions.size(); ++self) {
        if (!include[self]) continue;
        tree.nearest(positions, self, range, widths, widest, limit, found);
        const std::vector<Neighbour> expected =
            brute_force(positions, include, self, range, widths, limit);
        ASSERT_EQ(found.size(), expected.size()) << "point " << self;
        for (std::size_t at = 0; at < found.size(); ++at) {
            ASSERT_EQ(found[at].agent, expected[at].agent) << "point " << self << ", " << at;
            ASSERT_EQ(found[at].distance_squared, expected[at].distance_squared);
        }
    }
}

TEST(AgentTree, AgentsAllOnOneSpotFindTheLowestOtherIndicesFirst) {
    const std::vector<Point2> positions(500, Point2{7.25f, -3.5f});
    expect_same_as_brute_force(positions, std::vector<std::uint8_t>(positions.size(), 1), 5, 10);
}

TEST(AgentTree, AgentsOnALatticeOfEqualDistancesBreakTiesByIndex) {
    std::vector<Point2> positions;
    for (int row = 0; row < 30; ++row)
        for (int column = 0; column < 30; ++column)
            positions.push_back({static_cast<float>(column) * 2, static_cast<float>(row) * 2});
    std::vector<std::uint8_t> include(positions.size(), 1);
    for (std::size_t limit : {1, 4, 10, 30})
        expect_same_as_brute_force(positions, include, 5, limit);
    expect_same_as_brute_force(positions, include, 1e6f, 10);
}

TEST(AgentTree, RandomCrowdsWithClustersSpotsAndGapsMatchBruteForce) {
    std::mt19937 random(25);
    for (int trial = 0; trial < 60; ++trial) {
        const int count = std::uniform_int_distribution<int>(1, 400)(random);
        const float spread = std::uniform_real_distribution<float>(0.001f, 500)(random);
        std::uniform_real_distribution<float> coordinate(-spread, spread);
        std::vector<Point2> spots;  // a few places many agents stand on exactly
        for (int spot = 0; spot < 4; ++spot)
            spots.push_back({coordinate(random), coordinate(random)});
        std::vector<Point2> positions;
        std::vector<std::uint8_t> include;
        for (int index = 0; index < count; ++index) {
            const int kind = std::uniform_int_distribution<int>(0, 3)(random);
            const Point2 spot = spots[std::uniform_int_distribution<std::size_t>(0, 3)(random)];
            if (kind == 0)
                positions.push_back(spot);
            else if (kind == 1)  // a tight cluster round a spot
                positions.push_back(
                    {spot.x + coordinate(random) * 1e-3f, spot.y + coordinate(random) * 1e-3f});
            else
                positions.push_back({coordinate(random), coordinate(random)});
            include.push_back(std::uniform_int_distribution<int>(0, 9)(random) != 0);
        }
        const float range = std::uniform_real_distribution<float>(0.0001f, 3 * spread)(random);
        const std::size_t limit = std::uniform_int_distribution<std::size_t>(1, 40)(random);
        SCOPED_TRACE("trial " + std::to_string(trial));
        expect_same_as_brute_force(positions, include, range, limit);
    }
}

TEST(AgentTree, ReachGrowingWithEachAgentsWidthMatchesBruteForce) {
    std::mt19937 random(28);
    std::uniform_real_distribution<float> coordinate(0, 60), width(0, 3);
    for (int trial = 0; trial < 30; ++trial) {
        std::vector<Point2> positions;
        std::vector<float> widths;
        for (int index = 0; index < 300; ++index) {
            positions.push_back({coordinate(random), coordinate(random)});
            // A quarter of the agents wide, the rest of one small width, as mixed sizes are.
            widths.push_back(index % 4 == 0 ? width(random) : 0.5f);
        }
        const std::vector<std::uint8_t> include(positions.size(), 1);
        SCOPED_TRACE("trial " + std::to_string(trial));
        for (std::size_t limit : {3, 10, 300})
            expect_same_as_brute_force(positions, include, 4, limit, widths);
    }
}

TEST(AgentTree, NoPointsOrOnlyItselfGivesNoNeighbours) {
    AgentTree tree;
    std::vector<Neighbour> found{{3, 1}};
    const std::vector<Point2> one{{1, 1}};
    tree.rebuild(one, std::vector<std::uint8_t>{1});
    tree.nearest(one, 0, 10, {}, 0, 5, found);
    EXPECT_TRUE(found.empty());
    tree.rebuild(one, std::vector<std::uint8_t>{0});
    tree.nearest(one, 0, 10, {}, 0, 5, found);
    EXPECT_TRUE(found.empty());
}

}  // namespace
}  // namespace pathkit::agents
