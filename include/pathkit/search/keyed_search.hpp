/// The engine on spaces whose states are not numbered densely (a tile and a time, say): each
/// key a search reaches gets a record from a pool, as Detour's node pool gives them out.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pathkit/core/assert.hpp"
#include "pathkit/search/search.hpp"
#include "pathkit/search/search_context.hpp"

namespace pathkit {

/// A state of a keyed space: any 64-bit value the space chooses (for a tile and a time,
/// `time * tiles + tile`).
using StateKey = std::uint64_t;

namespace detail {
/// Stands in for the engine's successor callback when a concept checks a keyed space.
struct KeyedSuccessorSink {
    void operator()(StateKey, Cost) const {}
};
}  // namespace detail

/// A search problem over keys: successors with step costs (as `StateSpace`: >= 0, +infinity
/// skipped, NaN or negative refused), a heuristic (>= 0, admissible for optimal paths) and a
/// goal test. Any key the space hands out is a state; nothing needs numbering in advance.
template <class Space>
concept KeyedSearchProblem = requires(const Space& space, StateKey key,
                                      detail::KeyedSuccessorSink sink) {
    space.for_each_successor(key, sink);
    { space.heuristic(key) } -> std::convertible_to<Cost>;
    { space.is_goal(key) } -> std::convertible_to<bool>;
};

class KeyedSearchContext;
template <KeyedSearchProblem Problem>
class KeyedProblem;
template <KeyedSearchProblem Problem>
PathResult<StateKey> find_keyed_path(const Problem& problem, StateKey start,
                                     KeyedSearchContext& context, const SearchOptions& options);

/// Scratch memory for keyed searches, reused from one query to the next (one per thread): the
/// engine's records for at most `capacity` states, the keys they stand for, and a hash table
/// from key to record, cleared between searches by a stamp rather than by writing it. A search
/// that reaches more states than the capacity stops (`BudgetExhausted`, the message says so),
/// as a Detour query that runs out of nodes does.
class KeyedSearchContext {
  public:
    /// Room for `capacity` states (1..2^31), allocated at the first search: about 36 bytes a
    /// state (12 for the record, 8 for its key, 16 for two hash slots).
    explicit KeyedSearchContext(std::size_t capacity);

    [[nodiscard]] std::size_t capacity() const { return capacity_; }
    /// Bytes held now.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    template <KeyedSearchProblem Problem>
    friend class KeyedProblem;
    template <KeyedSearchProblem Problem>
    friend PathResult<StateKey> find_keyed_path(const Problem&, StateKey, KeyedSearchContext&,
                                                const SearchOptions&);

    /// Forgets every key (a new search begins); allocates on first use.
    void clear();
    /// The record number of `key`, given one if it has none; `overflowed` set and
    /// `no_record` returned when the pool is full.
    std::uint32_t record_of(StateKey key);

    static constexpr std::uint32_t no_record = UINT32_MAX;
    struct Slot {
        std::uint32_t record = 0;
        std::uint32_t stamp = 0;  // the search that filled it; older means empty
    };
    std::size_t capacity_;
    std::vector<StateKey> keys_;  // by record number
    std::vector<Slot> slots_;     // open addressing, a power of two >= 2 x capacity
    std::uint32_t stamp_ = 0;
    bool overflowed_ = false;
    SearchContext records_;
};

/// The keyed problem seen by the engine: keys become record numbers as they are reached.
template <KeyedSearchProblem Problem>
class KeyedProblem {
  public:
    KeyedProblem(const Problem& problem, KeyedSearchContext& context)
        : problem_(problem), context_(context) {}

    [[nodiscard]] std::size_t state_count() const { return context_.capacity_; }
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.index() < context_.keys_.size();
    }
    [[nodiscard]] StateKey key(StateId state) const { return context_.keys_[state.index()]; }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        if (context_.overflowed_) return;  // out of records: the search drains and stops
        problem_.for_each_successor(key(state), [&](StateKey next, Cost step) {
            const std::uint32_t record = context_.record_of(next);
            if (record != KeyedSearchContext::no_record) visit(StateId(record), step);
        });
    }
    [[nodiscard]] Cost heuristic(StateId state) const { return problem_.heuristic(key(state)); }
    [[nodiscard]] bool is_goal(StateId state) const {
        return !context_.overflowed_ && problem_.is_goal(key(state));
    }

  private:
    const Problem& problem_;
    KeyedSearchContext& context_;
};

/// The cheapest path from `start` by the engine (A*, Dijkstra, breadth-first, weighted A*,
/// budgets and partial paths as for any space; jps and jps+ are refused), as keys: `options`
/// as for `find_path`. `BudgetExhausted` (or `Partial`) when the states reached outgrow the
/// context's capacity; a path found is optimal, as on a dense space.
template <KeyedSearchProblem Problem>
[[nodiscard]] PathResult<StateKey> find_keyed_path(const Problem& problem, StateKey start,
                                                   KeyedSearchContext& context,
                                                   const SearchOptions& options) {
    context.clear();
    const KeyedProblem<Problem> keyed(problem, context);
    const std::uint32_t first = context.record_of(start);
    SearchResult result = find_path(keyed, StateId(first), context.records_, options);
    if (context.overflowed_ &&
        (result.status == SearchStatus::NoPath || result.status == SearchStatus::Partial)) {
        if (result.status == SearchStatus::NoPath) result.status = SearchStatus::BudgetExhausted;
        result.message =
            "the search reached more than its " + std::to_string(context.capacity_) + " states" +
            (result.status == SearchStatus::Partial ? "; the path leads to the closest state found"
                                                    : "");
    }
    return convert_path<StateKey>(std::move(result),
                                  [&](StateId state) { return keyed.key(state); });
}

}  // namespace pathkit
