// Agents scenario files (see pathkit/io/agents_file.hpp), read with nlohmann/json.
#include "pathkit/io/agents_file.hpp"

#include <map>
#include <nlohmann/json.hpp>

#include "input_file.hpp"
#include "pathkit/io/limits.hpp"
#include "scene_reader.hpp"

namespace pathkit {

namespace {

using nlohmann::json;

/// Largest radius, speed and acceleration a file may give (AgentParams' own limit).
constexpr double largest_size = 1e5;

/// Reads a scenario out of the document, naming the JSON pointer of anything wrong.
class AgentsReader : public io_detail::SceneReader {
  public:
    using SceneReader::SceneReader;

    Expected<AgentScenario> read(const json& document) {
        AgentScenario scenario;
        if (!object(document, "",
                    {"bounds", "buffer_radius", "obstacles", "agents", "dt", "max_steps"}))
            return failure();
        if (Status status = read_members(document, scenario.scene); !status) return status;
        if (const json* dt = io_detail::member(document, "dt");
            dt && !positive(*dt, "/dt", scenario.dt, 1))
            return failure();
        if (Status status = read_agents(document, scenario); !status) return status;
        return read_max_steps(document, scenario);
    }

  private:
    /// A number in (0, max].
    bool positive(const json& value, const std::string& where, float& out, double max) {
        if (!number(value, where, out, 0, max)) return false;
        if (out > 0) return true;
        (void)error(where, "must be more than 0");
        return false;
    }

    bool inside_bounds(const Scene& scene, Point2 point, const std::string& where) {
        if (point.x >= scene.min.x && point.x <= scene.max.x && point.y >= scene.min.y &&
            point.y <= scene.max.y)
            return true;
        (void)error(where, to_string(point) + " is outside the bounds");
        return false;
    }

    Status read_agents(const json& document, AgentScenario& scenario) {
        const json* agents = io_detail::member(document, "agents");
        if (!agents) return error("", "missing \"agents\"");
        if (!array(*agents, "/agents", limits::max_scenario_agents)) return failure();
        std::map<std::int64_t, std::size_t> first_use;
        for (std::size_t index = 0; index < agents->size(); ++index) {
            ScenarioAgent agent;
            if (Status status = read_agent((*agents)[index], index, scenario.scene, agent); !status)
                return status;
            if (const auto [used, fresh] = first_use.emplace(agent.id, index); !fresh)
                return error(agent_pointer(index, "id"), std::to_string(agent.id) +
                                                             " is the id of /agents/" +
                                                             std::to_string(used->second) + " too");
            scenario.agents.push_back(agent);
        }
        return {};
    }

    Status read_agent(const json& value, std::size_t index, const Scene& scene,
                      ScenarioAgent& agent) {
        const std::string place = "/agents/" + std::to_string(index), where = place + "/";
        if (!object(value, place, {"id", "at", "to", "radius", "max_speed", "max_acceleration"}))
            return failure();
        const json* id = io_detail::member(value, "id");
        const json* at = io_detail::member(value, "at");
        const json* to = io_detail::member(value, "to");
        if (!id || !at || !to)
            return error(place, "expected {\"id\": n, \"at\": [x, y], \"to\": [x, y]}");
        if (!integer(*id, where + "id", agent.id, 0, limits::max_file_id) ||
            !point(*at, where + "at", agent.at) || !inside_bounds(scene, agent.at, where + "at") ||
            !point(*to, where + "to", agent.to) || !inside_bounds(scene, agent.to, where + "to"))
            return failure();
        if (const json* radius = io_detail::member(value, "radius")) {
            if (!positive(*radius, where + "radius", agent.params.radius, largest_size))
                return failure();
        } else if (scene.buffer_radius > largest_size) {
            return error("/buffer_radius",
                         io_detail::describe(json(double{scene.buffer_radius})) +
                             " is over 100000, the largest radius of an agent, and " + place +
                             " has no \"radius\" of its own");
        } else if (scene.buffer_radius > 0) {
            agent.params.radius = scene.buffer_radius;
        } else {
            return error(place,
                         "missing \"radius\" (the scene has no buffer_radius to take it from)");
        }
        if (const json* speed = io_detail::member(value, "max_speed");
            speed && !positive(*speed, where + "max_speed", agent.params.max_speed, largest_size))
            return failure();
        if (const json* acceleration = io_detail::member(value, "max_acceleration");
            acceleration && !positive(*acceleration, where + "max_acceleration",
                                      agent.params.max_acceleration, largest_size))
            return failure();
        return {};
    }

    Expected<AgentScenario> read_max_steps(const json& document, AgentScenario& scenario) {
        const json* steps = io_detail::member(document, "max_steps");
        if (steps && !integer(*steps, "/max_steps", scenario.max_steps, 1, limits::max_agent_steps))
            return failure();
        const auto positions = static_cast<std::uint64_t>(scenario.agents.size()) *
                               static_cast<std::uint64_t>(scenario.max_steps + 1);
        if (positions > limits::max_agent_positions)
            return error("/max_steps", std::to_string(scenario.agents.size()) + " agents for " +
                                           std::to_string(scenario.max_steps) +
                                           (steps ? "" : " (the default)") + " steps make " +
                                           std::to_string(positions) +
                                           " positions, over the limit of " +
                                           std::to_string(limits::max_agent_positions));
        return std::move(scenario);
    }
};

}  // namespace

std::string agent_pointer(std::size_t index, std::string_view member) {
    return "/agents/" + std::to_string(index) + "/" + std::string(member);
}

Expected<AgentScenario> parse_agent_scenario(std::string_view text, std::string_view source_name) {
    json document;
    if (Status status = io_detail::parse_json(text, source_name, document); !status) return status;
    return AgentsReader(source_name).read(document);
}

Expected<AgentScenario> load_agent_scenario(const std::string& path) {
    std::string text;
    if (Status status = io_detail::read_file_text(path, text); !status) return status;
    return parse_agent_scenario(text, path);
}

}  // namespace pathkit
