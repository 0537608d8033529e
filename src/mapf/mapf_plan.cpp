// plan_mapf: checks the agents, then runs LaCAM within the time limit.
#include "pathkit/mapf/mapf_plan.hpp"

#include <chrono>
#include <cmath>

namespace pathkit {

namespace {

using Clock = std::chrono::steady_clock;

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
    const LacamState state = search.run(deadline);
    plan.configurations = search.configurations();
    plan.search_bytes = search.memory_bytes();
    for (const MapfConfiguration& configuration : search.solution()) {
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
    plan.first_solution_ms =
        std::chrono::duration<double, std::milli>(search_began - began).count() +
        1000 * search.seconds_to_first_solution();
    return finish(MapfStatus::Solved, "");
}

}  // namespace pathkit
