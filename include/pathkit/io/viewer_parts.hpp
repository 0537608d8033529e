/// Viewer parts made from pathkit's own results: grid searches, scenes, crowd runs, worlds.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pathkit/crowd/crowd_scenario.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/viewer.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/world/npc.hpp"

namespace pathkit {

/// A grid as viewer tiles: '#' blocked, '~' terrain dearer than 1, '.' the rest.
[[nodiscard]] std::vector<std::string> tile_rows(const GridMap& map);

/// What to draw over a scene; every part is optional.
struct SceneDrawing {
    /// The grown, merged outlines (`ObstacleGraph::outlines`, `NavMesh::outlines`).
    std::vector<std::vector<Point2>> buffer_outlines;
    /// A navigation mesh's triangles (`NavMesh::triangles`).
    std::vector<MeshTriangle> triangles;
    /// A visibility graph's connections, each once.
    std::vector<std::array<Point2, 2>> graph_edges;
    /// Per query: its path (empty when none was found) and, when it failed, why.
    std::vector<std::vector<Point2>> paths;
    std::vector<std::string> failures;
};

/// A path's points as drawn: the walk, broken (a NaN point) where it crosses a link, whose arc
/// shows the jump.
[[nodiscard]] std::vector<Point2> drawn_path(const PlanePath& path);

/// The connections of an obstacle graph, each once, for `SceneDrawing::graph_edges`.
[[nodiscard]] std::vector<std::array<Point2, 2>> graph_edges(const ObstacleGraph& graph);

/// Marks a query on a part (in the part's units): its start and its goal, the goal drawn as a
/// cross labelled with the reason when `failure` is not empty (the query found no path).
void mark_query(ViewerPart& part, Point2 from, Point2 to, const std::string& failure);
/// The centre of a tile of `map` in the units of its grid part.
[[nodiscard]] Point2 tile_centre(const GridMap& map, Cell cell);

/// A grid search: the map, the tiles the last search of `context` reached (when given), and
/// the path through tile centres.
[[nodiscard]] ViewerPart grid_part(std::string name, std::string summary, const GridMap& map,
                                   const std::vector<Cell>& path, const SearchContext* context);

/// A scene: obstacles, buffers, triangles or graph, paths and the queries marked, y up.
[[nodiscard]] ViewerPart scene_part(std::string name, std::string summary, const Scene& scene,
                                    const SceneDrawing& drawing);

/// A crowd run made with a trace: the map and every unit tick by tick, with where each is
/// going and the way it plans (when the report recorded them).
[[nodiscard]] ViewerPart crowd_part(std::string name, std::string summary,
                                    const CrowdScenario& scenario, const CrowdRunReport& report);

/// An NPC at one moment: where it is, where it is going, and the rest of its route.
struct NpcPlace {
    MapId map;
    Point2 position;
    std::optional<WorldPosition> destination;
    std::vector<RouteLeg> route_left;
};
/// Every NPC at one moment.
struct NpcSnapshot {
    std::string time;
    std::vector<NpcPlace> npcs;
};

/// A world: outdoor maps in a row, indoor maps in a row below, each framed and named, doors
/// and linked edges marked, and the NPCs moving from snapshot to snapshot with their
/// destinations and the rest of their routes.
[[nodiscard]] ViewerPart world_part(std::string name, std::string summary, const World& world,
                                    const std::vector<std::string>& npc_names,
                                    const std::vector<NpcSnapshot>& snapshots);

/// Runs `simulation` until `until` (minutes after midnight), taking a snapshot every
/// `every_minutes` minutes; routes are kept in the snapshots while `route_tiles_left` allows
/// (tiles over all snapshots), then only destinations.
[[nodiscard]] std::vector<NpcSnapshot> snapshots_until(NpcSimulation& simulation,
                                                       std::int64_t until, int every_minutes,
                                                       std::size_t route_tiles_left = 2'000'000);

}  // namespace pathkit
