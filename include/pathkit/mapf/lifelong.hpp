/// LifelongPlanner: agents that fetch task after task (warehouse robots, RTS units given order
/// after order), moved one step at a time by PIBT towards each one's current task.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"
#include "pathkit/mapf/pibt.hpp"
#include "pathkit/mapf/traffic_flow.hpp"

namespace pathkit {

/// How a lifelong planner works.
struct LifelongOptions {
    /// Seeds PIBT's tie-breaks: the same seed, tasks and budgets give the same moves.
    std::uint64_t seed = 0;
    /// Bytes for the distance tables (one per goal, 4 bytes a vertex and its search's
    /// frontier; the least recently used are freed past it and searched again when asked).
    /// Room for one table per agent keeps every step's work to the new goals' searches.
    std::size_t distance_memory_limit = std::size_t{256} << 20;
    /// LaCAM3's swap: an agent that must pass another in a dead end pulls it out. It helps on
    /// maps with dead ends, but voids the progress guarantee (see `LifelongPlanner`).
    bool swap = false;
    /// Guide paths by traffic flow (`TrafficFlow`): each step first spends up to half its
    /// budget renewing them (agents with a new task first), and PIBT then orders each agent's
    /// choices by steps to go along its path. Moves stay as valid; throughput rises where
    /// flows would otherwise meet head-on (warehouse aisles). Paths renewed while agents walk
    /// them void the progress guarantee (see `LifelongPlanner`).
    bool traffic_flow = false;
};

/// Moves agents on a `MapfGraph` one step per call to `step`, each towards the first task of
/// its own queue (a tile to visit; tasks are visited in the order given).
///
/// - Each step moves every agent to a straight neighbour or keeps it in place, never two on
///   one tile, never two trading tiles (PIBT, Okumura et al., AIJ 2022, with each agent's
///   distance to its current task as its preference).
/// - An agent standing on its current task's tile after a step (or when the task is added)
///   finishes it there and takes the next one at once (several on one step when they share
///   the tile). Without tasks an agent keeps its tile, makes way when pushed and stays where
///   it was pushed to (it never outranks an agent with a task).
/// - Priorities: an agent gains 1 each step it is not on its goal and drops back when it
///   finishes, so the agent whose task is oldest goes first.
/// - Progress guarantee: when every pair of adjacent tiles lies on a cycle (no bridge: a
///   corridor one tile wide that is not part of a loop, or a dead end, breaks it; corridors
///   two tiles wide and loops keep it), each connected part of the map has more tiles than
///   agents, and `swap` and `traffic_flow` are off, the agent with the oldest task steps nearer its
///   goal on every step, so every task is finished at most (agents x the map's diameter) steps
///   after its agent takes it (PIBT's theorem; steps stopped by the budget do not count). Without
///   the property nothing fails, but agents may oscillate in a dead end forever: watch
///   `oldest_task_age`. `progress_guaranteed` says whether the property holds.
/// - Cost: the distance tables, one per goal, built lazily within the memory limit.
/// - Not thread-safe; the graph must outlive the planner.
class LifelongPlanner {
  public:
    /// Agents on `starts` (distinct walkable tiles of the graph), with no tasks yet. Refused
    /// otherwise, naming the agent.
    [[nodiscard]] static Expected<LifelongPlanner> create(const MapfGraph& graph,
                                                          std::span<const Cell> starts,
                                                          const LifelongOptions& options = {});

    /// Appends a task to an agent's queue, from the next step on (finished at once when it is
    /// the agent's current task and the agent stands on it). Refused for an unknown agent, a
    /// tile outside the map or blocked, or a tile no path leads to from the agent's start.
    Status add_task(std::uint32_t agent, Cell tile);
    /// Drops every task of an agent's queue, from the next step on: it keeps its tile, makes
    /// way when pushed and stays where it was pushed to, as an agent that never had one. The
    /// tasks it finished stay in `finished`. Refused for an unknown agent.
    Status clear_tasks(std::uint32_t agent);

    /// Moves every agent one step. The distance tables' searches for new goals (the only
    /// long part) stop at `budget`; a step stopped there keeps every agent in place and returns
    /// false (the searches resume on the next step from where they stopped). PIBT's own pass
    /// over the agents is not cut short (about 2 ms for 1,000 agents on den520d, see
    /// docs/benchmarks.md), so a step may pass a budget smaller than that.
    bool step(std::chrono::microseconds budget);

    /// Every agent's tile, in agent order.
    [[nodiscard]] const std::vector<Cell>& positions() const { return cells_; }
    /// Steps taken so far, and of them those stopped by the budget.
    [[nodiscard]] std::uint64_t steps() const { return steps_; }
    [[nodiscard]] std::uint64_t steps_out_of_time() const { return steps_out_of_time_; }
    /// For an agent (unchecked), the step each of its finished tasks was finished on, in task
    /// order (step 0: before the first move).
    [[nodiscard]] std::span<const std::uint64_t> finished(std::uint32_t agent) const {
        return finished_[agent];
    }
    /// Tasks finished by every agent together, and per step taken (0 before the first step).
    [[nodiscard]] std::uint64_t tasks_finished() const { return tasks_finished_; }
    [[nodiscard]] double throughput() const {
        return steps_ == 0 ? 0.0
                           : static_cast<double>(tasks_finished_) / static_cast<double>(steps_);
    }
    /// Tasks waiting in an agent's queue (its current one included).
    [[nodiscard]] std::size_t tasks_left(std::uint32_t agent) const {
        return queues_[agent].size();
    }
    /// Steps the oldest unfinished current task has waited since its agent took it (0 when no
    /// agent has a task).
    [[nodiscard]] std::uint64_t oldest_task_age() const;
    /// Whether PIBT's progress guarantee holds (see the class comment).
    [[nodiscard]] bool progress_guaranteed() const { return progress_guaranteed_; }
    /// Bytes held: distance tables, PIBT, the queues and the finished lists, the map's parts.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// Bytes the distance tables hold now (within `LifelongOptions::distance_memory_limit`).
    [[nodiscard]] std::size_t distance_table_bytes() const { return distances_->memory_bytes(); }

  private:
    LifelongPlanner(const MapfGraph& graph, MapfConfiguration starts,
                    const LifelongOptions& options);
    void finish_tasks(std::uint32_t agent);

    const MapfGraph* graph_;
    std::unique_ptr<DistanceTables> distances_;  // stable address for PIBT
    MapfConfiguration positions_;
    std::vector<Cell> cells_;
    std::vector<std::uint32_t> part_of_vertex_;  // connected part of each vertex
    Pibt pibt_;
    std::unique_ptr<TrafficFlow> flow_;                 // with `LifelongOptions::traffic_flow`
    std::vector<std::deque<MapfVertex>> queues_;        // by agent, the current task first
    std::vector<std::vector<std::uint64_t>> finished_;  // by agent: steps of finished tasks
    std::vector<std::uint64_t> task_taken_;             // by agent: step it took its task
    std::vector<float> priorities_;
    std::vector<std::uint32_t> order_;
    MapfConfiguration next_;
    std::uint64_t steps_ = 0;
    std::uint64_t steps_out_of_time_ = 0;
    std::uint64_t tasks_finished_ = 0;
    bool progress_guaranteed_ = false;
};

/// Whether every edge of `graph` lies on a cycle (it has no bridge): the property PIBT needs
/// to guarantee progress. Linear time (one depth-first search, no recursion).
[[nodiscard]] bool every_edge_on_a_cycle(const MapfGraph& graph);

/// The connected part of every vertex, numbered from 0 in order of their first vertex.
[[nodiscard]] std::vector<std::uint32_t> connected_parts(const MapfGraph& graph);

/// A task of a lifelong run: an agent and the tile it must visit.
struct LifelongTask {
    std::uint32_t agent = 0;
    Cell tile;
};

/// `tasks_each` random tasks for every agent (agent 0's first, then agent 1's, ...), each tile
/// drawn uniformly from the walkable tiles an agent on `starts` can reach (distinct walkable
/// tiles of the graph, unchecked). The same arguments give the same tasks on every platform.
[[nodiscard]] std::vector<LifelongTask> random_lifelong_tasks(const MapfGraph& graph,
                                                              std::span<const MapfVertex> starts,
                                                              std::size_t tasks_each,
                                                              std::uint64_t seed);

}  // namespace pathkit
