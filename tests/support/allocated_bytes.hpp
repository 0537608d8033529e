// What the allocator itself says is held (glibc's mallinfo2), for tests that check a
// structure's own count of its bytes against the real thing.
#pragma once

#include <malloc.h>

#include <cstddef>

namespace pathkit::testing {

/// True when `allocated_bytes` can be trusted: glibc's allocator, not a sanitizer's (whose
/// blocks mallinfo2 does not see; Debug sanitizer builds are also too slow for the timed
/// parts of these tests).
constexpr bool allocator_reports_bytes() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return false;
#else
    return true;
#endif
}

/// Bytes the allocator has handed out and not taken back (heap and mapped blocks).
inline std::size_t allocated_bytes() {
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

}  // namespace pathkit::testing

/// Skips the test where the allocator's own figures cannot be read.
#define PATHKIT_SKIP_WITHOUT_ALLOCATOR_FIGURES()                                               \
    if (!::pathkit::testing::allocator_reports_bytes())                                        \
    GTEST_SKIP() << "the sanitizers' allocator does not report its bytes, and its builds are " \
                    "too slow for this test's time limits"
