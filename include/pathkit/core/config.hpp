/// Compiler hints used by the inner loops.
#pragma once

/// Inlines a small function into its caller even where the compiler's heuristics would not:
/// for the engine's per-successor step, whose call overhead is measurable.
/// PATHKIT_ALWAYS_INLINE_LAMBDA goes between a lambda's parameters and its body.
#if defined(__GNUC__) || defined(__clang__)
#define PATHKIT_ALWAYS_INLINE __attribute__((always_inline)) inline
#define PATHKIT_ALWAYS_INLINE_LAMBDA __attribute__((always_inline))
#elif defined(_MSC_VER)
#define PATHKIT_ALWAYS_INLINE __forceinline
#define PATHKIT_ALWAYS_INLINE_LAMBDA
#else
#define PATHKIT_ALWAYS_INLINE inline
#define PATHKIT_ALWAYS_INLINE_LAMBDA
#endif
