// `pathkit agents SCENARIO.json...`: round agents walking to their targets in an open world,
// giving way to each other; a summary or JSON, and optionally a trace and pictures.
#include <cmath>
#include <memory>

#include "commands.hpp"
#include "file_batches.hpp"
#include "format.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "pathkit/io/agents_run.hpp"
#include "picture_flags.hpp"
#include "report.hpp"
#include "trace_file.hpp"

namespace pathkit::cli {

namespace {

struct AgentsArguments {
    std::vector<std::string> files;
    std::string trace;
    bool json = false;
    PictureFlags pictures;
};

/// What one entry of the file's changes did, in words: "add gate", "remove gate, door",
/// "move cart by 1,0" (an obstacle added without an id reads "an obstacle").
std::string change_text(const ObstacleChange& change) {
    std::string text = to_string(change.kind);
    for (std::size_t index = 0; index < change.names.size(); ++index)
        text += (index == 0 ? " " : ", ") +
                (change.names[index].empty() ? std::string("an obstacle") : change.names[index]);
    if (change.kind == ObstacleChangeKind::Move) text += " by " + to_string(change.offset);
    return text;
}

/// Per step with changes: the step, what changed (and the entries of "changes" that did it),
/// the mesh's repair, the agents that planned again in that step and those it walled off.
Report changes_report(const AgentScenario& scenario, const AgentRun& run) {
    Report changes = Report::list();
    for (const AgentChangeRecord& record : run.changes) {
        std::string what;
        Report entries = Report::list();
        for (const std::size_t index : record.changes) {
            what += (what.empty() ? "" : "; ") + change_text(scenario.changes[index]);
            entries.push(index);
        }
        const auto id_list = [](const std::vector<std::int64_t>& ids) {
            Report list = Report::list();
            for (const std::int64_t id : ids)
                list.push(id);
            return list;
        };
        Report line;
        line.add("step", record.step)
            .add("change", what)
            .add("entries", std::move(entries))
            .add("repair_microseconds", std::round(record.repair_microseconds * 10) / 10)
            .add("triangles_replaced", record.triangles_replaced)
            .add("rebuilt", record.rebuilt)
            .add("replanned_count", record.replanned.size())
            .add("replanned", id_list(record.replanned))
            .add("walled_off", id_list(record.walled_off));
        changes.push(std::move(line));
    }
    return changes;
}

/// The links agents crossed: how many events in all, and each kept one (step, agent, link).
Report links_report(const AgentRun& run) {
    Report events = Report::list();
    for (const AgentLinkEvent& event : run.link_events)
        events.push(Report()
                        .add("step", event.step)
                        .add("agent", event.agent_id)
                        .add("event", event.finished ? "link_finished" : "link_started")
                        .add("link", event.link));
    Report links;
    links.add("event_count", run.link_event_count).add("events", std::move(events));
    if (run.link_event_count > static_cast<std::int64_t>(run.link_events.size()))
        links.add("events_left_out",
                  run.link_event_count - static_cast<std::int64_t>(run.link_events.size()));
    return links;
}

/// What the run did: the counts, the deepest overlap, centres found inside obstacles, what
/// each step's obstacle changes did, and every agent (last: there may be thousands), where it
/// ended against its target.
Report agents_report(const std::string& file, const AgentScenario& scenario, const AgentRun& run) {
    Report agents = Report::list();
    for (std::size_t index = 0; index < run.final_agents.size(); ++index) {
        const Agent& agent = run.final_agents[index];
        const Point2 to = scenario.agents[index].to;
        Report line;
        line.add("id", scenario.agents[index].id)
            .add("state", to_string(agent.state))
            .add("at", point_report(agent.position))
            .add("to", point_report(to));
        if (agent.state != AgentState::Arrived)
            line.add("distance_to_target",
                     std::hypot(to.x - agent.position.x, to.y - agent.position.y));
        if (agent.state == AgentState::Stuck) line.add("reason", to_string(agent.stuck_reason));
        if (agent.state != AgentState::Arrived && run.stuck_reason[index] != StuckReason::None)
            line.add("last_stuck", to_string(run.stuck_reason[index]));
        if (run.arrived_step[index]) line.add("arrived_step", *run.arrived_step[index]);
        agents.push(std::move(line));
    }
    const AgentOverlap& overlap = run.deepest_overlap;
    Report deepest;
    deepest.add("percent_of_radius_sum", overlap.share * 100);
    if (overlap.share > 0)
        deepest.add("agents", Report::list().push(overlap.first_id).push(overlap.second_id))
            .add("step", overlap.step);
    const double seconds = static_cast<double>(run.steps) * scenario.dt;
    Report report;
    report.add("file", file)
        .add("summary", std::to_string(scenario.agents.size()) + " agents, " +
                            std::to_string(run.arrived_count()) + " arrived after " +
                            std::to_string(run.steps) + " steps (" + format_cost(seconds) +
                            " s simulated)")
        .add("arrived", run.arrived_count())
        .add("all_arrived", run.arrived_count() == scenario.agents.size())
        .add("steps", run.steps)
        .add("seconds", std::round(seconds * 1e6) / 1e6)
        .add("deepest_overlap", std::move(deepest))
        .add("centres_in_obstacles", run.centres_in_obstacles);
    if (run.centres_in_obstacles > 0) {
        Report first;
        first.add("agent", run.first_in_obstacle_id).add("step", run.first_in_obstacle_step);
        report.add("first_in_obstacle", std::move(first));
    }
    report.add("changes", changes_report(scenario, run));
    if (!scenario.scene.links.empty()) report.add("links", links_report(run));
    report.add("agents", std::move(agents));
    return report;
}

/// The PNG's pixels a world unit, or 0 without a PNG.
int png_pixels(const AgentsArguments& arguments) {
    return arguments.pictures.png.empty() ? 0 : arguments.pictures.png_pixels;
}

/// Refuses a run whose agents, recording and outputs would not fit the memory budget beside
/// `held` bytes of outputs from the files before; exit_found when it fits. What is left of the
/// budget bounds the corridor points recorded for pictures.
int check_memory(const AgentsArguments& arguments, const std::string& file,
                 const AgentScenario& scenario, AgentRecording& recording, std::size_t held,
                 CommandOutputs& outputs) {
    const bool trace = !arguments.trace.empty();
    std::size_t needed = agent_run_bytes(scenario, recording, trace) + held;
    if (recording.pictures)
        needed +=
            agent_picture_bytes(scenario, 0, recording.obstacle_points, png_pixels(arguments));
    if (needed <= memory_budget()) {
        recording.corridor_points =
            std::min(recording.corridor_points, (memory_budget() - needed) / corridor_point_bytes);
        return exit_found;
    }
    std::string what = std::to_string(scenario.agents.size()) + " agents for " +
                       std::to_string(scenario.max_steps) + " steps";
    if (trace || recording.pictures)
        what += std::string(" with ") + (trace ? "a trace" : "") +
                (trace && recording.pictures ? " and " : "") +
                (recording.pictures ? "pictures" : "");
    return outputs.refuse(file + ": " + what + " need " +
                          format_bytes(static_cast<double>(needed)) +
                          (held > 0 ? " (" + format_bytes(static_cast<double>(held)) +
                                          " of it the outputs of the files before)"
                                    : "") +
                          ", over " + memory_budget_text() + "; lower max_steps or the agents");
}

int run_agents(const AgentsArguments& arguments, const std::string& file, std::size_t& held,
               CommandOutputs& outputs) {
    auto loaded = load_agent_scenario(file);
    if (!loaded) return outputs.refuse(loaded.error().message());
    const AgentScenario& scenario = loaded.value();
    AgentRecording recording{.positions = !arguments.trace.empty(),
                             .pictures = arguments.pictures.any()};
    if (int fits = check_memory(arguments, file, scenario, recording, held, outputs);
        fits != exit_found)
        return fits;
    auto ran = run_agent_scenario(scenario, file, recording);
    if (!ran) return outputs.refuse(ran.error().message());
    const AgentRun& run = ran.value();
    print_report(agents_report(file, scenario, run), arguments.json);
    if (arguments.pictures.any()) {
        const std::string summary =
            std::to_string(run.arrived_count()) + " of " + std::to_string(scenario.agents.size()) +
            " agents arrived after " + std::to_string(run.steps) + " steps" +
            (run.changes.empty()
                 ? std::string()
                 : ", obstacles changed at " + std::to_string(run.changes.size()) + " steps") +
            "; discs: agents at their size, lines: their velocities, dashes: the rest of their "
            "paths, rings: their targets";
        const ViewerPart part = agents_part(file, summary, scenario, run);
        if (int added = arguments.pictures.add(outputs, "pathkit agents", {part},
                                               arguments.files.size(), file);
            added != exit_found)
            return added;
        held += agent_picture_bytes(scenario, recording.corridor_points, recording.obstacle_points,
                                    png_pixels(arguments));
    }
    if (!arguments.trace.empty()) {
        std::string trace = agents_trace_json(scenario, run);
        held += trace.size();
        if (int added =
                add_trace(outputs, arguments.trace, arguments.files.size(), file, std::move(trace));
            added != exit_found)
            return added;
    }
    return run.arrived_count() == scenario.agents.size() ? exit_found : exit_no_path;
}

}  // namespace

Command add_agents_command(CLI::App& app) {
    auto arguments = std::make_shared<AgentsArguments>();
    CLI::App* command = app.add_subcommand(
        "agents",
        "Run agents scenarios (.json): round agents walking to their targets in an open world");
    add_trace_option(*command, arguments->trace, "every agent's position at every step");
    command->add_flag("--json", arguments->json,
                      "Print one JSON document per scenario (the same fields as the text)");
    arguments->pictures.add_to(*command, true, true, true);
    // Bytes of outputs kept for writing at the end, over the files of the run.
    return add_file_batch(
        *command, arguments, "Scenario files",
        [held = std::size_t{0}](const AgentsArguments& batch, const std::string& file,
                                CommandOutputs& outputs) mutable {
            return run_agents(batch, file, held, outputs);
        });
}

}  // namespace pathkit::cli
