/// GridSpace: a grid map seen through movement rules, as a space for the one search engine.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/table_allocator.hpp"
#include "pathkit/grid/grid_map.hpp"
#include "pathkit/grid/movement.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_options.hpp"
#include "pathkit/search/search_result.hpp"
#include "pathkit/search/search_space.hpp"

namespace pathkit {

struct GridLinkTag;
/// A link of a `GridSpace`; ids are never reused.
using GridLinkId = Id<GridLinkTag>;

/// The result of a grid search: the path as tiles, start and goal included, and which of its
/// steps are links.
struct GridPath : PathResult<Cell> {
    GridPath() = default;
    /// The same result with no link taken.
    GridPath(PathResult<Cell>&& result) : PathResult<Cell>(std::move(result)) {}  // NOLINT
    /// Empty when the path takes no link; otherwise one entry per step (`path.size() - 1`):
    /// the link taken from `path[i]` to `path[i + 1]`, or an invalid id for a step walked.
    std::vector<GridLinkId> links;
};

/// How a link is followed: what it costs and whether it works both ways.
struct GridLinkOptions {
    /// The cost of taking the link, in the units of the step costs: finite and >= 0 (0, a
    /// teleporter; a door that takes time to open, its time).
    Cost cost = 0;
    /// True: the link works both ways at the same cost (stairs); false: from `from` to `to`
    /// only (a drop, a one-way teleporter).
    bool bidirectional = true;
    /// A name for tools and logs ("stairs to the cellar"); need not be unique.
    std::string name;
};

/// A link between two tiles of a `GridSpace`, as added.
struct GridLink {
    GridLinkId id;
    Cell from;
    Cell to;
    Cost cost = 0;
    bool bidirectional = true;
    std::string name;
};

/// How the grid heuristic allows for links (a teleporter can beat walking), per query:
/// both admissible and consistent, so every optimal search stays optimal.
enum class LinkEstimate {
    /// min(walk(n, goal), min over link starts a of walk(n, a) + rest(a)), where rest(a) is the
    /// cheapest way from a to the goal if every walk were as cheap as the heuristic says,
    /// computed per query over the links (a Dijkstra over their ends, links^2 estimates); each
    /// estimate then looks at the link starts in order of rest(a) until one cannot help.
    PerLink,
    /// min(walk(n, goal), min over links of cost + walk(link end, goal)): a path that takes a
    /// link costs at least its last link and the walk after. One pass over the links per query,
    /// O(1) per estimate, but far from the goal it is only that constant.
    LastLink,
};

/// Terrain types a unit may not enter in one query (units that cannot swim): tiles of these
/// types are walls for that query. Types the map does not have are refused.
struct TerrainFilter {
    std::vector<TerrainType> excluded;
    [[nodiscard]] bool empty() const { return excluded.empty(); }
};

/// One direction of a link, as the searches follow it.
struct GridLinkEdge {
    std::uint32_t from;  // padded tile index
    std::uint32_t to;    // padded tile index
    Cost cost;
    GridLinkId link;
};

/// What a grid path lists: every tile walked, or only the start, the goal and the tiles where
/// the direction changes (what a unit steering from corner to corner needs; consecutive turns
/// lie on a common row, column or diagonal, and `expand_path` gives the tiles back).
enum class PathShape { Tiles, Turns };

class StaticGridIndex;
class GoalBounds;

/// A `GridMap` with movement rules and links: the `MetricSpace` the engine searches on tiles.
///
/// State ids are padded tile indices (`GridMap::index`). The cost of a step is the straight or
/// diagonal cost times the terrain multiplier of the tile entered. The heuristic is scaled by
/// the map's smallest multiplier, so it stays admissible on cheap terrain.
///
/// The space reads the map at query time, so tile changes made between queries are seen, with
/// one exception: for units bigger than one tile the space keeps a table of where they fit;
/// after the map changes, call `refresh()` (until then queries return InvalidInput). The JPS+
/// index the space keeps for `SearchAlgorithm::JpsPlus` is built again by itself after a
/// change.
///
/// Links join two tiles of any distance (teleporters, stairs, ladders, a door that takes
/// time): `find_path` follows them as extra moves at their cost, with every algorithm, jps and
/// jps+ included (a jump stops on a tile where a link starts, and a tile where one ends is
/// searched in every direction, as a start is). The search-space interface below
/// (`for_each_successor`, `estimate`) stays the walking one, for the distance fields, landmarks
/// and crowds built on it. A link whose end is blocked (or where the unit does not fit) is not
/// followed while it is. Links, like tiles, change only between queries.
class GridSpace {
  public:
    /// The map must outlive the space. Invalid rules make every query return InvalidInput.
    GridSpace(const GridMap& map, MovementRules rules = {});
    /// Copies share the map; a copy keeps its own table of where big units fit and builds its
    /// own JPS+ index when asked. A moved space builds its index again.
    GridSpace(const GridSpace& other);
    GridSpace& operator=(const GridSpace& other);
    GridSpace(GridSpace&&) noexcept;
    GridSpace& operator=(GridSpace&&) noexcept;
    ~GridSpace();

    [[nodiscard]] const GridMap& map() const { return *map_; }
    [[nodiscard]] const MovementRules& rules() const { return rules_; }

    /// The cheapest path from `from` to `to` under the rules by the search `options.algorithm`
    /// names, shaped as asked (the same cost whichever optimal search runs), following links.
    /// InvalidInput for invalid rules, a tile outside the map, a start or goal where the unit
    /// does not fit (blocked) or whose terrain the filter excludes, a filter naming a type the
    /// map does not have, or jps or jps+ where `jump_point_search_refusal` names a reason (the
    /// message says which). With a filter the query runs on a copy of the map where the
    /// excluded tiles are walls, made at the first query with that filter after a change and
    /// kept (the last 8 filters). Any number of threads may query one space at once.
    [[nodiscard]] GridPath find_path(Cell from, Cell to, SearchContext& context,
                                     const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles,
                                     const TerrainFilter& filter = {}) const;
    /// As above, with the calling thread's own context.
    [[nodiscard]] GridPath find_path(Cell from, Cell to, const SearchOptions& options = {},
                                     PathShape shape = PathShape::Tiles,
                                     const TerrainFilter& filter = {}) const {
        return find_path(from, to, thread_search_context(), options, shape, filter);
    }

    /// Adds a link from `from` to `to` (and back, if bidirectional). Refused, with nothing
    /// changed, when an end is outside the map or not walkable, the ends are the same tile, or
    /// the cost is negative, NaN or infinite. Not while queries run.
    [[nodiscard]] Expected<GridLinkId> add_link(Cell from, Cell to, GridLinkOptions options = {});
    /// Removes a link. Refused for an id the space does not have (never added, or removed).
    Status remove_link(GridLinkId id);
    /// The links, in the order added.
    [[nodiscard]] std::span<const GridLink> links() const { return links_; }
    /// The link with this id, if the space has it.
    [[nodiscard]] const GridLink* link(GridLinkId id) const;
    /// How the heuristic allows for links (`LinkEstimate::LastLink` unless set: cheaper per query
    /// on the benchmarks, docs/benchmarks.md).
    void set_link_estimate(LinkEstimate estimate) { link_estimate_ = estimate; }
    [[nodiscard]] LinkEstimate link_estimate() const { return link_estimate_; }
    /// Counts changes to the links; caches built at one count are stale at another.
    [[nodiscard]] std::uint64_t link_revision() const { return link_revision_; }
    /// The JPS+ index of this space's map under its rules, shared with the queries that read
    /// it: built at the first call; after tiles changed, repaired in place where they reach
    /// (`StaticGridIndex::repair`), or built again when the map no longer remembers its
    /// changes. 16 bytes a padded tile. Refused where jump point search cannot run (the reason in
    /// the message). Queries build it themselves; call it first to pay for the build at a time of
    /// your choosing.
    [[nodiscard]] Expected<std::shared_ptr<const StaticGridIndex>> jump_point_index() const;
    /// Lets this space's jps+ queries (`SearchAlgorithm::JpsPlus`) skip every move no cheapest
    /// path takes, by goal bounds built offline for this map and these rules (`GoalBounds`,
    /// `pathkit index`; loaded by `load_goal_bounds`): checked by `GoalBounds::check_fits` now
    /// (refused, and nothing changes, when they do not fit). They are used while the map and
    /// the links stay as they are now; after any change jps+ runs without them (bounds are not
    /// repaired: build them again). Null lets them go. Not while queries run.
    Status use_goal_bounds(std::shared_ptr<const GoalBounds> bounds);
    /// The goal bounds jps+ queries use now: null when none were given or the map or links
    /// changed since.
    [[nodiscard]] const GoalBounds* goal_bounds() const;
    /// Checks a start or goal tile; ok when the unit fits there.
    [[nodiscard]] Status check_endpoint(Cell cell, const char* role) const;
    /// Brings the table of where units bigger than one tile fit up to the map's changes: only
    /// the squares holding a changed tile are checked again when the map remembers its changes
    /// (`GridMap::changes_since`) and they are few (changes x size^4 below the map's tiles),
    /// else the table is built again. Not while queries run.
    void refresh();

    // The search-space interface.

    [[nodiscard]] std::size_t state_count() const { return map_->padded_size(); }
    /// True where the unit fits.
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.index() < state_count() && fits_[state.index()] != 0;
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const;
    /// The steps `for_each_successor` takes from padded tile `index` (one where the unit fits),
    /// as bits: straight east, south, west, north in bits 0-3, diagonal south-east, south-west,
    /// north-west, north-east in bits 4-7. Links are not steps.
    [[nodiscard]] unsigned step_directions(std::uint32_t index) const {
        const auto free = [&](int step) -> unsigned {
            return fits_[index + offsets_[step]] != 0 ? 1u << step : 0u;
        };
        const unsigned open = free(0) | free(1) | free(2) | free(3);
        const unsigned diagonals = free(4) | free(5) | free(6) | free(7);
        return open | (diagonals & (static_cast<unsigned>(allowed_diagonals_[open]) << 4));
    }
    /// The heuristic between two tiles (unchecked ids).
    [[nodiscard]] Cost estimate(StateId from, StateId to) const {
        const Cell a = map_->cell(from.value);
        const Cell b = map_->cell(to.value);
        return distance_estimate(std::abs(a.x - b.x), std::abs(a.y - b.y));
    }
    /// The heuristic for a displacement of dx, dy tiles (both >= 0).
    [[nodiscard]] Cost distance_estimate(int dx, int dy) const {
        const Cost low = static_cast<Cost>(std::min(dx, dy));
        const Cost high = static_cast<Cost>(std::max(dx, dy));
        Cost estimate = 0;
        switch (heuristic_) {
            case Heuristic::Octile:
                estimate = octile_straight_ * high + octile_extra_ * low;
                break;
            case Heuristic::Manhattan:
                estimate = rules_.straight_cost * (low + high);
                break;
            case Heuristic::Euclidean:
                estimate = rules_.straight_cost * std::sqrt(low * low + high * high);
                break;
            case Heuristic::Chebyshev:
                estimate = rules_.straight_cost * high;
                break;
            case Heuristic::Zero:
                break;
        }
        return estimate * map_->min_terrain_cost();
    }
    /// The cost of one step from tile index `from` in direction (dx, dy) onto `to`.
    [[nodiscard]] Cost step_cost(bool diagonal, std::uint32_t to) const {
        const Cost base = diagonal ? rules_.diagonal_cost : rules_.straight_cost;
        const float* terrain = map_->terrain_data();
        return terrain ? base * terrain[to] : base;
    }
    /// One byte per padded tile: 1 where the unit fits.
    [[nodiscard]] const std::uint8_t* fits_data() const { return fits_; }
    /// True when the space has links.
    [[nodiscard]] bool has_links() const { return !link_edges_.empty(); }
    /// Every link move (both directions of a bidirectional link), sorted by start tile.
    [[nodiscard]] std::span<const GridLinkEdge> link_moves() const { return link_edges_; }
    /// The link moves out of a padded tile (both directions of a bidirectional link count).
    [[nodiscard]] std::span<const GridLinkEdge> links_from(std::uint32_t index) const;
    /// The tiles where a link move starts, as the walkable tiles of a map of the same size
    /// (bit rows and columns for jump scans, a change log for the JPS+ index); null without links.
    [[nodiscard]] const GridMap* link_starts() const {
        return link_starts_ ? &*link_starts_ : nullptr;
    }
    /// One byte per padded tile: 1 where a link move ends; empty without links.
    [[nodiscard]] std::span<const std::uint8_t> link_ends() const { return link_ends_; }

  private:
    struct JumpPointIndexCache;
    struct FilteredSpaces;
    [[nodiscard]] GridPath find_path_unfiltered(Cell from, Cell to, SearchContext& context,
                                                const SearchOptions& options,
                                                PathShape shape) const;
    void build_fit_table();
    void repair_fit_table(std::span<const std::uint32_t> changed);
    [[nodiscard]] GridPath find_path_by_jump_points(Cell from, Cell to, SearchContext& context,
                                                    const SearchOptions& options,
                                                    PathShape shape) const;

    const GridMap* map_;
    MovementRules rules_;
    Status rules_status_;
    Heuristic heuristic_;
    // Octile as a * max + b * min (see Heuristic::Octile for the cases).
    Cost octile_straight_ = 0;
    Cost octile_extra_ = 0;
    std::int32_t offsets_[8];  // E, S, W, N, SE, SW, NW, NE in padded indices
    // For each set of free straight neighbours (bit d for direction d), the diagonals the
    // policy allows (bit k for diagonal 4 + k, which lies between straight k and (k + 1) % 4).
    std::uint8_t allowed_diagonals_[16] = {};
    const std::uint8_t* fits_ = nullptr;  // the map's walkable bytes, or fit_table_
    std::vector<std::uint8_t, TableAllocator<std::uint8_t>> fit_table_;  // read at random
    std::uint64_t fit_revision_ = 0;
    std::unique_ptr<JumpPointIndexCache> jump_point_index_;  // built at the first jps+ query
    std::shared_ptr<const GoalBounds> goal_bounds_;          // with the revisions it fits
    std::uint64_t goal_bounds_revision_ = 0;
    std::uint64_t goal_bounds_link_revision_ = 0;
    std::vector<GridLink> links_;           // by id
    std::vector<GridLinkEdge> link_edges_;  // by from, then to
    std::optional<GridMap> link_starts_;    // walkable where a link move starts
    std::vector<std::uint8_t> link_ends_;   // 1 where a link move ends
    std::uint32_t next_link_id_ = 0;
    std::uint64_t link_revision_ = 0;
    LinkEstimate link_estimate_ = LinkEstimate::LastLink;
    std::unique_ptr<FilteredSpaces> filtered_;  // the copies of the map seen through filters
};

template <class Visit>
void GridSpace::for_each_successor(StateId state, Visit&& visit) const {
    const std::uint32_t here = state.value;
    const std::uint8_t* fits = fits_;
    unsigned open = 0;  // bit d: the straight neighbour in direction d is free
    for (int direction = 0; direction < 4; ++direction) {
        const std::uint32_t next = here + offsets_[direction];
        if (fits[next] == 0) continue;
        open |= 1u << direction;
        visit(StateId(next), step_cost(false, next));
    }
    // Which diagonals the policy allows next to these free straight neighbours.
    const unsigned allowed = allowed_diagonals_[open];
    for (int diagonal = 0; diagonal < 4; ++diagonal) {
        if ((allowed & (1u << diagonal)) == 0) continue;
        const std::uint32_t next = here + offsets_[4 + diagonal];
        if (fits[next] != 0) visit(StateId(next), step_cost(true, next));
    }
}

}  // namespace pathkit
