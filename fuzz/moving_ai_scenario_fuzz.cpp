// Fuzz target: MovingAI `.scen` text, checked against a small map when it loads.
#include <cstdint>
#include <sstream>
#include <string>

#include "pathkit/io/moving_ai.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream input(std::string(reinterpret_cast<const char*>(data), size));
    const auto scenario = pathkit::read_moving_ai_scenario(input, "fuzz.scen");
    if (!scenario) return 0;
    const auto map = pathkit::GridMap::create(16, 16);
    for (const pathkit::ScenarioQuery& query : scenario.value().queries) {
        (void)pathkit::check_query(query, map.value());
        (void)pathkit::matches_optimal_length(1.5, query.optimal_length);
    }
    return 0;
}
