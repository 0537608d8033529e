/// The concepts every space implements to be searched by the one engine (see docs/design.md).
#pragma once

#include <concepts>
#include <cstddef>

#include "pathkit/core/cost.hpp"
#include "pathkit/core/ids.hpp"

namespace pathkit {

namespace detail {
/// Stands in for the engine's successor callback when a concept checks a space.
struct SuccessorSink {
    void operator()(StateId, Cost) const {}
};
}  // namespace detail

/// A map the engine can walk: dense state ids, validity, and successors with step costs.
///
/// - `state_count()`: every state id is below it; the engine sizes its scratch memory by it.
/// - `is_valid(s)`: whether `s` is a state a search may start from (inside, walkable, enabled).
/// - `for_each_successor(s, f)`: calls `f(StateId next, Cost step)` once per move out of `s`.
///   Step costs must be >= 0; +infinity means "no move" and is skipped; a NaN or negative step
///   stops the search with `SearchStatus::InvalidInput`. Successors must be valid states.
template <class Space>
concept StateSpace = requires(const Space& space, StateId state, detail::SuccessorSink sink) {
    { space.state_count() } -> std::convertible_to<std::size_t>;
    { space.is_valid(state) } -> std::convertible_to<bool>;
    space.for_each_successor(state, sink);
};

/// A space whose successors depend on the state the search came from (jump point search):
/// the engine then calls `for_each_successor(s, parent, f)`, with an invalid parent for the
/// start. The plain `for_each_successor(s, f)` must still list every move out of `s`.
template <class Space>
concept ParentAwareSpace = StateSpace<Space> &&
    requires(const Space& space, StateId state, detail::SuccessorSink sink) {
    space.for_each_successor(state, state, sink);
};

/// A space whose successors lie far apart in memory (jump points) says so with
/// `static constexpr bool scattered_successors = true`: the engine then gathers an expansion's
/// successors, asking for each one's record as it is found, and relaxes them after, in order.
template <class Space>
concept ScatteredSuccessors = StateSpace<Space> && requires {
    requires Space::scattered_successors;
};
/// From this many states on a search's records miss the caches, and only then does the engine
/// gather a `ScatteredSuccessors` space's successors; below, the gathering costs more than it
/// saves (measured: docs/benchmarks.md).
inline constexpr std::size_t scattered_min_states = std::size_t{1} << 20;

/// A state space that can estimate the cost between any two states: `estimate(a, b)` must
/// never exceed the true cheapest cost from `a` to `b` (admissible), and should be consistent.
template <class Space>
concept MetricSpace = StateSpace<Space> && requires(const Space& space, StateId a, StateId b) {
    { space.estimate(a, b) } -> std::convertible_to<Cost>;
};

/// What the engine runs: a state space plus a goal test and a heuristic towards that goal.
/// `heuristic(s)` must be >= 0 and, for optimal results, admissible. Build one from a
/// `MetricSpace` with the adapters in goals.hpp, or write one directly (a game's delegate).
template <class Problem>
concept SearchProblem = StateSpace<Problem> && requires(const Problem& problem, StateId state) {
    { problem.heuristic(state) } -> std::convertible_to<Cost>;
    { problem.is_goal(state) } -> std::convertible_to<bool>;
};

}  // namespace pathkit
