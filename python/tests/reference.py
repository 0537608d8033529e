"""Reference searches written here, independent of pathkit, that the tests hold its answers to."""

import heapq
import math
from collections import deque

import numpy as np

SQRT2 = math.sqrt(2.0)


def neighbours(walkable: np.ndarray, x: int, y: int, diagonal: str):
    """The tiles one step from (x, y) under a diagonal rule, with the step's base cost."""
    height, width = walkable.shape

    def free(cx: int, cy: int) -> bool:
        return 0 <= cx < width and 0 <= cy < height and bool(walkable[cy, cx])

    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if free(x + dx, y + dy):
            yield x + dx, y + dy, 1.0
    if diagonal == "never":
        return
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        if not free(x + dx, y + dy):
            continue
        beside = (free(x + dx, y), free(x, y + dy))
        if diagonal == "no-corner-cutting" and not all(beside):
            continue
        if diagonal == "at-least-one-walkable" and not any(beside):
            continue
        yield x + dx, y + dy, SQRT2


def reference_costs(walkable: np.ndarray, start, diagonal: str, terrain=None) -> dict:
    """Dijkstra from start: the cheapest cost to every reachable tile (steps cost their base
    cost times the terrain multiplier of the tile entered)."""
    best = {tuple(start): 0.0}
    frontier = [(0.0, tuple(start))]
    while frontier:
        cost, (x, y) = heapq.heappop(frontier)
        if cost > best[(x, y)]:
            continue
        for nx, ny, step in neighbours(walkable, x, y, diagonal):
            multiplier = 1.0 if terrain is None else float(terrain[ny, nx])
            candidate = cost + step * multiplier
            if candidate < best.get((nx, ny), math.inf) - 1e-12:
                best[(nx, ny)] = candidate
                heapq.heappush(frontier, (candidate, (nx, ny)))
    return best


def reference_steps(walkable: np.ndarray, start, diagonal: str) -> dict:
    """Breadth-first from start: the fewest steps to every reachable tile."""
    steps = {tuple(start): 0}
    queue = deque([tuple(start)])
    while queue:
        x, y = queue.popleft()
        for nx, ny, _ in neighbours(walkable, x, y, diagonal):
            if (nx, ny) not in steps:
                steps[(nx, ny)] = steps[(x, y)] + 1
                queue.append((nx, ny))
    return steps


def random_walkable(rng: np.random.Generator, width: int, height: int, blocked: float) -> np.ndarray:
    return rng.random((height, width)) >= blocked
