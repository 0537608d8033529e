// GridHierarchy's abstract searches as problems for the engine: the gates with a query's start
// and goal (the fast plan forwards, the optimal mode's bounds backwards), the optimal mode's
// guide built from those bounds, and A* over the tiles with that guide as heuristic.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <span>

#include "hierarchy_spaces.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit::detail {

using Cluster = GridHierarchy::Cluster;
using Gate = GridHierarchy::Gate;

/// Which search over the abstract graph an `AbstractProblem` is.
struct AbstractSearchKind {
    /// Backward (the optimal mode's heuristic): Dijkstra from the goal over the moves reversed,
    /// costs exact lower bounds. Else forward (the fast mode's plans).
    bool backward = false;
    /// Over the coarse gates (finer gates only).
    bool coarse = false;
    /// Crossings only into the clusters of the query's corridor.
    bool in_corridor = false;
    /// Forward, for the corridor plan's two searches: after a move between two gates of one
    /// cluster, no second such move from the gate reached, only moves out of the cluster.
    /// Going from the first gate to the third directly costs no more, but for up to a gate's
    /// length (a bound is free along a gate). The fine search's gates are short, and the
    /// coarse search only picks the corridor the fine one searches: the plans generate about
    /// half the moves for the same excess. The whole-sides plan keeps every move (pruned, its
    /// excess rose from 3.60 % to 3.72 %; measured: docs/benchmarks.md).
    bool one_inside_move = false;
    /// Forward over the fine gates: the search ends at any fine gate of this coarse gate state
    /// (cluster * slots + coarse gate) instead of at the goal (`no_stretch_end`: the goal).
    std::uint32_t stretch_end = no_stretch_end;
    /// Forward over whole sides (the coarse gates with finer gates), towards the goal: the
    /// estimate takes the hierarchy's landmarks too, where it has any.
    bool landmarks = false;
    static constexpr std::uint32_t no_stretch_end = ~0u;
};

/// The abstract graph with the query's start and goal as its last two states. Forward (the
/// fast mode's plan): weighted A* from the start, each gate standing at its middle tile, so that
/// moving along a gate costs what the octile distance says. Backward (the optimal mode's
/// heuristic): Dijkstra from the goal over the moves reversed, costs exact lower bounds.
class AbstractProblem {
  public:
    AbstractProblem(const GridHierarchy& hierarchy, const detail::HierarchyQuery& query,
                    AbstractSearchKind kind)
        : hierarchy_(hierarchy),
          clusters_(hierarchy.clusters()),
          query_(query),
          slots_(hierarchy.slots()),
          slot_bits_(std::countr_zero(slots_)),
          start_state_(static_cast<std::uint32_t>(hierarchy.clusters().size()) * slots_),
          goal_(detail::padded_cell(hierarchy.space().map(), query.goal)),
          backward_(kind.backward),
          coarse_(kind.coarse),
          in_corridor_(kind.in_corridor),
          one_inside_move_(kind.one_inside_move && !kind.backward),
          stretch_end_(kind.stretch_end),
          aim_{.x0 = goal_.x, .y0 = goal_.y, .x1 = goal_.x, .y1 = goal_.y} {
        if (stretch_end_ != AbstractSearchKind::no_stretch_end)
            aim_ = clusters_[cluster_of(stretch_end_)].coarse_gates[gate_of(stretch_end_)];
        PATHKIT_ASSERT(std::has_single_bit(slots_));
        PATHKIT_ASSERT(!(backward_ && coarse_));  // the optimal mode's bounds are fine
        if (kind.landmarks && !backward_ && stretch_end_ == AbstractSearchKind::no_stretch_end)
            place_goal_among_landmarks();
    }

    [[nodiscard]] std::uint32_t start_state() const { return start_state_; }
    [[nodiscard]] std::uint32_t goal_state() const { return start_state_ + 1; }
    [[nodiscard]] std::size_t state_count() const { return start_state_ + 2; }
    [[nodiscard]] bool is_valid(StateId state) const {
        if (state.value >= start_state_) return state.value < start_state_ + 2;
        return gate_of(state.value) < gates_of(clusters_[cluster_of(state.value)]).size();
    }
    /// Every move out of `state`.
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        for_each_successor(state, StateId(), visit);
    }
    /// The moves out of `state`, reached from `parent` (invalid for the first state).
    template <class Visit>
    void for_each_successor(StateId state, StateId parent, Visit&& visit) const {
        const std::uint32_t value = state.value;
        // Reached by a move inside one cluster: `one_inside_move` allows no second.
        const bool inside = !one_inside_move_ || !parent.is_valid() ||
                            parent.value >= start_state_ || value >= start_state_ ||
                            cluster_of(parent.value) != cluster_of(value);
        if (value == start_state_ || value == goal_state()) {
            // The start leads to the gates of its cluster; backward, the goal is led to.
            const bool from_start = value == start_state_;
            if (from_start == backward_) return;
            const std::uint32_t cluster = from_start ? query_.start_cluster : query_.goal_cluster;
            const auto& bounds =
                coarse_ ? (from_start ? query_.coarse_start_bounds : query_.coarse_goal_bounds)
                        : (from_start ? query_.start_bounds : query_.goal_bounds);
            for (std::uint32_t gate = 0; gate < bounds.size(); ++gate)
                if (bounds[gate] < infinite_cost)
                    visit(StateId(cluster * slots_ + gate),
                          cost(value, cluster, gate, bounds[gate]));
            if (query_.direct < infinite_cost)
                visit(StateId(from_start ? goal_state() : start_state_), query_.direct);
            return;
        }
        const std::uint32_t cluster = cluster_of(value), gate = gate_of(value);
        const Cluster& data = clusters_[cluster];
        if (!backward_) {
            const detail::PlanMoves& plan = coarse_ ? data.coarse_plan : data.plan;
            const std::span<const detail::PlanMoves::Move> moves = plan.moves(gate);
            const std::size_t crossings = plan.crossings(gate);
            const std::size_t end = inside ? moves.size() : crossings;
            for (std::size_t i = 0; i < end; ++i) {
                const detail::PlanMoves::Move& move = moves[i];
                if (i < crossings) {
                    if (in_corridor_ &&
                        query_.corridor[cluster_of(move.to)] != query_.corridor_stamp)
                        continue;
                    // The cluster entered is read when its gate is expanded, often soon after,
                    // and its moves were the plans' largest cost, read one cluster after
                    // another: they are asked for now (measured: docs/benchmarks.md).
                    const Cluster& entered = clusters_[cluster_of(move.to)];
                    (coarse_ ? entered.coarse_plan : entered.plan).prefetch();
                }
                visited_ = move;
                visit(StateId(move.to), move.cost);
            }
            const auto& goal_bounds = coarse_ ? query_.coarse_goal_bounds : query_.goal_bounds;
            if (cluster == query_.goal_cluster && goal_bounds[gate] < infinite_cost)
                visit(StateId(goal_state()), detail::forward_cost(hierarchy_.space(), middle(value),
                                                                  goal_, goal_bounds[gate]));
            return;
        }
        // Backward: the moves reversed, at their bounds.
        const std::size_t count = data.gates.size();
        for (auto entry = std::lower_bound(
                 data.entries.begin(), data.entries.end(), gate,
                 [](const GridHierarchy::Crossing&c, std::uint32_t g) { return c.gate < g; });
             entry != data.entries.end() && entry->gate == gate; ++entry)
            visit(StateId(entry->other), entry->cost);
        for (std::uint32_t other = 0; other < count; ++other) {
            const Cost bound = data.bounds[other * count + gate];
            if (other != gate && bound < infinite_cost)
                visit(StateId(cluster * slots_ + other), bound);
        }
        if (cluster == query_.start_cluster && query_.start_bounds[gate] < infinite_cost)
            visit(StateId(start_state_), query_.start_bounds[gate]);
    }
    [[nodiscard]] Cost heuristic(StateId state) const {
        if (backward_ || state.value == goal_state()) return 0;
        // A state is most often asked for just after its move was visited.
        const detail::PaddedCell from = state.value == visited_.to
                                            ? detail::PaddedCell{visited_.x, visited_.y}
                                            : middle(state.value);
        const Cost octile = detail::estimate_to_box(hierarchy_.space(), from.x, from.y, aim_.x0,
                                                    aim_.y0, aim_.x1, aim_.y1);
        return landmarks_ == 0 || state.value >= start_state_
                   ? octile
                   : std::max(octile, landmark_estimate(state.value));
    }
    [[nodiscard]] bool is_goal(StateId state) const {
        last_taken_ = state.value;
        if (stretch_end_ != AbstractSearchKind::no_stretch_end)
            return state.value < start_state_ &&
                   cluster_of(state.value) == cluster_of(stretch_end_) &&
                   clusters_[cluster_of(state.value)].coarse_of[gate_of(state.value)] ==
                       gate_of(stretch_end_);
        return state.value == (backward_ ? start_state_ : goal_state());
    }
    /// The last state the search took off its open list (the engine asks `is_goal` of each
    /// state it takes): under Dijkstra, every state it has not finished is at least as far.
    [[nodiscard]] std::uint32_t last_taken() const { return last_taken_; }

  private:
    /// The goal's plan cost from each landmark: the least over the gates of its cluster that
    /// lead to it of the landmark's cost to the gate and the move to the goal. Landmarks that
    /// reach none of them are left out.
    void place_goal_among_landmarks() {
        const std::size_t count = hierarchy_.landmarks().size();
        const std::uint32_t cluster = query_.goal_cluster;
        const auto& bounds = coarse_ ? query_.coarse_goal_bounds : query_.goal_bounds;
        for (std::size_t landmark = 0; landmark < count; ++landmark) {
            Cost best = infinite_cost;
            for (std::uint32_t gate = 0; gate < bounds.size(); ++gate) {
                const std::uint32_t state = cluster * slots_ + gate;
                const Cost to_gate = hierarchy_.landmark_cost(landmark, state);
                if (bounds[gate] < infinite_cost && to_gate < infinite_cost)
                    best = std::min(
                        best, to_gate + detail::forward_cost(hierarchy_.space(), middle(state),
                                                             goal_, bounds[gate]));
            }
            if (best < infinite_cost) {
                goal_landmark_costs_[landmarks_] = best;
                landmark_of_[landmarks_++] = static_cast<std::uint8_t>(landmark);
            }
        }
    }
    /// The landmarks' estimate from a gate state to the goal: the largest difference of a
    /// landmark's costs to it and to the goal (the plan's moves cost about what they cost
    /// back, so either side of the difference).
    [[nodiscard]] Cost landmark_estimate(std::uint32_t state) const {
        Cost best = 0;
        for (std::size_t i = 0; i < landmarks_; ++i) {
            const Cost here = hierarchy_.landmark_cost(landmark_of_[i], state);
            if (here < infinite_cost)
                best = std::max(best, std::abs(goal_landmark_costs_[i] - here));
        }
        return best;
    }
    /// Where a state stands in the forward search: a gate's middle tile, the start, the goal.
    [[nodiscard]] detail::PaddedCell middle(std::uint32_t state) const {
        if (state == start_state_)
            return detail::padded_cell(hierarchy_.space().map(), query_.start);
        if (state == goal_state()) return goal_;
        return detail::gate_middle(gates_of(clusters_[cluster_of(state)])[gate_of(state)]);
    }
    /// The cluster and the gate of a gate state (slots are a power of two).
    [[nodiscard]] std::uint32_t cluster_of(std::uint32_t state) const {
        return state >> slot_bits_;
    }
    [[nodiscard]] std::uint32_t gate_of(std::uint32_t state) const { return state & (slots_ - 1); }
    /// The cost of a move from the start or to the goal: forward, from where one stands to
    /// where the other does, as `detail::forward_cost`.
    [[nodiscard]] Cost cost(std::uint32_t from, std::uint32_t cluster, std::uint32_t gate,
                            Cost bound) const {
        if (backward_) return bound;
        return detail::forward_cost(hierarchy_.space(), middle(from),
                                    middle(cluster * slots_ + gate), bound);
    }

    const GridHierarchy& hierarchy_;
    const std::vector<Cluster>& clusters_;
    const detail::HierarchyQuery& query_;
    std::uint32_t slots_;
    int slot_bits_;  // slots_ is 1 << slot_bits_
    std::uint32_t start_state_;
    detail::PaddedCell goal_;
    [[nodiscard]] const std::vector<Gate>& gates_of(const Cluster& data) const {
        return coarse_ ? data.coarse_gates : data.gates;
    }

    bool backward_;
    bool coarse_;
    bool in_corridor_;
    bool one_inside_move_;
    std::uint32_t stretch_end_;
    Gate aim_;  // the box the heuristic estimates to: the goal's tile, or the stretch's end
    mutable std::uint32_t last_taken_ = 0;
    mutable detail::PlanMoves::Move visited_{.to = ~0u};  // the last move visited
    // The landmarks the goal is reached from (`place_goal_among_landmarks`) and its cost from each.
    std::size_t landmarks_ = 0;
    std::array<std::uint8_t, detail::max_plan_landmarks> landmark_of_{};
    std::array<Cost, detail::max_plan_landmarks> goal_landmark_costs_{};
};

/// The optimal mode's lower bound on the cost from a tile to the goal: the larger of the
/// octile estimate and, over the gates the tile's cluster can be left by, the estimate to the
/// gate plus a lower bound on the gate's cost to the goal (the backward abstract search's cost
/// when it finished the gate before the start, else that of the start: Dijkstra had finished
/// every gate nearer), or in the goal's cluster the exact cost inside it.
class AbstractGuide {
  public:
    AbstractGuide(const GridHierarchy& hierarchy, const detail::HierarchyQuery& query)
        : space_(hierarchy.space()),
          layout_(hierarchy.layout()),
          clusters_(hierarchy.clusters()),
          query_(query),
          slots_(hierarchy.slots()),
          goal_(detail::padded_cell(hierarchy.space().map(), query.goal)),
          far_(query.abstract_cost + space_.distance_estimate(layout_.side - 1, layout_.side - 1)) {
    }

    /// The bound for padded tile `tile`.
    [[nodiscard]] Cost operator()(std::uint32_t tile) const {
        const detail::PaddedCell cell = detail::padded_cell(space_.map(), tile);
        const Cost octile =
            detail::estimate_to_box(space_, cell.x, cell.y, goal_.x, goal_.y, goal_.x, goal_.y);
        const std::uint32_t cluster = layout_.cluster_at(cell.x, cell.y);
        // Outside the goal's cluster the bound is at most the estimate across the cluster plus
        // the abstract cost of the start: no better than the octile estimate this far away.
        if (octile >= far_ && cluster != query_.goal_cluster) return octile;
        Cost best = infinite_cost;
        if (cluster == query_.goal_cluster) {
            const int x = cell.x - layout_.left(cluster), y = cell.y - layout_.top(cluster);
            best = query_.goal_costs[static_cast<std::size_t>((y << layout_.shift) + x)];
        }
        const auto& gates = clusters_[cluster].gates;
        for (std::uint32_t gate = 0; gate < gates.size(); ++gate) {
            const Cost rest =
                std::min(query_.abstract_context.cost_to(StateId(cluster * slots_ + gate)),
                         query_.abstract_cost);
            if (rest >= best) continue;
            const Gate& box = gates[gate];
            best = std::min(best, detail::estimate_to_box(space_, cell.x, cell.y, box.x0, box.y0,
                                                          box.x1, box.y1) +
                                      rest);
        }
        // Float sums in another order may differ in their last bits: stay below the truth.
        return best < infinite_cost ? std::max(octile, best * (1 - 1e-5f)) : octile;
    }

  private:
    const GridSpace& space_;
    const detail::ClusterLayout& layout_;
    const std::vector<Cluster>& clusters_;
    const detail::HierarchyQuery& query_;
    std::uint32_t slots_;
    detail::PaddedCell goal_;
    Cost far_;  // from this octile estimate on, the bound is the octile estimate
};

/// The optimal mode's tile search where jump point search cannot run (terrain costs, big
/// units): A* over the space's tiles towards the goal with the abstract guide as heuristic.
class GuidedProblem {
  public:
    GuidedProblem(const GridSpace& space, std::uint32_t goal, const AbstractGuide& guide)
        : space_(space), goal_(goal), guide_(guide) {}

    [[nodiscard]] std::size_t state_count() const { return space_.state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return space_.is_valid(state); }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        space_.for_each_successor(state, std::forward<Visit>(visit));
    }
    [[nodiscard]] bool is_goal(StateId state) const { return state.value == goal_; }
    [[nodiscard]] Cost heuristic(StateId state) const { return guide_(state.value); }

  private:
    const GridSpace& space_;
    std::uint32_t goal_;
    const AbstractGuide& guide_;
};

}  // namespace pathkit::detail
