/* A C program built against an installed libpathkit_c.so with the flags pkg-config gives. */
#include <stdio.h>

#include <pathkit/c/pathkit.h>

int main(void) {
    pk_grid_map* map = NULL;
    pk_grid_space* space = NULL;
    int32_t tiles[2 * 16];
    size_t length = 0;
    float cost = 0;
    if (pk_grid_map_create(8, 4, &map) != PK_OK ||
        pk_grid_map_set_walkable(map, 3, 1, 0) != PK_OK ||
        pk_grid_space_create(map, PK_DIAGONAL_NEVER, &space) != PK_OK ||
        pk_grid_space_find_path(space, 0, 1, 7, 1, PK_ALGORITHM_ASTAR, 0, tiles, 16, &length,
                                &cost) != PK_OK) {
        fprintf(stderr, "failed: %s\n", pk_last_error());
        return 1;
    }
    printf("pathkit %s from C: %zu tiles, cost %g\n", pk_version(), length, (double)cost);
    pk_grid_space_destroy(space);
    pk_grid_map_destroy(map);
    return 0;
}
