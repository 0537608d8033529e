// pathkit.Crowd: cooperative units on a tile map that avoid, stall, give way and move in formation.
#include "handles.hpp"
#include "pathkit/crowd/crowd.hpp"

namespace pathkit::python {
namespace {

/// The crowd and the map it stands on (kept alive by the crowd; its changes are taken in at
/// `refresh` or the next step).
struct CrowdHandle {
    GridMapHandle* map;
    Crowd crowd;

    CrowdHandle(GridMapHandle* on, Crowd made) : map(on), crowd(std::move(made)) {}

    [[nodiscard]] const Unit& unit(std::uint32_t id) const {
        const Unit* found = crowd.unit(UnitId(id));
        if (found == nullptr) throw RefusedInput("unit " + std::to_string(id) + " does not exist");
        return *found;
    }
};

std::vector<UnitId> unit_list(const std::vector<std::uint32_t>& ids) {
    std::vector<UnitId> units;
    for (std::uint32_t id : ids)
        units.emplace_back(id);
    return units;
}

std::vector<std::uint32_t> id_list(const std::vector<UnitId>& units) {
    std::vector<std::uint32_t> ids;
    for (const UnitId unit : units)
        ids.push_back(unit.value);
    return ids;
}

}  // namespace

void bind_crowd(py::module_& module) {
    py::class_<CrowdHandle>(
        module, "Crowd",
        "Units of one tile on a grid map, moved a tile per step: they plan around each other, "
        "stall, give way, resolve deadlocks and move in formation. The map may change between "
        "steps (GridMap.set_walkable, set_terrain_cost): refresh() takes the changes in, or the "
        "next step does.")
        .def(py::init([](GridMapHandle& map, const std::string& diagonal, float occupied_penalty,
                         int patience_ticks, bool lifelong_orders) {
                 CrowdOptions options;
                 options.rules.diagonal = diagonal_named(diagonal);
                 options.occupied_penalty = occupied_penalty;
                 options.patience_ticks = patience_ticks;
                 options.lifelong_orders = lifelong_orders;
                 return new CrowdHandle(&map, take(Crowd::create(map.map, options)));
             }),
             py::arg("map"), py::arg("diagonal") = "no-corner-cutting", py::kw_only(),
             py::arg("occupied_penalty") = 6.0f, py::arg("patience_ticks") = 5,
             py::arg("lifelong_orders") = false, py::keep_alive<1, 2>(),
             "lifelong_orders=True moves every order through the lifelong planner, for units "
             "that get order after order (one-tile units, 4 directions; see queue_order).")
        .def(
            "add_unit",
            [](CrowdHandle& self, std::pair<int, int> at, bool attacking, int size) {
                return take(self.crowd.add_unit(to_cell(at),
                                                attacking ? UnitState::Attacking : UnitState::Idle,
                                                size))
                    .value;
            },
            py::arg("at"), py::kw_only(), py::arg("attacking") = false, py::arg("size") = 1,
            "Adds a unit of size x size tiles (1 to 3) whose top-left tile is `at`, on free "
            "walkable tiles; returns its id. Coordinated moves take one-tile units only.")
        .def(
            "move_to",
            [](CrowdHandle& self, std::uint32_t unit, std::pair<int, int> target) {
                raise_if_refused(self.crowd.move_to(UnitId(unit), to_cell(target)));
            },
            py::arg("unit"), py::arg("target"), "Orders one unit to a tile (from the next step).")
        .def(
            "queue_order",
            [](CrowdHandle& self, std::uint32_t unit, std::pair<int, int> target) {
                raise_if_refused(self.crowd.queue_order(UnitId(unit), to_cell(target)));
            },
            py::arg("unit"), py::arg("target"),
            "Adds an order behind the unit's order in progress and those queued before: the unit "
            "visits the targets in the order queued, one \"arrived\" event each. move_to, "
            "move_group, an attack or the unit getting stuck drop the queue.")
        .def(
            "queued_orders",
            [](const CrowdHandle& self, std::uint32_t unit) {
                return self.crowd.queued_orders(UnitId(unit));
            },
            py::arg("unit"), "Orders queued behind the unit's order in progress.")
        .def(
            "move_group",
            [](CrowdHandle& self, const std::vector<std::uint32_t>& units,
               std::pair<int, int> target, bool coordinated) {
                const auto ids = unit_list(units);
                raise_if_refused(coordinated ? self.crowd.move_coordinated(ids, to_cell(target))
                                             : self.crowd.move_group(ids, to_cell(target)));
            },
            py::arg("units"), py::arg("target"), py::kw_only(), py::arg("coordinated") = false,
            "Orders units to a tile in formation; coordinated=True plans them together "
            "(LaCAM), so none stalls for ever while a plan exists.")
        .def(
            "set_attacking",
            [](CrowdHandle& self, std::uint32_t unit, bool attacking) {
                raise_if_refused(self.crowd.set_attacking(UnitId(unit), attacking));
            },
            py::arg("unit"), py::arg("attacking"),
            "An attacking unit stands still, a wall to the others.")
        .def(
            "step",
            [](CrowdHandle& self) {
                raise_if_refused(self.crowd.step());
                std::vector<std::pair<std::uint32_t, std::string>> events;
                for (const CrowdEvent& event : self.crowd.events())
                    events.emplace_back(event.unit.value, to_string(event.kind));
                return events;
            },
            "Runs one tick (after refresh() when the map changed); returns its events as "
            "[(unit, kind), ...], kind one of \"arrived\", \"stalled\", \"deadlock_resolved\", "
            "\"replanned\", \"unreachable\", \"gave_up\", \"displaced\", \"stuck\".")
        .def(
            "refresh",
            [](CrowdHandle& self) {
                const CrowdRepair repair = self.crowd.refresh();
                py::dict report;
                report["tiles_changed"] = repair.tiles_changed;
                report["displaced"] = id_list(repair.displaced);
                report["stuck"] = id_list(repair.stuck);
                report["replanned"] = id_list(repair.replanned);
                report["kept"] = repair.kept;
                report["microseconds"] = repair.microseconds;
                return report;
            },
            "Takes in the map's changes since the last refresh, now: units on tiles blocked "
            "under them move to the nearest free tile (\"displaced\"), or stay \"stuck\" with "
            "none free; units whose remaining path holds a changed tile or one of its 8 "
            "neighbours plan again (\"replanned\"); the others walking keep their paths "
            "(\"kept\"). Returns {\"tiles_changed\", \"displaced\", \"stuck\", \"replanned\", "
            "\"kept\", \"microseconds\"}; its events come with the next step's.")
        .def_property_readonly("tick", [](const CrowdHandle& self) { return self.crowd.tick(); })
        .def_property_readonly(
            "settled", [](const CrowdHandle& self) { return self.crowd.is_settled(); },
            "True when no unit has an order pending, moves or is stalled.")
        .def_property_readonly(
            "positions",
            [](const CrowdHandle& self) {
                std::vector<Cell> cells;
                for (const Unit& unit : self.crowd.units())
                    cells.push_back(unit.at);
                return cells_to_array(cells);
            },
            "Every unit's tile, by id: int32 array of shape (n, 2).")
        .def(
            "position",
            [](const CrowdHandle& self, std::uint32_t unit) {
                const Cell at = self.unit(unit).at;
                return py::make_tuple(at.x, at.y);
            },
            py::arg("unit"))
        .def(
            "state",
            [](const CrowdHandle& self, std::uint32_t unit) {
                return std::string(to_string(self.unit(unit).state));
            },
            py::arg("unit"), "\"idle\", \"moving\", \"stalled\" or \"attacking\".")
        .def("__len__", [](const CrowdHandle& self) { return self.crowd.units().size(); });
}

}  // namespace pathkit::python
