// Expected and Status: a value or the reason there is none, and misuse that cannot go unseen.
#include <gtest/gtest.h>

#include <type_traits>

#include "pathkit/core/expected.hpp"

namespace pathkit {
namespace {

Expected<int> halve(int value) {
    if (value % 2 != 0) return Status::invalid_input(std::to_string(value) + " is odd");
    return value / 2;
}

TEST(Expected, HoldsAValueOrTheStatusThatSaysWhyNot) {
    EXPECT_EQ(halve(8).value(), 4);
    EXPECT_TRUE(halve(8).error().ok());
    const auto odd = halve(3);
    ASSERT_FALSE(odd.has_value());
    EXPECT_EQ(odd.error().message(), "3 is odd");
}

#ifdef NDEBUG
TEST(Expected, AskingForAMissingValueThrowsItsDocumentedException) {
    const auto odd = halve(3);
    EXPECT_THROW((void)odd.value(), BadExpectedAccess);
    try {
        (void)halve(5).value();
    } catch (const BadExpectedAccess& failure) {
        EXPECT_NE(std::string(failure.what()).find("5 is odd"), std::string::npos);
    }
}
#else
TEST(ExpectedDeathTest, AskingForAMissingValueStopsAtAnAssertionInDebugBuilds) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH((void)halve(3).value(), "assertion failed");
}
#endif

// [[nodiscard]] on the types themselves: every function returning them warns when the result
// is dropped (the build treats warnings as errors). What can be checked here is that they are
// still ordinary value types.
static_assert(std::is_nothrow_move_constructible_v<Status>);
static_assert(std::is_copy_constructible_v<Expected<int>>);

}  // namespace
}  // namespace pathkit
