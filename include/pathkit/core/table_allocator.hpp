/// TableAllocator: memory for large tables read at random (one record a cache line), aligned so
/// no record straddles two cache lines, and in huge pages where the system offers them.
#pragma once

#include <cstddef>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace pathkit {

/// A standard allocator whose blocks start on a 64-byte cache line; blocks of 2 MiB and more
/// start on a 2 MiB boundary and, on Linux, are marked for transparent huge pages (a hint: a
/// search reading one record here and one there then misses the address translation cache far
/// less). Memory comes from the aligned `operator new`, so a failure throws `std::bad_alloc`.
template <class T>
struct TableAllocator {
    using value_type = T;

    /// Cache line bytes: the alignment of every block.
    static constexpr std::size_t line_bytes = 64;
    /// Huge page bytes: the alignment of blocks this size and larger.
    static constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;

    TableAllocator() = default;
    template <class U>
    explicit TableAllocator(const TableAllocator<U>& /*other*/) {}

    [[nodiscard]] T* allocate(std::size_t count) {
        if (count > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = count * sizeof(T);
        void* block = ::operator new (bytes, std::align_val_t{alignment(bytes)});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= huge_page_bytes) {
            // Only a hint: where it is refused, the table works as well in small pages.
            (void)::madvise(block, bytes / huge_page_bytes * huge_page_bytes, MADV_HUGEPAGE);
        }
#endif
        return static_cast<T*>(block);
    }
    void deallocate(T* block, std::size_t count) {
        ::operator delete (block, std::align_val_t{alignment(count * sizeof(T))});
    }

    template <class U>
    bool operator==(const TableAllocator<U>& /*other*/) const {
        return true;
    }

  private:
    static constexpr std::size_t alignment(std::size_t bytes) {
        return bytes >= huge_page_bytes ? huge_page_bytes : line_bytes;
    }
};

/// Asks the processor to start loading the cache line at `address` (a hint; nothing where the
/// compiler offers no prefetch).
inline void prefetch_line(const void* address) {
#if defined(__GNUC__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

}  // namespace pathkit
