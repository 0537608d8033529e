// Crowd: coordinated moves, every unit planned together by the mapf layer's real-time planner.
#include <algorithm>
#include <chrono>

#include "crowd_impl.hpp"

namespace pathkit {

using crowd::Coordinated;
using crowd::none;

namespace {

// The planner's memory, sized to the move: distance tables (4 bytes a tile each) for twice the
// agents, so goals that joined the move and are no longer wanted make room rather than pile
// up.
MapfPlannerOptions planner_options(std::size_t agents, std::size_t vertices) {
    MapfPlannerOptions options;
    options.distance_memory_limit = std::clamp<std::size_t>(
        2 * agents * vertices * sizeof(std::uint32_t), std::size_t{16} << 20, std::size_t{1} << 30);
    return options;
}

}  // namespace

std::uint64_t Crowd::memory_estimate(const GridMap& map, const CrowdOptions& options,
                                     std::size_t units, bool coordinated) {
    const std::uint64_t tiles = map.padded_size();
    const std::uint64_t landmarks =
        std::min<std::uint64_t>(max_landmark_entries / tiles, options.landmarks);
    std::uint64_t bytes = 83 * tiles + 256 * std::uint64_t{units} + 4 * landmarks * tiles;
    if (coordinated) {
        const MapfPlannerOptions planner = planner_options(units, tiles);
        // PIBT runs of 8 bytes a vertex: the planner's and LaCAM's four, with one to spare.
        bytes += MapfGraph::estimate_bytes(map) + 48 * MapfGraph::count_vertices(map) +
                 planner.distance_memory_limit + planner.search_memory_limit;
    }
    return bytes;
}

// (Re)plans every unit that is not attacking from where they stand.
void Crowd::Impl::start_coordinated_move() {
    std::vector<Cell> positions, goals;
    std::vector<std::uint32_t> agents;
    {
        const auto round = begin_claims();  // goals given so far, and attacking units' tiles
        for (const Unit& unit : units)
            if (unit.state == UnitState::Attacking) free_tiles->claim(unit.at);
        std::vector<bool> handed_over(units.size(), false);
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            Unit& data = units[unit];
            crowd::UnitRecord& record = records[unit];
            if (record.pending && record.pending->coordinated != Coordinated::No) {
                const crowd::PendingOrder order = *record.pending;
                handed_over[unit] = order.coordinated == Coordinated::HandedOver;
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
        // leads to is unreachable), then everyone else stays where they are, or as near as is
        // free.
        const std::vector<std::uint32_t>& regions = free_tiles->regions();
        for (std::uint32_t unit = 0; unit < units.size(); ++unit) {
            Unit& data = units[unit];
            crowd::UnitRecord& record = records[unit];
            if (!record.coordinated_target || data.state == UnitState::Attacking) continue;
            const Cell target = *record.coordinated_target;
            if (handed_over[unit] &&
                (!map->is_walkable(target) || free_tiles->is_claimed(target))) {
                // Its own tile is taken: its order waits for the move to end, as ordinary ones
                // do.
                const bool home = record.returning;
                clear_order(unit);
                record.pending = crowd::PendingOrder{target, Coordinated::No, home};
                continue;
            }
            std::optional<Cell> spot;
            if (map->is_walkable(target) &&
                regions[map->index(target)] == regions[map->index(data.at)])
                spot = free_tiles->claim_nearest(target, data.at);
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
                records[unit].stuck)
                continue;  // stuck: on a blocked tile, outside the planner's graph
            const std::optional<Cell> spot = free_tiles->claim_nearest(data.at, data.at);
            if (!spot) free_tiles->claim(data.at);
            agents.push_back(unit);
            positions.push_back(data.at);
            goals.push_back(spot.value_or(data.at));
        }
    }

    coordinated.reset();  // the old planner goes before the new one is made
    const MapfGraph& graph = coordination_graph();
    coordinated = std::make_unique<crowd::CoordinatedMove>();
    const std::size_t agents_count = agents.size();
    coordinated->units = std::move(agents);
    MapfPlannerOptions planner = planner_options(agents_count, graph.vertex_count());
    planner.seed = tick;
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
    return true;
}

// The map as the planner sees it, attacking units as walls: the graph of the last move while
// they stand where they stood then (the old graph is freed before a new one is built).
const MapfGraph& Crowd::Impl::coordination_graph() {
    std::vector<std::uint32_t> walls;
    for (const Unit& unit : units)
        if (unit.state == UnitState::Attacking) walls.push_back(map->index(unit.at));
    std::sort(walls.begin(), walls.end());
    if (coordination_graph_kept && walls == coordination_walls &&
        coordination_graph_revision == map->revision())
        return *coordination_graph_kept;
    coordination_graph_kept.reset();
    if (walls.empty()) {
        coordination_graph_kept = std::make_unique<MapfGraph>(*map);
    } else {
        GridMap walled = *map;
        for (const std::uint32_t tile : walls)
            (void)walled.set_walkable(map->cell(tile), false);
        coordination_graph_kept = std::make_unique<MapfGraph>(walled);
    }
    coordination_walls = std::move(walls);
    coordination_graph_revision = map->revision();
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
    } else if (planner.no_solution()) {  // e.g. two units that must pass in a dead end
        for (const std::uint32_t unit : agents) {
            if (!records[unit].coordinated_target) continue;
            const bool walked_home = records[unit].returning;
            clear_order(unit);
            if (!walked_home) emit(unit, CrowdEventKind::GaveUp);
        }
        end_coordinated_move();
    }
}

// The move ends. A unit still bound for its tile (only when the move ends as it starts, every
// unit already where the planner would take it) arrives as an ordinary unit, this tick.
void Crowd::Impl::end_coordinated_move() {
    coordinated.reset();
    for (crowd::UnitRecord& record : records) {
        if (record.coordinated_target) record.returning = false;
        record.coordinated_target.reset();
    }
}

}  // namespace pathkit
