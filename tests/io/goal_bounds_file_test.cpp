// Goal-bounds files: written and read back to the same bounds, and every kind of damage refused
// with the file, the byte and what is wrong.
#include "pathkit/io/goal_bounds_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "pathkit/io/moving_ai.hpp"
#include "support/ascii_map.hpp"
#include "support/text.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::mentions;

GoalBounds bounds_of(const GridSpace& space) {
    auto builder = GoalBoundsBuilder::start(space);
    EXPECT_TRUE(builder);
    builder.value().run(static_cast<std::size_t>(-1), 1);
    return std::move(builder.value()).take();
}

/// The message a refusal of `bytes` gives, or "" when they load.
std::string refusal(const std::string& bytes) {
    const auto loaded = parse_goal_bounds(bytes, "b.pkx");
    return loaded ? std::string() : loaded.error().message();
}

/// `bytes` with the 64-bit checksum at the end made to match again, as a forger would.
std::string with_checksum_fixed(std::string bytes) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (std::size_t i = 0; i + 8 < bytes.size(); ++i) {
        hash ^= static_cast<unsigned char>(bytes[i]);
        hash *= 1099511628211ULL;
    }
    for (int i = 0; i < 8; ++i)
        bytes[bytes.size() - 8 + static_cast<std::size_t>(i)] =
            static_cast<char>((hash >> (8 * i)) & 0xFFU);
    return bytes;
}

TEST(GoalBoundsFile, ReadsBackTheBoundsItWroteByteForByte) {
    // clang-format off
    const auto room = ascii_map({
        "S....#..",
        ".##..#..",
        "........",
    });
    // clang-format on
    const GridSpace space(room.map);
    const GoalBounds bounds = bounds_of(space);
    const std::string bytes = goal_bounds_bytes(bounds);
    EXPECT_EQ(bytes.size(), 48U + 24U * 64U + 8U);
    const auto loaded = parse_goal_bounds(bytes, "room.pkx");
    ASSERT_TRUE(loaded) << loaded.error().message();
    EXPECT_EQ(loaded.value().all_boxes(), bounds.all_boxes());
    EXPECT_EQ(loaded.value().map_fingerprint(), bounds.map_fingerprint());
    EXPECT_TRUE(loaded.value().check_fits(space));

    const std::string path = ::testing::TempDir() + "/room.pkx";
    ASSERT_TRUE(save_goal_bounds(bounds, path));
    const auto from_disk = load_goal_bounds(path);
    ASSERT_TRUE(from_disk) << from_disk.error().message();
    EXPECT_EQ(goal_bounds_bytes(from_disk.value()), bytes);
    std::filesystem::remove(path);
}

TEST(GoalBoundsFile, RefusesDamagedCutOrForgedFilesNamingTheByte) {
    const auto room = ascii_map({"S...", ".#..", "...G"});
    const std::string bytes = goal_bounds_bytes(bounds_of(GridSpace(room.map)));
    EXPECT_TRUE(mentions(refusal("hello"), "not a pathkit goal-bounds file"));
    EXPECT_TRUE(mentions(refusal(bytes.substr(0, bytes.size() - 1)), "cut short"));
    EXPECT_TRUE(mentions(refusal(bytes + "x"), "cut short or padded"));
    std::string flipped = bytes;
    flipped[100] = static_cast<char>(flipped[100] ^ 1);
    EXPECT_TRUE(mentions(refusal(flipped), "checksum does not match"));
    std::string other_version = bytes;
    other_version[8] = 2;
    EXPECT_TRUE(mentions(refusal(other_version), "byte 8: version 2"));
    std::string zero_width = bytes;
    zero_width[12] = 0;
    EXPECT_TRUE(mentions(refusal(with_checksum_fixed(zero_width)), "byte 12"));
    std::string huge = bytes;
    huge[15] = 0x7F;  // width 2^30 + 4
    EXPECT_TRUE(mentions(refusal(with_checksum_fixed(huge)), "sides are 1 to"));
    std::string policy = bytes;
    policy[20] = 9;
    EXPECT_TRUE(mentions(refusal(with_checksum_fixed(policy)), "diagonal policy 9"));
    std::string negative_cost = bytes;
    negative_cost[27] = static_cast<char>(0xBF);  // -1.0f
    EXPECT_TRUE(mentions(refusal(with_checksum_fixed(negative_cost)), "movement costs"));
    // A box reaching past the map, checksum and all made to match: refused by the box check.
    std::string outside = bytes;
    outside[48 + 2] = 40;  // tile 0, move 0: max x
    EXPECT_TRUE(mentions(refusal(with_checksum_fixed(outside)), "tile 0 move 0"));
    std::string done = bytes;
    done[40] = 99;  // more tiles done than the map has
    EXPECT_TRUE(mentions(refusal(with_checksum_fixed(done)), "tiles done"));
}

TEST(GoalBoundsFile, RefusesFoldersAndFilesThatAreNotThere) {
    EXPECT_FALSE(load_goal_bounds(::testing::TempDir()));
    const auto missing = load_goal_bounds("no/such/file.pkx");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(mentions(missing.error().message(), "no/such/file.pkx"));
}

TEST(GoalBoundsFile, TheSavedTinyMapBoundsFitTheTinyMap) {
    const std::string data = PATHKIT_TEST_DATA;
    const auto map = load_moving_ai_map(data + "/tiny.map");
    ASSERT_TRUE(map);
    const auto loaded = load_goal_bounds(data + "/goal_bounds/tiny.pkx");
    ASSERT_TRUE(loaded) << loaded.error().message();
    const GridSpace space(map.value());
    EXPECT_TRUE(loaded.value().check_fits(space)) << loaded.value().check_fits(space).message();
    EXPECT_EQ(loaded.value().all_boxes(), bounds_of(space).all_boxes());
}

}  // namespace
}  // namespace pathkit
