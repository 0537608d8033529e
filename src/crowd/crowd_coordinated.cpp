// Crowd: coordinated moves, every unit planned together by the mapf layer's real-time planner.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <tuple>
#include <utility>

#include "crowd_impl.hpp"

namespace pathkit {

using crowd::Coordinated;
using crowd::none;

std::size_t crowd::distance_memory_for(std::size_t agents, std::size_t vertices) {
    return std::clamp<std::size_t>(2 * agents * vertices * sizeof(std::uint32_t),
                                   std::size_t{16} << 20, std::size_t{1} << 30);
}

namespace {

MapfPlannerOptions planner_options(std::size_t agents, std::size_t vertices) {
    MapfPlannerOptions options;
    options.distance_memory_limit = crowd::distance_memory_for(agents, vertices);
    return options;
}

}  // namespace

std::uint64_t Crowd::memory_estimate(const GridMap& map, const CrowdOptions& options,
                                     std::size_t units, bool coordinated) {
    const std::uint64_t tiles = map.padded_size();
    const std::uint64_t landmarks =
        std::min<std::uint64_t>(max_landmark_entries / tiles, options.landmarks);
    std::uint64_t bytes = 87 * tiles + 256 * std::uint64_t{units} + 4 * landmarks * tiles;
    if (coordinated || options.lifelong_orders) {
        const MapfPlannerOptions planner = planner_options(units, tiles);
        // PIBT runs of 8 bytes a vertex: the planner's and LaCAM's four, with one to spare.
        bytes += MapfGraph::estimate_bytes(map) + 48 * MapfGraph::count_vertices(map) +
                 planner.distance_memory_limit;
        // The lifelong planner runs PIBT alone: no search.
        if (!options.lifelong_orders) bytes += planner.search_memory_limit;
    }
    return bytes;
}

// (Re)plans every unit that is not attacking from where they stand.
void Crowd::Impl::start_coordinated_move() {
    std::vector<Cell> positions, goals;
    std::vector<std::uint32_t> agents;
    Cell from, to;
    {
        const auto round = begin_claims();  // goals given so far, and attacking units' tiles
        for (const Unit& unit : units)
            if (unit.state == UnitState::Attacking) free_tiles->claim(unit.at);
        std::vector<bool> handed_over(units.size(), false), joined(units.size(), false);
        std::vector<std::shared_ptr<FlowField>> fields(units.size());  // of orders handed over
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            Unit& data = units[unit];
            crowd::UnitRecord& record = records[unit];
            if (record.pending && record.pending->coordinated != Coordinated::No) {
                const crowd::PendingOrder order = *record.pending;
                if (order.coordinated == Coordinated::Ordered) coordinate_whole_map = true;
                handed_over[unit] = order.coordinated != Coordinated::Ordered;
                joined[unit] = order.coordinated == Coordinated::Joined;
                fields[unit] = order.field;
                record.pending.reset();
                clear_order(unit);
                // A unit on its way back to the tile it gave way from (handed over) goes home
                // quietly: no order of the game's ends there.
                record.returning = order.home;
                record.coordinated_target = order.target;
                data.destination = order.target;
            } else if (!record.coordinated_target &&
                       (data.state == UnitState::Moving || data.state == UnitState::Stalled)) {
                // An ordinary order in progress waits for the coordinated move to end (by its
                // field, if it had one).
                if (!record.pending)
                    record.pending = crowd::PendingOrder{
                        data.stashed_destination ? *data.stashed_destination : *data.destination,
                        Coordinated::No, record.returning || record.goes_home, record.walk.field};
                clear_order(unit);
            }
        }

        // Targets first (a shared or blocked one moves to the nearest free tile, one no way
        // leads to is unreachable), then everyone else in the region stays where they are, or
        // as near as is free. Units outside the region walk up to its edge meanwhile.
        std::tie(from, to) = coordination_region(joined);
        const auto inside = [&](Cell cell) {
            return cell.x >= from.x && cell.x <= to.x && cell.y >= from.y && cell.y <= to.y;
        };
        const std::vector<std::uint32_t>& regions = free_tiles->regions();
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            Unit& data = units[unit];
            crowd::UnitRecord& record = records[unit];
            if (!record.coordinated_target || data.state == UnitState::Attacking) continue;
            const Cell target = *record.coordinated_target;
            if (handed_over[unit] && (!map->is_walkable(target) || !inside(target) ||
                                      !inside(data.at) || free_tiles->is_claimed(target))) {
                // Its own tile is taken, or it is outside the region: its order waits for the
                // move to end, as ordinary ones do (by its field, if it had one).
                const bool home = record.returning;
                clear_order(unit);
                record.pending = crowd::PendingOrder{target, Coordinated::No, home, fields[unit]};
                continue;
            }
            std::optional<Cell> spot;
            if (map->is_walkable(target) &&
                regions[map->index(target)] == regions[map->index(data.at)])
                spot = free_tiles->claim_nearest(target, data.at);
            if (spot && !inside(*spot)) {  // its order waits, as above
                const bool home = record.returning;
                clear_order(unit);
                record.pending = crowd::PendingOrder{target, Coordinated::No, home, fields[unit]};
                continue;
            }
            if (!spot) {
                const bool home = record.returning;
                clear_order(unit);
                if (!home) emit(unit, CrowdEventKind::Unreachable);
                continue;
            }
            data.state = UnitState::Moving;
            data.destination = *spot;
            record.coordinated_target = *spot;
            agents.push_back(unit);
            positions.push_back(data.at);
            goals.push_back(*spot);
        }
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            const Unit& data = units[unit];
            if (records[unit].coordinated_target || data.state == UnitState::Attacking ||
                records[unit].stuck || !inside(data.at))
                continue;  // stuck: on a blocked tile, outside the planner's graph
            const std::optional<Cell> spot = free_tiles->claim_nearest(data.at, data.at);
            if (!spot) free_tiles->claim(data.at);
            agents.push_back(unit);
            positions.push_back(data.at);
            goals.push_back(spot.value_or(data.at));
        }
    }

    coordinated.reset();  // the old planner goes before the new one is made
    const MapfGraph& graph = coordination_graph(from, to);
    coordinated = std::make_unique<crowd::CoordinatedMove>();
    coordinated->from = from;
    coordinated->to = to;
    coordinated->cropped = static_cast<std::size_t>(to.x - from.x + 1) * (to.y - from.y + 1) <
                           static_cast<std::size_t>(map->width()) * map->height();
    const std::size_t agents_count = agents.size();
    coordinated->units = std::move(agents);
    MapfPlannerOptions planner = planner_options(agents_count, graph.vertex_count());
    planner.seed = tick;
    planner.guide_paths = options.coordination_guide_paths;
    auto made = MapfPlanner::create(graph, positions, goals, planner);
    PATHKIT_ASSERT(made.has_value());  // distinct walkable tiles by construction
    if (made) coordinated->planner.emplace(std::move(made).value());
    if (!coordinated->planner || coordinated->planner->all_arrived()) end_coordinated_move();
}

// Coordinated orders given while a move runs join it: the planner keeps its graph, its
// distance tables and every other unit's goal; only the ordered units get new goals (chosen
// as by `start_coordinated_move`). False, with nothing changed, when a new goal would be the
// current goal of another ordered unit or an ordered unit is not in the move: then the move
// starts again.
bool Crowd::Impl::join_coordinated_move() {
    MapfPlanner& planner = *coordinated->planner;
    const std::vector<std::uint32_t>& agents = coordinated->units;
    const std::vector<Cell> goals = planner.goals();
    std::vector<std::uint32_t> agent_of(units.size(), none);
    for (std::uint32_t agent = 0; agent < agents.size(); ++agent)
        agent_of[agents[agent]] = agent;
    const auto is_ordered = [&](std::uint32_t unit) {
        return records[unit].pending && records[unit].pending->coordinated != Coordinated::No;
    };
    std::vector<std::uint32_t> ordered;
    std::vector<std::optional<Cell>> spots;
    {
        const auto round = begin_claims();
        for (const Unit& unit : units)
            if (unit.state == UnitState::Attacking) free_tiles->claim(unit.at);
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            if (!is_ordered(unit)) {
                if (agent_of[unit] != none) free_tiles->claim(goals[agent_of[unit]]);
                continue;
            }
            if (agent_of[unit] == none) return false;
            ordered.push_back(unit);
        }
        const std::vector<std::uint32_t>& regions = free_tiles->regions();
        for (const std::uint32_t unit : ordered) {
            const Cell target = records[unit].pending->target, at = units[unit].at;
            std::optional<Cell> spot;
            if (map->is_walkable(target) && regions[map->index(target)] == regions[map->index(at)])
                spot = free_tiles->claim_nearest(target, at);
            for (const std::uint32_t other : ordered)
                if (other != unit && spot == goals[agent_of[other]]) return false;
            spots.push_back(spot);
        }
    }
    for (std::size_t index = 0; index < ordered.size(); ++index) {
        const std::uint32_t unit = ordered[index];
        Unit& data = units[unit];
        crowd::UnitRecord& record = records[unit];
        const crowd::PendingOrder order = *record.pending;
        record.pending.reset();
        clear_order(unit);
        if (!spots[index]) {
            if (!order.home) emit(unit, CrowdEventKind::Unreachable);
            continue;
        }
        record.returning = order.home;
        const Status set = planner.set_goal(agent_of[unit], *spots[index]);
        PATHKIT_ASSERT(set.ok());  // no other unit's goal, by the checks above
        record.coordinated_target = spots[index];
        data.destination = spots[index];
        data.state = UnitState::Moving;
    }
    coordinated->ticks_since_goals = 0;  // the search starts again from where they stand
    return true;
}

std::pair<Cell, Cell> Crowd::Impl::coordination_region(const std::vector<bool>& joined) const {
    const Cell first = map->origin();
    const Cell last{first.x + map->width() - 1, first.y + map->height() - 1};
    const std::size_t tiles = static_cast<std::size_t>(map->width()) * map->height();
    if (coordinate_whole_map || tiles <= crowd::whole_map_coordination_tiles) return {first, last};
    Cell from = last, to = first;
    const auto take = [&](Cell cell) {
        from = {std::min(from.x, cell.x), std::min(from.y, cell.y)};
        to = {std::max(to.x, cell.x), std::max(to.y, cell.y)};
    };
    for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
        if (!records[unit].coordinated_target || joined[unit]) continue;
        take(units[unit].at);
        take(*records[unit].coordinated_target);
    }
    if (from.x > to.x) return {first, last};  // no unit moves
    from = {std::max(first.x, from.x - coordination_room),
            std::max(first.y, from.y - coordination_room)};
    to = {std::min(last.x, to.x + coordination_room), std::min(last.y, to.y + coordination_room)};
    const std::size_t region = static_cast<std::size_t>(to.x - from.x + 1) * (to.y - from.y + 1);
    if (2 * region > tiles) return {first, last};
    return {from, to};
}

// The map (or the region of it from `from` to `to`) as the planner sees it, attacking units as
// walls: the graph of the last move while they stand where they stood then and the region is
// the same (the old graph is freed before a new one is built).
const MapfGraph& Crowd::Impl::coordination_graph(Cell from, Cell to) {
    const auto inside = [&](Cell cell) {
        return cell.x >= from.x && cell.x <= to.x && cell.y >= from.y && cell.y <= to.y;
    };
    std::vector<std::uint32_t> walls;
    for (const Unit& unit : units)
        if (unit.state == UnitState::Attacking && inside(unit.at))
            walls.push_back(map->index(unit.at));
    std::sort(walls.begin(), walls.end());
    if (coordination_graph_kept && walls == coordination_walls &&
        coordination_graph_revision == map->revision() && coordination_graph_from == from &&
        coordination_graph_to == to)
        return *coordination_graph_kept;
    coordination_graph_kept.reset();
    const bool whole = from == map->origin() && to.x - from.x + 1 == map->width() &&
                       to.y - from.y + 1 == map->height();
    if (whole && walls.empty()) {
        coordination_graph_kept = std::make_unique<MapfGraph>(*map);
    } else if (whole) {
        GridMap walled = *map;
        for (const std::uint32_t tile : walls)
            (void)walled.set_walkable(map->cell(tile), false);
        coordination_graph_kept = std::make_unique<MapfGraph>(walled);
    } else {
        GridMap region =
            std::move(GridMap::create(to.x - from.x + 1, to.y - from.y + 1, from).value());
        for (int y = from.y; y <= to.y; ++y)
            for (int x = from.x; x <= to.x; ++x)
                if (!map->is_walkable({x, y})) (void)region.set_walkable({x, y}, false);
        for (const std::uint32_t tile : walls)
            (void)region.set_walkable(map->cell(tile), false);
        coordination_graph_kept = std::make_unique<MapfGraph>(region);
    }
    coordination_walls = std::move(walls);
    coordination_graph_revision = map->revision();
    coordination_graph_from = from;
    coordination_graph_to = to;
    return *coordination_graph_kept;
}

void Crowd::Impl::step_coordinated() {
    MapfPlanner& planner = *coordinated->planner;
    const auto started = std::chrono::steady_clock::now();
    const std::vector<Cell>& next =
        planner.step(std::chrono::microseconds(options.coordination_budget_us));
    stats.planning_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::vector<std::uint32_t>& agents = coordinated->units;
    for (const std::uint32_t unit : agents)
        holder[map->index(units[unit].at)] = none;
    for (std::size_t agent = 0; agent < agents.size(); ++agent) {
        const std::uint32_t unit = agents[agent];
        Unit& data = units[unit];
        crowd::UnitRecord& record = records[unit];
        const bool moved = next[agent] != data.at;
        if (moved) data.facing = facing_of(next[agent].x - data.at.x, next[agent].y - data.at.y);
        data.at = next[agent];
        holder[map->index(data.at)] = unit;
        if (!record.coordinated_target) continue;
        if (data.at == *record.coordinated_target) {
            const bool walked_home = record.returning;
            clear_order(unit);
            if (!walked_home) {
                data.post = data.at;
                record.deadlocks = 0;
                emit(unit, CrowdEventKind::Arrived);
            }
        } else if (!moved) {
            ++stats.coordinated_waits;
        }
    }
    if (planner.all_arrived()) {
        end_coordinated_move();
        return;
    }
    ++coordinated->ticks_since_goals;
    if (overruns_plan()) {
        ++stats.plans_overrun;
        if (plan_restarts++ < coordination_plan_restarts) {
            start_coordinated_move();
        } else {
            hand_back_coordinated_move();
        }
        return;
    }
    const bool stuck = !planner.no_solution() && makes_no_progress();
    if (planner.no_solution() && coordinated->cropped) {
        // None in the region (it may cut a way round): four times the room round the units.
        coordination_room *= 4;
        start_coordinated_move();
    } else if (planner.no_solution() || stuck) {  // e.g. two units that must pass in a dead end
        for (const std::uint32_t unit : agents) {
            if (!records[unit].coordinated_target) continue;
            const bool walked_home = records[unit].returning;
            clear_order(unit);
            if (!walked_home) emit(unit, CrowdEventKind::GaveUp);
        }
        end_coordinated_move();
    }
}

// PIBT alone (no complete plan yet, or no search budget at all) can move units round in circles
// for ever: a move whose units have not come nearer their targets (the sum of their straight-move
// distances) for `coordination_patience_rounds` rounds of patience is as good as proved
// impossible. Following a complete plan is progress.
bool Crowd::Impl::makes_no_progress() {
    crowd::CoordinatedMove& move = *coordinated;
    if (move.planner->following_plan()) {
        move.ticks_without_progress = 0;
        return false;
    }
    std::uint64_t left = 0;
    for (const std::uint32_t unit : move.units) {
        const std::optional<Cell>& target = records[unit].coordinated_target;
        if (!target) continue;
        const Cell at = units[unit].at;
        left += static_cast<std::uint64_t>(std::abs(at.x - target->x) + std::abs(at.y - target->y));
    }
    if (left < move.least_left) {
        move.least_left = left;
        move.ticks_without_progress = 0;
        return false;
    }
    return ++move.ticks_without_progress >= coordination_patience_rounds * options.patience_ticks;
}

bool Crowd::Impl::overruns_plan() {
    crowd::CoordinatedMove& move = *coordinated;
    const MapfPlanner& planner = *move.planner;
    if (!planner.following_plan()) {
        move.plan_ticks = 0;
        return false;
    }
    if (move.plan_ticks++ == 0) {
        const std::vector<Cell>& at = planner.positions();
        const std::vector<Cell> goals = planner.goals();
        std::int64_t farthest = 0;
        for (std::size_t agent = 0; agent < at.size(); ++agent)
            farthest = std::max<std::int64_t>(farthest, std::abs(at[agent].x - goals[agent].x) +
                                                            std::abs(at[agent].y - goals[agent].y));
        move.plan_limit = 2 * (move.ticks_since_goals + farthest) +
                          std::int64_t{coordination_plan_overrun} * options.patience_ticks;
    }
    return move.plan_ticks > move.plan_limit;
}

void Crowd::Impl::hand_back_coordinated_move() {
    for (const std::uint32_t unit : coordinated->units) {
        crowd::UnitRecord& record = records[unit];
        if (!record.coordinated_target) continue;
        const crowd::PendingOrder order{*record.coordinated_target, Coordinated::No,
                                        record.returning};
        clear_order(unit);
        record.pending = order;
    }
    end_coordinated_move();
}

// The move ends. A unit still bound for its tile (only when the move ends as it starts, every
// unit already where the planner would take it) arrives as an ordinary unit, this tick.
void Crowd::Impl::end_coordinated_move() {
    coordinated.reset();
    coordinate_whole_map = false;
    coordination_room = crowd::coordination_margin;
    plan_restarts = 0;
    for (crowd::UnitRecord& record : records) {
        if (record.coordinated_target) record.returning = false;
        record.coordinated_target.reset();
    }
}

}  // namespace pathkit
