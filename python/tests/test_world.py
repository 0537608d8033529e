"""Worlds of linked maps from Python: routes across an edge cost what a search on the two maps
glued into one costs; routes through doors; world files."""

import numpy as np
import pytest

import pathkit
from reference import random_walkable, reference_costs


def test_a_route_across_an_edge_costs_what_the_glued_map_costs():
    rng = np.random.default_rng(8)
    west = random_walkable(rng, 8, 6, blocked=0.25)
    east = random_walkable(rng, 8, 6, blocked=0.25)
    world = pathkit.World()
    world.add_map(0, pathkit.GridMap.from_numpy(west), name="west")
    world.add_map(1, pathkit.GridMap.from_numpy(east), name="east")
    world.link("west", "east", "east")
    glued = np.hstack([west, east])
    checked = 0
    for sy, sx in np.argwhere(west)[::3]:
        truth = reference_costs(glued, (sx, sy), "never")
        for gy, gx in np.argwhere(east)[::4]:
            route = world.find_route((0, int(sx), int(sy)), ("east", int(gx), int(gy)))
            expected = truth.get((gx + 8, gy))
            if expected is None:
                assert route.status == "no_path"
                continue
            assert route.found and route.cost == pytest.approx(expected)
            assert [leg.map for leg in route.legs][0] == 0 and route.legs[-1].map == 1
            assert route.legs[-1].cells[-1].tolist() == [gx, gy]
            checked += 1
    assert checked > 10


def test_a_route_into_a_house_goes_through_its_door():
    world = pathkit.World()
    world.add_map(0, pathkit.GridMap(10, 10), name="yard")
    world.add_map(1, pathkit.GridMap(4, 4), name="house", indoor=True)
    world.add_door("yard", (5, 5), "house", (1, 3))
    route = world.find_route(("yard", 0, 0), ("house", 2, 0))
    assert route.found
    assert [leg.map for leg in route.legs] == [0, 1]
    assert route.legs[0].cells[-1].tolist() == [5, 5]
    assert route.legs[1].cells[0].tolist() == [1, 3]
    assert world.maps == [(0, "yard", "outdoor", 10, 10), (1, "house", "indoor", 4, 4)]


def test_the_town_example_routes_zelda_through_two_outdoor_maps(repository):
    world = pathkit.load_world(repository / "examples" / "worlds" / "town.xml")
    names = {name: id for id, name, *_ in world.maps}
    assert {"grassland", "earthland"} <= names.keys()
    route = world.find_route((3, 2, 1), (5, 5, 1))  # her 06:30 appointment
    assert route.found
    assert [leg.map for leg in route.legs] == [3, 0, 1, 5]


def test_bad_positions_and_files_are_refused(tmp_path):
    world = pathkit.World()
    world.add_map(0, pathkit.GridMap(3, 3))
    with pytest.raises(pathkit.Error):
        world.find_route((0, 0, 0), (7, 1, 1))
    with pytest.raises(pathkit.Error, match="no map is named"):
        world.find_route(("nowhere", 0, 0), (0, 1, 1))
    with pytest.raises(pathkit.Error, match=r"\(map, x, y\)"):
        world.find_route((0, 0), (0, 1, 1))
    with pytest.raises(pathkit.Error):
        world.add_map(0, pathkit.GridMap(3, 3))
    broken = tmp_path / "broken.xml"
    broken.write_text("<world><map id='0'")
    with pytest.raises(pathkit.Error, match="broken.xml"):
        pathkit.load_world(broken)
