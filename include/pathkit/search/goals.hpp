/// Adapters that turn a state space into a search problem: one goal, any of several, or a test.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "pathkit/search/search_space.hpp"

namespace pathkit {

/// Forwards the state-space part of a problem to the wrapped space.
template <StateSpace Space>
class SpaceView {
  public:
    explicit SpaceView(const Space& space) : space_(&space) {}

    [[nodiscard]] std::size_t state_count() const { return space_->state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return space_->is_valid(state); }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        space_->for_each_successor(state, std::forward<Visit>(visit));
    }
    template <class Visit>
    requires ParentAwareSpace<Space>
    void for_each_successor(StateId state, StateId parent, Visit&& visit) const {
        space_->for_each_successor(state, parent, std::forward<Visit>(visit));
    }
    /// The wrapped space.
    [[nodiscard]] const Space& space() const { return *space_; }

  private:
    const Space* space_;
};

/// Search for one goal state, guided by the space's estimate towards it.
template <MetricSpace Space>
class SingleGoal : public SpaceView<Space> {
  public:
    /// `goal` must stay a state of `space`; the space must outlive this problem.
    SingleGoal(const Space& space, StateId goal) : SpaceView<Space>(space), goal_(goal) {}

    [[nodiscard]] bool is_goal(StateId state) const { return state == goal_; }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return this->space().estimate(state, goal_);
    }
    [[nodiscard]] StateId goal() const { return goal_; }

  private:
    StateId goal_;
};

/// Search for the cheapest path to any of several goal states ("the nearest exit").
/// The heuristic is the smallest estimate over the goals, so it stays admissible.
template <MetricSpace Space>
class AnyOfGoals : public SpaceView<Space> {
  public:
    /// Duplicate goals are ignored. An empty goal list makes every search end in `NoPath`.
    AnyOfGoals(const Space& space, std::vector<StateId> goals)
        : SpaceView<Space>(space), goals_(std::move(goals)) {
        std::sort(goals_.begin(), goals_.end());
        goals_.erase(std::unique(goals_.begin(), goals_.end()), goals_.end());
    }

    [[nodiscard]] bool is_goal(StateId state) const {
        return std::binary_search(goals_.begin(), goals_.end(), state);
    }
    [[nodiscard]] Cost heuristic(StateId state) const {
        Cost best = infinite_cost;
        for (StateId goal : goals_)
            best = std::min(best, this->space().estimate(state, goal));
        return goals_.empty() ? 0 : best;
    }
    /// The goals, sorted and without duplicates.
    [[nodiscard]] const std::vector<StateId>& goals() const { return goals_; }

  private:
    std::vector<StateId> goals_;
};

/// Search for the cheapest state where `predicate(state)` holds, with a zero heuristic
/// (Space Age's move-away search: "any tile not on another unit's path").
template <StateSpace Space, class Predicate>
class GoalWhere : public SpaceView<Space> {
  public:
    GoalWhere(const Space& space, Predicate predicate)
        : SpaceView<Space>(space), predicate_(std::move(predicate)) {}

    [[nodiscard]] bool is_goal(StateId state) const { return predicate_(state); }
    [[nodiscard]] Cost heuristic(StateId) const { return 0; }

  private:
    Predicate predicate_;
};

}  // namespace pathkit
