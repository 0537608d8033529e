// The lifelong tasks file and the random tasks: what is written reads back the same, the draw is
// the same for the same number, and every tile drawn is one its agent can reach.
#include <gtest/gtest.h>

#include <sstream>

#include "pathkit/io/mapf_tasks.hpp"
#include "support/ascii_map.hpp"

namespace pathkit {
namespace {

// clang-format off
const std::vector<std::string> two_rooms = {
    "....#...",
    "....#...",
    "....#...",
};
// clang-format on

TEST(MapfTasks, RandomTasksStayInTheirAgentsRoomAndRepeatForTheSameNumber) {
    const auto drawn = testing::ascii_map(two_rooms);
    const MapfGraph graph(drawn.map);
    const MapfConfiguration starts{graph.vertex_at({0, 0}), graph.vertex_at({7, 2})};
    const auto tasks = random_lifelong_tasks(graph, starts, 200, 5);
    ASSERT_EQ(tasks.size(), 400u);
    for (const LifelongTask& task : tasks) {
        EXPECT_TRUE(drawn.map.is_walkable(task.tile));
        EXPECT_EQ(task.tile.x < 4, task.agent == 0) << to_string(task.tile);
    }
    const auto again = random_lifelong_tasks(graph, starts, 200, 5);
    const auto other = random_lifelong_tasks(graph, starts, 200, 6);
    bool same = true, differs = false;
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        same = same && again[i].tile == tasks[i].tile;
        differs = differs || other[i].tile != tasks[i].tile;
    }
    EXPECT_TRUE(same);
    EXPECT_TRUE(differs);
}

TEST(MapfTasks, ReadBackAsWrittenAndNameTheLineOfABadTask) {
    const auto drawn = testing::ascii_map(two_rooms);
    const std::vector<LifelongTask> tasks{{0, {1, 2}}, {1, {7, 0}}, {0, {3, 0}}};
    std::istringstream text(mapf_tasks_text(2, tasks));
    const auto read = read_mapf_tasks(text, "t.txt", drawn.map);
    ASSERT_TRUE(read) << read.error().message();
    EXPECT_EQ(read.value().agents, 2u);
    ASSERT_EQ(read.value().tasks.size(), 3u);
    EXPECT_EQ(read.value().tasks[2].tile, (Cell{3, 0}));
    EXPECT_EQ(read.value().lines, (std::vector<std::size_t>{4, 5, 6}));
    std::istringstream wall("pathkit-tasks 1\nagents 2\n# comment\ntasks 1\n\n1 4 1\n");
    EXPECT_EQ(read_mapf_tasks(wall, "t.txt", drawn.map).error().message(),
              "t.txt:6: tile 4,1 is blocked");
}

TEST(MapfTasks, FinishedStepsOfAResultReadBackAsWritten) {
    MapfResultFile result;
    add_lifelong_finished(result, {{0, 4, 9}, {}, {12}});
    EXPECT_EQ(result.field("finished_0"), "0,4,9");
    const auto back = lifelong_finished(result, 3, "r.txt");
    ASSERT_TRUE(back);
    EXPECT_EQ(back.value(), (std::vector<std::vector<std::uint64_t>>{{0, 4, 9}, {}, {12}}));
    EXPECT_FALSE(lifelong_finished(result, 2, "r.txt"));  // finished_2: no such agent
}

}  // namespace
}  // namespace pathkit
