// Internal to crowd/: the inside of a Crowd: each unit's record, the tables by tile, the running
// coordinated move, the tiles handed out to formations, and the scratch memory ticks reuse.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "free_tiles.hpp"
#include "pathkit/crowd/crowd.hpp"
#include "pathkit/grid/flow_field.hpp"
#include "pathkit/grid/landmarks.hpp"
#include "pathkit/mapf/lifelong.hpp"
#include "pathkit/mapf/mapf_graph.hpp"
#include "pathkit/mapf/mapf_planner.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/search/search_result.hpp"

namespace pathkit {
namespace crowd {

/// No unit (in the tables by tile, and for "several units" as a path's owner).
inline constexpr std::uint32_t none = UINT32_MAX;

/// True when the footprints of size `size_a` at `a` and of size `size_b` at `b` share a tile.
inline bool footprints_overlap(Cell a, int size_a, Cell b, int size_b) {
    return a.x < b.x + size_b && b.x < a.x + size_a && a.y < b.y + size_b && b.y < a.y + size_a;
}

/// Whether an order is a coordinated one: the game's, handed over by the crowd (no progress),
/// or joining a move handed over (an order in progress then, which joins where the move's
/// region holds it and its target, and waits for the move to end elsewhere).
enum class Coordinated : std::uint8_t { No, Ordered, HandedOver, Joined };

/// An order that takes effect at the start of the next tick.
struct PendingOrder {
    Cell target;
    Coordinated coordinated = Coordinated::No;
    /// A walk back to the tile the unit was pushed off or gave way from: no order of the
    /// game's, so it ends without an event.
    bool home = false;
    /// The flow field the unit's path comes from (`GroupPlanning`), or none: a search.
    std::shared_ptr<FlowField> field;
};

/// Tiles of a path read from a flow field that a unit keeps ahead of it (see
/// `Crowd::Impl::plan_by_field`): enough for the tick's rules (the next tile, the step-aside
/// search's marks, the repair's checks) while the rest stays in the field.
inline constexpr std::size_t field_window = 16;

/// A unit's order by a flow field: the field it takes its path from, kept (shared) while the
/// order runs. While `reading`, `Unit::path` holds only the next tiles of its way down the
/// field's tree; the rest is read as it walks (`Crowd::Impl::read_field_walk`) until the way
/// meets the target's own way, which it then walks back to the target.
struct FieldWalk {
    std::shared_ptr<FlowField> field;  // none: no order by a field
    Cell target;
    FlowCost target_cost = 0;  // the target's cost in the field
    bool reading = false;      // the rest of the path is still in the field
};

/// Maps of at most this many tiles are planned whole by a coordinated move; on bigger ones a
/// move of units handed over plans in the region round them (see
/// `Crowd::Impl::coordination_region`), as the planner's distance tables grow with the map
/// for every unit.
inline constexpr std::size_t whole_map_coordination_tiles = std::size_t{1} << 18;
/// Tiles of room round the units and targets of a coordinated move's region at first.
inline constexpr int coordination_margin = 16;

/// Bytes of distance tables (4 bytes a tile each) for a planner of `agents` units on
/// `vertices` tiles: tables for twice the agents, so goals no longer wanted make room rather
/// than pile up, within 16 MiB to 1 GiB.
[[nodiscard]] std::size_t distance_memory_for(std::size_t agents, std::size_t vertices);

/// What the crowd keeps per unit beside the public `Unit`.
struct UnitRecord {
    /// Its order by a flow field, if any.
    FieldWalk walk;
    std::optional<PendingOrder> pending;
    /// The order it carries out is a walk home (see `PendingOrder::home`).
    bool returning = false;
    /// Stepping aside: the destination it stashed is the tile it was pushed off or walked
    /// home to, so it goes back there quietly.
    bool goes_home = false;
    /// Ticks waited at its step-aside tile, or -1 when not waiting there.
    int waiting = -1;
    /// The units it last stepped aside for.
    std::vector<std::uint32_t> gave_way_to;
    /// Deadlocks it stepped aside from over its life.
    std::uint32_t times_given_way = 0;
    /// Patience rounds in a row behind idle units that freed nothing (from order to order,
    /// until it steps or gives up).
    int failed_rounds = 0;
    /// In a running coordinated move: the tile the planner takes it to, until it arrives.
    std::optional<Cell> coordinated_target;
    /// Deadlocks it was part of that a unit stepped aside from, since its last order of the
    /// game's began.
    int deadlocks = 0;
    /// The fewest tiles it had left to walk during its order, and the ticks since that last
    /// went down.
    std::size_t fewest_left = SIZE_MAX;
    int ticks_without_progress = 0;
    /// It stands on a tile blocked under it, with no free tile to go to (see `Crowd::refresh`).
    bool stuck = false;
    /// Walks back to its group tile (`Unit::group_tile`) begun in a row from where it had
    /// settled (see `Crowd::Impl::keep_group_tiles`).
    int group_tile_walks = 0;
    /// Orders queued behind the one in progress (`Crowd::queue_order`), not yet begun.
    std::deque<Cell> queued;
    /// With `CrowdOptions::lifelong_orders`: the targets in its task queue of the lifelong
    /// planner, the current one first.
    std::deque<Cell> tasks;
};

/// The lifelong planner of a crowd with `CrowdOptions::lifelong_orders` (on
/// `Crowd::Impl::coordination_graph` of the whole map) and the units it moves, by agent.
struct LifelongOrders {
    std::optional<LifelongPlanner> planner;
    std::vector<std::uint32_t> units;     // by agent
    std::vector<std::uint32_t> agent_of;  // by unit: its agent, or none
    std::vector<std::size_t> finished;    // by agent: its finished tasks seen so far
    std::uint64_t revision = 0;           // the map's revision it was made at
};

/// A running coordinated move: the planner (on `Crowd::Impl::coordination_graph`) and the
/// units it moves, by agent.
struct CoordinatedMove {
    std::optional<MapfPlanner> planner;
    std::vector<std::uint32_t> units;
    /// The tiles it plans on, corners included (see `Crowd::Impl::coordination_region`), and
    /// whether that is less than the map.
    Cell from, to;
    bool cropped = false;
    /// The least sum of the units' straight-move distances to their targets while no complete
    /// plan was followed, and the ticks since it last went down (see
    /// `Crowd::Impl::step_coordinated`).
    std::uint64_t least_left = UINT64_MAX;
    int ticks_without_progress = 0;
    /// Ticks since the planner's goals were last set (its search starts from the tiles the
    /// units stood on then), the ticks the current complete plan has been followed, and the
    /// most it may be (see `Crowd::Impl::overruns_plan`).
    int ticks_since_goals = 0;
    int plan_ticks = 0;
    std::int64_t plan_limit = 0;
};

}  // namespace crowd

struct Crowd::Impl {
    Impl(const GridMap& map, const CrowdOptions& options);

    const GridMap* map;
    CrowdOptions options;
    GridSpace space;  // one-tile units'
    // Units of sizes 2 and 3 plan on spaces with their clearance, made at the first unit of the
    // size and refreshed at the map's revision they were last brought up to.
    std::unique_ptr<GridSpace> sized_spaces[max_unit_size - 1];
    std::uint64_t sized_revisions[max_unit_size - 1] = {};
    std::size_t big_units = 0;             // units bigger than one tile: no coordinated moves then
    LandmarkHeuristic landmark_heuristic;  // built at the first plan (see CrowdOptions::landmarks)
    const LandmarkHeuristic no_landmarks;  // for searches without: bigger units, step-asides
    bool landmarks_built = false;
    std::uint64_t landmarks_revision = 0;          // the map's revision the tables are exact at
    std::uint64_t seen_revision;                   // the map's revision the last refresh took in
    std::vector<std::uint8_t> walkable_when_made;  // by padded tile: 1 where walkable at create
    std::vector<std::uint32_t> change_marks;  // by padded tile: stamp near a change just taken in
    std::uint32_t change_stamp = 0;
    bool events_from_refresh = false;  // `events` hold refreshes' events for the next tick
    std::vector<Unit> units;
    std::vector<crowd::UnitRecord> records;  // by unit
    std::vector<std::uint32_t> holder;       // by padded tile: the unit holding it, or none
    std::vector<std::uint32_t> moving_to;    // by padded tile: this tick's step out of it
    std::vector<std::uint32_t> path_marks;   // by padded tile: stamp for the move-away goal
    std::vector<std::uint32_t> path_owner;   // by padded tile: the one unit whose path it is on
    std::uint32_t path_stamp = 0;
    bool paths_marked = false;                // path_marks hold this tick's remaining paths
    std::vector<std::uint8_t> deadlock_walk;  // by unit: 0 not seen, 1 on the walk, 2 done
    SearchContext context;           // every search: plans, move-away searches, the free-tile walks
    std::vector<CrowdEvent> events;  // the last tick's
    CrowdStats stats;
    std::uint64_t tick = 0;
    std::uint32_t groups = 0;
    std::unique_ptr<crowd::CoordinatedMove> coordinated;
    // With `CrowdOptions::lifelong_orders`: the planner (made at the first tick, and again
    // once stale: a unit added, an attack begun or ended, units displaced).
    std::unique_ptr<crowd::LifelongOrders> lifelong;
    bool lifelong_stale = false;
    // The coordinated planner's graph, kept from move to move while the map and the attacking
    // units (its extra walls, by padded tile in order) stay the same.
    std::unique_ptr<MapfGraph> coordination_graph_kept;
    std::vector<std::uint32_t> coordination_walls;
    std::uint64_t coordination_graph_revision = 0;  // the map's revision the graph was built at
    Cell coordination_graph_from, coordination_graph_to;  // the tiles the graph covers
    // The running move has orders of the game's: it plans on the whole map until it ends.
    bool coordinate_whole_map = false;
    // Tiles of room round the units and targets of a move's region: `coordination_margin`,
    // four times more each time the region had no plan, until the move ends.
    int coordination_room = crowd::coordination_margin;
    // Times the running move started again because it followed a plan too long, until it ends.
    int plan_restarts = 0;
    std::unique_ptr<crowd::FreeTiles>
        free_tiles;                    // made at the first formation or coordinated move
    bool replan_coordination = false;  // an attack changed the walls of the running move
    // Flow fields of group orders by target (made at the first), and the marks of a target's
    // way to the field's goal: stamp and position on the way, by padded tile.
    std::unique_ptr<FlowFieldCache> flow_fields;
    std::vector<std::uint32_t> flow_marks, flow_positions;
    std::uint32_t flow_stamp = 0;
    std::vector<Cell> flow_way;
    // By unit: this tick's queues along fields (see mark_field_queues), and its walk's scratch.
    std::vector<std::uint8_t> field_queues;
    // Group orders by field given since the last tick, whose tiles are handed out again by
    // the field when they take effect (see `hand_out_by_field`).
    struct HandOut {
        std::vector<UnitId> units;
        std::shared_ptr<FlowField> field;
        std::uint32_t group;
    };
    std::vector<HandOut> hand_outs;
    // By padded tile: the unit whose group tile it is (`Unit::group_tile`), or none; made at
    // the first group order by field.
    std::vector<std::uint32_t> group_tile_owner;
    std::vector<std::uint32_t> field_queue_chain;

    // Footprints (crowd_tiles.cpp).
    const GridSpace& space_for(int size);
    [[nodiscard]] bool fits(int size, Cell at) {
        return space_for(size).is_valid(StateId(map->index(at)));
    }
    /// The first unit other than `unit` holding a tile of the footprint of `unit`'s size at
    /// `at`, or none.
    [[nodiscard]] std::uint32_t other_holder(std::uint32_t unit, Cell at) const;
    /// Marks the footprint of `unit`'s size at `at` as held by `who` (none: freed).
    void hold(std::uint32_t unit, Cell at, std::uint32_t who);
    /// Gives up an order the coordinated planner cannot take (a crowd with big units).
    void give_up(std::uint32_t unit);

    // Changes to the map (crowd_repair.cpp).
    CrowdRepair repair();
    [[nodiscard]] std::optional<Cell> nearest_free_tile(std::uint32_t unit);
    void keep_landmarks_admissible();
    [[nodiscard]] bool touches_changes(std::uint32_t unit) const;

    // Orders and their ends (crowd.cpp).
    /// Refuses an order for an unknown or attacking unit, or to a target outside the map.
    [[nodiscard]] Status check_order(UnitId unit, Cell target) const;
    void give_order(std::uint32_t unit, Cell target);
    void clear_order(std::uint32_t unit);
    void apply_order(std::uint32_t unit);
    void arrive(std::uint32_t unit);
    void emit(std::uint32_t unit, CrowdEventKind kind);
    void step_units(std::span<const std::uint32_t> planned);
    /// True while a coordinated move runs and `cell` lies in its region: the units outside
    /// the move do not step there (see `step_units`).
    [[nodiscard]] bool kept_out(Cell cell) const;

    // Waiting, patience and deadlocks (crowd_jams.cpp).
    void stall(std::uint32_t unit, std::uint32_t blocker);
    [[nodiscard]] std::uint32_t crossing_unit(Cell from, Cell to) const;
    [[nodiscard]] bool is_waiting(std::uint32_t unit) const { return records[unit].waiting >= 0; }
    void resume_if_clear(std::uint32_t unit);
    void run_out_of_patience(std::uint32_t unit);
    void resolve_deadlocks();
    void resolve_deadlock(std::vector<std::uint32_t> cycle, int& searches_left);
    void hand_over_units_without_progress();
    void hand_over(std::uint32_t unit, crowd::Coordinated how = crowd::Coordinated::HandedOver);
    void send_back_to_posts();

    // Group tiles (crowd_group_tiles.cpp).
    /// Gives `unit` the group tile `tile` (none: takes its tile away).
    void set_group_tile(std::uint32_t unit, std::optional<Cell> tile);
    /// Idle units of group orders by field: one standing on another idle unit's group tile
    /// of its group takes it (the other takes its tile); one settled elsewhere makes its group
    /// tile its post again when the tile is free (`send_back_to_posts` then sends it back),
    /// at most `group_tile_walks` times in a row.
    void keep_group_tiles();

    // Planning (crowd_planning.cpp).
    bool plan(std::uint32_t unit, Cell target, bool idle_units_block);
    bool step_aside(std::uint32_t unit, bool through_busy_units);
    void take_path(std::uint32_t unit, const SearchResult& result);
    void mark_remaining_paths();
    void mark_path(std::uint32_t unit);
    const LandmarkHeuristic& landmarks();
    Status move_group(std::span<const UnitId> units, Cell target, GroupPlanning planning);

    // Paths from flow fields (crowd_field_walks.cpp).
    /// The path between the unit's tile and `target` in the field's tree (see
    /// `CrowdOptions::flow_group_size`); a search (`plan`) where the field has none. A unit
    /// far from its target compared with the target's cost (so the tree's path is surely
    /// short enough) reads its path as it walks (`FieldWalk`): O(`field_window`) now.
    bool plan_by_field(std::uint32_t unit, Cell target, const std::shared_ptr<FlowField>& field);
    /// Keeps at least half a `field_window` of a reading unit's path ahead of it, or the
    /// whole rest once its way meets the target's. Where the field has no way (it cannot
    /// while the field matches the map) the unit searches; false when that finds none either
    /// (its order ended: `Unreachable`).
    bool read_field_walk(std::uint32_t unit);
    /// A reading unit whose next tile is held steps instead onto a free neighbour that is
    /// nearer the field's goal, when there is one (its path goes on from there); true when
    /// it did.
    bool step_round_on_field(std::uint32_t unit);
    /// Tiles the unit still has to walk, or (for a unit reading its path) a bound on them
    /// that falls by at least one at each step it takes on its way.
    [[nodiscard]] std::size_t tiles_left(std::uint32_t unit) const;
    /// Marks, after the tick's steps, the units waiting in queues along their fields (see
    /// `queued_on_field`).
    void mark_field_queues();
    /// True when the unit waits in a queue along its field: the units it waits on, one after
    /// the other, follow the same field, in no cycle, up to the queue's head, which waits on
    /// something else (an idle unit, say) or walks. The head, not the queue, is handed to
    /// the coordinated planner when it makes no progress (and every order in progress with
    /// it).
    [[nodiscard]] bool queued_on_field(std::uint32_t unit) const;
    FlowCost cheapest_field_step() const;
    /// Hands the formation tiles of a group order's units that follow `field` out again by
    /// the field: the unit nearest the target by it takes the tile nearest the target, and so
    /// on out (ties: the unit first in `group`, the tile first by row), so the first units
    /// there fill the far end of the formation and no unit waits behind one that is already
    /// home. The same tiles, other units on them.
    void hand_out_by_field(std::span<const UnitId> group, FlowField& field);
    /// Hands out the tiles of the group orders given since the last tick (`hand_outs`) whose
    /// units still have them, timed as planning.
    void hand_out_orders_by_field();

    // Coordinated moves (crowd_coordinated.cpp).
    void start_coordinated_move();
    bool join_coordinated_move();
    /// The tiles a move of units handed over plans on, corners included: on maps of more
    /// than `crowd::whole_map_coordination_tiles` tiles, the rectangle round the moving units
    /// (but those that only join it) and their targets with `coordination_room` tiles on
    /// each side (the whole map when that is over half of it, or while
    /// `coordinate_whole_map`).
    [[nodiscard]] std::pair<Cell, Cell> coordination_region(const std::vector<bool>& joined) const;
    const MapfGraph& coordination_graph(Cell from, Cell to);
    void step_coordinated();
    /// True when the running move's units have made no progress for too long (see
    /// `coordination_patience_rounds`).
    [[nodiscard]] bool makes_no_progress();
    /// True when the running move has followed one complete plan for longer than
    /// `coordination_plan_overrun` allows.
    [[nodiscard]] bool overruns_plan();
    /// Ends the running move with its units' orders going on as ordinary orders (a walk home
    /// stays one) from the next tick.
    void hand_back_coordinated_move();
    void end_coordinated_move();

    // Queued orders and the lifelong planner (crowd_lifelong.cpp).
    /// Idle units with queued orders take the next one (from this tick).
    void take_queued_orders();
    /// A tick with `CrowdOptions::lifelong_orders`: orders to the planner, one step, arrivals.
    void step_lifelong();
    /// Makes the lifelong planner on the map as it is now, units keeping their orders.
    void make_lifelong_planner();
    /// Appends `target` to the unit's task queue (`Unreachable` when the planner refuses it).
    void hand_to_planner(std::uint32_t unit, Cell target);
    /// Ends the orders the planner finished for `agent` since the last look: `Arrived` each.
    void collect_arrivals(std::uint32_t agent);

    // Tiles handed out to formations and coordinated goals, one round at a time.
    [[nodiscard]] crowd::FreeTiles::Round begin_claims();
};

}  // namespace pathkit
