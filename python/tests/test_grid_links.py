"""Links between tiles and terrain filters from Python, against a Dijkstra of the test's own."""

import heapq
import math
import random
import re

import pytest

import pathkit

SQRT2 = 1.41421356


def drawn(rows):
    """A map from rows drawn with marks: letters are walkable tiles, '#' walls."""
    return pathkit.GridMap.from_rows([re.sub("[A-Za-z]", ".", row) for row in rows])


def reference_cost(rows, links, start, goal, walls=frozenset()):
    """Dijkstra over the drawn tiles (8 moves, no corner cutting) plus the link moves."""
    height, width = len(rows), len(rows[0])

    def free(x, y):
        return 0 <= x < width and 0 <= y < height and rows[y][x] != "#" and (x, y) not in walls

    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        cost, (x, y) = heapq.heappop(heap)
        if (x, y) == goal:
            return cost
        if cost > best[(x, y)]:
            continue
        moves = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or not free(x + dx, y + dy):
                    continue
                if dx and dy and not (free(x + dx, y) and free(x, y + dy)):
                    continue
                moves.append(((x + dx, y + dy), SQRT2 if dx and dy else 1.0))
        moves += [(end, c) for (begin, end, c) in links if begin == (x, y) and free(*end)]
        for tile, step in moves:
            if cost + step < best.get(tile, math.inf):
                best[tile] = cost + step
                heapq.heappush(heap, (cost + step, tile))
    return math.inf


def test_a_teleporter_cheaper_than_walking_is_taken_and_named_in_the_result():
    # fmt: off
    rows = [
        "S.a#b..G",
        "...#....",
    ]
    # fmt: on
    space = pathkit.GridSpace(drawn(rows))
    link = space.add_link((2, 0), (4, 0), cost=0.5, name="teleporter")
    assert space.links == [
        {"id": link, "start": (2, 0), "end": (4, 0), "cost": 0.5, "bidirectional": True,
         "name": "teleporter"}
    ]
    for algo in ("astar", "dijkstra", "jps", "jps+"):
        result = space.find_path((0, 0), (7, 0), algo)
        assert result.found, algo
        assert result.cost == pytest.approx(2 + 0.5 + 3)
        assert result.links == [-1, -1, link, -1, -1, -1]
    space.remove_link(link)
    assert space.find_path((0, 0), (7, 0)).status == "no_path"
    with pytest.raises(pathkit.Error, match="does not exist"):
        space.remove_link(link)


def test_links_are_refused_outside_the_map_on_walls_and_at_bad_costs():
    space = pathkit.GridSpace(pathkit.GridMap.from_rows(["..#"]))
    with pytest.raises(pathkit.Error, match="outside the map"):
        space.add_link((0, 0), (9, 0))
    with pytest.raises(pathkit.Error, match="not walkable"):
        space.add_link((0, 0), (2, 0))
    with pytest.raises(pathkit.Error, match="not a finite number"):
        space.add_link((0, 0), (1, 0), cost=math.nan)
    assert space.links == []


def test_every_search_matches_the_reference_on_random_maps_with_random_links():
    rng = random.Random(28)
    for _ in range(60):
        width, height = rng.randint(3, 12), rng.randint(3, 12)
        rows = ["".join("#" if rng.random() < 0.25 else "." for _ in range(width))
                for _ in range(height)]
        free = [(x, y) for y in range(height) for x in range(width) if rows[y][x] == "."]
        if len(free) < 2:
            continue
        space = pathkit.GridSpace(pathkit.GridMap.from_rows(rows))
        moves = []
        for _ in range(rng.randint(0, 5)):
            a, b = rng.sample(free, 2)
            cost = rng.choice([0.0, rng.uniform(0, 3), rng.uniform(5, 30)])
            both = rng.random() < 0.5
            space.add_link(a, b, cost=cost, bidirectional=both)
            moves.append((a, b, cost))
            if both:
                moves.append((b, a, cost))
        start, goal = rng.sample(free, 2)
        expected = reference_cost(rows, moves, start, goal)
        for algo in ("astar", "jps", "jps+"):
            result = space.find_path(start, goal, algo)
            if math.isinf(expected):
                assert result.status == "no_path"
            else:
                assert result.cost == pytest.approx(expected, rel=1e-4, abs=1e-4), algo


def test_a_unit_that_cannot_swim_walks_round_the_water():
    # fmt: off
    rows = [
        "........",
        "S.wwww.G",
        "........",
    ]
    # fmt: on
    grid = drawn(rows)
    water = grid.add_terrain_type("water")
    assert grid.terrain_types == ["ground", "water"]
    for x in range(2, 6):
        grid.set_terrain_type((x, 1), "water")
    assert grid.terrain_type((3, 1)) == water
    space = pathkit.GridSpace(grid)
    walls = {(x, 1) for x in range(2, 6)}
    expected = reference_cost(rows, [], (0, 1), (7, 1), walls)
    for algo in ("astar", "jps", "jps+"):
        assert space.find_path((0, 1), (7, 1), algo).cost == pytest.approx(7)
        dry = space.find_path((0, 1), (7, 1), algo, exclude_terrain=["water"])
        assert dry.cost == pytest.approx(expected)
        assert all(tuple(tile) not in walls for tile in dry.path)
    with pytest.raises(pathkit.Error, match="no terrain type named"):
        space.find_path((0, 1), (7, 1), exclude_terrain=["lava"])
    with pytest.raises(pathkit.Error, match="terrain type 5"):
        space.find_path((0, 1), (7, 1), exclude_terrain=[5])
    with pytest.raises(pathkit.Error, match="which the filter excludes"):
        space.find_path((3, 1), (7, 1), exclude_terrain=[water])
