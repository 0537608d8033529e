/* The README's C example as a program that builds and runs with the tests. */
#include <stdio.h>

#include <pathkit/c/pathkit.h>

int main(void) {
    pk_grid_map* map = NULL;
    pk_grid_space* space = NULL;
    pk_grid_map_create(40, 20, &map); /* 40 x 20 walkable tiles */
    for (int y = 0; y < 15; ++y)
        pk_grid_map_set_walkable(map, 20, y, 0); /* a wall with a gap at the bottom */
    pk_grid_space_create(map, PK_DIAGONAL_NO_CORNER_CUTTING, &space);

    size_t length = 0;
    float cost = 0;
    /* Ask for the size first (NULL, 0), then fill a buffer of our own. */
    pk_status status =
        pk_grid_space_find_path(space, 1, 1, 38, 1, PK_ALGORITHM_JPS, 0, NULL, 0, &length, &cost);
    int32_t tiles[2 * 64];
    if (status == PK_BUFFER_TOO_SMALL && length <= 64)
        status = pk_grid_space_find_path(space, 1, 1, 38, 1, PK_ALGORITHM_JPS, 0, tiles, 64,
                                         &length, &cost);
    if (status != PK_OK) {
        fprintf(stderr, "%s: %s\n", pk_status_name(status), pk_last_error());
        return 1;
    }
    printf("found: %zu tiles, cost %.2f, via %d,%d\n", length, (double)cost, tiles[2 * 20],
           tiles[2 * 20 + 1]);
    pk_grid_space_destroy(space);
    pk_grid_map_destroy(map);
    return 0;
}
