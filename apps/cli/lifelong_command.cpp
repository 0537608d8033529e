// `pathkit mapf --lifelong` (agents fetching task after task), its check in `mapf-check`, and
// `pathkit mapf-tasks` (random tasks for a map and its agents' starts).
#include "lifelong_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "format.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/io/limits.hpp"
#include "pathkit/io/mapf_tasks.hpp"
#include "pathkit/mapf/lifelong_check.hpp"
#include "report.hpp"

namespace pathkit::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::string milliseconds(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", ms);
    return text;
}

// Every agent's queue from a tasks file.
std::vector<std::vector<Cell>> queues_of(const MapfTasksFile& file) {
    std::vector<std::vector<Cell>> queues(file.agents);
    for (const LifelongTask& task : file.tasks)
        queues[task.agent].push_back(task.tile);
    return queues;
}

// The tasks file, refused unless written for `agents` agents.
Expected<MapfTasksFile> load_tasks_for(const std::string& path, const GridMap& map,
                                       std::size_t agents) {
    auto tasks = load_mapf_tasks(path, map);
    if (!tasks) return tasks.error();
    if (tasks.value().agents != agents)
        return Status::invalid_input(path + ": written for " +
                                     std::to_string(tasks.value().agents) + " agents, but " +
                                     std::to_string(agents) + " were asked for");
    return tasks;
}

}  // namespace

int run_mapf_lifelong(const LifelongRunArguments& arguments) {
    CommandOutputs outputs("mapf");
    outputs.protect_inputs({arguments.map_file, arguments.scenario_file, arguments.tasks_file});
    if (arguments.steps < 1 || arguments.steps > limits::max_lifelong_steps)
        return outputs.refuse("--steps must be from 1 to " +
                              std::to_string(limits::max_lifelong_steps));
    if (!(arguments.step_budget_ms > 0) || arguments.step_budget_ms > 60'000)
        return outputs.refuse("--step-budget-ms must be > 0 and at most 60000");
    if (!(arguments.time_limit > 0) || arguments.time_limit > 366 * 86400.0)
        return outputs.refuse("--time-limit must be > 0 and at most a year of seconds");
    if (arguments.tasks_file.empty()) return outputs.refuse("--lifelong needs --tasks TASKS");
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const MapfInstance& instance = loaded.value();
    const std::size_t agents = instance.starts.size();
    auto tasks_loaded = load_tasks_for(arguments.tasks_file, instance.map, agents);
    if (!tasks_loaded) return outputs.refuse(tasks_loaded.error().message());
    const MapfTasksFile& tasks = tasks_loaded.value();
    const auto began = Clock::now();
    const auto deadline = began + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(arguments.time_limit));

    // Memory, estimated before anything is allocated: the map and tasks read, the graph (and
    // 4 bytes a vertex for its connected parts, 8 for PIBT), one distance table at least, and
    // the run's record (8 bytes a position, 14 more as text).
    const std::size_t positions = (arguments.steps + 1) * agents;
    if (positions > limits::max_mapf_positions)
        return outputs.refuse(arguments.tasks_file + ": " + std::to_string(agents) +
                              " agents for " + std::to_string(arguments.steps) + " steps make " +
                              std::to_string(positions) + " positions, over the limit of " +
                              std::to_string(limits::max_mapf_positions) + " a result may hold");
    const std::size_t vertices = MapfGraph::count_vertices(instance.map);
    const std::size_t fixed = instance.map.memory_bytes() + tasks.tasks.size() * 40 +
                              MapfGraph::estimate_bytes(instance.map) + 12 * vertices +
                              agents * 256 + positions * (sizeof(Cell) + 14) +
                              12 * instance.map.padded_size();
    const std::size_t smallest_tables = DistanceTables::largest_table_bytes(vertices);
    if (fixed + smallest_tables > memory_budget())
        return outputs.refuse(
            arguments.map_file + ": a lifelong run of " + std::to_string(agents) + " agents for " +
            std::to_string(arguments.steps) + " steps needs at least " +
            format_bytes(static_cast<double>(fixed + smallest_tables)) +
            " (its record of every step " +
            format_bytes(static_cast<double>(positions * (sizeof(Cell) + 14))) +
            ", one distance table " + format_bytes(static_cast<double>(smallest_tables)) +
            "), over " + memory_budget_text());
    LifelongOptions options;
    options.seed = arguments.seed;
    options.swap = arguments.swap;
    options.traffic_flow = arguments.traffic_flow;
    // A table for every agent's goal at once (plus room to keep recent goals), within three
    // quarters of what is left.
    options.distance_memory_limit =
        std::clamp(DistanceTables::room_for_goals(vertices, 2 * agents), smallest_tables,
                   std::max(smallest_tables, (memory_budget() - fixed) / 4 * 3));

    auto graph = MapfGraph::build(instance.map, deadline);
    if (!graph) {
        std::cerr << "pathkit mapf: not finished in time: the planning graph took longer than "
                  << format_cost(arguments.time_limit) << " s\n";
        return exit_no_path;
    }
    auto created = LifelongPlanner::create(*graph, instance.starts, options);
    if (!created) return outputs.refuse(arguments.scenario_file + ": " + created.error().message());
    LifelongPlanner& planner = created.value();
    for (std::size_t i = 0; i < tasks.tasks.size(); ++i)
        if (Status status = planner.add_task(tasks.tasks[i].agent, tasks.tasks[i].tile); !status)
            return outputs.refuse(arguments.tasks_file + ":" + std::to_string(tasks.lines[i]) +
                                  ": " + status.message());

    MapfResultFile result;
    result.steps.reserve(arguments.steps + 1);
    result.steps.push_back(planner.positions());
    const auto budget = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::duration<double, std::milli>(arguments.step_budget_ms));
    double slowest_ms = 0;
    const auto planning_began = Clock::now();
    for (std::uint64_t step = 0; step < arguments.steps; ++step) {
        const auto step_began = Clock::now();
        if (step_began >= deadline) {
            std::cerr << "pathkit mapf: not finished in time: " << step << " of " << arguments.steps
                      << " steps within " << format_cost(arguments.time_limit)
                      << " s; nothing written\n";
            return exit_no_path;
        }
        planner.step(std::min(
            budget, std::chrono::duration_cast<std::chrono::microseconds>(deadline - step_began)));
        slowest_ms =
            std::max(slowest_ms,
                     std::chrono::duration<double, std::milli>(Clock::now() - step_began).count());
        result.steps.push_back(planner.positions());
    }
    const double planning_ms =
        std::chrono::duration<double, std::milli>(Clock::now() - planning_began).count();

    std::vector<std::vector<std::uint64_t>> finished;
    for (std::uint32_t agent = 0; agent < agents; ++agent) {
        const auto steps = planner.finished(agent);
        finished.emplace_back(steps.begin(), steps.end());
    }
    const LifelongCheck check = check_lifelong_plan(instance.map, instance.starts, queues_of(tasks),
                                                    result.steps, finished);
    if (!check.valid()) {  // a planner defect: say so rather than write a bad result
        std::cerr << "pathkit mapf: the lifelong run failed its check: " << check.problems.front()
                  << '\n';
        return exit_no_path;
    }
    const double throughput = planner.throughput();
    char throughput_text[32];
    std::snprintf(throughput_text, sizeof throughput_text, "%.4f", throughput);
    result.fields = {
        {"lifelong", "1"},
        {"agents", std::to_string(agents)},
        {"map_file", std::filesystem::path(arguments.map_file).filename().string()},
        {"solver",
         std::string(arguments.swap ? "pathkit-lifelong-pibt-swap" : "pathkit-lifelong-pibt") +
             (arguments.traffic_flow ? "-traffic-flow" : "")},
        {"steps", std::to_string(arguments.steps)},
        {"tasks", std::to_string(tasks.tasks.size())},
        {"tasks_finished", std::to_string(planner.tasks_finished())},
        {"throughput", throughput_text},
        {"seed", std::to_string(arguments.seed)},
        {"step_budget_ms", milliseconds(arguments.step_budget_ms)},
        {"steps_out_of_time", std::to_string(planner.steps_out_of_time())},
        {"comp_time", milliseconds(planning_ms)},
        {"step_time_max", milliseconds(slowest_ms)},
        {"progress_guaranteed", planner.progress_guaranteed() ? "1" : "0"},
    };
    add_lifelong_finished(result, finished);
    if (!arguments.out.empty())
        if (int code = outputs.add(arguments.out, mapf_result_text(result)); code != exit_found)
            return code;

    Report report;
    report.add("map", arguments.map_file)
        .add("agents", agents)
        .add("status", "ran")
        .add("summary", "finished " + std::to_string(planner.tasks_finished()) + " of " +
                            std::to_string(tasks.tasks.size()) + " tasks in " +
                            std::to_string(arguments.steps) + " steps: throughput " +
                            std::string(throughput_text) + " tasks a step")
        .add("throughput", throughput)
        .add("tasks_finished", planner.tasks_finished())
        .add("steps", arguments.steps)
        .add("steps_out_of_time", planner.steps_out_of_time())
        .add("oldest_task_age", planner.oldest_task_age())
        .add("planning_ms", planning_ms)
        .add("step_ms_mean", planning_ms / static_cast<double>(arguments.steps))
        .add("step_ms_max", slowest_ms)
        .add("progress_guaranteed",
             Report::value(planner.progress_guaranteed(),
                           planner.progress_guaranteed()
                               ? "yes: every pair of adjacent tiles lies on a loop"
                           : arguments.swap ? "no: --swap is on"
                                            : "no: the map has a dead end or a one-tile passage "
                                              "(try --swap), or a part as full of agents as tiles"))
        .add("distance_tables", bytes_report(planner.distance_table_bytes()))
        .add("distance_tables_limit", bytes_report(options.distance_memory_limit))
        .add("peak_resident", bytes_report(peak_resident_bytes()));
    print_report(report, arguments.json);
    return outputs.finish(exit_found);
}

int run_lifelong_check(const LifelongCheckArguments& arguments) {
    CommandOutputs outputs("mapf-check");
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const MapfInstance& instance = loaded.value();
    const std::size_t agents = instance.starts.size();
    auto tasks = load_tasks_for(arguments.tasks_file, instance.map, agents);
    if (!tasks) return outputs.refuse(tasks.error().message());
    auto result = load_mapf_result(arguments.result_file);
    if (!result) return outputs.refuse(result.error().message());
    const MapfResultFile& file = result.value();
    const std::string& path = arguments.result_file;
    if (file.field("lifelong") != "1")
        return outputs.refuse(path +
                              ": not a lifelong result (no lifelong=1), but --tasks was given");
    if (const std::string stated = file.field("agents");
        !stated.empty() && stated != std::to_string(agents))
        return outputs.refuse(path + ": agents=" + stated.substr(0, 40) + ", but " +
                              std::to_string(agents) + " were asked for");
    auto finished = lifelong_finished(file, agents, path);
    if (!finished) return outputs.refuse(finished.error().message());
    const std::size_t positions = file.steps.empty() ? 0 : file.steps.size() * file.steps[0].size();
    const std::size_t needed = instance.map.memory_bytes() + positions * sizeof(Cell) +
                               tasks.value().tasks.size() * 40 + 64 * agents;
    if (needed > memory_budget())
        return outputs.refuse(path + ": checking its run of " + std::to_string(positions) +
                              " positions needs " + format_bytes(static_cast<double>(needed)) +
                              ", over " + memory_budget_text());
    const LifelongCheck check = check_lifelong_plan(
        instance.map, instance.starts, queues_of(tasks.value()), file.steps, finished.value());
    std::vector<std::string> problems = check.problems;
    std::uint64_t problem_count = check.problem_count;
    const std::uint64_t steps = file.steps.empty() ? 0 : file.steps.size() - 1;
    char throughput[32];
    std::snprintf(
        throughput, sizeof throughput, "%.4f",
        steps == 0 ? 0.0 : static_cast<double>(check.tasks_finished) / static_cast<double>(steps));
    for (const auto& [key, actual] : {std::pair<const char*, std::string>{
                                          "tasks_finished", std::to_string(check.tasks_finished)},
                                      {"steps", std::to_string(steps)},
                                      {"throughput", throughput}}) {
        const std::string stated = file.field(key);
        if (check.valid() && !stated.empty() && stated != actual) {
            problems.push_back(std::string(key) + "=" + stated.substr(0, 40) +
                               " is stated, but the run's is " + actual);
            ++problem_count;
        }
    }
    Report report;
    report.add("result", path).add("agents", agents).add("valid", problem_count == 0);
    if (problem_count > 0) {
        Report listed = Report::lines();
        for (const std::string& problem : problems)
            listed.push(problem);
        report.add("problem_count", problem_count).add("problems", std::move(listed));
        print_report(report, arguments.json);
        return exit_no_path;
    }
    report.add("steps", steps)
        .add("tasks_finished", check.tasks_finished)
        .add("throughput", Report::value(std::stod(throughput), throughput));
    print_report(report, arguments.json);
    return exit_found;
}

namespace {

struct MapfTasksArguments {
    std::string map_file;
    std::string scenario_file;
    std::size_t agents = 0;
    std::size_t tasks_each = 0;
    std::uint64_t seed = 0;
    std::string out;
};

int run_mapf_tasks(const MapfTasksArguments& arguments) {
    CommandOutputs outputs("mapf-tasks");
    outputs.protect_inputs({arguments.map_file, arguments.scenario_file});
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const MapfInstance& instance = loaded.value();
    if (arguments.tasks_each > limits::max_lifelong_tasks / arguments.agents)
        return outputs.refuse(std::to_string(arguments.agents) + " agents with " +
                              std::to_string(arguments.tasks_each) + " tasks each are over the " +
                              "limit of " + std::to_string(limits::max_lifelong_tasks) + " tasks");
    const std::size_t needed = instance.map.memory_bytes() +
                               MapfGraph::estimate_bytes(instance.map) +
                               12 * MapfGraph::count_vertices(instance.map) +
                               arguments.agents * arguments.tasks_each * (12 + 24);
    if (needed > memory_budget())
        return outputs.refuse(arguments.map_file + ": the tasks need " +
                              format_bytes(static_cast<double>(needed)) + ", over " +
                              memory_budget_text());
    const MapfGraph graph(instance.map);
    MapfConfiguration starts;
    if (Status status = graph.vertices_of(instance.starts, "start", starts); !status)
        return outputs.refuse(arguments.scenario_file + ": " + status.message());
    const std::vector<LifelongTask> tasks =
        random_lifelong_tasks(graph, starts, arguments.tasks_each, arguments.seed);
    if (int code = outputs.add(arguments.out, mapf_tasks_text(arguments.agents, tasks));
        code != exit_found)
        return code;
    Report report;
    report.add("map", arguments.map_file)
        .add("agents", arguments.agents)
        .add("tasks", tasks.size())
        .add("out", arguments.out);
    print_report(report, false);
    return outputs.finish(exit_found);
}

}  // namespace

Command add_mapf_tasks_command(CLI::App& app) {
    auto arguments = std::make_shared<MapfTasksArguments>();
    CLI::App* command = app.add_subcommand(
        "mapf-tasks",
        "Random tasks for a lifelong run (pathkit mapf --lifelong): for each agent of a "
        "MovingAI scenario, tiles it can reach, drawn uniformly");
    command->add_option("map", arguments->map_file, "The .map file")->required();
    command->add_option("--scen", arguments->scenario_file, "The .scen file: its rows' starts")
        ->required();
    command->add_option("--agents", arguments->agents, "How many agents (the first N rows)")
        ->required()
        ->check(CLI::Range(std::size_t{1}, limits::max_mapf_agents));
    command->add_option("--tasks-per-agent", arguments->tasks_each, "Tasks for each agent")
        ->required()
        ->check(CLI::Range(std::size_t{1}, limits::max_lifelong_tasks));
    command
        ->add_option("--seed", arguments->seed,
                     "Number that picks the draw (the same number, the same tasks)")
        ->capture_default_str();
    command->add_option("--out", arguments->out, "The tasks file to write")->required();
    return {command, [arguments] { return run_mapf_tasks(*arguments); }};
}

}  // namespace pathkit::cli
