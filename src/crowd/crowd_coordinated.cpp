// Crowd: coordinated moves, every unit planned together by the mapf layer's real-time planner.
#include <algorithm>
#include <chrono>

#include "pathkit/crowd/crowd.hpp"

#include "coordinated_move.hpp"
#include "free_tiles.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;
}  // namespace

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

    GridMap walls = *map_;
    for (const Unit& unit : units_)
        if (unit.state == UnitState::Attacking) (void)walls.set_walkable(unit.at, false);
    coordinated_ = std::make_unique<CoordinatedMove>(walls);
    coordinated_->units = std::move(agents);
    auto planner = MapfPlanner::create(coordinated_->graph, positions, goals, {.seed = tick_});
    PATHKIT_ASSERT(planner.has_value());  // distinct walkable tiles by construction
    if (planner) coordinated_->planner.emplace(std::move(planner).value());
    if (!coordinated_->planner || coordinated_->planner->all_arrived()) end_coordinated_move();
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
