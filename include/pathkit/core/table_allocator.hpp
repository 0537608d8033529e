/// TableAllocator: memory for large tables read at random (one record a cache line), aligned so
/// no record straddles two cache lines, and in huge pages where the system offers them.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#if defined(MADV_HUGEPAGE)
#define PATHKIT_TABLES_IN_HUGE_PAGES 1
#endif
#endif

namespace pathkit {

/// A standard allocator whose blocks start on a 64-byte cache line; on Linux, blocks of 2 MiB
/// and more start on a 2 MiB boundary and are marked for transparent huge pages (a hint: a
/// search reading one record here and one there then misses the address translation cache far
/// less). Memory comes from the aligned `operator new`, so a failure throws `std::bad_alloc`.
template <class T>
struct TableAllocator {
    using value_type = T;

    /// Cache line bytes: the alignment of every block.
    static constexpr std::size_t line_bytes = 64;
    /// Huge page bytes: the alignment of blocks this size and larger, where huge pages are
    /// asked for.
    static constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;
#if defined(PATHKIT_TABLES_IN_HUGE_PAGES)
    static constexpr bool asks_for_huge_pages = true;
#else
    static constexpr bool asks_for_huge_pages = false;
#endif

    TableAllocator() = default;
    template <class U>
    explicit TableAllocator(const TableAllocator<U>& /*other*/) {}

    [[nodiscard]] T* allocate(std::size_t count) {
        if (count > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = count * sizeof(T);
        void* block = ::operator new (bytes, std::align_val_t{alignment(bytes)});
#if defined(PATHKIT_TABLES_IN_HUGE_PAGES)
        if (bytes >= huge_page_bytes) {
            // Only a hint: where it is refused, the table works as well in small pages.
            (void)::madvise(block, bytes / huge_page_bytes * huge_page_bytes, MADV_HUGEPAGE);
        }
#endif
        return static_cast<T*>(block);
    }
    /// Bytes a block of `count` values takes from the allocator: its own and, for a block
    /// aligned on a huge page, the up to 2 MiB of address space the aligned allocation may
    /// reserve before it (never touched, so never resident). For `memory_bytes` figures.
    [[nodiscard]] static constexpr std::size_t block_bytes(std::size_t count) {
        const std::size_t bytes = count * sizeof(T);
        return asks_for_huge_pages && bytes >= huge_page_bytes ? bytes + huge_page_bytes : bytes;
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
        return asks_for_huge_pages && bytes >= huge_page_bytes ? huge_page_bytes : line_bytes;
    }
};

/// The bytes a vector of TableAllocator holds (its capacity, as `TableAllocator::block_bytes`).
template <class T>
[[nodiscard]] std::size_t table_bytes(const std::vector<T, TableAllocator<T>>& table) {
    return table.capacity() == 0 ? 0 : TableAllocator<T>::block_bytes(table.capacity());
}

/// Asks the processor to start loading the cache line at `address` (a hint; nothing where the
/// compiler offers no prefetch).
inline void prefetch_line(const void* address) {
#if defined(__GNUC__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

/// As `prefetch_line`, for a line about to be written: the processor loads it ready to write,
/// so the write needs not ask for it again (on search records: twice the gain of a plain
/// prefetch, measured on the generated 4096² map).
inline void prefetch_line_for_write(const void* address) {
#if defined(__GNUC__)
    __builtin_prefetch(address, 1);
#else
    (void)address;
#endif
}

}  // namespace pathkit
