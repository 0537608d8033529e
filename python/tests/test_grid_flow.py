"""Flow fields and hierarchical search from Python: field costs against a reference Dijkstra
written here, directions followed to the goal, and hpa paths against A*."""

import math

import numpy as np
import pytest

import pathkit
from reference import neighbours, random_walkable, reference_costs

# Flow-field costs are fixed point (1/1024 of a step): a diagonal is 1448/1024, not sqrt(2).
FIXED_POINT = 2e-4


@pytest.mark.parametrize("diagonal", ["never", "no-corner-cutting"])
def test_flow_field_costs_equal_a_reference_dijkstra_from_the_goal(diagonal):
    rng = np.random.default_rng(5)
    walkable = random_walkable(rng, 30, 20, blocked=0.3)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable), diagonal)
    goal = tuple(np.argwhere(walkable)[7][::-1])
    field = space.flow_field(goal)
    assert field.costs.shape == (20, 30) and field.directions.shape == (20, 30, 2)
    truth = reference_costs(walkable, goal, diagonal)  # moves are symmetric without terrain
    for y in range(20):
        for x in range(30):
            if (x, y) in truth:
                assert field.costs[y, x] == pytest.approx(truth[(x, y)], rel=FIXED_POINT)
            else:
                assert math.isinf(field.costs[y, x])
                assert tuple(field.directions[y, x]) == (-1, -1)
    assert tuple(field.directions[goal[1], goal[0]]) == goal
    assert [tuple(tile) for tile in field.goals] == [goal]


def test_following_the_directions_from_any_tile_reaches_the_goal_at_its_cost():
    rng = np.random.default_rng(9)
    walkable = random_walkable(rng, 25, 25, blocked=0.25)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable), "no-corner-cutting")
    goal = tuple(np.argwhere(walkable)[-3][::-1])
    field = space.flow_field(goal)
    for y, x in np.argwhere(np.isfinite(field.costs)):
        at, walked = (int(x), int(y)), 0.0
        for _ in range(25 * 25):
            if at == goal:
                break
            step = tuple(int(v) for v in field.directions[at[1], at[0]])
            allowed = {(a, b): cost for a, b, cost in neighbours(walkable, *at, "no-corner-cutting")}
            assert step in allowed, f"{at} -> {step} is not a move"
            walked += allowed[step]
            at = step
        assert at == goal
        assert walked == pytest.approx(field.costs[y, x], rel=FIXED_POINT)


def test_a_flow_field_to_a_region_leads_to_its_nearest_tile_and_refusals_raise():
    walkable = np.ones((5, 10), dtype=bool)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable), "never")
    field = space.flow_field([(0, 2), (9, 2)])
    assert field.costs[2, 3] == pytest.approx(3) and field.costs[2, 7] == pytest.approx(2)
    with pytest.raises(pathkit.Error):
        space.flow_field((10, 2))
    with pytest.raises(pathkit.Error):
        space.flow_field([])


def test_hpa_optimal_costs_equal_astar_and_hpa_paths_are_valid_and_never_cheaper():
    rng = np.random.default_rng(3)
    walkable = random_walkable(rng, 90, 70, blocked=0.3)
    space = pathkit.GridSpace(pathkit.GridMap.from_numpy(walkable), "no-corner-cutting")
    free = np.argwhere(walkable)[:, ::-1]
    for start, goal in zip(free[::211], free[::-173]):
        start, goal = tuple(start), tuple(goal)
        best = space.find_path(start, goal)
        optimal = space.find_path(start, goal, "hpa-optimal")
        fast = space.find_path(start, goal, "hpa")
        assert optimal.status == fast.status == best.status
        if not best:
            continue
        assert optimal.cost == pytest.approx(best.cost, rel=1e-5)
        assert fast.cost >= best.cost - 1e-4
        path = [tuple(tile) for tile in fast.path]
        assert path[0] == start and path[-1] == goal
        for a, b in zip(path[:-1], path[1:]):
            assert b in {(x, y) for x, y, _ in neighbours(walkable, *a, "no-corner-cutting")}


def test_hpa_answers_for_the_map_as_it_is_after_a_change():
    walkable = np.ones((40, 40), dtype=bool)
    grid = pathkit.GridMap.from_numpy(walkable)
    space = pathkit.GridSpace(grid, "never")
    assert space.find_path((0, 20), (39, 20), "hpa").cost == pytest.approx(39)
    for y in range(39):
        grid.set_walkable((20, y), False)  # a wall with a gap in the bottom row
    for algo in ("hpa", "hpa-optimal"):
        result = space.find_path((0, 20), (39, 20), algo)
        assert (20, 39) in [tuple(tile) for tile in result.path]
    assert space.find_path((0, 20), (39, 20), "hpa-optimal").cost == pytest.approx(39 + 2 * 19)
    with pytest.raises(pathkit.Error, match="takes no"):
        space.find_path((0, 20), (39, 20), "hpa", weight=2)


def test_goal_bounds_built_saved_and_loaded_keep_jps_plus_costs_until_the_map_changes(tmp_path):
    rng = np.random.default_rng(11)
    walkable = random_walkable(rng, 24, 18, blocked=0.25)
    grid = pathkit.GridMap.from_numpy(walkable)
    space = pathkit.GridSpace(grid, "no-corner-cutting")
    saved = tmp_path / "room.pkx"
    space.build_goal_bounds(str(saved), threads=2)
    fresh = pathkit.GridSpace(grid, "no-corner-cutting")
    fresh.use_goal_bounds(str(saved))
    tiles = [tuple(tile[::-1]) for tile in np.argwhere(walkable)]
    for start, goal in zip(tiles[::7], tiles[3::11]):
        bounded = fresh.find_path(start, goal, "jps+")
        plain = space.find_path(start, goal, "astar")
        assert bounded.found == plain.found
        if plain.found:
            assert bounded.method == "jps+ with goal bounds"
            assert bounded.cost == pytest.approx(plain.cost, rel=1e-5)
    with pytest.raises(pathkit.Error, match="other movement rules"):
        pathkit.GridSpace(grid, "always").use_goal_bounds(str(saved))
    open_tile = tiles[0]
    grid.set_walkable(open_tile, False)
    grid.set_walkable(open_tile, True)  # a change, even one undone, retires the bounds
    after = fresh.find_path(tiles[1], tiles[-1], "jps+")
    assert not after.found or after.method == "jps+"
    fresh.use_goal_bounds(None)
