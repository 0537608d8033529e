// The fast plan's graph over whole sides as the hierarchy's landmarks read it, and the search
// of its costs from one gate state to all.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "hierarchy_spaces.hpp"
#include "radix_queue.hpp"

namespace pathkit::detail {

/// The plan's graph over whole sides (the coarse gates with finer gates): gate states and the
/// plan's forward moves.
class PlanGraph {
  public:
    PlanGraph(const GridHierarchy& hierarchy, bool coarse)
        : clusters_(hierarchy.clusters()),
          slots_(hierarchy.slots()),
          slot_bits_(std::countr_zero(hierarchy.slots())),
          coarse_(coarse) {}

    [[nodiscard]] std::size_t state_count() const { return clusters_.size() * slots_; }
    /// The gates (valid states) over all clusters.
    [[nodiscard]] std::size_t gate_count() const {
        std::size_t gates = 0;
        for (std::uint32_t cluster = 0; cluster < clusters_.size(); ++cluster)
            gates += gates_of(cluster * slots_).size();
        return gates;
    }
    [[nodiscard]] bool is_valid(std::uint32_t state) const {
        return state < state_count() && (state & (slots_ - 1)) < gates_of(state).size();
    }
    /// The moves out of a gate state (unchecked).
    [[nodiscard]] std::span<const PlanMoves::Move> moves(std::uint32_t state) const {
        const GridHierarchy::Cluster& data = clusters_[state >> slot_bits_];
        return (coarse_ ? data.coarse_plan : data.plan).moves(state & (slots_ - 1));
    }
    /// Where a gate state stands in the plan: its gate's middle tile.
    [[nodiscard]] PaddedCell middle(std::uint32_t state) const {
        return gate_middle(gates_of(state)[state & (slots_ - 1)]);
    }
    /// The first gate state, or `state_count()` when there is no gate.
    [[nodiscard]] std::uint32_t first_state() const {
        for (std::uint32_t cluster = 0; cluster < clusters_.size(); ++cluster)
            if (!gates_of(cluster * slots_).empty()) return cluster * slots_;
        return static_cast<std::uint32_t>(state_count());
    }

  private:
    [[nodiscard]] const std::vector<GridHierarchy::Gate>& gates_of(std::uint32_t state) const {
        const GridHierarchy::Cluster& data = clusters_[state >> slot_bits_];
        return coarse_ ? data.coarse_gates : data.gates;
    }
    const std::vector<GridHierarchy::Cluster>& clusters_;
    std::uint32_t slots_;
    int slot_bits_;
    bool coarse_;
};

/// The plan's costs from a source to every gate state (+infinity where it cannot reach). First
/// by label correcting in first-in first-out order (Bellman-Ford-Moore): a state lowered waits
/// in line once, and its moves are tried when its turn comes. A maze's plan is nearly a tree,
/// so line order is nearly cost order there: 5,137 turns for maze512-1-0's 5,088 gates, 36 us
/// where Dijkstra took 134 with a radix heap and 265 on the engine (docs/benchmarks.md); it
/// runs again for every landmark after every repair. Where the turns pass a few a gate, Dijkstra
/// with a radix heap starts over: the bound on any graph. Both end with the same floats:
/// each state's cost is the least, over the moves into it, of the mover's final cost plus the
/// move's. The memory is kept from one search to the next.
class PlanCosts {
  public:
    /// `turns_per_gate`: label-correcting turns allowed a gate before Dijkstra takes over (0:
    /// Dijkstra alone).
    explicit PlanCosts(const PlanGraph& graph, std::size_t turns_per_gate = 4)
        : graph_(graph),
          turns_(turns_per_gate * graph.gate_count()),
          state_bits_(std::bit_width(graph.state_count())),
          queue_(state_bits_) {}

    /// Searches from `source`; `costs()` holds the result.
    void search(std::uint32_t source) {
        if (!correct_labels(source)) dijkstra(source, graph_.state_count());
    }
    /// Dijkstra alone from `source`, ending once `limit` states are settled: `costs()` is final
    /// for those `settled()` lists, in order of cost (the others' may be above theirs).
    void search_nearest(std::uint32_t source, std::size_t limit) { dijkstra(source, limit); }
    [[nodiscard]] const std::vector<Cost>& costs() const { return costs_; }
    /// The states the last `search_nearest` settled, in order of cost.
    [[nodiscard]] const std::vector<std::uint32_t>& settled() const { return settled_; }

  private:
    /// False when it gave up.
    bool correct_labels(std::uint32_t source) {
        const std::size_t states = graph_.state_count();
        costs_.assign(states, infinite_cost);
        waiting_.assign(states, 0);
        line_.clear();
        costs_[source] = 0;
        line_.push_back(source);
        for (std::size_t turn = 0; turn < line_.size(); ++turn) {
            if (turn == turns_) return false;
            const std::uint32_t state = line_[turn];
            waiting_[state] = 0;
            const Cost cost = costs_[state];
            for (const PlanMoves::Move& move : graph_.moves(state)) {
                const Cost reached = cost + move.cost;
                if (reached >= costs_[move.to]) continue;
                costs_[move.to] = reached;
                if (waiting_[move.to] != 0) continue;
                waiting_[move.to] = 1;
                line_.push_back(move.to);
            }
        }
        return true;
    }

    /// Dijkstra with a radix heap (a key is a cost's bits above the state), until `limit`
    /// states are settled.
    void dijkstra(std::uint32_t source, std::size_t limit) {
        const std::uint64_t state_mask = (std::uint64_t{1} << state_bits_) - 1;
        costs_.assign(graph_.state_count(), infinite_cost);
        settled_.clear();
        queue_.clear();
        costs_[source] = 0;
        queue_.push(key(0, source));
        while (!queue_.empty() && settled_.size() < limit) {
            const std::uint64_t popped = queue_.pop();
            const auto state = static_cast<std::uint32_t>(popped & state_mask);
            const Cost cost =
                __builtin_bit_cast(Cost, static_cast<std::uint32_t>(popped >> state_bits_));
            // A key above its state's cost was queued before the state was lowered.
            if (cost > costs_[state]) continue;
            settled_.push_back(state);
            for (const PlanMoves::Move& move : graph_.moves(state)) {
                const Cost reached = cost + move.cost;
                if (reached >= costs_[move.to]) continue;
                costs_[move.to] = reached;
                queue_.push(key(reached, move.to));
            }
        }
    }
    /// Costs are finite and never negative here: their bits order as they do. (The builtin is
    /// std::bit_cast, which emscripten's standard library, for the playground, lacks.)
    [[nodiscard]] std::uint64_t key(Cost cost, std::uint32_t state) const {
        return std::uint64_t{__builtin_bit_cast(std::uint32_t, cost)} << state_bits_ | state;
    }

    const PlanGraph& graph_;
    std::size_t turns_;  // label-correcting turns before Dijkstra takes over
    int state_bits_;
    RadixQueue queue_;
    std::vector<Cost> costs_;
    std::vector<std::uint8_t> waiting_;   // per state: 1 while it waits in line
    std::vector<std::uint32_t> line_;     // the label-correcting line, every state that joined it
    std::vector<std::uint32_t> settled_;  // by Dijkstra, in order
};

}  // namespace pathkit::detail
