// The hierarchy's gates and bounds: the gates cut into runs (HierarchyOptions::gate_tiles) against
// the tiles that moves leave each cluster by, and the bounds between the gates of each cluster
// against the tests' own Dijkstra inside the cluster, exactly (every rule, terrain, units of two
// tiles): the build's own search must find the same floats as any Dijkstra.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

// The clusters' gates and bounds are the hierarchy's own data, declared in its source files.
#include "../../src/grid/hierarchy_spaces.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

struct PaddedTile {
    int x;
    int y;
};

/// The padded tiles of gate `gate` of cluster `cluster`: the tiles along its side whose border
/// entry names it.
std::vector<PaddedTile> gate_tiles(const GridHierarchy& hierarchy, std::uint32_t cluster,
                                   std::uint32_t gate) {
    const detail::ClusterLayout& layout = hierarchy.layout();
    const GridHierarchy::Cluster& data = hierarchy.clusters()[cluster];
    const int left = layout.left(cluster), top = layout.top(cluster);
    const int right = left + layout.width_of(cluster) - 1;
    const int bottom = top + layout.height_of(cluster) - 1;
    const int side = data.gates[gate].side;
    std::vector<PaddedTile> tiles;
    for (int along = 0; along < layout.side; ++along) {
        if (data.border[static_cast<std::size_t>(side * layout.side + along)] != gate) continue;
        switch (side) {
            case 0:
                tiles.push_back({right, top + along});
                break;
            case 1:
                tiles.push_back({left + along, bottom});
                break;
            case 2:
                tiles.push_back({left, top + along});
                break;
            default:
                tiles.push_back({left + along, top});
        }
    }
    return tiles;
}

/// The cheapest cost from any tile of gate `from` to any tile of gate `to` by the space's moves
/// inside the cluster: a plain Dijkstra with a binary heap, each step's cost added in order.
Cost reference_bound(const GridHierarchy& hierarchy, std::uint32_t cluster, std::uint32_t from,
                     std::uint32_t to) {
    const GridSpace& space = hierarchy.space();
    const GridMap& map = space.map();
    const detail::ClusterLayout& layout = hierarchy.layout();
    const int left = layout.left(cluster), top = layout.top(cluster);
    const int right = left + layout.width_of(cluster), bottom = top + layout.height_of(cluster);
    const auto inside = [&](std::uint32_t tile) {
        const int y = static_cast<int>(tile) / map.stride();
        const int x = static_cast<int>(tile) % map.stride();
        return x >= left && x < right && y >= top && y < bottom;
    };
    std::vector<Cost> cost(map.padded_size(), infinite_cost);
    std::vector<char> done(map.padded_size(), 0);
    using Entry = std::pair<Cost, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    for (const PaddedTile tile : gate_tiles(hierarchy, cluster, from)) {
        const auto index = static_cast<std::uint32_t>(tile.y * map.stride() + tile.x);
        cost[index] = 0;
        open.push({0, index});
    }
    while (!open.empty()) {
        const auto [g, tile] = open.top();
        open.pop();
        if (done[tile] != 0) continue;
        done[tile] = 1;
        space.for_each_successor(StateId(tile), [&](StateId next, Cost step) {
            if (!inside(next.value) || !(step < infinite_cost)) return;
            if (g + step < cost[next.value]) {
                cost[next.value] = g + step;
                open.push({g + step, next.value});
            }
        });
    }
    Cost best = infinite_cost;
    for (const PaddedTile tile : gate_tiles(hierarchy, cluster, to))
        best = std::min(best, cost[static_cast<std::size_t>(tile.y * map.stride() + tile.x)]);
    return best;
}

GridMap random_map(std::mt19937& random, bool terrain) {
    GridMap map = GridMap::create(45, 38).value();
    std::bernoulli_distribution wall(0.25), swamp(0.3);
    std::uniform_real_distribution<float> multiplier(0.25f, 4);
    for (int y = 0; y < 38; ++y)
        for (int x = 0; x < 45; ++x) {
            if (wall(random)) (void)map.set_walkable({x, y}, false);
            if (terrain && swamp(random)) (void)map.set_terrain_cost({x, y}, multiplier(random));
        }
    return map;
}

TEST(HierarchyBounds, EveryBoundEqualsAPlainDijkstraInsideTheClusterBitForBit) {
    std::mt19937 random(37);
    int finite = 0, unreached = 0;
    for (const bool terrain : {false, true}) {
        for (const DiagonalPolicy diagonal :
             {DiagonalPolicy::Never, DiagonalPolicy::Always, DiagonalPolicy::AtLeastOneWalkable,
              DiagonalPolicy::NoCornerCutting}) {
            for (const int size : {1, 2}) {
                const GridMap map = random_map(random, terrain);
                MovementRules rules;
                rules.diagonal = diagonal;
                rules.agent_size = size;
                // Without terrain the build takes the bound from b to a as the one from a to b:
                // steps of 1 and 1.5 add up to the same float in either order.
                if (!terrain) rules.diagonal_cost = 1.5f;
                const GridSpace space(map, rules);
                // Whole sides, and runs cut into gates of at most 3 tiles.
                for (const auto& [side, cut] :
                     {std::pair{8, 0}, std::pair{16, 0}, std::pair{8, 3}}) {
                    const GridHierarchy hierarchy =
                        GridHierarchy::build(space, {.cluster_side = side, .gate_tiles = cut})
                            .value();
                    for (std::uint32_t cluster = 0; cluster < hierarchy.cluster_count();
                         ++cluster) {
                        const GridHierarchy::Cluster& data = hierarchy.clusters()[cluster];
                        const auto count = static_cast<std::uint32_t>(data.gates.size());
                        for (std::uint32_t from = 0; from < count; ++from)
                            for (std::uint32_t to = 0; to < count; ++to) {
                                const Cost expected = reference_bound(hierarchy, cluster, from, to);
                                ASSERT_EQ(data.bounds[from * count + to], expected)
                                    << "cluster " << cluster << " gates " << from << " -> " << to
                                    << " rule " << to_string(diagonal) << " size " << size
                                    << " side " << side << " gate tiles " << cut
                                    << (terrain ? " terrain" : "");
                                (expected < infinite_cost ? finite : unreached) += from != to;
                            }
                    }
                }
            }
        }
    }
    EXPECT_GT(finite, 1000);
    EXPECT_GT(unreached, 50);  // gates of other pieces of a cluster
}

/// True when a move from padded `tile` of the cluster leaves it through `side` (0 E, 1 S, 2 W,
/// 3 N): east or west when the move's column is outside the cluster, else south or north.
bool leaves_by(const GridHierarchy& hierarchy, std::uint32_t cluster, PaddedTile tile, int side) {
    const GridSpace& space = hierarchy.space();
    const GridMap& map = space.map();
    const detail::ClusterLayout& layout = hierarchy.layout();
    const int left = layout.left(cluster), top = layout.top(cluster);
    const int right = left + layout.width_of(cluster) - 1;
    const int bottom = top + layout.height_of(cluster) - 1;
    bool leaves = false;
    const auto index = static_cast<std::uint32_t>(tile.y * map.stride() + tile.x);
    if (!space.is_valid(StateId(index))) return false;
    space.for_each_successor(StateId(index), [&](StateId next, Cost) {
        const int x = static_cast<int>(next.value) % map.stride();
        const int y = static_cast<int>(next.value) / map.stride();
        const int by = x > right ? 0 : x < left ? 2 : y > bottom ? 1 : y < top ? 3 : -1;
        if (by == side) leaves = true;
    });
    return leaves;
}

// clang-format off
/// Openings of 1 to 8 tiles between clusters of 8, some side by side with only a wall between.
const std::vector<std::string> openings = {
    "........#.......",
    "........#.......",
    "#########.......",
    "........#####.##",
    "........##...#..",
    "#.##.#.#........",
    "........#.......",
    "................",
    "##.#...#........",
    "......##.#.#.###",
    "................",
    "...#............",
    "................",
    "#.#.##..####....",
    "................",
    "........#.......",
};
// clang-format on

TEST(HierarchyGates, RunsCutIntoGatesHoldEveryTileThatLeavesOnceAtMostGateTilesSideBySide) {
    const auto drawn = testing::ascii_map(openings);
    for (const int cut : {1, 2, 3, 5}) {
        const GridSpace space(drawn.map, {});
        const GridHierarchy hierarchy =
            GridHierarchy::build(space, {.cluster_side = 8, .gate_tiles = cut}).value();
        const detail::ClusterLayout& layout = hierarchy.layout();
        for (std::uint32_t cluster = 0; cluster < hierarchy.cluster_count(); ++cluster) {
            const GridHierarchy::Cluster& data = hierarchy.clusters()[cluster];
            std::vector<int> tiles_in(data.gates.size(), 0);
            std::vector<int> first(data.gates.size(), layout.side), last(data.gates.size(), -1);
            for (int side = 0; side < 4; ++side) {
                for (int along = 0; along < layout.side; ++along) {
                    const detail::PaddedCell cell =
                        detail::tile_on_side(layout, cluster, side, along);
                    const std::uint16_t gate =
                        data.border[static_cast<std::size_t>(side * layout.side + along)];
                    const std::string where = "cluster " + std::to_string(cluster) + " side " +
                                              std::to_string(side) + " tile " +
                                              std::to_string(along) + " cut " + std::to_string(cut);
                    ASSERT_EQ(gate != detail::no_gate,
                              leaves_by(hierarchy, cluster, {cell.x, cell.y}, side))
                        << where;
                    if (gate == detail::no_gate) continue;
                    ASSERT_EQ(data.gates[gate].side, side) << where;
                    ++tiles_in[gate];
                    first[gate] = std::min(first[gate], along);
                    last[gate] = std::max(last[gate], along);
                }
            }
            for (std::size_t gate = 0; gate < data.gates.size(); ++gate) {
                EXPECT_LE(tiles_in[gate], cut) << "cluster " << cluster << " gate " << gate;
                // Side by side: no gap inside a gate.
                EXPECT_EQ(last[gate] - first[gate] + 1, tiles_in[gate])
                    << "cluster " << cluster << " gate " << gate;
                // Two gates that touch are one run cut as evenly as can be: together they
                // would hold too many tiles, and neither holds two more than the other.
                for (std::size_t next = 0; next < data.gates.size(); ++next) {
                    if (data.gates[next].side != data.gates[gate].side ||
                        first[next] != last[gate] + 1)
                        continue;
                    EXPECT_GT(tiles_in[gate] + tiles_in[next], cut)
                        << "cluster " << cluster << " gates " << gate << ", " << next;
                    EXPECT_LE(std::abs(tiles_in[gate] - tiles_in[next]), 1)
                        << "cluster " << cluster << " gates " << gate << ", " << next;
                }
            }
        }
    }
}

TEST(HierarchyGates, TheCostBetweenTwoGatesOfAClusterIsDijkstrasFromOneToTheOther) {
    const auto drawn = testing::ascii_map(openings);
    int finite = 0;
    for (const DiagonalPolicy diagonal : {DiagonalPolicy::NoCornerCutting, DiagonalPolicy::Never}) {
        MovementRules rules;
        rules.diagonal = diagonal;
        rules.diagonal_cost = 1.5f;  // the bound back is the bound forth: same floats either way
        const GridSpace space(drawn.map, rules);
        for (const int cut : {1, 3}) {
            const GridHierarchy hierarchy =
                GridHierarchy::build(space, {.cluster_side = 8, .gate_tiles = cut}).value();
            for (std::uint32_t cluster = 0; cluster < hierarchy.cluster_count(); ++cluster) {
                const GridHierarchy::Cluster& data = hierarchy.clusters()[cluster];
                const auto count = static_cast<std::uint32_t>(data.gates.size());
                for (std::uint32_t from = 0; from < count; ++from)
                    for (std::uint32_t to = 0; to < count; ++to) {
                        const Cost expected = reference_bound(hierarchy, cluster, from, to);
                        EXPECT_EQ(data.bounds[from * count + to], expected)
                            << "cluster " << cluster << " gates " << from << " -> " << to
                            << " rule " << to_string(diagonal) << " cut " << cut;
                        finite += from != to && expected < infinite_cost;
                    }
            }
        }
    }
    EXPECT_GT(finite, 200);
}

TEST(HierarchyGates, TheCoarseGraphOfFinerGatesIsTheGraphOfWholeSides) {
    // The corridor plan's coarse graph, derived from the fine gates as least bounds and
    // cheapest crossings, against a hierarchy built with whole sides (gate_tiles 0).
    std::mt19937 random(41);
    int compared = 0;
    for (const bool terrain : {false, true}) {
        for (const DiagonalPolicy diagonal : {DiagonalPolicy::Always, DiagonalPolicy::Never}) {
            const GridMap map = random_map(random, terrain);
            MovementRules rules;
            rules.diagonal = diagonal;
            const GridSpace space(map, rules);
            const GridHierarchy whole =
                GridHierarchy::build(space, {.cluster_side = 8, .gate_tiles = 0}).value();
            const GridHierarchy fine =
                GridHierarchy::build(space, {.cluster_side = 8, .gate_tiles = 3}).value();
            for (std::uint32_t cluster = 0; cluster < whole.cluster_count(); ++cluster) {
                const GridHierarchy::Cluster& expected = whole.clusters()[cluster];
                const GridHierarchy::Cluster& derived = fine.clusters()[cluster];
                ASSERT_EQ(derived.coarse_gates, expected.gates) << "cluster " << cluster;
                ASSERT_EQ(derived.coarse_bounds, expected.bounds) << "cluster " << cluster;
                ASSERT_EQ(derived.coarse_exits.size(), expected.exits.size());
                for (std::size_t i = 0; i < expected.exits.size(); ++i) {
                    const GridHierarchy::Crossing& a = derived.coarse_exits[i];
                    const GridHierarchy::Crossing& b = expected.exits[i];
                    EXPECT_EQ(a.gate, b.gate);
                    EXPECT_EQ(a.other / fine.slots(), b.other / whole.slots());
                    EXPECT_EQ(a.other % fine.slots(), b.other % whole.slots());
                    EXPECT_EQ(a.cost, b.cost);
                }
                for (std::size_t gate = 0; gate < derived.gates.size(); ++gate)
                    EXPECT_EQ(derived.gates[gate].side,
                              derived.coarse_gates[derived.coarse_of[gate]].side);
                compared += static_cast<int>(expected.gates.size());
            }
        }
    }
    EXPECT_GT(compared, 100);
}

TEST(HierarchyPlanMoves,
     EachGateHasItsCrossingsThenItsBoundsPricedAtLeastTheDistanceBetweenMiddles) {
    // The forward plan's moves, read back against the gates, bounds and crossings they come
    // from: a move between gates costs its bound, or the estimate between the gates' middle
    // tiles when that is more.
    std::mt19937 random(43);
    int moves_checked = 0;
    const auto check = [&](const GridHierarchy& hierarchy, std::uint32_t cluster,
                           const std::vector<GridHierarchy::Gate>& gates,
                           const std::vector<Cost>& bounds,
                           const std::vector<GridHierarchy::Crossing>& exits,
                           const detail::PlanMoves& plan, bool coarse) {
        const auto middle = [](const GridHierarchy::Gate& gate) {
            return PaddedTile{(gate.x0 + gate.x1) / 2, (gate.y0 + gate.y1) / 2};
        };
        const auto expect_move = [&](const detail::PlanMoves::Move& move, std::uint32_t to,
                                     PaddedTile from, PaddedTile there, Cost bound) {
            const Cost estimate = hierarchy.space().distance_estimate(std::abs(from.x - there.x),
                                                                      std::abs(from.y - there.y));
            EXPECT_EQ(move.to, to);
            EXPECT_EQ(move.cost, std::max(bound, estimate));
            EXPECT_EQ(move.x, there.x);
            EXPECT_EQ(move.y, there.y);
            ++moves_checked;
        };
        const std::size_t count = gates.size();
        for (std::uint32_t gate = 0; gate < count; ++gate) {
            std::vector<GridHierarchy::Crossing> out;
            for (const GridHierarchy::Crossing& exit : exits)
                if (exit.gate == gate) out.push_back(exit);
            const auto moves = plan.moves(gate);
            ASSERT_EQ(plan.crossings(gate), out.size()) << "cluster " << cluster;
            for (std::size_t i = 0; i < out.size(); ++i) {
                const GridHierarchy::Cluster& other =
                    hierarchy.clusters()[out[i].other / hierarchy.slots()];
                const GridHierarchy::Gate& across =
                    (coarse ? other.coarse_gates : other.gates)[out[i].other % hierarchy.slots()];
                expect_move(moves[i], out[i].other, middle(gates[gate]), middle(across),
                            out[i].cost);
            }
            std::size_t next = out.size();
            for (std::uint32_t other = 0; other < count; ++other) {
                const Cost bound = bounds[gate * count + other];
                if (other == gate || !(bound < infinite_cost)) continue;
                ASSERT_LT(next, moves.size());
                expect_move(moves[next++], cluster * hierarchy.slots() + other, middle(gates[gate]),
                            middle(gates[other]), bound);
            }
            EXPECT_EQ(next, moves.size());
        }
    };
    for (const bool terrain : {false, true}) {
        const GridMap map = random_map(random, terrain);
        const GridSpace space(map, {});
        for (const int gate_tiles : {0, 3}) {
            const GridHierarchy hierarchy =
                GridHierarchy::build(space, {.cluster_side = 8, .gate_tiles = gate_tiles}).value();
            for (std::uint32_t cluster = 0; cluster < hierarchy.cluster_count(); ++cluster) {
                const GridHierarchy::Cluster& data = hierarchy.clusters()[cluster];
                check(hierarchy, cluster, data.gates, data.bounds, data.exits, data.plan, false);
                if (gate_tiles > 0)
                    check(hierarchy, cluster, data.coarse_gates, data.coarse_bounds,
                          data.coarse_exits, data.coarse_plan, true);
            }
        }
    }
    EXPECT_GT(moves_checked, 1000);
}

TEST(HierarchyGates, ANegativeGateTileCountIsRefused) {
    const auto drawn = testing::ascii_map(openings);
    const GridSpace space(drawn.map, {});
    EXPECT_FALSE(GridHierarchy::build(space, {.gate_tiles = -1}));
}

}  // namespace
}  // namespace pathkit
