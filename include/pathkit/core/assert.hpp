/// PATHKIT_ASSERT: checks on the unchecked inner paths, on in debug builds, compiled out in
/// release.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace pathkit::detail {

/// Reports a broken internal invariant and aborts: a bug in pathkit or a broken precondition
/// of an unchecked call, never bad input (the public doors check input and return a Status).
[[noreturn]] inline void assertion_failed(const char* condition, const char* file, int line) {
    std::fprintf(stderr, "pathkit: assertion failed: %s (%s:%d)\n", condition, file, line);
    std::abort();
}

}  // namespace pathkit::detail

/// Active when NDEBUG is not defined (debug builds) or PATHKIT_ENABLE_ASSERTS is; otherwise
/// the condition is not evaluated.
#if !defined(NDEBUG) || defined(PATHKIT_ENABLE_ASSERTS)
#define PATHKIT_ASSERT(condition) \
    ((condition) ? void(0) : ::pathkit::detail::assertion_failed(#condition, __FILE__, __LINE__))
#else
#define PATHKIT_ASSERT(condition) ((void)0)
#endif
