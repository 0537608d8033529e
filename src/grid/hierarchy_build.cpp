// GridHierarchy: building the clusters' gates, bounds and crossings, and repairing them locally.
#include <algorithm>
#include <bit>
#include <random>
#include <string>

#include "cluster_dijkstra.hpp"
#include "hierarchy_spaces.hpp"
#include "jump_search.hpp"
#include "parallel_chunks.hpp"

namespace pathkit {
namespace {

enum Side { East = 0, South = 1, West = 2, North = 3 };

/// Clusters a build thread takes at a time, and the fewest clusters worth more threads than
/// one (starting a thread costs about what the crossings of a few clusters do, so a repair
/// after a small edit stays on the calling thread).
constexpr std::size_t clusters_per_chunk = 16;
constexpr std::size_t clusters_for_threads = 4 * clusters_per_chunk;

/// The pairs of tiles far apart (`detail::far_apart`) on which the build tries plain jump
/// point search, and the generator's seed. Measured on the MovingAI maps (64 pairs each): it
/// answered 81 to 100 % of them on the game and city maps and maze512-32-0, 0 to 27 % on
/// maze512-1-0, 8room_000 and random512-10-0 (docs/benchmarks.md).
constexpr int far_pairs_drawn = 16;
constexpr std::uint64_t far_pairs_seed = 29;

/// The side of a cluster (top-left tile at padded `left`, `top`; `width` tiles across) that a
/// move from inside it to padded (x, y) outside it leaves by: east or west when the column leaves
/// the cluster (corner diagonals too), else south or north.
int side_left_by(int left, int top, int width, int x, int y) {
    if (x < left) return West;
    if (x >= left + width) return East;
    return y < top ? North : South;
}

/// Keeps in `data` the pieces a cluster's gates were just found in (`Cluster::tile_pieces`):
/// `pieces` of them, each tile's in `scratch`, a cluster of `side` x `side` tiles.
void keep_pieces(GridHierarchy::Cluster& data, int side, std::uint16_t pieces,
                 const detail::ClusterScratch& scratch) {
    const auto byte = [](std::uint16_t piece) {
        return piece < detail::no_piece ? static_cast<std::uint8_t>(piece) : detail::no_piece;
    };
    data.gate_pieces.resize(scratch.gate_piece.size());
    std::transform(scratch.gate_piece.begin(), scratch.gate_piece.end(), data.gate_pieces.begin(),
                   byte);
    data.tile_pieces.clear();
    const auto tiles = static_cast<std::uint32_t>(side * side);
    bool one_piece = pieces <= 1;
    for (std::uint32_t local = 0; local < tiles && one_piece; ++local)
        one_piece = (scratch.moves.mask(local) & detail::ClusterMoves::fits_bit) == 0 ||
                    scratch.piece[local] == 0;
    if (one_piece) return;
    data.tile_pieces.resize(tiles);
    std::transform(scratch.piece.begin(), scratch.piece.begin() + tiles, data.tile_pieces.begin(),
                   byte);
}

}  // namespace

GridHierarchy::GridHierarchy(const GridSpace& space, const HierarchyOptions& options)
    : space_(&space),
      plain_jump_points_(options.plain_jump_points),
      plain_by_jump_point_index_(options.plain_by_jump_point_index),
      fast_plain_jump_points_(options.fast_plain_jump_points),
      gate_tiles_(options.gate_tiles),
      threads_(options.threads),
      plan_landmarks_(options.plan_landmarks) {
    const int side = options.cluster_side;
    const GridMap& map = space.map();
    layout_.side = side;
    layout_.shift = std::countr_zero(static_cast<unsigned>(side));
    layout_.columns = (map.width() + side - 1) / side;
    layout_.rows = (map.height() + side - 1) / side;
    layout_.width = map.width();
    layout_.height = map.height();
    layout_.stride = map.stride();
    // With runs cut (gate_tiles > 0), at most one gate per tile of the four sides.
    slots_ = static_cast<std::uint32_t>((options.gate_tiles > 0 ? 4 : 2) * side);
}

GridHierarchy::GridHierarchy(GridHierarchy&&) noexcept = default;
GridHierarchy& GridHierarchy::operator=(GridHierarchy&&) noexcept = default;
GridHierarchy::~GridHierarchy() = default;

Expected<GridHierarchy> GridHierarchy::build(const GridSpace& space, HierarchyOptions options) {
    const int side = options.cluster_side;
    if (side < 8 || side > 256 || !std::has_single_bit(static_cast<unsigned>(side)))
        return Status::invalid_input("hierarchy: cluster side " + std::to_string(side) +
                                     " is not a power of two from 8 to 256");
    if (options.gate_tiles < 0)
        return Status::invalid_input("hierarchy: gate tiles " + std::to_string(options.gate_tiles) +
                                     " is negative");
    if (options.threads < 1)
        return Status::invalid_input("hierarchy: threads " + std::to_string(options.threads) +
                                     " is less than 1");
    if (options.plan_landmarks < -1 || options.plan_landmarks > detail::max_plan_landmarks)
        return Status::invalid_input(
            "hierarchy: plan landmarks " + std::to_string(options.plan_landmarks) +
            " is not -1 (the build chooses) or 0 to " + std::to_string(detail::max_plan_landmarks));
    if (Status rules = validate(space.rules()); !rules) return rules;
    if (space.has_links())
        return Status::invalid_input(
            "hierarchy: the space has links, which hierarchical search does not follow");
    GridHierarchy hierarchy(space, options);
    hierarchy.build_all();
    return hierarchy;
}

std::size_t GridHierarchy::cluster_count() const {
    return clusters_.size();
}

void GridHierarchy::build_all() {
    clusters_.assign(static_cast<std::size_t>(layout_.columns) * layout_.rows, Cluster{});
    gate_count_ = 0;
    const auto count = static_cast<std::uint32_t>(clusters_.size());
    std::vector<std::uint32_t> all(count);
    for (std::uint32_t cluster = 0; cluster < count; ++cluster)
        all[cluster] = cluster;
    build_clusters(all);
    build_crossings(all);
    revision_ = space_->map().revision();
    plain_answers_far_ = plain_answers_far_queries();
    place_landmarks();
}

bool GridHierarchy::plain_answers_far_queries() const {
    if (!detail::fits_the_caches(*space_) || fast_plain_jump_points_ == 0 ||
        !jump_point_search_refusal(*space_).empty())
        return true;
    const GridMap& map = space_->map();
    // The standard fixes this generator's numbers: the same pairs on every machine.
    std::mt19937_64 random(far_pairs_seed);
    const auto draw = [&] {
        return Cell{static_cast<int>(random() % static_cast<std::uint64_t>(map.width())),
                    static_cast<int>(random() % static_cast<std::uint64_t>(map.height()))};
    };
    const detail::BitLines<false> lines(map);
    SearchContext context;
    int drawn = 0, answered = 0;
    for (int attempt = 0; attempt < 64 * far_pairs_drawn && drawn < far_pairs_drawn; ++attempt) {
        const Cell from = draw(), to = draw();
        if (!detail::far_apart(layout_, from, to) || !space_->check_endpoint(from, "start") ||
            !space_->check_endpoint(to, "goal"))
            continue;
        ++drawn;
        const GridPath path = detail::find_path_by_jumps<false>(
            *space_, lines, from, to, context, {.max_expansions = fast_plain_jump_points_},
            PathShape::Tiles);
        if (path.status != SearchStatus::BudgetExhausted) ++answered;
    }
    // Too few such pairs (a map too small for them, or mostly walls): the plain search stays.
    return drawn < far_pairs_drawn || 2 * answered >= drawn;
}

void GridHierarchy::build_clusters(const std::vector<std::uint32_t>& clusters) {
    for (const std::uint32_t cluster : clusters)
        gate_count_ -= clusters_[cluster].gates.size();
    // Each cluster's gates and bounds read the map and write that cluster alone.
    const int threads = clusters.size() >= clusters_for_threads ? threads_ : 1;
    detail::run_in_chunks(clusters.size(), clusters_per_chunk, threads, [&] {
        return [&, scratch = detail::ClusterScratch()](std::size_t begin, std::size_t end) mutable {
            for (std::size_t i = begin; i < end; ++i) {
                build_cluster_gates(clusters[i], scratch);
                build_cluster_bounds(clusters[i], scratch);
            }
        };
    });
    for (const std::uint32_t cluster : clusters)
        gate_count_ += clusters_[cluster].gates.size();
}

void GridHierarchy::build_crossings(const std::vector<std::uint32_t>& clusters) {
    // Each cluster's crossings read its neighbours' gates and write that cluster alone.
    const int threads = clusters.size() >= clusters_for_threads ? threads_ : 1;
    detail::run_in_chunks(clusters.size(), clusters_per_chunk, threads, [&] {
        return [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i)
                build_cluster_crossings(clusters[i]);
        };
    });
}

void GridHierarchy::build_cluster_gates(std::uint32_t cluster, detail::ClusterScratch& scratch) {
    const int left = layout_.left(cluster), top = layout_.top(cluster);
    const int width = layout_.width_of(cluster), height = layout_.height_of(cluster);
    const GridMap& map = space_->map();
    const std::uint8_t* fits = space_->fits_data();
    scratch.moves.read(*space_, layout_, cluster);
    const detail::ClusterSpace tiles(scratch.moves, false);
    Cluster& data = clusters_[cluster];
    data.gates.clear();
    data.border.assign(static_cast<std::size_t>(4 * layout_.side), detail::no_gate);
    // The piece of the cluster each tile belongs to, filled from the tiles that leave it.
    std::vector<std::uint16_t>& piece = scratch.piece;
    piece.assign(static_cast<std::size_t>(layout_.side * layout_.side), detail::no_gate);
    std::vector<std::uint32_t>& queue = scratch.queue;
    std::vector<std::uint16_t>& gate_piece = scratch.gate_piece;
    gate_piece.clear();
    std::uint16_t pieces = 0;
    std::vector<std::uint16_t>& along_piece = scratch.along_piece;
    for (int side = East; side <= North; ++side) {
        const int length = side == East || side == West ? height : width;
        // The piece of each tile along the side that a move leaves the cluster by, else none.
        along_piece.assign(static_cast<std::size_t>(length), detail::no_gate);
        for (int along = 0; along < length; ++along) {
            const detail::PaddedCell cell = detail::tile_on_side(layout_, cluster, side, along);
            const auto index = static_cast<std::uint32_t>(cell.y * map.stride() + cell.x);
            bool leaves = false;
            if (fits[index] != 0) {
                space_->for_each_successor(StateId(index), [&](StateId next, Cost) {
                    const detail::PaddedCell to = detail::padded_cell(map, next.value);
                    const bool outside =
                        to.x < left || to.x >= left + width || to.y < top || to.y >= top + height;
                    if (outside && side_left_by(left, top, width, to.x, to.y) == side)
                        leaves = true;
                });
            }
            if (!leaves) continue;
            const std::uint32_t local = detail::local_state(layout_, cluster, index);
            if (piece[local] == detail::no_gate) {
                queue.assign(1, local);
                piece[local] = pieces;
                for (std::size_t head = 0; head < queue.size(); ++head) {
                    tiles.for_each_successor(StateId(queue[head]), [&](StateId next, Cost) {
                        if (piece[next.value] != detail::no_gate) return;
                        piece[next.value] = pieces;
                        queue.push_back(next.value);
                    });
                }
                ++pieces;
            }
            along_piece[static_cast<std::size_t>(along)] = piece[local];
        }
        // Runs of such tiles in one piece, each cut into gates of at most gate_tiles_ tiles.
        for (int run = 0; run < length;) {
            const std::uint16_t run_piece = along_piece[static_cast<std::size_t>(run)];
            int end = run + 1;
            while (end < length && gate_tiles_ > 0 && run_piece != detail::no_gate &&
                   along_piece[static_cast<std::size_t>(end)] == run_piece)
                ++end;
            if (run_piece == detail::no_gate) {
                run = end;
                continue;
            }
            const int tiles_in_run = end - run;
            const int cuts = gate_tiles_ > 0 ? (tiles_in_run + gate_tiles_ - 1) / gate_tiles_ : 1;
            for (int cut = 0; cut < cuts; ++cut) {
                const int first = run + cut * tiles_in_run / cuts;
                const int last = run + (cut + 1) * tiles_in_run / cuts;  // past the end
                // A new gate, unless a gate is every tile of a side in one piece (gate_tiles_ 0).
                std::size_t gate = data.gates.size();
                if (gate_tiles_ == 0) {
                    for (std::size_t other = 0; other < data.gates.size(); ++other)
                        if (data.gates[other].side == side && gate_piece[other] == run_piece)
                            gate = other;
                }
                for (int along = first; along < last; ++along) {
                    const detail::PaddedCell cell =
                        detail::tile_on_side(layout_, cluster, side, along);
                    if (gate == data.gates.size()) {
                        data.gates.push_back({cell.x, cell.y, cell.x, cell.y, side});
                        gate_piece.push_back(run_piece);
                    }
                    Gate& box = data.gates[gate];
                    box.x0 = std::min(box.x0, cell.x);
                    box.y0 = std::min(box.y0, cell.y);
                    box.x1 = std::max(box.x1, cell.x);
                    box.y1 = std::max(box.y1, cell.y);
                    data.border[static_cast<std::size_t>(side * layout_.side + along)] =
                        static_cast<std::uint16_t>(gate);
                }
            }
            run = end;
        }
    }
    keep_pieces(data, layout_.side, pieces, scratch);
}

void GridHierarchy::build_cluster_bounds(std::uint32_t cluster, detail::ClusterScratch& scratch) {
    Cluster& data = clusters_[cluster];
    const auto count = static_cast<std::uint32_t>(data.gates.size());
    data.bounds.assign(static_cast<std::size_t>(count) * count, infinite_cost);
    for (std::uint32_t gate = 0; gate < count; ++gate)
        data.bounds[gate * count + gate] = 0;
    const auto stride = static_cast<std::uint32_t>(layout_.stride);
    // Each tile's gates (a corner tile may leave by two sides), local tiles per gate.
    const auto tiles = static_cast<std::size_t>(layout_.side) * layout_.side;
    std::vector<std::uint16_t>& first_gate = scratch.first_gate;
    std::vector<std::uint16_t>& second_gate = scratch.second_gate;
    first_gate.assign(tiles, detail::no_gate);
    second_gate.assign(tiles, detail::no_gate);
    std::vector<std::vector<std::uint32_t>>& gate_tiles = scratch.gate_tiles;
    if (gate_tiles.size() < count) gate_tiles.resize(count);
    for (std::uint32_t gate = 0; gate < count; ++gate)
        gate_tiles[gate].clear();
    for (std::uint32_t gate = 0; gate < count; ++gate) {
        detail::for_each_gate_tile(layout_, cluster, data, gate, [&](detail::PaddedCell tile) {
            const std::uint32_t local = detail::local_state(
                layout_, cluster,
                static_cast<std::uint32_t>(tile.y) * stride + static_cast<std::uint32_t>(tile.x));
            gate_tiles[gate].push_back(local);
            (first_gate[local] == detail::no_gate ? first_gate : second_gate)[local] =
                static_cast<std::uint16_t>(gate);
        });
    }
    // Without terrain every move costs what the move back costs: the bound from b to a is the
    // bound from a to b, so the search from gate a looks only for the gates after it. Each
    // search stops once it has settled a tile of every gate it looks for (the first tile of a
    // gate that Dijkstra settles is its nearest).
    const bool symmetric = !space_->map().has_terrain_costs();
    std::vector<std::uint8_t>& found = scratch.found;
    found.assign(count, 0);
    detail::ClusterDijkstra& search = scratch.search;
    for (std::uint32_t from = 0; from < count; ++from) {
        std::uint32_t missing = 0;
        for (std::uint32_t to = 0; to < count; ++to) {
            // A gate in another piece of the cluster is never reached: its bound stays +inf.
            found[to] = to == from || (symmetric && to < from) ||
                        scratch.gate_piece[to] != scratch.gate_piece[from];
            missing += found[to] == 0;
        }
        if (missing == 0) continue;
        search.search(scratch.moves, gate_tiles[from], [&](std::uint32_t tile, Cost cost) {
            for (const std::uint16_t to : {first_gate[tile], second_gate[tile]}) {
                if (to == detail::no_gate || found[to] != 0) continue;
                found[to] = 1;
                --missing;
                data.bounds[from * count + to] = cost;
                if (symmetric) data.bounds[to * count + from] = cost;
            }
            return missing > 0;
        });
    }
    if (gate_tiles_ > 0) build_cluster_coarse(cluster, scratch);
}

void GridHierarchy::build_cluster_coarse(std::uint32_t cluster, detail::ClusterScratch& scratch) {
    Cluster& data = clusters_[cluster];
    const auto count = static_cast<std::uint32_t>(data.gates.size());
    data.coarse_of.assign(count, detail::no_gate);
    data.coarse_gates.clear();
    std::vector<std::uint16_t> coarse_piece;
    for (std::uint32_t gate = 0; gate < count; ++gate) {
        const Gate& box = data.gates[gate];
        std::size_t coarse = 0;
        while (coarse < data.coarse_gates.size() &&
               (data.coarse_gates[coarse].side != box.side ||
                coarse_piece[coarse] != scratch.gate_piece[gate]))
            ++coarse;
        if (coarse == data.coarse_gates.size()) {
            data.coarse_gates.push_back(box);
            coarse_piece.push_back(scratch.gate_piece[gate]);
        }
        Gate& whole = data.coarse_gates[coarse];
        whole.x0 = std::min(whole.x0, box.x0);
        whole.y0 = std::min(whole.y0, box.y0);
        whole.x1 = std::max(whole.x1, box.x1);
        whole.y1 = std::max(whole.y1, box.y1);
        data.coarse_of[gate] = static_cast<std::uint16_t>(coarse);
    }
    const std::size_t coarse_count = data.coarse_gates.size();
    data.coarse_bounds.assign(coarse_count * coarse_count, infinite_cost);
    for (std::uint32_t from = 0; from < count; ++from) {
        for (std::uint32_t to = 0; to < count; ++to) {
            Cost& least =
                data.coarse_bounds[data.coarse_of[from] * coarse_count + data.coarse_of[to]];
            least = std::min(least, data.bounds[from * count + to]);
        }
    }
}

void GridHierarchy::build_cluster_crossings(std::uint32_t cluster) {
    const int left = layout_.left(cluster), top = layout_.top(cluster);
    const int width = layout_.width_of(cluster), height = layout_.height_of(cluster);
    const GridMap& map = space_->map();
    Cluster& data = clusters_[cluster];
    data.exits.clear();
    data.entries.clear();
    for (int side = East; side <= North; ++side) {
        const int length = side == East || side == West ? height : width;
        for (int along = 0; along < length; ++along) {
            const std::uint16_t gate =
                data.border[static_cast<std::size_t>(side * layout_.side + along)];
            if (gate == detail::no_gate) continue;
            const detail::PaddedCell cell = detail::tile_on_side(layout_, cluster, side, along);
            const auto here = static_cast<std::uint32_t>(cell.y * map.stride() + cell.x);
            space_->for_each_successor(StateId(here), [&](StateId next, Cost step) {
                const detail::PaddedCell to = detail::padded_cell(map, next.value);
                const bool outside =
                    to.x < left || to.x >= left + width || to.y < top || to.y >= top + height;
                if (!outside || side_left_by(left, top, width, to.x, to.y) != side) return;
                // The move back leaves the other cluster by the opposite side.
                const std::uint32_t other = layout_.cluster_at(to.x, to.y);
                const int other_side = (side + 2) % 4;
                const int other_along = other_side == East || other_side == West
                                            ? to.y - layout_.top(other)
                                            : to.x - layout_.left(other);
                const std::uint16_t across =
                    clusters_[other]
                        .border[static_cast<std::size_t>(other_side * layout_.side + other_along)];
                PATHKIT_ASSERT(across != detail::no_gate);
                const std::uint32_t state = other * slots_ + across;
                const bool diagonal = to.x != cell.x && to.y != cell.y;
                data.exits.push_back({gate, state, step});
                data.entries.push_back({gate, state, space_->step_cost(diagonal, here)});
            });
        }
    }
    // One crossing per pair of gates: the cheapest.
    for (std::vector<Crossing>* list : {&data.exits, &data.entries}) {
        std::sort(list->begin(), list->end(), [](const Crossing& a, const Crossing& b) {
            return a.gate != b.gate ? a.gate < b.gate
                                    : (a.other != b.other ? a.other < b.other : a.cost < b.cost);
        });
        list->erase(std::unique(list->begin(), list->end(),
                                [](const Crossing& a, const Crossing& b) {
                                    return a.gate == b.gate && a.other == b.other;
                                }),
                    list->end());
        list->shrink_to_fit();  // a move per border tile was pushed: keep one per pair
    }
    build_cluster_plan(cluster, false);
    if (gate_tiles_ == 0) return;
    // The coarse crossings: the cheapest between each two coarse gates.
    data.coarse_exits.clear();
    for (const Crossing& exit : data.exits) {
        const std::uint32_t other = exit.other / slots_;
        data.coarse_exits.push_back(
            {data.coarse_of[exit.gate],
             other * slots_ + clusters_[other].coarse_of[exit.other % slots_], exit.cost});
    }
    std::sort(data.coarse_exits.begin(), data.coarse_exits.end(),
              [](const Crossing& a, const Crossing& b) {
                  return a.gate != b.gate
                             ? a.gate < b.gate
                             : (a.other != b.other ? a.other < b.other : a.cost < b.cost);
              });
    data.coarse_exits.erase(std::unique(data.coarse_exits.begin(), data.coarse_exits.end(),
                                        [](const Crossing& a, const Crossing& b) {
                                            return a.gate == b.gate && a.other == b.other;
                                        }),
                            data.coarse_exits.end());
    data.coarse_exits.shrink_to_fit();
    build_cluster_plan(cluster, true);
}

void GridHierarchy::build_cluster_plan(std::uint32_t cluster, bool coarse) {
    Cluster& data = clusters_[cluster];
    const auto gates_of = [coarse](const Cluster& of) -> const std::vector<Gate>& {
        return coarse ? of.coarse_gates : of.gates;
    };
    const std::vector<Gate>& gates = gates_of(data);
    const std::vector<Cost>& bounds = coarse ? data.coarse_bounds : data.bounds;
    const std::vector<Crossing>& exits = coarse ? data.coarse_exits : data.exits;
    detail::PlanMoves& plan = coarse ? data.coarse_plan : data.plan;
    const auto count = static_cast<std::uint32_t>(gates.size());
    const auto add = [&](std::uint32_t to, detail::PaddedCell here, detail::PaddedCell there,
                         Cost bound) {
        plan.add(to, detail::forward_cost(*space_, here, there, bound), there.x, there.y);
    };
    plan.begin(count);
    auto exit = exits.begin();  // sorted by gate
    for (std::uint32_t gate = 0; gate < count; ++gate) {
        const detail::PaddedCell here = detail::gate_middle(gates[gate]);
        plan.start_gate(gate);
        for (; exit != exits.end() && exit->gate == gate; ++exit)
            add(exit->other, here,
                detail::gate_middle(
                    gates_of(clusters_[exit->other / slots_])[exit->other % slots_]),
                exit->cost);
        plan.end_crossings(gate);
        for (std::uint32_t other = 0; other < count; ++other) {
            const Cost bound = bounds[gate * count + other];
            if (other != gate && bound < infinite_cost)
                add(cluster * slots_ + other, here, detail::gate_middle(gates[other]), bound);
        }
    }
    plan.finish(count);
}

void GridHierarchy::repair() {
    const GridMap& map = space_->map();
    const auto changes = map.changes_since(revision_);
    if (!changes || changes->size() * 4 > clusters_.size()) {
        build_all();
        return;
    }
    // A cluster's data reads the fits and terrain of its tiles and of the tiles one step
    // outside it; a changed tile changes the fit of the unit squares holding it.
    const int size = space_->rules().agent_size;
    std::vector<std::uint8_t> dirty(clusters_.size(), 0);
    std::vector<std::uint32_t> rebuilt;
    for (const std::uint32_t changed : *changes) {
        const detail::PaddedCell cell = detail::padded_cell(map, changed);
        const int x0 = std::max(1, cell.x - size), x1 = std::min(layout_.width, cell.x + 1);
        const int y0 = std::max(1, cell.y - size), y1 = std::min(layout_.height, cell.y + 1);
        for (int cy = (y0 - 1) >> layout_.shift; cy <= (y1 - 1) >> layout_.shift; ++cy) {
            for (int cx = (x0 - 1) >> layout_.shift; cx <= (x1 - 1) >> layout_.shift; ++cx) {
                const auto cluster = static_cast<std::uint32_t>(cy * layout_.columns + cx);
                if (dirty[cluster] == 0) rebuilt.push_back(cluster);
                dirty[cluster] = 1;
            }
        }
    }
    // Crossings name the gates across: those of the rebuilt clusters and their neighbours.
    std::vector<std::uint32_t> crossed;
    for (const std::uint32_t cluster : rebuilt) {
        const int cx = static_cast<int>(cluster) % layout_.columns;
        const int cy = static_cast<int>(cluster) / layout_.columns;
        for (int y = std::max(0, cy - 1); y <= std::min(layout_.rows - 1, cy + 1); ++y) {
            for (int x = std::max(0, cx - 1); x <= std::min(layout_.columns - 1, cx + 1); ++x) {
                const auto near = static_cast<std::uint32_t>(y * layout_.columns + x);
                if (dirty[near] == 2) continue;
                dirty[near] = 2;
                crossed.push_back(near);
            }
        }
    }
    // The plan's moves there (the landmarks' graph): where none changed, neither did their costs.
    const auto landmark_moves = [&](std::uint32_t cluster) -> const detail::PlanMoves& {
        return gate_tiles_ > 0 ? clusters_[cluster].coarse_plan : clusters_[cluster].plan;
    };
    std::vector<detail::PlanMoves> moves_before;
    if (!landmarks_.empty())
        for (const std::uint32_t cluster : crossed)
            moves_before.push_back(landmark_moves(cluster));
    build_clusters(rebuilt);
    build_crossings(crossed);
    revision_ = map.revision();
    for (std::size_t i = 0; i < moves_before.size(); ++i) {
        if (moves_before[i] == landmark_moves(crossed[i])) continue;
        refresh_landmarks();
        break;
    }
}

bool GridHierarchy::is_current() const {
    return revision_ == space_->map().revision();
}

std::size_t GridHierarchy::gate_count() const {
    return gate_count_;
}

std::size_t GridHierarchy::memory_bytes() const {
    std::size_t bytes = sizeof(*this) + clusters_.capacity() * sizeof(Cluster);
    for (const Cluster& cluster : clusters_) {
        bytes +=
            cluster.gates.capacity() * sizeof(Gate) + cluster.bounds.capacity() * sizeof(Cost) +
            (cluster.exits.capacity() + cluster.entries.capacity()) * sizeof(Crossing) +
            cluster.border.capacity() * sizeof(std::uint16_t) + cluster.gate_pieces.capacity() +
            cluster.tile_pieces.capacity() + cluster.coarse_of.capacity() * sizeof(std::uint16_t) +
            cluster.coarse_gates.capacity() * sizeof(Gate) +
            cluster.coarse_bounds.capacity() * sizeof(Cost) +
            cluster.coarse_exits.capacity() * sizeof(Crossing) + cluster.plan.memory_bytes() +
            cluster.coarse_plan.memory_bytes();
    }
    return bytes + landmarks_.capacity() * sizeof(std::uint32_t) +
           landmark_costs_.capacity() * sizeof(Cost);
}

bool GridHierarchy::same_graph(const GridHierarchy& other) const {
    return layout_.side == other.layout_.side && layout_.width == other.layout_.width &&
           layout_.height == other.layout_.height && clusters_ == other.clusters_;
}

}  // namespace pathkit
