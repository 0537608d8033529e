// Formation targets: every unit of a group order gets the tile a plain breadth-first search from
// its formation tile finds first (walkable, reachable from the unit, given to no one before it),
// however many units ask for the same area; by flow field, the same tiles nearest first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <random>
#include <set>

#include "pathkit/crowd/crowd.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

using testing::reachable_tiles;

// The first tile, breadth-first over every tile of the map from `wanted` (neighbours east,
// south, west, north, then the diagonals), that `fits`.
template <class Fits>
std::optional<Cell> first_fitting(const GridMap& map, Cell wanted, Fits fits) {
    std::set<Cell> seen{wanted};
    std::deque<Cell> frontier{wanted};
    while (!frontier.empty()) {
        const Cell here = frontier.front();
        frontier.pop_front();
        if (fits(here)) return here;
        for (const auto& [dx, dy] :
             {std::pair{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}) {
            const Cell next{here.x + dx, here.y + dy};
            if (!map.contains(next) || !seen.insert(next).second) continue;
            frontier.push_back(next);
        }
    }
    return std::nullopt;
}

TEST(CrowdFormation, EveryUnitGetsTheFirstFreeTileOfABreadthFirstSearchFromItsFormationTile) {
    for (unsigned seed = 1; seed <= 12; ++seed) {
        std::mt19937 random(seed);
        GridMap map = GridMap::create(20, 16).value();
        std::bernoulli_distribution wall(0.25);
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 20; ++x)
                if (wall(random)) (void)map.set_walkable({x, y}, false);
        Crowd crowd = std::move(Crowd::create(map).value());
        std::uniform_int_distribution<int> column(0, 19), row(0, 15);
        while (crowd.units().size() < 40)
            (void)crowd.add_unit({column(random), row(random)});
        std::vector<UnitId> group;
        for (std::uint32_t unit = 0; unit < 40; unit += 1 + seed % 2)
            group.push_back(UnitId(unit));
        // Most groups aim at a corner, so their formation lies half off the map and many units
        // compete for the same few tiles.
        const Cell target = seed % 3 == 0 ? Cell{column(random), row(random)} : Cell{19, 15};

        // The expected tiles, in the documented order: the unit nearest the target first, then
        // top to bottom, left to right.
        std::vector<UnitId> order = group;
        std::sort(order.begin(), order.end(), [&](UnitId a, UnitId b) {
            const Cell pa = crowd.unit(a)->at, pb = crowd.unit(b)->at;
            return std::tie(pa.y, pa.x, a) < std::tie(pb.y, pb.x, b);
        });
        int left = INT32_MAX, top = INT32_MAX;
        UnitId leader = order.front();
        double best = INFINITY;
        for (UnitId id : order) {
            const Cell at = crowd.unit(id)->at;
            left = std::min(left, at.x);
            top = std::min(top, at.y);
            if (const double distance = std::hypot(at.x - target.x, at.y - target.y);
                distance < best) {
                best = distance;
                leader = id;
            }
        }
        std::stable_partition(order.begin(), order.end(), [&](UnitId id) { return id == leader; });
        const Cell leader_at = crowd.unit(leader)->at;
        std::set<Cell> given;
        std::vector<std::pair<UnitId, Cell>> expected;  // where each unit is bound
        for (UnitId id : order) {
            const Cell at = crowd.unit(id)->at;
            const Cell wanted{std::clamp(target.x + at.x - leader_at.x, 0, 19),
                              std::clamp(target.y + at.y - leader_at.y, 0, 15)};
            const std::set<Cell> home = reachable_tiles(map, at);
            const auto spot = first_fitting(map, wanted, [&](Cell cell) {
                return map.is_walkable(cell) && home.contains(cell) && !given.contains(cell);
            });
            if (spot) given.insert(*spot);
            expected.push_back({id, spot.value_or(at)});  // none: it stays, unreachable
        }

        // The same units again, for an order by flow field.
        Crowd by_field = std::move(Crowd::create(map).value());
        for (const Unit& unit : crowd.units())
            ASSERT_TRUE(by_field.add_unit(unit.at).has_value());

        std::vector<Cell> starts;
        for (const Unit& unit : crowd.units())
            starts.push_back(unit.at);
        ASSERT_TRUE(crowd.move_group(group, target, GroupPlanning::Searches));
        ASSERT_TRUE(by_field.move_group(group, target, GroupPlanning::FlowField));
        // Orders take effect: each unit is bound for its tile (stashed while it steps aside
        // from a deadlock), or already there.
        ASSERT_TRUE(crowd.step().ok());
        ASSERT_TRUE(by_field.step().ok());
        const auto bound_for = [](const Unit& unit) {
            return unit.stashed_destination.value_or(unit.destination.value_or(unit.at));
        };
        for (const auto& [id, spot] : expected)
            EXPECT_EQ(bound_for(*crowd.unit(id)), spot) << "seed " << seed << ", unit " << id.value;

        // By field, the same tiles are handed out again: the unit nearest the field's goal (the
        // leader's tile) by the cheapest way takes the tile nearest it, and so on out. Units
        // the goal cannot reach keep theirs.
        const std::vector<double> to_goal =
            testing::reference_grid_costs(map, CrowdOptions{}.rules, expected.front().second);
        const auto cost = [&](Cell cell) {
            return to_goal[static_cast<std::size_t>(cell.y * map.width() + cell.x)];
        };
        std::multiset<Cell> tiles_by_search, tiles_by_field;
        for (const auto& [id, spot] : expected) {
            tiles_by_search.insert(spot);
            tiles_by_field.insert(bound_for(*by_field.unit(id)));
            if (!std::isfinite(cost(starts[id.index()])) || !std::isfinite(cost(spot))) {
                EXPECT_EQ(bound_for(*by_field.unit(id)), spot) << "seed " << seed;
            }
        }
        EXPECT_EQ(tiles_by_field, tiles_by_search) << "seed " << seed;
        for (const auto& [a, spot_a] : expected)
            for (const auto& [b, spot_b] : expected) {
                const Cell from_a = starts[a.index()], from_b = starts[b.index()];
                if (!std::isfinite(cost(from_b)) || !std::isfinite(cost(spot_b)) ||
                    !(cost(from_a) < cost(from_b)))
                    continue;
                EXPECT_LE(cost(bound_for(*by_field.unit(a))), cost(bound_for(*by_field.unit(b))))
                    << "seed " << seed << ", units " << a.value << " and " << b.value;
            }
    }
}

}  // namespace
}  // namespace pathkit
