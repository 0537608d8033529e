// GridHierarchy's queries: the start and goal joined to the abstract graph in the query's
// context, the abstract searches run (their problems: hierarchy_abstract_search.hpp), legs
// refined on demand, and the optimal mode's guided jump point search.
#include <algorithm>
#include <span>
#include <string>

#include "cluster_dijkstra.hpp"
#include "hierarchy_abstract_search.hpp"
#include "hierarchy_spaces.hpp"
#include "jump_entries.hpp"
#include "jump_search.hpp"
#include "jump_window.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {
namespace {

using detail::AbstractGuide;
using detail::AbstractProblem;
using detail::AbstractSearchKind;
using detail::fits_the_caches;
using detail::GuidedProblem;
using Cluster = GridHierarchy::Cluster;
using Gate = GridHierarchy::Gate;

/// The cheapest cost inside the cluster between a searched tile and each gate (the least over
/// its tiles), from the costs of that search per local tile.
void gate_costs(const GridHierarchy& hierarchy, std::uint32_t cluster,
                const std::vector<Cost>& tile_costs, std::vector<Cost>& costs) {
    const Cluster& data = hierarchy.clusters()[cluster];
    const auto stride = static_cast<std::uint32_t>(hierarchy.space().map().stride());
    costs.assign(data.gates.size(), infinite_cost);
    for (std::uint32_t gate = 0; gate < data.gates.size(); ++gate) {
        detail::for_each_gate_tile(
            hierarchy.layout(), cluster, data, gate, [&](detail::PaddedCell tile) {
                const std::uint32_t index = static_cast<std::uint32_t>(tile.y) * stride +
                                            static_cast<std::uint32_t>(tile.x);
                const std::uint32_t local = detail::local_state(hierarchy.layout(), cluster, index);
                costs[gate] = std::min(costs[gate], tile_costs[local]);
            });
    }
}

/// Dijkstra over the moves `query.cluster_moves` holds from local tile `source` until every
/// tile it reaches is settled: each tile's cost in `costs` (+infinity where none).
void flood_cluster(detail::HierarchyQuery& query, std::uint32_t source, std::vector<Cost>& costs) {
    const auto tiles = static_cast<std::size_t>(query.cluster_moves.side()) *
                       static_cast<std::size_t>(query.cluster_moves.side());
    costs.assign(tiles, infinite_cost);
    query.cluster_search.search(query.cluster_moves, std::span<const std::uint32_t>(&source, 1),
                                [&](std::uint32_t tile, Cost cost) {
                                    costs[tile] = cost;
                                    return true;
                                });
}

/// How fast legs by jump point search are cut: each aims at a gate `aimed` crossings ahead and
/// keeps the part of its path that covers `kept` of them (the joint is searched again by the
/// next leg), its search weighted A* with `weight`.
struct LegShape {
    std::size_t aimed;
    std::size_t kept;
    float weight;
};
/// Where the path goes is mostly the plan's choice (below); the legs choose where it bends.
/// After a plan in a corridor of finer gates, legs aimed 3 crossings ahead cost a third less
/// than legs aimed 4 for about the same excess on the generated 4096² map. After a plan over
/// whole sides, which strays more, legs aimed 3 raised the excess on random512-10-0 and
/// 8room_000 from 0.97 % and 0.87 % to 1.5 % and 1.6 % (measured: docs/benchmarks.md).
constexpr LegShape legs_in_corridor{.aimed = 3, .kept = 2, .weight = 1.03f};
constexpr LegShape legs_over_sides{.aimed = 4, .kept = 2, .weight = 1.02f};
/// The fast plan is weighted A* over the gates: a third of the abstract states expanded on the
/// generated 4096² map, the legs' jump point searches mend most of what it costs.
constexpr float fast_plan_weight = 1.1f;
/// With finer gates (`HierarchyOptions::gate_tiles`) the plan is two searches: A* over the
/// coarse gates (whole sides), then A* over the fine gates of the clusters within
/// `corridor_ring` clusters of the coarse plan's, both lightly weighted. How far a fast path
/// strays from the cheapest is mostly the corridor's doing: on the generated 4096² map, with
/// the legs and weights alike, a corridor of two clusters on each side cost 0.56 % excess where
/// one cost 0.91 %, which left room for lighter legs and a weighted fine plan (heavier coarse
/// weights still cost much more excess: 1.1 gave 1.6 %; measured: docs/benchmarks.md).
constexpr int corridor_ring = 2;
constexpr float coarse_plan_weight = 1.05f;
constexpr float corridor_plan_weight = 1.03f;
/// For legs (`plan`), the fine plan is searched a stretch at a time: up to the coarse plan's
/// entry `stretch_entries` clusters on, of which the stops up to about `stretch_kept` of them
/// are kept, the next stretch starting there (so where a kept part ends was chosen looking
/// further). The first leg then waits for a short search. Measured on the generated 4096² map
/// with runs of 16 (docs/benchmarks.md): 8 / 4 gave 1.19 % excess, 12 / 4 0.98 %, 16 / 6 0.94 %
/// (0.93 % in one search), the first move about 40 % sooner.
constexpr std::size_t stretch_entries = 16;
constexpr std::size_t stretch_kept = 6;

/// On a map too big for the caches to hold its search records (the engine's measure:
/// `scattered_min_states`), a leg's jump point search runs inside a window around its ends, a
/// cluster's side beyond their box, at most 2^`leg_window_max_shift` tiles a side: numbered
/// within the window, the records of one leg stay near the caches for the next, where over the
/// whole map's table each leg's first reads of them missed (on the generated 4096² map the legs
/// take about 12 % less time). On smaller maps the whole table stays cached, and the window's
/// bookkeeping made the fast path up to 10 % slower (8room_000; measured: docs/benchmarks.md).
constexpr int leg_window_min_shift = 6;
constexpr int leg_window_max_shift = 9;

/// A leg by jump point search (weighted A* with `weight`) from `from` to `to`, every tile: in
/// its window where the map asks for one, one holds the leg and finds a way there, else over
/// the whole map.
GridPath search_leg(const GridSpace& space, Cell from, Cell to, int margin, float weight,
                    SearchContext& context) {
    const detail::BitLines<false> lines(space.map());
    if (!fits_the_caches(space) && !detail::refused_endpoints(space, from, to)) {
        if (const auto window = detail::JumpWindow::around(
                space.map(), from, to, margin, leg_window_min_shift, leg_window_max_shift)) {
            GridPath found = detail::search_jumps_in_window(space, lines, from, to, context,
                                                            *window, PathShape::Tiles, weight);
            if (found.found()) return found;
        }
    }
    return detail::find_path_by_jumps<false>(space, lines, from, to, context,
                                             {.heuristic_weight = weight}, PathShape::Tiles);
}

GridPath refused(SearchStatus status, std::string message) {
    GridPath path;
    path.status = status;
    path.message = std::move(message);
    return path;
}

/// The cost of walking `tiles` (consecutive tiles one move apart).
Cost walked_cost(const GridSpace& space, const std::vector<Cell>& tiles) {
    Cost cost = 0;
    for (std::size_t i = 1; i < tiles.size(); ++i) {
        const bool diagonal = tiles[i].x != tiles[i - 1].x && tiles[i].y != tiles[i - 1].y;
        cost += space.step_cost(diagonal, space.map().index(tiles[i]));
    }
    return cost;
}

}  // namespace

HierarchyContext::HierarchyContext() : query_(std::make_unique<detail::HierarchyQuery>()) {}
HierarchyContext::HierarchyContext(HierarchyContext&&) noexcept = default;
HierarchyContext& HierarchyContext::operator=(HierarchyContext&&) noexcept = default;
HierarchyContext::~HierarchyContext() = default;

void HierarchyContext::reserve(const GridHierarchy& hierarchy) {
    tiles.reserve(hierarchy.space().state_count());
    // The abstract searches' states: every gate slot, then the query's start and goal.
    query_->abstract_context.reserve(hierarchy.cluster_count() * hierarchy.slots() + 2);
}

std::size_t HierarchyContext::memory_bytes() const {
    return tiles.memory_bytes() + query_->abstract_context.memory_bytes() +
           query_->cluster_context.memory_bytes();
}

Status GridHierarchy::check_query(Cell from, Cell to) const {
    if (!is_current())
        return Status::invalid_input(
            "the map changed since the hierarchy was built; call GridHierarchy::repair()");
    if (space_->has_links())
        return Status::invalid_input(
            "the space has links, which hierarchical search does not follow");
    if (Status status = space_->check_endpoint(from, "start"); !status) return status;
    return space_->check_endpoint(to, "goal");
}

/// For the fast plan, where jump point search runs (every step costs its kind's), the costs
/// between padded tile `at` of `cluster` (local tile `local`) and its cluster's gates without a
/// search: the octile estimate to each gate of the tile's piece, +infinity to the others.
/// False where the cluster does not know the tile's piece (a search must tell).
static bool estimate_gate_costs(const GridHierarchy& hierarchy, std::uint32_t cluster,
                                std::uint32_t local, detail::PaddedCell at,
                                std::vector<Cost>& costs) {
    const Cluster& data = hierarchy.clusters()[cluster];
    const std::uint8_t piece = data.tile_pieces.empty() ? 0 : data.tile_pieces[local];
    if (piece == detail::no_piece) return false;
    costs.assign(data.gates.size(), infinite_cost);
    for (std::size_t gate = 0; gate < data.gates.size(); ++gate) {
        const Gate& box = data.gates[gate];
        if (data.gate_pieces[gate] == piece)
            costs[gate] = detail::estimate_to_box(hierarchy.space(), at.x, at.y, box.x0, box.y0,
                                                  box.x1, box.y1);
    }
    return true;
}

/// Joins the start and goal to the abstract graph in the query: a search inside the start's
/// cluster from the start and one inside the goal's cluster towards the goal (the build's
/// Dijkstra; the engine's over the moves reversed where a move back may cost more). With
/// `estimated` (the fast plan where jump point search runs; start and goal in two clusters),
/// the costs to the gates of the ends' pieces are octile estimates instead, where the
/// clusters know those pieces: the two searches were about 60 % of a first move on the 512²
/// maps, and the legs search the way to the gates anyway (measured: docs/benchmarks.md).
static void join_ends(const GridHierarchy& hierarchy, Cell from, Cell to,
                      detail::HierarchyQuery& query, bool estimated) {
    const GridSpace& space = hierarchy.space();
    const GridMap& map = space.map();
    const detail::ClusterLayout& layout = hierarchy.layout();
    query.start = map.index(from);
    query.goal = map.index(to);
    const detail::PaddedCell start = detail::padded_cell(map, query.start);
    const detail::PaddedCell goal = detail::padded_cell(map, query.goal);
    query.start_cluster = layout.cluster_at(start.x, start.y);
    query.goal_cluster = layout.cluster_at(goal.x, goal.y);
    const std::uint32_t start_local = detail::local_state(layout, query.start_cluster, query.start);
    const std::uint32_t goal_local = detail::local_state(layout, query.goal_cluster, query.goal);
    query.direct = infinite_cost;
    estimated = estimated && query.start_cluster != query.goal_cluster;
    if (!estimated || !estimate_gate_costs(hierarchy, query.start_cluster, start_local, start,
                                           query.start_bounds)) {
        query.cluster_moves.read(space, layout, query.start_cluster);
        flood_cluster(query, start_local, query.start_costs);
        gate_costs(hierarchy, query.start_cluster, query.start_costs, query.start_bounds);
        if (query.start_cluster == query.goal_cluster) query.direct = query.start_costs[goal_local];
    }
    if (estimated &&
        estimate_gate_costs(hierarchy, query.goal_cluster, goal_local, goal, query.goal_bounds))
        return;
    // (In one cluster with the start, its moves were just read.)
    if (query.goal_cluster != query.start_cluster)
        query.cluster_moves.read(space, layout, query.goal_cluster);
    if (!map.has_terrain_costs()) {
        // Every move costs what the move back costs: the costs from the goal are those to it.
        flood_cluster(query, goal_local, query.goal_costs);
    } else {
        const SearchOptions dijkstra{.algorithm = SearchAlgorithm::Dijkstra};
        const detail::ClusterSpace backward(query.cluster_moves, true);
        (void)pathkit::find_path(backward, StateId(goal_local), query.cluster_context, dijkstra);
        const auto tiles = static_cast<std::uint32_t>(layout.side * layout.side);
        query.goal_costs.resize(tiles);
        for (std::uint32_t local = 0; local < tiles; ++local)
            query.goal_costs[local] = query.cluster_context.cost_to(StateId(local));
    }
    gate_costs(hierarchy, query.goal_cluster, query.goal_costs, query.goal_bounds);
}

/// The least bound from the start to each coarse gate of its cluster and from each coarse
/// gate of the goal's cluster to the goal, from the fine ones.
static void coarse_ends(const GridHierarchy& hierarchy, detail::HierarchyQuery& query) {
    const auto least = [](const GridHierarchy::Cluster& data, const std::vector<Cost>& fine,
                          std::vector<Cost>& coarse) {
        coarse.assign(data.coarse_gates.size(), infinite_cost);
        for (std::size_t gate = 0; gate < fine.size(); ++gate)
            coarse[data.coarse_of[gate]] = std::min(coarse[data.coarse_of[gate]], fine[gate]);
    };
    least(hierarchy.clusters()[query.start_cluster], query.start_bounds, query.coarse_start_bounds);
    least(hierarchy.clusters()[query.goal_cluster], query.goal_bounds, query.coarse_goal_bounds);
}

/// Stamps the clusters of a coarse plan and those within `corridor_ring` clusters of them.
static void mark_corridor(const GridHierarchy& hierarchy, detail::HierarchyQuery& query,
                          const std::vector<std::uint32_t>& clusters) {
    const detail::ClusterLayout& layout = hierarchy.layout();
    if (query.corridor.size() != hierarchy.clusters().size() || query.corridor_stamp == ~0u) {
        query.corridor.assign(hierarchy.clusters().size(), 0);
        query.corridor_stamp = 0;
    }
    ++query.corridor_stamp;
    const int ring = corridor_ring;
    for (const std::uint32_t cluster : clusters) {
        const int cx = static_cast<int>(cluster) % layout.columns;
        const int cy = static_cast<int>(cluster) / layout.columns;
        for (int y = std::max(0, cy - ring); y <= std::min(layout.rows - 1, cy + ring); ++y)
            for (int x = std::max(0, cx - ring); x <= std::min(layout.columns - 1, cx + ring); ++x)
                query.corridor[static_cast<std::size_t>(y * layout.columns + x)] =
                    query.corridor_stamp;
    }
}

HierarchicalPath GridHierarchy::plan(Cell from, Cell to, HierarchyContext& context) const {
    return plan_in(from, to, context, true);
}

HierarchicalPath GridHierarchy::plan_in(Cell from, Cell to, HierarchyContext& context,
                                        bool stretches) const {
    HierarchicalPath path;
    path.hierarchy_ = this;
    path.at_ = from;
    path.goal_ = to;
    if (Status status = check_query(from, to); !status) {
        path.status_ = SearchStatus::InvalidInput;
        path.message_ = status.message();
        return path;
    }
    path.jumps_ = jump_point_search_refusal(*space_).empty();
    if (const std::size_t budget = path.jumps_ ? fast_plain_budget(from, to) : 0; budget > 0) {
        // A short query: its whole path sooner than its ends joined to the hierarchy.
        GridPath plain = find_plain(from, to, context, budget);
        if (plain.status != SearchStatus::BudgetExhausted) {
            path.status_ = plain.status;
            path.message_ = std::move(plain.message);
            path.whole_ = std::move(plain.path);
            return path;
        }
    }
    detail::HierarchyQuery& query = *context.query_;
    join_ends(*this, from, to, query, path.jumps_);
    const AbstractProblem problem(*this, query, {.landmarks = gate_tiles_ == 0});
    SearchResult result;
    if (gate_tiles_ > 0) {
        // A coarse plan over whole sides first, then the fine plan only in its corridor.
        coarse_ends(*this, query);
        const AbstractProblem coarse(*this, query,
                                     {.coarse = true, .one_inside_move = true, .landmarks = true});
        const SearchResult wide =
            pathkit::find_path(coarse, StateId(coarse.start_state()), query.abstract_context,
                               {.heuristic_weight = coarse_plan_weight});
        if (!wide.found()) {
            path.status_ = wide.status;
            path.message_ = wide.message;
            return path;
        }
        path.abstract_expanded_ = wide.stats.expanded;
        // The coarse plan's clusters, and its entries into them: where stretches may end
        // (none: the whole fine plan in one search).
        for (std::size_t i = 0; i < wide.path.size(); ++i) {
            const std::uint32_t state = wide.path[i].value;
            const bool gate = state < coarse.start_state();
            path.corridor_.push_back(
                gate ? state / slots_
                     : (state == coarse.start_state() ? query.start_cluster : query.goal_cluster));
            if (stretches && gate && i > 0 && wide.path[i - 1].value < coarse.start_state() &&
                wide.path[i - 1].value / slots_ != state / slots_)
                path.stretch_ends_.push_back(state);
        }
        path.goal_cluster_ = query.goal_cluster;
        path.goal_bounds_ = query.goal_bounds;
        path.planned_ = false;
        mark_corridor(*this, query, path.corridor_);
        if (path.plan_stretch(context, true)) {
            path.status_ = SearchStatus::Found;
            return path;
        }
        path.planned_ = true;  // no way in the corridor: the plan over every fine gate
        path.stops_.clear();
    }
    result = pathkit::find_path(problem, StateId(problem.start_state()), query.abstract_context,
                                {.heuristic_weight = fast_plan_weight});
    path.abstract_expanded_ += result.stats.expanded;
    if (!result.found()) {
        path.status_ = result.status;
        path.message_ = result.message;
        return path;
    }
    path.status_ = SearchStatus::Found;
    path.add_stops(result.path, 1, query.goal_cluster, problem.goal_state());
    return path;
}

void HierarchicalPath::add_stops(const std::vector<StateId>& plan, std::size_t first,
                                 std::uint32_t goal_cluster, std::uint32_t goal_state) {
    const std::uint32_t slots = hierarchy_->slots();
    for (std::size_t i = first; i + 1 < plan.size(); ++i) {
        const std::uint32_t gate = plan[i].value, next = plan[i + 1].value;
        const std::uint32_t next_cluster = next == goal_state ? goal_cluster : next / slots;
        if (gate / slots != next_cluster) stops_.push_back({gate / slots, gate, next});
    }
    if (plan.back().value == goal_state) stops_.push_back({goal_cluster, goal_state, goal_state});
}

bool HierarchicalPath::plan_stretch(HierarchyContext& context, bool first) {
    const GridHierarchy& hierarchy = *hierarchy_;
    detail::HierarchyQuery& query = *context.query_;
    if (!first) {
        // The context may have served other queries since: this path's goal again.
        query.goal = hierarchy.space().map().index(goal_);
        query.goal_cluster = goal_cluster_;
        query.goal_bounds = goal_bounds_;
        mark_corridor(hierarchy, query, corridor_);
    }
    const std::size_t end = next_end_ + stretch_entries - 1;
    const bool to_goal = end >= stretch_ends_.size();
    const AbstractProblem narrow(
        hierarchy, query,
        {.in_corridor = true,
         .one_inside_move = true,
         .stretch_end = to_goal ? AbstractSearchKind::no_stretch_end : stretch_ends_[end]});
    const SearchResult result =
        pathkit::find_path(narrow, StateId(first ? narrow.start_state() : stretch_start_),
                           query.abstract_context, {.heuristic_weight = corridor_plan_weight});
    abstract_expanded_ += result.stats.expanded;
    if (!result.found()) return false;
    const std::size_t before = stops_.size();
    add_stops(result.path, first ? 1 : 0, goal_cluster_, narrow.goal_state());
    if (to_goal) {
        planned_ = true;
        return true;
    }
    // Only the first part: where it leaves the last kept cluster was chosen looking further.
    const std::size_t added = stops_.size() - before;
    if (added > 1)
        stops_.resize(before + std::max<std::size_t>(1, added * stretch_kept / stretch_entries));
    stretch_start_ = added > 0 ? stops_.back().entry : result.path.back().value;
    next_end_ += stretch_kept;
    return true;
}

bool HierarchicalPath::plan_stops(HierarchyContext& context, std::size_t count) {
    while (!planned_ && stops_.size() < count) {
        if (!plan_stretch(context, false)) {
            status_ = SearchStatus::InvalidInput;
            message_ = "the plan's next stretch found no way: only a changed map breaks it";
            return false;
        }
    }
    return true;
}

std::vector<Cell> HierarchicalPath::next_leg(HierarchyContext& context) {
    if (finished()) return {};
    if (!whole_.empty()) {
        done_ = true;
        at_ = goal_;
        return std::move(whole_);
    }
    return jumps_ ? next_leg_by_jumps(context) : next_leg_in_clusters(context);
}

std::vector<Cell> HierarchicalPath::next_leg_by_jumps(HierarchyContext& context) {
    const GridHierarchy& hierarchy = *hierarchy_;
    const GridSpace& space = hierarchy.space();
    const detail::ClusterLayout& layout = hierarchy.layout();
    const LegShape shape = hierarchy.gate_tiles_ > 0 ? legs_in_corridor : legs_over_sides;
    if (!plan_stops(context, next_stop_ + shape.aimed + 2)) return {};
    const std::size_t crossings = stops_.size() - 1;  // the last stop is the goal
    const std::size_t aim = next_stop_ + shape.aimed - 1;
    const bool to_goal = aim >= crossings;
    Cell target = goal_;
    if (!to_goal) {
        // The tile of the entry gate that looks best between here and where the plan goes
        // after it: the middle of the next entry, or the goal (the goal alone: 0.02 % more
        // excess on the generated 4096² map, measured: docs/benchmarks.md).
        const int stride = space.map().stride();
        const auto cell_at = [&](detail::PaddedCell tile) {
            return space.map().cell(static_cast<std::uint32_t>(tile.y * stride + tile.x));
        };
        const auto gate_middle = [&](std::uint32_t state) {
            return cell_at(detail::gate_middle(
                hierarchy.clusters()[state / hierarchy.slots()].gates[state % hierarchy.slots()]));
        };
        const Cell beyond = aim + 1 < crossings ? gate_middle(stops_[aim + 1].entry) : goal_;
        const std::uint32_t entry = stops_[aim].entry;
        const std::uint32_t cluster = entry / hierarchy.slots();
        Cost best = infinite_cost;
        const auto estimate = [&](Cell a, Cell b) {
            return space.distance_estimate(std::abs(a.x - b.x), std::abs(a.y - b.y));
        };
        detail::for_each_gate_tile(layout, cluster, hierarchy.clusters()[cluster],
                                   entry % hierarchy.slots(), [&](detail::PaddedCell tile) {
                                       const Cell cell = cell_at(tile);
                                       const Cost cost =
                                           estimate(at_, cell) + estimate(cell, beyond);
                                       if (cost < best) {
                                           best = cost;
                                           target = cell;
                                       }
                                   });
    }
    GridPath found = search_leg(space, at_, target, layout.side, shape.weight, context.tiles);
    if (!found.found()) {  // the abstract graph promised a way: only a changed map breaks it
        status_ = SearchStatus::InvalidInput;
        message_ = "a leg found no way to its gate: " + found.message;
        return {};
    }
    std::vector<Cell> leg = std::move(found.path);
    if (!to_goal && leg.size() < 2) {  // standing on the gate's tile already: aim further
        next_stop_ += shape.kept;
        return next_leg_by_jumps(context);
    }
    if (to_goal) {
        done_ = true;
    } else {
        // Only the first part: the joint at the gate is searched again by the next leg.
        const std::size_t end =
            std::max<std::size_t>(1, (leg.size() - 1) * shape.kept / shape.aimed);
        leg.resize(end + 1);
        next_stop_ += shape.kept;
    }
    at_ = leg.back();
    return leg;
}

std::vector<Cell> HierarchicalPath::next_leg_in_clusters(HierarchyContext& context) {
    const GridHierarchy& hierarchy = *hierarchy_;
    const GridMap& map = hierarchy.space().map();
    const auto cluster_of = [&](std::uint32_t tile) {
        const detail::PaddedCell cell = detail::padded_cell(map, tile);
        return hierarchy.layout().cluster_at(cell.x, cell.y);
    };
    if (!plan_stops(context, next_stop_ + 3)) return {};
    const std::uint32_t here = cluster_of(map.index(at_));
    const bool last = next_stop_ + 1 == stops_.size();
    const bool to_goal = last || next_stop_ + 2 == stops_.size();
    const std::uint32_t next = last ? here : stops_[next_stop_ + 1].cluster;
    const GridHierarchy::Cluster* target_cluster = nullptr;
    std::uint32_t target_gate = 0;
    if (!to_goal) {
        const std::uint32_t exit = stops_[next_stop_ + 1].exit;
        target_cluster = &hierarchy.clusters()[exit / hierarchy.slots()];
        target_gate = exit % hierarchy.slots();
    }
    const detail::LegProblem problem(hierarchy.space(), hierarchy.layout(), here, next,
                                     map.index(goal_), target_cluster, target_gate);
    const SearchResult result = pathkit::find_path(problem, StateId(map.index(at_)), context.tiles);
    if (!result.found()) {  // the abstract graph promised a way: only a changed map breaks it
        status_ = SearchStatus::InvalidInput;
        message_ = "a leg found no way through its clusters: " + result.message;
        return {};
    }
    std::size_t end = result.path.size() - 1;
    if (!to_goal) {
        --end;  // the leg's end state is no tile
        // Up to the last entry into the next cluster: the rest is planned with the next leg.
        while (end > 0 && cluster_of(result.path[end - 1].value) == next)
            --end;
        ++next_stop_;
    } else {
        done_ = true;
    }
    std::vector<Cell> leg;
    leg.reserve(end + 1);
    for (std::size_t i = 0; i <= end; ++i)
        leg.push_back(map.cell(result.path[i].value));
    at_ = leg.back();
    return leg;
}

GridPath HierarchicalPath::rest(HierarchyContext& context) {
    if (status_ != SearchStatus::Found) return refused(status_, message_);
    GridPath path;
    path.status = SearchStatus::Found;
    path.stats.method = "hierarchical";
    path.stats.expanded = abstract_expanded_;
    path.path.push_back(at_);
    while (!finished()) {
        const std::vector<Cell> leg = next_leg(context);
        if (status_ != SearchStatus::Found) return refused(status_, message_);
        path.path.insert(path.path.end(), leg.begin() + 1, leg.end());
    }
    path.cost = walked_cost(hierarchy_->space(), path.path);
    return path;
}

GridPath GridHierarchy::find_path(Cell from, Cell to, HierarchyContext& context,
                                  HierarchyMode mode) const {
    GridPath path = mode == HierarchyMode::Optimal
                        ? find_optimal(from, to, context)
                        : plan_in(from, to, context, false).rest(context);
    // Refused or no path: the hierarchy answered, whichever of its searches ran last.
    if (!path.found()) path.stats.method = "hierarchical";
    return path;
}

/// On a map of `scattered_min_states` tiles or more, a query whose ends no leg's window holds
/// gets a quarter of the budget: it crosses at least 14 clusters of 32, and the plain search's
/// 256 jump points ran out on every one of the generated 4096² map's, 7 % of a fast path, while
/// on open maps a few jump points answer it, hence a quarter rather than none. On smaller maps
/// a query whose ends lie far apart gets none where the build's far pairs mostly ran out
/// (random512-10-0 and 8room_000: the first move 1.6 to 2 times sooner) and the whole budget
/// where they did not (measured: docs/benchmarks.md).
std::size_t GridHierarchy::fast_plain_budget(Cell from, Cell to) const {
    if (!fits_the_caches(*space_))
        return detail::JumpWindow::around(space_->map(), from, to, layout_.side,
                                          leg_window_min_shift, leg_window_max_shift)
                       .has_value()
                   ? fast_plain_jump_points_
                   : fast_plain_jump_points_ / 4;
    return plain_answers_far_ || !detail::far_apart(layout_, from, to) ? fast_plain_jump_points_
                                                                       : 0;
}

GridPath GridHierarchy::find_plain(Cell from, Cell to, HierarchyContext& context,
                                   std::size_t budget) const {
    const SearchOptions options{.max_expansions = budget};
    // On a map too big for the caches (the engine's measure) the index's 16 bytes a tile miss
    // them where the map's bit lines do less: there jps took 16-17 ms a query of the generated
    // 4096² map, jps+ 21-24 ms (measured: docs/benchmarks.md).
    // The callers asked whether jump point search runs and checked the ends: the entries below
    // check only the ends again, as `GridSpace::find_path` does for jps and jps+.
    if (plain_by_jump_point_index_ && fits_the_caches(*space_)) {
        // The index is refused only where jump point search cannot run, checked before.
        if (auto index = space_->jump_point_index())
            return detail::find_path_jps_plus_applicable(*index.value(), from, to, context.tiles,
                                                         options, PathShape::Tiles);
    }
    return detail::find_path_jps_applicable(*space_, from, to, context.tiles, options,
                                            PathShape::Tiles);
}

GridPath GridHierarchy::find_optimal(Cell from, Cell to, HierarchyContext& context) const {
    if (Status status = check_query(from, to); !status)
        return refused(SearchStatus::InvalidInput, status.message());
    const bool jumps = jump_point_search_refusal(*space_).empty();
    if (jumps && plain_jump_points_ > 0) {
        // A short query is answered by plain jump point search before the hierarchy is asked:
        // joining the start and goal to it costs more than such a search.
        GridPath path = find_plain(from, to, context, plain_jump_points_);
        if (path.status != SearchStatus::BudgetExhausted) return path;
    }
    detail::HierarchyQuery& query = *context.query_;
    join_ends(*this, from, to, query, false);
    // Dijkstra from the goal until it takes the start, or until it expanded about as many
    // gates as the clusters between the start and the goal hold (more would cost more than it
    // saves where the abstract distances hardly exceed the straight-line ones): the gates it
    // did not finish are at least as far as the last one it took.
    const AbstractProblem backward(*this, query, {.backward = true});
    const int columns = std::abs(static_cast<int>(query.start_cluster % layout_.columns) -
                                 static_cast<int>(query.goal_cluster % layout_.columns)) +
                        3;
    const int rows = std::abs(static_cast<int>(query.start_cluster / layout_.columns) -
                              static_cast<int>(query.goal_cluster / layout_.columns)) +
                     3;
    const std::size_t budget = std::max<std::size_t>(
        64, gate_count_ * static_cast<std::size_t>(columns * rows) / clusters_.size());
    const SearchResult abstract =
        pathkit::find_path(backward, StateId(backward.goal_state()), query.abstract_context,
                           {.algorithm = SearchAlgorithm::Dijkstra, .max_expansions = budget});
    if (abstract.found()) {
        query.abstract_cost = abstract.cost;
    } else if (abstract.status == SearchStatus::BudgetExhausted) {
        query.abstract_cost = query.abstract_context.cost_to(StateId(backward.last_taken()));
    } else {
        return refused(abstract.status, abstract.message);
    }
    const AbstractGuide guide(*this, query);
    if (jumps) {
        // Jump point search with the guide: exact (the guide is a lower bound) and it jumps.
        // Over the map's bit lines: measured faster here than the jps+ table (whose 16 bytes
        // a tile the hierarchy would also have to hold), docs/benchmarks.md.
        const detail::BitLines<false> lines(space_->map());
        GridPath path = detail::find_path_by_jumps<false>(*space_, lines, from, to, context.tiles,
                                                          {}, PathShape::Tiles, guide);
        path.stats.method = "hierarchical-jps";
        return path;
    }
    const GuidedProblem problem(*space_, query.goal, guide);
    SearchResult result = pathkit::find_path(problem, StateId(query.start), context.tiles);
    result.stats.method = "hierarchical-astar";
    const GridMap& map = space_->map();
    return convert_path<Cell>(std::move(result),
                              [&map](StateId state) { return map.cell(state.value); });
}

}  // namespace pathkit
