/// The engine's open list: a 4-ary min-heap whose entries know their slot (decrease-key).
#pragma once

#include <cstdint>
#include <vector>

#include "pathkit/core/assert.hpp"
#include "pathkit/core/cost.hpp"

namespace pathkit::detail {

/// One state's search data, 12 bytes. Valid only when `mark` names the current search.
/// While the state is open its parent waits in its heap entry and the record keeps the slot.
struct SearchRecord {
    Cost g = 0;                        ///< cheapest cost found from the start
    std::uint32_t parent_or_slot = 0;  ///< closed: the state before this one; open: heap slot
    std::uint32_t mark = 0;            ///< 2 x the number of the search that wrote it, + 1 if open

    [[nodiscard]] bool written_by(std::uint32_t search) const { return (mark >> 1) == search; }
    [[nodiscard]] bool is_open() const { return (mark & 1u) != 0; }
};

/// The largest search number a mark holds; the context forgets every record past it.
inline constexpr std::uint32_t max_search_number = 0x7FFFFFFFu;
/// Every state id is below this.
inline constexpr std::uint32_t max_states = 0xFFFFFFFFu;

/// Orders states by f, then by h (deeper first), then by lower state id: a total order, so
/// every search is deterministic whatever the heap's internal moves.
/// f and h are >= 0 (or +0 after normalising), and the bit patterns of non-negative floats sort
/// like their values, so one 64-bit key holds both.
[[nodiscard]] inline std::uint64_t heap_key(Cost f, Cost h) {
    return (std::uint64_t{__builtin_bit_cast(std::uint32_t, f)} << 32) |
           __builtin_bit_cast(std::uint32_t, h);
}
/// The h stored in a key. (GCC's and Clang's builtin is std::bit_cast, which emscripten's
/// standard library, used for the playground, lacks.)
[[nodiscard]] inline Cost heuristic_of_key(std::uint64_t key) {
    return __builtin_bit_cast(Cost, static_cast<std::uint32_t>(key));
}

/// A 4-ary min-heap of (key, state, parent) that writes each entry's position into the state's
/// record, so a state's key can be lowered in O(log n). With four children a node the heap is
/// half as deep as a binary one, so a push or a pop moves half as many entries and writes half
/// as many records; the smallest of four children is picked without branches (a tournament of
/// three comparisons), as the winner is a coin toss a branch predictor cannot learn.
///
/// One entry waits in front of the heap: the smallest pushed since the front was last taken or
/// displaced. A pop takes the front when it comes first, with no sift at all: a search's next
/// state is most often the best successor of the last one (a straight run towards the goal).
/// Entries leave in the same order as from the heap alone.
class IndexedHeap {
  public:
    /// Children per node.
    static constexpr std::uint32_t arity = 4;
    /// The slot a record holds while its state waits in front of the heap.
    static constexpr std::uint32_t front_slot = 0xFFFFFFFFu;

    struct Entry {
        std::uint64_t key;
        std::uint32_t state;
        std::uint32_t parent;
    };

    /// Points the heap at the record array it keeps slots in (after the array may have moved).
    void attach(SearchRecord* records) { records_ = records; }
    void clear() {
        entries_.clear();
        has_front_ = false;
    }
    [[nodiscard]] bool empty() const { return !has_front_ && entries_.empty(); }
    [[nodiscard]] std::size_t size() const { return entries_.size() + (has_front_ ? 1 : 0); }
    [[nodiscard]] std::size_t memory_bytes() const { return entries_.capacity() * sizeof(Entry); }

    /// Adds an open state; its record's mark must already say open.
    void push(std::uint64_t key, std::uint32_t state, std::uint32_t parent) {
        const Entry moving{key, state, parent};
        if (!has_front_) {
            hold_in_front(moving);
        } else if (before(moving, front_)) {
            push_into_heap(front_);
            hold_in_front(moving);
        } else {
            push_into_heap(moving);
        }
    }

    /// Removes and returns the smallest entry; closes its state's record, which takes its
    /// parent back. The heap must not be empty.
    Entry pop() {
        PATHKIT_ASSERT(!empty());
        if (has_front_ && (entries_.empty() || before(front_, entries_.front()))) {
            has_front_ = false;
            SearchRecord& record = records_[front_.state];
            record.parent_or_slot = front_.parent;
            record.mark &= ~1u;
            return front_;
        }
        const Entry top = entries_.front();
        SearchRecord& record = records_[top.state];
        record.parent_or_slot = top.parent;
        record.mark &= ~1u;
        const Entry last = entries_.back();
        entries_.pop_back();
        if (!entries_.empty()) sift_down(last);
        return top;
    }

    /// The key of the open state in `slot`.
    [[nodiscard]] std::uint64_t key_at(std::uint32_t slot) const {
        if (slot == front_slot) {
            PATHKIT_ASSERT(has_front_);
            return front_.key;
        }
        PATHKIT_ASSERT(slot < entries_.size());
        return entries_[slot].key;
    }
    /// The parent of the open state in `slot`.
    [[nodiscard]] std::uint32_t parent_at(std::uint32_t slot) const {
        return slot == front_slot ? front_.parent : entries_[slot].parent;
    }

    /// Lowers the key of the open state in `slot` (`key` must not exceed the current one) and
    /// gives it a new parent.
    void decrease(std::uint32_t slot, std::uint64_t key, std::uint32_t parent) {
        if (slot == front_slot) {  // lower still: it stays in front
            PATHKIT_ASSERT(has_front_ && key <= front_.key);
            front_.key = key;
            front_.parent = parent;
            return;
        }
        PATHKIT_ASSERT(slot < entries_.size() && key <= entries_[slot].key);
        entries_[slot].key = key;
        entries_[slot].parent = parent;
        sift_up(slot, entries_[slot]);
    }

  private:
    void hold_in_front(const Entry& entry) {
        front_ = entry;
        has_front_ = true;
        records_[entry.state].parent_or_slot = front_slot;
    }
    void push_into_heap(const Entry& entry) {
        entries_.push_back(entry);
        sift_up(static_cast<std::uint32_t>(entries_.size() - 1), entry);
    }

    /// The heap's total order: by key, then by lower state id. Bitwise `|` and `&` instead of
    /// `||` and `&&` so that the compiler emits flag arithmetic rather than branches.
    [[nodiscard]] static bool before(const Entry& a, const Entry& b) {
        return (a.key < b.key) | ((a.key == b.key) & (a.state < b.state));
    }

    /// Moves `moving`, the entry in `slot` (passed by value: a push needs not read it back),
    /// up to where it belongs.
    void sift_up(std::uint32_t slot, const Entry moving) {
        while (slot > 0) {
            const std::uint32_t parent = (slot - 1) / arity;
            if (!before(moving, entries_[parent])) break;
            place(slot, entries_[parent]);
            slot = parent;
        }
        place(slot, moving);
        PATHKIT_ASSERT(ordered_at(slot));
    }

    /// Puts `moving` into the hole at the root and sinks it to where it belongs.
    void sift_down(const Entry& moving) {
        const std::size_t size = entries_.size();
        const Entry* entries = entries_.data();
        std::uint32_t slot = 0;
        for (;;) {
            const std::size_t first_child = std::size_t{arity} * slot + 1;  // no 32-bit overflow
            if (first_child >= size) break;
            const auto first = static_cast<std::uint32_t>(first_child);
            std::uint32_t best = first;
            if (first_child + arity <= size) {  // every child present: the common case
                const Entry* children = entries + first;
                const std::uint32_t left = before(children[1], children[0]) ? 1 : 0;
                const std::uint32_t right = before(children[3], children[2]) ? 3 : 2;
                best = first + (before(children[right], children[left]) ? right : left);
            } else {
                for (std::uint32_t child = first + 1; child < size; ++child)
                    if (before(entries[child], entries[best])) best = child;
            }
            if (!before(entries[best], moving)) break;
            place(slot, entries[best]);
            slot = best;
        }
        place(slot, moving);
        PATHKIT_ASSERT(ordered_at(slot));
    }

    void place(std::uint32_t slot, const Entry& entry) {
        entries_[slot] = entry;
        records_[entry.state].parent_or_slot = slot;
    }

    /// The heap order holds at `slot`: not before its parent, not after its children.
    [[nodiscard]] bool ordered_at(std::uint32_t slot) const {
        if (slot > 0 && before(entries_[slot], entries_[(slot - 1) / arity])) return false;
        const std::size_t first = arity * std::size_t{slot} + 1;
        for (std::size_t child = first; child < first + arity && child < entries_.size(); ++child)
            if (before(entries_[child], entries_[slot])) return false;
        return true;
    }

    std::vector<Entry> entries_;
    Entry front_{};  // waits in front of the heap while `has_front_`
    bool has_front_ = false;
    SearchRecord* records_ = nullptr;
};

}  // namespace pathkit::detail
