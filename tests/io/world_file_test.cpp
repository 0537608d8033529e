// World files and Tiled maps: the example town loads and runs; bad files name line and element.
#include <gtest/gtest.h>

#include "pathkit/io/tiled.hpp"
#include "pathkit/io/world_file.hpp"
#include "support/grid_rules.hpp"

namespace pathkit {
namespace {

void expect_refused(const std::string& body, const std::string& words) {
    const std::string text = "<world>\n" + body + "\n</world>\n";
    const auto file = parse_world_file(text, "bad.xml", ".");
    ASSERT_FALSE(file.has_value()) << body;
    EXPECT_NE(file.error().message().find(words), std::string::npos) << file.error().message();
}

const std::string two_maps =
    "<map id=\"0\" width=\"4\" height=\"3\" cell_size=\"10\">"
    "<solid x=\"10\" y=\"10\" width=\"10\" height=\"10\"/></map>\n"
    "<map id=\"1\" kind=\"indoor\"><tiles>... .#.</tiles></map>";

TEST(WorldFile, TheExampleTownLoadsAndZeldaKeepsHerAppointment) {
    auto file = load_world_file(std::string(PATHKIT_EXAMPLES) + "/worlds/town.xml");
    ASSERT_TRUE(file.has_value()) << file.error().message();
    EXPECT_EQ(file.value().world.maps().size(), 8u);
    EXPECT_EQ(file.value().clock.ticks_per_minute(), 12);
    EXPECT_EQ(file.value().clock.minutes(), 6 * 60);
    const WorldMap& grassland = *file.value().world.map(MapId(0));
    EXPECT_EQ(grassland.name, "grassland");
    EXPECT_FALSE(grassland.grid.is_walkable({9, 2})) << "house 3 stands there";
    EXPECT_EQ(file.value().world.map(MapId(7))->cell_size, 48) << "from the Tiled map";
    NpcSimulation town(file.value().world, file.value().clock);
    for (NpcSpec& spec : file.value().npcs)
        ASSERT_TRUE(town.add_npc(std::move(spec)).has_value());
    town.run_until(6 * 60 + 30);
    const Npc& zelda = town.npcs()[0];
    ASSERT_FALSE(zelda.events.empty());
    EXPECT_EQ(zelda.events.back().kind, NpcEventKind::Arrive);
    std::vector<MapId> maps{zelda.events.front().where.map};
    for (const NpcEvent& event : zelda.events)
        if (event.kind == NpcEventKind::EnterMap) maps.push_back(event.where.map);
    EXPECT_EQ(maps, (std::vector{MapId(3), MapId(0), MapId(1), MapId(5)}));
}

TEST(WorldFile, EveryDiagonalNameOfTheCommandLineIsAcceptedAndNoOther) {
    for (const auto& [name, policy] : testing::diagonal_names) {
        const std::string text = "<world diagonal=\"" + name + "\">" + two_maps + "</world>";
        const auto file = parse_world_file(text, "names.xml", ".");
        ASSERT_TRUE(file.has_value()) << name << ": " << file.error().message();
        EXPECT_EQ(file.value().world.rules().diagonal, policy) << name;
    }
    const auto file = parse_world_file("<world diagonal=\"sometimes\"/>", "names.xml", ".");
    ASSERT_FALSE(file.has_value());
    EXPECT_NE(file.error().message().find("at-least-one-walkable (or at-least-one)"),
              std::string::npos)
        << file.error().message();
}

TEST(WorldFile, TiledTmxAndTmjFilesMadeForTheTestsLoadToTheSameGrid) {
    const auto xml = load_tiled_map(std::string(PATHKIT_TEST_DATA) + "/tiled/room.tmx");
    const auto json = load_tiled_map(std::string(PATHKIT_TEST_DATA) + "/tiled/room.tmj");
    ASSERT_TRUE(xml.has_value()) << xml.error().message();
    ASSERT_TRUE(json.has_value()) << json.error().message();
    const GridMap& a = xml.value().grid;
    const GridMap& b = json.value().grid;
    ASSERT_EQ(a.width(), 8);
    ASSERT_EQ(a.height(), 7);
    ASSERT_EQ(b.width(), 8);
    ASSERT_EQ(b.height(), 7);
    int solid = 0;
    for (int y = 0; y < 7; ++y) {
        for (int x = 0; x < 8; ++x) {
            EXPECT_EQ(a.is_walkable({x, y}), b.is_walkable({x, y})) << x << "," << y;
            solid += !a.is_walkable({x, y});
        }
    }
    EXPECT_EQ(solid, 24 + 2) << "the wall ring but a two-tile gap, and the table";
    EXPECT_FALSE(a.is_walkable({4, 2}));
    EXPECT_TRUE(a.is_walkable({4, 3})) << "the table's 40 px reach no further";
    EXPECT_TRUE(a.is_walkable({3, 6})) << "the gap in the wall";
    EXPECT_EQ(xml.value().cell_size, 48);
    EXPECT_FALSE(load_tiled_map("nowhere.tmx").has_value());
}

TEST(WorldFile, BadWorldFilesNameTheLineAndTheElement) {
    expect_refused(two_maps + "\n<map width=\"2\" height=\"2\"/>",
                   "bad.xml:4: <map>: missing attribute \"id\"");
    expect_refused(two_maps + "\n<npc name=\"Zelda\" map=\"0\" x=\"0\"/>",
                   "<npc>: missing attribute \"y\"");
    expect_refused(
        "<map id=\"0\" width=\"2\" height=\"2\"><door x=\"0\" y=\"0\" to=\"9\" spawn_x=\"0\" "
        "spawn_y=\"0\"/></map>",
        "bad.xml:2: <door>: spawn point: map 9 does not exist");
    expect_refused(two_maps.substr(0, two_maps.find("</map>")) +
                       "<door x=\"0\" y=\"0\" to=\"1\" spawn_x=\"1\" spawn_y=\"1\"/></map>\n" +
                       two_maps.substr(two_maps.find('\n') + 1),
                   "<door>: spawn point 1,1 is a solid tile of map 1");
    expect_refused(two_maps +
                       "\n<npc name=\"Zelda\" map=\"0\" x=\"0\" y=\"0\">"
                       "<appointment time=\"6:30\" map=\"1\" x=\"0\" y=\"0\"/></npc>",
                   "<appointment>: time must be HH:MM");
    expect_refused(two_maps + "\n<map id=\"0\" width=\"2\" height=\"2\"/>", "map 0 already exists");
    expect_refused(
        "<map id=\"0\" width=\"2\" height=\"2\"><neighbour side=\"up\" map=\"0\"/></map>",
        "<neighbour>: side must be");
    const auto broken = parse_world_file("<world>\n<map id=\"0\">\n</world>", "broken.xml", ".");
    ASSERT_FALSE(broken.has_value());
    EXPECT_NE(broken.error().message().find("broken.xml:3"), std::string::npos)
        << broken.error().message();
}

}  // namespace
}  // namespace pathkit
