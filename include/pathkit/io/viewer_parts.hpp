/// Viewer parts made from pathkit's own results: grid searches, scenes, crowd runs, worlds.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "pathkit/crowd/crowd_scenario.hpp"
#include "pathkit/io/scene_file.hpp"
#include "pathkit/io/scene_svg.hpp"
#include "pathkit/io/viewer.hpp"
#include "pathkit/search/search_context.hpp"
#include "pathkit/world/npc.hpp"

namespace pathkit {

/// A grid as viewer tiles: '#' blocked, '~' terrain dearer than 1, '.' the rest.
[[nodiscard]] std::vector<std::string> tile_rows(const GridMap& map);

/// A grid search: the map, the tiles the last search of `context` reached (when given), and
/// the path through tile centres.
[[nodiscard]] ViewerPart grid_part(std::string name, std::string summary, const GridMap& map,
                                   const std::vector<Cell>& path, const SearchContext* context);

/// A scene: obstacles, buffers (`ObstacleGraph::outlines`), triangles and paths, y up.
[[nodiscard]] ViewerPart scene_part(std::string name, std::string summary, const Scene& scene,
                                    const SceneDrawing& drawing);

/// A crowd run made with a trace: the map and every unit, tick by tick.
[[nodiscard]] ViewerPart crowd_part(std::string name, std::string summary,
                                    const CrowdScenario& scenario, const CrowdRunReport& report);

/// Every NPC's map and position at one moment.
struct NpcSnapshot {
    std::string time;
    std::vector<std::pair<MapId, Point2>> npcs;
};

/// A world: outdoor maps in a row, indoor maps in a row below, each framed and named, and the
/// NPCs moving from snapshot to snapshot.
[[nodiscard]] ViewerPart world_part(std::string name, std::string summary, const World& world,
                                    const std::vector<std::string>& npc_names,
                                    const std::vector<NpcSnapshot>& snapshots);

/// Runs `simulation` until `until` (minutes after midnight), taking a snapshot every
/// `every_minutes` minutes.
[[nodiscard]] std::vector<NpcSnapshot> snapshots_until(NpcSimulation& simulation,
                                                       std::int64_t until, int every_minutes);

}  // namespace pathkit
