// The bytes the allocator holds for a vector's buffer, for the planners' memory counts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace pathkit::mapf_detail {

/// Bytes the allocator holds for `vector`'s buffer: its elements and malloc's 8-byte header, in
/// steps of 16, at least 32 (a list of one 8-byte visit holds 32 bytes, not 8); 0 for none.
template <class T>
[[nodiscard]] std::size_t held_bytes(const std::vector<T>& vector) {
    if (vector.capacity() == 0) return 0;
    return std::max<std::size_t>(32, (vector.capacity() * sizeof(T) + 8 + 15) / 16 * 16);
}

}  // namespace pathkit::mapf_detail
