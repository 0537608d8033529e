// pathkit.AgentWorld: round agents on a navigation mesh that follow exact paths and avoid each
// other (ORCA); pathkit.run_agent_scenario runs an agents file as `pathkit agents` does.
#include <pybind11/stl/filesystem.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "handles.hpp"
#include "pathkit/agents/agent_world.hpp"
#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/agents_run.hpp"

namespace pathkit::python {
namespace {

struct AgentWorldHandle {
    NavMeshHandle* mesh;
    AgentWorld world;

    [[nodiscard]] const Agent& agent(std::uint32_t id) const {
        const auto agents = world.agents();
        if (id >= agents.size() || !agents[id].active)
            throw RefusedInput("agent " + std::to_string(id) + " does not exist");
        return agents[id];
    }
};

/// Every active agent's value from `read(agent)` as an (n, 2) array, by id (removed agents
/// give NaN rows, so row i is always agent i).
template <class Read>
py::array_t<double> agent_pairs(const AgentWorld& world, Read&& read) {
    const auto agents = world.agents();
    py::array_t<double> array({static_cast<py::ssize_t>(agents.size()), py::ssize_t{2}});
    auto out = array.mutable_unchecked<2>();
    for (std::size_t index = 0; index < agents.size(); ++index) {
        const auto [x, y] = read(agents[index]);
        const double gone = std::numeric_limits<double>::quiet_NaN();
        out(index, 0) = agents[index].active ? x : gone;
        out(index, 1) = agents[index].active ? y : gone;
    }
    return array;
}

/// What run_agent_scenario hands back: the run's summary, in file order.
struct AgentScenarioAnswer {
    std::int64_t steps = 0;
    std::vector<std::int64_t> ids;
    py::array_t<double> positions;
    std::vector<std::optional<std::int64_t>> arrived_steps;
    std::vector<std::string> states, stuck_reasons;
    double deepest_overlap = 0;
    std::int64_t centres_in_obstacles = 0;
    std::vector<AgentChangeRecord> changes;

    [[nodiscard]] std::size_t arrived() const {
        return static_cast<std::size_t>(std::count_if(arrived_steps.begin(), arrived_steps.end(),
                                                      [](const auto& step) { return step; }));
    }
};

AgentScenarioAnswer answer(const AgentScenario& scenario, const AgentRun& run) {
    AgentScenarioAnswer made;
    made.steps = run.steps;
    made.positions =
        py::array_t<double>({static_cast<py::ssize_t>(run.final_agents.size()), py::ssize_t{2}});
    auto out = made.positions.mutable_unchecked<2>();
    for (std::size_t index = 0; index < run.final_agents.size(); ++index) {
        const Agent& agent = run.final_agents[index];
        made.ids.push_back(scenario.agents[index].id);
        out(index, 0) = agent.position.x;
        out(index, 1) = agent.position.y;
        made.states.emplace_back(to_string(agent.state));
        made.stuck_reasons.emplace_back(to_string(run.stuck_reason[index]));
    }
    made.arrived_steps = run.arrived_step;
    made.deepest_overlap = run.deepest_overlap.share;
    made.centres_in_obstacles = run.centres_in_obstacles;
    made.changes = run.changes;
    return made;
}

}  // namespace

void bind_agents(py::module_& module) {
    py::class_<AgentWorldHandle>(
        module, "AgentWorld",
        "Round agents on a NavMesh: each follows its exact shortest path and avoids the others "
        "(ORCA), stepped by step(dt). Deterministic for a seed.")
        .def(py::init([](NavMeshHandle& mesh, std::uint64_t seed) {
                 mesh.triangulate_if_needed();
                 AgentWorldOptions options;
                 options.seed = seed;
                 return new AgentWorldHandle{&mesh, take(AgentWorld::create(mesh.mesh, options))};
             }),
             py::arg("mesh"), py::kw_only(), py::arg("seed") = 1, py::keep_alive<1, 2>())
        .def(
            "add_agent",
            [](AgentWorldHandle& self, std::pair<float, float> at, float radius, float max_speed,
               float max_acceleration) {
                self.mesh->triangulate_if_needed();
                AgentParams params;
                params.radius = radius;
                params.max_speed = max_speed;
                params.max_acceleration = max_acceleration;
                return take(self.world.add_agent(to_point(at), params)).value;
            },
            py::arg("at"), py::kw_only(), py::arg("radius") = 0.5f, py::arg("max_speed") = 2.0f,
            py::arg("max_acceleration") = 8.0f,
            "Adds an agent in free space (world units, per second); returns its id.")
        .def(
            "set_filter",
            [](AgentWorldHandle& self, std::uint32_t agent, const std::vector<int>& exclude,
               const std::map<int, float>& costs, std::uint32_t points_per_edge) {
                raise_if_refused(self.world.set_area_filter(
                    AgentId(agent), area_filter_of(exclude, costs, points_per_edge)));
            },
            py::arg("agent"), py::kw_only(), py::arg("exclude") = std::vector<int>{},
            py::arg("costs") = std::map<int, float>{}, py::arg("points_per_edge") = 4,
            "Sets the ground an agent may walk, as NavMesh.find_path's filter: exclude (area "
            "types it never plans across), costs ({type: cost per unit of length >= 1}). Its "
            "paths then cross no link; avoidance may push it onto excluded ground, and it "
            "plans its way off. No keywords: plain again.")
        .def(
            "set_target",
            [](AgentWorldHandle& self, std::uint32_t agent, std::pair<float, float> target) {
                self.mesh->triangulate_if_needed();
                raise_if_refused(self.world.set_target(AgentId(agent), to_point(target)));
            },
            py::arg("agent"), py::arg("target"), "Sends an agent to a point (also mid-move).")
        .def(
            "remove_agent",
            [](AgentWorldHandle& self, std::uint32_t agent) {
                raise_if_refused(self.world.remove_agent(AgentId(agent)));
            },
            py::arg("agent"))
        .def(
            "step",
            [](AgentWorldHandle& self, float dt) {
                self.mesh->triangulate_if_needed();
                raise_if_refused(self.world.step(dt));
                std::vector<std::pair<std::uint32_t, std::string>> events;
                for (const AgentEvent& event : self.world.events())
                    events.emplace_back(event.agent.value, to_string(event.kind));
                return events;
            },
            py::arg("dt"),
            "Advances every agent by dt seconds; returns the step's events as [(agent, kind)], "
            "kind \"arrived\", \"stuck\" or \"replanned\".")
        .def_property_readonly(
            "positions",
            [](const AgentWorldHandle& self) {
                return agent_pairs(self.world, [](const Agent& agent) {
                    return std::pair<double, double>(agent.position.x, agent.position.y);
                });
            },
            "Every agent's centre by id: float64 array (n, 2); NaN rows for removed agents.")
        .def_property_readonly(
            "velocities",
            [](const AgentWorldHandle& self) {
                return agent_pairs(self.world, [](const Agent& agent) {
                    return std::pair<double, double>(agent.velocity.x, agent.velocity.y);
                });
            },
            "Every agent's velocity by id (world units per second).")
        .def(
            "state",
            [](const AgentWorldHandle& self, std::uint32_t agent) {
                return std::string(to_string(self.agent(agent).state));
            },
            py::arg("agent"), "\"idle\", \"moving\", \"arrived\" or \"stuck\".")
        .def_property_readonly("step_count",
                               [](const AgentWorldHandle& self) { return self.world.step_count(); })
        .def("__len__", [](const AgentWorldHandle& self) { return self.world.agents().size(); });

    py::class_<AgentChangeRecord>(module, "AgentObstacleChange",
                                  "What the obstacle changes of one step of a run did.")
        .def_readonly("step", &AgentChangeRecord::step,
                      "The step they were applied before (1..max_steps).")
        .def_readonly("entries", &AgentChangeRecord::changes,
                      "The indices of the file's \"changes\" applied, in file order.")
        .def_readonly("repair_microseconds", &AgentChangeRecord::repair_microseconds,
                      "Wall-clock time of the mesh's one repair for them (NavMesh.update).")
        .def_readonly("triangles_replaced", &AgentChangeRecord::triangles_replaced,
                      "Triangles the repair replaced (every one when it rebuilt the mesh).")
        .def_readonly("rebuilt", &AgentChangeRecord::rebuilt,
                      "True when the repair rebuilt the whole mesh instead.")
        .def_readonly("replanned", &AgentChangeRecord::replanned,
                      "Ids of the agents that planned their paths again in that step and found "
                      "one, ascending.")
        .def_readonly("walled_off", &AgentChangeRecord::walled_off,
                      "Ids of the agents that became stuck for want of a path in that step, "
                      "ascending.");

    py::class_<AgentScenarioAnswer>(module, "AgentScenarioRun",
                                    "What a run of an agents file did, agents in file order.")
        .def_readonly("steps", &AgentScenarioAnswer::steps,
                      "Steps taken (dt seconds each) until no agent moved, or the file's "
                      "max_steps.")
        .def_readonly("ids", &AgentScenarioAnswer::ids, "The agents' ids in the file.")
        .def_readonly("positions", &AgentScenarioAnswer::positions,
                      "Where each agent ended: float64 array (n, 2).")
        .def_readonly("arrived_steps", &AgentScenarioAnswer::arrived_steps,
                      "Per agent: the step it last arrived in when it ended the run arrived, "
                      "else None.")
        .def_readonly("states", &AgentScenarioAnswer::states,
                      "Per agent at the end: \"idle\", \"moving\", \"arrived\" or \"stuck\".")
        .def_readonly("stuck_reasons", &AgentScenarioAnswer::stuck_reasons,
                      "Per agent: why it last got stuck since it last arrived, or \"none\".")
        .def_readonly("deepest_overlap", &AgentScenarioAnswer::deepest_overlap,
                      "The deepest overlap of two agents seen, as a share of their radius sum.")
        .def_readonly("centres_in_obstacles", &AgentScenarioAnswer::centres_in_obstacles,
                      "Agent centres seen inside a grown obstacle over all steps (0 expected).")
        .def_readonly("changes", &AgentScenarioAnswer::changes,
                      "Per step with obstacle changes, in step order: what they did "
                      "(AgentObstacleChange).")
        .def_property_readonly("arrived", &AgentScenarioAnswer::arrived);

    module.def(
        "run_agent_scenario",
        [](const std::filesystem::path& path) {
            std::optional<AgentScenario> scenario;
            Expected<AgentRun> run = Status::invalid_input("not run");
            {
                const py::gil_scoped_release unlocked;
                Expected<AgentScenario> loaded = load_agent_scenario(path.string());
                if (loaded) {
                    scenario = std::move(loaded.value());
                    run = run_agent_scenario(*scenario, path.string(), {});
                } else {
                    run = loaded.error();
                }
            }
            const AgentRun done = take(std::move(run));  // raises for a refused file
            return answer(*scenario, done);
        },
        py::arg("path"),
        "Loads an agents file (the format of `pathkit agents`) and runs it as that command "
        "does: every agent sent to its target, steps until none moves or max_steps. Raises "
        "pathkit.Error naming the file and place for a file it refuses.");
}

}  // namespace pathkit::python
