"""Many-agent planning from Python: plans checked step by step by a validator written here, sums
of costs never below the sum of each agent's own shortest distance, and proofs of no plan."""

import time

import numpy as np
import pytest

import pathkit
from reference import reference_steps


def check_plan(walkable, starts, goals, steps):
    """Fails unless `steps` is a valid plan: starts, goals, straight moves or waits on walkable
    tiles, no two agents on one tile, no two agents trading tiles."""
    assert steps.ndim == 3 and steps.shape[1:] == (len(starts), 2)
    np.testing.assert_array_equal(steps[0], starts)
    np.testing.assert_array_equal(steps[-1], goals)
    for before, after in zip(steps[:-1], steps[1:]):
        assert np.all(np.abs(after - before).sum(axis=1) <= 1), "a move that is not one step"
        assert all(walkable[y, x] for x, y in after), "an agent on a blocked tile"
        tiles = {tuple(tile) for tile in after}
        assert len(tiles) == len(after), "two agents on one tile"
        moves = {(tuple(a), tuple(b)) for a, b in zip(before, after) if tuple(a) != tuple(b)}
        assert not any((b, a) in moves for a, b in moves), "two agents trading tiles"


def test_plans_on_the_depot_example_are_valid(repository):
    grid, starts, goals = pathkit.load_mapf_instance(
        repository / "examples" / "mapf" / "depot.map",
        repository / "examples" / "mapf" / "depot-40.scen", 30)
    assert starts.shape == goals.shape == (30, 2)
    plan = pathkit.plan_mapf(grid, starts, goals, time_limit=20)
    assert plan.status == "solved" and plan
    walkable = grid.walkable
    check_plan(walkable, starts, goals, plan.steps)
    own = sum(reference_steps(walkable, tuple(s), "never")[tuple(g)] for s, g in zip(starts, goals))
    assert plan.sum_of_costs >= own
    assert plan.makespan == len(plan.steps) - 1


def test_every_quality_gives_a_valid_plan_and_a_bad_name_is_refused(repository):
    grid, starts, goals = pathkit.load_mapf_instance(
        repository / "examples" / "mapf" / "depot.map",
        repository / "examples" / "mapf" / "depot-40.scen", 30)
    for quality in ("fast", "balanced", "best"):
        plan = pathkit.plan_mapf(grid, starts, goals, time_limit=20, quality=quality)
        assert plan.solved, quality
        check_plan(grid.walkable, starts, goals, plan.steps)
    with pytest.raises(pathkit.Error, match="quality"):
        pathkit.plan_mapf(grid, starts, goals, quality="perfect")


def test_a_small_room_for_distance_tables_gives_the_same_plan(repository):
    grid, starts, goals = pathkit.load_mapf_instance(
        repository / "examples" / "mapf" / "depot.map",
        repository / "examples" / "mapf" / "depot-40.scen", 20)
    roomy = pathkit.plan_mapf(grid, starts, goals, time_limit=20, quality="fast")
    # Room for one table at a time: the tables are searched again and again, same answers.
    tight = pathkit.plan_mapf(grid, starts, goals, time_limit=20, quality="fast",
                              distance_memory=0)
    assert roomy.solved and tight.solved
    check_plan(grid.walkable, starts, goals, tight.steps)
    assert tight.sum_of_costs == roomy.sum_of_costs
    with pytest.raises(TypeError):
        pathkit.plan_mapf(grid, starts, goals, distance_memory=-1)


def test_agents_in_a_narrow_room_swap_through_a_side_pocket():
    # fmt: off
    grid = pathkit.GridMap.from_rows([
        "@@.@@",
        ".....",
    ])
    # fmt: on
    starts, goals = [(0, 1), (4, 1)], [(4, 1), (0, 1)]
    plan = pathkit.plan_mapf(grid, starts, goals, anytime=True, time_limit=2)
    assert plan.solved
    check_plan(grid.walkable, np.array(starts), np.array(goals), plan.steps)


def test_a_swap_in_a_dead_end_corridor_is_proved_impossible():
    grid = pathkit.GridMap.from_rows(["...."])
    plan = pathkit.plan_mapf(grid, [(0, 0), (3, 0)], [(3, 0), (0, 0)], time_limit=5)
    assert plan.status == "no_solution" and not plan
    assert plan.steps.shape[0] == 0


def test_refusals():
    grid = pathkit.GridMap.from_rows(["..@."])
    with pytest.raises(pathkit.Error):
        pathkit.plan_mapf(grid, [(2, 0)], [(0, 0)])
    with pytest.raises(pathkit.Error):
        pathkit.plan_mapf(grid, [(0, 0), (0, 0)], [(1, 0), (3, 0)])
    with pytest.raises(pathkit.Error, match="shape"):
        pathkit.plan_mapf(grid, [0, 1], [1, 0])
    with pytest.raises(pathkit.Error, match="whole numbers"):
        pathkit.plan_mapf(grid, [(0.5, 0)], [(1, 0)])


def test_the_time_limit_holds_when_setting_up_is_most_of_the_work():
    # 4 million tiles and 300 agents whose distance tables do not all fit in memory at once:
    # the searches for them would take many seconds; the answer comes with the time limit.
    grid = pathkit.GridMap(2048, 2048)
    rng = np.random.default_rng(3)
    tiles = rng.choice(2048 * 2048, size=600, replace=False)
    cells = np.stack([tiles % 2048, tiles // 2048], axis=1)
    began = time.monotonic()
    plan = pathkit.plan_mapf(grid, cells[:300], cells[300:], time_limit=0.5)
    assert plan.status == "not_solved" and not plan
    assert time.monotonic() - began < 1.5
