// TableAllocator: the memory of large tables read at random, aligned and in huge pages.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "pathkit/core/table_allocator.hpp"

namespace pathkit {
namespace {

template <class T>
using Table = std::vector<T, TableAllocator<T>>;

std::uintptr_t address_of(const void* pointer) {
    return reinterpret_cast<std::uintptr_t>(pointer);
}

TEST(TableAllocator, SmallTablesStartOnACacheLineAndLargeOnesOnAHugePage) {
    const Table<std::uint8_t> small(100, 1);
    EXPECT_EQ(address_of(small.data()) % TableAllocator<std::uint8_t>::line_bytes, 0u);
    const Table<std::uint64_t> large(TableAllocator<std::uint64_t>::huge_page_bytes / 8 + 1, 7);
    const std::size_t alignment = TableAllocator<std::uint64_t>::asks_for_huge_pages
                                      ? TableAllocator<std::uint64_t>::huge_page_bytes
                                      : TableAllocator<std::uint64_t>::line_bytes;
    EXPECT_EQ(address_of(large.data()) % alignment, 0u);
    EXPECT_EQ(table_bytes(large) - large.capacity() * 8,
              TableAllocator<std::uint64_t>::asks_for_huge_pages
                  ? TableAllocator<std::uint64_t>::huge_page_bytes
                  : 0)
        << "the address space an aligned block may reserve is counted";
}

TEST(TableAllocator, ATableKeepsItsValuesWhenItGrowsAndIsCopied) {
    Table<int> table(1000);
    std::iota(table.begin(), table.end(), 0);
    table.resize(1 << 20);  // past a huge page: moved to a block of the other alignment
    Table<int> copy = table;
    for (int i = 0; i < 1000; ++i)
        ASSERT_EQ(copy[static_cast<std::size_t>(i)], i);
    EXPECT_EQ(copy[999'999], 0);
}

#if defined(__linux__)
/// The flags the kernel keeps for the mapping that holds `address` (/proc/self/smaps
/// "VmFlags"), or nothing when that file cannot be read.
std::string mapping_flags(const void* address) {
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        std::uintptr_t begin = 0, end = 0;
        char dash = 0;
        std::istringstream range(line);
        if (range >> std::hex >> begin >> dash >> end && dash == '-') {
            inside = begin <= address_of(address) && address_of(address) < end;
        } else if (inside && line.rfind("VmFlags:", 0) == 0) {
            return line;
        }
    }
    return {};
}

TEST(TableAllocator, OnLinuxALargeTableIsMarkedForHugePages) {
    if (!TableAllocator<std::uint8_t>::asks_for_huge_pages)
        GTEST_SKIP() << "huge pages are not asked for on this system";
    const Table<std::uint8_t> large(4 * TableAllocator<std::uint8_t>::huge_page_bytes, 0);
    const std::string flags = mapping_flags(large.data());
    if (flags.empty()) GTEST_SKIP() << "/proc/self/smaps cannot be read here";
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
}
#endif

}  // namespace
}  // namespace pathkit
