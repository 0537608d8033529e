/* The C API from a C11 program: paths on grids checked against a breadth-first search written
 * here, graphs against Floyd-Warshall, open worlds against each other, a crowd, buffer sizes and
 * refusals, and an agents file run to the end. Usage: c_api_test TINY_MAP SCRATCH_FOLDER
 * (tests/data/tiny.map; agents files are written into the folder); prints "c api: N checks, 0
 * failed". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pathkit/c/pathkit.h"

static int checks = 0, failures = 0;

#define CHECK(condition)                                                                \
    do {                                                                                \
        ++checks;                                                                       \
        if (!(condition)) {                                                             \
            ++failures;                                                                 \
            fprintf(stderr, "%s:%d: failed: %s (last error: %s)\n", __FILE__, __LINE__, \
                    #condition, pk_last_error());                                       \
        }                                                                               \
    } while (0)

/* The map, '#' blocked. */
/* clang-format off */
static const char* const rows[] = {
    "..........",
    ".######...",
    "......#...",
    ".####.#.#.",
    ".#....#.#.",
    "...##...#.",
};
/* clang-format on */
enum { width = 10, height = 6 };

/* Fewest four-connected steps from (sx, sy) to (gx, gy) on `rows`, or -1. */
static int breadth_first_steps(int sx, int sy, int gx, int gy) {
    int distance[height][width];
    int queue[width * height][2];
    int head = 0, tail = 0;
    memset(distance, -1, sizeof distance);
    distance[sy][sx] = 0;
    queue[tail][0] = sx;
    queue[tail++][1] = sy;
    while (head < tail) {
        const int x = queue[head][0], y = queue[head++][1];
        static const int moves[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int move = 0; move < 4; ++move) {
            const int nx = x + moves[move][0], ny = y + moves[move][1];
            if (nx < 0 || ny < 0 || nx >= width || ny >= height || rows[ny][nx] == '#' ||
                distance[ny][nx] >= 0)
                continue;
            distance[ny][nx] = distance[y][x] + 1;
            queue[tail][0] = nx;
            queue[tail++][1] = ny;
        }
    }
    return distance[gy][gx];
}

static void grids(const char* tiny_map) {
    pk_grid_map* map = NULL;
    CHECK(pk_grid_map_create(width, height, &map) == PK_OK && map != NULL);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            CHECK(pk_grid_map_set_walkable(map, x, y, rows[y][x] != '#') == PK_OK);
    pk_grid_space* four = NULL;
    pk_grid_space* eight = NULL;
    CHECK(pk_grid_space_create(map, PK_DIAGONAL_NEVER, &four) == PK_OK);
    CHECK(pk_grid_space_create(map, PK_DIAGONAL_NO_CORNER_CUTTING, &eight) == PK_OK);

    /* Every pair of walkable tiles: the cost equals the breadth-first step count, and every
     * step of the path is one tile. */
    int32_t tiles[2 * width * height];
    for (int from = 0; from < width * height; ++from)
        for (int to = 0; to < width * height; to += 7) {
            const int sx = from % width, sy = from / width, gx = to % width, gy = to / width;
            if (rows[sy][sx] == '#' || rows[gy][gx] == '#') continue;
            size_t length = 0;
            float cost = -1;
            const pk_status status = pk_grid_space_find_path(
                four, sx, sy, gx, gy, PK_ALGORITHM_ASTAR, 0, tiles, width * height, &length, &cost);
            const int steps = breadth_first_steps(sx, sy, gx, gy);
            if (steps < 0) {
                CHECK(status == PK_NO_PATH);
                continue;
            }
            CHECK(status == PK_OK);
            CHECK(fabsf(cost - (float)steps) < 1e-4f);
            CHECK(length == (size_t)steps + 1);
            for (size_t step = 1; step < length; ++step)
                CHECK(abs(tiles[2 * step] - tiles[2 * step - 2]) +
                          abs(tiles[2 * step + 1] - tiles[2 * step - 1]) ==
                      1);
            /* The other algorithms agree on the cost. */
            float other = -1;
            CHECK(pk_grid_space_find_path(four, sx, sy, gx, gy, PK_ALGORITHM_DIJKSTRA, 0, NULL, 0,
                                          &length, &other) != PK_NO_PATH);
            CHECK(fabsf(other - cost) < 1e-4f);
            float astar = -1, jps = -2, jps_plus = -3;
            CHECK(pk_grid_space_find_path(eight, sx, sy, gx, gy, PK_ALGORITHM_ASTAR, 0, tiles,
                                          width * height, &length, &astar) == PK_OK);
            CHECK(pk_grid_space_find_path(eight, sx, sy, gx, gy, PK_ALGORITHM_JPS, 0, tiles,
                                          width * height, &length, &jps) == PK_OK);
            CHECK(pk_grid_space_find_path(eight, sx, sy, gx, gy, PK_ALGORITHM_JPS_PLUS, 0, tiles,
                                          width * height, &length, &jps_plus) == PK_OK);
            CHECK(fabsf(astar - jps) < 1e-4f);
            CHECK(fabsf(astar - jps_plus) < 1e-4f);
        }

    /* Asking for the size first, then a buffer too small. */
    size_t needed = 0;
    CHECK(pk_grid_space_find_path(four, 0, 5, 9, 5, PK_ALGORITHM_ASTAR, 0, NULL, 0, &needed,
                                  NULL) == PK_BUFFER_TOO_SMALL);
    CHECK(needed == (size_t)breadth_first_steps(0, 5, 9, 5) + 1);
    size_t length = 0;
    CHECK(pk_grid_space_find_path(four, 0, 5, 9, 5, PK_ALGORITHM_ASTAR, 0, tiles, needed - 1,
                                  &length, NULL) == PK_BUFFER_TOO_SMALL);
    CHECK(length == needed);
    CHECK(strstr(pk_last_error(), "buffer") != NULL);

    /* The flow field of one goal: every tile's cost is the breadth-first step count to it,
     * and its direction leads to a tile one step nearer. */
    float field_costs[width * height];
    uint8_t field_directions[width * height];
    size_t field_length = 0;
    CHECK(pk_grid_space_flow_field(four, 9, 5, field_costs, field_directions, width * height,
                                   &field_length) == PK_OK);
    CHECK(field_length == (size_t)(width * height));
    for (int tile = 0; tile < width * height; ++tile) {
        const int x = tile % width, y = tile / width;
        const int steps = rows[y][x] == '#' ? -1 : breadth_first_steps(x, y, 9, 5);
        if (steps < 0) {
            CHECK(isinf(field_costs[tile]) && field_directions[tile] == 9);
            continue;
        }
        CHECK(fabsf(field_costs[tile] - (float)steps) < 1e-6f);
        if (steps == 0) {
            CHECK(field_directions[tile] == 8);
            continue;
        }
        static const int dx[] = {1, 0, -1, 0}, dy[] = {0, 1, 0, -1};
        CHECK(field_directions[tile] < 4);
        const int next = tile + dy[field_directions[tile]] * width + dx[field_directions[tile]];
        CHECK(fabsf(field_costs[next] - (float)(steps - 1)) < 1e-6f);
    }
    CHECK(pk_grid_space_flow_field(four, 1, 1, field_costs, NULL, width * height, NULL) ==
          PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "blocked") != NULL);
    CHECK(pk_grid_space_flow_field(four, 9, 5, NULL, NULL, 3, &field_length) ==
          PK_BUFFER_TOO_SMALL);
    CHECK(field_length == (size_t)(width * height));

    /* A hierarchy of clusters 8 tiles square: its optimal mode costs the breadth-first step
     * count, its fast mode gives a path of single steps, never cheaper; after a change it is
     * refused until repaired. */
    pk_grid_hierarchy* hierarchy = NULL;
    CHECK(pk_grid_hierarchy_create(four, 12, &hierarchy) == PK_INVALID_ARGUMENT &&
          hierarchy == NULL);
    CHECK(pk_grid_hierarchy_create(four, 8, &hierarchy) == PK_OK && hierarchy != NULL);
    for (int from = 0; from < width * height; from += 3)
        for (int to = 1; to < width * height; to += 5) {
            const int sx = from % width, sy = from / width, gx = to % width, gy = to / width;
            if (rows[sy][sx] == '#' || rows[gy][gx] == '#') continue;
            const int steps = breadth_first_steps(sx, sy, gx, gy);
            float optimal = -1, fast = -1;
            size_t fast_length = 0;
            const pk_status status =
                pk_grid_hierarchy_find_path(hierarchy, sx, sy, gx, gy, 1, NULL, 0, NULL, &optimal);
            if (steps < 0) {
                CHECK(status == PK_NO_PATH);
                continue;
            }
            CHECK(status == PK_BUFFER_TOO_SMALL && fabsf(optimal - (float)steps) < 1e-4f);
            CHECK(pk_grid_hierarchy_find_path(hierarchy, sx, sy, gx, gy, 0, tiles, width * height,
                                              &fast_length, &fast) == PK_OK);
            CHECK(fast >= (float)steps - 1e-4f && fabsf(fast - (float)(fast_length - 1)) < 1e-4f);
            CHECK(tiles[0] == sx && tiles[1] == sy);
            CHECK(tiles[2 * fast_length - 2] == gx && tiles[2 * fast_length - 1] == gy);
            for (size_t step = 1; step < fast_length; ++step)
                CHECK(abs(tiles[2 * step] - tiles[2 * step - 2]) +
                          abs(tiles[2 * step + 1] - tiles[2 * step - 1]) ==
                      1);
        }
    int open_x = 0;
    while (rows[0][open_x] == '#')
        ++open_x;
    CHECK(pk_grid_map_set_walkable(map, open_x, 0, 0) == PK_OK);
    CHECK(pk_grid_hierarchy_find_path(hierarchy, 9, 5, 9, 5, 0, tiles, 60, &length, NULL) ==
          PK_INVALID_ARGUMENT);
    CHECK(pk_grid_hierarchy_repair(hierarchy) == PK_OK);
    CHECK(pk_grid_hierarchy_find_path(hierarchy, open_x, 0, 9, 5, 0, tiles, 60, &length, NULL) ==
          PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "blocked") != NULL);
    CHECK(pk_grid_map_set_walkable(map, open_x, 0, 1) == PK_OK);
    CHECK(pk_grid_hierarchy_repair(hierarchy) == PK_OK);
    CHECK(pk_grid_hierarchy_find_path(hierarchy, open_x, 0, 9, 5, 0, tiles, 60, &length, NULL) ==
          PK_OK);
    pk_grid_hierarchy_destroy(hierarchy);

    /* Refusals name what is wrong; a budget runs out. */
    CHECK(pk_grid_space_find_path(four, 1, 1, 9, 5, PK_ALGORITHM_ASTAR, 0, tiles, 60, &length,
                                  NULL) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "blocked") != NULL);
    CHECK(pk_grid_space_find_path(four, 0, 0, 99, 0, PK_ALGORITHM_ASTAR, 0, tiles, 60, &length,
                                  NULL) == PK_INVALID_ARGUMENT);
    CHECK(pk_grid_space_find_path(four, 0, 0, 9, 5, PK_ALGORITHM_ASTAR, 3, tiles, 60, &length,
                                  NULL) == PK_BUDGET_EXHAUSTED);
    CHECK(pk_grid_space_find_path(NULL, 0, 0, 9, 5, PK_ALGORITHM_ASTAR, 0, tiles, 60, &length,
                                  NULL) == PK_INVALID_ARGUMENT);
    CHECK(strcmp(pk_last_error(), "space is NULL") == 0);
    CHECK(pk_grid_space_find_path(four, 0, 0, 9, 5, (pk_algorithm)42, 0, tiles, 60, &length,
                                  NULL) == PK_INVALID_ARGUMENT);
    CHECK(pk_grid_map_set_walkable(map, -1, 0, 1) == PK_INVALID_ARGUMENT);
    CHECK(pk_grid_map_set_terrain_cost(map, 0, 0, NAN) == PK_INVALID_ARGUMENT);

    /* The names every front end uses; jump point search refused on terrain, with the reason. */
    pk_algorithm named = PK_ALGORITHM_ASTAR;
    CHECK(pk_algorithm_named("jps+", &named) == PK_OK && named == PK_ALGORITHM_JPS_PLUS);
    CHECK(pk_algorithm_named("bfs", &named) == PK_OK && named == PK_ALGORITHM_BREADTH_FIRST);
    CHECK(strcmp(pk_algorithm_name(PK_ALGORITHM_DIJKSTRA), "dijkstra") == 0);
    CHECK(strcmp(pk_algorithm_name((pk_algorithm)42), "unknown") == 0);
    CHECK(pk_algorithm_named("jps++", &named) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "astar, dijkstra, bfs, jps, jps+") != NULL);
    CHECK(pk_grid_map_set_terrain_cost(map, 0, 0, 3) == PK_OK);
    CHECK(pk_grid_space_find_path(eight, 0, 0, 9, 5, PK_ALGORITHM_JPS_PLUS, 0, tiles, 60, &length,
                                  NULL) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "terrain cost") != NULL);
    pk_grid_map* refused = map;
    CHECK(pk_grid_map_create(0, 5, &refused) == PK_INVALID_ARGUMENT && refused == NULL);

    /* A crowd: two units cross the top row to each other's places. */
    pk_crowd* crowd = NULL;
    uint32_t left = 0, right = 0;
    CHECK(pk_crowd_create(map, &crowd) == PK_OK);
    CHECK(pk_crowd_add_unit(crowd, 0, 0, &left) == PK_OK);
    CHECK(pk_crowd_add_unit(crowd, 9, 0, &right) == PK_OK);
    CHECK(pk_crowd_move_unit(crowd, left, 9, 0) == PK_OK);
    CHECK(pk_crowd_move_unit(crowd, right, 0, 0) == PK_OK);
    int settled = 0;
    for (int tick = 0; tick < 200 && !settled; ++tick)
        if (pk_crowd_step(crowd, &settled) != PK_OK) break;
    int32_t x = -1, y = -1;
    CHECK(settled);
    CHECK(pk_crowd_unit_position(crowd, left, &x, &y) == PK_OK && x == 9 && y == 0);
    CHECK(pk_crowd_unit_position(crowd, right, &x, &y) == PK_OK && x == 0 && y == 0);
    CHECK(pk_crowd_unit_position(crowd, 7, &x, &y) == PK_INVALID_ARGUMENT);
    /* A wall on the tile a unit walks to: that unit plans again (and finds it unreachable). */
    CHECK(pk_crowd_move_unit(crowd, left, 0, 2) == PK_OK);
    CHECK(pk_crowd_step(crowd, &settled) == PK_OK);
    CHECK(pk_grid_map_set_walkable(map, 0, 2, 0) == PK_OK);
    pk_crowd_repair repair;
    uint32_t replanned[4] = {99, 99, 99, 99};
    CHECK(pk_crowd_refresh(crowd, &repair, replanned, 4) == PK_OK);
    CHECK(repair.tiles_changed == 1 && repair.replanned == 1 && replanned[0] == left);
    CHECK(repair.kept == 0 && repair.displaced == 0 && repair.stuck == 0);
    CHECK(pk_crowd_refresh(crowd, NULL, NULL, 1) == PK_INVALID_ARGUMENT);
    pk_crowd_destroy(crowd);
    /* Errands: a unit of a crowd for order after order visits three queued tiles in turn. */
    pk_crowd* errands = NULL;
    uint32_t runner = 0;
    size_t queued = 0;
    CHECK(pk_crowd_create_for_orders(map, &errands) == PK_OK);
    CHECK(pk_crowd_add_unit(errands, 0, 0, &runner) == PK_OK);
    CHECK(pk_crowd_queue_order(errands, runner, 9, 0, &queued) == PK_OK);
    CHECK(pk_crowd_queue_order(errands, runner, 9, 5, &queued) == PK_OK && queued == 2);
    CHECK(pk_crowd_queue_order(errands, runner, 5, 4, NULL) == PK_OK);
    CHECK(pk_crowd_queue_order(errands, 5, 5, 4, NULL) == PK_INVALID_ARGUMENT);
    const int32_t errand_x[3] = {9, 9, 5}, errand_y[3] = {0, 5, 4};
    int reached = 0;
    settled = 0;
    for (int tick = 0; tick < 300 && !settled; ++tick) {
        if (pk_crowd_step(errands, &settled) != PK_OK) break;
        CHECK(pk_crowd_unit_position(errands, runner, &x, &y) == PK_OK);
        if (reached < 3 && x == errand_x[reached] && y == errand_y[reached]) ++reached;
    }
    CHECK(settled && reached == 3);
    pk_crowd_destroy(errands);
    /* A unit of 2 x 2 tiles beside a one-tile one, on a crowd of their own. */
    pk_grid_map* open = NULL;
    pk_crowd* sized = NULL;
    uint32_t big = 0, small = 0;
    CHECK(pk_grid_map_create(4, 4, &open) == PK_OK);
    CHECK(pk_crowd_create(open, &sized) == PK_OK);
    CHECK(pk_crowd_add_sized_unit(sized, 0, 0, 2, &big) == PK_OK);
    CHECK(pk_crowd_add_sized_unit(sized, 1, 1, 1, &small) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "holds unit 0") != NULL);
    CHECK(pk_crowd_add_sized_unit(sized, 2, 2, 4, &small) == PK_INVALID_ARGUMENT);
    CHECK(pk_crowd_add_sized_unit(sized, 3, 3, 2, &small) == PK_INVALID_ARGUMENT);
    CHECK(pk_crowd_add_sized_unit(sized, 3, 3, 0, &small) == PK_INVALID_ARGUMENT);
    CHECK(pk_crowd_add_sized_unit(sized, 3, 3, 1, &small) == PK_OK);
    CHECK(pk_crowd_move_unit(sized, big, 2, 1) == PK_OK);
    settled = 0;
    for (int tick = 0; tick < 200 && !settled; ++tick)
        if (pk_crowd_step(sized, &settled) != PK_OK) break;
    CHECK(settled);
    CHECK(pk_crowd_unit_position(sized, big, &x, &y) == PK_OK && x == 2 && y == 1);
    pk_crowd_destroy(sized);
    pk_grid_map_destroy(open);
    pk_grid_space_destroy(four);
    pk_grid_space_destroy(eight);
    pk_grid_map_destroy(map);

    /* A MovingAI map: the same cost as `pathkit path tiny.map --from 0,0 --to 3,2` (5). */
    pk_grid_map* tiny = NULL;
    pk_grid_space* space = NULL;
    float cost = 0;
    CHECK(pk_grid_map_load_moving_ai(tiny_map, &tiny) == PK_OK);
    CHECK(pk_grid_space_create(tiny, PK_DIAGONAL_NO_CORNER_CUTTING, &space) == PK_OK);
    CHECK(pk_grid_space_find_path(space, 0, 0, 3, 2, PK_ALGORITHM_JPS, 0, tiles, 60, &length,
                                  &cost) == PK_OK);
    CHECK(fabsf(cost - 5) < 1e-4f);
    pk_grid_space_destroy(space);
    pk_grid_map_destroy(tiny);
    CHECK(pk_grid_map_load_moving_ai("no/such/file.map", &tiny) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "no/such/file.map") != NULL);
}

/* GameplayKit's example graph, and all pairs against Floyd-Warshall. */
static void graphs(void) {
    enum { count = 6 };
    static const struct {
        int from, to;
        float cost;
    } links[] = {{0, 1, 1}, {1, 5, 1}, {0, 2, 4}, {2, 3, 1}, {3, 5, 0.5f}, {1, 4, 2}, {4, 5, 3}};
    pk_graph* graph = NULL;
    uint32_t nodes[count];
    CHECK(pk_graph_create(&graph) == PK_OK);
    for (int node = 0; node < count; ++node)
        CHECK(pk_graph_add_node(graph, (float)node, 0, &nodes[node]) == PK_OK);
    float best[count][count];
    for (int a = 0; a < count; ++a)
        for (int b = 0; b < count; ++b)
            best[a][b] = a == b ? 0 : INFINITY;
    for (size_t link = 0; link < sizeof links / sizeof links[0]; ++link) {
        CHECK(pk_graph_connect(graph, nodes[links[link].from], nodes[links[link].to],
                               links[link].cost, 0) == PK_OK);
        best[links[link].from][links[link].to] = links[link].cost;
    }
    for (int via = 0; via < count; ++via)
        for (int a = 0; a < count; ++a)
            for (int b = 0; b < count; ++b)
                if (best[a][via] + best[via][b] < best[a][b])
                    best[a][b] = best[a][via] + best[via][b];
    uint32_t path[count];
    for (int a = 0; a < count; ++a)
        for (int b = 0; b < count; ++b) {
            size_t length = 0;
            float cost = -1;
            const pk_status status =
                pk_graph_find_path(graph, nodes[a], nodes[b], path, count, &length, &cost);
            if (isinf(best[a][b])) {
                CHECK(status == PK_NO_PATH);
            } else {
                CHECK(status == PK_OK);
                CHECK(fabsf(cost - best[a][b]) < 1e-5f);
                CHECK(length >= 1 && path[0] == nodes[a] && path[length - 1] == nodes[b]);
            }
        }
    CHECK(pk_graph_connect(graph, nodes[0], 99, 1, 0) == PK_INVALID_ARGUMENT);
    CHECK(pk_graph_connect(graph, nodes[0], nodes[1], NAN, 0) == PK_INVALID_ARGUMENT);
    pk_graph_destroy(graph);
}

/* A square block between two points: the visibility graph and the navigation mesh find the
 * same shortest length, longer than the straight line. */
static void open_worlds(void) {
    const float block[] = {40, 20, 60, 20, 60, 80, 40, 80};
    pk_obstacle_graph* graph = NULL;
    pk_nav_mesh* mesh = NULL;
    uint32_t id = 0;
    CHECK(pk_obstacle_graph_create(2, &graph) == PK_OK);
    CHECK(pk_obstacle_graph_add_polygon(graph, block, 4, &id) == PK_OK);
    CHECK(pk_nav_mesh_create(0, 0, 100, 100, 2, &mesh) == PK_OK);
    CHECK(pk_nav_mesh_add_polygon(mesh, block, 4, &id) == PK_OK);
    size_t triangles = 0;
    CHECK(pk_nav_mesh_triangulate(mesh, &triangles) == PK_OK && triangles > 0);
    float points[64];
    size_t length = 0;
    float shortest = 0, exact = 0;
    CHECK(pk_obstacle_graph_find_path(graph, 10, 50, 90, 50, points, 32, &length, &shortest) ==
          PK_OK);
    CHECK(length >= 3 && points[0] == 10 && points[1] == 50);
    CHECK(pk_nav_mesh_find_path(mesh, 10, 50, 90, 50, points, 32, &length, &exact) == PK_OK);
    CHECK(shortest > 80.5f && fabsf(shortest - exact) < 1e-2f);
    CHECK(pk_nav_mesh_find_path(mesh, 50, 50, 90, 50, points, 32, &length, &exact) ==
          PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "inside an obstacle") != NULL);
    /* Removing the block opens the straight line. */
    CHECK(pk_nav_mesh_remove(mesh, id) == PK_OK);
    CHECK(pk_nav_mesh_triangulate(mesh, NULL) == PK_OK);
    CHECK(pk_nav_mesh_find_path(mesh, 10, 50, 90, 50, points, 32, &length, &exact) == PK_OK);
    CHECK(fabsf(exact - 80) < 1e-3f && length == 2);
    CHECK(pk_nav_mesh_remove(mesh, id) == PK_INVALID_ARGUMENT);
    /* The block back, then moved down off the line (y 18..82 grown becomes -32..32): the line
     * is open again, and the last change holds both places. */
    CHECK(pk_nav_mesh_add_polygon(mesh, block, 4, &id) == PK_OK);
    CHECK(pk_nav_mesh_triangulate(mesh, NULL) == PK_OK);
    CHECK(pk_nav_mesh_move_obstacle(mesh, id, 0, -50) == PK_OK);
    CHECK(pk_nav_mesh_update(mesh, &triangles) == PK_OK && triangles > 0);
    CHECK(pk_nav_mesh_update(NULL, &triangles) == PK_INVALID_ARGUMENT);
    CHECK(pk_nav_mesh_find_path(mesh, 10, 50, 90, 50, points, 32, &length, &exact) == PK_OK);
    CHECK(fabsf(exact - 80) < 1e-3f && length == 2);
    float low_x = 0, low_y = 0, high_x = 0, high_y = 0;
    int everywhere = 1;
    CHECK(pk_nav_mesh_last_change(mesh, &low_x, &low_y, &high_x, &high_y, &everywhere) == PK_OK);
    CHECK(everywhere == 0 && fabsf(low_y + 32) < 0.05f && fabsf(high_y - 82) < 0.05f);
    CHECK(fabsf(low_x - 38) < 0.05f && fabsf(high_x - 62) < 0.05f);
    CHECK(pk_nav_mesh_move_obstacle(mesh, id + 7, 1, 0) == PK_INVALID_ARGUMENT);
    CHECK(pk_nav_mesh_move_obstacle(mesh, id, NAN, 0) == PK_INVALID_ARGUMENT);
    CHECK(pk_obstacle_graph_add_polygon(graph, block, 2, &id) == PK_INVALID_ARGUMENT);
    CHECK(pk_obstacle_graph_add_circle(graph, 10, 10, -1, &id) == PK_INVALID_ARGUMENT);
    pk_obstacle_graph_destroy(graph);
    pk_nav_mesh_destroy(mesh);
}

/* A wall across a navigation mesh and a ladder over it: the path crosses the ladder, says
 * where, and a ledge (one way) is never climbed. */
static void nav_mesh_links(void) {
    const float wall[] = {0, 45, 100, 45, 100, 55, 0, 55};
    pk_nav_mesh* mesh = NULL;
    uint32_t id = 0, ladder = 0, ledge = 0;
    CHECK(pk_nav_mesh_create(0, 0, 100, 100, 0, &mesh) == PK_OK);
    CHECK(pk_nav_mesh_add_polygon(mesh, wall, 4, &id) == PK_OK);
    CHECK(pk_nav_mesh_triangulate(mesh, NULL) == PK_OK);
    float points[32];
    uint32_t links[16];
    size_t length = 0;
    float cost = 0;
    CHECK(pk_nav_mesh_find_path(mesh, 10, 80, 10, 20, points, 16, &length, &cost) == PK_NO_PATH);
    CHECK(pk_nav_mesh_add_link(mesh, 80, 60, 80, 40, 25, 1, &ladder) == PK_OK);
    CHECK(pk_nav_mesh_find_path_ex(mesh, 10, 80, 10, 20, points, links, 16, &length, &cost) ==
          PK_OK);
    CHECK(length == 4 && links[0] == PK_NO_LINK && links[1] == ladder && links[2] == PK_NO_LINK &&
          links[3] == PK_NO_LINK);
    CHECK(points[2] == 80 && points[3] == 60 && points[4] == 80 && points[5] == 40);
    CHECK(fabsf(cost - (2 * sqrtf(70 * 70 + 20 * 20) + 25)) < 1e-2f);
    CHECK(pk_nav_mesh_remove_link(mesh, ladder) == PK_OK);
    CHECK(pk_nav_mesh_remove_link(mesh, ladder) == PK_INVALID_ARGUMENT);
    CHECK(pk_nav_mesh_add_link(mesh, 20, 60, 20, 40, NAN, 0, &ledge) == PK_OK);
    CHECK(pk_nav_mesh_find_path(mesh, 10, 80, 10, 20, points, 16, &length, &cost) == PK_OK);
    CHECK(pk_nav_mesh_find_path(mesh, 10, 20, 10, 80, points, 16, &length, &cost) == PK_NO_PATH);
    CHECK(pk_nav_mesh_add_link(mesh, 20, 50, 20, 40, NAN, 1, &id) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "inside an obstacle") != NULL);
    CHECK(pk_nav_mesh_add_link(mesh, 20, 60, 20, 40, -1, 1, &id) == PK_INVALID_ARGUMENT);
    CHECK(pk_nav_mesh_add_link(NULL, 20, 60, 20, 40, 1, 1, &id) == PK_INVALID_ARGUMENT);
    pk_nav_mesh_destroy(mesh);
}

/* Two walls with a gap 2.6 wide: agents of radius up to 1 take it, one of 1.5 goes round; each
 * class's length is a visibility graph's grown by that class's radius. */
static void nav_mesh_radius_classes(void) {
    const float walls[2][8] = {{0, 9, 9, 9, 9, 11, 0, 11}, {11.6f, 9, 16, 9, 16, 11, 11.6f, 11}};
    const float classes[] = {1.5f, 1.0f};
    const float asked[] = {0.5f, 0.9f, 1.0f, 1.2f, 1.5f}, answering[] = {0.5f, 1, 1, 1.5f, 1.5f};
    pk_nav_mesh* mesh = NULL;
    uint32_t id = 0;
    CHECK(pk_nav_mesh_create_with_classes(0, 0, 20, 20, 0.5f, classes, 2, &mesh) == PK_OK);
    for (int wall = 0; wall < 2; ++wall)
        CHECK(pk_nav_mesh_add_polygon(mesh, walls[wall], 4, &id) == PK_OK);
    CHECK(pk_nav_mesh_triangulate(mesh, NULL) == PK_OK);
    pk_radius_class stats[4];
    size_t count = 0;
    CHECK(pk_nav_mesh_radius_class_stats(mesh, stats, 4, &count) == PK_OK && count == 3);
    CHECK(stats[0].radius == 0.5f && stats[0].built && stats[1].radius == 1.0f && !stats[1].built &&
          stats[2].radius == 1.5f && !stats[2].built);
    float points[64], oracle_points[64];
    uint32_t links[32];
    size_t length = 0;
    float cost = 0, oracle_cost = 0;
    for (int at = 0; at < 5; ++at) {
        pk_obstacle_graph* graph = NULL;
        CHECK(pk_obstacle_graph_create(answering[at], &graph) == PK_OK);
        for (int wall = 0; wall < 2; ++wall)
            CHECK(pk_obstacle_graph_add_polygon(graph, walls[wall], 4, &id) == PK_OK);
        CHECK(pk_obstacle_graph_find_path(graph, 10.3f, 3, 10.3f, 17, oracle_points, 32, &length,
                                          &oracle_cost) == PK_OK);
        CHECK(pk_nav_mesh_find_path_for_radius(mesh, 10.3f, 3, 10.3f, 17, asked[at], points, links,
                                               32, &length, &cost) == PK_OK);
        CHECK(fabsf(cost - oracle_cost) < 1e-3f * oracle_cost);
        CHECK(links[length - 1] == PK_NO_LINK);
        pk_obstacle_graph_destroy(graph);
    }
    CHECK(pk_nav_mesh_find_path_for_radius(mesh, 10.3f, 3, 10.3f, 17, 1.0f, points, NULL, 32,
                                           &length, &cost) == PK_OK);
    CHECK(fabsf(cost - 14) < 1e-3f && length == 2);
    CHECK(pk_nav_mesh_radius_class_stats(mesh, stats, 4, &count) == PK_OK);
    CHECK(stats[1].built && stats[2].built && stats[2].triangles > 0 && stats[2].memory_bytes > 0);
    CHECK(pk_nav_mesh_radius_class_stats(mesh, stats, 2, &count) == PK_BUFFER_TOO_SMALL &&
          count == 3);
    CHECK(pk_nav_mesh_find_path_for_radius(mesh, 10.3f, 3, 10.3f, 17, 2, points, NULL, 32, &length,
                                           &cost) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "no radius class holds agents of radius 2") != NULL);
    CHECK(pk_nav_mesh_find_path_for_radius(mesh, 10.3f, 3, 10.3f, 17, NAN, points, NULL, 32,
                                           &length, &cost) == PK_INVALID_ARGUMENT);
    pk_nav_mesh_destroy(mesh);
    const float negative[] = {-1};
    mesh = NULL;
    CHECK(pk_nav_mesh_create_with_classes(0, 0, 20, 20, 0.5f, negative, 1, &mesh) ==
              PK_INVALID_ARGUMENT &&
          mesh == NULL);
    CHECK(strstr(pk_last_error(), "radius class 0") != NULL);
    CHECK(pk_nav_mesh_create_with_classes(0, 0, 20, 20, 0.5f, NULL, 2, &mesh) ==
          PK_INVALID_ARGUMENT);
    const float too_many[20] = {1};
    CHECK(pk_nav_mesh_create_with_classes(0, 0, 20, 20, 0.5f, too_many, 20, &mesh) ==
          PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "20 radius classes is over the limit of 16") != NULL);
    CHECK(pk_nav_mesh_create_with_classes(0, 0, 20, 20, 0.5f, NULL, 0, &mesh) == PK_OK);
    pk_nav_mesh_destroy(mesh);
}

/* A visibility graph with a long wall and a ladder over it: the path climbs the ladder rather
 * than walk round the wall, says where, and a ledge (one way) is never climbed. */
static void obstacle_graph_links(void) {
    const float wall[] = {-1000, 45, 1100, 45, 1100, 55, -1000, 55};
    pk_obstacle_graph* graph = NULL;
    uint32_t id = 0, ladder = 0, ledge = 0;
    CHECK(pk_obstacle_graph_create(0, &graph) == PK_OK);
    CHECK(pk_obstacle_graph_add_polygon(graph, wall, 4, &id) == PK_OK);
    float points[32];
    uint32_t links[16];
    size_t length = 0;
    float cost = 0;
    CHECK(pk_obstacle_graph_add_link(graph, 80, 60, 80, 40, 25, 1, &ladder) == PK_OK);
    CHECK(pk_obstacle_graph_find_path_ex(graph, 10, 80, 10, 20, points, links, 16, &length,
                                         &cost) == PK_OK);
    CHECK(length == 4 && links[0] == PK_NO_LINK && links[1] == ladder && links[2] == PK_NO_LINK &&
          links[3] == PK_NO_LINK);
    CHECK(points[2] == 80 && points[3] == 60 && points[4] == 80 && points[5] == 40);
    CHECK(fabsf(cost - (2 * sqrtf(70 * 70 + 20 * 20) + 25)) < 1e-2f);
    CHECK(pk_obstacle_graph_remove_link(graph, ladder) == PK_OK);
    CHECK(pk_obstacle_graph_remove_link(graph, ladder) == PK_INVALID_ARGUMENT);
    CHECK(pk_obstacle_graph_add_link(graph, 20, 60, 20, 40, NAN, 0, &ledge) == PK_OK);
    CHECK(pk_obstacle_graph_find_path_ex(graph, 10, 80, 10, 20, points, links, 16, &length,
                                         &cost) == PK_OK);
    CHECK(length == 4 && links[1] == ledge);
    CHECK(pk_obstacle_graph_find_path_ex(graph, 10, 20, 10, 80, points, links, 16, &length,
                                         &cost) == PK_OK);
    for (size_t point = 0; point < length; ++point)
        CHECK(links[point] == PK_NO_LINK);
    CHECK(pk_obstacle_graph_add_link(graph, 20, 50, 20, 40, NAN, 1, &id) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "inside obstacle") != NULL);
    CHECK(pk_obstacle_graph_add_link(graph, 20, 60, 20, 40, -1, 1, &id) == PK_INVALID_ARGUMENT);
    CHECK(pk_obstacle_graph_add_link(NULL, 20, 60, 20, 40, 1, 1, &id) == PK_INVALID_ARGUMENT);
    pk_obstacle_graph_destroy(graph);
}

/* A river across a 20 x 10 world: swum at 3 per unit it costs 4 x 3 more than the walk beside
 * it, excluded it walls the far bank off, and a start in it is refused. */
static void nav_mesh_areas(void) {
    pk_nav_mesh* mesh = NULL;
    CHECK(pk_nav_mesh_create(0, 0, 20, 10, 0, &mesh) == PK_OK);
    const float river[] = {8, 0, 12, 0, 12, 10, 8, 10};
    const float bow_tie[] = {1, 1, 5, 5, 5, 1, 1, 5};
    uint32_t area = 0, id = 0;
    CHECK(pk_nav_mesh_add_area(mesh, river, 4, 2, &area) == PK_OK);
    CHECK(pk_nav_mesh_add_area(mesh, bow_tie, 4, 3, &id) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "self-intersecting") != NULL);
    CHECK(pk_nav_mesh_add_area(mesh, river, 4, 64, &id) == PK_INVALID_ARGUMENT);
    CHECK(pk_nav_mesh_update(mesh, NULL) == PK_OK);
    float points[32];
    float costs[64];
    for (int type = 0; type < 64; ++type)
        costs[type] = 1;
    costs[2] = 3;
    size_t length = 0;
    float cost = 0;
    CHECK(pk_nav_mesh_find_path_filtered(mesh, 2, 5, 18, 5, 0, costs, 4, points, 16, &length,
                                         &cost) == PK_OK);
    CHECK(fabsf(cost - 24) < 1e-2f);
    CHECK(pk_nav_mesh_find_path_filtered(mesh, 2, 5, 18, 5, 1u << 2, NULL, 4, points, 16, &length,
                                         &cost) == PK_NO_PATH);
    CHECK(pk_nav_mesh_find_path_filtered(mesh, 10, 5, 18, 5, 1u << 2, NULL, 4, points, 16, &length,
                                         &cost) == PK_INVALID_ARGUMENT);
    costs[2] = 0.5f;
    CHECK(pk_nav_mesh_find_path_filtered(mesh, 2, 5, 18, 5, 0, costs, 4, points, 16, &length,
                                         &cost) == PK_INVALID_ARGUMENT);
    CHECK(pk_nav_mesh_remove_area(mesh, area) == PK_OK);
    CHECK(pk_nav_mesh_remove_area(mesh, area) == PK_INVALID_ARGUMENT);
    pk_nav_mesh_destroy(mesh);
}

/* Writes `text` to `folder`/`name` and gives the path (static storage, one at a time). */
static const char* write_file(const char* folder, const char* name, const char* text) {
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    FILE* file = fopen(path, "w");
    CHECK(file != NULL);
    if (file != NULL) {
        fputs(text, file);
        fclose(file);
    }
    return path;
}

/* A gate shuts the opening in front of agent 3 at step 5 and opens it at step 60: the run
 * reports each step with changes, agent 3 walled off by the first and planning again at the
 * second; the ids come as every buffer does (NULL asks for the count). */
static void gate(const char* folder) {
    const char* path =
        write_file(folder, "c_api_agents_gate.json",
                   "{\"bounds\": [[0, 0], [20, 10]], \"buffer_radius\": 0.5,\n"
                   " \"obstacles\": [{\"polygon\": [[9, 0], [11, 0], [11, 3.5], [9, 3.5]]},\n"
                   "               {\"polygon\": [[9, 6.5], [11, 6.5], [11, 10], [9, 10]]}],\n"
                   " \"agents\": [{\"id\": 3, \"at\": [2, 5], \"to\": [18, 5]}],\n"
                   " \"changes\": [{\"step\": 5, \"add\": [{\"id\": \"gate\", \"polygon\":\n"
                   "                [[9, 3], [11, 3], [11, 7], [9, 7]]}]},\n"
                   "             {\"step\": 60, \"remove\": [\"gate\"]}]}\n");
    pk_agent_run* run = NULL;
    CHECK(pk_agent_run_scenario(path, &run) == PK_OK && run != NULL);
    size_t changes = 0, count = 9;
    CHECK(pk_agent_run_change_count(run, &changes) == PK_OK && changes == 2);
    int64_t step = 0;
    double microseconds = -1;
    size_t triangles = 0;
    CHECK(pk_agent_run_change(run, 0, &step, &microseconds, &triangles) == PK_OK);
    CHECK(step == 5 && microseconds > 0 && triangles > 0);
    int64_t id = 0;
    CHECK(pk_agent_run_change_agents(run, 0, 1, NULL, 0, &count) == PK_BUFFER_TOO_SMALL);
    CHECK(count == 1);
    CHECK(pk_agent_run_change_agents(run, 0, 1, &id, 1, &count) == PK_OK && id == 3);
    CHECK(pk_agent_run_change_agents(run, 0, 0, NULL, 0, &count) == PK_OK && count == 0);
    CHECK(pk_agent_run_change(run, 1, &step, NULL, NULL) == PK_OK && step == 60);
    CHECK(pk_agent_run_change_agents(run, 1, 0, &id, 1, &count) == PK_OK && id == 3);
    CHECK(pk_agent_run_change(run, 2, NULL, NULL, NULL) == PK_INVALID_ARGUMENT);
    CHECK(pk_agent_run_change_count(NULL, &changes) == PK_INVALID_ARGUMENT);
    size_t arrived = 0;
    CHECK(pk_agent_run_summary(run, NULL, NULL, &arrived) == PK_OK && arrived == 1);
    pk_agent_run_destroy(run);
}

/* Two agents trading sides past a wall: both end within the arrival distance (0.1 by default,
 * 0.02 more allowed) of their targets as written here; a target inside a wall is refused with
 * its place in the file, a missing file with its name. */
static void agents_files(const char* folder) {
    const char* swap =
        write_file(folder, "c_api_agents_swap.json",
                   "{\"bounds\": [[0, 0], [20, 10]], \"buffer_radius\": 0.5,\n"
                   " \"obstacles\": [{\"polygon\": [[9, 0], [11, 0], [11, 4], [9, 4]]}],\n"
                   " \"agents\": [{\"id\": 7, \"at\": [2, 2], \"to\": [18, 2]},\n"
                   "            {\"id\": 9, \"at\": [18, 2.5], \"to\": [2, 2.5]}],\n"
                   " \"dt\": 0.1, \"max_steps\": 1000}\n");
    const float targets[2][2] = {{18, 2}, {2, 2.5f}};
    const int64_t ids[2] = {7, 9};
    pk_agent_run* run = NULL;
    CHECK(pk_agent_run_scenario(swap, &run) == PK_OK && run != NULL);
    int64_t steps = 0;
    size_t agents = 0, arrived = 0;
    CHECK(pk_agent_run_summary(run, &steps, &agents, &arrived) == PK_OK);
    CHECK(agents == 2 && arrived == 2 && steps > 0 && steps < 1000);
    for (size_t index = 0; index < 2; ++index) {
        int64_t id = -1, arrived_step = -1;
        float x = -1, y = -1;
        CHECK(pk_agent_run_agent(run, index, &id, &x, &y, &arrived_step) == PK_OK);
        CHECK(id == ids[index] && arrived_step > 0 && arrived_step <= steps);
        CHECK(hypotf(x - targets[index][0], y - targets[index][1]) <= 0.12f);
    }
    CHECK(pk_agent_run_agent(run, 2, NULL, NULL, NULL, NULL) == PK_INVALID_ARGUMENT);
    pk_agent_run_destroy(run);

    const char* walled =
        write_file(folder, "c_api_agents_walled.json",
                   "{\"bounds\": [[0, 0], [20, 10]], \"buffer_radius\": 0.5,\n"
                   " \"obstacles\": [{\"polygon\": [[9, 0], [11, 0], [11, 4], [9, 4]]}],\n"
                   " \"agents\": [{\"id\": 1, \"at\": [2, 2], \"to\": [10, 2]}]}\n");
    run = (pk_agent_run*)1;
    CHECK(pk_agent_run_scenario(walled, &run) == PK_INVALID_ARGUMENT && run == NULL);
    CHECK(strstr(pk_last_error(), "c_api_agents_walled.json") != NULL);
    CHECK(strstr(pk_last_error(), "/agents/0/to") != NULL);
    CHECK(pk_agent_run_scenario("no/such/agents.json", &run) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "no/such/agents.json") != NULL);
    CHECK(pk_agent_run_summary(NULL, NULL, NULL, NULL) == PK_INVALID_ARGUMENT);
    pk_agent_run_destroy(NULL);
    gate(folder);
}

/* Links and a terrain filter on a corridor cut by a wall:
 *   S.a#b..G
 *   ...#....
 *   ...#~~..   (~ water)
 */
static void grid_links_and_filters(void) {
    pk_grid_map* map = NULL;
    CHECK(pk_grid_map_create(8, 3, &map) == PK_OK);
    for (int y = 0; y < 3; ++y)
        CHECK(pk_grid_map_set_walkable(map, 3, y, 0) == PK_OK);
    uint8_t water = 0;
    CHECK(pk_grid_map_add_terrain_type(map, "water", &water) == PK_OK && water == 1);
    CHECK(pk_grid_map_add_terrain_type(map, "water", &water) == PK_INVALID_ARGUMENT);
    CHECK(pk_grid_map_set_terrain_type(map, 4, 2, water) == PK_OK);
    CHECK(pk_grid_map_set_terrain_type(map, 5, 2, water) == PK_OK);
    CHECK(pk_grid_map_set_terrain_type(map, 5, 0, 9) == PK_INVALID_ARGUMENT);
    pk_grid_space* space = NULL;
    CHECK(pk_grid_space_create(map, PK_DIAGONAL_NO_CORNER_CUTTING, &space) == PK_OK);
    int32_t tiles[64];
    uint32_t links[32];
    size_t length = 0;
    float cost = -1;
    CHECK(pk_grid_space_find_path(space, 0, 0, 7, 0, PK_ALGORITHM_ASTAR, 0, tiles, 32, &length,
                                  &cost) == PK_NO_PATH);
    uint32_t door = 99;
    CHECK(pk_grid_space_add_link(space, 2, 0, 4, 0, 1.5f, 1, &door) == PK_OK);
    CHECK(pk_grid_space_add_link(space, 2, 0, 3, 0, 1, 1, &door) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "not walkable") != NULL);
    CHECK(pk_grid_space_add_link(space, 2, 0, 4, 0, -1, 1, &door) == PK_INVALID_ARGUMENT);
    CHECK(door == 0);
    const pk_algorithm algorithms[] = {PK_ALGORITHM_ASTAR, PK_ALGORITHM_JPS, PK_ALGORITHM_JPS_PLUS};
    for (int a = 0; a < 3; ++a) {
        CHECK(pk_grid_space_find_path_ex(space, 0, 0, 7, 0, algorithms[a], 0, NULL, 0, tiles, links,
                                         32, &length, &cost) == PK_OK);
        /* S, two steps, the door (1.5), three steps: 6.5. */
        CHECK(fabsf(cost - 6.5f) < 1e-4f);
        CHECK(length == 7 && links[2] == door && links[0] == PK_NO_LINK && links[6] == PK_NO_LINK);
    }
    /* A unit that cannot swim, from below the water: round it. */
    const uint8_t no_water[] = {water};
    float dry = -1, wet = -1;
    CHECK(pk_grid_space_find_path_ex(space, 4, 1, 6, 2, PK_ALGORITHM_JPS, 0, NULL, 0, tiles, links,
                                     32, &length, &wet) == PK_OK);
    CHECK(pk_grid_space_find_path_ex(space, 4, 1, 6, 2, PK_ALGORITHM_JPS, 0, no_water, 1, tiles,
                                     links, 32, &length, &dry) == PK_OK);
    CHECK(dry > wet + 0.5f);
    const uint8_t unknown[] = {7};
    CHECK(pk_grid_space_find_path_ex(space, 4, 1, 6, 2, PK_ALGORITHM_ASTAR, 0, unknown, 1, tiles,
                                     links, 32, &length, &dry) == PK_INVALID_ARGUMENT);
    CHECK(strstr(pk_last_error(), "terrain filter: type 7") != NULL);
    CHECK(pk_grid_space_remove_link(space, door) == PK_OK);
    CHECK(pk_grid_space_remove_link(space, door) == PK_INVALID_ARGUMENT);
    pk_grid_space_destroy(space);
    pk_grid_map_destroy(map);
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: c_api_test TINY_MAP SCRATCH_FOLDER\n");
        return 2;
    }
    CHECK(strcmp(pk_version(), PATHKIT_EXPECTED_VERSION) == 0);
    CHECK(strcmp(pk_status_name(PK_NO_PATH), "no_path") == 0);
    grids(argv[1]);
    grid_links_and_filters();
    graphs();
    open_worlds();
    nav_mesh_links();
    nav_mesh_radius_classes();
    obstacle_graph_links();
    nav_mesh_areas();
    agents_files(argv[2]);
    pk_grid_map_destroy(NULL);
    printf("c api: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
