// Crowd: coordinated moves, every unit planned together by the mapf layer's real-time planner.
#include <algorithm>
#include <chrono>

#include "pathkit/crowd/crowd.hpp"

#include "coordinated_move.hpp"
#include "free_tiles.hpp"

namespace pathkit {

namespace {

constexpr std::uint32_t none = UINT32_MAX;

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
    std::uint64_t bytes = 48 * tiles + 256 * std::uint64_t{units} + 4 * landmarks * tiles;
    if (coordinated) {
        const MapfPlannerOptions planner = planner_options(units, tiles);
        // PIBT runs of 8 bytes a vertex: the planner's and LaCAM's four, with one to spare.
        bytes += MapfGraph::estimate_bytes(map) + 48 * MapfGraph::count_vertices(map) +
                 planner.distance_memory_limit + planner.search_memory_limit;
    }
    return bytes;
}

Crowd::Crowd(Crowd&&) noexcept = default;
Crowd& Crowd::operator=(Crowd&&) noexcept = default;
Crowd::~Crowd() = default;

Status Crowd::move_coordinated(std::span<const UnitId> units, Cell target) {
    const Status given = units.size() == 1 ? move_to(units[0], target) : move_group(units, target);
    if (!given) return given;
    for (const UnitId id : units)
        coordinated_order_[id.index()] = Coordinated::Ordered;
    return {};
}

// (Re)plans every unit that is not attacking from where they stand.
void Crowd::start_coordinated_move() {
    begin_claims();  // goals given so far, and attacking units' tiles
    for (const Unit& unit : units_)
        if (unit.state == UnitState::Attacking) claim(unit.at);
    std::vector<bool> handed_over(units_.size(), false);
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        Unit& data = units_[unit];
        // A unit on its way back to the tile it gave way from (handed over or waiting for the
        // move to end) goes home quietly: no order of the game's ends there.
        const bool quietly = returning_[unit] || goes_home_[unit];
        handed_over[unit] = coordinated_order_[unit] == Coordinated::HandedOver;
        if (coordinated_order_[unit] != Coordinated::No) {
            coordinated_order_[unit] = Coordinated::No;
            coordinated_target_[unit] = *pending_[unit];
            pending_[unit].reset();
        } else if (!coordinated_target_[unit] &&
                   (data.state == UnitState::Moving || data.state == UnitState::Stalled)) {
            // An ordinary order in progress waits for the coordinated move to end.
            if (!pending_[unit])
                pending_[unit] =
                    data.stashed_destination ? data.stashed_destination : data.destination;
            data.state = UnitState::Idle;
        } else {
            continue;
        }
        data.path.clear();
        data.next_step = 0;
        data.stashed_destination.reset();
        data.destination = coordinated_target_[unit];
        data.stalled_on = UnitId();
        data.stalled_ticks = 0;
        waiting_[unit] = -1;
        returning_[unit] = quietly;
        goes_home_[unit] = false;
    }

    // Targets first (a shared or blocked one moves to the nearest free tile, one no way leads
    // to is unreachable), then everyone else stays where they are, or as near as is free.
    std::vector<Cell> positions, goals;
    std::vector<std::uint32_t> agents;
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        Unit& data = units_[unit];
        if (!coordinated_target_[unit] || data.state == UnitState::Attacking) continue;
        const Cell target = *coordinated_target_[unit];
        if (handed_over[unit] && (!map_->is_walkable(target) || is_claimed(target))) {
            // Its own tile is taken: its order waits for the move to end, as ordinary ones do.
            pending_[unit] = target;
            coordinated_target_[unit].reset();
            data.destination.reset();
            data.state = UnitState::Idle;
            continue;
        }
        std::optional<Cell> spot;
        if (map_->is_walkable(target) &&
            regions()[map_->index(target)] == regions()[map_->index(data.at)])
            spot = claim_nearest_free_tile(target, data.at);
        if (!spot) {
            coordinated_target_[unit].reset();
            data.destination.reset();
            data.state = UnitState::Idle;
            if (!returning_[unit]) emit(unit, CrowdEventKind::Unreachable);
            returning_[unit] = false;
            continue;
        }
        data.state = UnitState::Moving;
        data.destination = *spot;
        coordinated_target_[unit] = *spot;
        agents.push_back(unit);
        positions.push_back(data.at);
        goals.push_back(*spot);
    }
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        const Unit& data = units_[unit];
        if (coordinated_target_[unit] || data.state == UnitState::Attacking) continue;
        const std::optional<Cell> spot = claim_nearest_free_tile(data.at, data.at);
        if (!spot) claim(data.at);
        agents.push_back(unit);
        positions.push_back(data.at);
        goals.push_back(spot.value_or(data.at));
    }

    coordinated_.reset();  // the old planner goes before the new one is made
    const MapfGraph& graph = coordination_graph();
    coordinated_ = std::make_unique<CoordinatedMove>();
    const std::size_t agents_count = agents.size();
    coordinated_->units = std::move(agents);
    MapfPlannerOptions options = planner_options(agents_count, graph.vertex_count());
    options.seed = tick_;
    auto planner = MapfPlanner::create(graph, positions, goals, options);
    PATHKIT_ASSERT(planner.has_value());  // distinct walkable tiles by construction
    if (planner) coordinated_->planner.emplace(std::move(planner).value());
    if (!coordinated_->planner || coordinated_->planner->all_arrived()) end_coordinated_move();
}

// Coordinated orders given while a move runs join it: the planner keeps its graph, its
// distance tables and every other unit's goal; only the ordered units get new goals (chosen
// as by `start_coordinated_move`). False, with nothing changed, when a new goal would be the
// current goal of another ordered unit or an ordered unit is not in the move: then the move
// starts again.
bool Crowd::join_coordinated_move() {
    MapfPlanner& planner = *coordinated_->planner;
    const std::vector<std::uint32_t>& agents = coordinated_->units;
    const std::vector<Cell> goals = planner.goals();
    std::vector<std::uint32_t> agent_of(units_.size(), none);
    for (std::uint32_t agent = 0; agent < agents.size(); ++agent)
        agent_of[agents[agent]] = agent;
    begin_claims();
    for (const Unit& unit : units_)
        if (unit.state == UnitState::Attacking) claim(unit.at);
    std::vector<std::uint32_t> ordered;
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        if (coordinated_order_[unit] == Coordinated::No) {
            if (agent_of[unit] != none) claim(goals[agent_of[unit]]);
            continue;
        }
        if (agent_of[unit] == none) return false;
        ordered.push_back(unit);
    }
    std::vector<std::optional<Cell>> spots;
    for (const std::uint32_t unit : ordered) {
        const Cell target = *pending_[unit], at = units_[unit].at;
        std::optional<Cell> spot;
        if (map_->is_walkable(target) &&
            regions()[map_->index(target)] == regions()[map_->index(at)])
            spot = claim_nearest_free_tile(target, at);
        for (const std::uint32_t other : ordered)
            if (other != unit && spot == goals[agent_of[other]]) return false;
        spots.push_back(spot);
    }
    for (std::size_t index = 0; index < ordered.size(); ++index) {
        const std::uint32_t unit = ordered[index];
        Unit& data = units_[unit];
        coordinated_order_[unit] = Coordinated::No;
        pending_[unit].reset();
        data.path.clear();
        data.next_step = 0;
        data.stashed_destination.reset();
        data.stalled_on = UnitId();
        data.stalled_ticks = 0;
        waiting_[unit] = -1;
        goes_home_[unit] = false;
        returning_[unit] = false;
        if (!spots[index]) {
            coordinated_target_[unit].reset();
            data.destination.reset();
            data.state = UnitState::Idle;
            emit(unit, CrowdEventKind::Unreachable);
            continue;
        }
        const Status set = planner.set_goal(agent_of[unit], *spots[index]);
        PATHKIT_ASSERT(set.ok());  // no other unit's goal, by the checks above
        coordinated_target_[unit] = spots[index];
        data.destination = spots[index];
        data.state = UnitState::Moving;
    }
    return true;
}

// The map as the planner sees it, attacking units as walls: the graph of the last move while
// they stand where they stood then (the old graph is freed before a new one is built).
const MapfGraph& Crowd::coordination_graph() {
    std::vector<std::uint32_t> walls;
    for (const Unit& unit : units_)
        if (unit.state == UnitState::Attacking) walls.push_back(map_->index(unit.at));
    std::sort(walls.begin(), walls.end());
    if (coordination_graph_ && walls == coordination_walls_) return *coordination_graph_;
    coordination_graph_.reset();
    if (walls.empty()) {
        coordination_graph_ = std::make_unique<MapfGraph>(*map_);
    } else {
        GridMap walled = *map_;
        for (const std::uint32_t tile : walls)
            (void)walled.set_walkable(map_->cell(tile), false);
        coordination_graph_ = std::make_unique<MapfGraph>(walled);
    }
    coordination_walls_ = std::move(walls);
    return *coordination_graph_;
}

void Crowd::step_coordinated() {
    MapfPlanner& planner = *coordinated_->planner;
    const auto started = std::chrono::steady_clock::now();
    const std::vector<Cell>& next =
        planner.step(std::chrono::microseconds(options_.coordination_budget_us));
    stats_.planning_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::vector<std::uint32_t>& agents = coordinated_->units;
    for (const std::uint32_t unit : agents)
        holder_[map_->index(units_[unit].at)] = none;
    for (std::size_t agent = 0; agent < agents.size(); ++agent) {
        Unit& data = units_[agents[agent]];
        const bool moved = next[agent] != data.at;
        if (moved) data.facing = facing_of(next[agent].x - data.at.x, next[agent].y - data.at.y);
        data.at = next[agent];
        holder_[map_->index(data.at)] = agents[agent];
        if (!coordinated_target_[agents[agent]]) continue;
        if (data.at == *coordinated_target_[agents[agent]]) {
            coordinated_target_[agents[agent]].reset();
            data.state = UnitState::Idle;
            data.destination.reset();
            if (!returning_[agents[agent]]) {
                data.post = data.at;
                data.deadlocks = 0;
                emit(agents[agent], CrowdEventKind::Arrived);
            }
            returning_[agents[agent]] = false;
        } else if (!moved) {
            ++stats_.coordinated_waits;
        }
    }
    if (planner.all_arrived()) {
        end_coordinated_move();
    } else if (planner.no_solution()) {  // e.g. two units that must pass in a dead end
        for (const std::uint32_t unit : agents) {
            if (!coordinated_target_[unit]) continue;
            coordinated_target_[unit].reset();
            units_[unit].state = UnitState::Idle;
            units_[unit].destination.reset();
            if (!returning_[unit]) emit(unit, CrowdEventKind::GaveUp);
            returning_[unit] = false;
        }
        end_coordinated_move();
    }
}

void Crowd::end_coordinated_move() {
    coordinated_.reset();
    for (std::uint32_t unit = 0; unit < units_.size(); ++unit) {
        if (coordinated_target_[unit]) returning_[unit] = false;
        coordinated_target_[unit].reset();
    }
}

}  // namespace pathkit
