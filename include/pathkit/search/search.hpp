/// The one search engine: A*, Dijkstra, breadth-first and weighted A*, whole or time-sliced.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "pathkit/core/assert.hpp"
#include "pathkit/core/config.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"
#include "pathkit/search/search_result.hpp"
#include "pathkit/search/search_space.hpp"

namespace pathkit {

/// One search over a problem, run whole or spread over frames:
///
///     Search search(problem, context, options);
///     search.begin(start);
///     while (search.step(200) == SearchStatus::InProgress) { /* next frame */ }
///     SearchResult result = search.finish();
///
/// The problem (and the map behind it) must not change and must outlive the search; the
/// context serves only this search from `begin` until `finish` or destruction.
///
/// Tie-breaking is deterministic: among open states with equal f the one with the lower h
/// (the deeper one) is expanded first, then the one with the lower state id; a state's parent
/// changes only on a strictly cheaper path, so among equal-cost parents the first one offered
/// by `for_each_successor` wins.
template <class Problem>
class Search {
    static_assert(SearchProblem<Problem>, "the problem must model pathkit::SearchProblem");

  public:
    Search(const Problem& problem, SearchContext& context, SearchOptions options = {})
        : problem_(problem), context_(context), options_(options) {}
    /// A search keeps a reference to its problem across frames, so a temporary is refused.
    Search(const Problem&& problem, SearchContext& context, SearchOptions options = {}) = delete;
    Search(const Search&) = delete;
    Search& operator=(const Search&) = delete;
    ~Search() { release_context(); }

    /// Checks the input and puts `start` on the open list. Returns InProgress, or InvalidInput
    /// (unknown or invalid start, bad weight, context busy) with the reason in `finish()`.
    SearchStatus begin(StateId start);

    /// Runs at most `max_expansions` more expansions. Returns InProgress while the search has
    /// not ended, otherwise its final status.
    SearchStatus step(std::size_t max_expansions = unlimited_expansions);

    /// After `Found`: takes the goal just found as an ordinary state (expands it) and goes on,
    /// so that the next `step` finds the next goal in the same order: goals one at a time,
    /// nearest first (the goal test may change between calls, say to turn down a goal once it
    /// is used, as long as it stays the same for the states already taken off the open list).
    /// Returns InProgress, or the status unchanged when it is not `Found`.
    SearchStatus continue_past_goal();
    /// The goal the last `step` found; an invalid id unless the status is `Found`.
    [[nodiscard]] StateId goal_found() const {
        return status_ == SearchStatus::Found ? StateId(end_) : StateId();
    }

    /// The current status.
    [[nodiscard]] SearchStatus status() const { return status_; }
    /// Counters so far.
    [[nodiscard]] const SearchStats& stats() const { return stats_; }

    /// Ends the search and builds its result. A search still in progress is stopped as if its
    /// budget ran out (a partial path when `allow_partial` is set). Releases the context.
    SearchResult finish();

    /// As `finish`, but the path is not stored: `visit(state)` is called for each of its
    /// states from the last back to the start, while the context still holds the records, and
    /// the result's `path` stays empty (for callers that build their own path, without a copy).
    template <class Visit>
    SearchResult finish_walking(Visit&& visit);

  private:
    SearchStatus fail(std::string message) {
        message_ = std::move(message);
        status_ = SearchStatus::InvalidInput;
        release_context();
        return status_;
    }
    void release_context() {
        if (owns_context_) context_.in_use_ = false;
        owns_context_ = false;
    }
    SearchStatus stop_without_goal(SearchStatus status, std::string why);
    void remember_if_closest(std::uint32_t state, Cost h);
    void expand(std::uint32_t state);
    /// Calls `visit(next, step)` for each successor of the closed `state` (with its parent
    /// where the space prunes by it).
    template <class Visit>
    void offer_successors(std::uint32_t state, const detail::SearchRecord& record, Visit&& visit);
    /// Successors of a `ScatteredSuccessors` space gathered before they are relaxed.
    static constexpr std::size_t scattered_batch = 16;
    /// `expand` for such a space once its records outgrow the caches: prefetches each
    /// successor's record as it is offered, then relaxes them in the order offered.
    void expand_scattered(std::uint32_t state, const detail::SearchRecord& record, Cost g);
    PATHKIT_ALWAYS_INLINE void relax(std::uint32_t from, Cost from_g, std::uint32_t to, Cost step);
    void refuse_step(std::uint32_t from, std::uint32_t to);
    [[nodiscard]] Cost heuristic(std::uint32_t state) const {
        return static_cast<Cost>(problem_.heuristic(StateId(state))) + Cost{0};  // +0: no -0
    }
    [[nodiscard]] std::uint64_t key(Cost g, Cost h) const {
        return detail::heap_key(g + weight_ * h, h);
    }
    [[nodiscard]] bool uses_heuristic() const {
        return options_.algorithm == SearchAlgorithm::AStar;
    }

    const Problem& problem_;
    SearchContext& context_;
    SearchOptions options_;
    Cost weight_ = 1;
    SearchStatus status_ = SearchStatus::InProgress;
    bool begun_ = false;
    bool records_beyond_cache_ = false;  // `scattered_min_states` states or more
    bool owns_context_ = false;
    std::string message_;
    SearchStats stats_;
    std::uint32_t start_ = 0;
    std::uint32_t end_ = 0;  // the goal, or the closest state of a partial result
    bool has_closest_ = false;
    std::uint32_t closest_ = 0;
    Cost closest_h_ = infinite_cost;
    Cost closest_g_ = infinite_cost;
    std::size_t queue_head_ = 0;               // breadth-first: next entry of the FIFO to expand
    detail::SearchRecord* records_ = nullptr;  // the context's records, fixed during the search
    std::uint32_t search_number_ = 0;
};

/// Runs a whole search from `start` and returns its result.
template <class Problem>
[[nodiscard]] SearchResult find_path(const Problem& problem, StateId start, SearchContext& context,
                                     const SearchOptions& options = {}) {
    Search<Problem> search(problem, context, options);
    if (search.begin(start) == SearchStatus::InProgress) search.step();
    return search.finish();
}

template <class Problem>
SearchStatus Search<Problem>::begin(StateId start) {
    if (begun_) return fail("this search has already begun");
    begun_ = true;
    if (context_.in_use_) return fail("the search context is in use by another search");
    const std::size_t count = problem_.state_count();
    if (count >= detail::max_states) return fail("the space has too many states");
    if (!start.is_valid() || start.index() >= count)
        return fail("start state " + std::to_string(start.value) + " is outside the space");
    if (!problem_.is_valid(start))
        return fail("start state " + std::to_string(start.value) + " is not a valid state");
    if (runs_on_grids_only(options_.algorithm))
        return fail(std::string(to_string(options_.algorithm)) +
                    " runs on tile grids only (GridSpace::find_path); astar, dijkstra and bfs "
                    "run here");
    if (options_.algorithm == SearchAlgorithm::AStar) {
        if (!(options_.heuristic_weight >= 1) || !std::isfinite(options_.heuristic_weight))
            return fail("heuristic weight must be finite and >= 1");
        weight_ = options_.heuristic_weight;
    }
    stats_.method = options_.algorithm == SearchAlgorithm::Dijkstra       ? "dijkstra"
                    : options_.algorithm == SearchAlgorithm::BreadthFirst ? "breadth-first"
                    : weight_ > 1                                         ? "weighted-astar"
                                                                          : "astar";
    context_.in_use_ = true;
    owns_context_ = true;
    context_.prepare(count);
    records_ = context_.records_.data();
    records_beyond_cache_ = count >= scattered_min_states;
    search_number_ = context_.search_number_;

    start_ = start.value;
    auto& record = records_[start_];
    record = {0, start_, search_number_ * 2};
    if (options_.algorithm == SearchAlgorithm::BreadthFirst) {
        context_.queue_.push_back(start_);
    } else {
        const Cost h = uses_heuristic() ? heuristic(start_) : 0;
        if (!(h >= 0)) return fail("heuristic of the start state is negative or NaN");
        if (options_.cost_bound < infinite_cost && h >= options_.cost_bound)
            return status_;  // the open list stays empty: NoPath
        record.mark |= 1u;
        context_.heap_.push(key(0, h), start_, start_);
        ++stats_.heap_pushes;
    }
    return status_;
}

template <class Problem>
SearchStatus Search<Problem>::step(std::size_t max_expansions) {
    if (status_ != SearchStatus::InProgress || !begun_) return status_;
    auto& heap = context_.heap_;
    auto& queue = context_.queue_;
    const bool breadth_first = options_.algorithm == SearchAlgorithm::BreadthFirst;
    for (std::size_t done = 0; done < max_expansions; ++done) {
        std::uint32_t state;
        Cost h = 0;
        if (breadth_first) {
            if (queue_head_ == queue.size()) break;
            state = queue[queue_head_++];
        } else {
            if (heap.empty()) break;
            const auto entry = heap.pop();
            ++stats_.heap_pops;
            state = entry.state;
            h = detail::heuristic_of_key(entry.key);
        }
        if (problem_.is_goal(StateId(state))) {
            end_ = state;
            status_ = SearchStatus::Found;
            return status_;
        }
        if (options_.allow_partial) {
            remember_if_closest(state, uses_heuristic() ? h : heuristic(state));
        }
        if (stats_.expanded >= options_.max_expansions) {
            return stop_without_goal(
                SearchStatus::BudgetExhausted,
                "expansion budget of " + std::to_string(options_.max_expansions) + " exhausted");
        }
        expand(state);
        if (status_ == SearchStatus::InvalidInput) return status_;
    }
    const bool open_list_empty = breadth_first ? queue_head_ == queue.size() : heap.empty();
    if (open_list_empty) return stop_without_goal(SearchStatus::NoPath, "no path reaches the goal");
    return status_;
}

template <class Problem>
SearchStatus Search<Problem>::continue_past_goal() {
    if (status_ != SearchStatus::Found) return status_;
    status_ = SearchStatus::InProgress;
    if (options_.allow_partial) remember_if_closest(end_, heuristic(end_));
    if (stats_.expanded >= options_.max_expansions) {
        return stop_without_goal(
            SearchStatus::BudgetExhausted,
            "expansion budget of " + std::to_string(options_.max_expansions) + " exhausted");
    }
    expand(end_);
    return status_;
}

template <class Problem>
void Search<Problem>::expand(std::uint32_t state) {
    ++stats_.expanded;
    if (context_.expansion_log_ != nullptr) [[unlikely]]
        context_.expansion_log_->push_back(StateId(state));
    const auto& record = records_[state];
    const Cost g = record.g;
    if constexpr (ScatteredSuccessors<Problem>) {
        if (records_beyond_cache_) {
            expand_scattered(state, record, g);
            return;
        }
    }
    offer_successors(state, record, [&](StateId next, Cost step) PATHKIT_ALWAYS_INLINE_LAMBDA {
        relax(state, g, next.value, static_cast<Cost>(step));
    });
}

template <class Problem>
void Search<Problem>::expand_scattered(std::uint32_t state, const detail::SearchRecord& record,
                                       Cost g) {
    // Each successor's record is asked of the memory as the successor is found, and all are
    // relaxed after, in the order found: the misses overlap the space's own work (the scans
    // to the next jump point) instead of following one another.
    std::pair<std::uint32_t, Cost> found[scattered_batch];
    std::size_t count = 0;
    const auto relax_found = [&] {
        for (std::size_t i = 0; i < count; ++i)
            relax(state, g, found[i].first, found[i].second);
        count = 0;
    };
    offer_successors(state, record, [&](StateId next, Cost step) PATHKIT_ALWAYS_INLINE_LAMBDA {
        if (count == scattered_batch) relax_found();
        prefetch_line_for_write(&records_[next.value]);
        found[count++] = {next.value, static_cast<Cost>(step)};
    });
    relax_found();
}

template <class Problem>
template <class Visit>
void Search<Problem>::offer_successors(std::uint32_t state, const detail::SearchRecord& record,
                                       Visit&& visit) {
    if constexpr (ParentAwareSpace<Problem>) {
        // Jump point search prunes by the direction it came from.
        const std::uint32_t from = record.parent_or_slot;  // closed: the parent
        const StateId parent = from == state ? StateId() : StateId(from);
        problem_.for_each_successor(StateId(state), parent, visit);
    } else {
        problem_.for_each_successor(StateId(state), visit);
    }
}

template <class Problem>
void Search<Problem>::refuse_step(std::uint32_t from, std::uint32_t to) {
    if (status_ != SearchStatus::InvalidInput) {
        fail("step cost from state " + std::to_string(from) + " to state " + std::to_string(to) +
             " is negative or NaN");
    }
}

template <class Problem>
void Search<Problem>::relax(std::uint32_t from, Cost from_g, std::uint32_t to, Cost step) {
    if (!(step >= 0 && step < infinite_cost)) [[unlikely]] {
        if (step != infinite_cost) refuse_step(from, to);  // +infinity is "no move"
        return;
    }
    ++stats_.generated;
    // The space's promises, checked in debug builds: successors are valid states.
    PATHKIT_ASSERT(to < problem_.state_count() && problem_.is_valid(StateId(to)));
    const Cost g = from_g + step;
    auto& record = records_[to];
    if (!record.written_by(search_number_)) {
        if (options_.algorithm == SearchAlgorithm::BreadthFirst) {
            record = {g, from, search_number_ * 2};
            context_.queue_.push_back(to);
            return;
        }
        const Cost h = uses_heuristic() ? heuristic(to) : 0;
        if (!(h >= 0)) [[unlikely]] {
            fail("heuristic of state " + std::to_string(to) + " is negative or NaN");
            return;
        }
        // Beyond the bound: left unreached, so a cheaper way to it later is taken as new.
        if (options_.cost_bound < infinite_cost && g + h >= options_.cost_bound) return;
        record = {g, from, search_number_ * 2};
        record.mark |= 1u;
        context_.heap_.push(key(g, h), to, from);
        ++stats_.heap_pushes;
        return;
    }
    if (!(g < record.g) || options_.algorithm == SearchAlgorithm::BreadthFirst) return;
    // Weighted A* leaves a closed state closed: with a consistent heuristic its path is still
    // within the weight of the optimum, and the states already reached through it keep the
    // costs their parents give them, so the path returned costs what the search reports.
    if (weight_ > 1 && !record.is_open()) return;
    record.g = g;
    if (record.is_open()) {
        const std::uint32_t slot = record.parent_or_slot;
        const Cost h = detail::heuristic_of_key(context_.heap_.key_at(slot));
        context_.heap_.decrease(slot, key(g, h), from);
        ++stats_.heap_decreases;
    } else {
        // Only an inconsistent heuristic can improve a closed state (weight 1 here).
        record.mark |= 1u;
        ++stats_.reopened;
        context_.heap_.push(key(g, heuristic(to)), to, from);
        ++stats_.heap_pushes;
    }
}

template <class Problem>
void Search<Problem>::remember_if_closest(std::uint32_t state, Cost h) {
    const Cost g = records_[state].g;
    if (!has_closest_ || h < closest_h_ || (h == closest_h_ && g < closest_g_)) {
        has_closest_ = true;
        closest_ = state;
        closest_h_ = h;
        closest_g_ = g;
    }
}

template <class Problem>
SearchStatus Search<Problem>::stop_without_goal(SearchStatus status, std::string why) {
    message_ = std::move(why);
    if (options_.allow_partial && has_closest_) {
        status = SearchStatus::Partial;
        message_ += "; the path leads to the closest state found";
        end_ = closest_;
    }
    status_ = status;
    return status_;
}

template <class Problem>
SearchResult Search<Problem>::finish() {
    std::vector<StateId> path;
    SearchResult result = finish_walking([&](StateId state) { path.push_back(state); });
    std::reverse(path.begin(), path.end());
    result.path = std::move(path);
    return result;
}

template <class Problem>
template <class Visit>
SearchResult Search<Problem>::finish_walking(Visit&& visit) {
    SearchResult result;
    if (status_ == SearchStatus::InProgress && begun_) {
        stop_without_goal(SearchStatus::BudgetExhausted, "search stopped before it ended");
    }
    result.status = begun_ ? status_ : SearchStatus::InvalidInput;
    result.message = begun_ ? message_ : std::string("the search was never begun");
    result.stats = stats_;
    if (result.status == SearchStatus::Found || result.status == SearchStatus::Partial) {
        result.cost = context_.records_[end_].g;
        if (!(result.cost < infinite_cost)) {  // finite steps whose sum overflowed a float
            result.status = SearchStatus::InvalidInput;
            result.message = "the path's cost overflows the largest finite cost";
            result.cost = 0;
        } else {
            // A state reopened after its children were closed may be open again: its parent
            // then waits in the heap, which parent_of_unchecked reads.
            for (std::uint32_t state = end_;; state = context_.parent_of_unchecked(state)) {
                visit(StateId(state));
                if (state == start_) break;
            }
        }
    }
    release_context();
    return result;
}

}  // namespace pathkit
