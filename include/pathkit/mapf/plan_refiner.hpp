/// PlanRefiner: makes a valid many-agent plan cheaper by replanning a few agents at a time
/// (large neighbourhood search, Li et al., "Anytime Multi-Agent Path Finding via Large
/// Neighborhood Search", IJCAI 2021).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"
#include "pathkit/search/keyed_search.hpp"

namespace pathkit {

/// Holds a plan as one path per agent and improves its sum of costs.
///
/// Each round picks a few agents (2 to 8, by one of the `Neighbourhood` ways), takes their
/// paths out, and plans them again one by one, in random order, by a space-time A* around
/// everyone else's paths; the new paths are kept only when their sum of costs is lower. The
/// way and the number are drawn by weights that follow what each pair has saved per agent
/// replanned lately (adaptive large neighbourhood search, Li et al. 2021 and 2022). The plan stays
/// valid throughout (no shared tile, no trade along an edge, no one passing an agent resting on its
/// goal). Deterministic for a seed and a number of rounds. Not thread-safe; the graph and tables
/// must outlive it.
class PlanRefiner {
  public:
    /// Ways of choosing the agents a round replans.
    enum class Neighbourhood : std::uint8_t {
        /// The most delayed of a few agents drawn, then those that pass the tiles of its path.
        Crossing,
        /// The most delayed of a few agents drawn, then those standing in the way of a random
        /// walk from a tile and time of its path over steps that could still make it arrive
        /// sooner (the agents that hold it up).
        RandomWalk,
        /// `agents_around` a crossing of the map (a tile with 3 or more neighbours) at a random
        /// time: agents whose paths meet there.
        Intersection,
        /// Agents drawn at random.
        Random,
    };
    /// Neighbourhood sizes the rounds choose among (small ones: more rounds; with 4 to 32,
    /// den520d at 1,000 agents ran a third of the rounds and ended costlier).
    static constexpr std::uint32_t neighbourhood_sizes[] = {2, 4, 8};

    /// The plan `steps` (configurations over time, the goals last) over `graph`, in at most
    /// `memory_limit` bytes: the plan and its visits first, the space-time search the rest (at
    /// most `largest_search_bytes` of the graph). A search that would need more room than it
    /// has fails, and its round is undone.
    PlanRefiner(const MapfGraph& graph, DistanceTables& distances, MapfConfiguration goals,
                const std::vector<MapfConfiguration>& steps, std::uint64_t seed,
                std::size_t memory_limit = SIZE_MAX);

    /// Runs rounds until `deadline`, `max_rounds` of them, until its searches have expanded
    /// `max_expansions` states (checked before each round; a round expands at most 8 times
    /// `max_round_expansions`), or until the tables run out of time (the round then undone);
    /// returns the rounds run. Without the deadline deciding, the same calls give the same plan.
    std::uint64_t run(std::chrono::steady_clock::time_point deadline,
                      std::uint64_t max_rounds = UINT64_MAX,
                      std::uint64_t max_expansions = UINT64_MAX);

    /// Runs rounds in portions of `expansions_per_portion` expanded states (as `run`'s cap)
    /// until a portion lowers the sum of costs not at all, its searches have expanded
    /// `max_expansions` states, `deadline`, or the tables run out of time; returns the rounds
    /// run. A short refinement that stops where the plan stops improving: on crowded maps where
    /// replanning a few agents around the others rarely helps, it costs one portion. Without
    /// the deadline deciding, the same calls give the same plan.
    std::uint64_t run_while_improving(std::chrono::steady_clock::time_point deadline,
                                      std::uint64_t expansions_per_portion,
                                      std::uint64_t max_expansions);

    /// From now on every round replans `size` agents, one of `neighbourhood_sizes` (the ways
    /// stay adaptive); any other value, 0 say, lets the rounds choose among them all again (the
    /// default). A short refinement gains more with 4 a round than with the adaptive choice.
    void use_only_neighbourhood_size(std::uint32_t size);

    /// Up to `size` distinct agents (all of them when there are fewer) chosen by `kind`, filled
    /// up with agents drawn at random. Advances the refiner's random state.
    std::vector<std::uint32_t> choose_agents(Neighbourhood kind, std::uint32_t size);
    /// Up to `size` distinct agents that stand on `centre` at a time within `size` of `time`
    /// (or rest there by then), then on the tiles nearest it in breadth-first order (at most
    /// 256 tiles), each within the same times; in that order, the earliest on a tile first.
    [[nodiscard]] std::vector<std::uint32_t> agents_around(MapfVertex centre, std::uint32_t time,
                                                           std::uint32_t size) const;
    /// Where `agent`'s path stands at `time` (its goal once it rests).
    [[nodiscard]] MapfVertex position(std::uint32_t agent, std::uint32_t time) const;

    /// The sum over agents of the time each last arrives at its goal.
    [[nodiscard]] std::uint64_t sum_of_costs() const { return sum_of_costs_; }
    /// The plan as configurations over time, the goals last.
    [[nodiscard]] std::vector<MapfConfiguration> steps() const;
    /// Bytes held: 28 a vertex, the paths and the visits they make, and the space-time
    /// search's records (`KeyedSearchContext::memory_bytes`: they grow with the largest search
    /// so far, and are kept between rounds).
    [[nodiscard]] std::size_t memory_bytes() const;
    /// Bytes a refiner holds before its first search, about, on a plan of `agents` paths of at
    /// most `steps` configurations over a graph of `vertex_count` vertices: 28 a vertex, and
    /// per step of each path room for twice its vertex and its visit (lists grow by doubling).
    [[nodiscard]] static std::size_t starting_bytes(std::size_t vertex_count, std::size_t agents,
                                                    std::size_t steps);
    /// Expansions of one agent's space-time search at most: 16 a vertex of the graph and
    /// 1,000, at most 4,194,304.
    static constexpr std::uint64_t max_round_expansions = std::uint64_t{1} << 22;
    /// Bytes the space-time search on a graph of `vertex_count` vertices may hold at most: room
    /// for 5 states an expansion (`KeyedSearchContext::largest_bytes`; 84 bytes a state).
    [[nodiscard]] static std::size_t largest_search_bytes(std::size_t vertex_count);

  private:
    class SpaceTime;
    void reserve(std::uint32_t agent);
    void release(std::uint32_t agent);
    [[nodiscard]] bool is_free(std::uint32_t agent, MapfVertex from, MapfVertex to,
                               std::uint32_t time) const;
    [[nodiscard]] std::uint32_t last_busy(MapfVertex vertex, std::uint32_t agent) const;
    bool plan_alone(std::uint32_t agent, std::uint64_t expansion_budget);
    std::uint32_t most_delayed_of_a_few();
    void add_crossing(std::uint32_t size, std::vector<std::uint32_t>& chosen);
    void add_random_walk(std::uint32_t size, std::vector<std::uint32_t>& chosen);
    void add_intersection(std::uint32_t size, std::vector<std::uint32_t>& chosen);
    std::uint32_t pick_arm();
    std::uint64_t random();

    const MapfGraph* graph_;
    DistanceTables* distances_;
    MapfConfiguration goals_;
    std::vector<std::uint32_t> tables_;               // by agent: its distance table
    std::vector<std::vector<MapfVertex>> paths_;      // by agent: until its last arrival
    std::vector<std::vector<std::uint64_t>> visits_;  // by vertex: (time << 32 | agent)
    std::vector<std::uint32_t> resting_agent_;        // by vertex: who rests there, or none
    std::uint64_t sum_of_costs_ = 0;
    std::uint64_t random_state_;
    std::uint32_t only_size_index_;    // index into `neighbourhood_sizes`, or none: all of them
    std::vector<double> arm_weights_;  // by way * sizes + size: saved cost per agent, smoothed
    std::uint64_t expansions_ = 0;     // by every search so far
    KeyedSearchContext search_;        // room for every state a search within the budget reaches
};

}  // namespace pathkit
