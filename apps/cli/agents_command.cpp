// `pathkit agents SCENARIO.json...`: round agents walking to their targets in an open world,
// giving way to each other; a summary or JSON, and optionally a trace and pictures.
#include <cmath>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "agents_run.hpp"
#include "commands.hpp"
#include "file_batches.hpp"
#include "format.hpp"
#include "memory_budget.hpp"
#include "outputs.hpp"
#include "picture_flags.hpp"

namespace pathkit::cli {

namespace {

struct AgentsArguments {
    std::vector<std::string> files;
    std::string trace;
    bool json = false;
    PictureFlags pictures;
};

/// "arrived", "stuck (no path)", "stuck (no progress)" (also when it walks again after getting
/// stuck: it tries again), "still moving", "idle".
std::string outcome(const Agent& agent, StuckReason stuck) {
    if (agent.state == AgentState::Arrived || agent.state == AgentState::Idle)
        return to_string(agent.state);
    if (agent.state == AgentState::Stuck) stuck = agent.stuck_reason;
    if (stuck == StuckReason::NoPath) return "stuck (no path)";
    if (stuck == StuckReason::NoProgress) return "stuck (no progress)";
    return "still moving";
}

std::string place(Point2 p) {
    return format_cost(p.x) + "," + format_cost(p.y);
}

void print_summary(const std::string& file, const AgentScenario& scenario, const AgentRun& run) {
    const AgentOverlap& overlap = run.deepest_overlap;
    std::cout << file << ": " << scenario.agents.size() << " agents, " << run.arrived_count()
              << " arrived after " << run.steps << " steps ("
              << format_cost(static_cast<double>(run.steps) * scenario.dt) << " s simulated)\n"
              << "  deepest overlap: " << format_cost(overlap.share * 100) << "% of the radius sum";
    if (overlap.share > 0)
        std::cout << " (agents " << overlap.first_id << " and " << overlap.second_id << " at step "
                  << overlap.step << ')';
    std::cout << "\n  centres inside grown obstacles: " << run.centres_in_obstacles;
    if (run.centres_in_obstacles > 0)
        std::cout << " (first agent " << run.first_in_obstacle_id << " at step "
                  << run.first_in_obstacle_step << ')';
    std::cout << '\n';
    for (std::size_t index = 0; index < run.final_agents.size(); ++index) {
        const Agent& agent = run.final_agents[index];
        if (agent.state == AgentState::Arrived) continue;
        const Point2 to = scenario.agents[index].to;
        std::cout << "  agent " << scenario.agents[index].id << ": "
                  << outcome(agent, run.stuck_reason[index]) << " at " << place(agent.position)
                  << ", "
                  << format_cost(std::hypot(to.x - agent.position.x, to.y - agent.position.y))
                  << " units from its target " << place(to) << '\n';
    }
}

nlohmann::json summary_json(const std::string& file, const AgentScenario& scenario,
                            const AgentRun& run) {
    nlohmann::json agents = nlohmann::json::array();
    for (std::size_t index = 0; index < run.final_agents.size(); ++index) {
        const Agent& agent = run.final_agents[index];
        nlohmann::json line{{"id", scenario.agents[index].id},
                            {"state", to_string(agent.state)},
                            {"at", {agent.position.x, agent.position.y}}};
        if (agent.state == AgentState::Stuck) line["reason"] = to_string(agent.stuck_reason);
        if (agent.state != AgentState::Arrived && run.stuck_reason[index] != StuckReason::None)
            line["last_stuck"] = to_string(run.stuck_reason[index]);
        if (run.arrived_step[index]) line["arrived_step"] = *run.arrived_step[index];
        agents.push_back(std::move(line));
    }
    const AgentOverlap& overlap = run.deepest_overlap;
    nlohmann::json deepest{{"percent_of_radius_sum", overlap.share * 100}};
    if (overlap.share > 0)
        deepest.update({{"agents", {overlap.first_id, overlap.second_id}}, {"step", overlap.step}});
    return {{"file", file},
            {"agents", agents},
            {"arrived", run.arrived_count()},
            {"all_arrived", run.arrived_count() == scenario.agents.size()},
            {"steps", run.steps},
            {"seconds", std::round(static_cast<double>(run.steps) * scenario.dt * 1e6) / 1e6},
            {"deepest_overlap", deepest},
            {"centres_in_obstacles", run.centres_in_obstacles}};
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
    if (recording.pictures) needed += agent_picture_bytes(scenario, 0, png_pixels(arguments));
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
    if (arguments.json)
        std::cout << json_text(summary_json(file, scenario, run)) << '\n';
    else
        print_summary(file, scenario, run);
    if (arguments.pictures.any()) {
        const std::string summary =
            std::to_string(run.arrived_count()) + " of " + std::to_string(scenario.agents.size()) +
            " agents arrived after " + std::to_string(run.steps) +
            " steps; discs: agents at their size, lines: their velocities, dashes: the rest of "
            "their paths, rings: their targets";
        const ViewerPart part = agents_part(file, summary, scenario, run);
        if (int added = arguments.pictures.add(outputs, "pathkit agents", {part},
                                               arguments.files.size(), file);
            added != exit_found)
            return added;
        held += agent_picture_bytes(scenario, recording.corridor_points, png_pixels(arguments));
    }
    if (!arguments.trace.empty()) {
        std::string trace = agents_trace_json(scenario, run);
        held += trace.size();
        if (int added = outputs.add(output_path_for(arguments.trace, arguments.files.size(), file),
                                    std::move(trace));
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
    command->add_option("files", arguments->files, "Scenario files")->required();
    command->add_option("--trace", arguments->trace,
                        "Write every agent's position at every step as JSON (OUT-NAME.json per "
                        "scenario when several are given)");
    command->add_flag("--json", arguments->json,
                      "One JSON object per scenario: {\"file\", \"agents\": [...], \"arrived\", "
                      "\"all_arrived\", \"steps\", \"seconds\", \"deepest_overlap\", "
                      "\"centres_in_obstacles\"}");
    arguments->pictures.add_to(*command, true, true, true);
    return {command, [arguments] {
                CommandOutputs outputs("agents");
                outputs.protect_inputs(arguments->files);
                std::size_t held = 0;  // bytes of outputs kept for writing at the end
                return outputs.finish(run_each(arguments->files, [&](const std::string& file) {
                    return run_agents(*arguments, file, held, outputs);
                }));
            }};
}

}  // namespace pathkit::cli
