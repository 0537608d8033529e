// The readers and writers against hostile input: each refusal is a Status naming the file and
// the place, sizes are checked before anything is allocated, and outputs are all or nothing.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "pathkit/io/crowd_file.hpp"
#include "pathkit/io/graph_file.hpp"
#include "pathkit/io/moving_ai.hpp"
#include "pathkit/io/output_files.hpp"
#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/tiled.hpp"
#include "pathkit/io/viewer.hpp"
#include "pathkit/io/world_file.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::mentions;

/// A fresh folder for one test's files, removed afterwards.
class Folder {
  public:
    Folder() : path_(std::filesystem::temp_directory_path() / ("pathkit-test-" + unique())) {
        std::filesystem::create_directories(path_);
    }
    ~Folder() { std::filesystem::remove_all(path_); }
    [[nodiscard]] std::string file(const std::string& name) const {
        return (path_ / name).string();
    }
    [[nodiscard]] std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(file(name), std::ios::binary) << text;
        return file(name);
    }

  private:
    static std::string unique() {
        static int count = 0;
        return std::to_string(::getpid()) + "-" + std::to_string(++count);
    }
    std::filesystem::path path_;
};

template <class T>
std::string refusal(const Expected<T>& result) {
    EXPECT_FALSE(result.has_value());
    return result.has_value() ? std::string() : result.error().message();
}

TEST(HostileInput, FoldersDevicesAndFifosAreRefusedBeforeTheyAreOpened) {
    const Folder folder;
    EXPECT_TRUE(mentions(refusal(load_scene_file("/dev/zero")), "/dev/zero: cannot read a device"));
    EXPECT_TRUE(mentions(refusal(load_moving_ai_map(folder.file(""))), "cannot read a folder"));
    const std::string fifo = folder.file("pipe.json");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_TRUE(mentions(refusal(load_crowd_scenario(fifo)), "pipe.json: cannot read a FIFO"))
        << "and it did not block waiting for a writer";
    EXPECT_TRUE(mentions(refusal(load_graph_file(folder.file("nowhere.graph"))),
                         "nowhere.graph: cannot open the file"));
}

TEST(HostileInput, AMapHeaderCannotAllocateMoreThanItsFileHolds) {
    std::istringstream huge("type octile\nheight 16384\nwidth 16384\nmap\n");
    EXPECT_TRUE(mentions(refusal(read_moving_ai_map(huge, "huge.map")),
                         "16384 x 16384 = 268435456 tiles, over the limit of 67108864"));
    std::istringstream short_file("type octile\nheight 8000\nwidth 8000\nmap\n....\n");
    EXPECT_EQ(refusal(read_moving_ai_map(short_file, "short.map")),
              "short.map: the header announces 8000 rows of 8000 tiles but only 5 bytes follow it");
    std::istringstream untyped("height 1\nwidth 1\nmap\n.\n");
    EXPECT_TRUE(mentions(refusal(read_moving_ai_map(untyped, "a.map")), "'type octile' line"));
}

TEST(HostileInput, AScenarioNeedsItsVersionLineAndAQuery) {
    std::istringstream empty("");
    EXPECT_TRUE(mentions(refusal(read_moving_ai_scenario(empty, "e.scen")), "the file is empty"));
    std::istringstream version_only("version 1\n");
    EXPECT_EQ(refusal(read_moving_ai_scenario(version_only, "v.scen")),
              "v.scen: the file has no queries");
    std::istringstream headless("0\ta.map\t5\t3\t0\t0\t4\t0\t4\n");
    EXPECT_TRUE(mentions(refusal(read_moving_ai_scenario(headless, "h.scen")),
                         "h.scen:1: the file must start with its 'version 1' line"));
}

TEST(HostileInput, JsonNumbersOutOfRangeDeepNestingAndWrongTypesAreRefusedWithThePlace) {
    EXPECT_TRUE(mentions(
        refusal(parse_scene(R"({"bounds": [[0, 0], [1e400, 1]], "obstacles": []})", "big.json")),
        "big.json: /bounds/1/0: number overflow"));
    const std::string deep = R"({"bounds": [[0, 0], )" + std::string(100000, '[') +
                             std::string(100000, ']') + R"(], "obstacles": []})";
    EXPECT_TRUE(mentions(refusal(parse_scene(deep, "deep.json")),
                         "deep.json:1:83: values nested deeper than 64 levels"));
    EXPECT_EQ(refusal(parse_crowd_scenario(
                  R"({"map": {"rows": [".."]}, "units": [{"id": 1, "at": [0, 0], "state": 5}]})",
                  "s.json", ".")),
              "s.json: /units/0/state: expected a string, got 5");
    EXPECT_EQ(refusal(parse_crowd_scenario(
                  R"({"map": {"rows": [".."]}, "units": [{"id": 4294967297, "at": [0, 0]}]})",
                  "id.json", ".")),
              "id.json: /units/0/id: 4294967297 is outside 0..2147483646");
    const std::string long_array = "[" + std::string(200000, '1').insert(1, ",") + "]";
    const std::string message =
        refusal(parse_scene(R"({"bounds": )" + long_array + R"(, "obstacles": []})", "a.json"));
    EXPECT_LT(message.size(), 200u) << "a bad value is described, not dumped: " << message;
}

TEST(HostileInput, TiledNumbersAreReadWholeAndInRange) {
    EXPECT_TRUE(
        mentions(refusal(parse_tiled_map(
                     R"({"width": 4294967300, "height": 2, "tilewidth": 8, "tileheight": 8})",
                     "w.tmj", TiledFormat::Tmj)),
                 "w.tmj: /width: 4294967300 is outside 1..16384"));
    EXPECT_TRUE(
        mentions(refusal(parse_tiled_map(R"(<map width="2" height="1" tilewidth="8" tileheight="8">
<layer name="solid"><data encoding="csv">1abc,0</data></layer></map>)",
                                         "c.tmx", TiledFormat::Tmx)),
                 "c.tmx:2: <data>: tile 0: \"1abc\" is not a tile number"));
    EXPECT_TRUE(mentions(refusal(parse_tiled_map(R"(<map width="2" height="2" tilewidth="8"
tileheight="8"><layer name="solid"><data encoding="csv">1,0,0</data></layer></map>)",
                                                 "n.tmx", TiledFormat::Tmx)),
                         "a solid layer has 3 tiles, expected 4"));
    // 8192 x 8192 tiles (the largest map) with 200 big objects: rasterized by their extents.
    std::string objects;
    for (int index = 0; index < 200; ++index)
        objects += std::string(index ? "," : "") + R"({"x": )" + std::to_string(index * 600) +
                   R"(, "y": 0, "width": 3000, "height": 3000})";
    const auto big = parse_tiled_map(R"({"width": 8192, "height": 8192, "tilewidth": 16,
        "tileheight": 16, "layers": [{"type": "objectgroup", "name": "solid", "objects": [)" +
                                         objects + "]}]}",
                                     "big.tmj", TiledFormat::Tmj);
    ASSERT_TRUE(big.has_value()) << big.error().message();
    EXPECT_FALSE(big.value().grid.is_walkable({0, 0}));
    EXPECT_TRUE(big.value().grid.is_walkable({0, 8191}));
}

TEST(HostileInput, WorldAttributesAreParsedStrictlyAndHeldToTheirRanges) {
    const auto refused = [](const std::string& text) {
        return refusal(parse_world_file(text, "w.xml", "."));
    };
    EXPECT_EQ(refused(R"(<world><map id="abc" width="2" height="2"/></world>)"),
              "w.xml:1: <map>: id=\"abc\" is not a whole number in 0..2147483646");
    EXPECT_TRUE(mentions(refused(R"(<world ticks_per_minute="2147483647"/>)"),
                         "ticks_per_minute=\"2147483647\" is not a whole number in 1..3600"));
    EXPECT_TRUE(mentions(refused(R"(<world><map id="0" width="2" height="2" cell_size="1e30"/>
</world>)"),
                         "cell_size=\"1e30\" is not a number in 0.001..100000"));
    EXPECT_TRUE(mentions(refused(R"(<world><map id="0" width="2" height="2"><solid x="1"/></map>
</world>)"),
                         "<solid>: missing attribute \"y\""));
    EXPECT_TRUE(mentions(refused(R"(<world><map id="0" width="9000" height="9000"/></world>)"),
                         "9000 x 9000 tiles is over the limit of 67108864"));
}

TEST(HostileInput, TheTownFileKeepsItsEdgePortalSpacing) {
    const auto file = load_world_file(std::string(PATHKIT_EXAMPLES) + "/worlds/town.xml");
    ASSERT_TRUE(file.has_value()) << file.error().message();
    EXPECT_EQ(file.value().world.edge_portal_spacing(), 1) << "the file asks for 1";
}

TEST(HostileInput, GraphFilesBoundTheirNodesAndACostThatOverflowsIsRefused) {
    std::istringstream overflow("edge a -> b 3e38\nedge b -> c 3e38\n");
    const auto graph = read_graph(overflow, "o.graph");
    ASSERT_TRUE(graph.has_value()) << graph.error().message();
    const GraphPath path =
        graph.value().graph.find_path(*graph.value().find("a"), *graph.value().find("c"));
    EXPECT_EQ(path.status, SearchStatus::InvalidInput);
    EXPECT_TRUE(mentions(path.message, "overflows")) << path.message;
    std::istringstream far("node a 1e12 0\n");
    EXPECT_TRUE(mentions(refusal(read_graph(far, "f.graph")), "not a number within"));
}

TEST(HostileInput, AScenePolygonWithTooManyCornersIsRefusedBeforeItIsChecked) {
    std::string points;
    for (int index = 0; index < 10001; ++index)
        points += std::string(index ? "," : "") + "[" + std::to_string(index % 97) + ", " +
                  std::to_string(index % 89) + "]";
    EXPECT_EQ(
        refusal(parse_scene(
            R"({"bounds": [[0, 0], [100, 100]], "obstacles": [{"polygon": [)" + points + "]}]}",
            "p.json")),
        "p.json: /obstacles/0/polygon: has 10001 values, over the limit of 10000");
}

TEST(HostileInput, OutputsAreWrittenAllOrNothing) {
    const Folder folder;
    const std::string input = folder.write("in.json", "{}");
    OutputFiles files;
    files.protect_input(input);
    EXPECT_TRUE(mentions(files.add(input, "x").message(), "would overwrite an input"));
    ASSERT_TRUE(files.add(folder.file("a.svg"), "<svg/>").ok());
    EXPECT_TRUE(mentions(files.add(folder.file("./a.svg"), "again").message(), "two outputs"));
    EXPECT_TRUE(mentions(files.add("/dev/full", "x").message(), "not a regular file"));
    ASSERT_TRUE(files.add(folder.file("no/such/folder/b.png"), "png").ok());
    const Status written = files.commit();
    EXPECT_FALSE(written.ok());
    EXPECT_TRUE(mentions(written.message(), "b.png: cannot write the file"));
    EXPECT_FALSE(std::filesystem::exists(folder.file("a.svg"))) << "nothing is left behind";
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder.file("")),
                            std::filesystem::directory_iterator()),
              1)
        << "only the input; no temporary file either";
    EXPECT_TRUE(write_file_atomically(folder.file("c.txt"), "all").ok());
    std::ifstream back(folder.file("c.txt"));
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(back), {}), "all");
}

TEST(HostileInput, AnOutputThatBecomesAFolderBeforeTheCommitLeavesEveryOtherOutputAsItWas) {
    const Folder folder;
    const std::string earlier = folder.write("earlier.html", "the earlier page");
    OutputFiles files;
    ASSERT_TRUE(files.add(earlier, "the new page").ok());
    ASSERT_TRUE(files.add(folder.file("new.svg"), "<svg/>").ok());
    ASSERT_TRUE(files.add(folder.file("trace.json"), "{}").ok());
    std::filesystem::create_directory(folder.file("trace.json"));  // while the run goes on
    const Status written = files.commit();
    EXPECT_TRUE(mentions(written.message(), "trace.json: cannot write the file (it is a folder)"))
        << written.message();
    std::ifstream back(earlier);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(back), {}), "the earlier page");
    EXPECT_FALSE(std::filesystem::exists(folder.file("new.svg")));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder.file("")),
                            std::filesystem::directory_iterator()),
              2)
        << "the earlier page and the folder; no temporary file";
}

TEST(HostileInput, AnOutputOverAnEarlierFileReplacesItWhole) {
    const Folder folder;
    const std::string earlier = folder.write("page.html", "the earlier page, longer than the new");
    ASSERT_TRUE(write_file_atomically(earlier, "new").ok());
    std::ifstream back(earlier);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(back), {}), "new");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder.file("")),
                            std::filesystem::directory_iterator()),
              1);
}

TEST(HostileInput, PicturesEscapeTheirTextClampTheirSizeAndClipWhatReachesOutside) {
    ViewerPart part;
    part.name = "x<y>&\xff";
    part.width = 0.001f;
    part.height = 1e30f;
    const std::string svg = part_svg(part);
    EXPECT_TRUE(mentions(svg, "<title>x&lt;y&gt;&amp;\xEF\xBF\xBD</title>")) << svg;
    EXPECT_TRUE(mentions(svg, "height=\"100000\"")) << "clamped, not an overflowing cast";
    EXPECT_FALSE(part_png(part, 1).has_value()) << "too big a picture";
    EXPECT_TRUE(mentions(part_png(part, 0).error().message(), "outside 1..64"));
    ViewerPart wide;
    wide.width = wide.height = 50;
    wide.obstacles = {{{-900000, -900000}, {900000, -900000}, {900000, 20}}};
    wide.paths = {{"far", {{-1e9f, -1e9f}, {1e9f, 1e9f}}, "#zzzzzz"}};
    const auto png = part_png(wide, 8);  // would walk billions of pixels unclipped
    ASSERT_TRUE(png.has_value()) << png.error().message();
    EXPECT_EQ(png.value().substr(1, 3), "PNG");
    const std::string page = viewer_html("t", {part});
    EXPECT_TRUE(mentions(page, "\xEF\xBF\xBD")) << "invalid UTF-8 replaced in the page's data";
}

}  // namespace
}  // namespace pathkit
