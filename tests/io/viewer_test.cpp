// The viewer page and pictures: data goes in whole and safely, pictures come out.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "pathkit/io/viewer_parts.hpp"
#include "support/ascii_map.hpp"
#include "world/world_builders.hpp"

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#include <stb/stb_image.h>

namespace pathkit {
namespace {

ViewerPart small_part() {
    const auto drawn = testing::ascii_map({
        "....",
        ".#~.",
        "....",
    });
    ViewerPart part = grid_part("a </script> name", "summary", drawn.map,
                                {{0, 0}, {1, 0}, {2, 0}, {3, 1}}, nullptr);
    part.unit_labels = {"a", "b"};
    const float hidden = std::numeric_limits<float>::quiet_NaN();
    part.frames = {{{0.5f, 0.5f}, {3.5f, 2.5f}}, {{1.5f, 0.5f}, {hidden, hidden}}};
    part.frame_labels = {"start", "tick 0"};
    return part;
}

/// The data a viewer page carries (its JSON script element), parsed.
nlohmann::json page_data(const std::string& page) {
    const std::string open = "<script type=\"application/json\" id=\"pathkit-data\">";
    const std::size_t start = page.find(open) + open.size();
    return nlohmann::json::parse(page.substr(start, page.find("</script>", start) - start));
}

/// A part's PNG picture at `pixels` a unit, decoded: width, height and RGB bytes.
struct Decoded {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    [[nodiscard]] const unsigned char* at(int x, int y) const {
        return rgb.data() + (static_cast<std::size_t>(y) * width + x) * 3;
    }
};
Decoded decoded_png(const ViewerPart& part, int pixels) {
    Decoded made;
    auto encoded = part_png(part, pixels);
    if (!encoded) return made;
    const std::string png = std::move(encoded).value();
    int channels = 0;
    unsigned char* bytes = stbi_load_from_memory(reinterpret_cast<const unsigned char*>(png.data()),
                                                 static_cast<int>(png.size()), &made.width,
                                                 &made.height, &channels, 3);
    if (bytes == nullptr) return made;
    made.rgb.assign(bytes, bytes + static_cast<std::size_t>(made.width) * made.height * 3);
    stbi_image_free(bytes);
    return made;
}

TEST(Viewer, ThePageCarriesEveryPartAsDataThatCannotCloseItsScript) {
    const std::string page = viewer_html("demo & <test>", {small_part()});
    EXPECT_NE(page.find("<title>demo &amp; &lt;test&gt;</title>"), std::string::npos);
    EXPECT_EQ(page.find("a </script> name"), std::string::npos) << "escaped as <\\/script>";
    const auto data = page_data(page);
    ASSERT_EQ(data["parts"].size(), 1u);
    const auto& part = data["parts"][0];
    EXPECT_EQ(part["name"], "a </script> name");
    EXPECT_EQ(part["tiles"][1], ".#~.");
    EXPECT_EQ(part["paths"][0]["points"].size(), 4u);
    EXPECT_TRUE(part["frames"][1][1][0].is_null()) << "hidden units come out as null";
    EXPECT_EQ(page.find("http"), page.find("http://www.w3.org")) << "no network addresses";
}

bool contains(const std::string& text, const std::string& wanted) {
    return text.find(wanted) != std::string::npos;
}

TEST(Viewer, TheLegendNamesWhatThePictureShowsAndNothingElse) {
    const std::string svg = part_svg(small_part());
    for (const char* shown : {"wall", "floor", "dearer terrain", "units (rings"})
        EXPECT_TRUE(contains(svg, shown)) << shown;
    for (const char* absent : {"danger", "obstacle", "visibility graph", "start", "goal"})
        EXPECT_FALSE(contains(svg, absent)) << absent;
}

TEST(Viewer, AFailedQueryKeepsItsStartAndCrossesOutItsGoalWithTheReason) {
    ViewerPart part = small_part();
    mark_query(part, {0.5f, 0.5f}, {3.5f, 2.5f}, "no path: the goal is walled in");
    ASSERT_EQ(part.markers.size(), 2u);
    EXPECT_EQ(part.markers[0].kind, MarkerKind::Start);
    EXPECT_EQ(part.markers[1].kind, MarkerKind::Failed);
    EXPECT_EQ(part.markers[1].at.x, 3.5f);
    const std::string svg = part_svg(part);
    EXPECT_TRUE(contains(svg, "no path: the goal is walled in"));
    EXPECT_TRUE(contains(svg, "goal not reached"));
    EXPECT_TRUE(contains(svg, "start"));
}

TEST(Viewer, StillPicturesPickTheirFrameByNameTickOrTime) {
    ViewerPart part = small_part();
    part.frames.push_back(part.frames.back());
    part.frame_labels = {"start", "tick 0", "06:30"};
    EXPECT_EQ(frame_named(part, "first"), 0u);
    EXPECT_EQ(frame_named(part, "last"), 2u);
    EXPECT_EQ(frame_named(part, "0"), 1u) << "a number is the frame labelled tick N";
    EXPECT_EQ(frame_named(part, "06:30"), 2u);
    EXPECT_EQ(frame_named(part, "tick 7"), std::nullopt);
    EXPECT_EQ(frame_named(part, "soon"), std::nullopt);
    // Unit a sits at (0.5, 0.5) in the first frame and (1.5, 0.5) later: the first frame
    // draws it at x = 0.5 tiles and the last at 1.5, each with its trail so far.
    EXPECT_NE(part_svg(part, {.frame = 0}), part_svg(part, {.frame = 2}));
    EXPECT_EQ(part_svg(part, {.frame = 2}), part_svg(part)) << "the last frame by default";
}

// Round agents (pathkit agents): each disc at its own radius, a line to where its velocity
// takes it in a second, and frames named by step.
TEST(Viewer, RoundAgentsAreDrawnAtTheirSizeWithTheirVelocities) {
    ViewerPart part = small_part();
    const float hidden = std::numeric_limits<float>::quiet_NaN();
    part.frame_labels = {"step 0", "step 3"};
    part.unit_radii = {0.75f, 1.25f};
    part.velocities = {{{2, 0}, {0, 0}}, {{0, 1}, {hidden, hidden}}};
    EXPECT_EQ(frame_named(part, "3"), 1u) << "a number is also the frame labelled step N";
    const std::string svg = part_svg(part);
    EXPECT_NE(svg.find("cx=\"1.5\" cy=\"0.5\" r=\"0.75\""), std::string::npos) << svg;
    EXPECT_NE(svg.find("1.5,0.5 1.5,1.5"), std::string::npos) << "a's velocity (0, 1)";
    EXPECT_NE(svg.find("agents at their size"), std::string::npos) << "in the legend";
    ViewerPart dots = small_part();
    EXPECT_EQ(part_svg(dots).find("r=\"0.75\""), std::string::npos) << "the test can fail";
    EXPECT_EQ(part_svg(dots).find("1.5,0.5 1.5,1.5"), std::string::npos);
}

TEST(Viewer, ObstaclesAppearMoveAndVanishFromTheFrameTheirSetBegins) {
    ViewerPart part = small_part();
    part.frames.push_back(part.frames.back());
    part.frame_labels = {"step 0", "step 1", "step 2"};
    const std::vector<Point2> gate{{1, 1}, {2, 1}, {2, 2}}, moved{{1, 2}, {2, 2}, {2, 3}};
    part.obstacle_sets = {{.first_frame = 1, .obstacles = {gate}, .buffers = {gate}},
                          {.first_frame = 2, .obstacles = {moved}, .buffers = {}}};
    const auto shown = [&](std::size_t frame) { return part_svg(part, {.frame = frame}); };
    // A part of tiles draws y downwards: the point (1, 1) is drawn at 1,1.
    EXPECT_FALSE(contains(shown(0), "<polygon points=\"1,1 2,1 2,2")) << "not there yet";
    EXPECT_TRUE(contains(shown(1), "<polygon points=\"1,1 2,1 2,2"));
    EXPECT_TRUE(contains(shown(1), "fill-rule=\"evenodd\" d=\"M1,1")) << "with its buffer";
    EXPECT_FALSE(contains(shown(2), "<polygon points=\"1,1 2,1 2,2")) << "moved away";
    EXPECT_TRUE(contains(shown(2), "<polygon points=\"1,2 2,2 2,3"));
    EXPECT_TRUE(contains(shown(2), "obstacle (appearing, moving and vanishing)")) << "legend";
    EXPECT_TRUE(part_png(part, 8, {.frame = 1}).has_value());

    const std::string page = viewer_html("sets", {part});
    const auto data = page_data(page);
    const auto& sets = data["parts"][0]["obstacle_sets"];
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[1]["first_frame"], 2);
    EXPECT_EQ(sets[1]["obstacles"][0][2], nlohmann::json::array({2, 3}));
}

TEST(Viewer, ATrailBreaksWhereAnNpcGoesThroughADoorInsteadOfCrossingThePicture) {
    const World world = testing::town();
    // Outside on grassland (map 0) for two frames, then inside house 2.
    const auto npc_at = [](int map, float x, float y) {
        return NpcPlace{testing::map_id(map), {x * 48, y * 48}, std::nullopt, {}};
    };
    const std::vector<NpcSnapshot> snapshots{{"06:00", {npc_at(0, 1.5f, 3.5f)}},
                                             {"06:01", {npc_at(0, 2.5f, 3.5f)}},
                                             {"06:02", {npc_at(2, 2.5f, 2.5f)}}};
    const ViewerPart part = world_part("town", "", world, {"Zelda"}, snapshots);
    ASSERT_EQ(part.trail_breaks.size(), 3u);
    EXPECT_FALSE(part.trail_breaks[1][0]);
    EXPECT_TRUE(part.trail_breaks[2][0]);
    // The trail's two steps on grassland are drawn; no line joins them to the house below
    // (drawn without the break, the trail would run 2.5,5.5 -> 2.5,13.5 across the picture).
    const std::string crossing = "2.5,5.5 2.5,13.5";
    EXPECT_NE(part_svg(part).find("1.5,5.5 2.5,5.5"), std::string::npos);
    EXPECT_EQ(part_svg(part).find(crossing), std::string::npos);
    ViewerPart unbroken = part;
    unbroken.trail_breaks.clear();
    EXPECT_NE(part_svg(unbroken).find(crossing), std::string::npos) << "the test can fail";
}

TEST(Viewer, LinksAreArcsWithAnArrowOnlyWhenOneWayAndAreasAreTintedByType) {
    ViewerPart part;
    part.width = 20;
    part.height = 10;
    part.y_up = true;
    part.links = {{{2, 2}, {2, 8}, true}, {{10, 8}, {10, 2}, false}};
    part.areas = {{{{12, 0}, {20, 0}, {20, 10}, {12, 10}}, 1, "water (swimming costs 3x)"}};
    const std::string page = viewer_html("links", {part});
    const auto data = page_data(page);
    const auto& links = data["parts"][0]["links"];
    ASSERT_EQ(links.size(), 2u);
    EXPECT_TRUE(links[0]["arrow"].empty()) << "a ladder goes both ways";
    ASSERT_EQ(links[1]["arrow"].size(), 3u) << "a ledge is jumped down only";
    EXPECT_EQ(links[1]["arrow"][1], nlohmann::json({10, 2})) << "the arrow's tip is the link's end";
    const auto& arc = links[0]["arc"];
    EXPECT_EQ(arc.front(), nlohmann::json({2, 2}));
    EXPECT_EQ(arc.back(), nlohmann::json({2, 8}));
    EXPECT_LT(arc[arc.size() / 2][0].get<float>(), 2.f) << "the arc bulges to the left going up";
    const std::string svg = part_svg(part);
    EXPECT_TRUE(contains(svg, "water (swimming costs 3x)"));
    EXPECT_TRUE(contains(svg, "arrow: one way only"));
    // The PNG: the water's middle is tinted, the ground left of it is not.
    const Decoded png = decoded_png(part, 10);
    ASSERT_FALSE(png.rgb.empty());
    EXPECT_EQ(png.at(160, 50)[2], 255) << "the first area colour is light blue";
    EXPECT_NE(png.at(60, 50)[2], 255);
}

TEST(Viewer, AHeatMapTintsItsBlocksFromPaleNearToDarkFarAndLeavesBlocksWithoutAValue) {
    ViewerPart part;
    part.width = 4;
    part.height = 2;
    const float none = std::numeric_limits<float>::quiet_NaN();
    // Two rows of two blocks, each 2 x 1 units: near, far; none, halfway.
    part.heat = {2, 2, {0.0f, 1.0f, none, 0.5f}, "cost to the goal"};
    const std::string svg = part_svg(part);
    EXPECT_TRUE(contains(svg, "cost to the goal: low"));
    EXPECT_TRUE(contains(svg, "cost to the goal: high"));
    EXPECT_TRUE(contains(svg, "fill=\"#fff7bc\"")) << "0 is pale yellow";
    EXPECT_TRUE(contains(svg, "fill=\"#662506\"")) << "1 is dark brown";
    const std::string page = viewer_html("heat", {part});
    const auto data = page_data(page);
    EXPECT_EQ(data["parts"][0]["heat"]["blocks"].size(), 3u) << "the block without a value is left";
    const Decoded png = decoded_png(part, 10);
    ASSERT_FALSE(png.rgb.empty());
    const auto blue_at = [&](int x, int y) { return png.at(x, y)[2]; };
    EXPECT_GT(blue_at(10, 5), blue_at(30, 5)) << "near is paler than far";
    EXPECT_GT(blue_at(30, 15), blue_at(30, 5)) << "halfway is paler than far";
    EXPECT_EQ(blue_at(10, 15), 245) << "no value: the background";
}

TEST(Viewer, PicturesComeOutAsSvgAndPng) {
    const ViewerPart part = small_part();
    const std::string svg = part_svg(part);
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_NE(svg.find("<polyline"), std::string::npos);
    const std::string path = ::testing::TempDir() + "viewer_test.png";
    ASSERT_TRUE(write_part_png(path, part, 10).ok());
    int width = 0, height = 0, channels = 0;
    unsigned char* pixels = stbi_load(path.c_str(), &width, &height, &channels, 3);
    ASSERT_NE(pixels, nullptr);
    EXPECT_EQ(width, 40);
    EXPECT_EQ(height, 30);
    // Tile (1, 1) is a wall: its centre pixel is the wall colour.
    const unsigned char* wall = pixels + (15 * width + 15) * 3;
    EXPECT_EQ(wall[0], 74);
    EXPECT_EQ(wall[1], 67);
    stbi_image_free(pixels);
    std::remove(path.c_str());
    EXPECT_FALSE(write_part_png("/nonexistent/folder/x.png", part, 10).ok());
    ViewerPart huge = part;
    huge.width = 100000;
    EXPECT_FALSE(write_part_png(path, huge, 10).ok()) << "over 8192 pixels a side";
}

}  // namespace
}  // namespace pathkit
