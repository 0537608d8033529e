// The engine's open list against a plain ordered set: the same entries leave in the same order.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "pathkit/search/indexed_heap.hpp"

namespace pathkit::detail {
namespace {

/// What the reference keeps of an open state: its key, then its id (the heap's total order).
using Open = std::pair<std::uint64_t, std::uint32_t>;

/// Drives the heap and the reference through the same pushes, decreases and pops, the way a
/// search does (a record per state, its mark saying open), and checks each pop and each
/// open state's parent against the reference.
class HeapAgainstReference {
  public:
    explicit HeapAgainstReference(std::uint32_t states)
        : records_(states), parents_(states, 0), keys_(states, 0) {
        heap_.attach(records_.data());
    }

    [[nodiscard]] bool is_open(std::uint32_t state) const { return records_[state].is_open(); }
    [[nodiscard]] bool empty() const { return heap_.empty(); }

    void push(std::uint32_t state, std::uint64_t key, std::uint32_t parent) {
        records_[state].mark = 1;  // open
        heap_.push(key, state, parent);
        reference_.insert({key, state});
        keys_[state] = key;
        parents_[state] = parent;
    }

    /// Lowers an open state's key by `by` (at most to 0) and gives it `parent`.
    void decrease(std::uint32_t state, std::uint64_t by, std::uint32_t parent) {
        const std::uint64_t key = keys_[state] > by ? keys_[state] - by : 0;
        const std::uint32_t slot = records_[state].parent_or_slot;
        ASSERT_EQ(heap_.key_at(slot), keys_[state]);
        ASSERT_EQ(heap_.parent_at(slot), parents_[state]);
        heap_.decrease(slot, key, parent);
        reference_.erase({keys_[state], state});
        reference_.insert({key, state});
        keys_[state] = key;
        parents_[state] = parent;
    }

    void pop_and_check() {
        ASSERT_FALSE(reference_.empty());
        ASSERT_EQ(heap_.size(), reference_.size());
        const Open expected = *reference_.begin();
        reference_.erase(reference_.begin());
        const IndexedHeap::Entry popped = heap_.pop();
        ASSERT_EQ(popped.key, expected.first);
        ASSERT_EQ(popped.state, expected.second);
        ASSERT_EQ(popped.parent, parents_[popped.state]);
        // Closed: the record holds the parent again.
        ASSERT_FALSE(records_[popped.state].is_open());
        ASSERT_EQ(records_[popped.state].parent_or_slot, parents_[popped.state]);
    }

  private:
    std::vector<SearchRecord> records_;
    std::vector<std::uint32_t> parents_;
    std::vector<std::uint64_t> keys_;
    IndexedHeap heap_;
    std::set<Open> reference_;
};

TEST(IndexedHeap, EntriesLeaveInTheOrderOfKeysThenStatesWhateverTheMixOfPushesDecreasesAndPops) {
    std::mt19937 random(7);
    for (int round = 0; round < 200; ++round) {
        const std::uint32_t states = 1 + random() % 300;
        // Few distinct keys in some rounds, so that ties (broken by state) are common.
        const std::uint64_t key_range = round % 2 == 0 ? 8 : 1'000'000;
        HeapAgainstReference heap(states);
        std::vector<bool> used(states, false);
        for (int step = 0; step < 1'500; ++step) {
            const std::uint32_t state = random() % states;
            const int what = static_cast<int>(random() % 10);
            if (what < 5 && !used[state]) {
                used[state] = true;
                heap.push(state, random() % key_range, random() % states);
            } else if (what < 8 && heap.is_open(state)) {
                heap.decrease(state, random() % (key_range / 4 + 1), random() % states);
            } else if (!heap.empty()) {
                heap.pop_and_check();
            }
            if (testing::Test::HasFatalFailure()) return;
        }
        while (!heap.empty()) {
            heap.pop_and_check();
            if (testing::Test::HasFatalFailure()) return;
        }
    }
}

TEST(IndexedHeap, AStateHeldInFrontCanBeLoweredAndLeavesFirst) {
    HeapAgainstReference heap(4);
    heap.push(0, 50, 0);      // in front
    heap.push(1, 40, 0);      // before it: takes the front, 0 goes into the heap
    heap.push(2, 60, 1);      // after it: into the heap
    heap.decrease(1, 5, 2);   // 35, still in front
    heap.decrease(2, 30, 3);  // 30: now before the front
    heap.pop_and_check();     // 2
    heap.pop_and_check();     // 1
    heap.pop_and_check();     // 0
    EXPECT_TRUE(heap.empty());
}

}  // namespace
}  // namespace pathkit::detail
