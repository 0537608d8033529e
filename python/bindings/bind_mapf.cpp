// pathkit.plan_mapf and load_mapf_instance: many agents planned together (LaCAM, LaCAM*).
#include <pybind11/stl/filesystem.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>

#include "handles.hpp"
#include "pathkit/io/mapf_files.hpp"
#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_plan.hpp"

namespace pathkit::python {
namespace {

/// A plan as Python sees it.
struct MapfAnswer {
    std::string status;
    py::str message;
    py::array_t<std::int32_t> steps;
    bool optimal = false;
    std::uint64_t sum_of_costs = 0;
    std::uint64_t makespan = 0;
    double total_ms = 0;
    double first_solution_ms = -1;

    [[nodiscard]] bool solved() const { return status == "solved"; }
};

/// The quality named "fast", "balanced" or "best"; RefusedInput otherwise.
MapfQuality mapf_quality(const std::string& name) {
    for (const MapfQuality quality : {MapfQuality::Fast, MapfQuality::Balanced, MapfQuality::Best})
        if (name == to_string(quality)) return quality;
    throw RefusedInput("quality must be \"fast\", \"balanced\" or \"best\", not \"" +
                       name.substr(0, 40) + "\"");
}

/// "solved", "not_solved" or "no_solution".
std::string status_name(MapfStatus status) {
    std::string name = to_string(status);
    std::replace(name.begin(), name.end(), ' ', '_');
    return name;
}

MapfAnswer answer(const MapfPlan& plan) {
    if (plan.status == MapfStatus::InvalidInput) throw RefusedInput(plan.message);
    MapfAnswer made;
    made.status = status_name(plan.status);
    made.message = python_text(plan.message);
    made.optimal = plan.optimal;
    made.total_ms = plan.total_ms;
    made.first_solution_ms = plan.first_solution_ms;
    const std::size_t times = plan.steps.size();
    const std::size_t agents = times > 0 ? plan.steps.front().size() : 0;
    made.steps = py::array_t<std::int32_t>(
        {static_cast<py::ssize_t>(times), static_cast<py::ssize_t>(agents), py::ssize_t{2}});
    auto out = made.steps.mutable_unchecked<3>();
    for (std::size_t time = 0; time < times; ++time)
        for (std::size_t agent = 0; agent < agents; ++agent) {
            out(time, agent, 0) = plan.steps[time][agent].x;
            out(time, agent, 1) = plan.steps[time][agent].y;
        }
    if (times > 0) {
        made.makespan = times - 1;
        // Sum of costs: each agent pays every step until it last arrives at its goal.
        for (std::size_t agent = 0; agent < agents; ++agent) {
            std::size_t arrival = times - 1;
            while (arrival > 0 && plan.steps[arrival - 1][agent] == plan.steps.back()[agent])
                --arrival;
            made.sum_of_costs += arrival;
        }
    }
    return made;
}

// Room for every agent's distance table (`DistanceTables::room_for_goals`: none is freed and
// searched again on every step), at least the library's default and at most a quarter of the
// machine's memory.
std::size_t default_distance_memory(const GridMap& map, std::size_t agents) {
    const std::size_t least = MapfPlanOptions{}.distance_memory_limit;
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    const std::size_t quarter =
        pages > 0 && page_size > 0
            ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size) / 4
            : least;
    const std::size_t tiles = static_cast<std::size_t>(map.width()) * map.height();
    return std::max(least, std::min(DistanceTables::room_for_goals(tiles, agents), quarter));
}

}  // namespace

void bind_mapf(py::module_& module) {
    py::class_<MapfAnswer>(module, "MapfPlan", "A plan for many agents and what it took.")
        .def_readonly("status", &MapfAnswer::status,
                      "\"solved\", \"not_solved\" (time ran out) or \"no_solution\" (proved).")
        .def_readonly("message", &MapfAnswer::message)
        .def_readonly("steps", &MapfAnswer::steps,
                      "Every agent's tile at times 0, 1, ...: int32 array (times, agents, 2).")
        .def_readonly("optimal", &MapfAnswer::optimal,
                      "True when the search proved the plan optimal (anytime only).")
        .def_readonly("sum_of_costs", &MapfAnswer::sum_of_costs,
                      "Steps each agent takes until it rests on its goal, summed.")
        .def_readonly("makespan", &MapfAnswer::makespan, "Steps until every agent is home.")
        .def_readonly("total_ms", &MapfAnswer::total_ms)
        .def_readonly("first_solution_ms", &MapfAnswer::first_solution_ms)
        .def_property_readonly("solved", &MapfAnswer::solved)
        .def("__bool__", &MapfAnswer::solved);

    module.def(
        "plan_mapf",
        [](const GridMapHandle& map, const py::object& starts, const py::object& goals,
           double time_limit, bool anytime, std::uint64_t seed, const std::string& quality,
           std::optional<std::size_t> distance_memory) {
            const auto from = array_to_cells(starts, "starts");
            const auto to = array_to_cells(goals, "goals");
            MapfPlanOptions options;
            options.distance_memory_limit =
                distance_memory ? *distance_memory : default_distance_memory(map.map, from.size());
            options.time_limit_seconds = time_limit;
            options.search.anytime = anytime;
            options.search.seed = seed;
            options.quality = mapf_quality(quality);
            const MapfPlan plan = read_without_gil(map.lock, [&] {
                return plan_mapf(map.map, from, to, options);  // the graph within the limit
            });
            return answer(plan);
        },
        py::arg("map"), py::arg("starts"), py::arg("goals"), py::kw_only(),
        py::arg("time_limit") = 10.0, py::arg("anytime") = false, py::arg("seed") = 0,
        py::arg("quality") = "balanced", py::arg("distance_memory") = py::none(),
        "Plans agents from starts to goals ((n, 2) tiles) on the map's walkable tiles, 4 "
        "neighbours, by LaCAM (anytime=True: LaCAM*, which uses the whole time limit unless it "
        "proves the plan optimal). quality: \"fast\" (the first plan found), \"balanced\" "
        "(PIBT guided by routes that avoid each other, searched again with other tie-breaks "
        "when the plan is far above its lower bound, then a few agents at a time replanned "
        "while that gains: cheaper plans, 2-6 times as long, more on small crowded maps) or "
        "\"best\" (balanced, then rounds of replanning a few agents at a time). time_limit "
        "(seconds) covers the whole call, building the "
        "planning graph included; past it the status is \"not_solved\". distance_memory: bytes "
        "for the agents' tables of steps to their goals (None: room for every agent's, at least "
        "1 GiB and at most a quarter of the machine's memory; below that, tables are freed and "
        "searched again, which on big maps costs most of the time). Plans are collision-free: "
        "no two agents on one tile or "
        "trading tiles. Raises pathkit.Error for blocked, outside or shared tiles.");

    module.def(
        "load_mapf_instance",
        [](const std::filesystem::path& map_path, const std::filesystem::path& scenario_path,
           std::size_t agents) {
            MapfInstance instance =
                take(load_mapf_instance(map_path.string(), scenario_path.string(), agents));
            auto* map = new GridMapHandle{std::move(instance.map)};
            return py::make_tuple(py::cast(map, py::return_value_policy::take_ownership),
                                  cells_to_array(instance.starts), cells_to_array(instance.goals));
        },
        py::arg("map_path"), py::arg("scenario_path"), py::arg("agents"),
        "A MovingAI MAPF instance: (map, starts, goals) for the first `agents` rows.");
}

}  // namespace pathkit::python
