// The pool of records for keyed searches: a stamped open-addressing table from key to record.
#include "pathkit/search/keyed_search.hpp"

#include <algorithm>
#include <bit>

namespace pathkit {

namespace {

/// Spreads a key over the table (a 64-bit multiply-xorshift, as in splitmix64's finish).
std::uint64_t hash_of(StateKey key) {
    key ^= key >> 31;
    key *= 0x7fb5d329728ea185ULL;
    key ^= key >> 27;
    key *= 0x81dadef4bc2dd44dULL;
    return key ^ (key >> 33);
}

// States a context has room for before its first search grows it.
constexpr std::size_t first_room = 4096;

}  // namespace

KeyedSearchContext::KeyedSearchContext(std::size_t capacity)
    : capacity_(std::clamp<std::size_t>(capacity, 1, std::size_t{1} << 31)),
      room_(std::min(capacity_, first_room)) {}

std::size_t KeyedSearchContext::memory_bytes() const {
    return keys_.capacity() * sizeof(StateKey) + slots_.capacity() * sizeof(Slot) +
           records_.memory_bytes();
}

std::size_t KeyedSearchContext::largest_bytes(std::size_t capacity) {
    capacity = std::clamp<std::size_t>(capacity, 1, std::size_t{1} << 31);
    // Keys and records exactly as reserved; the open list doubles as it grows.
    return capacity * (sizeof(StateKey) + sizeof(detail::SearchRecord)) +
           std::bit_ceil(2 * capacity) * sizeof(Slot) + std::bit_ceil(capacity) * 16;
}

std::size_t KeyedSearchContext::capacity_within(std::size_t bytes) {
    std::size_t fits = 1, over = (std::size_t{1} << 31) + 1;  // largest_bytes(fits) <= bytes
    while (over - fits > 1) {
        const std::size_t middle = fits + (over - fits) / 2;
        (largest_bytes(middle) <= bytes ? fits : over) = middle;
    }
    return fits;
}

bool KeyedSearchContext::grow() {
    if (room_ == capacity_) return false;
    room_ = std::min(capacity_, 4 * room_);
    // Freed before the next clear() allocates them again for the larger room, exactly.
    slots_ = {};
    keys_ = {};
    records_ = SearchContext();
    return true;
}

void KeyedSearchContext::clear() {
    if (slots_.empty()) {
        slots_.assign(std::bit_ceil(2 * room_), Slot{});
        keys_.reserve(room_);
        records_.reserve(room_);
    }
    if (++stamp_ == 0) {  // after 2^32 searches: forget every old stamp once
        std::fill(slots_.begin(), slots_.end(), Slot{});
        stamp_ = 1;
    }
    keys_.clear();
    overflowed_ = false;
}

std::uint32_t KeyedSearchContext::record_of(StateKey key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = hash_of(key) & mask;; at = (at + 1) & mask) {
        Slot& slot = slots_[at];
        if (slot.stamp != stamp_) {  // empty in this search: the key is new
            if (keys_.size() == room_) {
                overflowed_ = true;
                return no_record;
            }
            slot = {static_cast<std::uint32_t>(keys_.size()), stamp_};
            keys_.push_back(key);
            return slot.record;
        }
        if (keys_[slot.record] == key) return slot.record;
    }
}

}  // namespace pathkit
