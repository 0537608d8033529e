/// MapfPlanner: many agents moved one step per game tick, planned together, with goals that
/// may change between ticks.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/lacam.hpp"
#include "pathkit/mapf/mapf_graph.hpp"
#include "pathkit/mapf/pibt.hpp"

namespace pathkit {

/// How a real-time planner works.
struct MapfPlannerOptions {
    /// Seeds PIBT's and LaCAM's tie-breaks: the same seed and budgets give the same moves.
    std::uint64_t seed = 0;
    /// Bytes for the distance tables, and for the LaCAM search together with the agents' way
    /// back to where it started (the search starts again from the agents' current tiles when
    /// the two reach it). Both checked against the bytes held, as `memory_bytes` counts them.
    std::size_t distance_memory_limit = std::size_t{1} << 30;
    std::size_t search_memory_limit = std::size_t{512} << 20;
    /// The first step after goals change spends up to half its budget on guide paths
    /// (`guide_paths`, LaCAM3's space utilisation optimisation, within
    /// `search_memory_limit` while they are found), whose next tiles PIBT and the search then
    /// prefer: cheaper moves. Agents the half budget does not reach go by PIBT alone.
    bool guide_paths = false;
};

/// Moves agents on a `MapfGraph` one step per call to `step`, for a game to call every tick.
///
/// - Each step moves every agent to a straight neighbour or keeps it in place, never two on
///   one tile, never two trading tiles.
/// - Agents move by PIBT at once, while a LaCAM search from the tiles they stood on when the
///   goals were last set runs within each step's budget. Once it has a plan, the agents follow
///   it, first walking back along the steps PIBT took where the plan leaves them, so every
///   agent arrives whenever a plan exists (LaCAM is complete). `no_solution()` says when the
///   search proved that none exists.
/// - Not thread-safe; the graph must outlive the planner.
class MapfPlanner {
  public:
    /// Agents on `positions` heading for `goals` (one each; distinct walkable tiles of the
    /// graph). Refused otherwise, naming the agent.
    [[nodiscard]] static Expected<MapfPlanner> create(const MapfGraph& graph,
                                                      std::span<const Cell> positions,
                                                      std::span<const Cell> goals,
                                                      const MapfPlannerOptions& options = {});

    /// Gives an agent a new goal from the next step on. Refused for an unknown agent, a tile
    /// that is not walkable, or another agent's goal.
    Status set_goal(std::uint32_t agent, Cell goal);

    /// Moves every agent one step and returns their tiles. Spends up to `budget` on the
    /// search for a complete plan (one PIBT step, well under a millisecond for a thousand
    /// agents, always runs).
    const std::vector<Cell>& step(std::chrono::microseconds budget);

    /// Every agent's tile, in agent order.
    [[nodiscard]] const std::vector<Cell>& positions() const { return cells_; }
    /// Every agent's goal.
    [[nodiscard]] std::vector<Cell> goals() const;
    /// True when every agent stands on its goal.
    [[nodiscard]] bool all_arrived() const;
    /// True while the agents follow a complete plan found by LaCAM.
    [[nodiscard]] bool following_plan() const { return !plan_.empty(); }
    /// True when the search proved that the current goals cannot all be reached.
    [[nodiscard]] bool no_solution() const { return no_solution_; }
    /// Bytes held: the distance tables, the search, the way back and the plan being followed
    /// (every configuration's buffer as the allocator holds it), PIBT and the agents' lists.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// Bytes of the search and the way back to where it started: at most
    /// `MapfPlannerOptions::search_memory_limit` after every step.
    [[nodiscard]] std::size_t search_memory_bytes() const;

  private:
    MapfPlanner(const MapfGraph& graph, MapfConfiguration positions, MapfConfiguration goals,
                const MapfPlannerOptions& options);
    void restart_search();
    void prefer_guide_paths(std::chrono::steady_clock::time_point deadline);
    void adopt(std::vector<MapfConfiguration> solution);
    void move_to(const MapfConfiguration& next);

    const MapfGraph* graph_;
    MapfPlannerOptions options_;
    std::unique_ptr<DistanceTables> distances_;  // stable address for the PIBT and search
    MapfConfiguration positions_;
    MapfConfiguration goals_;
    std::vector<Cell> cells_;
    Pibt pibt_;
    std::vector<float> priorities_;
    std::vector<std::uint32_t> order_;
    std::optional<LacamSearch> search_;
    std::vector<MapfConfiguration> history_;  // configurations since the search's start
    std::vector<MapfConfiguration> plan_;     // still to walk, the next one first
    std::size_t plan_next_ = 0;
    bool goals_changed_ = false;
    bool no_solution_ = false;
    std::uint64_t restarts_ = 0;
    MapfConfiguration scratch_;
};

}  // namespace pathkit
