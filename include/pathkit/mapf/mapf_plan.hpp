/// plan_mapf: paths for many agents at once on a grid, none colliding, within a time limit.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pathkit/grid/cell.hpp"
#include "pathkit/mapf/lacam.hpp"
#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// How a plan ended.
enum class MapfStatus {
    /// Every agent reaches its goal (`MapfPlan::steps` holds the plan).
    Solved,
    /// No plan was found within the time (or memory) limit; one may exist.
    NotSolved,
    /// Proved: no plan exists (LaCAM visited every reachable configuration, or an agent's goal
    /// lies in another region than its start).
    NoSolution,
    /// Refused: an agent off the map or on a blocked tile, two agents on one start or one goal,
    /// or bad options. `MapfPlan::message` says which.
    InvalidInput,
};

/// "solved", "not solved", "no solution", "invalid input".
[[nodiscard]] const char* to_string(MapfStatus status);

/// How much of the time a plan spends on making the first solution cheaper.
enum class MapfQuality {
    /// LaCAM alone: the first solution as soon as it is found.
    Fast,
    /// Guide paths first (`guide_paths`, LaCAM3's space utilisation optimisation: near-shortest
    /// routes that avoid each other in space and time, within a share of the time limit), whose
    /// next tile PIBT prefers; then, while the plan costs more than 1.2 times its lower bound,
    /// up to 2 more LaCAM searches with other tie-breaks on the same routes, each within 1.5
    /// times the first search's expansions, the cheapest plan kept; then, while it costs more
    /// than 1.05 times its lower bound, a short `PlanRefiner::run_while_improving` on it (4
    /// agents a round, in portions of 16 expanded states per agent until a portion gains
    /// nothing, at most 256 per agent): cheaper plans, 2-6 times the time of `Fast` and more on
    /// small crowded maps (deterministic unless the time limit ends it).
    Balanced,
    /// `Balanced`, and then the `PlanRefiner` on its plan (8 agents a round) for max(50,
    /// agents / 4) more rounds, or until its searches have expanded 16,384 states per agent:
    /// cheaper still, and slower (deterministic, as the others, unless the time limit ends it).
    Best,
};

/// "fast", "balanced", "best".
[[nodiscard]] const char* to_string(MapfQuality quality);

/// How to plan.
struct MapfPlanOptions {
    /// Wall-clock seconds for the whole call (the check that every goal can be reached,
    /// distance tables, spread routes and the search); > 0 and at most a year. Past it the call
    /// returns `NotSolved` within a few milliseconds (plus the time of one PIBT step).
    double time_limit_seconds = 10;
    /// When the time limit began; by default when `plan_mapf` is called. A caller that does set-up
    /// of its own first (reading the map, building the graph) passes when that began, so that
    /// the limit covers it too.
    std::optional<std::chrono::steady_clock::time_point> started;
    /// The search (seed, LaCAM* anytime refinement, PIBT swap, its memory limit). The memory
    /// limit covers LaCAM and the `PlanRefiner` together: anytime and at quality best the
    /// refiner may hold a quarter of it, LaCAM the rest; at quality balanced the refiner runs
    /// only when its start (`PlanRefiner::starting_bytes`) fits in what LaCAM left.
    LacamOptions search;
    /// Guide PIBT by routes that spread the agents out (`spread_paths`), computed within a
    /// tenth of the time limit: better plans on small crowded maps, worse and slower on large
    /// ones (docs/benchmarks.md).
    bool spread = false;
    /// How much time goes into the first solution's cost (see `MapfQuality`); with `spread`,
    /// the spread routes guide PIBT instead of the guide paths.
    MapfQuality quality = MapfQuality::Balanced;
    /// Bytes the distance tables may hold (see `DistanceTables`). Below
    /// `DistanceTables::room_for_goals(vertices, agents)` tables are freed and searched again
    /// over and over (about 128 MiB an agent on an open 4096 x 4096 map).
    std::size_t distance_memory_limit = std::size_t{1} << 30;
};

/// A plan and what it took.
struct MapfPlan {
    MapfStatus status = MapfStatus::InvalidInput;
    /// Why, when not solved.
    std::string message;
    /// With a solution: every agent's tile at times 0, 1, 2, ..., in agent order; each step
    /// moves every agent to a straight neighbour or keeps it in place, with no two agents on
    /// one tile or trading tiles. The last step has every agent on its goal.
    std::vector<std::vector<Cell>> steps;
    /// The search proved the plan optimal for the sum of loss (anytime search only).
    bool optimal = false;
    /// Milliseconds to the first solution (negative without one), and in all.
    double first_solution_ms = -1;
    double total_ms = 0;
    /// Configurations the search visited, bytes it held (`LacamSearch::memory_bytes`, and
    /// `PlanRefiner::memory_bytes` in anytime runs), and the distance tables' peak bytes
    /// (`DistanceTables::peak_memory_bytes`).
    std::uint64_t configurations = 0;
    std::size_t search_bytes = 0;
    std::size_t distance_table_bytes = 0;
    /// Rounds of the `PlanRefiner` (a few agents replanned each; anytime runs, and quality
    /// balanced and best) and the milliseconds spent in them.
    std::uint64_t refiner_rounds = 0;
    double refiner_ms = 0;
    /// Quality balanced and best: LaCAM searches run again after the first (see `MapfQuality`).
    std::uint32_t searches_again = 0;
    /// `NotSolved` because the search reached `LacamOptions::memory_limit` (not the time).
    bool memory_limit_reached = false;
    /// Bytes of the planning graph, when `plan_mapf` built it (`MapfGraph::memory_bytes`).
    std::size_t graph_bytes = 0;
};

/// Plans for agents going from `starts` to `goals` (one each, same length) on `graph`, by
/// LaCAM. First proves every goal reachable from its start (connected components of the graph,
/// one pass over its vertices and 4 bytes each, freed before the search). With
/// `options.search.anytime` the whole time limit is used unless a plan is proved optimal sooner:
/// LaCAM* goes on searching (about a quarter of the time) while a `PlanRefiner` improves the best
/// plan so far; the plan with the lower sum of costs is returned, or LaCAM*'s when it proved it
/// optimal (for the sum of loss). Deterministic for a seed when it ends before the limit.
[[nodiscard]] MapfPlan plan_mapf(const MapfGraph& graph, std::span<const Cell> starts,
                                 std::span<const Cell> goals, const MapfPlanOptions& options = {});

/// The same on the graph of `map`'s walkable tiles, built inside the time limit (a map of 67
/// million tiles takes about 2 s): past it, `NotSolved` at once. Agents are checked on the
/// map before the graph is built. The graph is freed before returning.
[[nodiscard]] MapfPlan plan_mapf(const GridMap& map, std::span<const Cell> starts,
                                 std::span<const Cell> goals, const MapfPlanOptions& options = {});

}  // namespace pathkit
