/// Crowd: many units on a tile map moving cooperatively, tick by tick (the Space Age scheme).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/ids.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

struct UnitTag;
/// A unit of a `Crowd`: its index in `Crowd::units()`. Ids are never reused.
using UnitId = Id<UnitTag>;

/// What a unit is doing.
enum class UnitState {
    /// Standing, with no order.
    Idle,
    /// Walking its path.
    Moving,
    /// Waiting for the tile ahead to clear (`Unit::stalled_on` says who holds it).
    Stalled,
    /// Fighting: it stands still and other units treat its tile as a wall.
    Attacking,
};

/// The 8 directions a unit can face, in map coordinates (y grows downwards).
enum class Facing { East, SouthEast, South, SouthWest, West, NorthWest, North, NorthEast };

/// The facing of a step by (dx, dy), each in -1..1; South for no step.
[[nodiscard]] constexpr Facing facing_of(int dx, int dy) {
    constexpr Facing table[3][3] = {
        {Facing::NorthWest, Facing::North, Facing::NorthEast},
        {Facing::West, Facing::South, Facing::East},
        {Facing::SouthWest, Facing::South, Facing::SouthEast},
    };
    return table[dy + 1][dx + 1];
}

/// What happened to a unit during a tick, for the game to react to.
enum class CrowdEventKind {
    /// It reached its destination and is idle.
    Arrived,
    /// It started waiting on another unit.
    Stalled,
    /// It was picked to step aside from a deadlock (it resumes its destination afterwards).
    DeadlockResolved,
    /// It planned a new path: around a unit it waited on too long, back to its destination
    /// after stepping aside, or out of another unit's way.
    Replanned,
    /// No way leads to its destination (walls, and attacking units as walls); it is idle.
    Unreachable,
    /// It waited behind a fight for a round of patience, or its coordinated move was proved
    /// impossible, and it stopped trying; it is idle. The destination may be reachable later.
    GaveUp,
    /// Its tile was blocked by a change to the map: it was moved to the nearest free tile (see
    /// `Crowd::refresh`). The event comes before the tick's moves.
    Displaced,
    /// Its tile was blocked by a change to the map and no free tile could take it: every tile
    /// it could be pushed to (see `Crowd::refresh`) is held. It stays on the blocked tile, idle,
    /// and is moved at a later refresh once a tile frees or its tile opens.
    Stuck,
};

/// One event: the tick it happened in, the unit, and what.
struct CrowdEvent {
    std::uint64_t tick = 0;
    UnitId unit;
    CrowdEventKind kind = CrowdEventKind::Arrived;
};

/// A name for the event kind: "arrived", "stalled", "deadlock_resolved", "replanned",
/// "unreachable", "gave_up", "displaced", "stuck".
[[nodiscard]] const char* to_string(CrowdEventKind kind);
/// A name for the state: "idle", "moving", "stalled", "attacking".
[[nodiscard]] const char* to_string(UnitState state);

/// The largest unit a crowd takes: 3 x 3 tiles.
inline constexpr int max_unit_size = 3;

/// A unit as the crowd sees it.
struct Unit {
    UnitId id;
    /// Its top-left tile (as `MovementRules::agent_size` places a big unit): it covers the
    /// `size` x `size` tiles from there right and down, its footprint.
    Cell at;
    /// Its side in tiles, 1..`max_unit_size`.
    int size = 1;
    UnitState state = UnitState::Idle;
    Facing facing = Facing::South;
    /// Where its current order sends it (while stepping aside: the step-aside tile).
    std::optional<Cell> destination;
    /// While stepping aside from a deadlock: the destination it returns to afterwards.
    std::optional<Cell> stashed_destination;
    /// While stalled: the unit holding the tile it wants.
    UnitId stalled_on;
    /// Ticks it has waited in a row.
    int stalled_ticks = 0;
    /// The group of its last group order (numbered from 1 by `move_group`); none after a
    /// single-unit order.
    std::optional<std::uint32_t> group;
    /// Where it stays with nothing to do: the tile it was placed on, or where its last order
    /// ended. Pushed off it to let others pass, it goes back once the tile is free; pushed off
    /// by a unit whose order ends there, it loses it and stays where it stops (a unit with a
    /// `group_tile` goes back there instead, once it is free).
    std::optional<Cell> post;
    /// Its tile of the formation of its last group order by flow field (see
    /// `Crowd::move_group`), where it stays afterwards. The group's tiles are shared: an idle
    /// unit of the group left standing on another's tile takes that tile, the other the
    /// first's; an idle unit left elsewhere (pushed off, or its walk back ended short) goes
    /// back to it once it is free. None after another order, while attacking, or once 3 walks
    /// back to it in a row found no way.
    std::optional<Cell> group_tile;

    /// The tiles still to walk, the next one first. A unit of a group order by flow field far
    /// from its tile (see `CrowdOptions::flow_group_size`) holds only the next 8 to 16 tiles of
    /// its way here, and reads the rest from the field as it walks.
    [[nodiscard]] std::span<const Cell> remaining_path() const {
        return std::span<const Cell>(path).subspan(next_step);
    }

    std::vector<Cell> path;  // the planned path (or its next tiles), start excluded
    std::size_t next_step = 0;
};

/// Most tiles x landmarks a crowd builds (64 MiB of tables, under a second of Dijkstra
/// searches): 8 landmarks up to about 1448 x 1448 tiles, 3 on 2048 x 2048, none from 4096 x
/// 4096 on, where their build would cost more than most crowds ever search.
inline constexpr std::size_t max_landmark_entries = std::size_t{1} << 24;

/// How `Crowd::move_group` plans its units' paths.
enum class GroupPlanning {
    /// One flow field when the order has at least `CrowdOptions::flow_group_size` one-tile
    /// units, one search per unit below that.
    Automatic,
    /// One search per unit (with the avoidance costs of `Crowd`).
    Searches,
    /// One flow field for the order's one-tile units (bigger units search).
    FlowField,
};

/// How a crowd plans and waits.
struct CrowdOptions {
    /// Diagonal policy and step costs (Space Age's units in Matt Comi's "Cooperative Path Finding"
    /// talk: straight 1, diagonal 1.5). `agent_size` (1..`max_unit_size`) is the size of units
    /// added without one (see `Crowd::add_unit`).
    MovementRules rules;
    /// Added to the cost of stepping onto a tile another (non-attacking) unit stands on when
    /// planning, so short detours win and long ones lose (Space Age uses 6). Finite, >= 0.
    Cost occupied_penalty = 6;
    /// A unit stalled this many ticks behind an idle or attacking unit plans around the units
    /// standing still; when there is no way round, an idle blocker steps out of its way and
    /// comes back after it has passed (unless it stood on the destination of the unit's
    /// order). Behind an attacking unit it gives up (`GaveUp`); after 12 rounds behind idle
    /// units that free nothing, or walking back to its post with no way round an idle unit,
    /// it is handed to the coordinated planner (see `Crowd`). >= 1.
    int patience_ticks = 5;
    /// Landmarks for the planning heuristic (`LandmarkHeuristic`), 0..16: built at the first
    /// path a one-tile unit plans (one Dijkstra search over the map each), they cut the tiles
    /// A* expands several times over on maps with walls (bigger units plan without them). At
    /// most `max_landmark_entries` tiles x landmarks: bigger maps get fewer, maps of more
    /// tiles none. 0 plans with the octile distance alone.
    int landmarks = 8;
    /// Microseconds a tick may spend searching for a coordinated move's complete plan (see
    /// `Crowd::move_coordinated`), >= 0; one PIBT step always runs besides.
    int coordination_budget_us = 2000;
    /// A coordinated move's first tick (and the first after units join it) spends half that
    /// budget on guide paths that spread the units out in space and time
    /// (`MapfPlannerOptions::guide_paths`), which its PIBT steps and search then prefer. Off by
    /// default: on the shared MAPF maps they neither settle crowds sooner nor save steps
    /// (docs/benchmarks.md, "Coordinated moves with guide paths").
    bool coordination_guide_paths = false;
    /// One-tile units in one `move_group` order from which `GroupPlanning::Automatic` plans them
    /// by one flow field (to the target) instead of one search each, >= 1. A unit's path is
    /// then the field's way from its tile until it meets the field's way from its own
    /// formation tile, which it walks back to that tile: the path between the two in the
    /// field's tree of best next tiles (no search; it ignores other units, which the tick
    /// rules and replans deal with as they come). A unit whose tree path would cost more
    /// than twice the least any path can cost (its cost to the target less its formation
    /// tile's; terrain aside) searches instead: a unit near its formation tile, far from the
    /// target, would go round by the target. Bigger units always search.
    ///
    /// A unit whose tile costs at least three times its formation tile's (so its tree path
    /// is surely within that bound) keeps the field (shared) and reads its way as it walks,
    /// 16 tiles at a time, until the way meets its tile's; so the order costs the field and
    /// a few tiles a unit. While it reads, a unit whose next tile is held steps instead onto
    /// a free neighbour nearer the target by the field (not nearer than its formation tile),
    /// and goes on down the field from there. Units waiting one behind the other along one
    /// field (see `Crowd`, Progress) wait their turn.
    int flow_group_size = 32;
    /// Orders go to the lifelong planner (`LifelongPlanner`: PIBT towards each unit's current
    /// order, every unit that is not attacking moved together each tick) instead of each unit
    /// planning and walking its own path: for crowds whose units get order after order while
    /// the others are still on their way (warehouse robots, workers). Each unit's orders are
    /// its task queue: `move_to` and `move_group` replace it, `queue_order` adds to it. Each
    /// tick's planner step may spend `coordination_budget_us` microseconds (at least 1,000, so
    /// a new target's distance table can start) on the distance tables of new targets; a
    /// tick stopped there keeps every unit in place (`CrowdStats::ticks_out_of_time`), and
    /// only such ticks depend on the clock: without them the same orders give the same run. A unit
    /// arriving at an order's tile is `Arrived` (one event an order, in order) and takes its next
    /// order in the same tick; an order no way leads to is `Unreachable` (the unit goes on with its
    /// next).
    ///
    /// The tick's rules hold as ever (one unit a tile, no two units trading tiles), but units
    /// move in 4 directions only, never stall or step aside (a unit with an order that did
    /// not move counts in `CrowdStats::coordinated_waits`), do not go back to their posts or
    /// group tiles (a unit pushed aside stays where it was pushed) and orders by flow field
    /// or coordinated moves are orders like any other. Units are one tile (a bigger one is
    /// refused). Attacking units are walls; a change of the map, an attack begun or ended, or
    /// a unit added makes the planner again at the next tick, units keeping their orders.
    /// Progress: on maps where every pair of adjacent walkable tiles lies on a loop (no
    /// dead ends, no corridor one tile wide outside a loop) with more tiles than units, every
    /// order is finished (PIBT's guarantee, see `LifelongPlanner`); elsewhere units may
    /// oscillate in a dead end. Off by default, as it changes how units move (above); on the
    /// shared warehouse and den520d maps with 200 to 1,000 units given order after order it
    /// finishes 1.7 to 2.2 times as many orders a tick, with mean tick times 0.5 to 1.04
    /// times the ordinary crowd's (docs/benchmarks.md, "Crowds with order after order").
    bool lifelong_orders = false;
};

/// Counters over the crowd's life.
struct CrowdStats {
    std::uint64_t stalls = 0;
    std::uint64_t replans = 0;
    std::uint64_t deadlocks_resolved = 0;
    /// Searches run (move-to, move-away, replans) and the states they expanded.
    std::uint64_t searches = 0;
    std::uint64_t expanded = 0;
    /// Wall-clock seconds spent in those searches and in paths taken from flow fields.
    double planning_seconds = 0;
    /// Paths taken from flow fields (group orders, `GroupPlanning`) and the fields made for
    /// them (a field to the same target is kept for the next order while the map allows).
    std::uint64_t field_paths = 0;
    std::uint64_t flow_fields = 0;
    /// Ticks in which a unit of a coordinated move, not yet at its target, did not move (or,
    /// with `CrowdOptions::lifelong_orders`, a unit with an order).
    std::uint64_t coordinated_waits = 0;
    /// With `CrowdOptions::lifelong_orders`: ticks whose planner step ran out of its budget
    /// building new targets' distance tables, every unit kept in place (see
    /// `LifelongPlanner::step`).
    std::uint64_t ticks_out_of_time = 0;
    /// Units of ordinary orders handed to the coordinated planner because they made no
    /// progress (see `Crowd`).
    std::uint64_t handed_to_coordination = 0;
    /// Coordinated moves started again, or ended, for following one plan too long (see
    /// `coordination_plan_overrun`).
    std::uint64_t plans_overrun = 0;
    /// Refreshes that took in changes to the map or moved stuck units (`Crowd::refresh`), the
    /// units they made plan
    /// again (`CrowdRepair::replanned`), the walking units whose paths they kept
    /// (`CrowdRepair::kept`), and the wall-clock seconds they took.
    std::uint64_t map_repairs = 0;
    std::uint64_t replanned_after_edits = 0;
    std::uint64_t kept_after_edits = 0;
    double repair_seconds = 0;
};

/// What one `Crowd::refresh` did with the changes to the map since the one before.
struct CrowdRepair {
    /// Tile changes taken in, as the map logs them (a tile changed twice counts twice); 0 when
    /// the map had not changed.
    std::size_t tiles_changed = 0;
    /// Units moved off tiles blocked under them (`Displaced` events), by id.
    std::vector<UnitId> displaced;
    /// Units standing on blocked tiles after the refresh, with no free tile to go to, by id
    /// (those that just became stuck have a `Stuck` event).
    std::vector<UnitId> stuck;
    /// Units that planned again, by id: their remaining path (or the tile they stand on)
    /// touched a changed tile or one of its 8 neighbours, they were displaced, or their
    /// coordinated move started again on the new map. Each has a `Replanned` event, or
    /// `Unreachable` when no way leads to its destination any more.
    std::vector<UnitId> replanned;
    /// Units walking or stalled whose remaining paths the changes left alone: they keep them.
    std::size_t kept = 0;
    /// Wall-clock microseconds the refresh took: displacing, repairing the landmarks and
    /// planning again.
    double microseconds = 0;
};

/// Ticks a unit's order may go without bringing it nearer its destination, in rounds of
/// patience (`CrowdOptions::patience_ticks`), before the crowd hands it to the coordinated
/// planner (see `Crowd`).
inline constexpr int handover_patience_rounds = 40;

/// The deadlock, counting those resolved during one order, at which the crowd hands its units
/// to the coordinated planner instead of resolving it (see `Crowd`).
inline constexpr int handover_deadlocks = 6;

/// Rounds of patience (`CrowdOptions::patience_ticks`) a coordinated move may go without a
/// complete plan and without its units coming nearer their targets (the sum of their
/// straight-move distances) before it ends, its units still on their way giving up (see
/// `Crowd::move_coordinated`): PIBT alone can move them round in circles for ever, as it does
/// with no search budget (`CrowdOptions::coordination_budget_us` 0).
inline constexpr int coordination_patience_rounds = 100;

/// How long a coordinated move may follow one complete plan: LaCAM's first plan is complete
/// but may be far longer than needed (over 1,600 ticks for 60 units on a 40 x 30 map). Its
/// expected length is the ticks since the planner's goals were last set (the way back to
/// where its search started) plus the farthest straight-move distance from a unit to its
/// goal when the plan is taken up; a move following one plan for twice that plus this many
/// rounds of patience (`CrowdOptions::patience_ticks`) starts again from where its units
/// stand (a new search, other tie-breaks), at most `coordination_plan_restarts` times in one
/// move; then the move ends and its units go on with their orders as ordinary ones.
inline constexpr int coordination_plan_overrun = 20;
/// Restarts of one coordinated move for following a plan too long (see
/// `coordination_plan_overrun`).
inline constexpr int coordination_plan_restarts = 3;

/// Units on one tile map, moving deterministically, one tick at a time.
///
/// - Each tick, units (in id order) step to the next tile of their path, or stall when it is
///   held. A unit stepping from A to B holds both tiles during the tick, so no two units ever
///   share a tile, swap tiles, or cross each other on a diagonal.
/// - Orders (`move_to`, `move_group`) take effect at the start of the next tick, when every
///   unit stands on a tile centre; a step in progress is never cut short.
/// - Paths are planned with the one engine over the map, with tiles of attacking units as
///   walls and tiles of other units costing `occupied_penalty` more.
/// - Stalled units that wait on each other in a cycle are a deadlock: the unit in the cycle
///   that gave way least often so far (then the lowest id) stashes its destination, steps aside to
///   the nearest tile on no other unit's path (a zero-heuristic search with a goal test), waits
///   there (stalled on a unit it gave way to) until the units it gave way to have finished their
///   orders or 4 x `patience_ticks` have passed, then resumes.
/// - Progress: ordinary units that stop making progress are handed to the coordinated planner
///   (as if ordered by `move_coordinated` to their destinations; counted in
///   `CrowdStats::handed_to_coordination`): every unit of a deadlock when one of them was in
///   `handover_deadlocks` - 1 deadlocks already resolved during its order; a unit that waited
///   12 rounds of patience behind idle units that could not get out of its way (instead of
///   giving up), or 12 x `patience_ticks` ticks in a row on any one unit; a unit whose way to
///   its destination has not got shorter than its shortest for `handover_patience_rounds` x
///   `patience_ticks` ticks (200 by default; counted while it has an order, stepping aside
///   included); and a unit walking back to its post with no way round an idle unit (pushing
///   it would start units pushing each other off their posts in circles). A unit waiting in
///   a queue along a group order's flow field (the units it waits on, one after the other,
///   follow the same field up to one that waits on something else or walks, in no cycle)
///   counts neither the ticks it waits nor those without progress: the queue's head does.
///   Every other ordinary order in progress joins the move (it would wait for it otherwise),
///   and units pushed off their posts (`Unit::post`) go back once the tile is free. On maps
///   of more than 2^18 tiles (512 x 512) a move of units handed over plans only on the
///   rectangle round them and their targets with 16 tiles of room (the whole map when that
///   is over half of it, or has no plan), as the planner's distance tables grow with its
///   tiles for every unit: units outside it go on with their orders (new ones too) meanwhile,
///   up to the rectangle's edge and never into it, and their jams are seen to once the move
///   ends. So every unit whose destination is reachable and free arrives, where stepping aside
///   alone can go round in circles for ever on narrow, crowded maps (within the coordinated
///   planner's limits: see `move_coordinated`).
/// - Changes to the map: the map may change between ticks (tiles blocked or opened, terrain
///   costs), by anyone holding it; the crowd takes the changes in at `refresh`, which `step`
///   calls first when the map changed since. Only units whose remaining path or its
///   neighbourhood changed plan again; the others keep their paths, even where a change opened
///   a shorter way. The map must not change during `step` or `refresh`.
/// - Sizes: a unit of size k (1..`max_unit_size`) covers the k x k tiles from its top-left tile
///   `Unit::at`; every rule above holds for the whole footprint: it steps only where its new
///   footprint is walkable and held by no other unit (holding both footprints during the
///   step), plans on the map's clearance for its size (`MovementRules::agent_size`, one
///   `GridSpace` per size present, made at its first unit), steps aside to a footprint on no
///   other unit's path, is displaced to the nearest footprint that fits. The coordinated
///   planner moves one-tile units only: in a crowd with a bigger unit, `move_coordinated` is
///   refused, and a unit the crowd would hand to it (see Progress) gives up instead (`GaveUp`;
///   a walk home ends where it stands), and recurring deadlocks are resolved by stepping
///   aside again. So there a unit that makes no progress gives up rather than arrives.
class Crowd {
  public:
    /// A crowd on `map` (which must outlive it). Refused for bad rules, a unit size outside
    /// 1..`max_unit_size` (1 with `lifelong_orders`), a NaN or negative penalty, or patience
    /// or `flow_group_size` below 1.
    [[nodiscard]] static Expected<Crowd> create(const GridMap& map,
                                                const CrowdOptions& options = {});

    /// Bytes a crowd on `map` with `units` units may hold besides the map, for callers that
    /// check memory before they make one: 55 a tile of its own tables and search scratch (2
    /// of them where units of sizes 2 and 3 fit), 28 more for group orders by flow field (two
    /// fields of 10 a tile, the last two targets', and 8 of scratch),
    /// 256 a unit, the landmarks (within `max_landmark_entries`), and with `coordinated`
    /// moves (or `CrowdOptions::lifelong_orders`) the planner: its graph
    /// (`MapfGraph::estimate_bytes`), its PIBT runs (48 bytes a walkable tile), distance tables for
    /// twice the units (16 MiB to 1 GiB) and its search (512 MiB; none with `lifelong_orders`,
    /// which runs no search). Units' paths come on top (8
    /// bytes a tile of each).
    [[nodiscard]] static std::uint64_t memory_estimate(const GridMap& map,
                                                       const CrowdOptions& options,
                                                       std::size_t units, bool coordinated);

    /// Adds an idle or attacking unit of `size` x `size` tiles with its top-left tile at `at`
    /// (`size` 0: `CrowdOptions::rules.agent_size`). Refused for a size outside
    /// 1..`max_unit_size`, a footprint reaching outside the map, onto a blocked tile or a tile
    /// another unit holds, another state, or a unit bigger than one tile while a coordinated
    /// move runs or with `CrowdOptions::lifelong_orders`.
    Expected<UnitId> add_unit(Cell at, UnitState state = UnitState::Idle, int size = 0);
    /// Makes a unit attack (stand still, a wall to others; its order is dropped) or stop.
    Status set_attacking(UnitId unit, bool attacking);
    /// Orders one unit to `target` (from the next tick). Refused for unknown units, attacking
    /// units and targets outside the map.
    Status move_to(UnitId unit, Cell target);
    /// Adds an order for one unit after its order in progress and those queued before: each
    /// takes effect at the start of the tick after the one before ends (`Arrived`,
    /// `Unreachable` or `GaveUp`; with `CrowdOptions::lifelong_orders`, in the same tick),
    /// so the unit visits the targets in the order queued. `move_to`, `move_group`,
    /// `move_coordinated`, an attack and a unit getting stuck drop its queue. Refused as
    /// `move_to` is.
    Status queue_order(UnitId unit, Cell target);
    /// Orders queued for a unit behind the one in progress (0 for unknown units).
    [[nodiscard]] std::size_t queued_orders(UnitId unit) const;
    /// Orders several units to `target` in formation (from the next tick): they keep their
    /// offsets within their bounding rectangle, the one closest to the target takes the target
    /// tile, and offsets on blocked or unreachable tiles go to the nearest free tile (for a
    /// bigger unit: the nearest top-left tile where its footprint fits and overlaps no other
    /// unit's target footprint). `planning` says how their paths are planned (when the order
    /// takes effect): by searches or one flow field (see `GroupPlanning`). By a field, the
    /// group's tiles are shared: the same tiles are handed out again, the unit nearest the
    /// field's goal (by the field's costs) taking the tile nearest it and so on out, so the
    /// first units there fill the far end of the formation instead of blocking the way for the
    /// rest (a unit's `destination` is then another unit's offset tile).
    Status move_group(std::span<const UnitId> units, Cell target,
                      GroupPlanning planning = GroupPlanning::Automatic);

    /// Orders several units (or one) to `target` as a coordinated move (from the next tick),
    /// the formation's targets chosen as by `move_group`. Refused in a crowd with a unit
    /// bigger than one tile (the planner moves one-tile units only).
    ///
    /// While a coordinated move runs, the crowd plans every unit that is not attacking
    /// together, by LaCAM and PIBT on straight moves (`MapfPlanner`; attacking units are
    /// walls): units of coordinated orders head for their targets, every other unit is asked
    /// to end where it stands (it may step aside and come back). Units of the move never
    /// stall for ever and never give up while a plan exists and the search finds it within
    /// `coordination_patience_rounds` rounds of patience of no progress (then, or when the
    /// search proves there is none, the units still on their way give up: `GaveUp`). A move
    /// that follows one plan far longer than expected starts again, and after
    /// `coordination_plan_restarts` restarts ends with its units' orders going on as ordinary
    /// ones (see `coordination_plan_overrun`); a target
    /// no way leads to is `Unreachable` at once. A unit that reaches its target is `Arrived` and
    /// idle, yet may still step aside and return until the move ends. Ordinary orders given
    /// meanwhile, or in progress when it starts, wait for it to end (outside a move that plans
    /// on a part of a big map only, they go on: see `Crowd`). More coordinated orders join the
    /// running move.
    Status move_coordinated(std::span<const UnitId> units, Cell target);
    /// True while a coordinated move runs.
    [[nodiscard]] bool is_coordinating() const;

    /// Runs one tick, after `refresh` when the map changed since the last. Its events replace
    /// the last tick's (see `events`), after those of the refreshes since. Refused, running
    /// nothing, once the tick counter has reached its largest value (`skip_to` can put it
    /// there); otherwise always run.
    Status step();
    /// Takes in the changes to the map since the last refresh (`GridMap::changes_since`), at
    /// once, between ticks; nothing when the map has not changed and no unit is stuck.
    /// - A unit standing on a tile that is blocked now is moved to the nearest free walkable
    ///   tile (nearest in steps of 8 directions, first east, south, west, north, then the
    ///   diagonals) that it reaches over walkable tiles and tiles that were walkable when the
    ///   crowd was made (a gate, a building's footprint; never through the map's own walls):
    ///   `Displaced`. With none free it is `Stuck`: it keeps its blocked tile, idle, and is
    ///   moved at a later refresh.
    /// - A unit walking or stalled whose tile or remaining path holds a changed tile or one of
    ///   its 8 neighbours (a diagonal step beside a new wall, a door opened beside the path),
    ///   or that was displaced, plans again from where it stands to its destination (a unit
    ///   stepping aside: to the destination it stashed): `Replanned`, or `Unreachable` when no
    ///   way leads there now. Every unit when the map no longer remembers its changes.
    /// - A running coordinated move starts again on the changed map, its units replanned.
    /// - The landmarks stay as they are while the changes only block tiles (still admissible,
    ///   only looser); after a tile opened or a walkable tile's terrain cost changed they are
    ///   repaired (`LandmarkHeuristic::repair`) before anyone plans.
    /// Its events are the first of the next tick's: `events()` shows them until `step` adds
    /// the tick's own. Call it after changing the map to see the repair apart from the tick's
    /// moves (a displaced unit jumps; in a tick, units move one tile).
    CrowdRepair refresh();
    /// Moves the tick counter on to `tick` at once, as if that many ticks ran: only while the
    /// crowd is settled, when ticks change nothing. Refused otherwise; no effect for a past
    /// tick.
    Status skip_to(std::uint64_t tick);

    /// Ticks run so far.
    [[nodiscard]] std::uint64_t tick() const;
    /// Every unit, by id.
    [[nodiscard]] std::span<const Unit> units() const;
    /// One unit; nullptr for unknown ids.
    [[nodiscard]] const Unit* unit(UnitId id) const;
    /// The events of the last tick (`step`), in the order they happened; none before the first.
    [[nodiscard]] std::span<const CrowdEvent> events() const;
    /// True when no unit has an order pending or queued, is moving or is stalled.
    [[nodiscard]] bool is_settled() const;
    [[nodiscard]] const CrowdStats& stats() const;
    /// The space one-tile units plan on (bigger units plan on copies with their size).
    [[nodiscard]] const GridSpace& space() const;

    Crowd(Crowd&&) noexcept;
    Crowd& operator=(Crowd&&) noexcept;
    ~Crowd();

  private:
    struct Impl;  // src/crowd/crowd_impl.hpp
    explicit Crowd(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace pathkit
