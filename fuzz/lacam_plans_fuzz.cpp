// Fuzz target (API): on a tiny map and agents made from the bytes, LaCAM's plan passes the
// validator, and LaCAM says "no solution" only where brute force over configurations agrees.
#include <cstdint>

#include "fuzz_bytes.hpp"
#include "pathkit/mapf/mapf_check.hpp"
#include "pathkit/mapf/mapf_plan.hpp"
#include "support/mapf_brute_force.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    fuzzing::FuzzBytes bytes(data, size);
    const int width = bytes.in(1, 5), height = bytes.in(1, 4);
    testing::TinyMapfInstance instance{GridMap::create(width, height).value(), {}, {}};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (bytes.in(0, 99) < 25) (void)instance.map.set_walkable({x, y}, false);
    const int agents = bytes.in(1, 3);
    for (int agent = 0; agent < agents; ++agent) {
        instance.starts.push_back({bytes.in(0, width - 1), bytes.in(0, height - 1)});
        instance.goals.push_back({bytes.in(0, width - 1), bytes.in(0, height - 1)});
    }
    const MapfGraph graph(instance.map);
    MapfPlanOptions options;
    options.time_limit_seconds = 30;
    options.search.anytime = bytes.flip();
    options.search.seed = bytes.byte();
    const MapfPlan plan = plan_mapf(graph, instance.starts, instance.goals, options);
    if (plan.status == MapfStatus::InvalidInput) return 0;
    const bool exists = testing::brute_force_least_loss(instance).has_value();
    if (plan.status == MapfStatus::Solved) {
        if (!check_mapf_plan(instance.map, instance.starts, instance.goals, plan.steps).valid())
            fuzzing::broken("LaCAM's plan fails the validator");
        if (!exists) fuzzing::broken("LaCAM solved what brute force says has no solution");
    } else if (plan.status == MapfStatus::NoSolution && exists) {
        fuzzing::broken("LaCAM says no solution but brute force finds one");
    } else if (plan.status == MapfStatus::NotSolved) {
        fuzzing::broken("LaCAM ran out of time on a tiny instance");
    }
    return 0;
}
