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

}  // namespace

KeyedSearchContext::KeyedSearchContext(std::size_t capacity)
    : capacity_(std::clamp<std::size_t>(capacity, 1, std::size_t{1} << 31)) {}

std::size_t KeyedSearchContext::memory_bytes() const {
    return keys_.capacity() * sizeof(StateKey) + slots_.capacity() * sizeof(Slot) +
           records_.memory_bytes();
}

void KeyedSearchContext::clear() {
    if (slots_.empty()) {
        slots_.assign(std::bit_ceil(2 * capacity_), Slot{});
        keys_.reserve(capacity_);
        records_.reserve(capacity_);
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
            if (keys_.size() == capacity_) {
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
