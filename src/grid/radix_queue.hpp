// A radix heap of 64-bit keys for Dijkstra's searches over terrain of many costs.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace pathkit::detail {

/// A priority queue of 64-bit keys, least first, for Dijkstra's searches: a key is a rank (the
/// cost) in its high bits and a tie-break (the tile) in its low `tie_bits`, and no rank pushed is
/// below the last popped one (steps never cost less than nothing). Keys of a rank above the last
/// popped go to one of 65 buckets by the highest bit in which their rank differs from it; the
/// keys of the last popped rank wait in bucket 0, sorted (most are put there at once, by a
/// spread). When bucket 0 is empty, a pop takes the least rank of the lowest bucket in use as
/// the new last rank and spreads that bucket over lower ones (each key moves down only). So
/// pops come in exactly the order of one binary heap of all the keys, in O(1) amortised per key
/// plus a sort of each rank's keys.
class RadixQueue {
  public:
    explicit RadixQueue(int tie_bits) : tie_bits_(tie_bits) {}

    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] std::size_t size() const { return size_; }

    void clear() {
        for (std::vector<std::uint64_t>& bucket : buckets_)
            bucket.clear();
        last_rank_ = 0;
        size_ = 0;
    }

    /// Adds a key whose rank is not below the last popped key's.
    void push(std::uint64_t key) {
        ++size_;
        const std::uint64_t rank = key >> tie_bits_;
        if (rank != last_rank_) {
            buckets_[bucket_of(rank)].push_back(key);
            return;
        }
        std::vector<std::uint64_t>& now = buckets_[0];  // greatest first: a zero-cost step
        now.insert(std::upper_bound(now.begin(), now.end(), key, std::greater<>{}), key);
    }

    /// The least key, removed. Not on an empty queue.
    std::uint64_t pop() {
        --size_;
        std::vector<std::uint64_t>& now = buckets_[0];
        if (now.empty()) {
            std::size_t lowest = 1;
            while (buckets_[lowest].empty())
                ++lowest;
            std::vector<std::uint64_t>& spread = buckets_[lowest];
            last_rank_ = *std::min_element(spread.begin(), spread.end()) >> tie_bits_;
            for (const std::uint64_t key : spread)  // into lower buckets than `lowest`
                buckets_[bucket_of(key >> tie_bits_)].push_back(key);
            spread.clear();
            std::sort(now.begin(), now.end(), std::greater<>{});
        }
        const std::uint64_t key = now.back();
        now.pop_back();
        return key;
    }

    [[nodiscard]] std::size_t memory_bytes() const {
        std::size_t bytes = 0;
        for (const std::vector<std::uint64_t>& bucket : buckets_)
            bytes += bucket.capacity() * sizeof(std::uint64_t);
        return bytes;
    }

  private:
    [[nodiscard]] std::size_t bucket_of(std::uint64_t rank) const {
        return static_cast<std::size_t>(64 - std::countl_zero(rank ^ last_rank_));
    }

    int tie_bits_;
    std::array<std::vector<std::uint64_t>, 65> buckets_;
    std::uint64_t last_rank_ = 0;
    std::size_t size_ = 0;
};

}  // namespace pathkit::detail
