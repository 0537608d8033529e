// Ordinary crowds make progress on narrow maps: units whose deadlocks keep coming back are
// handed to the coordinated planner, and units pushed off their posts go back, so every unit
// with a reachable free destination ends on it.
#include <gtest/gtest.h>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "support/ascii_map.hpp"
#include "support/crowd_log.hpp"

namespace pathkit {
namespace {

using testing::ascii_map;
using testing::CrowdLog;
using testing::run_checked;

TEST(CrowdProgress, FourteenUnitsInNarrowLanesAllReachTheirTilesInsteadOfSteppingAsideForEver) {
    // Units a..n start on their letters and are each sent to the tile of the same capital
    // letter. Stepping aside alone resolved 990 deadlocks in 3,000 ticks here without settling.
    // clang-format off
    const auto starts = ascii_map({
        "..#a.###f..e",
        "..##.....mg#",
        ".d#.###.##k#",
        "#..cn.#h.b#.",
        ".##..#....j#",
        ".#...l..i.##",
    });
    const auto goals = ascii_map({
        "..#N.###D..H",
        "..##.....AE#",
        ".K#.###.##M#",
        "#..JB.#L.F#.",
        ".##..#....C#",
        ".#...G..I.##",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(starts.map).value());
    CrowdLog log;
    const std::string letters = "abcdefghijklmn";
    for (char letter : letters)
        ASSERT_TRUE(crowd.add_unit(starts.find(letter)));
    for (std::uint32_t unit = 0; unit < letters.size(); ++unit)
        ASSERT_TRUE(crowd.move_to(UnitId(unit), goals.find(static_cast<char>(letters[unit] - 32))));
    run_checked(crowd, starts.map, 3000, log);
    EXPECT_TRUE(crowd.is_settled()) << crowd.stats().deadlocks_resolved << " deadlocks resolved";
    EXPECT_GT(crowd.stats().handed_to_coordination, 0u);
    for (std::uint32_t unit = 0; unit < letters.size(); ++unit)
        EXPECT_EQ(crowd.unit(UnitId(unit))->at, goals.find(static_cast<char>(letters[unit] - 32)))
            << "unit " << letters[unit];
    int arrivals = 0;
    for (const CrowdEvent& event : log.events())
        arrivals += event.kind == CrowdEventKind::Arrived;
    EXPECT_EQ(arrivals, static_cast<int>(letters.size())) << "each order ends once";
}

TEST(CrowdProgress, UnitsWalkingBackToTheirPostsDoNotPushEachOtherRoundInCircles) {
    // a, c, d and e trade places along a lane with a one-tile pocket: units that reached their
    // tiles were pushed off them, and walking back they pushed each other off again for ever.
    // clang-format off
    const auto starts = ascii_map({
        "##cde..#",
        ".#.#a.b.",
        "###.....",
        "#..###..",
    });
    const auto goals = ascii_map({
        "##AEC..#",
        ".#.#B.D.",
        "###.....",
        "#..###..",
    });
    // clang-format on
    Crowd crowd = std::move(Crowd::create(starts.map).value());
    CrowdLog log;
    const std::string letters = "abcde";
    for (char letter : letters)
        ASSERT_TRUE(crowd.add_unit(starts.find(letter)));
    for (std::uint32_t unit = 0; unit < letters.size(); ++unit)
        ASSERT_TRUE(crowd.move_to(UnitId(unit), goals.find(static_cast<char>(letters[unit] - 32))));
    run_checked(crowd, starts.map, 3000, log);
    EXPECT_TRUE(crowd.is_settled());
    for (std::uint32_t unit = 0; unit < letters.size(); ++unit)
        EXPECT_EQ(crowd.unit(UnitId(unit))->at, goals.find(static_cast<char>(letters[unit] - 32)))
            << "unit " << letters[unit];
}

}  // namespace
}  // namespace pathkit
