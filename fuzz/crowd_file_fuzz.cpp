// Fuzz target: crowd scenario JSON; small scenarios are run for a few hundred ticks and traced.
#include <algorithm>
#include <cstdint>
#include <string_view>

#include "pathkit/io/crowd_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    auto scenario = parse_crowd_scenario(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json", "fuzz-no-folder");
    if (!scenario || scenario.value().units.size() > 32 ||
        scenario.value().map.width() * scenario.value().map.height() > 64 * 64)
        return 0;
    scenario.value().max_ticks = std::min<std::uint64_t>(scenario.value().max_ticks, 300);
    // A coordinated move that finds no plan spends its whole budget every tick (2 ms by
    // default: 0.6 s an input over 300 ticks); a tenth of a millisecond still runs its search.
    auto& budget = scenario.value().options.coordination_budget_us;
    budget = std::min(budget, 100);
    const auto report = run_crowd_scenario(scenario.value(), true);
    if (report) (void)crowd_trace_json(scenario.value(), report.value());
    return 0;
}
