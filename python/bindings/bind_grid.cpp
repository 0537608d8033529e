// pathkit.GridMap, GridSpace and the MovingAI loaders: tile grids with numpy arrays in and out.
#include <pybind11/stl/filesystem.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <limits>

#include "handles.hpp"
#include "pathkit/grid/flow_field.hpp"
#include "pathkit/grid/goal_bounds.hpp"
#include "pathkit/grid/grid_space.hpp"
#include "pathkit/grid/hierarchy.hpp"
#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/goal_bounds_file.hpp"
#include "pathkit/io/moving_ai.hpp"

namespace pathkit::python {
namespace {

/// pathkit.GridSpace: the map it reads and the rules it moves by.
struct GridSpaceHandle {
    GridMapHandle* map;
    GridSpace space;
    std::atomic<std::uint64_t> fitted_revision;
    /// The hierarchy of algo="hpa" and "hpa-optimal": built at the first such query, repaired
    /// at the first after map changes (holding the map's lock exclusively).
    std::unique_ptr<GridHierarchy> hierarchy;

    /// Units bigger than a tile keep a table of where they fit: rebuilt after map changes.
    void refresh_if_stale() {
        if (space.rules().agent_size == 1 || fitted_revision == map->map.revision()) return;
        auto hold = write_lock(map->lock);
        space.refresh();
        fitted_revision = map->map.revision();
    }

    /// A path by the hierarchy (with the GIL held; released while it searches).
    GridPath hierarchical_path(Cell from, Cell to, HierarchyMode mode) {
        for (;;) {
            std::optional<GridPath> found =
                read_without_gil(map->lock, [&]() -> std::optional<GridPath> {
                    if (!hierarchy || !hierarchy->is_current()) return std::nullopt;
                    thread_local HierarchyContext context;
                    return hierarchy->find_path(from, to, context, mode);
                });
            if (found) return std::move(*found);
            auto hold = write_lock(map->lock);
            if (!hierarchy)
                hierarchy = std::make_unique<GridHierarchy>(take(GridHierarchy::build(space)));
            else if (!hierarchy->is_current())
                hierarchy->repair();
        }
    }
};

/// The hierarchical mode an algo name asks for ("hpa", "hpa-optimal"), or none.
std::optional<HierarchyMode> hierarchy_mode_named(const std::string& algo) {
    if (algo == "hpa") return HierarchyMode::Fast;
    if (algo == "hpa-optimal") return HierarchyMode::Optimal;
    return std::nullopt;
}

/// pathkit.FlowField: a whole field as arrays.
struct FlowFieldAnswer {
    py::array_t<double> costs;
    py::array_t<std::int32_t> directions;
    py::array goals;
};

/// A finished field's tables, read without the GIL.
struct FlowTables {
    std::vector<FlowCost> costs;
    std::vector<FlowDirection> directions;
    std::vector<Cell> goals;
};

FlowTables flow_tables(FlowField field) {
    field.finish();
    return {field.costs(), field.directions(), field.goals()};
}

/// The arrays of a field's tables (with the GIL held).
FlowFieldAnswer flow_answer(const FlowTables& tables, const GridMap& map) {
    const py::ssize_t width = map.width(), height = map.height();
    FlowFieldAnswer made;
    made.costs = py::array_t<double>({height, width});
    made.directions = py::array_t<std::int32_t>({height, width, py::ssize_t{2}});
    auto cost_out = made.costs.mutable_unchecked<2>();
    auto next_out = made.directions.mutable_unchecked<3>();
    for (py::ssize_t y = 0; y < height; ++y)
        for (py::ssize_t x = 0; x < width; ++x) {
            const auto index = static_cast<std::size_t>(y * width + x);
            const FlowCost cost = tables.costs[index];
            cost_out(y, x) = cost == flow_unreachable ? std::numeric_limits<double>::infinity()
                                                      : static_cast<double>(cost) / flow_cost_scale;
            const FlowDirection direction = tables.directions[index];
            const Cell step = flow_offset(direction);
            const bool none = direction == FlowDirection::None;
            next_out(y, x, 0) = none ? -1 : static_cast<std::int32_t>(x) + step.x;
            next_out(y, x, 1) = none ? -1 : static_cast<std::int32_t>(y) + step.y;
        }
    made.goals = cells_to_array(tables.goals);
    return made;
}

std::optional<Heuristic> heuristic_named(const std::optional<std::string>& name) {
    if (!name) return std::nullopt;
    if (*name == "octile") return Heuristic::Octile;
    if (*name == "manhattan") return Heuristic::Manhattan;
    if (*name == "euclidean") return Heuristic::Euclidean;
    if (*name == "chebyshev") return Heuristic::Chebyshev;
    if (*name == "zero") return Heuristic::Zero;
    throw RefusedInput(
        "heuristic must be None, \"octile\", \"manhattan\", \"euclidean\", "
        "\"chebyshev\" or \"zero\", not \"" +
        *name + "\"");
}

/// A terrain type given by number or by name, checked against the map's types.
TerrainType terrain_type_of(const GridMap& map, const py::handle& given) {
    if (py::isinstance<py::str>(given)) {
        const auto name = given.cast<std::string>();
        if (const auto type = map.terrain_type_named(name)) return *type;
        throw RefusedInput("the map has no terrain type named \"" + name + "\"");
    }
    const auto number = given.cast<long long>();
    if (number < 0 || number >= map.terrain_type_count())
        throw RefusedInput("terrain type " + std::to_string(number) + " is not one of the map's " +
                           std::to_string(map.terrain_type_count()) + " types");
    return static_cast<TerrainType>(number);
}

PathShape shape_named(const std::string& name) {
    if (name == "tiles") return PathShape::Tiles;
    if (name == "turns") return PathShape::Turns;
    throw RefusedInput("shape must be \"tiles\" or \"turns\", not \"" + name + "\"");
}

GridMapHandle* map_from_numpy(const py::array& walkable_values,
                              const std::optional<py::array>& terrain_values) {
    auto walkable =
        py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(walkable_values);
    if (!walkable || walkable.ndim() != 2)
        throw RefusedInput("walkable must be a 2-D array of shape (height, width)");
    const auto height = walkable.shape(0), width = walkable.shape(1);
    if (height < 1 || width < 1 || height > GridMap::max_side || width > GridMap::max_side)
        throw RefusedInput("a map is 1.." + std::to_string(GridMap::max_side) +
                           " tiles a side, not " + std::to_string(width) + " x " +
                           std::to_string(height));
    auto handle = std::unique_ptr<GridMapHandle>(new GridMapHandle{
        take(GridMap::create(static_cast<int>(width), static_cast<int>(height)))});
    const auto cells = walkable.unchecked<2>();
    for (py::ssize_t y = 0; y < height; ++y)
        for (py::ssize_t x = 0; x < width; ++x)
            if (!cells(y, x))
                (void)handle->map.set_walkable({static_cast<int>(x), static_cast<int>(y)}, false);
    if (terrain_values) {
        auto terrain =
            py::array_t<float, py::array::c_style | py::array::forcecast>::ensure(*terrain_values);
        if (!terrain || terrain.ndim() != 2 || terrain.shape(0) != height ||
            terrain.shape(1) != width)
            throw RefusedInput("terrain must be a float array of the walkable array's shape (" +
                               std::to_string(height) + ", " + std::to_string(width) + ")");
        const auto costs = terrain.unchecked<2>();
        for (py::ssize_t y = 0; y < height; ++y)
            for (py::ssize_t x = 0; x < width; ++x)
                if (costs(y, x) != 1.0f)
                    raise_if_refused(handle->map.set_terrain_cost(
                        {static_cast<int>(x), static_cast<int>(y)}, costs(y, x)));
    }
    return handle.release();
}

/// The map's tiles as a (height, width) array, each from `value(cell)`.
template <class Value, class Read>
py::array_t<Value> map_array(const GridMap& map, Read&& value) {
    py::array_t<Value> array({py::ssize_t{map.height()}, py::ssize_t{map.width()}});
    auto out = array.template mutable_unchecked<2>();
    const Cell origin = map.origin();
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            out(y, x) = value(Cell{origin.x + x, origin.y + y});
    return array;
}

void bind_maps(py::module_& module) {
    py::class_<GridMapHandle>(module, "GridMap",
                              "A rectangle of tiles, each walkable or blocked, each with a terrain "
                              "cost multiplier. Tiles are (x, y): column, then row from the top.")
        .def(py::init([](int width, int height, bool walkable) {
                 return new GridMapHandle{take(GridMap::create(width, height, {}, walkable))};
             }),
             py::arg("width"), py::arg("height"), py::arg("walkable") = true,
             "A map of width x height tiles (1..16384 a side), all walkable or all blocked.")
        .def_static("from_numpy", &map_from_numpy, py::arg("walkable"),
                    py::arg("terrain") = py::none(),
                    "A map from a 2-D bool array of shape (height, width), True = walkable, "
                    "and optionally a float array of terrain multipliers of the same shape.")
        .def_static(
            "from_rows",
            [](const std::vector<std::string>& rows) {
                return new GridMapHandle{take(map_from_rows(rows, "rows"))};
            },
            py::arg("rows"),
            "A map drawn as strings, top row first: '.' walkable, '@' or '#' blocked "
            "(MovingAI's letters).")
        .def_property_readonly("width", [](const GridMapHandle& self) { return self.map.width(); })
        .def_property_readonly("height",
                               [](const GridMapHandle& self) { return self.map.height(); })
        .def_property_readonly(
            "shape",
            [](const GridMapHandle& self) {
                return py::make_tuple(self.map.height(), self.map.width());
            },
            "(height, width), as numpy orders it.")
        .def(
            "is_walkable",
            [](const GridMapHandle& self, std::pair<int, int> cell) {
                return self.map.is_walkable(to_cell(cell));
            },
            py::arg("cell"), "True for a walkable tile inside the map; False outside.")
        .def(
            "set_walkable",
            [](GridMapHandle& self, std::pair<int, int> cell, bool walkable) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.map.set_walkable(to_cell(cell), walkable));
            },
            py::arg("cell"), py::arg("walkable"), "Makes a tile walkable or blocked.")
        .def(
            "terrain_cost",
            [](const GridMapHandle& self, std::pair<int, int> cell) {
                return self.map.terrain_cost(to_cell(cell));
            },
            py::arg("cell"), "A tile's terrain multiplier (1 unless set).")
        .def(
            "set_terrain_cost",
            [](GridMapHandle& self, std::pair<int, int> cell, float cost) {
                auto hold = write_lock(self.lock);
                raise_if_refused(self.map.set_terrain_cost(to_cell(cell), cost));
            },
            py::arg("cell"), py::arg("cost"),
            "Multiplies the cost of every step onto this tile (finite, >= 0).")
        .def(
            "add_terrain_type",
            [](GridMapHandle& self, const std::string& name) {
                auto hold = write_lock(self.lock);
                return static_cast<int>(take(self.map.add_terrain_type(name)));
            },
            py::arg("name"),
            "Names a new terrain type (\"water\") for find_path's exclude_terrain; returns its "
            "number (from 1; 0 is \"ground\", every tile's until set).")
        .def(
            "set_terrain_type",
            [](GridMapHandle& self, std::pair<int, int> cell, const py::object& type) {
                auto hold = write_lock(self.lock);
                raise_if_refused(
                    self.map.set_terrain_type(to_cell(cell), terrain_type_of(self.map, type)));
            },
            py::arg("cell"), py::arg("type"), "Sets a tile's terrain type, by number or name.")
        .def(
            "terrain_type",
            [](const GridMapHandle& self, std::pair<int, int> cell) {
                return static_cast<int>(self.map.terrain_type(to_cell(cell)));
            },
            py::arg("cell"), "A tile's terrain type number (0 unless set).")
        .def_property_readonly(
            "terrain_types",
            [](const GridMapHandle& self) {
                std::vector<std::string> names;
                for (int type = 0; type < self.map.terrain_type_count(); ++type)
                    names.emplace_back(self.map.terrain_type_name(static_cast<TerrainType>(type)));
                return names;
            },
            "The names of the map's terrain types, by number.")
        .def_property_readonly(
            "walkable",
            [](const GridMapHandle& self) {
                return map_array<bool>(self.map,
                                       [&](Cell cell) { return self.map.is_walkable(cell); });
            },
            "A copy of the walkable tiles: bool array of shape (height, width).")
        .def_property_readonly(
            "terrain",
            [](const GridMapHandle& self) {
                return map_array<float>(self.map,
                                        [&](Cell cell) { return self.map.terrain_cost(cell); });
            },
            "A copy of the terrain multipliers: float32 array of shape (height, width).")
        .def_property_readonly("revision",
                               [](const GridMapHandle& self) { return self.map.revision(); })
        .def("__repr__", [](const GridMapHandle& self) {
            return "<pathkit.GridMap " + std::to_string(self.map.width()) + " x " +
                   std::to_string(self.map.height()) + ">";
        });

    module.def(
        "load_moving_ai_map",
        [](const std::filesystem::path& path) {
            return new GridMapHandle{take(load_moving_ai_map(path.string()))};
        },
        py::arg("path"), "Loads a MovingAI .map file; pathkit.Error names the file and line.");
}

void bind_space(py::module_& module) {
    py::class_<FlowFieldAnswer>(module, "FlowField",
                                "Every tile's exact cost to a goal and its best next tile "
                                "(GridSpace.flow_field).")
        .def_readonly("costs", &FlowFieldAnswer::costs,
                      "float64 (height, width): the cost to the nearest goal tile (fixed point, "
                      "1/1024 of a cost unit, the same on every machine); inf where no way "
                      "leads, on blocked tiles too")
        .def_readonly("directions", &FlowFieldAnswer::directions,
                      "int32 (height, width, 2): each tile's next tile (x, y) on a cheapest "
                      "way; a goal tile gives itself, a tile with no way (-1, -1)")
        .def_readonly("goals", &FlowFieldAnswer::goals,
                      "int32 (n, 2): the goal tiles where the unit fits");
    py::class_<GridSpaceHandle>(module, "GridSpace",
                                "A grid map seen through movement rules: the space grid "
                                "searches run on. It reads the map at query time.")
        .def(
            py::init([](GridMapHandle& map, const std::string& diagonal, float straight_cost,
                        float diagonal_cost, std::optional<std::string> heuristic, int agent_size) {
                MovementRules rules;
                rules.diagonal = diagonal_named(diagonal);
                rules.straight_cost = straight_cost;
                rules.diagonal_cost = diagonal_cost;
                rules.heuristic = heuristic_named(heuristic);
                rules.agent_size = agent_size;
                raise_if_refused(validate(rules));
                return new GridSpaceHandle{&map, GridSpace(map.map, rules), map.map.revision()};
            }),
            py::arg("map"), py::arg("diagonal") = "no-corner-cutting", py::kw_only(),
            py::arg("straight_cost") = 1.0f, py::arg("diagonal_cost") = 1.41421356f,
            py::arg("heuristic") = py::none(), py::arg("agent_size") = 1, py::keep_alive<1, 2>(),
            "diagonal: \"never\", \"always\", \"at-least-one-walkable\" or "
            "\"no-corner-cutting\" (MovingAI's rule). agent_size: the unit's side in tiles.")
        .def_property_readonly(
            "map", [](const GridSpaceHandle& self) { return self.map; },
            py::return_value_policy::reference_internal)
        .def(
            "find_path",
            [](GridSpaceHandle& self, std::pair<int, int> start, std::pair<int, int> goal,
               const std::string& algo, std::optional<std::uint64_t> max_expansions, float weight,
               bool allow_partial, const std::string& shape, const py::iterable& exclude_terrain) {
                if (const auto mode = hierarchy_mode_named(algo)) {
                    if (max_expansions || weight != 1 || allow_partial || shape != "tiles" ||
                        py::len(exclude_terrain) > 0)
                        throw RefusedInput("algo=\"" + algo +
                                           "\" takes no max_expansions, weight, "
                                           "allow_partial, shape or exclude_terrain");
                    self.refresh_if_stale();
                    return answer(self.hierarchical_path(to_cell(start), to_cell(goal), *mode),
                                  cells_to_array);
                }
                const SearchOptions options =
                    search_options(algo, max_expansions, weight, allow_partial);
                const PathShape path_shape = shape_named(shape);
                TerrainFilter filter;
                for (const py::handle type : exclude_terrain)
                    filter.excluded.push_back(terrain_type_of(self.map->map, type));
                self.refresh_if_stale();
                const GridPath path = read_without_gil(self.map->lock, [&] {
                    return self.space.find_path(to_cell(start), to_cell(goal), options, path_shape,
                                                filter);
                });
                PathAnswer made = answer(path, cells_to_array);
                for (const GridLinkId link : path.links)
                    made.links.push_back(link.is_valid() ? std::int64_t{link.value} : -1);
                return made;
            },
            py::arg("start"), py::arg("goal"), py::arg("algo") = "astar", py::kw_only(),
            py::arg("max_expansions") = py::none(), py::arg("weight") = 1.0f,
            py::arg("allow_partial") = false, py::arg("shape") = "tiles",
            py::arg("exclude_terrain") = py::tuple(),
            "The cheapest path from start to goal, (x, y) tiles. algo: \"astar\", "
            "\"dijkstra\", \"bfs\", \"jps\" or \"jps+\" (jump point search over distances "
            "computed at the first such query and after map changes), \"hpa\" (hierarchical: "
            "clusters of 32 x 32 tiles and their gates, built at the first such query and "
            "repaired after map changes; a valid path, not always the cheapest; links not "
            "followed) or \"hpa-optimal\" (A* guided by the hierarchy: the cheapest). The path "
            "is an int32 array of shape (n, 2), x then y; "
            "shape=\"turns\" keeps only the tiles where it turns. Links are followed; the "
            "result's links say which steps take one. exclude_terrain: terrain types (numbers "
            "or names) that are walls for this query. Raises pathkit.Error for a start or goal "
            "outside the map, blocked or on excluded terrain, or an unknown terrain type. The "
            "GIL is released while it runs.")
        .def(
            "use_goal_bounds",
            [](GridSpaceHandle& self, const std::optional<std::string>& path) {
                std::shared_ptr<const GoalBounds> bounds;
                if (path)
                    bounds = std::make_shared<const GoalBounds>(take(load_goal_bounds(*path)));
                auto hold = write_lock(self.map->lock);
                Status fits = self.space.use_goal_bounds(std::move(bounds));
                if (!fits && path) fits = Status::invalid_input(*path + ": " + fits.message());
                raise_if_refused(fits);
            },
            py::arg("path"),
            "Loads goal bounds made by `pathkit index` (or build_goal_bounds) for this map and "
            "rules: algo=\"jps+\" then skips every move no cheapest path takes (the same costs, "
            "fewer jump points), until the map or its links change. None lets them go. Raises "
            "pathkit.Error for a damaged file or bounds made for another map or rules.")
        .def(
            "build_goal_bounds",
            [](GridSpaceHandle& self, const std::string& path, int threads) {
                auto bounds = std::make_shared<const GoalBounds>(
                    take(read_without_gil(self.map->lock, [&]() -> Expected<GoalBounds> {
                        auto started = GoalBoundsBuilder::start(self.space);
                        if (!started) return started.error();
                        started.value().run(static_cast<std::size_t>(-1), std::max(1, threads));
                        return std::move(started.value()).take();
                    })));
                raise_if_refused(save_goal_bounds(*bounds, path));
                auto hold = write_lock(self.map->lock);
                raise_if_refused(self.space.use_goal_bounds(std::move(bounds)));
            },
            py::arg("path"), py::kw_only(), py::arg("threads") = 1,
            "Builds goal bounds for this map and rules (one search from every walkable tile: "
            "seconds for 10,000 tiles, minutes for 100,000), saves them to path and uses them "
            "as use_goal_bounds does. The GIL is released while it builds.")
        .def(
            "flow_field",
            [](GridSpaceHandle& self, const std::vector<std::pair<int, int>>& goals) {
                std::vector<Cell> cells;
                for (const auto& goal : goals)
                    cells.push_back(to_cell(goal));
                self.refresh_if_stale();
                auto made = read_without_gil(self.map->lock, [&] {
                    auto field = FlowField::create(self.space, cells);
                    return field ? Expected<FlowTables>(flow_tables(std::move(field).value()))
                                 : Expected<FlowTables>(field.error());
                });
                return flow_answer(take(std::move(made)), self.map->map);
            },
            py::arg("goals"),
            "The whole flow field to the nearest of several goal tiles (a region); raises "
            "pathkit.Error for none, a tile outside the map, or none where the unit fits.")
        .def(
            "flow_field",
            [](GridSpaceHandle& self, std::pair<int, int> goal) {
                self.refresh_if_stale();
                auto made = read_without_gil(self.map->lock, [&] {
                    auto field = FlowField::create(self.space, to_cell(goal));
                    return field ? Expected<FlowTables>(flow_tables(std::move(field).value()))
                                 : Expected<FlowTables>(field.error());
                });
                return flow_answer(take(std::move(made)), self.map->map);
            },
            py::arg("goal"),
            "The whole flow field to a goal tile (x, y): costs and next tiles for every tile, "
            "under the space's rules (links not followed). Raises pathkit.Error for a goal "
            "outside the map or blocked. The GIL is released while it runs.")
        .def(
            "add_link",
            [](GridSpaceHandle& self, std::pair<int, int> start, std::pair<int, int> end,
               float cost, bool bidirectional, const std::string& name) {
                auto hold = write_lock(self.map->lock);
                return take(self.space.add_link(
                                to_cell(start), to_cell(end),
                                {.cost = cost, .bidirectional = bidirectional, .name = name}))
                    .value;
            },
            py::arg("start"), py::arg("end"), py::kw_only(), py::arg("cost") = 0.0f,
            py::arg("bidirectional") = true, py::arg("name") = "",
            "Links two walkable tiles (teleporter, stairs, a door that takes time) at cost "
            "(finite, >= 0), both ways unless bidirectional=False; returns its id. Raises "
            "pathkit.Error, with nothing changed, for an end outside the map or blocked.")
        .def(
            "remove_link",
            [](GridSpaceHandle& self, std::uint32_t link) {
                auto hold = write_lock(self.map->lock);
                raise_if_refused(self.space.remove_link(GridLinkId(link)));
            },
            py::arg("link"), "Removes a link; pathkit.Error for an id the space does not have.")
        .def_property_readonly(
            "links",
            [](const GridSpaceHandle& self) {
                py::list out;
                for (const GridLink& link : self.space.links())
                    out.append(py::dict(py::arg("id") = link.id.value,
                                        py::arg("start") = py::make_tuple(link.from.x, link.from.y),
                                        py::arg("end") = py::make_tuple(link.to.x, link.to.y),
                                        py::arg("cost") = link.cost,
                                        py::arg("bidirectional") = link.bidirectional,
                                        py::arg("name") = python_text(link.name)));
                return out;
            },
            "The links, in the order added: dicts with id, start, end, cost, bidirectional, "
            "name.")
        .def(
            "path_costs",
            [](GridSpaceHandle& self, const py::object& starts, const py::object& goals,
               const std::string& algo) {
                const auto from = array_to_cells(starts, "starts");
                const auto to = array_to_cells(goals, "goals");
                if (from.size() != to.size())
                    throw RefusedInput("starts and goals differ in length (" +
                                       std::to_string(from.size()) + " and " +
                                       std::to_string(to.size()) + ")");
                const SearchOptions options = search_options(algo, std::nullopt, 1, false);
                self.refresh_if_stale();
                std::vector<double> costs(from.size());
                const std::string refused = read_without_gil(self.map->lock, [&] {
                    for (std::size_t index = 0; index < from.size(); ++index) {
                        const GridPath path =
                            self.space.find_path(from[index], to[index], options, PathShape::Turns);
                        if (path.status == SearchStatus::InvalidInput)
                            return "query " + std::to_string(index) + ": " + path.message;
                        costs[index] =
                            path.found() ? path.cost : std::numeric_limits<double>::quiet_NaN();
                    }
                    return std::string();
                });
                if (!refused.empty()) throw RefusedInput(refused);
                return py::array_t<double>(static_cast<py::ssize_t>(costs.size()), costs.data());
            },
            py::arg("starts"), py::arg("goals"), py::arg("algo") = "astar",
            "The costs of many queries at once (starts and goals: arrays of shape (n, 2)): a "
            "float64 array, NaN where no path exists. Runs without the GIL.");
}

void bind_scenarios(py::module_& module) {
    py::class_<ScenarioQuery>(module, "ScenarioQuery", "One query of a MovingAI scenario.")
        .def_readonly("bucket", &ScenarioQuery::bucket)
        .def_property_readonly(
            "map_name", [](const ScenarioQuery& query) { return python_text(query.map_name); })
        .def_readonly("map_width", &ScenarioQuery::map_width)
        .def_readonly("map_height", &ScenarioQuery::map_height)
        .def_property_readonly(
            "start",
            [](const ScenarioQuery& query) { return py::make_tuple(query.start.x, query.start.y); })
        .def_property_readonly(
            "goal",
            [](const ScenarioQuery& query) { return py::make_tuple(query.goal.x, query.goal.y); })
        .def_readonly("optimal_length", &ScenarioQuery::optimal_length,
                      "Optimal length with octile moves and no corner cutting.")
        .def(
            "matches",
            [](const ScenarioQuery& query, double length) {
                return matches_optimal_length(length, query.optimal_length);
            },
            py::arg("length"),
            "True when length equals the optimal length within the "
            "benchmark's rounding (0.006 + 1e-5 x length).");

    py::class_<Scenario>(module, "Scenario", "A MovingAI scenario: its queries in file order.")
        .def("__len__", [](const Scenario& self) { return self.queries.size(); })
        .def("__getitem__",
             [](const Scenario& self, py::ssize_t index) {
                 const auto size = static_cast<py::ssize_t>(self.queries.size());
                 if (index < 0) index += size;
                 if (index < 0 || index >= size) throw py::index_error("query index out of range");
                 return self.queries[static_cast<std::size_t>(index)];
             })
        .def(
            "__iter__",
            [](const Scenario& self) {
                return py::make_iterator(self.queries.begin(), self.queries.end());
            },
            py::keep_alive<0, 1>())
        .def_property_readonly("starts",
                               [](const Scenario& self) {
                                   std::vector<Cell> cells;
                                   for (const auto& query : self.queries)
                                       cells.push_back(query.start);
                                   return cells_to_array(cells);
                               })
        .def_property_readonly("goals",
                               [](const Scenario& self) {
                                   std::vector<Cell> cells;
                                   for (const auto& query : self.queries)
                                       cells.push_back(query.goal);
                                   return cells_to_array(cells);
                               })
        .def_property_readonly("optimal_lengths", [](const Scenario& self) {
            std::vector<double> lengths;
            for (const auto& query : self.queries)
                lengths.push_back(query.optimal_length);
            return py::array_t<double>(static_cast<py::ssize_t>(lengths.size()), lengths.data());
        });

    module.def(
        "load_moving_ai_scenario",
        [](const std::filesystem::path& path) {
            return take(load_moving_ai_scenario(path.string()));
        },
        py::arg("path"), "Loads a MovingAI .scen file; pathkit.Error names the file and line.");
}

}  // namespace

void bind_grid(py::module_& module) {
    bind_maps(module);
    bind_space(module);
    bind_scenarios(module);
}

}  // namespace pathkit::python
