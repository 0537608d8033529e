// GridHierarchy's landmarks: gates whose plan costs to every gate sharpen the fast plan's estimate.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <span>

#include "hierarchy_spaces.hpp"
#include "radix_queue.hpp"

namespace pathkit {
namespace {

/// Landmarks the build takes where it finds them worth it (`HierarchyOptions::plan_landmarks`
/// -1). On maze512-1-0's longest rows two cut the plan's expanded gates from 4,067 to 1,061 and
/// its first move from 450 to 104 us, four to 567 and 61 us (docs/benchmarks.md); each costs a
/// Dijkstra over the gates after every repair, where the goal for a repair is 1 ms.
constexpr int chosen_landmarks = 2;
/// The ratio of plan costs to octile estimates, from the first gate to those more than two
/// cluster sides away, above which the build takes landmarks: 5.1-5.4 on maze512-1-0, 2.4-3.3
/// on maze512-32-0 (whose long queries plain jump point search mostly answers: landmarks
/// there cost its repairs twice the time for no sooner first move), at most 1.9 on the game,
/// city, room and random maps of docs/benchmarks.md.
constexpr double landmark_detour = 4.0;

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
    [[nodiscard]] bool is_valid(std::uint32_t state) const {
        return state < state_count() && (state & (slots_ - 1)) < gates_of(state).size();
    }
    /// The moves out of a gate state (unchecked).
    [[nodiscard]] std::span<const detail::PlanMoves::Move> moves(std::uint32_t state) const {
        const GridHierarchy::Cluster& data = clusters_[state >> slot_bits_];
        return (coarse_ ? data.coarse_plan : data.plan).moves(state & (slots_ - 1));
    }
    /// Where a gate state stands in the plan: its gate's middle tile.
    [[nodiscard]] detail::PaddedCell middle(std::uint32_t state) const {
        return detail::gate_middle(gates_of(state)[state & (slots_ - 1)]);
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

/// The plan's costs from a source to every gate state (+infinity where it cannot reach):
/// Dijkstra over the plan's moves with a radix heap (a key is a cost's bits above the state),
/// without the engine's bookkeeping (parents, statuses), as it runs again for every landmark
/// after every repair: 134 against the engine's 265 us on maze512-1-0's 5,088 gates
/// (docs/benchmarks.md). Its memory is kept from one search to the next.
class PlanDijkstra {
  public:
    explicit PlanDijkstra(const PlanGraph& graph)
        : graph_(graph), state_bits_(std::bit_width(graph.state_count())), queue_(state_bits_) {}

    /// Searches from `source`; `costs()` holds the result.
    void search(std::uint32_t source) {
        const std::uint64_t state_mask = (std::uint64_t{1} << state_bits_) - 1;
        costs_.assign(graph_.state_count(), infinite_cost);
        queue_.clear();
        costs_[source] = 0;
        queue_.push(key(0, source));
        while (!queue_.empty()) {
            const std::uint64_t popped = queue_.pop();
            const auto state = static_cast<std::uint32_t>(popped & state_mask);
            const Cost cost =
                std::bit_cast<Cost>(static_cast<std::uint32_t>(popped >> state_bits_));
            // A key above its state's cost was queued before the state was lowered.
            if (cost > costs_[state]) continue;
            for (const detail::PlanMoves::Move& move : graph_.moves(state)) {
                const Cost reached = cost + move.cost;
                if (reached >= costs_[move.to]) continue;
                costs_[move.to] = reached;
                queue_.push(key(reached, move.to));
            }
        }
    }
    [[nodiscard]] const std::vector<Cost>& costs() const { return costs_; }

  private:
    /// Costs are finite and never negative here: their bits order as they do.
    [[nodiscard]] std::uint64_t key(Cost cost, std::uint32_t state) const {
        return std::uint64_t{std::bit_cast<std::uint32_t>(cost)} << state_bits_ | state;
    }
    const PlanGraph& graph_;
    int state_bits_;
    detail::RadixQueue queue_;
    std::vector<Cost> costs_;
};

/// The plan's costs from `source` (`costs`) to the gates more than two cluster sides away from
/// it, over their octile estimates (0 when there is none).
double detour_ratio(const GridSpace& space, const PlanGraph& graph, int side, std::uint32_t source,
                    const std::vector<Cost>& costs) {
    const detail::PaddedCell from = graph.middle(source);
    double total = 0, estimates = 0;
    for (std::uint32_t state = 0; state < graph.state_count(); ++state) {
        const Cost cost = costs[state];
        if (cost >= infinite_cost || !graph.is_valid(state)) continue;
        const detail::PaddedCell to = graph.middle(state);
        const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
        if (dx <= 2 * side && dy <= 2 * side) continue;
        total += cost;
        estimates += space.distance_estimate(dx, dy);
    }
    return estimates > 0 ? total / estimates : 0;
}

}  // namespace

void GridHierarchy::place_landmarks() {
    landmarks_.clear();
    landmark_costs_.clear();
    if (plan_landmarks_ == 0) return;
    const PlanGraph graph(*this, gate_tiles_ > 0);
    const std::uint32_t first = graph.first_state();
    if (first == graph.state_count()) return;
    PlanDijkstra dijkstra(graph);
    dijkstra.search(first);
    if (plan_landmarks_ < 0 &&
        detour_ratio(*space_, graph, layout_.side, first, dijkstra.costs()) <= landmark_detour)
        return;
    const auto count =
        static_cast<std::size_t>(plan_landmarks_ < 0 ? chosen_landmarks : plan_landmarks_);
    const std::size_t states = graph.state_count();
    landmark_costs_.assign(states * count, infinite_cost);
    // Farthest first: each landmark the gate state the plan reaches farthest from those before
    // (from the first gate for the first landmark).
    std::vector<Cost> nearest = dijkstra.costs();
    for (std::size_t landmark = 0; landmark < count; ++landmark) {
        std::uint32_t farthest = first;
        Cost far = -1;
        for (std::uint32_t state = 0; state < states; ++state) {
            if (nearest[state] < infinite_cost && nearest[state] > far) {
                far = nearest[state];
                farthest = state;
            }
        }
        landmarks_.push_back(farthest);
        dijkstra.search(farthest);
        const std::vector<Cost>& costs = dijkstra.costs();
        for (std::uint32_t state = 0; state < states; ++state) {
            landmark_costs_[state * count + landmark] = costs[state];
            nearest[state] = landmark == 0 ? costs[state] : std::min(nearest[state], costs[state]);
        }
    }
}

void GridHierarchy::refresh_landmarks() {
    if (landmarks_.empty()) return;
    const PlanGraph graph(*this, gate_tiles_ > 0);
    const std::size_t count = landmarks_.size();
    if (landmark_costs_.size() != graph.state_count() * count ||
        !std::all_of(landmarks_.begin(), landmarks_.end(),
                     [&](std::uint32_t state) { return graph.is_valid(state); })) {
        place_landmarks();
        return;
    }
    PlanDijkstra dijkstra(graph);
    for (std::size_t landmark = 0; landmark < count; ++landmark) {
        dijkstra.search(landmarks_[landmark]);
        for (std::uint32_t state = 0; state < graph.state_count(); ++state)
            landmark_costs_[state * count + landmark] = dijkstra.costs()[state];
    }
}

}  // namespace pathkit
