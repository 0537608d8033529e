// `pathkit crowd SCENARIO.json...`: runs crowd scenarios and reports each unit and the counts.
#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "file_batches.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/io/crowd_file.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
#include "progress.hpp"

namespace pathkit::cli {

namespace {

struct CrowdArguments {
    std::vector<std::string> files;
    std::string trace;
    bool json = false;
    PictureFlags pictures;
};

// The files this run writes for `file`: refused before the run when one cannot be written
// (a folder, a device such as /dev/full), rather than after hours of ticks.
Status check_outputs(const CrowdArguments& arguments, const std::string& file) {
    const PictureFlags& pictures = arguments.pictures;
    for (const std::string* out :
         {&arguments.trace, &pictures.html, &pictures.svg, &pictures.png}) {
        if (out->empty()) continue;
        OutputFiles probe;
        if (Status status = probe.add(output_path_for(*out, arguments.files.size(), file), {});
            !status)
            return status;
    }
    return {};
}

// What the trace costs: the report's own bytes, the JSON text when --trace is given, and the
// viewer's frames (and the HTML page's data) when pictures are asked for.
CrowdTraceMemory trace_costs(const CrowdArguments& arguments, const CrowdScenario& scenario) {
    CrowdTraceMemory costs =
        arguments.trace.empty() ? CrowdTraceMemory{} : crowd_trace_json_memory(scenario);
    if (arguments.pictures.any()) {  // crowd_part: points, lists and frame labels
        costs.per_position += 2 * sizeof(Point2) + sizeof(std::vector<Point2>);
        costs.per_tick += 3 * 48 + 48;
        costs.per_planned_tile += sizeof(Point2);
    }
    if (!arguments.pictures.html.empty()) {  // the page's JSON document and text
        costs.per_position += 320;
        costs.per_tick += 96;
        costs.per_planned_tile += 128;
    }
    return costs;
}

int run_crowd(const CrowdArguments& arguments, const std::string& file, CommandOutputs& outputs) {
    auto scenario = load_crowd_scenario(file);
    if (!scenario) return outputs.refuse(scenario.error().message());
    if (Status status = check_outputs(arguments, file); !status)
        return outputs.refuse(status.message());
    const CrowdScenario& read = scenario.value();
    const bool coordinated = std::any_of(read.commands.begin(), read.commands.end(),
                                         [](const ScenarioCommand& c) { return c.coordinated; });
    const std::uint64_t holdings =
        read.map.memory_bytes() +
        Crowd::memory_estimate(read.map, read.options, read.units.size(), coordinated);
    const std::uint64_t budget = memory_budget();
    if (holdings > budget)
        return outputs.refuse(
            file + ": the crowd needs " + format_bytes(static_cast<double>(holdings)) +
            " (a map of " + std::to_string(read.map.width()) + " x " +
            std::to_string(read.map.height()) + " tiles, " + std::to_string(read.units.size()) +
            " units" + (coordinated ? ", coordinated moves" : "") + "), over " +
            memory_budget_text());
    const bool trace = !arguments.trace.empty() || arguments.pictures.any();
    CrowdTraceMemory costs = trace_costs(arguments, read);
    costs.limit = budget - holdings;
    Progress progress("ticks", read.max_ticks);
    auto report = run_crowd_scenario(
        read, trace,
        [&](std::uint64_t tick) {
            if (tick % 64 == 0) progress.update(tick);
        },
        costs);
    if (!report) return outputs.refuse(file + ": " + report.error().message());
    const CrowdRunReport& run = report.value();
    int code = run.completed ? exit_found : exit_no_path;
    const std::string ending =
        std::string(run.completed                 ? "completed"
                    : run.stopped_at_memory_limit ? "stopped at the memory limit"
                                                  : "stopped at max_ticks") +
        " after " + std::to_string(run.ticks) + " ticks";
    nlohmann::json units = nlohmann::json::array();
    if (!arguments.json) std::cout << file << ": " << ending << '\n';
    if (run.stopped_at_memory_limit)
        std::cerr << "pathkit crowd: " << file << ": the trace of " << read.units.size()
                  << " units would need more than "
                  << format_bytes(static_cast<double>(costs.limit)) << ", what "
                  << memory_budget_text() << " leaves beside the crowd's "
                  << format_bytes(static_cast<double>(holdings))
                  << "; run fewer ticks, without a trace, or with a larger --memory-limit\n";
    for (const ScenarioUnitReport& unit : run.units) {
        if (!unit.arrived_tick && unit.outcome != "no order" && unit.outcome != "attacking")
            code = exit_no_path;
        if (arguments.json) {
            nlohmann::json line{
                {"id", unit.name}, {"at", {unit.at.x, unit.at.y}}, {"outcome", unit.outcome}};
            if (unit.arrived_tick) line["arrived_tick"] = *unit.arrived_tick;
            units.push_back(std::move(line));
            continue;
        }
        std::cout << "  unit " << unit.name << ": "
                  << (unit.arrived_tick ? "arrived at tick " + std::to_string(*unit.arrived_tick)
                                        : unit.outcome)
                  << ", at " << to_string(unit.at) << '\n';
    }
    if (arguments.json) {
        std::cout << json_text({{"file", file},
                                {"completed", run.completed},
                                {"stopped_at_memory_limit", run.stopped_at_memory_limit},
                                {"ticks", run.ticks},
                                {"units", units},
                                {"stalls", run.stats.stalls},
                                {"replans", run.stats.replans},
                                {"deadlocks_resolved", run.stats.deadlocks_resolved},
                                {"coordinated_waits", run.stats.coordinated_waits},
                                {"handed_to_coordination", run.stats.handed_to_coordination}})
                  << '\n';
    } else {
        std::cout << "  stalls: " << run.stats.stalls << ", replans: " << run.stats.replans
                  << ", deadlocks resolved: " << run.stats.deadlocks_resolved;
        if (run.stats.coordinated_waits > 0)
            std::cout << ", coordinated waits: " << run.stats.coordinated_waits;
        if (run.stats.handed_to_coordination > 0)
            std::cout << ", handed to the coordinated planner: "
                      << run.stats.handed_to_coordination;
        std::cout << '\n';
    }
    if (arguments.pictures.any()) {
        const ViewerPart part =
            crowd_part(file, ending + "; rings: where units go, dashes: their planned ways",
                       scenario.value(), run);
        if (int added = arguments.pictures.add(outputs, "pathkit crowd", {part},
                                               arguments.files.size(), file);
            added != exit_found)
            return added;
    }
    if (!arguments.trace.empty()) {
        if (int added = outputs.add(output_path_for(arguments.trace, arguments.files.size(), file),
                                    crowd_trace_json(scenario.value(), run) + '\n');
            added != exit_found)
            return added;
    }
    return code;
}

}  // namespace

Command add_crowd_command(CLI::App& app) {
    auto arguments = std::make_shared<CrowdArguments>();
    CLI::App* command = app.add_subcommand(
        "crowd", "Run crowd scenarios (.json): units moving together on a tile map");
    command->add_option("files", arguments->files, "Scenario files")->required();
    command->add_option("--trace", arguments->trace,
                        "Write the positions of every tick and the events as JSON (OUT-NAME.json "
                        "per scenario when several are given)");
    command->add_flag("--json", arguments->json,
                      "One JSON object per scenario: {\"file\", \"completed\", \"ticks\", "
                      "\"units\": [...], \"stalls\", \"replans\", \"deadlocks_resolved\"}");
    arguments->pictures.add_to(*command, true, true, true);
    return {command, [arguments] {
                CommandOutputs outputs("crowd");
                outputs.protect_inputs(arguments->files);
                return outputs.finish(run_each(arguments->files, [&](const std::string& file) {
                    return run_crowd(*arguments, file, outputs);
                }));
            }};
}

}  // namespace pathkit::cli
