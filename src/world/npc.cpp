// NPCs: the game clock, planning each appointment ahead, and walking routes across maps.
#include "pathkit/world/npc.hpp"
#include "pathkit/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pathkit {

GameClock::GameClock(int ticks_per_minute, int start_minute)
    : ticks_per_minute_(std::clamp(ticks_per_minute, 1, max_ticks_per_minute)),
      minutes_(start_minute) {}

void GameClock::skip_to_just_before(std::int64_t minute) {
    const std::int64_t target = minute - 1;
    if (target < minutes_ || (target == minutes_ && tick_in_minute_ >= ticks_per_minute_ - 1))
        return;
    const std::int64_t skipped =
        (target - minutes_) * ticks_per_minute_ + (ticks_per_minute_ - 1 - tick_in_minute_);
    ticks_ += static_cast<std::uint64_t>(skipped);
    minutes_ = target;
    tick_in_minute_ = ticks_per_minute_ - 1;
}

bool GameClock::tick() {
    ++ticks_;
    if (++tick_in_minute_ < ticks_per_minute_) return false;
    tick_in_minute_ = 0;
    ++minutes_;
    return true;
}

std::string GameClock::format(std::int64_t minutes) {
    const std::int64_t of_day = ((minutes % 1440) + 1440) % 1440;
    char text[8];
    std::snprintf(text, sizeof text, "%02d:%02d", static_cast<int>(of_day / 60),
                  static_cast<int>(of_day % 60));
    return text;
}

std::optional<int> GameClock::parse(std::string_view text) {
    if (text.size() != 5 || text[2] != ':') return std::nullopt;
    for (std::size_t index : {0u, 1u, 3u, 4u})
        if (text[index] < '0' || text[index] > '9') return std::nullopt;
    const int hours = (text[0] - '0') * 10 + (text[1] - '0');
    const int minutes = (text[3] - '0') * 10 + (text[4] - '0');
    if (hours > 23 || minutes > 59) return std::nullopt;
    return hours * 60 + minutes;
}

const char* to_string(NpcEventKind kind) {
    switch (kind) {
        case NpcEventKind::Depart:
            return "depart";
        case NpcEventKind::EnterMap:
            return "enter_map";
        case NpcEventKind::Arrive:
            return "arrive";
        case NpcEventKind::Late:
            return "late";
        case NpcEventKind::Unreachable:
            return "unreachable";
    }
    return "unknown";
}

NpcSimulation::NpcSimulation(const World& world, GameClock clock) : world_(&world), clock_(clock) {}

Point2 NpcSimulation::centre(MapId map, Cell cell) const {
    const float size = world_->map(map)->cell_size;
    return {(static_cast<float>(cell.x) + 0.5f) * size, (static_cast<float>(cell.y) + 0.5f) * size};
}

Expected<std::size_t> NpcSimulation::add_npc(NpcSpec spec) {
    const std::string who = (spec.name.empty() ? std::string("an NPC") : spec.name);
    if (spec.name.empty()) return Status::invalid_input("an NPC needs a name");
    if (!(spec.speed >= NpcSpec::min_speed && spec.speed <= NpcSpec::max_speed))
        return Status::invalid_input(who + ": speed " + to_text(spec.speed) + " is outside " +
                                     to_text(NpcSpec::min_speed) + ".." +
                                     to_text(NpcSpec::max_speed));
    if (Status status = world_->check_position(spec.start, "start"); !status)
        return Status::invalid_input(who + ": " + status.message());
    for (const Appointment& appointment : spec.appointments)
        if (Status status = world_->check_position(appointment.place, "appointment"); !status)
            return Status::invalid_input(who + ": " + status.message());
    Npc npc;
    npc.name = std::move(spec.name);
    npc.map = spec.start.map;
    npc.position = centre(spec.start.map, spec.start.cell);
    npc.speed = spec.speed;
    npc.appointments = std::move(spec.appointments);
    std::stable_sort(
        npc.appointments.begin(), npc.appointments.end(),
        [](const Appointment& a, const Appointment& b) { return a.minute < b.minute; });
    npcs_.push_back(std::move(npc));
    plan_next(npcs_.back());
    return npcs_.size() - 1;
}

void NpcSimulation::record(Npc& npc, NpcEventKind kind, WorldPosition where,
                           std::string message) const {
    npc.events.push_back({clock_.minutes(), kind, where, std::move(message)});
}

// Ticks to walk the route: each tile step takes ceil(cell size / speed) ticks, each change of
// map one tick.
std::int64_t NpcSimulation::travel_ticks(const Npc& npc, const Route& route) const {
    std::int64_t ticks = 0;
    for (const RouteLeg& leg : route.legs) {
        const float size = world_->map(leg.map)->cell_size;
        const auto per_step = static_cast<std::int64_t>(std::ceil(size / npc.speed));
        ticks += per_step * static_cast<std::int64_t>(leg.cells.size() - 1) + 1;
    }
    return ticks;
}

// Plans the next appointment that is not passed over: the route now, the departure so that
// the walk ends a minute early.
void NpcSimulation::plan_next(Npc& npc) {
    npc.depart_minute = -1;
    while (npc.next_appointment < npc.appointments.size()) {
        const Appointment& next = npc.appointments[npc.next_appointment];
        const Cell here{
            static_cast<int>(std::floor(npc.position.x / world_->map(npc.map)->cell_size)),
            static_cast<int>(std::floor(npc.position.y / world_->map(npc.map)->cell_size))};
        Route route = world_->find_route({npc.map, here}, next.place);
        if (!route.found()) {
            record(npc, NpcEventKind::Unreachable, next.place,
                   "the " + GameClock::format(next.minute) + " appointment: " + route.message);
            ++npc.next_appointment;
            continue;
        }
        const std::int64_t minutes_needed =
            (travel_ticks(npc, route) + clock_.ticks_per_minute() - 1) / clock_.ticks_per_minute();
        npc.route = std::move(route);
        npc.reported_late = false;
        npc.leg = 0;
        npc.waypoint = 0;
        npc.depart_minute =
            std::max<std::int64_t>(clock_.minutes(), next.minute - minutes_needed - 1);
        return;
    }
}

void NpcSimulation::walk(Npc& npc) {
    const RouteLeg& leg = npc.route.legs[npc.leg];
    if (npc.waypoint >= leg.cells.size()) {  // end of this map's part
        if (npc.leg + 1 < npc.route.legs.size()) {
            ++npc.leg;
            npc.waypoint = 0;
            const RouteLeg& next = npc.route.legs[npc.leg];
            npc.map = next.map;
            npc.position = centre(next.map, next.cells.front());
            record(npc, NpcEventKind::EnterMap, {next.map, next.cells.front()});
            return;
        }
        record(npc, NpcEventKind::Arrive, npc.appointments[npc.next_appointment].place);
        npc.activity = NpcActivity::Idle;
        ++npc.next_appointment;
        plan_next(npc);
        return;
    }
    const Point2 target = centre(leg.map, leg.cells[npc.waypoint]);
    const float dx = target.x - npc.position.x, dy = target.y - npc.position.y;
    const float distance = std::hypot(dx, dy);
    if (distance > 0) {
        npc.heading = std::fabs(dx) >= std::fabs(dy) ? (dx > 0 ? Heading::Right : Heading::Left)
                                                     : (dy > 0 ? Heading::Down : Heading::Up);
    }
    if (distance <= npc.speed) {  // within one tick's walk: on to the next tile centre
        npc.position = target;
        ++npc.waypoint;
        return;
    }
    npc.position.x += dx / distance * npc.speed;
    npc.position.y += dy / distance * npc.speed;
}

void NpcSimulation::step() {
    clock_.tick();
    for (Npc& npc : npcs_) {
        if (npc.activity == NpcActivity::Walk) {
            const Appointment& due = npc.appointments[npc.next_appointment];
            if (!npc.reported_late && clock_.minutes() > due.minute) {
                npc.reported_late = true;
                record(npc, NpcEventKind::Late, due.place);
            }
            walk(npc);
        } else if (npc.depart_minute >= 0 && clock_.minutes() >= npc.depart_minute) {
            npc.activity = NpcActivity::Walk;
            npc.depart_minute = -1;
            const RouteLeg& first = npc.route.legs.front();
            record(npc, NpcEventKind::Depart, {first.map, first.cells.front()});
            npc.waypoint = 1;
        }
    }
}

void NpcSimulation::run_until(std::int64_t minute) {
    while (clock_.minutes() < minute) {
        // While nobody walks, nothing happens before the next departure: skip to it.
        std::int64_t next = minute;
        bool walking = false;
        for (const Npc& npc : npcs_) {
            walking = walking || npc.activity == NpcActivity::Walk;
            if (npc.depart_minute >= 0) next = std::min(next, npc.depart_minute);
        }
        if (!walking) clock_.skip_to_just_before(next);
        step();
    }
}

}  // namespace pathkit
