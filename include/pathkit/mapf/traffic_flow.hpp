/// TrafficFlow: guide paths for lifelong agents that share the map's directed edges, each path
/// priced by the traffic the others already send its way (after Chen et al., "Traffic Flow
/// Optimisation for Lifelong Multi-Agent Path Finding", AAAI 2024).
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"
#include "pathkit/search/search_context.hpp"

namespace pathkit {

/// How traffic is priced.
struct TrafficFlowOptions {
    /// Extra cost of a step from u to v for each remaining path that steps from v to u (the
    /// contraflow term: two flows meeting head-on in a corridor).
    float contraflow_weight = 1;
    /// Extra cost of a step onto v for each remaining path that steps onto v (the vertex
    /// congestion term).
    float congestion_weight = 0.5f;
    /// Steps an agent may have walked along its path between two updates and still be found on
    /// it (further on, or off it, the agent counts as off its path).
    std::uint32_t lookahead = 16;
    /// What a step costs before traffic, by vertex index x 4 + way (0 east, 1 south, 2 west, 3
    /// north): one-way lanes, say (a guidance graph). Empty: every step 1. Each at least 1 (the
    /// search's estimate is the steps to go); costs of another size, or below 1, are ignored.
    std::vector<float> step_costs;
};

/// One guide path per agent, from where it stands to its goal, that minimises (one agent at a
/// time, the others held fixed) the path's length (or step costs) plus the traffic it meets: over
/// every step u->v, `contraflow_weight` times the paths stepping v->u plus `congestion_weight`
/// times the paths stepping onto v (the marginal increase of the paper's objective, the sum over
/// edges of opposite flows multiplied and over vertices of entering flows in pairs). Each `update`
/// first plans the agents without a path to their goal, then those off their path, then the others
/// in turn (so the flows settle over calls, as in the paper's iterative optimisation), until
/// the deadline. Paths are plain routes, not timed; the part an agent has walked is dropped.
///
/// Searches are A* on the one search engine with the exact distance (`DistanceTables`) as
/// heuristic. Not thread-safe; the graph and tables must outlive it.
class TrafficFlow {
  public:
    /// No paths yet, for `agents` agents.
    TrafficFlow(const MapfGraph& graph, DistanceTables& distances, std::size_t agents,
                const TrafficFlowOptions& options = {});

    /// Moves every agent's path on to where the agent stands (`at`), then plans paths to
    /// `goals` (one per agent, valid vertices) until `deadline` (checked before each agent and
    /// every 1,024 expansions of its search, which then keeps the agent's old path; the
    /// distance tables may also throw `DistanceTables::OutOfTime`, leaving every path
    /// consistent): the agents without a path to their goal, those off their path, then at most
    /// `renewals` others in turn. Returns the number of paths planned.
    std::size_t update(std::span<const MapfVertex> at, std::span<const MapfVertex> goals,
                       std::chrono::steady_clock::time_point deadline,
                       std::size_t renewals = SIZE_MAX);

    /// The rest of an agent's path, from its tile to its goal, or empty (no path, or the agent
    /// is off its path since the last update).
    [[nodiscard]] std::span<const MapfVertex> route(std::uint32_t agent) const;
    /// Every agent's route (`route`), in agent order.
    [[nodiscard]] std::vector<std::span<const MapfVertex>> routes() const;
    /// The objective over the remaining routes: their steps (or step costs), plus each weight times
    /// its term (pairs of opposite flows on each edge, pairs of flows entering each vertex).
    [[nodiscard]] double objective() const;
    /// Bytes held: 20 a vertex, the paths and the search.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    [[nodiscard]] static int direction(MapfVertex from, MapfVertex to);
    void count(std::uint32_t agent, int change);
    enum class Planned { Path, Unreachable, OutOfTime };
    Planned plan(std::uint32_t agent, MapfVertex start, MapfVertex goal,
                 std::chrono::steady_clock::time_point deadline);

    const MapfGraph* graph_;
    DistanceTables* distances_;
    TrafficFlowOptions options_;
    std::vector<std::array<std::uint32_t, 4>> out_;  // by vertex: paths leaving east, south,...
    std::vector<std::uint32_t> in_;                  // by vertex: paths entering it
    std::vector<std::vector<MapfVertex>> paths_;     // by agent, from where it stood
    std::vector<std::uint32_t> walked_;              // by agent: steps of its path behind it
    std::vector<std::uint8_t> off_path_;             // by agent: not found on its path
    std::size_t next_in_turn_ = 0;
    SearchContext context_;
};

}  // namespace pathkit
