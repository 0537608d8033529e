/// NPCs in a world of linked maps: a game clock, schedules of appointments, and walking.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathkit/core/expected.hpp"
#include "pathkit/core/point.hpp"
#include "pathkit/world/world.hpp"

namespace pathkit {

/// Game time. Every `ticks_per_minute` ticks a minute passes (12 by default).
class GameClock {
  public:
    /// Most ticks a game minute may have (a minute of real time at 60 frames a second).
    static constexpr int max_ticks_per_minute = 3600;

    /// Starts at `start_minute` (minutes after midnight, 0..1439). `ticks_per_minute` is
    /// clamped to 1..max_ticks_per_minute.
    explicit GameClock(int ticks_per_minute = 12, int start_minute = 0);
    /// One tick; true when a new minute began.
    bool tick();
    /// Jumps over ticks in which nothing happens, to the last tick before `minute` begins (no
    /// effect when that is not ahead).
    void skip_to_just_before(std::int64_t minute);
    [[nodiscard]] int ticks_per_minute() const { return ticks_per_minute_; }
    /// Minutes since midnight of the first day (goes past 1440 on later days).
    [[nodiscard]] std::int64_t minutes() const { return minutes_; }
    [[nodiscard]] std::uint64_t ticks() const { return ticks_; }

    /// "HH:MM" for a number of minutes after midnight (wrapping at 24:00).
    [[nodiscard]] static std::string format(std::int64_t minutes);
    /// The minutes after midnight of "HH:MM" (00:00..23:59), or nothing.
    [[nodiscard]] static std::optional<int> parse(std::string_view text);

  private:
    int ticks_per_minute_;
    int tick_in_minute_ = 0;
    std::int64_t minutes_;
    std::uint64_t ticks_ = 0;
};

/// Be at `place` at `minute` (minutes after midnight of the first day).
struct Appointment {
    int minute = 0;
    WorldPosition place;
};

/// An NPC as a game describes it.
struct NpcSpec {
    /// Slowest and fastest speeds accepted, in world units per tick.
    static constexpr float min_speed = 1e-3f;
    static constexpr float max_speed = 1e5f;

    std::string name;
    WorldPosition start;
    /// World units per tick, in min_speed..max_speed.
    float speed = 4;
    /// In any order; kept in time order.
    std::vector<Appointment> appointments;
};

/// What an NPC is doing.
enum class NpcActivity { Idle, Walk };
/// Which way it faces, for its animation.
enum class Heading { Down, Left, Right, Up };

/// What happened to an NPC, and when (minutes after midnight of the first day). `Late` is
/// reported the minute an appointment's time passes while the NPC is still on its way (its
/// `Arrive` follows when it gets there).
enum class NpcEventKind { Depart, EnterMap, Arrive, Late, Unreachable };
struct NpcEvent {
    std::int64_t minute = 0;
    NpcEventKind kind = NpcEventKind::Depart;
    WorldPosition where;
    /// Why, for `Unreachable`: the route's message.
    std::string message;
};
/// "depart", "enter_map", "arrive", "late", "unreachable".
[[nodiscard]] const char* to_string(NpcEventKind kind);

/// An NPC being simulated.
struct Npc {
    std::string name;
    MapId map;
    /// Position in world units inside its map (the centre of tile (x, y) is
    /// ((x + 0.5) * cell_size, (y + 0.5) * cell_size)).
    Point2 position;
    float speed = 4;
    NpcActivity activity = NpcActivity::Idle;
    Heading heading = Heading::Down;
    std::vector<Appointment> appointments;
    std::size_t next_appointment = 0;
    std::vector<NpcEvent> events;
    /// True once the current appointment was reported late.
    bool reported_late = false;

    // The route being walked or waited for, and where along it the NPC is.
    Route route;
    std::size_t leg = 0;
    std::size_t waypoint = 0;
    std::int64_t depart_minute = -1;  // -1: nothing planned
};

/// NPCs on every map of a world, kept on schedule tick by tick, whether or not a player sees
/// their map. Each NPC plans its next appointment as soon as it is free, leaves just in time
/// (travel time from the route's length and its speed, plus a minute), walks its route tile
/// centre by tile centre (switching to the next within one tick's walk, as the FlashPunk NPC
/// tutorial does), and reports when it departs, enters a map, is late, arrives, or cannot get there
/// (with the route's reason in the event's message).
class NpcSimulation {
  public:
    /// The world must outlive the simulation and not change during it; its route caches are
    /// used (and filled).
    NpcSimulation(const World& world, GameClock clock);

    /// Adds an NPC; refused for an empty name, a speed outside NpcSpec's range or an unknown
    /// or solid place.
    Expected<std::size_t> add_npc(NpcSpec spec);
    /// One tick for every NPC.
    void step();
    /// Steps until the clock reads `minute` (minutes after midnight of the first day). Ticks
    /// in which no NPC walks are skipped, not simulated.
    void run_until(std::int64_t minute);

    [[nodiscard]] const std::vector<Npc>& npcs() const { return npcs_; }
    [[nodiscard]] const GameClock& clock() const { return clock_; }

  private:
    void plan_next(Npc& npc);
    void walk(Npc& npc);
    [[nodiscard]] Point2 centre(MapId map, Cell cell) const;
    [[nodiscard]] std::int64_t travel_ticks(const Npc& npc, const Route& route) const;
    void record(Npc& npc, NpcEventKind kind, WorldPosition where, std::string message = {}) const;

    const World* world_;
    GameClock clock_;
    std::vector<Npc> npcs_;
};

}  // namespace pathkit
