// Viewer parts made from pathkit's own results: grid searches, scenes, crowd runs, worlds.
#include "pathkit/io/viewer_parts.hpp"

#include <cmath>
#include <limits>
#include <map>

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
    for (std::size_t index = 0; index < drawing.paths.size(); ++index)
        if (!drawing.paths[index].empty())
            part.paths.push_back(
                {"query " + std::to_string(index), shift_all(drawing.paths[index]), "#1f6fd1"});
    return part;
}

ViewerPart crowd_part(std::string name, std::string summary, const CrowdScenario& scenario,
                      const CrowdRunReport& report) {
    ViewerPart part = grid_part(std::move(name), std::move(summary), scenario.map, {}, nullptr);
    const Cell o = scenario.map.origin();
    for (const ScenarioUnit& unit : scenario.units)
        part.unit_labels.push_back(std::to_string(unit.name));
    for (std::size_t tick = 0; tick < report.positions.size(); ++tick) {
        std::vector<Point2> frame;
        for (Cell cell : report.positions[tick])
            frame.push_back(centre({cell.x - o.x, cell.y - o.y}));
        part.frames.push_back(std::move(frame));
        part.frame_labels.push_back(tick == 0 ? "start" : "tick " + std::to_string(tick - 1));
    }
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
    part.unit_labels = npc_names;
    for (const NpcSnapshot& snapshot : snapshots) {
        std::vector<Point2> frame;
        for (const auto& [map_id, position] : snapshot.npcs) {
            const WorldMap* map = world.map(map_id);
            if (!map) {
                frame.push_back({hidden, hidden});
                continue;
            }
            const Cell at = offset[map_id.value];
            frame.push_back({static_cast<float>(at.x) + position.x / map->cell_size,
                             static_cast<float>(at.y) + position.y / map->cell_size});
        }
        part.frames.push_back(std::move(frame));
        part.frame_labels.push_back(snapshot.time);
    }
    return part;
}

std::vector<NpcSnapshot> snapshots_until(NpcSimulation& simulation, std::int64_t until,
                                         int every_minutes) {
    std::vector<NpcSnapshot> snapshots;
    const auto take = [&] {
        NpcSnapshot snapshot{GameClock::format(simulation.clock().minutes()), {}};
        for (const Npc& npc : simulation.npcs())
            snapshot.npcs.push_back({npc.map, npc.position});
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
