// Agents scenario files (see pathkit/io/agents_file.hpp), read with nlohmann/json.
#include "pathkit/io/agents_file.hpp"

#include <functional>
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
                    {"bounds", "buffer_radius", "radius_classes", "obstacles", "links", "areas",
                     "agents", "dt", "max_steps", "changes"}))
            return failure();
        if (Status status = read_members(document, scenario.scene); !status) return status;
        if (Status status = read_radius_classes(document, scenario.scene, scenario.radius_classes);
            !status)
            return status;
        if (const json* dt = io_detail::member(document, "dt");
            dt && !positive(*dt, "/dt", scenario.dt, 1))
            return failure();
        if (Status status = read_agents(document, scenario); !status) return status;
        if (Status status = read_max_steps(document, scenario); !status) return status;
        if (Status status = read_changes(document, scenario); !status) return status;
        return scenario;
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
        if (!object(value, place,
                    {"id", "at", "to", "radius", "max_speed", "max_acceleration", "filter"}))
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
        if (const json* filter = io_detail::member(value, "filter"))
            return read_area_filter(*filter, where + "filter", scene, agent.filter);
        return {};
    }

    Status read_max_steps(const json& document, AgentScenario& scenario) {
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
        return {};
    }

    /// The obstacles present while the changes are read: each id's shape, and the JSON
    /// pointer of where it came from or last moved.
    struct Present {
        Obstacle shape;
        std::string origin;
    };
    using PresentObstacles = std::map<std::string, Present, std::less<>>;

    Status read_changes(const json& document, AgentScenario& scenario) {
        const json* changes = io_detail::member(document, "changes");
        if (!changes) return {};
        if (!array(*changes, "/changes", limits::max_obstacle_changes)) return failure();
        const Scene& scene = scenario.scene;
        PresentObstacles present;
        std::size_t points = 0;
        for (std::size_t index = 0; index < scene.obstacles.size(); ++index) {
            points += points_of(scene.obstacles[index]);
            if (index < scene.obstacle_names.size() && !scene.obstacle_names[index].empty())
                present.emplace(
                    scene.obstacle_names[index],
                    Present{scene.obstacles[index], "/obstacles/" + std::to_string(index)});
        }
        for (std::size_t index = 0; index < changes->size(); ++index) {
            ObstacleChange change;
            if (Status status =
                    read_change((*changes)[index], index, scenario, present, points, change);
                !status)
                return status;
            scenario.changes.push_back(std::move(change));
        }
        return {};
    }

    Status read_change(const json& value, std::size_t index, const AgentScenario& scenario,
                       PresentObstacles& present, std::size_t& points, ObstacleChange& change) {
        const std::string place = "/changes/" + std::to_string(index);
        if (!object(value, place, {"step", "add", "remove", "move"})) return failure();
        const json* step = io_detail::member(value, "step");
        const json* add = io_detail::member(value, "add");
        const json* remove = io_detail::member(value, "remove");
        const json* move = io_detail::member(value, "move");
        if (!step || (add != nullptr) + (remove != nullptr) + (move != nullptr) != 1)
            return error(place,
                         "expected {\"step\": n} with one of \"add\": [obstacle, ...], "
                         "\"remove\": [\"id\", ...] or \"move\": {\"id\": \"id\", "
                         "\"by\": [dx, dy]}");
        if (!integer(*step, place + "/step", change.step, 1, scenario.max_steps)) return failure();
        if (!scenario.changes.empty() && change.step < scenario.changes.back().step)
            return error(place + "/step", std::to_string(change.step) + " comes before step " +
                                              std::to_string(scenario.changes.back().step) +
                                              " of /changes/" + std::to_string(index - 1) +
                                              ": changes are listed in step order");
        if (add) return read_added(*add, place + "/add", present, points, change);
        if (remove) return read_removed(*remove, place + "/remove", present, change);
        return read_moved(*move, place + "/move", present, points, change);
    }

    /// Refuses the points of an obstacle added or moved past the scene's limit.
    Status count_points(const Obstacle& obstacle, const std::string& where, std::size_t& points) {
        points += points_of(obstacle);
        if (points <= limits::max_scene_points) return {};
        return error(where,
                     "the scene's obstacles, the obstacles added and the obstacles moved "
                     "hold more than " +
                         std::to_string(limits::max_scene_points) + " points");
    }

    Status read_added(const json& value, const std::string& where, PresentObstacles& present,
                      std::size_t& points, ObstacleChange& change) {
        change.kind = ObstacleChangeKind::Add;
        if (!array(value, where, limits::max_scene_points)) return failure();
        if (value.empty()) return error(where, "expected at least one obstacle");
        for (std::size_t index = 0; index < value.size(); ++index) {
            const std::string at = where + "/" + std::to_string(index);
            std::string name;
            auto obstacle = read_obstacle(value[index], at, name);
            if (!obstacle) return obstacle.error();
            if (Status status = count_points(obstacle.value(), at, points); !status) return status;
            if (!name.empty()) {
                if (const auto [there, fresh] =
                        present.emplace(name, Present{obstacle.value(), at});
                    !fresh)
                    return error(at + "/id", io_detail::describe(json(name)) +
                                                 " is the id of an obstacle present then (" +
                                                 there->second.origin + ")");
            }
            change.added.push_back(std::move(obstacle).value());
            change.names.push_back(std::move(name));
        }
        return {};
    }

    /// The obstacle an id names, present at the change's step; null after recording an error.
    Present* named(const json& value, const std::string& where, PresentObstacles& present,
                   std::int64_t step, std::string& name) {
        if (!text(value, where, name)) return nullptr;
        const auto found = present.find(name);
        if (found != present.end()) return &found->second;
        (void)error(where, "no obstacle with the id " + io_detail::describe(json(name)) +
                               " is present at step " + std::to_string(step));
        return nullptr;
    }

    Status read_removed(const json& value, const std::string& where, PresentObstacles& present,
                        ObstacleChange& change) {
        change.kind = ObstacleChangeKind::Remove;
        if (!array(value, where, limits::max_scene_points)) return failure();
        if (value.empty()) return error(where, "expected at least one id");
        for (std::size_t index = 0; index < value.size(); ++index) {
            std::string name;
            if (!named(value[index], where + "/" + std::to_string(index), present, change.step,
                       name))
                return failure();
            present.erase(name);
            change.names.push_back(std::move(name));
        }
        return {};
    }

    Status read_moved(const json& value, const std::string& where, PresentObstacles& present,
                      std::size_t& points, ObstacleChange& change) {
        change.kind = ObstacleChangeKind::Move;
        if (!object(value, where, {"id", "by"})) return failure();
        const json* id = io_detail::member(value, "id");
        const json* by = io_detail::member(value, "by");
        if (!id || !by) return error(where, "expected {\"id\": \"id\", \"by\": [dx, dy]}");
        std::string name;
        Present* obstacle = named(*id, where + "/id", present, change.step, name);
        if (!obstacle || !point(*by, where + "/by", change.offset)) return failure();
        Obstacle moved = obstacle->shape.moved_by(change.offset);
        if (Status status = moved.validate(); !status)
            return error(where + "/by", "the moved obstacle (" + obstacle->origin +
                                            ") is refused: " + status.message());
        if (Status status = count_points(moved, where, points); !status) return status;
        *obstacle = {std::move(moved), where};
        change.names.push_back(std::move(name));
        return {};
    }
};

}  // namespace

std::string agent_pointer(std::size_t index, std::string_view member) {
    return "/agents/" + std::to_string(index) + "/" + std::string(member);
}

std::string change_pointer(std::size_t index, std::string_view member) {
    return "/changes/" + std::to_string(index) + "/" + std::string(member);
}

const char* to_string(ObstacleChangeKind kind) {
    switch (kind) {
        case ObstacleChangeKind::Add:
            return "add";
        case ObstacleChangeKind::Remove:
            return "remove";
        case ObstacleChangeKind::Move:
            return "move";
    }
    return "add";
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
