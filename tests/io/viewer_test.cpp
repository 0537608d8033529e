// The viewer page and pictures: data goes in whole and safely, pictures come out.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "pathkit/io/viewer_parts.hpp"
#include "support/ascii_map.hpp"

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

TEST(Viewer, ThePageCarriesEveryPartAsDataThatCannotCloseItsScript) {
    const std::string page = viewer_html("demo & <test>", {small_part()});
    EXPECT_NE(page.find("<title>demo &amp; &lt;test&gt;</title>"), std::string::npos);
    EXPECT_EQ(page.find("a </script> name"), std::string::npos) << "escaped as <\\/script>";
    const std::string open = "<script type=\"application/json\" id=\"pathkit-data\">";
    const std::size_t start = page.find(open) + open.size();
    const std::size_t end = page.find("</script>", start);
    const auto data = nlohmann::json::parse(page.substr(start, end - start));
    ASSERT_EQ(data["parts"].size(), 1u);
    const auto& part = data["parts"][0];
    EXPECT_EQ(part["name"], "a </script> name");
    EXPECT_EQ(part["tiles"][1], ".#~.");
    EXPECT_EQ(part["paths"][0]["points"].size(), 4u);
    EXPECT_TRUE(part["frames"][1][1][0].is_null()) << "hidden units come out as null";
    EXPECT_EQ(page.find("http"), page.find("http://www.w3.org")) << "no network addresses";
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
