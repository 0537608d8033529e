// pathkit.AgentWorld: round agents on a navigation mesh that follow exact paths and avoid each
// other (ORCA).
#include "handles.hpp"
#include "pathkit/agents/agent_world.hpp"

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
}

}  // namespace pathkit::python
