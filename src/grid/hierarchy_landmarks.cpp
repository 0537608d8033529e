// GridHierarchy's landmarks: gates whose plan costs to every gate sharpen the fast plan's estimate.
#include <algorithm>
#include <cstdlib>

#include "hierarchy_plan_costs.hpp"

namespace pathkit {
namespace {

/// Landmarks the build takes where it finds them worth it (`HierarchyOptions::plan_landmarks`
/// -1). On maze512-1-0's longest rows two cut the first move from 544-580 to 152-165 us, three
/// or four to 123-127 us, but not its even spread of rows (94-114 us with two, three or four),
/// and each adds a search over the gates to every repair (docs/benchmarks.md).
constexpr int chosen_landmarks = 2;
/// The ratio of plan costs to octile estimates, from the first gate to those more than two
/// cluster sides away, above which the build takes landmarks: 5.1-5.4 on maze512-1-0, 2.4-3.3
/// on maze512-32-0 (whose long queries plain jump point search mostly answers: landmarks
/// there cost its repairs twice the time for no sooner first move), at most 1.9 on the game,
/// city, room and random maps of docs/benchmarks.md.
constexpr double landmark_detour = 4.0;

/// Gates the build settles around its first gate to tell whether the plan's costs far exceed
/// the octile estimates: most of a 512² maze's (maze512-1-0 has 5,088), a corner of a bigger
/// map's at the cost of a few hundred microseconds (the whole coarse graph of the generated
/// 4096² map, two million gate slots, took 150 ms).
constexpr std::size_t detour_sample = 4096;

/// The plan's costs from the gate state the last `search_nearest` started from to the gates it
/// settled more than two cluster sides away, over their octile estimates (0 when there is none).
double detour_ratio(const GridSpace& space, const detail::PlanGraph& graph, int side,
                    const detail::PlanCosts& search) {
    if (search.settled().empty()) return 0;
    const detail::PaddedCell from = graph.middle(search.settled().front());
    double total = 0, estimates = 0;
    for (const std::uint32_t state : search.settled()) {
        const detail::PaddedCell to = graph.middle(state);
        const int dx = std::abs(to.x - from.x), dy = std::abs(to.y - from.y);
        if (dx <= 2 * side && dy <= 2 * side) continue;
        total += search.costs()[state];
        estimates += space.distance_estimate(dx, dy);
    }
    return estimates > 0 ? total / estimates : 0;
}

}  // namespace

void GridHierarchy::place_landmarks() {
    landmarks_.clear();
    landmark_costs_.clear();
    if (plan_landmarks_ == 0) return;
    const detail::PlanGraph graph(*this, gate_tiles_ > 0);
    const std::uint32_t first = graph.first_state();
    if (first == graph.state_count()) return;
    detail::PlanCosts search(graph);
    if (plan_landmarks_ < 0) {
        search.search_nearest(first, detour_sample);
        if (detour_ratio(*space_, graph, layout_.side, search) <= landmark_detour) return;
    }
    search.search(first);
    const auto count =
        static_cast<std::size_t>(plan_landmarks_ < 0 ? chosen_landmarks : plan_landmarks_);
    const std::size_t states = graph.state_count();
    landmark_costs_.assign(states * count, infinite_cost);
    // Farthest first: each landmark the gate state the plan reaches farthest from those before
    // (from the first gate for the first landmark).
    std::vector<Cost> nearest = search.costs();
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
        search.search(farthest);
        const std::vector<Cost>& costs = search.costs();
        for (std::uint32_t state = 0; state < states; ++state) {
            landmark_costs_[state * count + landmark] = costs[state];
            nearest[state] = landmark == 0 ? costs[state] : std::min(nearest[state], costs[state]);
        }
    }
}

void GridHierarchy::refresh_landmarks() {
    if (landmarks_.empty()) return;
    const detail::PlanGraph graph(*this, gate_tiles_ > 0);
    const std::size_t count = landmarks_.size();
    // A repair keeps the clusters and their slots, so the table keeps its size; a landmark's
    // cluster may have lost the gate, though.
    if (!std::all_of(landmarks_.begin(), landmarks_.end(),
                     [&](std::uint32_t state) { return graph.is_valid(state); })) {
        place_landmarks();
        return;
    }
    detail::PlanCosts search(graph);
    for (std::size_t landmark = 0; landmark < count; ++landmark) {
        search.search(landmarks_[landmark]);
        for (std::uint32_t state = 0; state < graph.state_count(); ++state)
            landmark_costs_[state * count + landmark] = search.costs()[state];
    }
}

}  // namespace pathkit
