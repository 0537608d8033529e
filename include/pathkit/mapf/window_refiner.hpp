/// WindowRefiner: makes a short many-agent plan of robots that face a way (a window of the next
/// steps of a lifelong run) cheaper by replanning a few robots at a time in the time left.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// Where a robot stands and the way it faces: 0 east (+x), 1 south (+y), 2 west, 3 north.
struct MapfPose {
    MapfVertex vertex;
    std::uint8_t heading = 0;
    friend bool operator==(const MapfPose&, const MapfPose&) = default;
};

/// A window of poses by robot: `plan[robot][t]` for t = 0 (where it stands now) to the window.
using MapfPosePlan = std::vector<std::vector<MapfPose>>;

/// Holds windowed plans for robots on a `MapfGraph` and improves them by large neighbourhood
/// search (the windowed LNS of Jiang et al., "Scaling Lifelong Multi-Agent Path Finding to More
/// Realistic Settings", SoCS 2024): each round takes a few robots' paths out and plans them
/// again one by one, in random order, by a space-time A* around everyone else's; the new paths
/// are kept when their sum of costs is lower.
///
/// - Moves, with `headings` (the League of Robot Runners' robots): a step ahead, a quarter turn
///   either way, or a wait, each one step. Without: a step to any neighbour or a wait (the
///   heading is then carried along unchanged and means nothing).
/// - A robot's cost: the cost of its moves before it first stands on its goal inside the
///   window, or, when it does not reach it, of all the window's moves plus the cheapest way
///   (turns included) from its last pose. Every move costs 1 unless `Options::move_costs` says
///   otherwise (a guidance graph).
/// - Valid plans: every step one legal move, no two robots on a tile at a step, no two trading
///   tiles in a step (one following another into the tile it leaves is fine). Nothing is
///   checked past the window.
/// Not thread-safe; the graph must outlive it. Deterministic for a seed and a number of rounds.
class WindowRefiner {
  public:
    struct Options {
        /// Robots replanned a round.
        std::uint32_t neighbourhood = 8;
        /// Whether robots turn (see the class).
        bool headings = true;
        std::uint64_t seed = 0;
        /// Bytes for the tables of steps to goals (16 a tile a goal, made on first use); past
        /// it they are all dropped and made again as asked.
        std::size_t table_memory = std::size_t{1} << 30;
        /// Bytes for the search's states (see `refine`): a window that would need more is
        /// refused.
        std::size_t search_memory = std::size_t{1} << 30;
        /// Whether half the rounds take the robots in the way of the most delayed one (random
        /// walks along cheaper routes, as in MAPF-LNS); the other half then choose as without
        /// (robots near a delayed one's path, or at random, half and half).
        bool walks = false;
        /// A guidance graph (Zhang et al., "Guidance Graph Optimization for Lifelong Multi-Agent
        /// Path Finding", IJCAI 2024): by vertex index x 5 + way, the cost of a move from that
        /// vertex, ways 0 to 3 a step east, south, west, north, way 4 a turn or a wait. Empty:
        /// every move costs 1. Otherwise 5 a vertex, each 1 to `largest_move_cost`, or `refine`
        /// runs no round. The tables of costs to go then take time in proportion to the tiles
        /// plus the largest cost to go (Dijkstra by buckets of equal cost). See
        /// `crisscross_move_costs`.
        std::vector<std::uint16_t> move_costs;
    };

    /// The largest cost `Options::move_costs` may give a move.
    static constexpr std::uint16_t largest_move_cost = 1000;

    WindowRefiner(const MapfGraph& graph, Options options);

    /// The longest window `refine` takes, in steps.
    static constexpr std::uint32_t longest_window = 255;

    /// Improves `plan` (valid, see the class) towards `goals` (by robot) until `deadline` or
    /// `max_rounds`; returns the rounds run. Robots' first poses never change. Its search holds
    /// 12 bytes for each (step, tile, heading, arrived or not): 96 x (window + 1) x tiles.
    /// Runs no round and leaves `plan` as it is (returns 0) when the paths are not all of one
    /// length from 2 to `longest_window` + 1 poses, a pose or goal is not a vertex of the graph
    /// or a heading not 0 to 3, there is not one goal a robot, or the search's states would pass
    /// 2^32 or `Options::search_memory`.
    std::uint64_t refine(MapfPosePlan& plan, const MapfConfiguration& goals,
                         std::chrono::steady_clock::time_point deadline,
                         std::uint64_t max_rounds = UINT64_MAX);

    /// The cost of one robot's path towards `goal` (see the class).
    [[nodiscard]] std::uint32_t path_cost(const std::vector<MapfPose>& path, MapfVertex goal);
    /// The sum of the robots' costs.
    [[nodiscard]] std::uint64_t plan_cost(const MapfPosePlan& plan, const MapfConfiguration& goals);
    /// Whether `plan` is valid (see the class).
    [[nodiscard]] bool valid(const MapfPosePlan& plan) const;
    /// Whether `to` follows `from` by one legal move.
    [[nodiscard]] bool legal_step(MapfPose from, MapfPose to) const;
    /// The cost of the cheapest moves from `pose` to `goal` (steps, turns counted with headings,
    /// when every move costs 1), or UINT32_MAX when it cannot get there.
    [[nodiscard]] std::uint32_t steps_to_goal(MapfPose pose, MapfVertex goal);
    /// The vertex one step from `vertex` the way `heading` points, or an invalid one.
    [[nodiscard]] MapfVertex ahead(MapfVertex vertex, std::uint8_t heading) const {
        return ahead_[vertex.index()][heading];
    }
    /// Searches run by the last `refine` (and paths they found).
    [[nodiscard]] std::uint64_t searches() const { return searches_; }
    [[nodiscard]] std::uint64_t rounds_improved() const { return improved_; }

  private:
    // Whether `refine` takes `plan` and `goals` (see there).
    [[nodiscard]] bool fits(const MapfPosePlan& plan, const MapfConfiguration& goals) const;
    const std::vector<std::uint32_t>& table_for(MapfVertex goal);
    // The poses one legal move from `pose` (itself first: the wait), into `next`; how many.
    std::size_t moves(MapfPose pose, std::array<MapfPose, 5>& next) const;
    // The cost of the legal move from `from` to `to`.
    [[nodiscard]] std::uint32_t move_cost(MapfPose from, MapfPose to) const;
    // The way of a turn or a wait in `Options::move_costs`.
    static constexpr std::uint32_t stay_way = 4;
    // The cost of a move from `vertex` by `way` (0 to 3 a step, `stay_way`).
    [[nodiscard]] std::uint32_t unit_cost(std::uint32_t vertex, std::uint32_t way) const {
        return options_.move_costs.empty() ? 1 : options_.move_costs[std::size_t{vertex} * 5 + way];
    }
    // A new path from `path`'s first pose to `goal` around the others (the reservations), or false.
    bool search(MapfVertex goal, std::vector<MapfPose>& path);
    void reserve(std::uint32_t robot, const std::vector<MapfPose>& path, bool on);
    std::vector<std::uint32_t> choose(const MapfPosePlan& plan, const MapfConfiguration& goals);
    // The most delayed robot not chosen lately (`tabu_`), or -1 when none is delayed.
    std::int64_t most_delayed(const MapfPosePlan& plan, const MapfConfiguration& goals);
    // Adds to `chosen` the robots in the way of a random walk of `robot` from step `t` along
    // moves that keep its cost below its plan's, until `size` are chosen.
    void walk(const MapfPosePlan& plan, const MapfConfiguration& goals, std::uint32_t robot,
              std::uint32_t t, std::uint32_t size, std::vector<std::uint32_t>& chosen,
              std::vector<bool>& taken);

    const MapfGraph* graph_;
    Options options_;
    bool costs_valid_ = true;         // whether Options::move_costs was empty or well formed
    std::uint32_t largest_cost_ = 1;  // of a move
    std::mt19937_64 random_;
    std::vector<std::array<MapfVertex, 4>> ahead_;  // by vertex, by heading
    // By goal: steps to it by pose (vertex * 4 + heading), searched backwards once.
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> tables_;
    std::uint32_t window_ = 0;
    std::vector<std::int32_t> occupant_;  // by t * vertices + vertex: robot, or -1
    std::vector<std::uint32_t> costs_;    // by robot
    std::vector<std::uint8_t> tabu_;      // by robot: chosen as most delayed lately
    std::uint32_t tabu_count_ = 0;
    // The search's states by (t, vertex, heading, arrived): cost so far, parent, generation.
    std::vector<std::uint32_t> cost_, parent_, seen_;
    std::vector<std::uint64_t> open_;  // the search's heap, kept from one search to the next
    std::uint32_t generation_ = 0;
    std::uint64_t searches_ = 0, improved_ = 0;
};

/// Move costs for `WindowRefiner::Options::move_costs` that lay one-way lanes over `graph`'s
/// grid, crossing like a street grid: on even rows a step east costs `along` and a step west
/// `against`, on odd rows the other way round; on even columns a step south costs `along`
/// and north `against`, on odd columns the other way round; a turn or a wait costs `stay`.
/// Robots then spread over lanes that run one way and meet head-on less (the "crisscross"
/// guidance of the guidance-graph literature). `middle_rise` adds to every move from a tile up
/// to `middle_rise`: all of it where r = max(|x + 0.5 - W/2| / (W/2), |y + 0.5 - H/2| / (H/2))
/// (0 in the middle of the W x H map, near 1 on its outer ring) is at most
/// `rise_whole_within`, none past `rise_none_beyond`, linearly between, rounded. The outer band
/// is then a cheap ring road round the middle, where most routes meet (the shape of the
/// hand-tuned weights of the 2023 League of Robot Runners winner on random-32-32-20; measured
/// in docs/benchmarks.md). Costs are clamped to 1 to `WindowRefiner::largest_move_cost`.
inline constexpr double rise_whole_within = 0.6;
inline constexpr double rise_none_beyond = 0.8;
[[nodiscard]] std::vector<std::uint16_t> crisscross_move_costs(const MapfGraph& graph,
                                                               std::uint16_t along,
                                                               std::uint16_t against,
                                                               std::uint16_t stay,
                                                               std::uint16_t middle_rise = 0);

}  // namespace pathkit
