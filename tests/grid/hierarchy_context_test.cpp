// A hierarchy's query context: its records reserved before the first query (at a level load),
// and the same answers as a context that grows them as it goes.
#include <gtest/gtest.h>

#include <random>

#include "pathkit/grid/hierarchy.hpp"
#include "support/random_grid.hpp"

namespace pathkit {
namespace {

TEST(HierarchyContext, AReservedContextHoldsEveryRecordBeforeItsFirstQueryAndAnswersTheSame) {
    std::mt19937 random(31);
    const GridMap map = testing::scattered_map(random, 200, 150, 0.2);
    const GridSpace space(map);
    const GridHierarchy hierarchy = GridHierarchy::build(space, {.cluster_side = 16}).value();
    HierarchyContext reserved, growing;
    reserved.reserve(hierarchy);
    // 12 bytes a record: every padded tile and every gate slot.
    const std::size_t records =
        12 * (space.state_count() + hierarchy.cluster_count() * hierarchy.slots());
    EXPECT_GE(reserved.memory_bytes(), records);
    EXPECT_LT(growing.memory_bytes(), records);
    for (int query = 0; query < 20; ++query) {
        const Cell from = testing::random_walkable_cell(map, random);
        const Cell to = testing::random_walkable_cell(map, random);
        for (const HierarchyMode mode : {HierarchyMode::Fast, HierarchyMode::Optimal}) {
            const GridPath a = hierarchy.find_path(from, to, reserved, mode);
            const GridPath b = hierarchy.find_path(from, to, growing, mode);
            EXPECT_EQ(a.status, b.status);
            EXPECT_EQ(a.path, b.path) << to_string(from) << " -> " << to_string(to);
        }
    }
}

}  // namespace
}  // namespace pathkit
