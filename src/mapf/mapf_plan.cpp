// plan_mapf: checks the agents, then runs LaCAM within the time limit.
#include "pathkit/mapf/mapf_plan.hpp"

#include <optional>

#include "pathkit/mapf/plan_refiner.hpp"
#include "pathkit/mapf/spread_paths.hpp"

#include <chrono>
#include <cmath>

namespace pathkit {

namespace {

using Clock = std::chrono::steady_clock;

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

}  // namespace

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
    const auto began = Clock::now();
    MapfPlan plan;
    const auto refuse = [&](MapfStatus status, std::string message) {
        plan.status = status;
        plan.message = std::move(message);
        return plan;
    };
    if (!(options.time_limit_seconds > 0) || options.time_limit_seconds > 366 * 86400.0)
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

    DistanceTables distances(graph, options.distance_memory_limit);
    const auto finish = [&](MapfStatus status, std::string message) {
        plan.distance_table_bytes = distances.peak_memory_bytes();
        plan.total_ms = std::chrono::duration<double, std::milli>(Clock::now() - began).count();
        return refuse(status, std::move(message));
    };
    for (std::uint32_t agent = 0; agent < starts.size(); ++agent) {
        const std::uint32_t table = distances.table_for(goal_vertices[agent]);
        if (distances.distance(table, start_vertices[agent]) == DistanceTables::unreachable)
            return finish(MapfStatus::NoSolution,
                          "agent " + std::to_string(agent) + " cannot reach its goal " +
                              to_string(goals[agent]) + " from " + to_string(starts[agent]));
    }
    const auto deadline = began + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(options.time_limit_seconds));
    const auto search_began = Clock::now();
    LacamSearch search(graph, distances, start_vertices, goal_vertices, options.search);
    // Routes that spread the agents out, within a tenth of the time limit.
    if (options.spread)
        search.prefer_routes(spread_paths(
            graph, distances, start_vertices, goal_vertices,
            search_began + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(options.time_limit_seconds / 10))));
    LacamState state = LacamState::Searching;
    std::vector<MapfConfiguration> best;
    const auto run_began = Clock::now();
    if (!options.search.anytime) {
        state = search.run(deadline);
        best = search.solution();
    } else {
        // LaCAM* for a quarter of the time and, once it has a plan, large neighbourhood search
        // on the best plan so far for the rest, in slices, until the limit or a proof.
        std::optional<PlanRefiner> refiner;
        std::uint64_t refined_from = 0;  // the LaCAM* loss the refiner last started from
        bool searching = true;
        while (Clock::now() < deadline) {
            const auto slice_end = std::min(deadline, Clock::now() + std::chrono::milliseconds(5));
            if (searching) {
                state = search.run(slice_end);
                searching = state == LacamState::Solved || state == LacamState::Searching;
                if (state == LacamState::Optimal || state == LacamState::NoSolution ||
                    (state == LacamState::OutOfMemory && !refiner))
                    break;
            }
            if (state == LacamState::Searching && !refiner) continue;
            const std::uint64_t loss = search.solution_loss();
            if (!refiner || (loss < refined_from &&
                             soc_of(search.solution(), goal_vertices) < refiner->sum_of_costs())) {
                refiner.emplace(graph, distances, goal_vertices, search.solution(),
                                options.search.seed);
                refined_from = loss;
            }
            refiner->run(
                std::min(deadline, Clock::now() + std::chrono::milliseconds(searching ? 15 : 100)));
        }
        best = search.solution();
        if (refiner && state != LacamState::Optimal &&
            refiner->sum_of_costs() < soc_of(best, goal_vertices)) {
            best = refiner->steps();
        }
        if (state == LacamState::OutOfMemory || state == LacamState::Searching)
            state = best.empty() ? state : LacamState::Solved;
    }
    plan.configurations = search.configurations();
    plan.search_bytes = search.memory_bytes();
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
            return finish(MapfStatus::NotSolved, "the search reached its memory limit of " +
                                                     std::to_string(options.search.memory_limit) +
                                                     " bytes");
        case LacamState::Searching:
            return finish(MapfStatus::NotSolved, "no plan within the time limit");
    }
    plan.first_solution_ms = std::chrono::duration<double, std::milli>(run_began - began).count() +
                             1000 * search.seconds_to_first_solution();
    return finish(MapfStatus::Solved, "");
}

}  // namespace pathkit
