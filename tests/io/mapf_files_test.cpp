// Many-agent files: the result format round trip, strict reading with placed errors, and
// instances from MovingAI files.
#include <gtest/gtest.h>

#include <sstream>

#include "pathkit/io/mapf_files.hpp"

namespace pathkit {
namespace {

Expected<MapfResultFile> read(const std::string& text) {
    std::istringstream input(text);
    return read_mapf_result(input, "result.txt");
}

std::string error_of(const std::string& text) {
    const auto result = read(text);
    return result ? "read" : result.error().message();
}

TEST(MapfResultFile, WritesTheResearchFormatAndReadsItBack) {
    MapfResultFile result;
    result.fields = {{"agents", "2"}, {"solved", "1"}};
    result.steps = {{{0, 0}, {3, 1}}, {{1, 0}, {3, 2}}};
    const std::string text = mapf_result_text(result);
    EXPECT_EQ(text, "agents=2\nsolved=1\nsolution=\n0:(0,0),(3,1),\n1:(1,0),(3,2),\n");
    const auto back = read(text);
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(back.value().fields, result.fields);
    EXPECT_EQ(back.value().steps, result.steps);
    EXPECT_EQ(back.value().field("solved"), "1");
    EXPECT_EQ(back.value().field("missing"), "");
}

TEST(MapfResultFile, CrlfLineEndsAndBlankLinesAreAccepted) {
    const auto back = read("agents=1\r\n\r\nsolution=\r\n0:(2,3),\r\n1:(2,4),\r\n\r\n");
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(back.value().steps.size(), 2u);
}

TEST(MapfResultFile, MalformedFilesAreRefusedNamingTheLine) {
    EXPECT_EQ(error_of("agents=1\n"), "result.txt:1: no solution= line");
    EXPECT_EQ(error_of("agents 1\nsolution=\n"),
              "result.txt:1: expected key=value, the key made of letters, digits and _");
    EXPECT_EQ(error_of("solution=0:(1,1),\n"),
              "result.txt:1: the steps start on the line after solution=");
    EXPECT_EQ(error_of("solution=\n1:(1,1),\n"), "result.txt:2: step 1 where step 0 was expected");
    EXPECT_EQ(error_of("solution=\n0:(1,1)\n"),
              "result.txt:2: position 1 is not written (x,y), with whole numbers within +-1e9 "
              "and a comma after it");
    EXPECT_EQ(error_of("solution=\n0:(1,99999999999),\n"),
              "result.txt:2: position 1 is not written (x,y), with whole numbers within +-1e9 "
              "and a comma after it");
    EXPECT_EQ(error_of("solution=\n0:(1,1),(2,2),\n1:(1,1),\n"),
              "result.txt:3: 1 positions, but step 0 has 2");
    EXPECT_EQ(error_of("solution=\nx:(1,1),\n"),
              "result.txt:2: a step line starts with its time and ':'");
    EXPECT_EQ(error_of("k\xff=1\nsolution=\n"),
              "result.txt:1: expected key=value, the key made of letters, digits and _");
}

TEST(MapfInstance, BadAgentCountsAndMissingFilesAreRefused) {
    const std::string map = std::string(PATHKIT_TEST_DATA) + "/tiny.map";
    const std::string scen = std::string(PATHKIT_TEST_DATA) + "/tiny.map.scen";
    const auto one = load_mapf_instance(map, scen, 1);
    ASSERT_TRUE(one) << one.error().message();
    EXPECT_EQ(one.value().starts.size(), 1u);
    const auto none = load_mapf_instance(map, scen, 0);
    ASSERT_FALSE(none);
    EXPECT_NE(none.error().message().find("agents, not 0"), std::string::npos);
    EXPECT_FALSE(load_mapf_instance(map, scen, 100000));
    EXPECT_FALSE(load_mapf_instance(map + ".missing", scen, 1));
}

}  // namespace
}  // namespace pathkit
