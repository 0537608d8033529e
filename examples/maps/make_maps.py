#!/usr/bin/env python3
"""Makes pathkit's example grid maps (MovingAI .map format) and their scenarios (.map.scen).

Every map is generated from a fixed random seed, so running this again gives the same files. Each
scenario row's optimal length is computed here by a plain Dijkstra search written below
(octile moves, diagonal cost sqrt(2), no corner cutting: the MovingAI rule), independently of
pathkit, so `pathkit bench examples/maps/*.scen` checks pathkit against it.

    /usr/bin/python3 examples/maps/make_maps.py
"""
import heapq
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))


def blank(width, height, tile="."):
    return [[tile] * width for _ in range(height)]


def dungeon(rng):
    """Rooms joined by corridors, walls all round: 64 x 48."""
    width, height = 64, 48
    grid = blank(width, height, "@")
    rooms = []
    for _ in range(60):
        w, h = rng.randint(5, 12), rng.randint(4, 9)
        x, y = rng.randint(1, width - w - 2), rng.randint(1, height - h - 2)
        if any(x < rx + rw + 1 and rx < x + w + 1 and y < ry + rh + 1 and ry < y + h + 1
               for rx, ry, rw, rh in rooms):
            continue
        rooms.append((x, y, w, h))
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                grid[yy][xx] = "."
    for (ax, ay, aw, ah), (bx, by, bw, bh) in zip(rooms, rooms[1:]):
        cx, cy = ax + aw // 2, ay + ah // 2
        dx, dy = bx + bw // 2, by + bh // 2
        for xx in range(min(cx, dx), max(cx, dx) + 1):
            grid[cy][xx] = "."
        for yy in range(min(cy, dy), max(cy, dy) + 1):
            grid[yy][dx] = "."
    return grid


def town(rng):
    """Blocks of houses between streets, trees and a pond: 160 x 120."""
    width, height = 160, 120
    grid = blank(width, height)
    for by in range(4, height - 12, 16):
        for bx in range(4, width - 16, 20):
            for _ in range(3):
                w, h = rng.randint(4, 9), rng.randint(4, 8)
                x, y = bx + rng.randint(0, 14 - min(w, 14)), by + rng.randint(0, 11 - min(h, 11))
                for yy in range(y, min(y + h, height)):
                    for xx in range(x, min(x + w, width)):
                        grid[yy][xx] = "@"
    cx, cy = 110, 70
    for yy in range(height):
        for xx in range(width):
            if (xx - cx) ** 2 / 200 + (yy - cy) ** 2 / 60 < 1:
                grid[yy][xx] = "W"
    for _ in range(300):
        x, y = rng.randrange(width), rng.randrange(height)
        if grid[y][x] == ".":
            grid[y][x] = "T"
    return grid


def fields(rng):
    """Open fields with copses and ponds: 256 x 256."""
    width = height = 256
    grid = blank(width, height)
    for _ in range(90):
        cx, cy, r = rng.randrange(width), rng.randrange(height), rng.randint(2, 9)
        tile = "W" if rng.random() < 0.3 else "T"
        for yy in range(max(0, cy - r), min(height, cy + r + 1)):
            for xx in range(max(0, cx - r), min(width, cx + r + 1)):
                if (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r and rng.random() < 0.85:
                    grid[yy][xx] = tile
    return grid


def maze(rng):
    """A maze with corridors one tile wide and a few loops: 255 x 255."""
    cells = 127
    size = 2 * cells + 1
    grid = blank(size, size, "@")
    seen = [[False] * cells for _ in range(cells)]
    stack = [(0, 0)]
    seen[0][0] = True
    grid[1][1] = "."
    while stack:
        x, y = stack[-1]
        options = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= x + dx < cells and 0 <= y + dy < cells and not seen[y + dy][x + dx]]
        if not options:
            stack.pop()
            continue
        nx, ny = rng.choice(options)
        seen[ny][nx] = True
        grid[2 * ny + 1][2 * nx + 1] = "."
        grid[y + ny + 1][x + nx + 1] = "."
        stack.append((nx, ny))
    for _ in range(400):  # loops, so there is more than one way
        x, y = rng.randrange(1, size - 1), rng.randrange(1, size - 1)
        if (x + y) % 2 == 1:
            grid[y][x] = "."
    return grid


def walkable(grid, x, y):
    return 0 <= y < len(grid) and 0 <= x < len(grid[0]) and grid[y][x] in ".GS"


def distances(grid, start):
    """Octile Dijkstra without corner cutting, from `start`: {tile: cost}."""
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        cost, (x, y) = heapq.heappop(heap)
        if cost > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or not walkable(grid, x + dx, y + dy):
                    continue
                if dx and dy and not (walkable(grid, x + dx, y) and walkable(grid, x, y + dy)):
                    continue
                step = math.sqrt(2) if dx and dy else 1.0
                here = (x + dx, y + dy)
                if cost + step < best.get(here, math.inf):
                    best[here] = cost + step
                    heapq.heappush(heap, (cost + step, here))
    return best


def write(name, grid, rng, queries):
    height, width = len(grid), len(grid[0])
    with open(os.path.join(HERE, name + ".map"), "w") as out:
        out.write(f"type octile\nheight {height}\nwidth {width}\nmap\n")
        for row in grid:
            out.write("".join(row) + "\n")
    open_tiles = [(x, y) for y in range(height) for x in range(width) if walkable(grid, x, y)]
    rows = []
    while len(rows) < queries:
        start = rng.choice(open_tiles)
        reach = distances(grid, start)
        far = [tile for tile, cost in reach.items() if cost > 0]
        if not far:
            continue
        for goal in rng.sample(far, min(4, len(far))):
            rows.append((start, goal, reach[goal]))
    rows.sort(key=lambda row: row[2])
    with open(os.path.join(HERE, name + ".map.scen"), "w") as out:
        out.write("version 1\n")
        for (sx, sy), (gx, gy), cost in rows[:queries]:
            out.write(f"{int(cost // 10)}\t{name}.map\t{width}\t{height}\t{sx}\t{sy}\t{gx}\t{gy}"
                      f"\t{cost:.8f}\n")


def main():
    for name, make, queries in (("dungeon", dungeon, 40), ("town", town, 40),
                                ("fields", fields, 40), ("maze", maze, 40)):
        rng = random.Random(name)
        write(name, make(rng), rng, queries)


if __name__ == "__main__":
    main()
