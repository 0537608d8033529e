/// Hierarchical search on a tile grid: clusters, the gates on their borders and exact lower
/// bounds between gates, for first moves in microseconds and for optimal guided searches.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/search_context.hpp"

namespace pathkit {

/// How a hierarchy cuts the map.
struct HierarchyOptions {
    /// Side of a square cluster in tiles: a power of two from 8 to 256 (the clusters on the
    /// map's right and bottom edges are cut by the map).
    int cluster_side = 32;
    /// 0 (the default): a gate is every tile of a cluster side that moves leave the cluster by
    /// and that is joined to the others inside the cluster (one piece of it). Above 0: a gate
    /// is a run of such tiles side by side, cut into gates of at most this many tiles, as even
    /// as can be (HPA*'s entrances). Finer gates give the fast mode's plan exact costs between
    /// openings, for less excess, at the price of a bigger abstract graph: a slower build,
    /// plan and repair, and four to six times the memory (measured: docs/benchmarks.md). The
    /// fast plan is then a corridor plan: A* over whole sides (the graph of gate_tiles 0,
    /// derived from the fine one), then A* over the fine gates of the clusters along it and
    /// two clusters around.
    int gate_tiles = 0;
    /// Where jump point search can run, the optimal mode first tries it plain with at most
    /// this many expansions (0: never) and returns its path when it finishes: joining a short
    /// query's start and goal to the hierarchy costs more than such a search.
    std::size_t plain_jump_points = 65536;
    /// That plain search runs on the space's JPS+ index (`GridSpace::jump_point_index`: built
    /// at the first such query unless built before, repaired after tile changes, 16 bytes a
    /// padded tile, not counted in `GridHierarchy::memory_bytes`) instead of the map's bit
    /// lines: the same cost, in less time on game maps (docs/benchmarks.md). Not on maps of
    /// 2^20 tiles or more, where the index misses the caches and the bit lines are faster.
    /// False keeps the hierarchy from asking for the index.
    bool plain_by_jump_point_index = true;
    /// Where jump point search runs, `GridHierarchy::plan` (and so the fast mode) first tries
    /// it plain, likewise, with at most this many expansions (0: never): a query it finishes
    /// becomes a plan of one leg, the cheapest path, sooner than joining the query's ends to
    /// the hierarchy would give a first move (docs/benchmarks.md). On a map of 2^20 tiles or
    /// more, a query whose ends lie farther apart across or down than 512 tiles less two
    /// cluster sides (no leg's window holds them with a cluster's side around) gets a quarter
    /// of this: open maps still answer it plain, cluttered ones give up sooner. On smaller
    /// maps the build draws 16 pairs of tiles more than two cluster sides apart (the same
    /// pairs for the same map) and runs the plain search between each: where it ran out on
    /// more than half of them (mazes, rooms, scattered walls), queries whose ends lie that far
    /// apart skip it.
    std::size_t fast_plain_jump_points = 256;
    /// Landmarks for the fast plan's search over whole sides (with finer gates, its search
    /// over the coarse gates): gates from which the hierarchy keeps the plan's cost to every
    /// gate, so that the plan's estimate is the larger of the octile one and each landmark's
    /// difference of costs to the gate and to the goal (ALT: Goldberg and Harrelson,
    /// "Computing the Shortest Path: A* Search Meets Graph Theory", SODA 2005). In a maze the
    /// octile estimate guides the plan nowhere. -1 (the default): two where the build finds
    /// the plan's costs from its first gate to the gates more than two cluster sides away more
    /// than four times their octile estimates (mazes of narrow corridors: 5.1 to 5.4 on
    /// maze512-1-0; 1.0 to 3.3 on the other maps of docs/benchmarks.md), none elsewhere; 0:
    /// none; 1 to 8: that many, chosen farthest first from the first gate. Each is a search
    /// over the gates at the build and again after a repair that changed the plan's moves
    /// (about 60 us on maze512-1-0's 5,088 gates), and 4 bytes per gate slot (`slots()` a
    /// cluster).
    int plan_landmarks = -1;
    /// Threads (at least 1) the build runs on, and a repair that rebuilds many clusters; never
    /// more than one per 16 clusters built. Each cluster is built by one thread, so the
    /// hierarchy is the same with any number; the threads end before `build` or `repair`
    /// returns.
    int threads = 1;
};

/// How a hierarchical query answers.
enum class HierarchyMode {
    /// A weighted abstract search over the gates, then legs refined one after the other. Where
    /// jump point search runs, the start and goal are joined to the gates of their clusters by
    /// octile estimates (to the gates of their piece only, where a cluster is cut in pieces),
    /// and each leg is searched by jump point search towards a tile of the gate a few
    /// crossings ahead on the abstract path, keeping only the first part (the turn at that gate
    /// is searched again by the next leg); elsewhere the ends are joined by searches inside
    /// their clusters and each leg by A* over the two clusters the unit walks next. A valid
    /// path, not always the cheapest (excess measured in docs/benchmarks.md).
    Fast,
    /// Jump point search with the abstract distances to the goal as its heuristic (a lower
    /// bound), or A* over the tiles with it where jump point search cannot run (terrain costs,
    /// units bigger than a tile): the cheapest path, as `GridSpace::find_path` finds. A query
    /// that plain jump point search answers within `HierarchyOptions::plain_jump_points` is
    /// answered so (`stats.method` "jps+" or "jps"; else "hierarchical-jps" or
    /// "hierarchical-astar").
    Optimal,
};

namespace detail {
struct HierarchyQuery;
struct ClusterScratch;

/// Where the clusters of a hierarchy lie, in padded tile coordinates (column 1 is the map's
/// first column).
struct ClusterLayout {
    int side = 32;
    int shift = 5;    // log2(side)
    int columns = 0;  // clusters across
    int rows = 0;     // clusters down
    int width = 0;    // the map's tiles across
    int height = 0;   // and down
    int stride = 0;   // padded row length
    /// The cluster holding padded column `x`, row `y` (inside the map).
    [[nodiscard]] std::uint32_t cluster_at(int x, int y) const {
        return static_cast<std::uint32_t>(((y - 1) >> shift) * columns + ((x - 1) >> shift));
    }
    /// The padded column and row of a cluster's top-left tile, and its size (cut by the map).
    [[nodiscard]] int left(std::uint32_t cluster) const {
        return 1 + static_cast<int>(cluster % static_cast<std::uint32_t>(columns)) * side;
    }
    [[nodiscard]] int top(std::uint32_t cluster) const {
        return 1 + static_cast<int>(cluster / static_cast<std::uint32_t>(columns)) * side;
    }
    [[nodiscard]] int width_of(std::uint32_t cluster) const {
        return std::min(side, width + 1 - left(cluster));
    }
    [[nodiscard]] int height_of(std::uint32_t cluster) const {
        return std::min(side, height + 1 - top(cluster));
    }
};
}  // namespace detail

class GridHierarchy;

/// Scratch memory of hierarchical queries, reused from one query to the next (one per thread):
/// the start and goal are joined to the abstract graph here, never in the shared hierarchy.
class HierarchyContext {
  public:
    HierarchyContext();
    HierarchyContext(HierarchyContext&&) noexcept;
    HierarchyContext& operator=(HierarchyContext&&) noexcept;
    ~HierarchyContext();

    /// Grows the records of queries on `hierarchy` now (at a level load, say), so that the first
    /// query does not pay for them: 12 bytes a padded tile and 12 a gate slot (on the generated
    /// 4096² map about 230 MB, which a fresh context's first query took 0.43-0.49 s to get on
    /// the virtual machine of docs/benchmarks.md).
    void reserve(const GridHierarchy& hierarchy);
    /// Bytes of scratch memory held (`SearchContext::memory_bytes` of each search's records).
    [[nodiscard]] std::size_t memory_bytes() const;

    /// The context of the tile searches (legs, optimal mode): as big as the map's padded tiles.
    SearchContext tiles;

  private:
    friend class GridHierarchy;
    friend class HierarchicalPath;
    std::unique_ptr<detail::HierarchyQuery> query_;
};

/// A path planned by the abstract search and refined one leg at a time: `next_leg` returns
/// the tiles of the next stretch (about two clusters' worth, or through the cluster the unit
/// is in into the next one where jump point search cannot run), so a unit can start moving
/// before the rest is known. With finer gates the plan over them is itself searched in parts
/// as the legs need them. Keeps a pointer to its hierarchy, which
/// must outlive it and not change (`GridHierarchy::repair`) while legs are still asked for.
class HierarchicalPath {
  public:
    HierarchicalPath() = default;
    /// Found when the abstract search reached the goal; NoPath when no path exists;
    /// InvalidInput for a start or goal outside the map or where the unit does not fit, or a
    /// stale hierarchy (the message says which).
    [[nodiscard]] SearchStatus status() const { return status_; }
    [[nodiscard]] const std::string& message() const { return message_; }
    /// True once every leg was returned (or when there is no path).
    [[nodiscard]] bool finished() const { return status_ != SearchStatus::Found || done_; }
    /// The next leg: tiles from where the previous leg ended (the start at first) on towards
    /// the goal (at least one step), up to the goal for the last leg; each step a move of the
    /// space. Empty when finished. `context` serves this call only.
    [[nodiscard]] std::vector<Cell> next_leg(HierarchyContext& context);
    /// Every remaining leg, joined: the whole path when no leg was taken yet.
    [[nodiscard]] GridPath rest(HierarchyContext& context);
    /// Abstract states the plan's search expanded.
    [[nodiscard]] std::uint64_t abstract_expanded() const { return abstract_expanded_; }

  private:
    friend class GridHierarchy;
    struct Stop {
        std::uint32_t cluster;  // the cluster the unit crosses
        std::uint32_t exit;     // the gate state it leaves that cluster by (none: the goal)
        std::uint32_t entry;    // the gate state it enters the next cluster by
    };
    /// A leg by jump point search towards a tile of a gate a few crossings ahead, of which
    /// only the first part is kept: the rest is searched again from there with the next leg.
    [[nodiscard]] std::vector<Cell> next_leg_by_jumps(HierarchyContext& context);
    /// A leg by A* over the cluster the unit is in and the next (where jps cannot run).
    [[nodiscard]] std::vector<Cell> next_leg_in_clusters(HierarchyContext& context);
    /// With finer gates: the fine plan's next stretch, up to the coarse plan's entry a few
    /// clusters on (or the goal), searched in the coarse plan's corridor; its stops appended.
    /// `first`: from the start, the query just joined in `context`; else from where the last
    /// stretch ended. False when no way was found.
    [[nodiscard]] bool plan_stretch(HierarchyContext& context, bool first);
    /// Plans stretches until `count` stops are known or the goal's is. False (status
    /// InvalidInput) when a stretch found no way.
    [[nodiscard]] bool plan_stops(HierarchyContext& context, std::size_t count);
    /// The stops of an abstract plan (from `plan[first]` on): one where it crosses into
    /// another cluster, and the goal's when it ends there.
    void add_stops(const std::vector<StateId>& plan, std::size_t first, std::uint32_t goal_cluster,
                   std::uint32_t goal_state);
    const GridHierarchy* hierarchy_ = nullptr;
    SearchStatus status_ = SearchStatus::NoPath;
    std::string message_;
    std::vector<Stop> stops_;
    std::size_t next_stop_ = 0;
    Cell at_;
    Cell goal_;
    bool done_ = false;
    bool jumps_ = false;       // legs by jump point search
    std::vector<Cell> whole_;  // the path when a plain search found it: the plan's one leg
    std::uint64_t abstract_expanded_ = 0;
    // With finer gates the fine plan is searched a stretch at a time, the coarse plan's
    // clusters its corridor and its entries (coarse gate states, in order) the stretches' ends.
    std::vector<std::uint32_t> corridor_;
    std::vector<std::uint32_t> stretch_ends_;
    std::size_t next_end_ = 0;         // in stretch_ends_: where the next stretch may end
    std::uint32_t stretch_start_ = 0;  // the fine gate state the next stretch starts from
    std::uint32_t goal_cluster_ = 0;
    std::vector<Cost> goal_bounds_;  // from the goal's cluster's fine gates to the goal
    bool planned_ = true;            // false while stretches remain
};

/// Clusters of a `GridSpace` (HPA*-style) with, on their borders, gates: runs of tiles from
/// which a move leaves the cluster. Between the gates of a cluster it keeps the exact cheapest
/// cost from any tile of one to any tile of the other inside the cluster (a Dijkstra
/// search), and across borders the cheapest crossing move: every real path maps onto a chain
/// of gates at most its cost, so abstract distances are lower bounds (the optimal mode's
/// heuristic), and abstract paths say which clusters to cross (the fast mode's legs).
///
/// Honours the space's diagonal rules, terrain costs and unit size; links are not followed
/// (a space with links is refused). The hierarchy is immutable shared data: any number of
/// threads may query it at once, each with its own `HierarchyContext`. The space and its map
/// must outlive it. After tiles change, `repair` rebuilds only the clusters the changes reach.
class GridHierarchy {
  public:
    /// Builds the hierarchy in one pass over the map. Refused for an invalid cluster side,
    /// invalid rules, or a space with links.
    [[nodiscard]] static Expected<GridHierarchy> build(const GridSpace& space,
                                                       HierarchyOptions options = {});
    GridHierarchy(GridHierarchy&&) noexcept;
    GridHierarchy& operator=(GridHierarchy&&) noexcept;
    ~GridHierarchy();

    /// Brings the hierarchy up to the map's changes: the clusters within a tile (or a unit's
    /// size) of a changed tile get their gates and bounds again, and the crossings of those
    /// and their neighbours; rebuilt whole when the map no longer remembers its changes. For
    /// units bigger than a tile, refresh the space (`GridSpace::refresh`) first. Not while
    /// queries run.
    void repair();
    /// True when built or repaired at the map's current revision.
    [[nodiscard]] bool is_current() const;

    /// Plans a path by the abstract search alone; legs come from `HierarchicalPath::next_leg`.
    /// A query plain jump point search finishes within `HierarchyOptions::fast_plain_jump_points`
    /// is planned as one leg, its cheapest path. With finer gates the plan over them is searched
    /// a stretch of the coarse plan at a time, the next when the legs need it, so the first leg
    /// waits for a short search (`find_path` searches it in one piece: its path may differ).
    [[nodiscard]] HierarchicalPath plan(Cell from, Cell to, HierarchyContext& context) const;
    /// A whole path: fast (every leg of `plan`) or optimal (guided A*). Statuses as
    /// `GridSpace::find_path`'s; a stale hierarchy gives InvalidInput.
    [[nodiscard]] GridPath find_path(Cell from, Cell to, HierarchyContext& context,
                                     HierarchyMode mode = HierarchyMode::Fast) const;

    [[nodiscard]] const GridSpace& space() const { return *space_; }
    [[nodiscard]] int cluster_side() const { return layout_.side; }
    [[nodiscard]] std::size_t cluster_count() const;
    /// Gates over all clusters (the abstract graph's nodes).
    [[nodiscard]] std::size_t gate_count() const;
    /// Bytes held by the hierarchy (not the space or map).
    [[nodiscard]] std::size_t memory_bytes() const;
    /// True when both hold the same clusters, gates, bounds and crossings (a repaired
    /// hierarchy against one built again).
    [[nodiscard]] bool same_graph(const GridHierarchy& other) const;

    // What the hierarchy keeps (defined in its source files), read by its searches.
    struct Gate;
    struct Crossing;
    struct Cluster;
    [[nodiscard]] const std::vector<Cluster>& clusters() const { return clusters_; }
    [[nodiscard]] const detail::ClusterLayout& layout() const { return layout_; }
    /// Gate states per cluster: gate g of cluster c is abstract state c * slots() + g.
    [[nodiscard]] std::uint32_t slots() const { return slots_; }
    /// The fast plan's landmarks (`HierarchyOptions::plan_landmarks`): gate states over whole
    /// sides (coarse gate states with finer gates); empty when the plan uses none.
    [[nodiscard]] const std::vector<std::uint32_t>& landmarks() const { return landmarks_; }
    /// The plan's cost from landmark `landmark` to gate state `state` over whole sides
    /// (unchecked: both in range); +infinity where the plan cannot reach it.
    [[nodiscard]] Cost landmark_cost(std::size_t landmark, std::uint32_t state) const {
        return landmark_costs_[state * landmarks_.size() + landmark];
    }

  private:
    friend class HierarchicalPath;
    GridHierarchy(const GridSpace& space, const HierarchyOptions& options);
    /// Reads the cluster's moves into `scratch`, then finds its gates.
    void build_cluster_gates(std::uint32_t cluster, detail::ClusterScratch& scratch);
    /// Its bounds, from the moves `build_cluster_gates` just read.
    void build_cluster_bounds(std::uint32_t cluster, detail::ClusterScratch& scratch);
    /// With finer gates, the coarse gates and bounds derived from the fine ones just built.
    void build_cluster_coarse(std::uint32_t cluster, detail::ClusterScratch& scratch);
    /// Gates and bounds of the given clusters (crossings apart).
    void build_clusters(const std::vector<std::uint32_t>& clusters);
    void build_cluster_crossings(std::uint32_t cluster);
    /// The forward plan's moves of a cluster (over its gates or its coarse gates), its
    /// crossings and its neighbours' gates built.
    void build_cluster_plan(std::uint32_t cluster, bool coarse);
    /// Crossings of the given clusters (their neighbours' gates built).
    void build_crossings(const std::vector<std::uint32_t>& clusters);
    void build_all();
    [[nodiscard]] Status check_query(Cell from, Cell to) const;
    /// `plan`, over finer gates in stretches or in one search.
    [[nodiscard]] HierarchicalPath plan_in(Cell from, Cell to, HierarchyContext& context,
                                           bool stretches) const;
    [[nodiscard]] GridPath find_optimal(Cell from, Cell to, HierarchyContext& context) const;
    /// Plain jump point search within `budget` expansions (on the JPS+ index when allowed),
    /// where `jump_point_search_refusal` names no reason (the caller asked).
    [[nodiscard]] GridPath find_plain(Cell from, Cell to, HierarchyContext& context,
                                      std::size_t budget) const;
    /// The expansions a fast plan's plain search may take (0: none is tried).
    [[nodiscard]] std::size_t fast_plain_budget(Cell from, Cell to) const;
    /// Whether plain jump point search answers (finds a path, or finds none) most of the far
    /// pairs the build draws within `fast_plain_jump_points_` (true where it is not tried).
    [[nodiscard]] bool plain_answers_far_queries() const;
    /// Chooses the plan's landmarks (none, when the plan's costs stay near the octile
    /// estimates and the count was left to the build) and their costs.
    void place_landmarks();
    /// Their costs again after a repair (chosen again if one is no longer a gate state).
    void refresh_landmarks();

    const GridSpace* space_ = nullptr;
    detail::ClusterLayout layout_;
    std::uint32_t slots_ = 0;  // gate states per cluster: state = cluster * slots_ + gate
    std::uint64_t revision_ = 0;
    std::vector<Cluster> clusters_;
    std::size_t gate_count_ = 0;  // over all clusters
    std::size_t plain_jump_points_ = 0;
    bool plain_by_jump_point_index_ = true;
    std::size_t fast_plain_jump_points_ = 0;
    bool plain_answers_far_ = true;  // measured by the build: `plain_answers_far_queries`
    int gate_tiles_ = 0;
    int threads_ = 1;
    int plan_landmarks_ = -1;               // as asked: -1 where the build finds them worth it
    std::vector<std::uint32_t> landmarks_;  // gate states
    std::vector<Cost> landmark_costs_;      // per gate state, from each landmark in turn
};

}  // namespace pathkit
