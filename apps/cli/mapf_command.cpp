// `pathkit mapf` (plan many agents together on a MovingAI instance) and `pathkit mapf-check`
// (check a plan in the research result format).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "format.hpp"
#include "lifelong_command.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/io/limits.hpp"
#include "pathkit/io/mapf_files.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "pathkit/mapf/mapf_check.hpp"
#include "pathkit/mapf/mapf_plan.hpp"
#include "picture_flags.hpp"
#include "report.hpp"

namespace pathkit::cli {

namespace {

struct MapfArguments {
    std::string map_file;
    std::string scenario_file;
    std::size_t agents = 0;
    double time_limit = 10;
    std::uint64_t seed = 0;
    bool anytime = false;
    std::uint32_t pibt_runs = 4;
    bool spread = false;
    std::string quality = "balanced";
    std::string out;
    bool json = false;
    PictureFlags pictures;
    bool lifelong = false;
    LifelongRunArguments lifelong_run;  // its tasks, steps, step budget and swap
};

struct MapfCheckArguments {
    std::string map_file;
    std::string scenario_file;
    std::size_t agents = 0;
    std::string result_file;
    std::string tasks_file;  // a lifelong result's tasks
    bool json = false;
};

std::string ratio(std::uint64_t value, std::uint64_t bound) {
    return bound == 0 ? "-" : format_cost(static_cast<double>(value) / static_cast<double>(bound));
}

// Tiles `mapf` lets the lower-bound searches expand after planning (mapf-check: the library's
// `mapf_check_search_limit`).
constexpr std::uint64_t mapf_lower_bound_work = mapf_check_search_limit / 5;

// How many agents' lower bounds are their straight-line distance (weaker than usual), and in
// text why.
Report straight_line_bounds(const MapfCheck& check, std::uint64_t limit) {
    return Report::value(
        check.agents_without_exact_bound,
        std::to_string(check.agents_without_exact_bound) +
            " agents' lower bounds are their straight-line (Manhattan) distance, not their "
            "shortest path: the searches for the exact bounds stopped at their limit of " +
            std::to_string(limit) + " tiles expanded");
}

// Milliseconds with three decimals (the research tools write whole milliseconds).
std::string milliseconds(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", ms);
    return text;
}

// The plan drawn as a crowd run: every agent tick by tick, with its goal.
ViewerPart plan_part(const std::string& name, const std::string& summary,
                     const MapfInstance& instance, const MapfPlan& plan) {
    CrowdScenario scenario;
    scenario.map = instance.map;
    CrowdRunReport run;
    for (std::size_t agent = 0; agent < instance.starts.size(); ++agent)
        scenario.units.push_back({static_cast<int>(agent), instance.starts[agent]});
    run.positions =
        plan.steps.empty() ? std::vector<std::vector<Cell>>{instance.starts} : plan.steps;
    std::vector<std::optional<Cell>> goals(instance.goals.begin(), instance.goals.end());
    run.destinations.assign(run.positions.size(), goals);
    return crowd_part(name, summary, scenario, run);
}

// What planning will hold at most, estimated before anything is allocated: the parts that do
// not depend on the search, and the room left for the distance tables and the search.
struct MapfMemoryPlan {
    std::size_t map = 0;
    std::size_t graph = 0;
    std::size_t extras = 0;  // spread routes or the anytime refiner, per vertex
    std::size_t smallest_tables = 0;
    std::size_t smallest_search = 0;
    std::size_t distance_limit = 0;
    std::size_t search_limit = 0;

    [[nodiscard]] std::size_t needed() const {
        return map + graph + extras + smallest_tables + smallest_search;
    }
};

MapfMemoryPlan plan_memory(const MapfInstance& instance, const MapfArguments& arguments) {
    MapfMemoryPlan memory;
    const std::size_t vertices = MapfGraph::count_vertices(instance.map);
    const std::size_t agents = instance.starts.size();
    memory.map = instance.map.memory_bytes() + 2 * agents * sizeof(Cell);
    memory.graph = MapfGraph::estimate_bytes(instance.map);
    // Spread routes: a count per vertex and the engine's records (12 bytes a state, 16 per
    // open state). The refiner (anytime, quality best): a list and an agent per vertex; quality
    // balanced refines only within what the search left of its share. Guide paths (quality
    // balanced and best) live within an eighth of the search's share.
    if (arguments.spread) memory.extras += vertices * (4 + 12 + 16);
    if (arguments.anytime || arguments.quality == "best") memory.extras += vertices * (24 + 4);
    // One distance table is always allowed; the search needs PIBT's scratch (8 bytes a vertex)
    // and its agents' lists, and room for a few configurations.
    memory.smallest_tables = DistanceTables::largest_table_bytes(vertices);
    memory.smallest_search = 8 * vertices + agents * 64 + (std::size_t{4} << 20);
    const std::size_t budget = memory_budget();
    if (memory.needed() > budget) return memory;
    const std::size_t rest = budget - memory.map - memory.graph - memory.extras;
    // The tables get room for every agent's (searched again when freed, they cost time on
    // every step) up to three quarters of what is left, the search the rest.
    const std::size_t every_table = DistanceTables::room_for_goals(vertices, agents);
    memory.distance_limit =
        std::clamp(every_table, memory.smallest_tables,
                   std::max(memory.smallest_tables, (rest - memory.smallest_search) / 4 * 3));
    memory.search_limit = rest - memory.distance_limit;
    return memory;
}

// What each part of planning held, as the planner counted it, their sum, and the process's
// peak (which also holds the program itself).
Report memory_report(const MapfMemoryPlan& memory, const MapfPlan& plan,
                     const MapfPlanOptions& options) {
    const std::size_t counted =
        memory.map + plan.graph_bytes + plan.distance_table_bytes + plan.search_bytes;
    Report report;
    report.add("map", bytes_report(memory.map))
        .add("graph",
             plan.graph_bytes > 0 || memory.graph == 0
                 ? bytes_report(plan.graph_bytes)
                 : Report::value(plan.graph_bytes,
                                 "not finished (" +
                                     format_bytes(static_cast<double>(memory.graph)) + " whole)"))
        .add("distance_tables", bytes_report(plan.distance_table_bytes))
        .add("distance_tables_limit", bytes_report(options.distance_memory_limit))
        .add("search", bytes_report(plan.search_bytes))
        .add("search_limit", bytes_report(options.search.memory_limit))
        .add("counted", bytes_report(counted))
        .add("peak_resident", bytes_report(peak_resident_bytes()));
    return report;
}

// The head of the report: the instance, and the outcome in a word and in a sentence.
Report outcome_report(const MapfArguments& arguments, const MapfInstance& instance,
                      const std::string& status, const std::string& summary) {
    Report report;
    report.add("map", arguments.map_file)
        .add("agents", instance.starts.size())
        .add("status", status)
        .add("summary", summary);
    return report;
}

int run_mapf(const MapfArguments& arguments) {
    if (arguments.lifelong) {
        LifelongRunArguments lifelong = arguments.lifelong_run;
        lifelong.map_file = arguments.map_file;
        lifelong.scenario_file = arguments.scenario_file;
        lifelong.agents = arguments.agents;
        lifelong.time_limit = arguments.time_limit;
        lifelong.seed = arguments.seed;
        lifelong.out = arguments.out;
        lifelong.json = arguments.json;
        return run_mapf_lifelong(lifelong);
    }
    CommandOutputs outputs("mapf");
    if (!arguments.lifelong_run.tasks_file.empty() || arguments.lifelong_run.steps > 0)
        return outputs.refuse("--tasks and --steps are for --lifelong runs");
    outputs.protect_inputs({arguments.map_file, arguments.scenario_file});
    if (!(arguments.time_limit > 0) || arguments.time_limit > 366 * 86400.0)
        return outputs.refuse("--time-limit must be > 0 and at most a year of seconds");
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    // The time limit covers everything after reading the files.
    const auto began = std::chrono::steady_clock::now();
    const MapfInstance& instance = loaded.value();
    const MapfMemoryPlan memory = plan_memory(instance, arguments);
    if (memory.search_limit == 0)
        return outputs.refuse(
            arguments.map_file + ": planning " + std::to_string(instance.starts.size()) +
            " agents needs at least " + format_bytes(static_cast<double>(memory.needed())) +
            " (the map " + format_bytes(static_cast<double>(memory.map)) + ", its planning graph " +
            format_bytes(static_cast<double>(memory.graph)) + ", one distance table " +
            format_bytes(static_cast<double>(memory.smallest_tables)) +
            (memory.extras > 0 ? ", --spread/--anytime/--quality " +
                                     format_bytes(static_cast<double>(memory.extras))
                               : std::string()) +
            ", the search " + format_bytes(static_cast<double>(memory.smallest_search)) +
            "), over " + memory_budget_text());
    MapfPlanOptions options;
    options.time_limit_seconds = arguments.time_limit;
    options.started = began;
    options.search.seed = arguments.seed;
    options.search.anytime = arguments.anytime;
    options.search.pibt_runs = arguments.pibt_runs;
    options.search.memory_limit = memory.search_limit;
    options.distance_memory_limit = memory.distance_limit;
    options.spread = arguments.spread;
    options.quality = arguments.quality == "fast"       ? MapfQuality::Fast
                      : arguments.quality == "balanced" ? MapfQuality::Balanced
                                                        : MapfQuality::Best;
    // The graph is built within the time limit, and freed before the plan is checked.
    MapfPlan plan = plan_mapf(instance.map, instance.starts, instance.goals, options);
    if (plan.status == MapfStatus::InvalidInput) return outputs.refuse(plan.message);
    const Report memory_held = memory_report(memory, plan, options);
    bool solved = plan.status == MapfStatus::Solved;
    // Writing the plan: its steps, the result's text (at most 14 bytes a position on maps of
    // up to 16,384 tiles a side) and the check's records (12 bytes a tile).
    const std::size_t positions =
        plan.steps.empty() ? 0 : plan.steps.size() * plan.steps.front().size();
    const std::size_t writing =
        memory.map + positions * (sizeof(Cell) + 14) + 12 * instance.map.padded_size();
    if (solved && writing > memory_budget()) {
        Report report = outcome_report(arguments, instance, "not solved",
                                       "not solved: stopped at the memory limit: the plan of " +
                                           std::to_string(plan.steps.size()) + " steps needs " +
                                           format_bytes(static_cast<double>(writing)) +
                                           " to check and write, over " + memory_budget_text());
        print_report(report.add("memory", memory_held), arguments.json);
        return exit_no_path;
    }
    // The plan's check, and the lower bounds the summary and the result file state (within a
    // fifth of mapf-check's work limit: they come after the time limit). Without a plan and
    // without a result file nothing needs them.
    MapfCheck check;
    if (solved || !arguments.out.empty())
        check = check_mapf_plan(instance.map, instance.starts, instance.goals,
                                solved ? plan.steps : std::vector<std::vector<Cell>>{}, 20,
                                mapf_lower_bound_work);
    if (solved && !check.valid()) {  // a planner defect: say so rather than write a bad plan
        std::cerr << "pathkit mapf: the plan failed its check: " << check.problems.front() << '\n';
        solved = false;
        plan.steps.clear();
    }
    const std::string map_name = std::filesystem::path(arguments.map_file).filename().string();
    MapfResultFile result;
    result.fields = {
        {"agents", std::to_string(instance.starts.size())},
        {"map_file", map_name},
        {"solver", arguments.anytime ? "pathkit-lacam-star" : "pathkit-lacam"},
        {"solved", solved ? "1" : "0"},
        {"soc", std::to_string(solved ? check.sum_of_costs : 0)},
        {"soc_lb", std::to_string(check.sum_of_costs_lower_bound)},
        {"makespan", std::to_string(solved ? check.makespan : 0)},
        {"makespan_lb", std::to_string(check.makespan_lower_bound)},
        {"lb_exact", check.agents_without_exact_bound == 0 ? "1" : "0"},
        {"comp_time", milliseconds(plan.total_ms)},
        {"comp_time_initial_solution", solved ? milliseconds(plan.first_solution_ms) : "-1"},
        {"seed", std::to_string(arguments.seed)},
        {"quality", arguments.quality},
        {"optimal", plan.optimal ? "1" : "0"},
        {"configurations", std::to_string(plan.configurations)},
        {"distance_table_bytes", std::to_string(plan.distance_table_bytes)},
        {"search_bytes", std::to_string(plan.search_bytes)},
    };
    if (!arguments.out.empty()) {
        result.steps = std::move(plan.steps);
        const int code = outputs.add(arguments.out, mapf_result_text(result));
        plan.steps = std::move(result.steps);
        if (code != exit_found) return code;
    }

    std::string summary;
    if (solved) {
        summary = "solved " + std::to_string(instance.starts.size()) + " agents: sum of costs " +
                  std::to_string(check.sum_of_costs) + " (" +
                  ratio(check.sum_of_costs, check.sum_of_costs_lower_bound) +
                  " x its lower bound " + std::to_string(check.sum_of_costs_lower_bound) +
                  "), makespan " + std::to_string(check.makespan) + " (lower bound " +
                  std::to_string(check.makespan_lower_bound) + ")";
    } else if (plan.memory_limit_reached) {
        summary = "not solved: stopped at the memory limit: the search holds " +
                  format_bytes(static_cast<double>(plan.search_bytes)) + ", its share of " +
                  memory_budget_text() + " is " +
                  format_bytes(static_cast<double>(options.search.memory_limit));
    } else if (plan.status == MapfStatus::NotSolved) {
        summary = "not solved in time: no plan within " + format_cost(arguments.time_limit) +
                  " s (set-up included)";
    } else {
        summary = std::string(to_string(plan.status)) + ": " + plan.message;
    }
    Report report = outcome_report(arguments, instance,
                                   solved                              ? "solved"
                                   : plan.status == MapfStatus::Solved ? "not solved"
                                                                       : to_string(plan.status),
                                   summary);
    if (solved)
        report.add("soc", check.sum_of_costs)
            .add("soc_lb", check.sum_of_costs_lower_bound)
            .add("makespan", check.makespan)
            .add("makespan_lb", check.makespan_lower_bound)
            .add("first_solution_ms", plan.first_solution_ms);
    report.add("time_ms", plan.total_ms).add("configurations", plan.configurations);
    if (plan.searches_again > 0) report.add("searches_again", plan.searches_again);
    if (plan.refiner_rounds > 0)
        report.add("refiner_rounds", plan.refiner_rounds).add("refiner_ms", plan.refiner_ms);
    report.add("optimal", plan.optimal).add("memory", memory_held);
    if (check.agents_without_exact_bound > 0)
        report.add("straight_line_bounds", straight_line_bounds(check, mapf_lower_bound_work));
    print_report(report, arguments.json);
    if (arguments.pictures.any()) {
        const ViewerPart part = plan_part(map_name, summary, instance, plan);
        if (int added =
                arguments.pictures.add(outputs, "pathkit mapf", {part}, 1, arguments.scenario_file);
            added != exit_found)
            return added;
    }
    return outputs.finish(solved ? exit_found : exit_no_path);
}

int run_mapf_check(const MapfCheckArguments& arguments) {
    if (!arguments.tasks_file.empty())
        return run_lifelong_check({arguments.map_file, arguments.scenario_file, arguments.agents,
                                   arguments.result_file, arguments.tasks_file, arguments.json});
    CommandOutputs outputs("mapf-check");
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    auto result = load_mapf_result(arguments.result_file);
    if (!result) return outputs.refuse(result.error().message());
    const MapfInstance& instance = loaded.value();
    const MapfResultFile& file = result.value();
    const std::string& path = arguments.result_file;
    if (file.field("lifelong") == "1")
        return outputs.refuse(path + ": a lifelong result: give its tasks with --tasks TASKS");
    if (const std::string agents = file.field("agents");
        !agents.empty() && agents != std::to_string(instance.starts.size()))
        return outputs.refuse(path + ": agents=" + agents + ", but " +
                              std::to_string(instance.starts.size()) + " were asked for");
    Report report;
    report.add("result", path).add("agents", instance.starts.size());
    if (file.field("solved") == "0") {
        report.add("solved", false)
            .add("message", "the result says it is not solved; nothing to check");
        print_report(report, arguments.json);
        return exit_no_path;
    }
    // The check's records (12 bytes a tile) and its index of one step's tiles, beside the
    // map and the plan already read.
    const std::size_t positions = file.steps.empty() ? 0 : file.steps.size() * file.steps[0].size();
    const std::size_t needed = instance.map.memory_bytes() + positions * sizeof(Cell) +
                               12 * instance.map.padded_size() + 64 * instance.starts.size();
    if (needed > memory_budget())
        return outputs.refuse(path + ": checking its plan of " + std::to_string(positions) +
                              " positions on " + arguments.map_file + " needs " +
                              format_bytes(static_cast<double>(needed)) + ", over " +
                              memory_budget_text());
    const MapfCheck check =
        check_mapf_plan(instance.map, instance.starts, instance.goals, file.steps);
    std::vector<std::string> problems = check.problems;
    std::uint64_t problem_count = check.problem_count;
    // The costs the file states must be the ones its plan has.
    for (const auto& [key, actual] :
         {std::pair{"soc", check.sum_of_costs}, std::pair{"makespan", check.makespan}}) {
        const std::string stated = file.field(key);
        if (check.valid() && !stated.empty() && stated != std::to_string(actual)) {
            problems.push_back(std::string(key) + "=" + stated.substr(0, 40) +
                               " is stated, but the plan's is " + std::to_string(actual));
            ++problem_count;
        }
    }
    report.add("valid", problem_count == 0);
    if (problem_count > 0) {
        Report listed = Report::lines();
        for (const std::string& problem : problems)
            listed.push(problem);
        report.add("problem_count", problem_count).add("problems", std::move(listed));
        print_report(report, arguments.json);
        return exit_no_path;
    }
    report.add("soc", check.sum_of_costs).add("soc_lb", check.sum_of_costs_lower_bound);
    if (check.sum_of_costs_lower_bound > 0)
        report.add("soc_ratio", static_cast<double>(check.sum_of_costs) /
                                    static_cast<double>(check.sum_of_costs_lower_bound));
    report.add("makespan", check.makespan).add("makespan_lb", check.makespan_lower_bound);
    if (check.agents_without_exact_bound > 0)
        report.add("straight_line_bounds", straight_line_bounds(check, mapf_check_search_limit));
    print_report(report, arguments.json);
    return exit_found;
}

}  // namespace

Command add_mapf_command(CLI::App& app) {
    auto arguments = std::make_shared<MapfArguments>();
    CLI::App* command = app.add_subcommand(
        "mapf",
        "Plan many agents together (LaCAM) on a MovingAI map and scenario: no two on "
        "one tile, none trading tiles; exit 1 when not solved in time");
    command->add_option("--map", arguments->map_file, "The .map file")->required();
    command
        ->add_option("--scen", arguments->scenario_file,
                     "The .scen file; its first rows are the agents")
        ->required();
    command->add_option("--agents", arguments->agents, "How many agents (the first N rows)")
        ->required()
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
    command->add_option("--time-limit", arguments->time_limit, "Seconds for the whole run")
        ->capture_default_str();
    command->add_option("--seed", arguments->seed, "Seed for tie-breaks (same seed, same plan)")
        ->capture_default_str();
    command->add_flag("--anytime", arguments->anytime,
                      "LaCAM*: keep improving the plan until the time limit (or a proof that "
                      "it is optimal)");
    command
        ->add_option("--pibt-runs", arguments->pibt_runs,
                     "PIBT runs per expansion, the best kept: better plans, slower")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    command->add_flag("--spread", arguments->spread,
                      "Guide agents by routes that spread them out (better plans on small "
                      "crowded maps, slower)");
    command
        ->add_option("--quality", arguments->quality,
                     "Time spent on a cheaper plan: fast (the first plan LaCAM finds), balanced "
                     "(PIBT guided by routes that avoid each other, searched again with other "
                     "tie-breaks when the plan is far above its lower bound, then a few agents "
                     "at a time replanned while that gains; 2-6 times as long, more on small "
                     "crowded maps), best (balanced, then more rounds of replanning groups of "
                     "agents)")
        ->check(CLI::IsMember({"fast", "balanced", "best"}))
        ->capture_default_str();
    command->add_option("--out", arguments->out,
                        "Write the result (key=value lines and the plan, the research tools' "
                        "format)");
    command->add_flag("--json", arguments->json,
                      "Print the outcome as one JSON document (the same fields as the text)");
    arguments->pictures.add_to(*command, false, true, true);
    LifelongRunArguments& lifelong = arguments->lifelong_run;
    command->add_flag("--lifelong", arguments->lifelong,
                      "Lifelong: agents start on the scenario's starts and visit the tiles of "
                      "--tasks in order, for --steps steps (PIBT); prints the throughput");
    command->add_option("--tasks", lifelong.tasks_file,
                        "With --lifelong: the tasks file (pathkit mapf-tasks writes one)");
    command->add_option("--steps", lifelong.steps, "With --lifelong: how many steps to run")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{limits::max_lifelong_steps}));
    command
        ->add_option("--step-budget-ms", lifelong.step_budget_ms,
                     "With --lifelong: milliseconds of planning a step at most (a step out of "
                     "time keeps every agent in place)")
        ->capture_default_str();
    command->add_flag("--swap", lifelong.swap,
                      "With --lifelong: agents pull others out of dead ends (helps on maps with "
                      "dead ends; no progress guarantee)");
    command->add_flag("--traffic-flow", lifelong.traffic_flow,
                      "With --lifelong: agents follow guide paths that keep opposite flows "
                      "apart (up to half of each step's budget renews them)");
    return {command, [arguments] { return run_mapf(*arguments); }};
}

Command add_mapf_check_command(CLI::App& app) {
    auto arguments = std::make_shared<MapfCheckArguments>();
    CLI::App* command =
        app.add_subcommand("mapf-check",
                           "Check a many-agent plan (research result format) against its instance: "
                           "exit 0 valid, 1 invalid or unsolved");
    command->add_option("map", arguments->map_file, "The .map file")->required();
    command->add_option("scen", arguments->scenario_file, "The .scen file")->required();
    command->add_option("agents", arguments->agents, "How many agents (the first N rows)")
        ->required()
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
    command->add_option("result", arguments->result_file, "The result file")->required();
    command->add_option("--tasks", arguments->tasks_file,
                        "A lifelong result's tasks file: check its moves and finished tasks");
    command->add_flag("--json", arguments->json,
                      "Print the verdict as one JSON document (the same fields as the text)");
    return {command, [arguments] { return run_mapf_check(*arguments); }};
}

}  // namespace pathkit::cli
