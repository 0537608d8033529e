// Viewer parts made from pathkit's own results: grid searches, scenes, crowd runs, worlds.
#include "pathkit/io/viewer_parts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace pathkit {

namespace {
constexpr float hidden = std::numeric_limits<float>::quiet_NaN();

Point2 centre(Cell cell) {
    return {static_cast<float>(cell.x) + 0.5f, static_cast<float>(cell.y) + 0.5f};
}
}  // namespace

std::vector<std::string> tile_rows(const GridMap& map) {
    std::vector<std::string> rows;
    const Cell o = map.origin();
    for (int y = 0; y < map.height(); ++y) {
        std::string row;
        for (int x = 0; x < map.width(); ++x) {
            const Cell cell{o.x + x, o.y + y};
            row += !map.is_walkable(cell) ? '#' : map.terrain_cost(cell) > 1 ? '~' : '.';
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<std::array<Point2, 2>> graph_edges(const ObstacleGraph& graph) {
    std::vector<std::array<Point2, 2>> edges;
    for (NodeId node : graph.nodes()) {
        const Point2 a = graph.position(node);
        for (const auto& link : graph.connections(node))
            if (node < link.to) edges.push_back({a, graph.position(link.to)});
    }
    return edges;
}

void mark_query(ViewerPart& part, Point2 from, Point2 to, const std::string& failure) {
    part.markers.push_back({MarkerKind::Start, from, "start"});
    if (failure.empty())
        part.markers.push_back({MarkerKind::Goal, to, "goal"});
    else
        part.markers.push_back({MarkerKind::Failed, to, failure});
}

Point2 tile_centre(const GridMap& map, Cell cell) {
    return centre({cell.x - map.origin().x, cell.y - map.origin().y});
}

ViewerPart grid_part(std::string name, std::string summary, const GridMap& map,
                     const std::vector<Cell>& path, const SearchContext* context) {
    ViewerPart part;
    part.name = std::move(name);
    part.summary = std::move(summary);
    part.width = static_cast<float>(map.width());
    part.height = static_cast<float>(map.height());
    part.tiles = tile_rows(map);
    const Cell o = map.origin();
    if (context) {
        for (int y = 0; y < map.height(); ++y)
            for (int x = 0; x < map.width(); ++x)
                if (context->was_reached(StateId(map.index({o.x + x, o.y + y}))))
                    part.explored.push_back(centre({x, y}));
    }
    ViewerPath drawn{"path", {}, "#1f6fd1"};
    for (Cell cell : path)
        drawn.points.push_back(centre({cell.x - o.x, cell.y - o.y}));
    if (!drawn.points.empty()) part.paths.push_back(std::move(drawn));
    return part;
}

std::vector<Point2> drawn_path(const PlanePath& path) {
    std::vector<Point2> points;
    std::size_t next_link = 0;  // path.links is in segment order
    for (std::size_t index = 0; index < path.path.size(); ++index) {
        points.push_back(path.path[index]);
        if (next_link < path.links.size() && path.links[next_link].segment == index) {
            points.push_back({std::nanf(""), std::nanf("")});
            ++next_link;
        }
    }
    return points;
}

ViewerPart scene_part(std::string name, std::string summary, const Scene& scene,
                      const SceneDrawing& drawing) {
    ViewerPart part;
    part.name = std::move(name);
    part.summary = std::move(summary);
    part.y_up = true;
    part.width = scene.max.x - scene.min.x;
    part.height = scene.max.y - scene.min.y;
    const auto shift = [&](Point2 p) { return Point2{p.x - scene.min.x, p.y - scene.min.y}; };
    const auto shift_all = [&](const std::vector<Point2>& points) {
        std::vector<Point2> moved;
        for (Point2 p : points)
            moved.push_back(shift(p));
        return moved;
    };
    for (const Obstacle& obstacle : scene.obstacles)
        part.obstacles.push_back(shift_all(obstacle.outline()));
    for (const auto& ring : drawing.buffer_outlines)
        part.buffers.push_back(shift_all(ring));
    for (const MeshTriangle& t : drawing.triangles)
        part.triangles.push_back({shift(t[0]), shift(t[1]), shift(t[2])});
    for (const auto& [a, b] : drawing.graph_edges)
        part.edges.push_back({shift(a), shift(b)});
    for (const SceneArea& area : scene.areas)
        part.areas.push_back({shift_all(area.outline), static_cast<int>(area.type),
                              "area type " + std::to_string(area.type)});
    for (const SceneLink& link : scene.links)
        part.links.push_back({shift(link.from), shift(link.to), link.bidirectional});
    for (std::size_t index = 0; index < drawing.paths.size(); ++index)
        if (!drawing.paths[index].empty())
            part.paths.push_back({"path", shift_all(drawing.paths[index]), "#1f6fd1"});
    for (std::size_t index = 0; index < scene.queries.size(); ++index) {
        const std::string failure =
            index < drawing.failures.size() && !drawing.failures[index].empty()
                ? "query " + std::to_string(index) + ": " + drawing.failures[index]
                : std::string();
        mark_query(part, shift(scene.queries[index].from), shift(scene.queries[index].to), failure);
    }
    return part;
}

namespace {

// The tiles the run's changes blocked, as squares from the first frame after each change's
// tick (walls the map starts with are tiles of the part already; a wall a change opens stays
// drawn as one).
void add_changed_tiles(ViewerPart& part, const CrowdScenario& scenario) {
    if (scenario.changes.empty()) return;
    const Cell o = scenario.map.origin();
    std::set<std::pair<int, int>> blocked;
    for (const ScenarioChange& change : scenario.changes) {
        for (const Cell cell : change.tiles) {
            if (change.walkable) {
                blocked.erase({cell.x - o.x, cell.y - o.y});
            } else if (scenario.map.is_walkable(cell)) {
                blocked.insert({cell.x - o.x, cell.y - o.y});
            }
        }
        ViewerObstacleSet set;
        set.first_frame = static_cast<std::size_t>(change.tick) + 1;
        for (const auto& [x, y] : blocked) {
            const auto left = static_cast<float>(x), top = static_cast<float>(y);
            set.obstacles.push_back(
                {{left, top}, {left + 1, top}, {left + 1, top + 1}, {left, top + 1}});
        }
        if (!part.obstacle_sets.empty() && part.obstacle_sets.back().first_frame == set.first_frame)
            part.obstacle_sets.back() = std::move(set);
        else
            part.obstacle_sets.push_back(std::move(set));
    }
}

}  // namespace

ViewerPart crowd_part(std::string name, std::string summary, const CrowdScenario& scenario,
                      const CrowdRunReport& report) {
    ViewerPart part = grid_part(std::move(name), std::move(summary), scenario.map, {}, nullptr);
    const Cell o = scenario.map.origin();
    for (const ScenarioUnit& unit : scenario.units)
        part.unit_labels.push_back(std::to_string(unit.name));
    // Units bigger than one tile are drawn at their size, each at its footprint's centre.
    std::vector<int> sizes;
    for (const ScenarioUnit& unit : scenario.units)
        sizes.push_back(unit.size == 0 ? scenario.options.rules.agent_size : unit.size);
    const bool sized = std::any_of(sizes.begin(), sizes.end(), [](int size) { return size > 1; });
    if (sized)
        for (const int size : sizes)
            part.unit_radii.push_back(0.45f * static_cast<float>(size));
    const auto at_for = [&](std::size_t unit, Cell cell) {
        const float shift = unit < sizes.size() ? 0.5f * static_cast<float>(sizes[unit] - 1) : 0;
        const Point2 middle = centre({cell.x - o.x, cell.y - o.y});
        return Point2{middle.x + shift, middle.y + shift};
    };
    for (std::size_t tick = 0; tick < report.positions.size(); ++tick) {
        std::vector<Point2> frame;
        for (std::size_t unit = 0; unit < report.positions[tick].size(); ++unit)
            frame.push_back(at_for(unit, report.positions[tick][unit]));
        part.frames.push_back(std::move(frame));
        part.frame_labels.push_back(tick == 0 ? "start" : "tick " + std::to_string(tick - 1));
        if (tick < report.destinations.size()) {
            std::vector<Point2> going;
            for (std::size_t unit = 0; unit < report.destinations[tick].size(); ++unit) {
                const auto& destination = report.destinations[tick][unit];
                going.push_back(destination ? at_for(unit, *destination) : Point2{hidden, hidden});
            }
            part.destinations.push_back(std::move(going));
        }
        if (tick < report.planned.size()) {
            std::vector<std::vector<Point2>> ways;
            for (std::size_t unit = 0; unit < report.planned[tick].size(); ++unit) {
                std::vector<Point2> way;
                if (!report.planned[tick][unit].empty()) way.push_back(part.frames.back()[unit]);
                for (Cell cell : report.planned[tick][unit])
                    way.push_back(at_for(unit, cell));
                ways.push_back(std::move(way));
            }
            part.planned.push_back(std::move(ways));
        }
    }
    add_changed_tiles(part, scenario);
    return part;
}

ViewerPart world_part(std::string name, std::string summary, const World& world,
                      const std::vector<std::string>& npc_names,
                      const std::vector<NpcSnapshot>& snapshots) {
    ViewerPart part;
    part.name = std::move(name);
    part.summary = std::move(summary);
    // Lay the maps out: outdoor ones left to right, indoor ones in a row below, 2 tiles apart.
    std::map<std::uint32_t, Cell> offset;
    int outdoor_x = 0, indoor_x = 0, outdoor_height = 0, indoor_height = 0;
    for (const WorldMap& map : world.maps())
        if (map.kind == MapKind::Outdoor)
            outdoor_height = std::max(outdoor_height, map.grid.height());
    for (const WorldMap& map : world.maps()) {
        const bool outdoor = map.kind == MapKind::Outdoor;
        int& x = outdoor ? outdoor_x : indoor_x;
        offset[map.id.value] = {x, outdoor ? 2 : outdoor_height + 5};
        x += map.grid.width() + 2;
        if (!outdoor) indoor_height = std::max(indoor_height, map.grid.height());
    }
    const int width = std::max(outdoor_x, indoor_x),
              height = outdoor_height + 5 + indoor_height + 1;
    part.width = static_cast<float>(width);
    part.height = static_cast<float>(height);
    part.tiles.assign(static_cast<std::size_t>(height),
                      std::string(static_cast<std::size_t>(width), ' '));
    for (const WorldMap& map : world.maps()) {
        const Cell at = offset[map.id.value];
        const std::vector<std::string> rows = tile_rows(map.grid);
        for (std::size_t y = 0; y < rows.size(); ++y)
            part.tiles[static_cast<std::size_t>(at.y) + y].replace(static_cast<std::size_t>(at.x),
                                                                   rows[y].size(), rows[y]);
        part.panels.push_back({std::to_string(map.id.value) + " " + map.name,
                               static_cast<float>(at.x), static_cast<float>(at.y),
                               static_cast<float>(map.grid.width()),
                               static_cast<float>(map.grid.height())});
    }
    // Doors, and the edges where outdoor maps meet (each once, drawn between the panels).
    const auto place = [&](MapId id, Point2 local) {
        const Cell at = offset[id.value];
        return Point2{static_cast<float>(at.x) + local.x, static_cast<float>(at.y) + local.y};
    };
    for (const WorldMap& map : world.maps()) {
        for (const Door& door : map.doors) {
            const WorldMap* to = world.map(door.to);
            part.markers.push_back({MarkerKind::Door, place(map.id, centre(door.at)),
                                    "door to " + (to ? to->name : std::string("?"))});
        }
        for (const Side side : {Side::East, Side::South}) {
            const auto& neighbour = map.neighbours[static_cast<int>(side)];
            const WorldMap* other = neighbour ? world.map(*neighbour) : nullptr;
            if (!other) continue;
            const float w = static_cast<float>(map.grid.width()),
                        h = static_cast<float>(map.grid.height());
            const Point2 here = side == Side::East ? Point2{w, h / 2} : Point2{w / 2, h};
            const Point2 there = side == Side::East
                                     ? Point2{0, static_cast<float>(other->grid.height()) / 2}
                                     : Point2{static_cast<float>(other->grid.width()) / 2, 0};
            part.paths.push_back({"maps linked at an edge",
                                  {place(map.id, here), place(other->id, there)},
                                  "#7d6f60"});
        }
    }
    // NPCs: positions, destinations and the rest of their routes, frame by frame.
    const auto to_part = [&](const WorldPosition& position) {
        const WorldMap* map = world.map(position.map);
        return map ? place(position.map, centre(position.cell)) : Point2{hidden, hidden};
    };
    part.unit_labels = npc_names;
    const NpcSnapshot* previous = nullptr;
    for (const NpcSnapshot& snapshot : snapshots) {
        std::vector<Point2> frame, going;
        std::vector<std::vector<Point2>> ways;
        std::vector<bool> breaks;  // the NPC is on another map than in the previous snapshot
        for (const NpcPlace& npc : snapshot.npcs) {
            const std::size_t index = breaks.size();
            breaks.push_back(previous && index < previous->npcs.size() &&
                             previous->npcs[index].map != npc.map);
            const WorldMap* map = world.map(npc.map);
            frame.push_back(map ? place(npc.map, {npc.position.x / map->cell_size,
                                                  npc.position.y / map->cell_size})
                                : Point2{hidden, hidden});
            going.push_back(npc.destination ? to_part(*npc.destination) : Point2{hidden, hidden});
            std::vector<Point2> way;  // a NaN point where the route jumps to the next map
            if (!npc.route_left.empty()) way.push_back(frame.back());
            for (std::size_t leg = 0; leg < npc.route_left.size(); ++leg) {
                if (leg > 0) way.push_back({hidden, hidden});
                for (Cell cell : npc.route_left[leg].cells)
                    way.push_back(to_part({npc.route_left[leg].map, cell}));
            }
            ways.push_back(std::move(way));
        }
        part.frames.push_back(std::move(frame));
        part.destinations.push_back(std::move(going));
        part.planned.push_back(std::move(ways));
        part.trail_breaks.push_back(std::move(breaks));
        part.frame_labels.push_back(snapshot.time);
        previous = &snapshot;
    }
    return part;
}

std::vector<NpcSnapshot> snapshots_until(NpcSimulation& simulation, std::int64_t until,
                                         int every_minutes, std::size_t route_tiles_left) {
    std::vector<NpcSnapshot> snapshots;
    const auto take = [&] {
        NpcSnapshot snapshot{GameClock::format(simulation.clock().minutes()), {}};
        for (const Npc& npc : simulation.npcs()) {
            NpcPlace place{npc.map, npc.position, std::nullopt, {}};
            const bool planned = npc.activity == NpcActivity::Walk || npc.depart_minute >= 0;
            if (planned && npc.next_appointment < npc.appointments.size())
                place.destination = npc.appointments[npc.next_appointment].place;
            if (planned && npc.leg < npc.route.legs.size()) {
                // What is left: the rest of this leg, then the legs after it.
                RouteLeg rest = npc.route.legs[npc.leg];
                const std::size_t from = std::min(npc.waypoint, rest.cells.size());
                rest.cells.erase(rest.cells.begin(),
                                 rest.cells.begin() + static_cast<std::ptrdiff_t>(from));
                std::vector<RouteLeg> left{std::move(rest)};
                left.insert(left.end(),
                            npc.route.legs.begin() + static_cast<std::ptrdiff_t>(npc.leg) + 1,
                            npc.route.legs.end());
                std::size_t tiles = 0;
                for (const RouteLeg& leg : left)
                    tiles += leg.cells.size();
                if (tiles <= route_tiles_left) {
                    route_tiles_left -= tiles;
                    place.route_left = std::move(left);
                }
            }
            snapshot.npcs.push_back(std::move(place));
        }
        snapshots.push_back(std::move(snapshot));
    };
    take();
    while (simulation.clock().minutes() < until) {
        simulation.run_until(std::min<std::int64_t>(
            until, simulation.clock().minutes() + std::max(1, every_minutes)));
        take();
    }
    return snapshots;
}

}  // namespace pathkit
