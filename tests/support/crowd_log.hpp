// Test support: the events of a crowd over a whole run (the crowd keeps only the last tick's).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "pathkit/crowd/crowd.hpp"

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

}  // namespace pathkit::testing
