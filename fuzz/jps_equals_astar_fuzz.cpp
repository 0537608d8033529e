// Fuzz target (API): on a grid made from the bytes, under any diagonal policy, jump point
// search finds a path exactly when A* does, at the same cost, every step a legal move.
#include <cmath>
#include <cstdint>

#include "fuzz_grid.hpp"
#include "pathkit/grid/grid_path.hpp"
#include "pathkit/grid/jump_point_search.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    fuzzing::FuzzBytes bytes(data, size);
    GridMap map = fuzzing::grid_from_bytes(bytes);
    const int width = map.width(), height = map.height();
    const MovementRules rules = fuzzing::rules_from_bytes(bytes);
    const GridSpace space(map, rules);
    for (int query = 0; query < 6 && !bytes.empty(); ++query) {
        const Cell from{bytes.in(0, width - 1), bytes.in(0, height - 1)};
        const Cell to{bytes.in(0, width - 1), bytes.in(0, height - 1)};
        const GridPath astar = space.find_path(from, to);
        const GridPath jps = find_path_jps(space, from, to);
        if (astar.status != jps.status) fuzzing::broken("JPS and A* disagree on the status");
        if (!astar.found()) continue;
        if (std::fabs(astar.cost - jps.cost) > 1e-3f * (1 + astar.cost))
            fuzzing::broken("JPS and A* disagree on the cost");
        if (std::fabs(path_cost(space, jps.path) - jps.cost) > 1e-3f * (1 + jps.cost))
            fuzzing::broken("JPS's path does not cost what it says (an illegal step?)");
    }
    return 0;
}
