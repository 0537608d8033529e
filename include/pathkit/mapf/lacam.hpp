/// LacamSearch: a complete search over configurations of all agents whose successors come
/// lazily from PIBT (Okumura, "LaCAM: Search-Based Algorithm for Quick Multi-Agent Pathfinding",
/// AAAI 2023), improved towards the optimum when asked (LaCAM*, IJCAI 2023).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// Where a LaCAM search stands after a call to `run`.
enum class LacamState {
    /// Still searching (no solution yet, or an anytime search still improving one).
    Searching,
    /// A solution is known (an anytime search stops here only when asked to stop).
    Solved,
    /// Every configuration worth visiting was visited: the solution is optimal (sum of loss).
    Optimal,
    /// Every reachable configuration was visited and none has all agents at their goals.
    NoSolution,
    /// The search memory limit was reached before the search ended.
    OutOfMemory,
};

/// How a LaCAM search runs.
struct LacamOptions {
    /// Seeds the random tie-breaks; the same seed gives the same search.
    std::uint64_t seed = 0;
    /// LaCAM*: after the first solution, keep searching for cheaper ones (sum of loss: every
    /// step of every agent that is not resting on its goal costs 1) until `run`'s deadline.
    bool anytime = false;
    /// PIBT's swap for corridors (LaCAM3). Off gives the original PIBT.
    bool swap = true;
    /// PIBT runs per successor, 1..64; the one with the least cost so far plus distance to go
    /// is kept (LaCAM3's Monte-Carlo generation): better plans, more time per configuration.
    std::uint32_t pibt_runs = 4;
    /// Bytes the search may hold (`LacamSearch::memory_bytes`): about 12 per agent and 130
    /// more per configuration visited, and 8 per vertex of the graph for PIBT. The search stops
    /// (`OutOfMemory`) before an expansion that could pass it.
    std::size_t memory_limit = std::size_t{4} << 30;
};

/// LaCAM: depth-first over configurations; each configuration is expanded by PIBT many times,
/// under ever longer lists of constraints ("agent a goes to v") tried lazily, one per visit,
/// so every successor is eventually generated. Complete on any graph: it reports `NoSolution`
/// only after visiting every configuration reachable from the start. The graph and tables
/// must outlive it; not thread-safe (one search per thread).
class LacamSearch {
  public:
    /// A search from `starts` to `goals` (distinct valid vertices, one per agent). Allocates
    /// PIBT's scratch (8 bytes a vertex) but asks the tables nothing until `run`.
    LacamSearch(const MapfGraph& graph, DistanceTables& distances, MapfConfiguration starts,
                MapfConfiguration goals, const LacamOptions& options = {});
    LacamSearch(LacamSearch&&) noexcept;
    LacamSearch& operator=(LacamSearch&&) noexcept;
    ~LacamSearch();

    /// Routes for PIBT to prefer (see `Pibt::prefer_routes`), before the first `run`.
    void prefer_routes(const std::vector<std::vector<MapfVertex>>& routes);

    /// Changes the bytes the search may hold (`LacamOptions::memory_limit`) from the next
    /// `run` on.
    void set_memory_limit(std::size_t bytes);

    /// Searches until `deadline`, a first solution (unless anytime), the end of the search, or
    /// (checked before each) until `expansions()` reaches `max_expansions`. When the distance
    /// tables run out of time (`DistanceTables::stop_at`) it stops as at the deadline, and may
    /// be run again. Without the deadline deciding, the same calls give the same search.
    LacamState run(std::chrono::steady_clock::time_point deadline,
                   std::uint64_t max_expansions = UINT64_MAX);

    /// The best solution so far, the start first and the goals last; empty when none.
    [[nodiscard]] std::vector<MapfConfiguration> solution() const;
    /// Its sum of loss (see `LacamOptions::anytime`); 0 without one.
    [[nodiscard]] std::uint64_t solution_loss() const;
    /// Seconds of `run` until the first solution was found; negative before.
    [[nodiscard]] double seconds_to_first_solution() const;
    /// Configurations visited, and bytes the search holds (distance tables apart): every
    /// block of its storage and its PIBT runs' scratch, as allocated.
    [[nodiscard]] std::uint64_t configurations() const;
    /// Successors generated so far (each by `LacamOptions::pibt_runs` PIBT runs): the search's
    /// work, counted alike on every machine.
    [[nodiscard]] std::uint64_t expansions() const;
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pathkit
