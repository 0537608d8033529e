/// Per-thread scratch memory of the engine: node records with search stamps and the open list.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "pathkit/core/cost.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/table_allocator.hpp"
#include "pathkit/search/indexed_heap.hpp"

namespace pathkit {

template <class Problem>
class Search;

/// Scratch memory for searches, reused from one query to the next (one per thread).
///
/// Maps stay immutable and shareable during queries; everything a search writes lives here.
/// Nothing is cleared between queries: each record carries the number of the search that
/// wrote it, so a stale record reads as "not reached". One context serves one search at a
/// time; a second search begun while a time-sliced one is running is refused.
class SearchContext {
  public:
    SearchContext() = default;
    SearchContext(const SearchContext&) = delete;
    SearchContext& operator=(const SearchContext&) = delete;
    SearchContext(SearchContext&&) = default;
    SearchContext& operator=(SearchContext&&) = default;

    /// Whether the last search reached `state` (generated it). False for ids out of range.
    [[nodiscard]] bool was_reached(StateId state) const {
        return state.index() < records_.size() &&
               records_[state.index()].written_by(search_number_);
    }
    /// The cheapest cost found to `state` by the last search; +infinity if it was not reached.
    /// After a Dijkstra search that explored everything these are the exact distances.
    [[nodiscard]] Cost cost_to(StateId state) const {
        return was_reached(state) ? records_[state.index()].g : infinite_cost;
    }
    /// Bytes of scratch memory held: 12 per state of the largest space searched (from 2 MiB
    /// of them on, in huge pages where the system offers them, and up to 2 MiB more of
    /// address space: `TableAllocator`), plus the open list (16 per open state at the
    /// search's peak).
    [[nodiscard]] std::size_t memory_bytes() const {
        return table_bytes(records_) + heap_.memory_bytes() +
               queue_.capacity() * sizeof(std::uint32_t);
    }

    /// Makes the searches run with this context append every state they expand, in order, to
    /// `log` (to draw a search as it unfolds, as the playground page does); nullptr, the
    /// default, stops. The log is only appended to, and must outlive those searches.
    void record_expansions(std::vector<StateId>* log) { expansion_log_ = log; }

    /// Grows the records for spaces of up to `state_count` states now (at a level load, say),
    /// so that the first search does not pay for it.
    void reserve(std::size_t state_count) {
        if (records_.size() < state_count) records_.resize(state_count);
    }

  private:
    template <class Problem>
    friend class Search;

    /// The parent of a state the current search reached (itself for the start).
    [[nodiscard]] std::uint32_t parent_of_unchecked(std::uint32_t state) const {
        const detail::SearchRecord& record = records_[state];
        return record.is_open() ? heap_.parent_at(record.parent_or_slot) : record.parent_or_slot;
    }

    /// Starts a new search over `state_count` states: grows the records, advances the stamp.
    void prepare(std::size_t state_count) {
        reserve(state_count);
        if (++search_number_ > detail::max_search_number) {  // forget every old record once
            for (auto& record : records_)
                record.mark = 0;
            search_number_ = 1;
        }
        heap_.clear();
        queue_.clear();
        heap_.attach(records_.data());
    }

    // Read at random, one record a generated state: in huge pages where the system offers them.
    std::vector<detail::SearchRecord, TableAllocator<detail::SearchRecord>> records_;
    detail::IndexedHeap heap_;
    std::vector<std::uint32_t> queue_;  // breadth-first order
    std::uint32_t search_number_ = 0;
    bool in_use_ = false;
    std::vector<StateId>* expansion_log_ = nullptr;
};

/// A context owned by the calling thread, for the convenience overloads that take none
/// (`graph.find_path(a, b)`). Not for time-sliced searches: give those a context of their own.
[[nodiscard]] SearchContext& thread_search_context();

}  // namespace pathkit
