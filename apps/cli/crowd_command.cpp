// `pathkit crowd SCENARIO.json...`: runs crowd scenarios and reports each unit and the counts.
#include <algorithm>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "file_batches.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/io/crowd_file.hpp"
#include "pathkit/io/viewer_parts.hpp"
#include "picture_flags.hpp"
#include "progress.hpp"
#include "report.hpp"
#include "trace_file.hpp"

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

/// What the run did: how it ended, the counts, each change of the map (its repair time and the
/// units it made plan again) and every unit (last: there may be thousands).
Report crowd_report(const std::string& file, const CrowdRunReport& run, const std::string& ending) {
    Report units = Report::list();
    for (const ScenarioUnitReport& unit : run.units) {
        Report line;
        line.add("id", unit.name).add("at", tile_report(unit.at)).add("outcome", unit.outcome);
        if (unit.arrived_tick) line.add("arrived_tick", *unit.arrived_tick);
        units.push(std::move(line));
    }
    const auto unit_names = [](const std::vector<int>& names) {
        Report list = Report::list();
        for (const int name : names)
            list.push(name);
        return list;
    };
    Report changes = Report::list();
    for (const ScenarioChangeReport& change : run.changes) {
        Report line;
        line.add("change", change.change)
            .add("tick", change.tick)
            .add("repair_us", change.microseconds)
            .add("replanned", unit_names(change.replanned))
            .add("kept", change.kept)
            .add("displaced", unit_names(change.displaced))
            .add("stuck", unit_names(change.stuck));
        changes.push(std::move(line));
    }
    Report report;
    report.add("file", file)
        .add("summary", ending)
        .add("completed", run.completed)
        .add("stopped_at_memory_limit", run.stopped_at_memory_limit)
        .add("ticks", run.ticks)
        .add("stalls", run.stats.stalls)
        .add("replans", run.stats.replans)
        .add("deadlocks_resolved", run.stats.deadlocks_resolved)
        .add("coordinated_waits", run.stats.coordinated_waits)
        .add("handed_to_coordination", run.stats.handed_to_coordination)
        .add("ticks_out_of_time", run.stats.ticks_out_of_time)
        .add("changes", std::move(changes))
        .add("units", std::move(units));
    return report;
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
    if (run.stopped_at_memory_limit)
        std::cerr << "pathkit crowd: " << file << ": the trace of " << read.units.size()
                  << " units would need more than "
                  << format_bytes(static_cast<double>(costs.limit)) << ", what "
                  << memory_budget_text() << " leaves beside the crowd's "
                  << format_bytes(static_cast<double>(holdings))
                  << "; run fewer ticks, without a trace, or with a larger --memory-limit\n";
    for (const ScenarioUnitReport& unit : run.units)
        if (!unit.arrived_tick && unit.outcome != "no order" && unit.outcome != "attacking")
            code = exit_no_path;
    print_report(crowd_report(file, run, ending), arguments.json);
    if (arguments.pictures.any()) {
        const ViewerPart part =
            crowd_part(file, ending + "; rings: where units go, dashes: their planned ways",
                       scenario.value(), run);
        if (int added = arguments.pictures.add(outputs, "pathkit crowd", {part},
                                               arguments.files.size(), file);
            added != exit_found)
            return added;
    }
    if (!arguments.trace.empty())
        return std::max(code, add_trace(outputs, arguments.trace, arguments.files.size(), file,
                                        crowd_trace_json(scenario.value(), run)));
    return code;
}

}  // namespace

Command add_crowd_command(CLI::App& app) {
    auto arguments = std::make_shared<CrowdArguments>();
    CLI::App* command = app.add_subcommand(
        "crowd", "Run crowd scenarios (.json): units moving together on a tile map");
    add_trace_option(*command, arguments->trace, "the positions of every tick and the events");
    command->add_flag("--json", arguments->json,
                      "Print one JSON document per scenario (the same fields as the text)");
    arguments->pictures.add_to(*command, true, true, true);
    return add_file_batch(*command, arguments, "Scenario files", run_crowd);
}

}  // namespace pathkit::cli
