// pathkit.World: maps linked by edges and doors, routes across them, and world files.
#include <pybind11/stl/filesystem.h>

#include <filesystem>

#include "handles.hpp"
#include "pathkit/io/world_file.hpp"
#include "pathkit/world/world.hpp"

namespace pathkit::python {
namespace {

struct WorldHandle {
    World world;
    ReadersWriterLock lock;

    /// The id of a map given by id or by name.
    [[nodiscard]] MapId map_id(const py::handle& map) const {
        if (py::isinstance<py::str>(map)) {
            const auto name = map.cast<std::string>();
            for (const WorldMap& each : world.maps())
                if (each.name == name) return each.id;
            throw RefusedInput("no map is named \"" + name + "\"");
        }
        return MapId(map.cast<std::uint32_t>());
    }
    /// A position from (map, x, y), the map by id or name.
    [[nodiscard]] WorldPosition position(const py::tuple& where, const char* role) const {
        if (where.size() != 3)
            throw RefusedInput(std::string(role) + " must be (map, x, y), the map by id or name");
        return {map_id(where[0]), {where[1].cast<int>(), where[2].cast<int>()}};
    }
};

/// One leg of a route: the map, its tiles and its cost.
struct RouteLegAnswer {
    std::uint32_t map;
    py::array_t<std::int32_t> cells;
    double cost;
};

struct RouteAnswer {
    std::string status;
    py::str message;
    double cost = 0;
    std::vector<RouteLegAnswer> legs;
};

Side side_named(const std::string& name) {
    if (name == "north") return Side::North;
    if (name == "east") return Side::East;
    if (name == "south") return Side::South;
    if (name == "west") return Side::West;
    throw RefusedInput("side must be \"north\", \"east\", \"south\" or \"west\", not \"" + name +
                       "\"");
}

void bind_route(py::module_& module) {
    py::class_<RouteLegAnswer>(module, "RouteLeg", "The part of a route inside one map.")
        .def_readonly("map", &RouteLegAnswer::map)
        .def_readonly("cells", &RouteLegAnswer::cells, "Tiles walked there: (n, 2), x then y.")
        .def_readonly("cost", &RouteLegAnswer::cost);
    py::class_<RouteAnswer>(module, "Route", "A route across maps; cost in tiles.")
        .def_readonly("status", &RouteAnswer::status)
        .def_readonly("message", &RouteAnswer::message)
        .def_readonly("cost", &RouteAnswer::cost)
        .def_readonly("legs", &RouteAnswer::legs)
        .def_property_readonly("found",
                               [](const RouteAnswer& route) { return route.status == "found"; })
        .def("__bool__", [](const RouteAnswer& route) { return route.status == "found"; });
}

}  // namespace

void bind_world(py::module_& module) {
    bind_route(module);
    py::class_<WorldHandle>(module, "World",
                            "Tile maps joined by open edges (outdoor) and doors, with routes "
                            "across them. Maps are named by id or by name.")
        .def(py::init([](const std::string& diagonal) {
                 auto handle = std::make_unique<WorldHandle>();
                 MovementRules rules;
                 rules.diagonal = diagonal_named(diagonal);
                 handle->world.set_rules(rules);
                 return handle.release();
             }),
             py::arg("diagonal") = "never")
        .def(
            "add_map",
            [](WorldHandle& self, std::uint32_t id, const GridMapHandle& map,
               const std::string& name, bool indoor, float cell_size) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.world.add_map(MapId(id), name,
                                                    indoor ? MapKind::Indoor : MapKind::Outdoor,
                                                    map.map, cell_size));
            },
            py::arg("id"), py::arg("map"), py::kw_only(), py::arg("name") = "",
            py::arg("indoor") = false, py::arg("cell_size") = 1.0f,
            "Adds a copy of a grid map under an id.")
        .def(
            "link",
            [](WorldHandle& self, const py::object& map, const std::string& side,
               const py::object& neighbour, int offset) {
                const MapId from = self.map_id(map), to = self.map_id(neighbour);
                auto hold = write_lock(self.lock);
                raise_if_refused(self.world.link(from, side_named(side), to, offset));
            },
            py::arg("map"), py::arg("side"), py::arg("neighbour"), py::kw_only(),
            py::arg("offset") = 0, "Joins an outdoor map's edge to the opposite edge of another.")
        .def(
            "add_door",
            [](WorldHandle& self, const py::object& map, std::pair<int, int> at,
               const py::object& to, std::pair<int, int> spawn) {
                const MapId from = self.map_id(map), into = self.map_id(to);
                auto hold = write_lock(self.lock);
                raise_if_refused(self.world.add_door(from, to_cell(at), into, to_cell(spawn)));
            },
            py::arg("map"), py::arg("at"), py::arg("to"), py::arg("spawn"),
            "A door from a tile of one map to a tile of another, both ways.")
        .def_property_readonly(
            "maps",
            [](const WorldHandle& self) {
                py::list maps;
                for (const WorldMap& map : self.world.maps())
                    maps.append(py::make_tuple(map.id.value, python_text(map.name),
                                               map.kind == MapKind::Indoor ? "indoor" : "outdoor",
                                               map.grid.width(), map.grid.height()));
                return maps;
            },
            "[(id, name, kind, width, height), ...] in the order the maps were added.")
        .def(
            "find_route",
            [](const WorldHandle& self, const py::tuple& start, const py::tuple& goal) {
                const WorldPosition from = self.position(start, "start");
                const WorldPosition to = self.position(goal, "goal");
                const Route route =
                    read_without_gil(self.lock, [&] { return self.world.find_route(from, to); });
                if (route.status == SearchStatus::InvalidInput) throw RefusedInput(route.message);
                RouteAnswer made{
                    std::string(to_string(route.status)), route.message, route.cost, {}};
                for (const RouteLeg& leg : route.legs)
                    made.legs.push_back({leg.map.value, cells_to_array(leg.cells), leg.cost});
                return made;
            },
            py::arg("start"), py::arg("goal"),
            "The cheapest route from (map, x, y) to (map, x, y), across edges and doors.");

    module.def(
        "load_world",
        [](const std::filesystem::path& path) {
            WorldFile file = take(load_world_file(path.string()));
            auto handle = std::make_unique<WorldHandle>();
            handle->world = std::move(file.world);
            return handle.release();
        },
        py::arg("path"),
        "Loads a world file (XML: maps, links, doors; NPCs and the clock are not kept).");
}

}  // namespace pathkit::python
