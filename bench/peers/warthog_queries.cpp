// warthog-jps's jps2 or jps2+ on a MovingAI scenario, each query timed as a whole call.
//
// warthog's own timer (the `nanos` column of its `warthog-jps` program) starts and stops inside
// its search: the path it then walks back from the goal and the vector it fills are not in it.
// pathkit's `bench` times the whole `find_path` call, path included. So that both figures cover
// the same work, this program times `get_path` (search and path, as a game would call it) with
// the same clock as pathkit's bench, and prints warthog's own timer beside it.
//
// Built by scripts/bench-peers against a warthog-jps checkout (never part of pathkit's build):
//   warthog_queries ALG SCEN WARM_UP
//     ALG: jps2 or jps2+; SCEN: a .scen file whose map lies where warthog looks for it;
//     WARM_UP: queries left out of the means (they are still solved and checked).
// Prints one line: "<whole us> <own timer us> <queries timed> <cost mismatches>", the means over
// the timed queries; a mismatch is a cost more than 0.01 from the scenario's optimal length.

// warthog's offline jump table header uses std::find_if without including <algorithm>.
#include <algorithm>

#include <jps/jump/jump_point_offline.h>
#include <jps/jump/jump_point_online.h>
#include <jps/search/jps_prune_expansion_policy.h>
#include <warthog/domain/gridmap.h>
#include <warthog/heuristic/octile_heuristic.h>
#include <warthog/search/unidirectional_search.h>
#include <warthog/util/pqueue.h>
#include <warthog/util/scenario_manager.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

/// Solves every query of `scenario` on `map_file` with the expansion policy `Policy`, as
/// warthog's own program sets the search up, and prints the figures.
template <class Policy>
int run(warthog::util::scenario_manager& scenario, const std::string& map_file, unsigned warm_up) {
    warthog::domain::gridmap map(map_file.c_str());
    Policy expander(&map);
    warthog::heuristic::octile_heuristic heuristic(map.width(), map.height());
    warthog::util::pqueue_min open;
    warthog::search::unidirectional_search search(&heuristic, &expander, &open);
    double whole_nanoseconds = 0;
    double own_nanoseconds = 0;
    unsigned timed = 0;
    unsigned mismatches = 0;
    for (unsigned i = 0; i < scenario.num_experiments(); ++i) {
        warthog::util::experiment* query = scenario.get_experiment(i);
        const auto started = std::chrono::steady_clock::now();
        warthog::search::problem_instance instance(
            expander.get_pack(query->startx(), query->starty()),
            expander.get_pack(query->goalx(), query->goaly()), false);
        warthog::search::search_parameters parameters;
        warthog::search::solution solution;
        search.get_path(&instance, &parameters, &solution);
        const auto stopped = std::chrono::steady_clock::now();
        if (std::fabs(solution.sum_of_edge_costs_ - query->distance()) > 0.01) ++mismatches;
        if (i < warm_up) continue;
        whole_nanoseconds += std::chrono::duration<double, std::nano>(stopped - started).count();
        own_nanoseconds += static_cast<double>(solution.met_.time_elapsed_nano_.count());
        ++timed;
    }
    if (timed == 0) {
        std::fprintf(stderr, "warthog_queries: no query after the warm-up\n");
        return 2;
    }
    std::printf("%.4f %.4f %u %u\n", whole_nanoseconds / timed / 1000,
                own_nanoseconds / timed / 1000, timed, mismatches);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: warthog_queries jps2|jps2+ SCEN WARM_UP\n");
        return 2;
    }
    const std::string algorithm = argv[1];
    const unsigned warm_up = static_cast<unsigned>(std::strtoul(argv[3], nullptr, 10));
    warthog::util::scenario_manager scenario;
    scenario.load_scenario(argv[2]);
    const std::string map_file = warthog::util::find_map_filename(scenario, argv[2]);
    if (scenario.num_experiments() == 0 || map_file.empty()) {
        std::fprintf(stderr, "warthog_queries: %s: no queries, or no map beside it\n", argv[2]);
        return 2;
    }
    using jps::search::jps_prune_expansion_policy;
    if (algorithm == "jps2")
        return run<jps_prune_expansion_policy<jps::jump::jump_point_online>>(scenario, map_file,
                                                                             warm_up);
    if (algorithm == "jps2+")
        return run<jps_prune_expansion_policy<jps::jump::jump_point_offline<>>>(scenario, map_file,
                                                                                warm_up);
    std::fprintf(stderr, "warthog_queries: unknown algorithm %s (jps2 or jps2+)\n", argv[1]);
    return 2;
}
