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
/// tiles at cost 0, one tile a call, until the caller has what it wants. A tile's cost is the
/// least over the paths to it of their steps' costs added in order from the source, in floats,
/// as the engine's Dijkstra finds it (the order in which tiles of equal cost are settled cannot
/// change any cost). Its memory is kept from one search to the next and never cleared: a stamp
/// per tile says which search wrote it.
///
/// Where every straight step costs one amount and every diagonal step another (no terrain),
/// the queue is two first-in first-out lines, one a kind of step: the costs offered along
/// each line never fall (each is a settled cost, settled in order, plus the same step, and
/// float addition keeps order), so the cheaper of the two heads is the cheapest tile waiting.
/// Else the queue is a radix heap.
class ClusterDijkstra {
  public:
    /// Starts a search over `moves` (which must outlive it) from the tiles `sources`. With
    /// `two_steps` (the cost of every straight step, then of every diagonal step), the moves'
    /// costs are those; without, they are read from `moves`.
    void begin(const ClusterMoves& moves, std::span<const std::uint32_t> sources,
               const std::optional<std::array<Cost, 2>>& two_steps) {
        moves_ = &moves;
        two_step_costs_ = two_steps.has_value();
        if (two_steps) steps_ = *two_steps;
        const int side = moves.side();
        for (int direction = 0; direction < 8; ++direction)
            offsets_[direction] = ClusterMoves::dx[direction] + ClusterMoves::dy[direction] * side;
        const auto tiles = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
        if (stamps_.size() < tiles) {
            stamps_.resize(tiles, 0);
            costs_.resize(tiles);
        }
        if (++search_ > max_search) {  // forget every old stamp once
            std::fill(stamps_.begin(), stamps_.end(), 0);
            search_ = 1;
        }
        queue_.clear();
        for (std::vector<std::uint64_t>& line : lines_)
            line.clear();
        heads_[0] = heads_[1] = 0;
        for (const std::uint32_t source : sources)
            offer(source, 0, 0);
    }

    /// Settles the next tile: true with its local index and final cost, false when every tile
    /// the sources reach is settled.
    bool next(std::uint32_t& tile, Cost& cost) {
        for (;;) {
            std::uint64_t top = 0;
            if (!two_step_costs_) {
                if (queue_.empty()) return false;
                top = queue_.pop();
            } else {
                const bool straight = heads_[0] < lines_[0].size();
                const bool diagonal = heads_[1] < lines_[1].size();
                if (!straight && !diagonal) return false;
                const int line =
                    !diagonal || (straight && lines_[0][heads_[0]] <= lines_[1][heads_[1]]) ? 0 : 1;
                top = lines_[line][heads_[line]++];
            }
            tile = static_cast<std::uint32_t>(top);
            if (stamps_[tile] == settled_stamp()) continue;  // popped before at a lower cost
            stamps_[tile] = settled_stamp();
            cost = costs_[tile];
            unsigned mask = moves_->mask(tile) & 0xffu;
            while (mask != 0) {
                const int direction = std::countr_zero(mask);
                mask &= mask - 1;
                const auto next_tile =
                    static_cast<std::uint32_t>(static_cast<int>(tile) + offsets_[direction]);
                const Cost step =
                    two_step_costs_ ? steps_[direction & 1] : moves_->cost(tile, direction);
                if (step < infinite_cost)  // +infinity: no move
                    offer(next_tile, cost + step, direction & 1);
            }
            return true;
        }
    }

  private:
    static constexpr std::uint32_t max_search = (std::uint32_t{1} << 31) - 2;
    [[nodiscard]] std::uint32_t reached_stamp() const { return 2 * search_; }
    [[nodiscard]] std::uint32_t settled_stamp() const { return 2 * search_ + 1; }

    /// `line`: 1 for a diagonal step (the odd directions), else 0.
    void offer(std::uint32_t tile, Cost cost, int line) {
        const std::uint32_t stamp = stamps_[tile];
        if (stamp == settled_stamp() || (stamp == reached_stamp() && !(cost < costs_[tile])))
            return;
        stamps_[tile] = reached_stamp();
        costs_[tile] = cost;
        // Costs are finite and not negative: their bits order as the costs do. (The builtin is
        // std::bit_cast, which emscripten's standard library, used for the playground, lacks.)
        const std::uint64_t key =
            std::uint64_t{__builtin_bit_cast(std::uint32_t, cost)} << 32 | tile;
        if (two_step_costs_)
            lines_[line].push_back(key);
        else
            queue_.push(key);
    }

    const ClusterMoves* moves_ = nullptr;
    int offsets_[8] = {};
    std::uint32_t search_ = 0;
    std::vector<std::uint32_t> stamps_;  // per local tile: 2 x search reached, + 1 settled
    std::vector<Cost> costs_;            // per local tile, where the stamp is this search's
    bool two_step_costs_ = false;
    std::array<Cost, 2> steps_ = {0, 0};
    RadixQueue queue_{32};                 // cost bits << 32 | tile, least first
    std::vector<std::uint64_t> lines_[2];  // or by kind of step: straight, diagonal
    std::size_t heads_[2] = {0, 0};
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
