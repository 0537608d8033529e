// The memory of the hierarchy's build per cluster and of its queries, with their Dijkstra
// search over one cluster's moves (without the engine's bookkeeping: parents, heuristics,
// statuses).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "hierarchy_spaces.hpp"
#include "pathkit/search/search_context.hpp"
#include "radix_queue.hpp"

namespace pathkit::detail {

/// Settles the tiles of one cluster (`ClusterMoves`) in order of cost from a set of source
/// tiles at cost 0, telling the caller of each until it has what it wants. A tile's cost is the
/// least over the paths to it of their steps' costs added in order from the source, in floats,
/// as the engine's Dijkstra finds it (the order in which tiles of equal cost are settled cannot
/// change any cost). Its memory is kept from one search to the next.
///
/// A tile's cost is offered only when it lowers the tile's cost so far, and steps never cost
/// less than nothing: every later offer is at least the cost last settled, so a settled tile is
/// never lowered again, and a key popped with a cost above its tile's is one that was lowered
/// after it was queued (no state per tile beyond its cost).
///
/// Where every straight step costs one amount and every diagonal step another (no terrain),
/// the queue is two first-in first-out lines, one a kind of step: the costs offered along
/// each line never fall (each is a settled cost, settled in order, plus the same step, and
/// float addition keeps order), so the cheaper of the two heads is the cheapest tile waiting.
/// Else the queue is a radix heap.
class ClusterDijkstra {
  public:
    /// Searches `moves` from the tiles `sources`, calling `settled(tile, cost)` (local index,
    /// final cost) for each tile in order of cost until it returns false or every tile the
    /// sources reach is settled.
    template <class Settled>
    void search(const ClusterMoves& moves, std::span<const std::uint32_t> sources,
                Settled&& settled) {
        const int side = moves.side();
        int offsets[8];
        for (int direction = 0; direction < 8; ++direction)
            offsets[direction] = ClusterMoves::dx[direction] + ClusterMoves::dy[direction] * side;
        const auto tiles = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
        costs_.assign(tiles, bits(infinite_cost));
        if (const std::optional<std::array<Cost, 2>> steps = moves.uniform_steps())
            search_two_steps(moves, offsets, sources, *steps, settled);
        else
            search_with_terrain(moves, offsets, sources, settled);
    }

  private:
    static constexpr std::uint64_t no_key = ~std::uint64_t{0};

    /// Costs are +infinity or finite and never negative: their bits order as they do. (The
    /// builtin is std::bit_cast, which emscripten's standard library, for the playground, lacks.)
    static std::uint32_t bits(Cost cost) { return __builtin_bit_cast(std::uint32_t, cost); }
    static Cost cost_of(std::uint64_t key) {
        return __builtin_bit_cast(Cost, static_cast<std::uint32_t>(key >> 32));
    }

    /// The two lines, each ended by `no_key`. An offer writes its line's next slot whether or
    /// not it lowers the tile's cost, and keeps it only if it does: most offers in a wave do
    /// not, unpredictably, and a branch per offer cost more than the writes (measured:
    /// docs/benchmarks.md).
    template <class Settled>
    void search_two_steps(const ClusterMoves& moves, const int (&offsets)[8],
                          std::span<const std::uint32_t> sources, std::array<Cost, 2> steps,
                          Settled& settled) {
        const std::size_t tiles = costs_.size();
        // A tile is queued on a line at most once per step of that kind into it (4 each), and
        // the slot after the last kept one is written too.
        for (std::vector<std::uint64_t>& line : lines_)
            if (line.size() < 4 * tiles + sources.size() + 2)
                line.resize(4 * tiles + sources.size() + 2);
        std::uint32_t* const costs = costs_.data();
        std::uint64_t* const line[2] = {lines_[0].data(), lines_[1].data()};
        std::size_t head[2] = {0, 0}, tail[2] = {0, 0};
        for (const std::uint32_t source : sources) {
            if (costs[source] == 0) continue;
            costs[source] = 0;
            line[0][tail[0]++] = source;
        }
        line[0][tail[0]] = no_key;
        line[1][tail[1]] = no_key;
        for (;;) {
            const std::uint64_t straight = line[0][head[0]], diagonal = line[1][head[1]];
            const bool take_straight = straight <= diagonal;
            const std::uint64_t key = take_straight ? straight : diagonal;
            if (key == no_key) return;
            head[0] += take_straight ? 1 : 0;
            head[1] += take_straight ? 0 : 1;
            const auto tile = static_cast<std::uint32_t>(key);
            if (costs[tile] != key >> 32) continue;  // lowered after it was queued
            const Cost cost = cost_of(key);
            if (!settled(tile, cost)) return;
            const std::uint16_t mask = moves.mask(tile);
            const std::uint32_t stepped[2] = {bits(cost + steps[0]), bits(cost + steps[1])};
            for (int direction = 0; direction < 8; ++direction) {
                const int kind = direction & 1;
                // A step not allowed (it may lead outside the cluster) offers the settled tile
                // itself, which is never lowered.
                const std::uint32_t next =
                    (mask >> direction & 1u) != 0
                        ? static_cast<std::uint32_t>(static_cast<int>(tile) + offsets[direction])
                        : tile;
                const std::uint32_t offered = stepped[kind];
                const std::uint32_t old = costs[next];
                const bool lower = offered < old;
                costs[next] = lower ? offered : old;
                line[kind][tail[kind]] = std::uint64_t{offered} << 32 | next;
                tail[kind] += lower ? 1 : 0;
            }
            line[0][tail[0]] = no_key;
            line[1][tail[1]] = no_key;
        }
    }

    template <class Settled>
    void search_with_terrain(const ClusterMoves& moves, const int (&offsets)[8],
                             std::span<const std::uint32_t> sources, Settled& settled) {
        queue_.clear();
        const auto offer = [&](std::uint32_t tile, Cost cost) {
            if (!(bits(cost) < costs_[tile])) return;
            costs_[tile] = bits(cost);
            queue_.push(std::uint64_t{bits(cost)} << 32 | tile);
        };
        for (const std::uint32_t source : sources)
            offer(source, 0);
        while (!queue_.empty()) {
            const std::uint64_t key = queue_.pop();
            const auto tile = static_cast<std::uint32_t>(key);
            if (costs_[tile] != key >> 32) continue;  // lowered after it was queued
            const Cost cost = cost_of(key);
            if (!settled(tile, cost)) return;
            unsigned mask = moves.mask(tile) & 0xffu;
            while (mask != 0) {
                const int direction = std::countr_zero(mask);
                mask &= mask - 1;
                const Cost step = moves.cost(tile, direction);
                if (step < infinite_cost)  // +infinity: no move
                    offer(static_cast<std::uint32_t>(static_cast<int>(tile) + offsets[direction]),
                          cost + step);
            }
        }
    }

    std::vector<std::uint32_t> costs_;     // per local tile: bits of the least cost offered
    RadixQueue queue_{32};                 // cost bits << 32 | tile, least first
    std::vector<std::uint64_t> lines_[2];  // or by kind of step: straight, diagonal
};

/// The memory of building one cluster, kept from one cluster to the next.
struct ClusterScratch {
    ClusterMoves moves;
    ClusterDijkstra search;
    std::vector<std::uint16_t> piece;        // per local tile: the piece of the cluster it is in
    std::vector<std::uint16_t> along_piece;  // per tile along a side: its piece if it leaves
    std::vector<std::uint32_t> queue;
    std::vector<std::uint16_t> gate_piece;               // per gate
    std::vector<std::uint16_t> first_gate, second_gate;  // per local tile (corners have two)
    std::vector<std::vector<std::uint32_t>> gate_tiles;  // per gate: its local tiles
    std::vector<std::uint8_t> found;                     // per gate
};

/// One query's start and goal joined to the abstract graph: the cheapest costs inside their
/// clusters from the start to each gate of its cluster and from each gate of the goal's
/// cluster to the goal, and the abstract search's scratch memory.
struct HierarchyQuery {
    std::uint32_t start = 0, goal = 0;  // padded indices
    std::uint32_t start_cluster = 0, goal_cluster = 0;
    std::vector<Cost> start_bounds;  // per gate of the start's cluster
    std::vector<Cost> goal_bounds;   // per gate of the goal's cluster
    std::vector<Cost> start_costs;   // per local tile of the start's cluster: cost from the start
    std::vector<Cost> goal_costs;    // per local tile of the goal's cluster: cost to the goal
    Cost direct = infinite_cost;     // start to goal inside one cluster
    ClusterMoves cluster_moves;      // of the cluster searched
    ClusterDijkstra cluster_search;  // the searches inside one cluster
    SearchContext cluster_context;   // the search to the goal where moves differ backwards
    SearchContext abstract_context;  // the abstract search
    Cost abstract_cost = 0;          // the backward search's cost from the start (optimal mode)
    std::vector<Cost> coarse_start_bounds;  // per coarse gate of the start's cluster
    std::vector<Cost> coarse_goal_bounds;   // per coarse gate of the goal's cluster
    std::vector<std::uint32_t> corridor;    // per cluster: corridor_stamp when in the corridor
    std::uint32_t corridor_stamp = 0;
};

}  // namespace pathkit::detail
