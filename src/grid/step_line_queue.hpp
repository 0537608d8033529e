// The flow field's queue: one first-in first-out line per step cost while a map has few of them,
// a radix heap past that; either way keys leave in exactly the order of one binary heap.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "radix_queue.hpp"

namespace pathkit::detail {

/// A priority queue of 64-bit keys (a rank, the cost, in the high bits; a tie-break, the tile,
/// in the low `tie_bits`), least first, for Dijkstra's searches: each key is pushed with the step
/// it adds to the rank of the key being settled, which is the last popped. The keys of one step
/// wait in a line of their own: the settled ranks never fall, so along a line the ranks never
/// fall either, and the least rank waiting is at the head of a line. The keys of that rank are
/// taken from the heads at once and sorted; a key pushed with the rank being settled (a step of
/// no cost) joins them in order. Past `max_lines` steps every key moves to a radix heap for the
/// rest of the search (terrain of many costs), which pops in the same order.
class StepLineQueue {
  public:
    static constexpr std::size_t max_lines = 8;

    explicit StepLineQueue(int tie_bits) : tie_bits_(tie_bits), radix_(tie_bits) {}

    [[nodiscard]] bool empty() const { return size_ == 0; }

    void clear() {
        lines_.clear();
        now_.clear();
        rank_ = 0;
        size_ = 0;
        radix_mode_ = false;
        radix_.clear();
    }

    /// Adds a key made by adding `step` to the rank of the last key popped (at first: to 0).
    void push(std::uint64_t key, std::uint64_t step) {
        ++size_;
        if (radix_mode_) {
            radix_.push(key);
            return;
        }
        if (key >> tie_bits_ == rank_) {
            now_.insert(std::upper_bound(now_.begin(), now_.end(), key, std::greater<>{}), key);
            return;
        }
        for (Line& line : lines_) {
            if (line.step != step) continue;
            line.keys.push_back(key);
            return;
        }
        if (lines_.size() < max_lines) {
            lines_.push_back({step, {key}, 0});
            return;
        }
        // Too many steps: every key waiting goes to the radix heap (all ranks at least rank_).
        radix_mode_ = true;
        for (const std::uint64_t waiting : now_)
            radix_.push(waiting);
        for (const Line& line : lines_)
            for (std::size_t at = line.head; at < line.keys.size(); ++at)
                radix_.push(line.keys[at]);
        radix_.push(key);
        now_.clear();
        lines_.clear();
    }

    /// The least key, removed. Not on an empty queue.
    std::uint64_t pop() {
        --size_;
        if (radix_mode_) return radix_.pop();
        if (now_.empty()) {
            // The least rank at a head, and every key of it (they lead their lines).
            std::uint64_t least = ~std::uint64_t{0};
            for (const Line& line : lines_)
                if (line.head < line.keys.size())
                    least = std::min(least, line.keys[line.head] >> tie_bits_);
            rank_ = least;
            for (Line& line : lines_) {
                while (line.head < line.keys.size() && line.keys[line.head] >> tie_bits_ == least)
                    now_.push_back(line.keys[line.head++]);
                if (line.head * 2 >= line.keys.size() && line.head >= 64) {
                    // Mostly taken: drop the keys taken, so a line holds at most twice the
                    // keys waiting in it (and its memory serves again).
                    line.keys.erase(line.keys.begin(),
                                    line.keys.begin() + static_cast<std::ptrdiff_t>(line.head));
                    line.head = 0;
                }
            }
            std::sort(now_.begin(), now_.end(), std::greater<>{});
        }
        const std::uint64_t key = now_.back();
        now_.pop_back();
        return key;
    }

    [[nodiscard]] std::size_t memory_bytes() const {
        std::size_t bytes = now_.capacity() * sizeof(std::uint64_t) + radix_.memory_bytes();
        for (const Line& line : lines_)
            bytes += sizeof(Line) + line.keys.capacity() * sizeof(std::uint64_t);
        return bytes;
    }

  private:
    struct Line {
        std::uint64_t step;
        std::vector<std::uint64_t> keys;
        std::size_t head;  // the first key not yet taken
    };

    int tie_bits_;
    std::vector<Line> lines_;
    std::vector<std::uint64_t> now_;  // the keys of rank_, greatest first
    std::uint64_t rank_ = 0;          // of the last key popped
    std::size_t size_ = 0;
    bool radix_mode_ = false;
    RadixQueue radix_;
};

}  // namespace pathkit::detail
