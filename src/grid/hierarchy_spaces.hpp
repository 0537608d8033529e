// The hierarchy's data and the spaces its searches run on: one cluster's tiles, the abstract
// graph of gates (with the query's start and goal joined), and the tile spaces of legs.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/table_allocator.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_space.hpp"

namespace pathkit {

/// A gate: the tiles on one side of a cluster's border from which a move leaves the cluster
/// through that side and which are joined inside the cluster (one piece of the cluster), or
/// a run of them side by side (`HierarchyOptions::gate_tiles`), with
/// the box of padded columns and rows that holds them (a line; `Cluster::border` says which
/// tiles of it are the gate's).
struct GridHierarchy::Gate {
    std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::int32_t side = 0;  // 0 east, 1 south, 2 west, 3 north
    friend bool operator==(const Gate&, const Gate&) = default;
};

/// The cheapest move across a border between a gate of this cluster and a gate of another.
struct GridHierarchy::Crossing {
    std::uint32_t gate = 0;   // the local gate of this cluster
    std::uint32_t other = 0;  // the gate state on the other side
    Cost cost = 0;
    friend bool operator==(const Crossing&, const Crossing&) = default;
};

namespace detail {
/// A padded column and row.
struct PaddedCell {
    int x;
    int y;
};

/// One cluster's moves for the forward plan searches (the fast mode), their costs ready, in
/// one block so that expanding a gate reads one place: first a head per gate and one past the
/// last, then each gate's moves, its crossings first, then its moves to the cluster's other
/// gates. A forward cost is the bound, or the octile distance between the two gates' middles
/// when that is more (a bound is free along a gate).
class PlanMoves {
  public:
    struct Move {
        std::uint32_t to = 0;       // head: where the gate's moves begin; move: the state reached
        Cost cost = 0;              // move: its forward cost
        std::int16_t x = 0, y = 0;  // head: x counts the gate's crossings; move: the middle reached
        friend bool operator==(const Move&, const Move&) = default;
    };
    static_assert(GridMap::max_side + 2 <= std::numeric_limits<std::int16_t>::max());

    /// The moves of gate `gate` (unchecked): its crossings, then its moves inside the cluster.
    [[nodiscard]] std::span<const Move> moves(std::uint32_t gate) const {
        return {block_.data() + block_[gate].to, block_[gate + 1].to - block_[gate].to};
    }
    /// How many of them are crossings.
    [[nodiscard]] std::size_t crossings(std::uint32_t gate) const {
        return static_cast<std::size_t>(block_[gate].x);
    }
    [[nodiscard]] std::size_t memory_bytes() const { return block_.capacity() * sizeof(Move); }
    /// Asks the processor to start loading every move of the block (a hint, no read).
    void prefetch() const {
        const auto* bytes = reinterpret_cast<const char*>(block_.data());
        for (std::size_t at = 0; at < block_.size() * sizeof(Move);
             at += TableAllocator<Move>::line_bytes)
            prefetch_line(bytes + at);
    }

    /// Filling, gate after gate: `begin` once, then per gate `start_gate`, its crossings
    /// (`add`), `end_crossings`, its other moves (`add`); `finish` at the end.
    void begin(std::size_t gates) { block_.assign(gates + 1, Move{}); }
    void start_gate(std::uint32_t gate) { block_[gate].to = size(); }
    void add(std::uint32_t to, Cost cost, int x, int y) {
        block_.push_back({to, cost, static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
    }
    void end_crossings(std::uint32_t gate) {
        block_[gate].x = static_cast<std::int16_t>(size() - block_[gate].to);
    }
    void finish(std::uint32_t gates) {
        block_[gates].to = size();
        block_.shrink_to_fit();
    }
    friend bool operator==(const PlanMoves&, const PlanMoves&) = default;

  private:
    [[nodiscard]] std::uint32_t size() const { return static_cast<std::uint32_t>(block_.size()); }
    std::vector<Move> block_;
};

/// Where the forward plan searches stand on a gate: its middle tile (padded).
[[nodiscard]] inline PaddedCell gate_middle(const GridHierarchy::Gate& gate) {
    return {(gate.x0 + gate.x1) / 2, (gate.y0 + gate.y1) / 2};
}
}  // namespace detail

/// What a hierarchy keeps per cluster.
struct GridHierarchy::Cluster {
    std::vector<Gate> gates;
    /// gates x gates: the cheapest cost from any tile of gate `row` to any tile of gate
    /// `column` inside the cluster; +infinity where none.
    std::vector<Cost> bounds;
    /// Moves out of the cluster, sorted by gate then other gate.
    std::vector<Crossing> exits;
    /// Moves into the cluster: `gate` is entered from `other`; sorted alike.
    std::vector<Crossing> entries;
    /// For each side (E, S, W, N) and each tile along it, its gate on that side or no_gate.
    std::vector<std::uint16_t> border;
    /// The pieces of the cluster (tiles joined inside it, each with its gates): per gate its
    /// piece, and per local tile its piece, or `no_piece` where it leads to no gate or the
    /// cluster has more pieces than a byte numbers (`detail::no_piece` past 254). The tiles'
    /// are empty when every tile the unit fits on lies in piece 0.
    std::vector<std::uint8_t> gate_pieces;
    std::vector<std::uint8_t> tile_pieces;
    /// With finer gates (`HierarchyOptions::gate_tiles` above 0) the coarse graph of the
    /// corridor plan, derived from the fine one: a coarse gate is every fine gate of one side
    /// in one piece of the cluster (what the gates are with gate_tiles 0). Per fine gate its
    /// coarse gate; per coarse gate the box of its fine gates; coarse x coarse the least bound
    /// between their fine gates; and the cheapest crossings between coarse gates (`other` a
    /// coarse state). All empty with gate_tiles 0.
    std::vector<std::uint16_t> coarse_of;
    std::vector<Gate> coarse_gates;
    std::vector<Cost> coarse_bounds;
    std::vector<Crossing> coarse_exits;
    /// The forward plan's moves over the gates, and over the coarse gates (that one empty
    /// with gate_tiles 0).
    detail::PlanMoves plan, coarse_plan;
    friend bool operator==(const Cluster&, const Cluster&) = default;
};

namespace detail {

inline constexpr std::uint16_t no_gate = std::numeric_limits<std::uint16_t>::max();
inline constexpr std::uint8_t no_piece = std::numeric_limits<std::uint8_t>::max();
/// The most landmarks a fast plan takes (`HierarchyOptions::plan_landmarks`).
inline constexpr int max_plan_landmarks = 8;

/// The octile-style estimate from padded (x, y) to a box of tiles (0 inside it).
[[nodiscard]] inline Cost estimate_to_box(const GridSpace& space, int x, int y, int x0, int y0,
                                          int x1, int y1) {
    const int dx = x < x0 ? x0 - x : (x > x1 ? x - x1 : 0);
    const int dy = y < y0 ? y0 - y : (y > y1 ? y - y1 : 0);
    return space.distance_estimate(dx, dy);
}

/// The forward plan searches' cost of a move between gates standing at `a` and `b` with
/// bound `bound`: the bound, or the octile distance between them when that is more (the bound
/// is free along a gate).
[[nodiscard]] inline Cost forward_cost(const GridSpace& space, PaddedCell a, PaddedCell b,
                                       Cost bound) {
    return std::max(bound, space.distance_estimate(std::abs(a.x - b.x), std::abs(a.y - b.y)));
}

/// The padded column and row of tile `along` of a side (0 E, 1 S, 2 W, 3 N) of a cluster.
[[nodiscard]] inline PaddedCell tile_on_side(const ClusterLayout& layout, std::uint32_t cluster,
                                             int side, int along) {
    const int left = layout.left(cluster), top = layout.top(cluster);
    switch (side) {
        case 0:
            return {left + layout.width_of(cluster) - 1, top + along};
        case 1:
            return {left + along, top + layout.height_of(cluster) - 1};
        case 2:
            return {left, top + along};
        default:
            return {left + along, top};
    }
}

/// Calls `visit(PaddedCell)` for each tile of a gate of a cluster.
template <class Visit>
void for_each_gate_tile(const ClusterLayout& layout, std::uint32_t cluster,
                        const GridHierarchy::Cluster& data, std::uint32_t gate, Visit&& visit) {
    const GridHierarchy::Gate& box = data.gates[gate];
    const bool upright = box.side == 0 || box.side == 2;
    const int first = upright ? box.y0 - layout.top(cluster) : box.x0 - layout.left(cluster);
    const int last = upright ? box.y1 - layout.top(cluster) : box.x1 - layout.left(cluster);
    for (int along = first; along <= last; ++along)
        if (data.border[static_cast<std::size_t>(box.side * layout.side + along)] == gate)
            visit(tile_on_side(layout, cluster, box.side, along));
}

/// True when padded (x, y) is a tile of a gate of a cluster.
[[nodiscard]] inline bool in_gate(const ClusterLayout& layout, std::uint32_t cluster,
                                  const GridHierarchy::Cluster& data, std::uint32_t gate, int x,
                                  int y) {
    const GridHierarchy::Gate& box = data.gates[gate];
    if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) return false;
    const bool upright = box.side == 0 || box.side == 2;
    const int along = upright ? y - layout.top(cluster) : x - layout.left(cluster);
    return data.border[static_cast<std::size_t>(box.side * layout.side + along)] == gate;
}
/// Whether the search records of `space` fit the caches (the engine's measure:
/// `scattered_min_states`); on bigger maps legs take windows and plain searches the bit lines.
[[nodiscard]] inline bool fits_the_caches(const GridSpace& space) {
    return space.state_count() < scattered_min_states;
}
/// Whether a query's ends lie more than two cluster sides apart across or down. On a map that
/// fits the caches, a fast plan between such ends tries plain jump point search first only
/// where the build found that it answers most such queries within its budget.
[[nodiscard]] inline bool far_apart(const ClusterLayout& layout, Cell from, Cell to) {
    const int far = 2 * layout.side;
    return std::abs(from.x - to.x) > far || std::abs(from.y - to.y) > far;
}
[[nodiscard]] inline PaddedCell padded_cell(const GridMap& map, std::uint32_t index) {
    const int row = map.padded_row(index);
    return {static_cast<int>(index) - row * map.stride(), row};
}

/// The moves of a space between the tiles of one cluster, read once per cluster: per local
/// tile (`row * side + column`) whether the unit fits there and which of the eight directions
/// it may move in without leaving the cluster, and each move's cost.
class ClusterMoves {
  public:
    /// Directions E, SE, S, SW, W, NW, N, NE: direction `d ^ 4` is the opposite of `d`.
    static constexpr int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    static constexpr int dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    /// Bit 8 of a tile's mask: the unit fits there.
    static constexpr std::uint16_t fits_bit = 1u << 8;

    /// Reads the moves of `cluster` (the buffers are kept from one cluster to the next).
    void read(const GridSpace& space, const ClusterLayout& layout, std::uint32_t cluster) {
        side_ = layout.side;
        shift_ = layout.shift;
        const int left = layout.left(cluster), top = layout.top(cluster);
        const int width = layout.width_of(cluster), height = layout.height_of(cluster);
        const int stride = space.map().stride();
        const std::uint8_t* fits = space.fits_data();
        const std::size_t tiles = static_cast<std::size_t>(side_) * side_;
        masks_.assign(tiles, 0);
        // Without terrain a step costs what its kind does: no cost per move is kept.
        uniform_ = !space.map().has_terrain_costs();
        steps_ = {space.rules().straight_cost, space.rules().diagonal_cost};
        if (!uniform_) costs_.resize(tiles * 8);
        int padded_offsets[8];
        for (int direction = 0; direction < 8; ++direction)
            padded_offsets[direction] = dx[direction] + dy[direction] * stride;
        for (int y = 0; y < height; ++y) {
            // The directions that stay inside the cluster from this row (then column).
            unsigned inside_row = 0xffu;
            if (y == 0) inside_row &= ~(1u << 5 | 1u << 6 | 1u << 7);
            if (y == height - 1) inside_row &= ~(1u << 1 | 1u << 2 | 1u << 3);
            for (int x = 0; x < width; ++x) {
                const auto here = static_cast<std::uint32_t>((top + y) * stride + left + x);
                if (fits[here] == 0) continue;
                unsigned inside = inside_row;
                if (x == 0) inside &= ~(1u << 3 | 1u << 4 | 1u << 5);
                if (x == width - 1) inside &= ~(1u << 7 | 1u << 0 | 1u << 1);
                const std::uint32_t local =
                    (static_cast<std::uint32_t>(y) << shift_) + static_cast<std::uint32_t>(x);
                const unsigned mask = directions_of_steps[space.step_directions(here)] & inside;
                masks_[local] = static_cast<std::uint16_t>(mask | fits_bit);
                if (uniform_) continue;
                for (unsigned to_cost = mask; to_cost != 0; to_cost &= to_cost - 1) {
                    const int direction = std::countr_zero(to_cost);
                    costs_[local * 8 + static_cast<std::uint32_t>(direction)] =
                        space.step_cost((direction & 1) != 0,
                                        static_cast<std::uint32_t>(static_cast<int>(here) +
                                                                   padded_offsets[direction]));
                }
            }
        }
    }
    [[nodiscard]] int side() const { return side_; }
    [[nodiscard]] int shift() const { return shift_; }
    [[nodiscard]] std::uint16_t mask(std::uint32_t local) const { return masks_[local]; }
    /// Without terrain, the cost of every straight step, then of every diagonal step (each
    /// move's cost is its kind's); with terrain, none.
    [[nodiscard]] std::optional<std::array<Cost, 2>> uniform_steps() const {
        if (!uniform_) return std::nullopt;
        return steps_;
    }
    /// The cost of the move from `local` in `direction` (one its mask allows).
    [[nodiscard]] Cost cost(std::uint32_t local, int direction) const {
        return uniform_ ? steps_[static_cast<std::size_t>(direction & 1)]
                        : costs_[local * 8 + static_cast<std::uint32_t>(direction)];
    }

  private:
    /// For each set of the space's step bits (E, S, W, N, SE, SW, NW, NE), the same steps as
    /// this class's directions.
    static constexpr std::array<std::uint8_t, 256> directions_of_steps = [] {
        constexpr int direction_of_step[8] = {0, 2, 4, 6, 1, 3, 5, 7};
        std::array<std::uint8_t, 256> table{};
        for (unsigned steps = 0; steps < 256; ++steps)
            for (int step = 0; step < 8; ++step)
                if ((steps >> step & 1u) != 0)
                    table[steps] |= static_cast<std::uint8_t>(1u << direction_of_step[step]);
        return table;
    }();

    int side_ = 0, shift_ = 0;
    bool uniform_ = true;
    std::array<Cost, 2> steps_ = {0, 0};  // straight, diagonal, where uniform
    std::vector<std::uint16_t> masks_;
    std::vector<Cost> costs_;
};

/// The tiles of one cluster as a space of the engine: state `row * side + column` (local).
/// Reversed, a step costs what the step the other way costs (searches towards a tile). No
/// state is a goal: searches over it settle every tile they reach.
class ClusterSpace {
  public:
    ClusterSpace(const ClusterMoves& moves, bool reversed)
        : moves_(moves), side_(moves.side()), reversed_(reversed) {
        for (int direction = 0; direction < 8; ++direction)
            offsets_[direction] = ClusterMoves::dx[direction] + ClusterMoves::dy[direction] * side_;
    }

    [[nodiscard]] std::size_t state_count() const {
        return static_cast<std::size_t>(side_) * static_cast<std::size_t>(side_);
    }
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.value < state_count() &&
               (moves_.mask(state.value) & ClusterMoves::fits_bit) != 0;
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        unsigned mask = moves_.mask(state.value) & 0xffu;
        while (mask != 0) {
            const int direction = std::countr_zero(mask);
            mask &= mask - 1;
            const auto next =
                static_cast<std::uint32_t>(static_cast<int>(state.value) + offsets_[direction]);
            visit(StateId(next), reversed_ ? moves_.cost(next, direction ^ 4)
                                           : moves_.cost(state.value, direction));
        }
    }
    [[nodiscard]] Cost heuristic(StateId) const { return 0; }
    [[nodiscard]] bool is_goal(StateId) const { return false; }

  private:
    const ClusterMoves& moves_;
    int side_;
    int offsets_[8] = {};
    bool reversed_;
};

/// The local state (`row * side + column`) of a padded tile index inside a cluster.
[[nodiscard]] inline std::uint32_t local_state(const ClusterLayout& layout, std::uint32_t cluster,
                                               std::uint32_t tile_index) {
    const auto stride = static_cast<std::uint32_t>(layout.stride);
    const std::uint32_t offset =
        tile_index -
        static_cast<std::uint32_t>(layout.top(cluster) * layout.stride + layout.left(cluster));
    const std::uint32_t row = offset / stride;
    return (row << layout.shift) + (offset - row * stride);
}

/// The tile searches of legs: the space's tiles inside one or two clusters. Towards a gate of
/// the second cluster (`target_cluster` not null): one more state, the leg's end, is joined
/// to each tile of the gate at the estimate from that tile to the goal, so the leg leaves by
/// the tile that looks best for the rest of the way; else towards the goal itself.
class LegProblem {
  public:
    LegProblem(const GridSpace& space, const ClusterLayout& layout, std::uint32_t first,
               std::uint32_t second, std::uint32_t goal,
               const GridHierarchy::Cluster* target_cluster, std::uint32_t target_gate)
        : space_(space),
          layout_(layout),
          first_(first),
          second_(second),
          goal_(goal),
          goal_cell_(padded_cell(space.map(), goal)),
          target_cluster_(target_cluster),
          target_gate_(target_gate) {}

    /// The leg's end when it runs towards a gate.
    [[nodiscard]] std::uint32_t end_state() const {
        return static_cast<std::uint32_t>(space_.state_count());
    }
    [[nodiscard]] std::size_t state_count() const { return space_.state_count() + 1; }
    [[nodiscard]] bool inside(std::uint32_t tile) const {
        const PaddedCell cell = padded_cell(space_.map(), tile);
        const std::uint32_t cluster = layout_.cluster_at(cell.x, cell.y);
        return cluster == first_ || cluster == second_;
    }
    [[nodiscard]] bool is_valid(StateId state) const {
        if (state.value == end_state()) return target_cluster_ != nullptr;
        return space_.is_valid(state) && inside(state.value);
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        if (state.value == end_state()) return;
        space_.for_each_successor(state, [&](StateId next, Cost step) {
            if (inside(next.value)) visit(next, step);
        });
        if (target_cluster_ == nullptr) return;
        const PaddedCell cell = padded_cell(space_.map(), state.value);
        if (in_gate(layout_, second_, *target_cluster_, target_gate_, cell.x, cell.y))
            visit(StateId(end_state()), heuristic(state));
    }
    [[nodiscard]] Cost heuristic(StateId state) const {
        if (state.value == end_state()) return 0;
        const PaddedCell cell = padded_cell(space_.map(), state.value);
        return estimate_to_box(space_, cell.x, cell.y, goal_cell_.x, goal_cell_.y, goal_cell_.x,
                               goal_cell_.y);
    }
    [[nodiscard]] bool is_goal(StateId state) const {
        return state.value == (target_cluster_ == nullptr ? goal_ : end_state());
    }

  private:
    const GridSpace& space_;
    const ClusterLayout& layout_;
    std::uint32_t first_, second_;
    std::uint32_t goal_;
    PaddedCell goal_cell_;
    const GridHierarchy::Cluster* target_cluster_;
    std::uint32_t target_gate_;
};

}  // namespace detail
}  // namespace pathkit
