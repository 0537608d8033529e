// Test support: the events of a crowd over a whole run (the crowd keeps only the last tick's),
// and runs checked tick by tick.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"

namespace pathkit::testing {

/// Every event of the ticks run through it, in order.
class CrowdLog {
  public:
    /// Runs one tick of `crowd` (a refusal fails the test) and keeps its events.
    void step(Crowd& crowd) {
        const Status stepped = crowd.step();
        EXPECT_TRUE(stepped.ok()) << stepped.message();
        events_.insert(events_.end(), crowd.events().begin(), crowd.events().end());
    }
    [[nodiscard]] const std::vector<CrowdEvent>& events() const { return events_; }
    /// How many events of `kind` happened to `unit`.
    [[nodiscard]] int count(UnitId unit, CrowdEventKind kind) const {
        return static_cast<int>(std::count_if(events_.begin(), events_.end(), [&](const auto& e) {
            return e.unit == unit && e.kind == kind;
        }));
    }

  private:
    std::vector<CrowdEvent> events_;
};

/// Every unit's tile, by unit id.
inline std::vector<Cell> crowd_positions(const Crowd& crowd) {
    std::vector<Cell> now;
    for (const Unit& unit : crowd.units())
        now.push_back(unit.at);
    return now;
}

/// Runs until settled or `limit` ticks, checking every tick's moves (`check_crowd_tick`; the
/// first illegal one fails the test and ends the run) and keeping the events in `log`;
/// returns the arrivals of the whole run.
inline int run_checked(Crowd& crowd, const GridMap& map, std::uint64_t limit, CrowdLog& log) {
    std::vector<Cell> before = crowd_positions(crowd);
    while (!crowd.is_settled() && crowd.tick() < limit) {
        log.step(crowd);
        const std::vector<Cell> after = crowd_positions(crowd);
        if (const auto problem = check_crowd_tick(map, before, after)) {
            ADD_FAILURE() << "tick " << crowd.tick() << ": " << *problem;
            break;
        }
        before = after;
    }
    return static_cast<int>(std::count_if(
        log.events().begin(), log.events().end(),
        [](const CrowdEvent& event) { return event.kind == CrowdEventKind::Arrived; }));
}

}  // namespace pathkit::testing
