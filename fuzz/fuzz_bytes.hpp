// Reading fuzz input bytes as small numbers and choices, for the targets that build their own
// maps, scenes and orders (zeros once the bytes run out, so every input is a valid program).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace pathkit::fuzzing {

class FuzzBytes {
  public:
    FuzzBytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    [[nodiscard]] bool empty() const { return at_ >= size_; }
    /// The next byte, or 0 past the end.
    std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
    /// A whole number in low..high (both included).
    int in(int low, int high) {
        const unsigned span = static_cast<unsigned>(high - low) + 1;
        const unsigned wide = (static_cast<unsigned>(byte()) << 8) | byte();
        return low + static_cast<int>(wide % span);
    }
    bool flip() { return (byte() & 1) != 0; }

  private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

/// Stops the run so the fuzzer keeps the input: an invariant the library promises was broken.
[[noreturn]] inline void broken(const char* what) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
}

}  // namespace pathkit::fuzzing
