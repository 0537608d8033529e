"""The README's Python example: a map from a numpy array, a path by A* and by jump point search."""

import numpy as np

import pathkit

# True = walkable; rows are y (top row first), columns are x.
walkable = np.ones((8, 12), dtype=bool)
walkable[2:7, 5] = False  # a wall with gaps at its ends

grid = pathkit.GridMap.from_numpy(walkable)
space = pathkit.GridSpace(grid, diagonal="no-corner-cutting")

result = space.find_path((1, 4), (10, 4), algo="astar")
print(result.status, f"cost {result.cost:.3f}", f"{len(result.path)} tiles")
print(result.path.tolist())

fast = space.find_path((1, 4), (10, 4), algo="jps")
assert abs(fast.cost - result.cost) < 1e-4
print(f"jps expanded {fast.expanded} jump points, A* {result.expanded} tiles")

try:
    space.find_path((5, 3), (10, 4))
except pathkit.Error as error:  # a ValueError with pathkit's message
    print("refused:", error)
