// splitmix64 (Steele, Lea and Flood, 2014): the planners' random numbers, the same sequence for a
// seed on every platform and standard library.
#pragma once

#include <cstdint>

namespace pathkit::mapf_detail {

/// The next number of the sequence whose state is `state` (advanced).
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace pathkit::mapf_detail
