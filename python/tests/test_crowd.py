"""Crowds from Python: units that swap places in a corridor all arrive, never share a tile, and
move one tile a tick; when the map changes, units it touched plan again or move off blocked
tiles."""

import numpy as np
import pytest

import pathkit


def test_units_swapping_ends_of_a_room_all_arrive_without_sharing_tiles():
    # fmt: off
    grid = pathkit.GridMap.from_rows([
        "..........",
        "..........",
        "....@@....",
        "..........",
        "..........",
    ])
    # fmt: on
    crowd = pathkit.Crowd(grid)
    left = [crowd.add_unit((0, y)) for y in range(5)]
    right = [crowd.add_unit((9, y)) for y in range(5)]
    for unit in left:
        crowd.move_to(unit, (9, crowd.position(unit)[1]))
    for unit in right:
        crowd.move_to(unit, (0, crowd.position(unit)[1]))
    arrived = set()
    before = crowd.positions
    while not crowd.settled and crowd.tick < 300:
        arrived |= {unit for unit, kind in crowd.step() if kind == "arrived"}
        now = crowd.positions
        assert len({tuple(tile) for tile in now}) == len(now), "two units on one tile"
        assert np.abs(now - before).max() <= 1, "a unit moved more than one tile"
        before = now
    assert crowd.settled and arrived == set(left + right)
    assert all(crowd.position(unit)[0] == 9 for unit in left)
    assert crowd.state(left[0]) == "idle"


def test_a_coordinated_group_move_reaches_its_formation():
    grid = pathkit.GridMap(12, 8)
    crowd = pathkit.Crowd(grid)
    units = [crowd.add_unit((x, 0)) for x in range(4)]
    crowd.move_group(units, (8, 6), coordinated=True)
    while not crowd.settled and crowd.tick < 200:
        crowd.step()
    assert crowd.settled
    assert (8, 6) in [crowd.position(unit) for unit in units]


def test_a_gate_closing_in_front_of_a_unit_makes_only_that_unit_plan_again():
    # fmt: off
    grid = pathkit.GridMap.from_rows([
        "..........",
        "..........",
        "@@@@@@@@@.",
        "..........",
    ])
    # fmt: on
    crowd = pathkit.Crowd(grid)
    walker = crowd.add_unit((0, 0))
    far = crowd.add_unit((0, 3))
    crowd.move_to(walker, (9, 0))
    crowd.move_to(far, (9, 3))
    crowd.step()
    for y in range(2):
        grid.set_walkable((5, y), False)  # a gate closes across the top corridor
    repair = crowd.refresh()
    assert repair["tiles_changed"] == 2
    assert repair["replanned"] == [walker] and repair["kept"] == 1
    assert repair["displaced"] == [] and repair["stuck"] == []
    events = crowd.step()
    assert (walker, "unreachable") in events, "the gate walls the top corridor's end off"
    while not crowd.settled and crowd.tick < 100:
        crowd.step()
    assert crowd.position(far) == (9, 3)


def test_a_unit_under_a_new_wall_is_displaced():
    grid = pathkit.GridMap(5, 3)
    crowd = pathkit.Crowd(grid)
    unit = crowd.add_unit((2, 1))
    grid.set_walkable((2, 1), False)
    assert crowd.refresh()["displaced"] == [unit]
    assert crowd.position(unit) == (3, 1)
    assert (unit, "displaced") in crowd.step()


def test_refusals():
    crowd = pathkit.Crowd(pathkit.GridMap.from_rows([".@", ".."]))
    with pytest.raises(pathkit.Error):
        crowd.add_unit((1, 0))
    unit = crowd.add_unit((0, 0))
    with pytest.raises(pathkit.Error):
        crowd.add_unit((0, 0))
    with pytest.raises(pathkit.Error):
        crowd.move_to(unit, (5, 5))
    with pytest.raises(pathkit.Error, match="does not exist"):
        crowd.position(42)


def test_units_of_two_by_two_tiles_walk_beside_one_tile_units():
    grid = pathkit.GridMap(4, 4)
    crowd = pathkit.Crowd(grid)
    big = crowd.add_unit((0, 0), size=2)
    with pytest.raises(pathkit.Error):
        crowd.add_unit((1, 1))  # inside the big unit's footprint
    with pytest.raises(pathkit.Error):
        crowd.add_unit((2, 2), size=4)
    small = crowd.add_unit((3, 3))
    crowd.move_to(big, (2, 1))
    while not crowd.settled:
        crowd.step()
    assert crowd.position(big) == (2, 1)
    assert crowd.position(small) == (3, 3)


def test_queued_orders_under_the_lifelong_planner_are_visited_in_the_order_queued():
    # fmt: off
    grid = pathkit.GridMap.from_rows([
        "........",
        "..@@@@..",
        "........",
    ])
    # fmt: on
    crowd = pathkit.Crowd(grid, lifelong_orders=True)
    units = [crowd.add_unit((0, 0)), crowd.add_unit((7, 2))]
    errands = {units[0]: [(7, 0), (0, 2), (7, 2)], units[1]: [(0, 2), (7, 0), (0, 0)]}
    for unit, targets in errands.items():
        for target in targets:
            crowd.queue_order(unit, target)
    assert crowd.queued_orders(units[0]) == 3
    visited = {unit: [] for unit in units}
    before = crowd.positions
    while not crowd.settled and crowd.tick < 300:
        events = crowd.step()
        now = crowd.positions
        assert len({tuple(tile) for tile in now}) == len(now), "two units on one tile"
        assert np.abs(now - before).sum(axis=1).max() <= 1, "a move of more than one straight step"
        before = now
        for unit, kind in events:
            if kind == "arrived":
                visited[unit].append(crowd.position(unit))
    assert crowd.settled
    assert visited == errands
