/// The limits every pathkit reader enforces, so hostile files cost bounded time and memory.
/// docs/limits.md lists them with the library's own limits; a file past one is refused with a
/// message naming the figure and the limit.
#pragma once

#include <cstddef>
#include <cstdint>

namespace pathkit::limits {

/// Largest input file read, in bytes (256 MiB). Only regular files are read: folders,
/// devices, FIFOs and sockets are refused before they are opened.
inline constexpr std::size_t max_file_bytes = std::size_t{256} << 20;
/// Deepest nesting of JSON arrays and objects.
inline constexpr int max_json_depth = 64;
/// Most tiles of one map described by a file (8192 x 8192 tiles; a side is also at most
/// `GridMap::max_side`). A map this size takes about 100 MB.
inline constexpr std::int64_t max_map_tiles = std::int64_t{1} << 26;
/// Most query rows of a MovingAI `.scen` file.
inline constexpr std::size_t max_scenario_rows = 1'000'000;
/// Most nodes and connections of a `.graph` file, and most connections from or to one node
/// (adding a connection scans the node's list, so the degree bounds the time per line).
inline constexpr std::size_t max_graph_nodes = 1'000'000;
inline constexpr std::size_t max_graph_connections = 4'000'000;
inline constexpr std::size_t max_graph_degree = 1'000;
/// Most tiles of all maps of one world file together (about 180 MB of maps).
inline constexpr std::int64_t max_world_tiles = std::int64_t{1} << 27;
/// Most points of all obstacles of one scene file, and of one polygon (merging saw-toothed
/// outlines costs Clipper time that grows with the square of their corners).
inline constexpr std::size_t max_scene_points = 200'000;
inline constexpr std::size_t max_obstacle_points = 10'000;
/// Longest obstacle "id" of a scene or agents file, in bytes.
inline constexpr std::size_t max_obstacle_name_bytes = 64;
/// Most timed obstacle changes of an agents file. Each step with changes repairs the mesh
/// once (`NavMesh::update`), and the agents whose paths it blocked plan again; obstacles a
/// change adds, and each obstacle a change moves, count their points again towards
/// `max_scene_points`.
inline constexpr std::size_t max_obstacle_changes = 10'000;
/// Most links of one scene file: each link added indexes all of them again (about 0.1 s for
/// 1,000), and links cheaper than walking cost every query a search over them all (the scene
/// command counts that work before it starts).
inline constexpr std::size_t max_scene_links = 1'000;
/// Most areas of one scene file (their corners count towards `max_scene_points`); each area
/// is a constraint of the triangulation (60 areas took a 7,500-triangle scene from 17 to 44 ms).
inline constexpr std::size_t max_scene_areas = 10'000;
/// Most radius classes of one scene or agents file (`NavMeshOptions::radius_classes`' own
/// limit): each class used is a mesh, or a visibility graph, of its own.
inline constexpr std::size_t max_radius_classes = 16;
/// Most queries of one scene file.
inline constexpr std::size_t max_scene_queries = 100'000;
/// Most units of a crowd scenario, and most commands.
inline constexpr std::size_t max_crowd_units = 100'000;
inline constexpr std::size_t max_crowd_commands = 1'000'000;
/// Most changes of the map a crowd scenario may make, and most tiles one change may name.
inline constexpr std::size_t max_crowd_changes = 100'000;
inline constexpr std::size_t max_crowd_changed_tiles = 1'000'000;
/// Latest tick a crowd scenario may name (`max_ticks`, command ticks): about 115 days at 100
/// ticks a second. Ticks in which nothing moves are skipped, not simulated.
inline constexpr std::uint64_t max_crowd_ticks = 1'000'000'000;
/// Most agents of a many-agent result file, and most agent positions over all its steps (8
/// bytes each in memory).
inline constexpr std::size_t max_mapf_agents = 100'000;
inline constexpr std::size_t max_mapf_positions = 32'000'000;
/// Most tasks of a lifelong tasks file (about 16 bytes each read, 4 in a planner's queues), and
/// most steps of a lifelong run (its result must also stay within `max_mapf_positions`).
inline constexpr std::size_t max_lifelong_tasks = 4'000'000;
inline constexpr std::size_t max_lifelong_steps = 1'000'000;
/// Most agents of an agents scenario file, its latest step, and most agent positions a run of
/// it records (agents x (max_steps + 1)): a trace holds about 25 bytes a position.
inline constexpr std::size_t max_scenario_agents = 10'000;
inline constexpr std::int64_t max_agent_steps = 100'000;
inline constexpr std::size_t max_agent_positions = 2'000'000;
/// Most agents x triangles of the scenario's navigation mesh: every agent plans its path over
/// the mesh when it starts, and a search may cross every triangle (about 0.3 microseconds
/// each), so this bounds the planning to some 15 seconds.
inline constexpr std::size_t max_agent_planning = 50'000'000;
/// Most steps with obstacle changes x triangles of the scenario's navigation mesh: a step's
/// repair may rebuild the whole mesh (a few microseconds a triangle), so this bounds the
/// repairs to some 15 seconds.
inline constexpr std::size_t max_change_repairs = 5'000'000;
/// Largest unit, node or map id a file may use.
inline constexpr std::int64_t max_file_id = 2'147'483'646;
/// Largest absolute tile coordinate a file may name.
inline constexpr std::int64_t max_tile_coordinate = 1'000'000'000;

}  // namespace pathkit::limits
