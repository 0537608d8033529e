/// guide_paths: one near-shortest path per agent that meets the others' paths as rarely as it
/// can in space and time, to guide PIBT (LaCAM3's space utilisation optimisation, Okumura,
/// "Engineering LaCAM*", AAMAS 2024).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// How guide paths are found.
struct GuidePathOptions {
    /// Steps a path may be longer than the agent's shortest path: more room to avoid the
    /// others, and a larger search.
    std::uint32_t margin = 10;
    /// Seeds the order in which agents are planned each round.
    std::uint64_t seed = 0;
    /// Rounds over every agent at most (at least two run unless the deadline or the memory
    /// limit stops them; later rounds run while the collisions keep falling).
    std::uint32_t max_rounds = 8;
    /// Bytes the paths and the collision table may hold (`GuidePaths::memory_bytes`); a round
    /// that would pass it is not started, and one that reaches it stops.
    std::size_t memory_limit = std::size_t{256} << 20;
};

/// What `guide_paths` found.
struct GuidePaths {
    /// By agent: its path from start to goal (one vertex a step, no waiting), or empty when the
    /// deadline or the memory limit came before the agent was planned once.
    std::vector<std::vector<MapfVertex>> paths;
    /// Collisions among the paths: two on one vertex at one time, two crossing one edge at one
    /// time, or a path entering a vertex after another path ended there.
    std::uint64_t collisions = 0;
    /// Rounds run (the last possibly cut short).
    std::uint32_t rounds = 0;
    /// Bytes held at most while planning: the paths, the collision table and the search.
    std::size_t memory_bytes = 0;
};

/// For each agent a path from its start to its goal, at most `margin` steps longer than the
/// shortest, found by best-first search ordered by collisions with every other agent's path
/// first and length second (timed by step: the path's k-th vertex is at time k). Agents are
/// planned in rounds, each in a random order, each agent's old path taken out while its new one
/// is found; the best round's paths are kept. Stops at `deadline` (checked before each agent;
/// the distance tables may also throw `DistanceTables::OutOfTime` if they were told to stop).
/// Agents whose goal cannot be reached get an empty path; every agent gets one when the deadline
/// has passed before the start or the working arrays would pass `options.memory_limit`.
[[nodiscard]] GuidePaths guide_paths(const MapfGraph& graph, DistanceTables& distances,
                                     const MapfConfiguration& starts,
                                     const MapfConfiguration& goals,
                                     const GuidePathOptions& options,
                                     std::chrono::steady_clock::time_point deadline);

}  // namespace pathkit
