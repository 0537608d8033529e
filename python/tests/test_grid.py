"""Tile grids from Python: maps from numpy, the four searches against a reference Dijkstra and
breadth-first search written here, the MovingAI files, and refusals."""

import math
import os
import threading
import time

import numpy as np
import pytest

import pathkit
from reference import neighbours, random_walkable, reference_costs, reference_steps

DIAGONALS = ["never", "always", "at-least-one-walkable", "no-corner-cutting"]


def walk_cost(walkable, terrain, path, diagonal):
    """The cost of walking a tile path, checking that every step is one the rules allow."""
    total = 0.0
    for (x, y), (nx, ny) in zip(path[:-1], path[1:]):
        steps = {(a, b): cost for a, b, cost in neighbours(walkable, x, y, diagonal)}
        assert (nx, ny) in steps, f"step {(x, y)} -> {(nx, ny)} is not allowed"
        total += steps[(nx, ny)] * (1.0 if terrain is None else float(terrain[ny, nx]))
    return total


@pytest.mark.parametrize("diagonal", DIAGONALS)
def test_astar_and_dijkstra_costs_equal_a_reference_dijkstra_on_random_maps(diagonal):
    rng = np.random.default_rng(7)
    for _ in range(6):
        walkable = random_walkable(rng, 14, 11, blocked=0.3)
        terrain = rng.choice([0.5, 1.0, 1.0, 3.0], size=walkable.shape).astype(np.float32)
        space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable, terrain), diagonal)
        free = np.argwhere(walkable)[:, ::-1]  # (x, y) of walkable tiles
        for start in free[:: max(1, len(free) // 6)]:
            truth = reference_costs(walkable, start, diagonal, terrain)
            for goal in free[::5]:
                expected = truth.get(tuple(goal))
                for algo in ("astar", "dijkstra"):
                    result = space.find_path(tuple(start), tuple(goal), algo)
                    if expected is None:
                        assert result.status == "no_path" and not result
                        assert result.path.shape == (0, 2)
                        continue
                    assert result.found, result.message
                    assert result.cost == pytest.approx(expected, rel=1e-5, abs=1e-5)
                    path = [tuple(tile) for tile in result.path]
                    assert path[0] == tuple(start) and path[-1] == tuple(goal)
                    assert walk_cost(walkable, terrain, path, diagonal) == pytest.approx(
                        result.cost, rel=1e-5, abs=1e-5)


@pytest.mark.parametrize("algo", ["jps", "jps+"])
@pytest.mark.parametrize("diagonal", ["never", "no-corner-cutting"])
def test_jump_point_search_costs_equal_a_reference_dijkstra(diagonal, algo):
    rng = np.random.default_rng(11)
    walkable = random_walkable(rng, 40, 30, blocked=0.25)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable), diagonal)
    free = np.argwhere(walkable)[:, ::-1]
    for start in free[::97]:
        truth = reference_costs(walkable, start, diagonal)
        for goal in free[::61]:
            result = space.find_path(tuple(start), tuple(goal), algo)
            if tuple(goal) not in truth:
                assert result.status == "no_path"
                continue
            assert result.method == algo
            assert result.cost == pytest.approx(truth[tuple(goal)], rel=1e-5)
            assert walk_cost(walkable, None, [tuple(t) for t in result.path], diagonal) == \
                pytest.approx(result.cost, rel=1e-5)


def test_jps_plus_answers_for_the_map_as_it_is_after_a_change():
    walkable = np.ones((5, 8), dtype=bool)
    grid = pathkit.GridMap.from_numpy(walkable)
    space = pathkit.GridSpace(grid, "never")
    assert space.find_path((0, 2), (7, 2), "jps+").cost == pytest.approx(7)
    for y in range(4):
        grid.set_walkable((4, y), False)  # a wall with a gap in the bottom row
    walkable[:4, 4] = False
    after = space.find_path((0, 2), (7, 2), "jps+")
    assert after.cost == pytest.approx(reference_costs(walkable, (0, 2), "never")[(7, 2)])
    assert after.cost == pytest.approx(11)


def test_jump_point_search_is_refused_with_its_reason_where_it_cannot_run():
    grid = pathkit.GridMap.from_numpy(np.ones((4, 4), dtype=bool), terrain=np.full((4, 4), 2.0))
    for algo in ("jps", "jps+"):
        with pytest.raises(pathkit.Error, match="terrain cost"):
            pathkit.GridSpace(grid).find_path((0, 0), (3, 3), algo)
    with pytest.raises(pathkit.Error, match="astar, dijkstra, bfs, jps, jps\\+"):
        pathkit.GridSpace(grid).find_path((0, 0), (3, 3), "jps++")


def test_breadth_first_search_takes_the_fewest_steps():
    rng = np.random.default_rng(3)
    walkable = random_walkable(rng, 20, 15, blocked=0.3)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable), "no-corner-cutting")
    free = np.argwhere(walkable)[:, ::-1]
    for start in free[::23]:
        truth = reference_steps(walkable, start, "no-corner-cutting")
        for goal in free[::17]:
            result = space.find_path(tuple(start), tuple(goal), "bfs")
            if tuple(goal) in truth:
                assert len(result.path) - 1 == truth[tuple(goal)]
            else:
                assert result.status == "no_path"


def test_from_numpy_reads_rows_as_y_and_columns_as_x():
    # fmt: off
    walkable = np.array([
        [1, 1, 1, 1],
        [0, 0, 0, 1],
        [1, 1, 1, 1],
    ], dtype=bool)
    # fmt: on
    grid = pathkit.GridMap.from_numpy(walkable)
    assert (grid.width, grid.height, grid.shape) == (4, 3, (3, 4))
    assert not grid.is_walkable((0, 1)) and grid.is_walkable((3, 1))
    assert not grid.is_walkable((4, 0))  # outside
    np.testing.assert_array_equal(grid.walkable, walkable)
    result = pathkit.GridSpace(grid, "never").find_path((0, 0), (0, 2))
    assert result.path.dtype == np.int32 and result.path.shape == (9, 2)
    assert result.path[:, 0].max() == 3  # round the wall by column 3
    assert result.cost == 8


def test_a_map_drawn_as_rows_matches_the_drawing():
    # fmt: off
    grid = pathkit.GridMap.from_rows([
        "....",
        ".@@.",
        "....",
    ])
    # fmt: on
    assert not grid.is_walkable((1, 1)) and grid.is_walkable((0, 1))
    assert pathkit.GridSpace(grid).find_path((0, 1), (3, 1)).cost == 5  # no corner cutting: round by the top row


def test_terrain_costs_steer_paths_round_swamps():
    walkable = np.ones((3, 5), dtype=bool)
    terrain = np.ones((3, 5), dtype=np.float32)
    terrain[1, 1:4] = 10  # a swamp across the middle row
    grid = pathkit.GridMap.from_numpy(walkable, terrain)
    assert grid.terrain_cost((2, 1)) == 10
    np.testing.assert_array_equal(grid.terrain, terrain)
    result = pathkit.GridSpace(grid, "never").find_path((0, 1), (4, 1))
    assert all(tile[1] != 1 or tile[0] in (0, 4) for tile in result.path.tolist())
    assert result.cost == 6


def test_tile_changes_between_queries_are_seen():
    grid = pathkit.GridMap(5, 1)
    space = pathkit.GridSpace(grid)
    assert space.find_path((0, 0), (4, 0)).found
    grid.set_walkable((2, 0), False)
    assert space.find_path((0, 0), (4, 0)).status == "no_path"
    grid.set_walkable((2, 0), True)
    assert space.find_path((0, 0), (4, 0)).cost == 4


def test_big_units_see_map_changes_too():
    grid = pathkit.GridMap(6, 6)
    space = pathkit.GridSpace(grid, "never", agent_size=2)
    assert space.find_path((0, 0), (4, 4)).cost == 8
    for y in range(6):
        grid.set_walkable((3, y), y == 0)  # a wall with a one-tile gap: too narrow
    assert space.find_path((0, 0), (4, 4)).status == "no_path"


def test_budgets_and_partial_paths():
    grid = pathkit.GridMap(50, 50)
    space = pathkit.GridSpace(grid)
    exhausted = space.find_path((0, 0), (49, 49), "dijkstra", max_expansions=10)
    assert exhausted.status == "budget_exhausted" and len(exhausted.path) == 0
    partial = space.find_path((0, 0), (49, 49), max_expansions=10, allow_partial=True)
    assert partial.status == "partial" and len(partial.path) > 1
    assert partial.path[0].tolist() == [0, 0]


def test_turns_keep_only_the_tiles_where_a_path_turns():
    grid = pathkit.GridMap(10, 10)
    result = pathkit.GridSpace(grid, "never").find_path((0, 0), (9, 9), shape="turns")
    assert len(result.path) <= 3 + 15 and result.cost == 18
    assert result.path[0].tolist() == [0, 0] and result.path[-1].tolist() == [9, 9]


def test_path_costs_answers_many_queries_as_find_path_does():
    rng = np.random.default_rng(5)
    walkable = random_walkable(rng, 30, 30, blocked=0.3)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable))
    free = np.argwhere(walkable)[:, ::-1]
    starts, goals = free[rng.integers(len(free), size=60)], free[rng.integers(len(free), size=60)]
    costs = space.path_costs(starts, goals)
    assert costs.shape == (60,)
    for start, goal, cost in zip(starts, goals, costs):
        single = space.find_path(tuple(start), tuple(goal))
        assert (math.isnan(cost) and not single) or cost == pytest.approx(single.cost)


def test_many_threads_search_while_another_changes_the_map():
    rng = np.random.default_rng(9)
    walkable = random_walkable(rng, 60, 60, blocked=0.2)
    walkable[0, :] = True
    grid = pathkit.GridMap.from_numpy(walkable)
    space = pathkit.GridSpace(grid)
    failures = []

    def search():
        for _ in range(200):
            result = space.find_path((0, 0), (59, 0))
            if not result or result.cost != pytest.approx(59):
                failures.append(result)

    def edit():
        for turn in range(400):
            grid.set_walkable((30, 30 + turn % 20), turn % 2 == 0)

    threads = [threading.Thread(target=search) for _ in range(3)] + [threading.Thread(target=edit)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_refusals_raise_pathkit_errors_with_the_library_message():
    grid = pathkit.GridMap.from_rows(["..", "@."])
    space = pathkit.GridSpace(grid)
    with pytest.raises(pathkit.Error, match="blocked"):
        space.find_path((0, 1), (1, 1))
    with pytest.raises(pathkit.Error, match="outside"):
        space.find_path((0, 0), (5, 5))
    with pytest.raises(ValueError, match="algo"):
        space.find_path((0, 0), (1, 1), "dfs")
    with pytest.raises(pathkit.Error, match="diagonal"):
        pathkit.GridSpace(grid, "sometimes")
    with pytest.raises(pathkit.Error, match="2-D"):
        pathkit.GridMap.from_numpy(np.ones(5, dtype=bool))
    with pytest.raises(pathkit.Error, match="shape"):
        pathkit.GridMap.from_numpy(np.ones((2, 2)), np.ones((3, 3)))
    with pytest.raises(pathkit.Error):
        pathkit.GridMap.from_numpy(np.ones((2, 2)), np.full((2, 2), -1.0))
    with pytest.raises(pathkit.Error):
        pathkit.GridMap.from_numpy(np.ones((2, 2)), np.full((2, 2), np.nan))
    with pytest.raises(pathkit.Error, match="1..16384"):
        pathkit.GridMap(0, 3)
    with pytest.raises(pathkit.Error):
        grid.set_terrain_cost((9, 9), 2.0)
    with pytest.raises(pathkit.Error, match="weight"):
        space.find_path((0, 0), (1, 1), weight=0.5)


def test_moving_ai_maps_and_scenarios_from_the_examples(repository):
    grid = pathkit.load_moving_ai_map(repository / "examples" / "maps" / "dungeon.map")
    scenario = pathkit.load_moving_ai_scenario(str(repository / "examples" / "maps" / "dungeon.map.scen"))
    assert len(scenario) > 0 and scenario.starts.shape == (len(scenario), 2)
    space = pathkit.GridSpace(grid)
    costs = space.path_costs(scenario.starts, scenario.goals, "jps")
    for query, cost in zip(scenario, costs):
        assert query.map_width == grid.width and query.matches(cost), (query.start, query.goal)
    assert scenario[-1].goal == tuple(scenario.goals[-1])


def test_moving_ai_benchmark_lengths_are_met(shared_benchmarks):
    maps = sorted((shared_benchmarks / "grid").rglob("*.map"))
    if not maps:
        pytest.skip("no grid maps in the benchmark folder")
    checked = 0
    for map_path in maps[:3]:
        scenario_path = map_path.with_name(map_path.name + ".scen")
        if not scenario_path.is_file():
            continue
        grid = pathkit.load_moving_ai_map(map_path)
        scenario = pathkit.load_moving_ai_scenario(scenario_path)
        costs = pathkit.GridSpace(grid).path_costs(scenario.starts, scenario.goals, "jps")
        lengths = scenario.optimal_lengths
        assert np.all(np.abs(costs - lengths) <= 0.006 + 1e-5 * lengths), map_path.name
        checked += len(costs)
    if checked == 0:
        pytest.skip("no scenario beside the grid maps")


def test_loader_errors_name_the_file_and_line(tmp_path):
    with pytest.raises(pathkit.Error, match="missing.map"):
        pathkit.load_moving_ai_map(tmp_path / "missing.map")
    bad = tmp_path / "bad.map"
    bad.write_bytes(b"type octile\nheight 2\nwidth 2\nmap\n..\n.\xff\n")
    with pytest.raises(pathkit.Error, match=r"bad.map:6"):
        pathkit.load_moving_ai_map(bad)
    scen = tmp_path / "bad.scen"
    scen.write_text("version 1\n0\tm.map\t2\t2\t0\t0\t1\n")
    with pytest.raises(pathkit.Error, match=r"bad.scen:2"):
        pathkit.load_moving_ai_scenario(scen)


def test_searches_let_other_python_threads_run():
    rng = np.random.default_rng(12)
    walkable = random_walkable(rng, 300, 300, blocked=0.2)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable))
    free = np.argwhere(walkable)[:, ::-1]
    starts, goals = free[rng.integers(len(free), size=400)], free[rng.integers(len(free), size=400)]
    done = threading.Event()
    took = []

    def search():
        begin = time.perf_counter()
        space.path_costs(starts, goals, "dijkstra")
        took.append(time.perf_counter() - begin)
        done.set()

    worker = threading.Thread(target=search)
    beats = [time.perf_counter()]
    worker.start()
    while not done.is_set():  # this thread keeps beating only if the search let go of the GIL
        beats.append(time.perf_counter())
    worker.join()
    longest_silence = max(later - earlier for earlier, later in zip(beats, beats[1:]))
    assert took[0] > 0.2, "the batch was too short to tell"
    assert longest_silence < took[0] / 2


def test_files_that_are_not_regular_files_or_not_utf8_are_refused_or_shown_escaped(tmp_path):
    with pytest.raises(pathkit.Error, match="device"):
        pathkit.load_moving_ai_map("/dev/zero")
    with pytest.raises(pathkit.Error, match="folder"):
        pathkit.load_moving_ai_map(tmp_path)
    fifo = tmp_path / "pipe.map"
    os.mkfifo(fifo)
    with pytest.raises(pathkit.Error, match="FIFO"):
        pathkit.load_moving_ai_map(fifo)
    latin = os.fsdecode(bytes(tmp_path) + b"/caf\xe9.map")
    with pytest.raises(pathkit.Error, match=r"caf\\xe9.map"):
        pathkit.load_moving_ai_map(latin)
    scenario_path = tmp_path / "latin.scen"
    scenario_path.write_bytes(b"version 1\n0\tm\xe9.map\t2\t2\t0\t0\t1\t1\t1.41421\n")
    assert pathkit.load_moving_ai_scenario(scenario_path)[0].map_name == "m\\xe9.map"
