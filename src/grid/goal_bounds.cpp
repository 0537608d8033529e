// GoalBounds: one Dijkstra search from every walkable tile, each tile remembering which first
// moves start its cheapest paths, and the boxes those tiles make.
#include "pathkit/grid/goal_bounds.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <string>
#include <utility>

#include "parallel_chunks.hpp"
#include "pathkit/grid/jump_point_search.hpp"

namespace pathkit {
namespace {

/// The eight moves in slot order: E, S, W, N, then SE, SW, NW, NE.
constexpr std::array<std::pair<int, int>, GoalBounds::moves> move_steps{
    {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};

/// The moves a unit may make from each padded tile under the rules: bit m for move slot m.
std::vector<std::uint8_t> allowed_moves(const GridMap& map, DiagonalPolicy policy) {
    const std::uint8_t* walkable = map.walkable_data();
    const int stride = map.stride();
    std::vector<std::uint8_t> moves(map.padded_size(), 0);
    const auto free = [&](int tile) { return walkable[tile] != 0; };
    for (int row = 1; row <= map.height(); ++row) {
        for (int column = 1; column <= map.width(); ++column) {
            const int tile = row * stride + column;
            if (!free(tile)) continue;
            std::uint8_t allowed = 0;
            for (int move = 0; move < GoalBounds::moves; ++move) {
                const auto [dx, dy] = move_steps[static_cast<std::size_t>(move)];
                if (!free(tile + dy * stride + dx)) continue;
                if (move >= 4) {
                    const bool side_x = free(tile + dx), side_y = free(tile + dy * stride);
                    const bool ok =
                        policy == DiagonalPolicy::Always ||
                        (policy == DiagonalPolicy::AtLeastOneWalkable && (side_x || side_y)) ||
                        (policy == DiagonalPolicy::NoCornerCutting && side_x && side_y);
                    if (!ok) continue;
                }
                allowed = static_cast<std::uint8_t>(allowed | (1U << move));
            }
            moves[static_cast<std::size_t>(tile)] = allowed;
        }
    }
    return moves;
}

/// Of the first moves of a tile's cheapest paths (bit m for move slot m, at least one), the
/// one jump point search's canonical order takes: a diagonal if any (the lowest slot), else a
/// vertical move (S before N), else a horizontal one (E before W). Following, from each tile,
/// the canonical first move towards a goal walks a cheapest path that is diagonal-first (and,
/// without diagonals, vertical-first), one jump point search keeps: at a tile where it turns
/// off a straight line, no diagonal (or vertical) move was cheapest one tile before, so an
/// obstacle forces the turn there. Each goal then widens only that move's box, so a search
/// pruned by the boxes still finds that path and the cost stays A*'s.
int canonical_move(unsigned first_moves) {
    if ((first_moves & 0xF0U) != 0) return std::countr_zero(first_moves & 0xF0U);
    if ((first_moves & 0x0AU) != 0) return std::countr_zero(first_moves & 0x0AU);
    return std::countr_zero(first_moves);
}

/// Per-thread scratch of the searches: costs, first-move sets and the queues, over padded
/// tiles. A generation stamp says which costs belong to the current search, so nothing is
/// cleared. With two step costs, Dijkstra needs no heap: each tile reached by a straight step
/// joins the straight queue, by a diagonal step the diagonal one, and since tiles are settled
/// in order of cost each queue stays sorted; the next tile is the cheaper of the two fronts.
class FirstMoveSearch {
  public:
    FirstMoveSearch(const GridMap& map, const MovementRules& rules,
                    const std::vector<std::uint8_t>& allowed)
        : map_(&map),
          allowed_(allowed.data()),
          stride_(map.stride()),
          cost_(map.padded_size()),
          first_moves_(map.padded_size()),
          stamp_(map.padded_size(), 0) {
        for (int move = 0; move < GoalBounds::moves; ++move) {
            const auto [dx, dy] = move_steps[static_cast<std::size_t>(move)];
            offset_[static_cast<std::size_t>(move)] = dy * stride_ + dx;
            step_cost_[static_cast<std::size_t>(move)] =
                move < 4 ? double{rules.straight_cost} : double{rules.diagonal_cost};
        }
        // Costs differing by less than this are taken as equal: both first moves are kept,
        // which only widens boxes (safe), never narrows them.
        tie_ = 1e-6 * double{rules.straight_cost};
        for (auto& queue : queues_)
            queue.reserve(map.padded_size());
    }

    /// Fills `boxes` (eight, emptied first) for the walkable tile at padded `source`.
    void bound(std::uint32_t source, TileBox* boxes) {
        std::fill(boxes, boxes + GoalBounds::moves, TileBox{});
        if (++generation_ == 0) {  // after 2^32 searches: start the stamps again
            std::fill(stamp_.begin(), stamp_.end(), 0);
            generation_ = 1;
        }
        // Boxes as (min x, max x, min y, max y) a move, inverted until a tile widens them.
        std::array<std::array<std::uint16_t, 4>, GoalBounds::moves> spans;
        spans.fill({0xFFFF, 0, 0xFFFF, 0});
        std::size_t fronts[2] = {0, 0};
        for (auto& queue : queues_)
            queue.clear();
        set(source, 0, 0);
        settle(source, /*from_source=*/true);
        for (;;) {
            const bool straight_left = fronts[0] < queues_[0].size();
            const bool diagonal_left = fronts[1] < queues_[1].size();
            if (!straight_left && !diagonal_left) break;
            const int which = !straight_left                                              ? 1
                              : !diagonal_left                                            ? 0
                              : queues_[1][fronts[1]].first < queues_[0][fronts[0]].first ? 1
                                                                                          : 0;
            const auto [cost, tile] = queues_[which][fronts[which]++];
            if (cost != cost_[tile]) continue;  // a stale entry
            // Settled: its first moves are final, so it widens their boxes now.
            const int row = map_->padded_row(tile);
            const auto x = static_cast<std::uint16_t>(static_cast<int>(tile) - row * stride_ - 1);
            const auto y = static_cast<std::uint16_t>(row - 1);
            std::array<std::uint16_t, 4>& span = spans[canonical_move(first_moves_[tile])];
            span[0] = std::min(span[0], x);
            span[1] = std::max(span[1], x);
            span[2] = std::min(span[2], y);
            span[3] = std::max(span[3], y);
            settle(tile, false);
        }
        for (int move = 0; move < GoalBounds::moves; ++move) {
            const auto& span = spans[static_cast<std::size_t>(move)];
            if (span[0] <= span[1]) boxes[move] = {span[0], span[1], span[2], span[3]};
        }
    }

  private:
    void set(std::uint32_t tile, double cost, std::uint8_t moves) {
        stamp_[tile] = generation_;
        cost_[tile] = cost;
        first_moves_[tile] = moves;
    }

    /// Offers every move out of a settled tile; from the source, each move is its own first.
    void settle(std::uint32_t tile, bool from_source) {
        const double base = cost_[tile];
        const std::uint8_t moves = first_moves_[tile];
        for (unsigned allowed = allowed_[tile]; allowed != 0; allowed &= allowed - 1) {
            const int move = std::countr_zero(allowed);
            const auto next = static_cast<std::uint32_t>(static_cast<int>(tile) +
                                                         offset_[static_cast<std::size_t>(move)]);
            const double cost = base + step_cost_[static_cast<std::size_t>(move)];
            const std::uint8_t first = from_source ? static_cast<std::uint8_t>(1U << move) : moves;
            if (stamp_[next] != generation_) {
                set(next, cost, first);
                queues_[move >= 4].emplace_back(cost, next);
            } else if (cost < cost_[next] - tie_) {
                cost_[next] = cost;
                first_moves_[next] = first;
                queues_[move >= 4].emplace_back(cost, next);
            } else if (cost <= cost_[next] + tie_) {
                first_moves_[next] |= first;
            }
        }
    }

    const GridMap* map_;
    const std::uint8_t* allowed_;  // per padded tile, the moves the rules allow
    int stride_;
    std::array<int, GoalBounds::moves> offset_{};
    std::array<double, GoalBounds::moves> step_cost_{};
    double tie_ = 0;
    std::vector<double> cost_;
    std::vector<std::uint8_t> first_moves_;
    std::vector<std::uint32_t> stamp_;
    std::uint32_t generation_ = 0;
    std::vector<std::pair<double, std::uint32_t>> queues_[2];  // reached straight, diagonally
};

bool same_rules(const MovementRules& a, const MovementRules& b) {
    return a.diagonal == b.diagonal && a.straight_cost == b.straight_cost &&
           (a.diagonal == DiagonalPolicy::Never || a.diagonal_cost == b.diagonal_cost) &&
           a.agent_size == b.agent_size;
}

/// Why goal bounds cannot be made for a space, or "".
std::string refusal(const GridSpace& space) {
    if (std::string why = jump_point_search_refusal(space); !why.empty()) return why;
    if (space.has_links()) return "the space has links";
    const int side_limit = 65534;
    if (space.map().width() > side_limit || space.map().height() > side_limit)
        return "the map is over " + std::to_string(side_limit) + " tiles a side";
    return {};
}

}  // namespace

GoalBounds::GoalBounds(int width, int height, const MovementRules& rules,
                       std::uint64_t map_fingerprint)
    : width_(width),
      height_(height),
      rules_(rules),
      fingerprint_(map_fingerprint),
      grain_shift_(0),
      boxes_(static_cast<std::size_t>(width) * height * moves) {
    rules_.heuristic.reset();
    while (((std::max(width, height) - 1) >> grain_shift_) > 255)
        ++grain_shift_;
}

TileBox GoalBounds::box(int x, int y, int move) const {
    const GrainBox& grains = grain_box(x, y, move);
    if (grains.min_x > grains.max_x || grains.min_y > grains.max_y) return TileBox{};
    const int last = (1 << grain_shift_) - 1;  // the last tile of a grain, from its first
    const auto side = [&](int grain, int limit) {
        return static_cast<std::uint16_t>(std::min((grain << grain_shift_) + last, limit - 1));
    };
    return {static_cast<std::uint16_t>(grains.min_x << grain_shift_), side(grains.max_x, width_),
            static_cast<std::uint16_t>(grains.min_y << grain_shift_), side(grains.max_y, height_)};
}

void GoalBounds::set_boxes(int x, int y, const TileBox (&boxes)[moves]) {
    PATHKIT_ASSERT(x >= 0 && x < width_ && y >= 0 && y < height_);
    GrainBox* grains = boxes_.data() + (static_cast<std::size_t>(y) * width_ + x) * moves;
    for (int move = 0; move < moves; ++move) {
        const TileBox& box = boxes[move];
        PATHKIT_ASSERT(box.empty() || (box.max_x < width_ && box.max_y < height_));
        // Shifted down, the first and last grains of each side: the box widens outwards.
        grains[move] = box.empty() ? GrainBox{}
                                   : GrainBox{static_cast<std::uint8_t>(box.min_x >> grain_shift_),
                                              static_cast<std::uint8_t>(box.max_x >> grain_shift_),
                                              static_cast<std::uint8_t>(box.min_y >> grain_shift_),
                                              static_cast<std::uint8_t>(box.max_y >> grain_shift_)};
    }
}

Status GoalBounds::check_fits(const GridSpace& space) const {
    const GridMap& map = space.map();
    if (map.width() != width_ || map.height() != height_) {
        return Status::invalid_input("the goal bounds are for a map of " + std::to_string(width_) +
                                     " x " + std::to_string(height_) + " tiles, not " +
                                     std::to_string(map.width()) + " x " +
                                     std::to_string(map.height()));
    }
    if (!same_rules(rules_, space.rules()))
        return Status::invalid_input("the goal bounds were built under other movement rules");
    if (const std::string why = refusal(space); !why.empty())
        return Status::invalid_input("goal bounds cannot be used here: " + why);
    if (walkable_fingerprint(map) != fingerprint_) {
        return Status::invalid_input(
            "the goal bounds were built for another map (its walkable tiles differ)");
    }
    if (!complete()) {
        return Status::invalid_input(
            "the goal bounds are not finished: " + std::to_string(tiles_done_) + " of " +
            std::to_string(static_cast<std::size_t>(width_) * height_) + " tiles done");
    }
    return {};
}

std::uint64_t walkable_fingerprint(const GridMap& map) {
    std::uint64_t hash = 14695981039346656037ULL;
    const auto mix = [&hash](std::uint64_t byte) {
        hash ^= byte;
        hash *= 1099511628211ULL;
    };
    for (const int side : {map.width(), map.height()}) {
        for (int shift = 0; shift < 32; shift += 8)
            mix((static_cast<std::uint32_t>(side) >> shift) & 0xFFU);
    }
    const std::uint8_t* walkable = map.walkable_data();
    for (int row = 1; row <= map.height(); ++row) {
        unsigned byte = 0;
        int bits = 0;
        for (int column = 1; column <= map.width(); ++column) {
            byte |= static_cast<unsigned>(walkable[row * map.stride() + column] != 0) << bits;
            if (++bits == 8) {
                mix(byte);
                byte = 0;
                bits = 0;
            }
        }
        if (bits != 0) mix(byte);
    }
    return hash;
}

Expected<GoalBoundsBuilder> GoalBoundsBuilder::start(const GridSpace& space, GoalBounds* partial) {
    if (const std::string why = refusal(space); !why.empty())
        return Status::invalid_input("goal bounds cannot be built: " + why);
    const GridMap& map = space.map();
    if (partial == nullptr) {
        return GoalBoundsBuilder(
            space, GoalBounds(map.width(), map.height(), space.rules(), walkable_fingerprint(map)));
    }
    if (partial->width() != map.width() || partial->height() != map.height() ||
        partial->map_fingerprint() != walkable_fingerprint(map) ||
        !same_rules(partial->rules(), space.rules())) {
        return Status::invalid_input(
            "the goal bounds to resume were started for another map or other movement rules");
    }
    return GoalBoundsBuilder(space, std::move(*partial));
}

GoalBoundsBuilder::GoalBoundsBuilder(const GridSpace& space, GoalBounds bounds)
    : space_(&space), bounds_(std::move(bounds)) {}

std::size_t GoalBoundsBuilder::scratch_bytes_per_thread(int width, int height) {
    const auto padded = static_cast<std::size_t>(width + 2) * (height + 2);
    // Cost, stamp and first moves; the two queues hold a tile once for each time a neighbour
    // lowers its cost, so at most 8 entries of 16 bytes a tile.
    return padded * (sizeof(double) + 4 + 1 + 8 * 16);
}

std::size_t GoalBoundsBuilder::run(std::size_t tiles, int threads,
                                   const std::atomic<bool>* cancel) {
    const GridMap& map = space_->map();
    const std::size_t total = static_cast<std::size_t>(map.width()) * map.height();
    const std::size_t first = bounds_.tiles_done();
    const std::size_t end = first + std::min(tiles, total - first);
    constexpr std::size_t chunk = 32;  // tiles a thread takes at a time
    const std::vector<std::uint8_t> allowed = allowed_moves(map, space_->rules().diagonal);
    const auto make_worker = [&] {
        return [&, search = FirstMoveSearch(map, space_->rules(), allowed)](
                   std::size_t from, std::size_t to) mutable {
            for (std::size_t tile = from; tile < to; ++tile) {
                const int x = static_cast<int>(tile % static_cast<std::size_t>(map.width()));
                const int y = static_cast<int>(tile / static_cast<std::size_t>(map.width()));
                const auto padded = static_cast<std::uint32_t>((y + 1) * map.stride() + x + 1);
                TileBox boxes[GoalBounds::moves] = {};
                if (map.walkable_data()[padded] != 0) search.bound(padded, boxes);
                bounds_.set_boxes(x, y, boxes);
            }
        };
    };
    const auto cancelled = [&] {
        return cancel != nullptr && cancel->load(std::memory_order_relaxed);
    };
    // Chunks are taken in order and each taken one is finished, so what is done is a prefix.
    const std::size_t done =
        detail::run_in_chunks(first, end, chunk, threads, make_worker, cancelled);
    bounds_.set_tiles_done(done);
    return done - first;
}

}  // namespace pathkit
