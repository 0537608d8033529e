/* pathkit's C API: opaque handles over tile grids, graphs, open worlds and crowds, for engines
 * and languages that call native code through a C ABI (libpathkit_c.so, pkg-config pathkit_c).
 *
 * Conventions:
 * - Every call returns a pk_status; PK_OK (0) is success. After a failure pk_last_error()
 *   gives a message for the calling thread (it stays until the thread's next failure).
 * - Objects are made by pk_*_create into an out-parameter and freed by pk_*_destroy (NULL is
 *   fine there). A space reads the map it was made from: the map must outlive it.
 * - Paths go into buffers the caller owns, with their capacity; when a path does not fit the
 *   call returns PK_BUFFER_TOO_SMALL, writes nothing, and sets the length it needs (a call
 *   with capacity 0 and a NULL buffer asks for the size).
 * - Coordinates: tiles are whole numbers from the map's corner; open worlds are world units,
 *   y up. Costs are floats.
 * - One object may be read (queried) from several threads at once; changing it needs the
 *   caller to keep other threads away. No C++ exception crosses this boundary. */
#ifndef PATHKIT_C_PATHKIT_H
#define PATHKIT_C_PATHKIT_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define PK_API __declspec(dllexport)
#else
#define PK_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** What a call did. */
typedef enum pk_status {
    PK_OK = 0,               /**< done; for a search: a path was found */
    PK_NO_PATH = 1,          /**< the input was fine, but no path reaches the goal */
    PK_BUDGET_EXHAUSTED = 2, /**< the search stopped at its expansion budget */
    PK_INVALID_ARGUMENT = 3, /**< refused: NULL handle, tile outside the map, NaN... */
    PK_BUFFER_TOO_SMALL = 4, /**< the output did not fit; the length says what it needs */
    PK_OUT_OF_MEMORY = 5,    /**< an allocation failed */
    PK_INTERNAL_ERROR = 6    /**< a bug in pathkit; the message says what */
} pk_status;

/** The library's version, "MAJOR.MINOR.PATCH" (static storage). */
PK_API const char* pk_version(void);
/** The message of the calling thread's last failed call ("" before any); valid until that
 * thread's next failed call. */
PK_API const char* pk_last_error(void);
/** A name for a status: "ok", "no_path", ... (static storage). */
PK_API const char* pk_status_name(pk_status status);

/* ---- tile grids ------------------------------------------------------------------------- */

/** A rectangle of tiles, each walkable or not, with a terrain cost multiplier (1 by default). */
typedef struct pk_grid_map pk_grid_map;

/** A map of width x height walkable tiles (1..16384 a side). */
PK_API pk_status pk_grid_map_create(int32_t width, int32_t height, pk_grid_map** out);
/** A MovingAI .map file ('.', 'G', 'S' walkable; '@', 'O', 'T', 'W' blocked). */
PK_API pk_status pk_grid_map_load_moving_ai(const char* path, pk_grid_map** out);
PK_API void pk_grid_map_destroy(pk_grid_map* map);
PK_API pk_status pk_grid_map_size(const pk_grid_map* map, int32_t* width, int32_t* height);
/** Makes a tile walkable (nonzero) or blocked (0). */
PK_API pk_status pk_grid_map_set_walkable(pk_grid_map* map, int32_t x, int32_t y, int walkable);
/** Whether a tile is walkable: *walkable is 1 or 0. */
PK_API pk_status pk_grid_map_is_walkable(const pk_grid_map* map, int32_t x, int32_t y,
                                         int* walkable);
/** A tile's terrain cost multiplier: finite, 0.001..1e6 (entering it costs a step times it). */
PK_API pk_status pk_grid_map_set_terrain_cost(pk_grid_map* map, int32_t x, int32_t y, float cost);

/** Names a new terrain type (water, lava) for filters, numbered from 1 (0 is "ground", every
 * tile's until set), in *type. Refused for an empty or taken name, or past 256 types. */
PK_API pk_status pk_grid_map_add_terrain_type(pk_grid_map* map, const char* name, uint8_t* type);
/** Sets a tile's terrain type (one the map has). */
PK_API pk_status pk_grid_map_set_terrain_type(pk_grid_map* map, int32_t x, int32_t y, uint8_t type);

/** How diagonal steps are allowed. */
typedef enum pk_diagonal {
    PK_DIAGONAL_NEVER = 0,                 /**< four neighbours only */
    PK_DIAGONAL_ALWAYS = 1,                /**< any diagonal onto a walkable tile */
    PK_DIAGONAL_AT_LEAST_ONE_WALKABLE = 2, /**< one of the two tiles beside it walkable */
    PK_DIAGONAL_NO_CORNER_CUTTING = 3      /**< both tiles beside it walkable (MovingAI's) */
} pk_diagonal;

/** Which search answers a grid query. */
typedef enum pk_algorithm {
    PK_ALGORITHM_ASTAR = 0,         /**< A* (optimal) */
    PK_ALGORITHM_JPS = 1,           /**< jump point search (optimal; no terrain costs, units of
                                         one tile; refused otherwise) */
    PK_ALGORITHM_DIJKSTRA = 2,      /**< Dijkstra (optimal, no heuristic) */
    PK_ALGORITHM_BREADTH_FIRST = 3, /**< fewest steps */
    PK_ALGORITHM_JPS_PLUS = 4       /**< jump point search over distances the space computes at
                                         its first such query and after map changes (JPS+) */
} pk_algorithm;

/** The algorithm named `name` ("astar", "dijkstra", "bfs", "jps", "jps+"; the names of the
 * command line and of Python) in *out; PK_INVALID_ARGUMENT for another name. */
PK_API pk_status pk_algorithm_named(const char* name, pk_algorithm* out);
/** The name of an algorithm ("astar", ...), or "unknown". The text is static. */
PK_API const char* pk_algorithm_name(pk_algorithm algorithm);

/** A map with movement rules (straight steps cost 1, diagonals sqrt 2). */
typedef struct pk_grid_space pk_grid_space;

PK_API pk_status pk_grid_space_create(const pk_grid_map* map, pk_diagonal diagonal,
                                      pk_grid_space** out);
PK_API void pk_grid_space_destroy(pk_grid_space* space);
/** The cheapest path from (start_x, start_y) to (goal_x, goal_y): its tiles, start and goal
 * included, as x, y pairs in `tiles` (room for `capacity` tiles, 2 * capacity integers),
 * their count in *length and the cost in *cost (either may be NULL). `budget` bounds the
 * expansions (0: none). PK_NO_PATH, PK_BUDGET_EXHAUSTED or PK_INVALID_ARGUMENT (a blocked or
 * outside tile, or jump point search where it cannot run: the last error says why) when
 * there is no path to write. */
PK_API pk_status pk_grid_space_find_path(const pk_grid_space* space, int32_t start_x,
                                         int32_t start_y, int32_t goal_x, int32_t goal_y,
                                         pk_algorithm algorithm, uint64_t budget, int32_t* tiles,
                                         size_t capacity, size_t* length, float* cost);

/** The flow field of the goal tile (goal_x, goal_y), made whole: for every tile, row by row
 * (width x height entries, room for `capacity`), its exact cost to the goal in `costs`
 * (INFINITY where no way leads; costs are fixed point, 1/1024 of a step, given as floats)
 * and its best next step in `directions`: 0 east, 1 south (row + 1), 2 west, 3 north, 4
 * south-east, 5 south-west, 6 north-west, 7 north-east, 8 the goal, 9 no way. Either buffer
 * may be NULL. PK_INVALID_ARGUMENT for a goal outside the map or blocked;
 * PK_BUFFER_TOO_SMALL (with *length, when given, the tiles needed) when the map does not
 * fit. Links are not followed. */
PK_API pk_status pk_grid_space_flow_field(const pk_grid_space* space, int32_t goal_x,
                                          int32_t goal_y, float* costs, uint8_t* directions,
                                          size_t capacity, size_t* length);

/** A hierarchy over a space (GridHierarchy): square clusters and the gates on their borders
 * with exact lower bounds between them, built once, for paths planned across clusters. The
 * space and its map must outlive it. Any number of threads may ask it for paths at once. */
typedef struct pk_grid_hierarchy pk_grid_hierarchy;

/** Builds the hierarchy of `space` with clusters `cluster_side` tiles square (a power of two,
 * 8..256; 32 is a good start). PK_INVALID_ARGUMENT for another side or a space with links. */
PK_API pk_status pk_grid_hierarchy_create(const pk_grid_space* space, int32_t cluster_side,
                                          pk_grid_hierarchy** out);
PK_API void pk_grid_hierarchy_destroy(pk_grid_hierarchy* hierarchy);
/** Takes in the map's changes since it was built or last repaired: only the clusters they
 * reach are built again. Not while paths are asked of it. */
PK_API pk_status pk_grid_hierarchy_repair(pk_grid_hierarchy* hierarchy);
/** A path by the hierarchy, written as pk_grid_space_find_path writes one: `optimal` nonzero
 * for the cheapest (A* guided by the hierarchy's bounds), zero for the fast mode (the path
 * planned across clusters, each stretch refined: valid, not always the cheapest).
 * PK_INVALID_ARGUMENT as well when the map changed since the hierarchy was built or repaired
 * (call pk_grid_hierarchy_repair). */
PK_API pk_status pk_grid_hierarchy_find_path(const pk_grid_hierarchy* hierarchy, int32_t start_x,
                                             int32_t start_y, int32_t goal_x, int32_t goal_y,
                                             int optimal, int32_t* tiles, size_t capacity,
                                             size_t* length, float* cost);

/** Adds a link from (from_x, from_y) to (to_x, to_y) (teleporter, stairs, a door that takes
 * time), and back when `bidirectional` is nonzero, taken at `cost` (finite, >= 0) by every
 * search; its id (never reused) in *link. Refused, with nothing changed, for an end outside
 * the map or blocked, the same tile twice, or a bad cost. Not while queries run. */
PK_API pk_status pk_grid_space_add_link(pk_grid_space* space, int32_t from_x, int32_t from_y,
                                        int32_t to_x, int32_t to_y, float cost, int bidirectional,
                                        uint32_t* link);
/** Removes a link; PK_INVALID_ARGUMENT for an id the space does not have. */
PK_API pk_status pk_grid_space_remove_link(pk_grid_space* space, uint32_t link);
/** A step of a path that walks rather than takes a link (pk_grid_space_find_path_ex). */
#define PK_NO_LINK UINT32_MAX
/** pk_grid_space_find_path with a terrain filter and the links taken: the `excluded_count`
 * terrain types at `excluded` are walls for this query (a type the map does not have is
 * refused; NULL with 0 for none), and when `links` is not NULL (room for `capacity` entries)
 * it gets, for each step i from tile i to tile i + 1, the link taken or PK_NO_LINK (the last
 * entry, with no step after it, is PK_NO_LINK). */
PK_API pk_status pk_grid_space_find_path_ex(const pk_grid_space* space, int32_t start_x,
                                            int32_t start_y, int32_t goal_x, int32_t goal_y,
                                            pk_algorithm algorithm, uint64_t budget,
                                            const uint8_t* excluded, size_t excluded_count,
                                            int32_t* tiles, uint32_t* links, size_t capacity,
                                            size_t* length, float* cost);

/* ---- graphs (GameplayKit's GKGraph) ------------------------------------------------------ */

/** Nodes with directed, costed connections. Node ids are whole numbers from 0, never reused. */
typedef struct pk_graph pk_graph;

PK_API pk_status pk_graph_create(pk_graph** out);
PK_API void pk_graph_destroy(pk_graph* graph);
/** Adds a node at (x, y) (positions give the straight-line heuristic and default costs). */
PK_API pk_status pk_graph_add_node(pk_graph* graph, float x, float y, uint32_t* node);
/** Connects `from` to `to` (and back when `bidirectional` is nonzero) at `cost` (finite,
 * >= 0; a negative cost takes the straight-line distance). */
PK_API pk_status pk_graph_connect(pk_graph* graph, uint32_t from, uint32_t to, float cost,
                                  int bidirectional);
/** The cheapest path: node ids in `nodes` (room for `capacity`), start and goal included. */
PK_API pk_status pk_graph_find_path(const pk_graph* graph, uint32_t from, uint32_t to,
                                    uint32_t* nodes, size_t capacity, size_t* length, float* cost);

/* ---- open worlds: polygon obstacles ------------------------------------------------------ */

/** Obstacles around which paths run: a visibility graph (exact shortest paths,
 * GameplayKit's GKObstacleGraph) or a navigation mesh (triangles of free space, exact
 * shortest paths by Polyanya). */
typedef struct pk_obstacle_graph pk_obstacle_graph;
typedef struct pk_nav_mesh pk_nav_mesh;

/** A visibility graph whose obstacles grow by `buffer_radius` (world units, >= 0). */
PK_API pk_status pk_obstacle_graph_create(float buffer_radius, pk_obstacle_graph** out);
PK_API void pk_obstacle_graph_destroy(pk_obstacle_graph* graph);
/** Adds a simple polygon of `count` corners (x, y pairs in `points`, 3..10000); its id. */
PK_API pk_status pk_obstacle_graph_add_polygon(pk_obstacle_graph* graph, const float* points,
                                               size_t count, uint32_t* obstacle);
/** Adds a circle (radius > 0); its id. */
PK_API pk_status pk_obstacle_graph_add_circle(pk_obstacle_graph* graph, float x, float y,
                                              float radius, uint32_t* obstacle);
PK_API pk_status pk_obstacle_graph_remove(pk_obstacle_graph* graph, uint32_t obstacle);
/** The shortest path: its corners as x, y pairs in `points` (room for `capacity` points). */
PK_API pk_status pk_obstacle_graph_find_path(const pk_obstacle_graph* graph, float from_x,
                                             float from_y, float to_x, float to_y, float* points,
                                             size_t capacity, size_t* length, float* cost);
/** Adds a link between two free points, as pk_nav_mesh_add_link: its ends become nodes of the
 * graph and pk_obstacle_graph_find_path crosses it where that is shorter; its id in *link. */
PK_API pk_status pk_obstacle_graph_add_link(pk_obstacle_graph* graph, float from_x, float from_y,
                                            float to_x, float to_y, float cost, int bidirectional,
                                            uint32_t* link);
PK_API pk_status pk_obstacle_graph_remove_link(pk_obstacle_graph* graph, uint32_t link);
/** pk_obstacle_graph_find_path with the link crossed per segment, as pk_nav_mesh_find_path_ex. */
PK_API pk_status pk_obstacle_graph_find_path_ex(const pk_obstacle_graph* graph, float from_x,
                                                float from_y, float to_x, float to_y, float* points,
                                                uint32_t* links, size_t capacity, size_t* length,
                                                float* cost);

/** A navigation mesh over the rectangle (min_x, min_y)..(max_x, max_y). */
PK_API pk_status pk_nav_mesh_create(float min_x, float min_y, float max_x, float max_y,
                                    float buffer_radius, pk_nav_mesh** out);
PK_API void pk_nav_mesh_destroy(pk_nav_mesh* mesh);
PK_API pk_status pk_nav_mesh_add_polygon(pk_nav_mesh* mesh, const float* points, size_t count,
                                         uint32_t* obstacle);
PK_API pk_status pk_nav_mesh_add_circle(pk_nav_mesh* mesh, float x, float y, float radius,
                                        uint32_t* obstacle);
PK_API pk_status pk_nav_mesh_remove(pk_nav_mesh* mesh, uint32_t obstacle);
/** Triangulates after obstacle changes (queries before the first call are refused). */
PK_API pk_status pk_nav_mesh_triangulate(pk_nav_mesh* mesh, size_t* triangles);
/** Repairs the triangles where obstacles were added, removed or moved since the last repair or
 * triangulation, keeping the rest (NavMesh::update); triangulates when never triangulated. */
PK_API pk_status pk_nav_mesh_update(pk_nav_mesh* mesh, size_t* triangles);
/** Moves an obstacle by (dx, dy) world units, keeping its id (call pk_nav_mesh_update). */
PK_API pk_status pk_nav_mesh_move_obstacle(pk_nav_mesh* mesh, uint32_t obstacle, float dx,
                                           float dy);
/** Where the last repair or triangulation changed free space: every obstacle added, removed or
 * moved since the one before lies in min..max (min above max when none did); *everywhere is 1 for
 * the first triangulation and after every obstacle was removed. Outputs may be NULL. */
PK_API pk_status pk_nav_mesh_last_change(const pk_nav_mesh* mesh, float* min_x, float* min_y,
                                         float* max_x, float* max_y, int* everywhere);
PK_API pk_status pk_nav_mesh_find_path(const pk_nav_mesh* mesh, float from_x, float from_y,
                                       float to_x, float to_y, float* points, size_t capacity,
                                       size_t* length, float* cost);
/** Adds a link between two free points (a ladder, a ledge, a teleporter) that the exact query
 * may cross at `cost` (world units, >= 0; NaN for the straight distance), both ways when
 * `bidirectional` is not 0, else from the first point to the second; its id in *link. */
PK_API pk_status pk_nav_mesh_add_link(pk_nav_mesh* mesh, float from_x, float from_y, float to_x,
                                      float to_y, float cost, int bidirectional, uint32_t* link);
PK_API pk_status pk_nav_mesh_remove_link(pk_nav_mesh* mesh, uint32_t link);
/** pk_nav_mesh_find_path that also says where the path crosses links: when `links` is not
 * NULL (room for `capacity` entries, as `points`), entry i is the link crossed from point i
 * to point i + 1, or PK_NO_LINK where the path walks (the last entry is PK_NO_LINK). */
PK_API pk_status pk_nav_mesh_find_path_ex(const pk_nav_mesh* mesh, float from_x, float from_y,
                                          float to_x, float to_y, float* points, uint32_t* links,
                                          size_t capacity, size_t* length, float* cost);
/** Marks the ground inside a simple polygon of `count` corners (x, y pairs in `points`,
 * 3..10000, inside the bounds) with `type` (0..63; 0 is plain ground, a later area wins where
 * areas overlap); its id in *area. Call pk_nav_mesh_update: an area edit rebuilds the mesh. */
PK_API pk_status pk_nav_mesh_add_area(pk_nav_mesh* mesh, const float* points, size_t count,
                                      uint32_t type, uint32_t* area);
PK_API pk_status pk_nav_mesh_remove_area(pk_nav_mesh* mesh, uint32_t area);
/** pk_nav_mesh_find_path under an area filter (NavMesh::find_path with an AreaFilter): bit t
 * of `excluded` makes ground of type t a wall (the path stays exact; an end on it is
 * PK_INVALID_ARGUMENT); `costs` (64 entries, one per type, each finite and >= 1, or NULL for
 * all 1) weighs ground per unit of length, the path's *cost then its weighted cost (approximate
 * within the bound the C++ header states; `points_per_edge` 1..64, more is closer). The
 * filtered query crosses no link. */
PK_API pk_status pk_nav_mesh_find_path_filtered(const pk_nav_mesh* mesh, float from_x, float from_y,
                                                float to_x, float to_y, uint64_t excluded,
                                                const float* costs, uint32_t points_per_edge,
                                                float* points, size_t capacity, size_t* length,
                                                float* cost);
/** pk_nav_mesh_create for agents of several sizes: `radius_classes` (`class_count` radii,
 * world units, each finite and >= 0, at most 16, each fitting in the rectangle; NULL when 0)
 * are further radii pk_nav_mesh_find_path_for_radius answers for, each a mesh of its own
 * built at its first query. */
PK_API pk_status pk_nav_mesh_create_with_classes(float min_x, float min_y, float max_x, float max_y,
                                                 float buffer_radius, const float* radius_classes,
                                                 size_t class_count, pk_nav_mesh** out);
/** pk_nav_mesh_find_path_ex for an agent of `radius` (world units): the exact shortest path
 * on the smallest radius class at least `radius` (the mesh's own buffer radius among them);
 * PK_INVALID_ARGUMENT for a NaN or negative radius, or one above every class. */
PK_API pk_status pk_nav_mesh_find_path_for_radius(const pk_nav_mesh* mesh, float from_x,
                                                  float from_y, float to_x, float to_y,
                                                  float radius, float* points, uint32_t* links,
                                                  size_t capacity, size_t* length, float* cost);
/** One radius class of a mesh: its radius (world units), whether it is built yet (0 until its
 * first query; the mesh's own always is), its triangles, the bytes it holds and the seconds its
 * last whole build took. */
typedef struct pk_radius_class {
    float radius;
    int built;
    size_t triangles;
    size_t memory_bytes;
    double build_seconds;
} pk_radius_class;
/** The mesh's radius classes, ascending, its own among them, in `classes` (room for
 * `capacity`); *count says how many there are (PK_BUFFER_TOO_SMALL when over `capacity`). */
PK_API pk_status pk_nav_mesh_radius_class_stats(const pk_nav_mesh* mesh, pk_radius_class* classes,
                                                size_t capacity, size_t* count);

/* ---- crowds of units on tiles ------------------------------------------------------------ */

/** Units that move one tile per tick on a map, give way, stall and break deadlocks. The map
 * must outlive the crowd; it may change between steps (pk_grid_map_set_walkable,
 * pk_grid_map_set_terrain_cost), and pk_crowd_refresh or the next step takes the changes in.
 * Unit ids are whole numbers from 0. */
typedef struct pk_crowd pk_crowd;

/** What pk_crowd_refresh did: counts of units and tile changes, and its wall-clock time. */
typedef struct pk_crowd_repair {
    size_t tiles_changed; /**< tile changes taken in (a tile changed twice counts twice) */
    size_t displaced;     /**< units moved off tiles blocked under them to the nearest free one */
    size_t stuck;         /**< units left on blocked tiles with no free tile to go to */
    size_t replanned;     /**< units whose remaining path or its neighbourhood changed */
    size_t kept;          /**< units walking whose paths the changes left alone */
    double microseconds;  /**< time the refresh took */
} pk_crowd_repair;

PK_API pk_status pk_crowd_create(const pk_grid_map* map, pk_crowd** out);
/** As pk_crowd_create, for units that get order after order: every order goes through the
 * lifelong planner (one-tile units moving in 4 directions; see CrowdOptions::lifelong_orders in
 * pathkit/crowd/crowd.hpp), and a unit's queued orders (pk_crowd_queue_order) follow each other
 * in the same tick. */
PK_API pk_status pk_crowd_create_for_orders(const pk_grid_map* map, pk_crowd** out);
PK_API void pk_crowd_destroy(pk_crowd* crowd);
PK_API pk_status pk_crowd_add_unit(pk_crowd* crowd, int32_t x, int32_t y, uint32_t* unit);
/** As pk_crowd_add_unit, for a unit of size x size tiles (1 to 3) whose top-left tile is
 * (x, y): every tile of it walkable and free. */
PK_API pk_status pk_crowd_add_sized_unit(pk_crowd* crowd, int32_t x, int32_t y, int32_t size,
                                         uint32_t* unit);
/** Orders a unit to a tile (it plans and walks from the next tick). */
PK_API pk_status pk_crowd_move_unit(pk_crowd* crowd, uint32_t unit, int32_t x, int32_t y);
/** Adds an order behind the unit's order in progress and those queued before: the unit visits
 * the targets in the order queued. pk_crowd_move_unit drops the queue. *count gets the orders
 * queued behind the one in progress (may be NULL). */
PK_API pk_status pk_crowd_queue_order(pk_crowd* crowd, uint32_t unit, int32_t x, int32_t y,
                                      size_t* count);
/** Takes in the map's changes since the last refresh, between ticks: units on tiles blocked
 * under them move to the nearest free tile (or stay, stuck, with none free); units whose
 * remaining path holds a changed tile or one of its 8 neighbours plan again; the others keep
 * their paths. *out (may be NULL) gets the counts; the ids of the units that planned again go
 * to `replanned` (room for `capacity`, may be NULL with 0: the first `capacity` of them). */
PK_API pk_status pk_crowd_refresh(pk_crowd* crowd, pk_crowd_repair* out, uint32_t* replanned,
                                  size_t capacity);
/** One tick; *settled (may be NULL) becomes 1 when no unit has anything left to do. */
PK_API pk_status pk_crowd_step(pk_crowd* crowd, int* settled);
PK_API pk_status pk_crowd_unit_position(const pk_crowd* crowd, uint32_t unit, int32_t* x,
                                        int32_t* y);

/* ---- agents files ----------------------------------------------------------------------- */

/** A finished run of an agents file (the format `pathkit agents` reads: a scene, agents with
 * start and target, dt and max_steps). */
typedef struct pk_agent_run pk_agent_run;

/** Loads an agents file and runs it as `pathkit agents` does: every agent sent to its target,
 * stepped until none moves or the file's max_steps. A refused file (PK_INVALID_ARGUMENT)
 * leaves *out NULL and a message naming the file and place. */
PK_API pk_status pk_agent_run_scenario(const char* path, pk_agent_run** out);
PK_API void pk_agent_run_destroy(pk_agent_run* run);
/** Steps taken, agents in the file and how many ended the run arrived (any may be NULL). */
PK_API pk_status pk_agent_run_summary(const pk_agent_run* run, int64_t* steps, size_t* agents,
                                      size_t* arrived);
/** The agent at `index` (file order): its id in the file, where it ended (world units) and
 * the step it last arrived in, -1 when it did not end arrived (any output may be NULL). */
PK_API pk_status pk_agent_run_agent(const pk_agent_run* run, size_t index, int64_t* id, float* x,
                                    float* y, int64_t* arrived_step);
/** How many steps of the run had obstacle changes (the file's "changes", applied before their
 * step; all of one step are repaired together). */
PK_API pk_status pk_agent_run_change_count(const pk_agent_run* run, size_t* count);
/** The step with changes at `index` (step order): the step, the wall-clock time of the mesh's
 * repair in microseconds, and the triangles it replaced (any output may be NULL). */
PK_API pk_status pk_agent_run_change(const pk_agent_run* run, size_t index, int64_t* step,
                                     double* repair_microseconds, size_t* triangles_replaced);
/** The file ids of the agents that, in the step with changes at `index`, planned their paths
 * again and found one (`walled_off` 0) or became stuck for want of one (`walled_off` 1),
 * ascending, into `ids` (room for `capacity`); `*count` gets how many there are. */
PK_API pk_status pk_agent_run_change_agents(const pk_agent_run* run, size_t index, int walled_off,
                                            int64_t* ids, size_t capacity, size_t* count);

#ifdef __cplusplus
}
#endif

#endif /* PATHKIT_C_PATHKIT_H */
