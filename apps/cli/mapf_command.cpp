// `pathkit mapf` (plan many agents together on a MovingAI instance) and `pathkit mapf-check`
// (check a plan in the research result format).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "format.hpp"
#include "outputs.hpp"
#include "pathkit/io/mapf_files.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "pathkit/mapf/mapf_check.hpp"
#include "pathkit/mapf/mapf_plan.hpp"
#include "picture_flags.hpp"

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
    std::string out;
    PictureFlags pictures;
};

struct MapfCheckArguments {
    std::string map_file;
    std::string scenario_file;
    std::size_t agents = 0;
    std::string result_file;
};

std::string ratio(std::uint64_t value, std::uint64_t bound) {
    return bound == 0 ? "-" : format_cost(static_cast<double>(value) / static_cast<double>(bound));
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

int run_mapf(const MapfArguments& arguments) {
    CommandOutputs outputs("mapf");
    outputs.protect_inputs({arguments.map_file, arguments.scenario_file});
    if (!(arguments.time_limit > 0) || arguments.time_limit > 366 * 86400.0)
        return outputs.refuse("--time-limit must be > 0 and at most a year of seconds");
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const MapfInstance& instance = loaded.value();
    const MapfGraph graph(instance.map);
    MapfPlanOptions options;
    options.time_limit_seconds = arguments.time_limit;
    options.search.seed = arguments.seed;
    options.search.anytime = arguments.anytime;
    options.search.pibt_runs = arguments.pibt_runs;
    options.spread = arguments.spread;
    MapfPlan plan = plan_mapf(graph, instance.starts, instance.goals, options);
    if (plan.status == MapfStatus::InvalidInput) return outputs.refuse(plan.message);

    bool solved = plan.status == MapfStatus::Solved;
    const MapfCheck check = check_mapf_plan(instance.map, instance.starts, instance.goals,
                                            solved ? plan.steps : std::vector<std::vector<Cell>>{});
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
        {"comp_time", milliseconds(plan.total_ms)},
        {"comp_time_initial_solution", solved ? milliseconds(plan.first_solution_ms) : "-1"},
        {"seed", std::to_string(arguments.seed)},
        {"optimal", plan.optimal ? "1" : "0"},
        {"configurations", std::to_string(plan.configurations)},
        {"distance_table_bytes", std::to_string(plan.distance_table_bytes)},
        {"search_bytes", std::to_string(plan.search_bytes)},
    };
    result.steps = plan.steps;
    if (!arguments.out.empty())
        if (int code = outputs.add(arguments.out, mapf_result_text(result)); code != exit_found)
            return code;

    std::string summary;
    if (solved) {
        summary = "solved " + std::to_string(instance.starts.size()) + " agents: sum of costs " +
                  std::to_string(check.sum_of_costs) + " (" +
                  ratio(check.sum_of_costs, check.sum_of_costs_lower_bound) +
                  " x its lower bound " + std::to_string(check.sum_of_costs_lower_bound) +
                  "), makespan " + std::to_string(check.makespan) + " (lower bound " +
                  std::to_string(check.makespan_lower_bound) + ")";
    } else {
        summary = std::string(to_string(plan.status)) + ": " + plan.message;
    }
    std::cout << arguments.map_file << ", " << instance.starts.size() << " agents: " << summary
              << '\n'
              << "time: " << format_cost(plan.total_ms) << " ms";
    if (solved)
        std::cout << " (first solution after " << format_cost(plan.first_solution_ms) << " ms)";
    std::cout << "; configurations visited: " << plan.configurations << "; memory: distance tables "
              << plan.distance_table_bytes / 1024 << " KiB, search " << plan.search_bytes / 1024
              << " KiB" << (plan.optimal ? "; proved optimal (sum of loss)" : "") << '\n';
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
    CommandOutputs outputs("mapf-check");
    auto loaded = load_mapf_instance(arguments.map_file, arguments.scenario_file, arguments.agents);
    if (!loaded) return outputs.refuse(loaded.error().message());
    auto result = load_mapf_result(arguments.result_file);
    if (!result) return outputs.refuse(result.error().message());
    const MapfInstance& instance = loaded.value();
    const MapfResultFile& file = result.value();
    const std::string& path = arguments.result_file;
    if (const std::string agents = file.field("agents");
        !agents.empty() && agents != std::to_string(instance.starts.size()))
        return outputs.refuse(path + ": agents=" + agents + ", but " +
                              std::to_string(instance.starts.size()) + " were asked for");
    if (file.field("solved") == "0") {
        std::cout << path << ": the result says it is not solved; nothing to check\n";
        return exit_no_path;
    }
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
    if (problem_count > 0) {
        std::cout << path << ": INVALID, " << problem_count << " problem"
                  << (problem_count == 1 ? "" : "s") << '\n';
        for (const std::string& problem : problems)
            std::cout << "  " << problem << '\n';
        if (problems.size() < problem_count)
            std::cout << "  ... and " << problem_count - problems.size() << " more\n";
        return exit_no_path;
    }
    std::cout << path << ": valid, " << instance.starts.size()
              << " agents; soc=" << check.sum_of_costs
              << " soc_lb=" << check.sum_of_costs_lower_bound << " (ratio "
              << ratio(check.sum_of_costs, check.sum_of_costs_lower_bound)
              << "); makespan=" << check.makespan << " makespan_lb=" << check.makespan_lower_bound
              << '\n';
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
    command->add_option("--out", arguments->out,
                        "Write the result (key=value lines and the plan, the research tools' "
                        "format)");
    arguments->pictures.add_to(*command, false, true, true);
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
    return {command, [arguments] { return run_mapf_check(*arguments); }};
}

}  // namespace pathkit::cli
