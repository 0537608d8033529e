// plan_mapf: checks the agents, then runs LaCAM within the time limit.
#include "pathkit/mapf/mapf_plan.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "pathkit/mapf/guide_paths.hpp"
#include "pathkit/mapf/plan_refiner.hpp"
#include "pathkit/mapf/spread_paths.hpp"

namespace pathkit {

namespace {

using Clock = std::chrono::steady_clock;

// The longest time limit accepted, a year (366 days): past it the deadline's arithmetic is
// still safe, and no caller means more.
constexpr double longest_time_limit_seconds = 366 * 86400.0;
// The vertices the regions check passes between two reads of the clock: about a millisecond.
constexpr std::uint32_t vertices_between_clock_reads = 1u << 20;
// Spread routes get a tenth of the time limit: they guide PIBT, which must keep the most.
constexpr double spread_share_of_time_limit = 0.1;
// Guide paths (quality balanced and best) get half the time limit (as LaCAM3 gives its space
// utilisation optimisation; rounds on crowded large maps need it) and an eighth of the
// search's memory limit (freed before the search grows; the routes PIBT keeps count as the
// search's).
constexpr double guide_share_of_time_limit = 0.5;
constexpr std::size_t guide_share_of_search_memory = 8;
// Quality balanced and best: while the plan costs more than 1.2 times its lower bound (crowded
// maps, where tie-breaks change the cost most), up to 2 more LaCAM searches with other
// tie-breaks and the same routes, each within 1.5 times the first search's expansions (work, not
// time: the same plan on every machine); the cheapest plan is kept. The routes are found once,
// so each search again costs only a search: about a third more time on small crowded maps.
constexpr double search_again_above_lower_bound = 1.2;
constexpr std::uint32_t most_searches_again = 2;
constexpr double search_again_work_share = 1.5;
// Quality balanced and best: while the plan (after searching again) costs more than 1.05 times
// its lower bound, the refiner's rounds on it, 4 agents a round (cheaper rounds than 8, and more
// of them gain: 1.987 times the bound on the 32 x 32 maps against 1.993 with the adaptive sizes),
// in portions of 16 expanded states per agent until a portion gains nothing or 256 states per
// agent are expanded (work, not time: the same plan on every machine); on mazes and the most
// crowded maps, where replanning a few agents around the others rarely helps, it costs one
// portion.
constexpr double refine_above_lower_bound = 1.05;
constexpr std::uint32_t balanced_refiner_neighbourhood = 4;
constexpr std::uint64_t balanced_refiner_portion_per_agent = 16;
constexpr std::uint64_t balanced_refiner_expansions_per_agent = 256;
// Quality best: then refiner rounds, one per 4 agents (2 to 8 agents a round: a fair share of
// them replanned; a round costs 4-50 ms on crowded maps), at least this many, and states its
// searches expand per agent at most.
constexpr std::uint64_t best_refiner_agents_per_round = 4;
constexpr std::uint64_t best_refiner_rounds_at_least = 50;
constexpr std::uint64_t best_refiner_expansions_per_agent = 16384;
// Anytime, while LaCAM* may still improve: it searches 5 ms, then the refiner 15 ms, so
// LaCAM* has a quarter of the time, in slices short enough that neither waits on the other.
constexpr auto lacam_slice = std::chrono::milliseconds(5);
constexpr auto refiner_slice_beside_lacam = std::chrono::milliseconds(15);
// Once LaCAM* has stopped, the refiner alone, in slices long enough that the loop around
// them costs nothing (the deadline still cuts the last one).
constexpr auto refiner_slice_alone = std::chrono::milliseconds(100);
// Anytime and at quality best, the refiner may hold a quarter of the search's memory limit,
// LaCAM the rest (balanced refines in what LaCAM left).
constexpr std::size_t refiner_share_of_search_memory = 4;

// The sum over agents of the time each last arrives at its goal.
std::uint64_t soc_of(const std::vector<MapfConfiguration>& steps, const MapfConfiguration& goals) {
    std::uint64_t sum = 0;
    for (std::size_t agent = 0; agent < goals.size(); ++agent) {
        std::size_t last = 0;
        for (std::size_t t = 0; t < steps.size(); ++t)
            if (steps[t][agent] != goals[agent]) last = t + 1;
        sum += last;
    }
    return sum;
}

// The first agent whose goal lies in another region of the graph than its start (the number of
// agents when there is none), or nothing past `deadline`. Regions by union-find over the
// vertices in row order, each joined with its north and west neighbours (the smaller ids): one
// pass over the graph and 4 bytes a vertex, instead of one search per agent.
std::optional<std::size_t> first_cut_off_agent(const MapfGraph& graph,
                                               const MapfConfiguration& starts,
                                               const MapfConfiguration& goals,
                                               Clock::time_point deadline) {
    if (Clock::now() >= deadline) return std::nullopt;
    std::vector<std::uint32_t> root(graph.vertex_count());
    const auto find = [&](std::uint32_t vertex) {
        while (root[vertex] != vertex) {
            root[vertex] = root[root[vertex]];  // path halving
            vertex = root[vertex];
        }
        return vertex;
    };
    for (std::uint32_t vertex = 0; vertex < root.size(); ++vertex) {
        if (vertex % vertices_between_clock_reads == 0 && Clock::now() >= deadline)
            return std::nullopt;
        root[vertex] = vertex;
        for (const MapfVertex neighbour : graph.neighbours(MapfVertex(vertex))) {
            if (neighbour.value >= vertex) continue;
            const std::uint32_t a = find(vertex), b = find(neighbour.value);
            if (a != b) root[std::max(a, b)] = std::min(a, b);
        }
    }
    for (std::size_t agent = 0; agent < starts.size(); ++agent)
        if (find(starts[agent].value) != find(goals[agent].value)) return agent;
    return starts.size();
}

// The sum over agents of the steps from start to goal: no plan costs less.
std::uint64_t lower_bound_of(DistanceTables& distances, const MapfConfiguration& starts,
                             const MapfConfiguration& goals) {
    std::uint64_t sum = 0;
    for (std::size_t agent = 0; agent < starts.size(); ++agent)
        sum += distances.distance(distances.table_for(goals[agent]), starts[agent]);
    return sum;
}

// Quality balanced and best: LaCAM again with other tie-breaks while the plan of `search` (solved)
// costs well above the lower bound, and with `also_without_routes` once more without the routes
// (on small crowded mazes the routes crowd the corridors: 3.77 x the lower bound without them
// against 4.16 with them on maze-32-32-2 at 300 agents); `search` becomes the cheapest search.
// Returns the searches run again. Deterministic for a seed unless the deadline or the memory
// limit decides.
std::uint32_t search_again(const MapfGraph& graph, DistanceTables& distances,
                           const MapfConfiguration& starts, const MapfConfiguration& goals,
                           double lower_bound, const LacamOptions& options,
                           const std::vector<std::vector<MapfVertex>>& routes,
                           Clock::time_point deadline, std::optional<LacamSearch>& search,
                           bool also_without_routes = false) {
    std::uint64_t cost = soc_of(search->solution(), goals);
    const auto work = static_cast<std::uint64_t>(search_again_work_share *
                                                 static_cast<double>(search->expansions()));
    const auto far_above_bound = [&] {
        return static_cast<double>(cost) > search_again_above_lower_bound * lower_bound;
    };
    const std::uint32_t most = most_searches_again + (also_without_routes && !routes.empty());
    std::uint32_t searches = 0;
    while (searches < most && far_above_bound() && Clock::now() < deadline) {
        ++searches;
        LacamOptions again = options;
        again.seed = options.seed + searches * 0x9e3779b97f4a7c15ULL;  // other tie-breaks
        const std::size_t held = search->memory_bytes();
        again.memory_limit = options.memory_limit > held ? options.memory_limit - held : 0;
        LacamSearch other(graph, distances, starts, goals, again);
        if (!routes.empty() && searches <= most_searches_again) other.prefer_routes(routes);
        if (other.run(deadline, work) != LacamState::Solved) continue;
        const std::uint64_t other_cost = soc_of(other.solution(), goals);
        if (other_cost < cost) {
            cost = other_cost;
            search = std::move(other);
        }
    }
    return searches;
}

}  // namespace

const char* to_string(MapfQuality quality) {
    switch (quality) {
        case MapfQuality::Fast:
            return "fast";
        case MapfQuality::Balanced:
            return "balanced";
        case MapfQuality::Best:
            return "best";
    }
    return "unknown";
}

const char* to_string(MapfStatus status) {
    switch (status) {
        case MapfStatus::Solved:
            return "solved";
        case MapfStatus::NotSolved:
            return "not solved";
        case MapfStatus::NoSolution:
            return "no solution";
        case MapfStatus::InvalidInput:
            return "invalid input";
    }
    return "unknown";
}

MapfPlan plan_mapf(const MapfGraph& graph, std::span<const Cell> starts,
                   std::span<const Cell> goals, const MapfPlanOptions& options) {
    const auto began = options.started.value_or(Clock::now());
    MapfPlan plan;
    const auto refuse = [&](MapfStatus status, std::string message) {
        plan.status = status;
        plan.message = std::move(message);
        return plan;
    };
    if (!(options.time_limit_seconds > 0) ||
        options.time_limit_seconds > longest_time_limit_seconds)
        return refuse(MapfStatus::InvalidInput, "the time limit must be > 0 s and at most a year");
    if (options.search.pibt_runs < 1 || options.search.pibt_runs > 64)
        return refuse(MapfStatus::InvalidInput, "pibt_runs must be in 1..64");
    if (starts.size() != goals.size())
        return refuse(MapfStatus::InvalidInput, std::to_string(starts.size()) + " starts but " +
                                                    std::to_string(goals.size()) + " goals");
    MapfConfiguration start_vertices, goal_vertices;
    if (Status status = graph.vertices_of(starts, "start", start_vertices); !status)
        return refuse(MapfStatus::InvalidInput, status.message());
    if (Status status = graph.vertices_of(goals, "goal", goal_vertices); !status)
        return refuse(MapfStatus::InvalidInput, status.message());
    const auto deadline = began + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(options.time_limit_seconds));

    DistanceTables distances(graph, options.distance_memory_limit);
    distances.stop_at(deadline);
    const auto finish = [&](MapfStatus status, std::string message) {
        plan.distance_table_bytes = distances.peak_memory_bytes();
        plan.total_ms = std::chrono::duration<double, std::milli>(Clock::now() - began).count();
        return refuse(status, std::move(message));
    };
    const std::optional<std::size_t> cut_off =
        first_cut_off_agent(graph, start_vertices, goal_vertices, deadline);
    if (!cut_off) return finish(MapfStatus::NotSolved, "no plan within the time limit");
    if (*cut_off < starts.size())
        return finish(MapfStatus::NoSolution,
                      "agent " + std::to_string(*cut_off) + " cannot reach its goal " +
                          to_string(goals[*cut_off]) + " from " + to_string(starts[*cut_off]));

    LacamOptions lacam_options = options.search;
    const bool refining = options.search.anytime || options.quality == MapfQuality::Best;
    const std::size_t refiner_memory_limit =
        refining ? options.search.memory_limit / refiner_share_of_search_memory : 0;
    lacam_options.memory_limit -= refiner_memory_limit;
    std::optional<LacamSearch> search;
    std::optional<PlanRefiner> refiner;
    LacamState state = LacamState::Searching;
    auto run_began = Clock::now();
    std::optional<Clock::time_point> refined_at;  // searched again or refined: when it ended
    std::vector<std::vector<MapfVertex>> routes;  // the routes PIBT prefers, if any
    try {  // the tables throw OutOfTime when a search for distances would pass the deadline
        const auto search_began = Clock::now();
        search.emplace(graph, distances, start_vertices, goal_vertices, lacam_options);
        const auto share_of_limit = [&](double share) {
            return std::min(deadline, search_began + std::chrono::duration_cast<Clock::duration>(
                                                         std::chrono::duration<double>(
                                                             options.time_limit_seconds * share)));
        };
        if (!options.spread && options.quality != MapfQuality::Fast) {
            GuidePathOptions guide;
            guide.seed = options.search.seed;
            guide.memory_limit = options.search.memory_limit / guide_share_of_search_memory;
            routes = guide_paths(graph, distances, start_vertices, goal_vertices, guide,
                                 share_of_limit(guide_share_of_time_limit))
                         .paths;
        }
        // Routes that spread the agents out, within a tenth of the time limit.
        if (options.spread)
            routes = spread_paths(graph, distances, start_vertices, goal_vertices,
                                  share_of_limit(spread_share_of_time_limit));
        if (!routes.empty()) search->prefer_routes(routes);
        run_began = Clock::now();
        if (!options.search.anytime) {
            state = search->run(deadline);
            if (options.quality != MapfQuality::Fast && state == LacamState::Solved) {
                const auto lower_bound =
                    static_cast<double>(lower_bound_of(distances, start_vertices, goal_vertices));
                plan.searches_again =
                    search_again(graph, distances, start_vertices, goal_vertices, lower_bound,
                                 lacam_options, routes, deadline, search);
                // Balanced refines within what LaCAM left of the search's memory limit (best
                // within its own share), and only when the refiner's start fits there.
                const std::size_t held = search->memory_bytes();
                const std::size_t room = refining ? refiner_memory_limit
                                                  : (lacam_options.memory_limit > held
                                                         ? lacam_options.memory_limit - held
                                                         : 0);
                const bool worth_refining =
                    static_cast<double>(soc_of(search->solution(), goal_vertices)) >
                        refine_above_lower_bound * lower_bound &&
                    PlanRefiner::starting_bytes(graph.vertex_count(), starts.size(),
                                                search->solution().size()) < room;
                const auto refining_began = Clock::now();
                if (worth_refining || options.quality == MapfQuality::Best)
                    refiner.emplace(graph, distances, goal_vertices, search->solution(),
                                    options.search.seed, room);
                if (worth_refining) {
                    refiner->use_only_neighbourhood_size(balanced_refiner_neighbourhood);
                    plan.refiner_rounds += refiner->run_while_improving(
                        deadline, balanced_refiner_portion_per_agent * starts.size(),
                        balanced_refiner_expansions_per_agent * starts.size());
                }
                if (options.quality == MapfQuality::Best) {
                    refiner->use_only_neighbourhood_size(0);  // all sizes, adaptively
                    plan.refiner_rounds +=
                        refiner->run(deadline,
                                     std::max(best_refiner_rounds_at_least,
                                              starts.size() / best_refiner_agents_per_round),
                                     best_refiner_expansions_per_agent * starts.size());
                }
                refined_at = Clock::now();
                if (refiner)
                    plan.refiner_ms =
                        std::chrono::duration<double, std::milli>(*refined_at - refining_began)
                            .count();
            }
        } else {
            // LaCAM* for a quarter of the time and, once it has a plan, large neighbourhood
            // search on the best plan so far for the rest, in slices, until the limit or a proof.
            std::uint64_t refined_from = 0;  // the LaCAM* loss the refiner last started from
            bool searching = true;
            while (Clock::now() < deadline) {
                const auto slice_end = std::min(deadline, Clock::now() + lacam_slice);
                if (searching) {
                    state = search->run(slice_end);
                    searching = state == LacamState::Solved || state == LacamState::Searching;
                    if (state == LacamState::Optimal || state == LacamState::NoSolution ||
                        (state == LacamState::OutOfMemory && !refiner))
                        break;
                }
                if (state == LacamState::Searching && !refiner) continue;
                if (!refiner) {  // the first plan: cheaper ones by other tie-breaks, no routes
                    plan.searches_again =
                        search_again(graph, distances, start_vertices, goal_vertices,
                                     static_cast<double>(
                                         lower_bound_of(distances, start_vertices, goal_vertices)),
                                     lacam_options, routes, deadline, search, true);
                    if (plan.searches_again > 0) refined_at = Clock::now();
                }
                const std::uint64_t loss = search->solution_loss();
                if (!refiner || (loss < refined_from && soc_of(search->solution(), goal_vertices) <
                                                            refiner->sum_of_costs())) {
                    refiner.emplace(graph, distances, goal_vertices, search->solution(),
                                    options.search.seed, refiner_memory_limit);
                    refined_from = loss;
                }
                const auto refining_began = Clock::now();
                plan.refiner_rounds += refiner->run(std::min(
                    deadline, refining_began +
                                  (searching ? refiner_slice_beside_lacam : refiner_slice_alone)));
                plan.refiner_ms +=
                    std::chrono::duration<double, std::milli>(Clock::now() - refining_began)
                        .count();
            }
        }
    } catch (const DistanceTables::OutOfTime&) {
        // The deadline passed inside a step (spread routes, the refiner's first round): what
        // was found before it stands.
    }
    std::vector<MapfConfiguration> best;
    if (search) {
        best = search->solution();
        plan.configurations = search->configurations();
        plan.search_bytes = search->memory_bytes() + (refiner ? refiner->memory_bytes() : 0);
    }
    if (refiner && state != LacamState::Optimal &&
        (best.empty() || refiner->sum_of_costs() < soc_of(best, goal_vertices)))
        best = refiner->steps();
    if (state == LacamState::OutOfMemory || state == LacamState::Searching)
        state = best.empty() ? state : LacamState::Solved;
    for (const MapfConfiguration& configuration : best) {
        std::vector<Cell>& step = plan.steps.emplace_back();
        step.reserve(configuration.size());
        for (const MapfVertex vertex : configuration)
            step.push_back(graph.cell(vertex));
    }
    plan.optimal = state == LacamState::Optimal;
    switch (state) {
        case LacamState::Solved:
        case LacamState::Optimal:
            break;
        case LacamState::NoSolution:
            return finish(MapfStatus::NoSolution,
                          "no plan exists: every reachable configuration was visited");
        case LacamState::OutOfMemory:
            plan.memory_limit_reached = true;
            return finish(MapfStatus::NotSolved,
                          "the search stopped at the memory limit: it holds " +
                              std::to_string(plan.search_bytes) + " bytes, its limit is " +
                              std::to_string(options.search.memory_limit));
        case LacamState::Searching:
            return finish(MapfStatus::NotSolved, "no plan within the time limit");
    }
    // Quality balanced and best (not anytime) return the plan of their last search or the
    // refined plan: its time is the first solution's.
    plan.first_solution_ms =
        refined_at ? std::chrono::duration<double, std::milli>(*refined_at - began).count()
                   : std::chrono::duration<double, std::milli>(run_began - began).count() +
                         1000 * search->seconds_to_first_solution();
    return finish(MapfStatus::Solved, "");
}

MapfPlan plan_mapf(const GridMap& map, std::span<const Cell> starts, std::span<const Cell> goals,
                   const MapfPlanOptions& options) {
    MapfPlanOptions within = options;
    within.started = options.started.value_or(Clock::now());
    MapfPlan plan;
    plan.status = MapfStatus::InvalidInput;
    if (!(options.time_limit_seconds > 0) ||
        options.time_limit_seconds > longest_time_limit_seconds) {
        plan.message = "the time limit must be > 0 s and at most a year";
        return plan;
    }
    for (const auto& [cells, role] : {std::pair{starts, "start"}, std::pair{goals, "goal"}}) {
        if (Status status = MapfGraph::check_agents(map, cells, role); !status) {
            plan.message = status.message();
            return plan;
        }
    }
    const auto deadline =
        *within.started + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(options.time_limit_seconds));
    const std::optional<MapfGraph> graph = MapfGraph::build(map, deadline);
    if (!graph) {
        plan.status = MapfStatus::NotSolved;
        plan.message = "no plan within the time limit";
        plan.total_ms =
            std::chrono::duration<double, std::milli>(Clock::now() - *within.started).count();
        return plan;
    }
    plan = plan_mapf(*graph, starts, goals, within);
    plan.graph_bytes = graph->memory_bytes();
    return plan;
}

}  // namespace pathkit
