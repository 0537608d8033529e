"""Open worlds from Python: visibility graphs and navigation meshes agree on exact shortest
lengths, paths keep out of obstacles, and a lone square gives the length worked out by hand."""

import math

import numpy as np
import pytest

import pathkit


def length(points):
    return float(np.sum(np.linalg.norm(np.diff(points, axis=0), axis=1)))


def test_round_a_square_the_path_is_the_length_worked_out_by_hand():
    square = [(4, 4), (6, 4), (6, 6), (4, 6)]
    graph = pathkit.ObstacleGraph()
    graph.add_polygon(square)
    result = graph.find_path((2, 5), (8, 5))
    # Two segments to a corner and away from the other, plus the side between them.
    expected = 2 * math.hypot(2, 1) + 2
    assert result.found and result.cost == pytest.approx(expected, rel=1e-4)
    assert result.path.dtype == np.float64 and result.path.shape[1] == 2
    assert length(result.path) == pytest.approx(result.cost, rel=1e-4)


def test_visibility_graph_and_navmesh_agree_and_paths_stay_in_free_space():
    rng = np.random.default_rng(4)
    graph = pathkit.ObstacleGraph(buffer_radius=0.2)
    mesh = pathkit.NavMesh((0, 0), (40, 40), buffer_radius=0.2)
    for _ in range(12):
        x, y = rng.uniform(4, 34, size=2)
        w, h = rng.uniform(1, 4, size=2)
        box = np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        graph.add_polygon(box)
        mesh.add_polygon(box)
    graph.add_circle((20, 20), 2)
    mesh.add_circle((20, 20), 2)
    checked = 0
    while checked < 25:
        start, goal = tuple(rng.uniform(0.5, 39.5, size=2)), tuple(rng.uniform(0.5, 39.5, size=2))
        if graph.is_inside_obstacle(start) or graph.is_inside_obstacle(goal):
            continue
        by_graph = graph.find_path(start, goal)
        by_mesh = mesh.find_path(start, goal)
        funnel = mesh.find_path(start, goal, "funnel")
        assert by_graph.status == by_mesh.status
        if by_graph:
            assert by_mesh.cost == pytest.approx(by_graph.cost, rel=1e-3)
            assert funnel.cost >= by_mesh.cost * (1 - 1e-4)
            for a, b in zip(by_graph.path[:-1], by_graph.path[1:]):
                assert graph.can_see(tuple(a), tuple(b))
            for a, b in zip(by_mesh.path[:-1], by_mesh.path[1:]):
                assert mesh.is_segment_free(tuple(a), tuple(b))
        checked += 1


def test_navmesh_obstacle_changes_take_effect_at_the_next_query():
    mesh = pathkit.NavMesh((0, 0), (10, 10))
    assert mesh.find_path((1, 5), (9, 5)).cost == pytest.approx(8)
    assert mesh.are_connected((1, 5), (9, 5))
    wall = mesh.add_polygon([(5, -1), (6, -1), (6, 11), (5, 11)])
    assert mesh.find_path((1, 5), (9, 5)).status == "no_path"
    assert not mesh.are_connected((1, 5), (9, 5))
    assert mesh.are_connected((1, 5), (2, 9))
    assert not mesh.are_connected((5.5, 5), (2, 9))  # inside the wall
    assert mesh.triangles.shape[1:] == (3, 2)
    mesh.remove(wall)
    assert mesh.find_path((1, 5), (9, 5)).cost == pytest.approx(8)


def test_refusals_name_what_is_wrong():
    graph = pathkit.ObstacleGraph()
    graph.add_circle((5, 5), 2)
    with pytest.raises(pathkit.Error, match="inside"):
        graph.find_path((5, 5), (9, 9))
    with pytest.raises(pathkit.Error):
        graph.add_polygon([(0, 0), (1, 1)])
    with pytest.raises(pathkit.Error, match="shape"):
        graph.add_polygon(np.zeros((3, 3)))
    with pytest.raises(pathkit.Error):
        graph.add_circle((0, 0), -1)
    with pytest.raises(pathkit.Error):
        pathkit.ObstacleGraph(buffer_radius=math.nan)
    with pytest.raises(pathkit.Error):
        pathkit.NavMesh((0, 0), (0, 0))
    with pytest.raises(pathkit.Error):
        graph.find_path((math.nan, 1), (9, 9))
    with pytest.raises(pathkit.Error):
        graph.find_path((1e30, 1), (9, 9))
    with pytest.raises(pathkit.Error):
        graph.add_polygon([(0, 0), (1e30, 0), (0, 1)])
    with pytest.raises(pathkit.Error):
        pathkit.NavMesh((0, 0), (10, 10)).find_path((math.inf, 1), (2, 2))
    with pytest.raises(pathkit.Error, match="optimal"):
        pathkit.NavMesh((0, 0), (1, 1)).find_path((0.5, 0.5), (0.6, 0.6), "best")


def test_a_repaired_mesh_answers_as_a_rebuilt_one():
    rocks = [
        [(x, y), (x + 2, y), (x + 2, y + 2), (x, y + 2)]
        for x in range(5, 95, 9)
        for y in range(5, 95, 11)
    ]
    repaired = pathkit.NavMesh((0, 0), (100, 100), buffer_radius=0.5)
    rebuilt = pathkit.NavMesh((0, 0), (100, 100), buffer_radius=0.5)
    for mesh in (repaired, rebuilt):
        for rock in rocks:
            mesh.add_polygon(rock)
        mesh.triangulate()
    for mesh in (repaired, rebuilt):
        cart = mesh.add_polygon([(45, 0), (55, 0), (55, 60), (45, 60)])
        mesh.move_obstacle(cart, (3, 10))
    repaired.update()
    rebuilt.triangulate()
    for start, goal in [((1, 1), (99, 99)), ((1, 50), (99, 50)), ((30, 2), (70, 3))]:
        assert repaired.find_path(start, goal).cost == pytest.approx(
            rebuilt.find_path(start, goal).cost, abs=1e-3
        )


def test_a_moved_obstacle_keeps_its_id_and_the_mesh_says_where_it_changed():
    mesh = pathkit.NavMesh((0, 0), (100, 100), buffer_radius=1)
    mesh.add_polygon([(40, 0), (42, 0), (42, 45), (40, 45)])
    mesh.add_polygon([(40, 55), (42, 55), (42, 100), (40, 100)])
    cart = mesh.add_polygon([(30, 46), (32, 46), (32, 54), (30, 54)])
    assert mesh.find_path((5, 50), (95, 50)).found
    mesh.move_obstacle(cart, (6, 0))
    mesh.move_obstacle(cart, (4, 0))  # into the doorway, which it now fills
    assert mesh.find_path((5, 50), (95, 50)).status == "no_path"
    low, high, everywhere = mesh.last_change
    assert not everywhere  # from where it stood (29..33 grown) to where it is (39..43)
    assert low[0] == pytest.approx(29, abs=0.05) and high[0] == pytest.approx(43, abs=0.05)
    with pytest.raises(pathkit.Error, match="not in the mesh"):
        mesh.move_obstacle(99, (1, 0))


def test_a_ladder_over_a_wall_is_crossed_and_the_path_says_where():
    mesh = pathkit.NavMesh((0, 0), (20, 20))
    mesh.add_polygon([(0, 9), (20, 9), (20, 11), (0, 11)])
    assert mesh.find_path((3, 15), (3, 5)).status == "no_path"
    ladder = mesh.add_link((15, 12), (15, 8), cost=10)
    path = mesh.find_path((3, 15), (3, 5))
    walk = (12**2 + 3**2) ** 0.5
    assert path.cost == pytest.approx(2 * walk + 10, rel=1e-5)
    assert path.links == [-1, ladder, -1]
    ledge = mesh.add_link((5, 12), (5, 8), bidirectional=False)
    mesh.remove_link(ladder)
    assert mesh.find_path((3, 15), (3, 5)).links == [-1, ledge, -1]
    assert mesh.find_path((3, 5), (3, 15)).status == "no_path"
    with pytest.raises(pathkit.Error, match="inside an obstacle"):
        mesh.add_link((5, 10), (5, 5))  # inside the wall
    with pytest.raises(TypeError):
        mesh.add_link((5, 12), (5, 8), 4)  # the cost is a keyword, as on ObstacleGraph


def test_each_radius_class_answers_as_a_visibility_graph_of_its_radius():
    # Two walls leave a gap 2.6 wide: agents of radius up to 1 take it, one of radius 1.5 goes
    # round the right wall's far end; each length is an ObstacleGraph's grown by the radius of
    # the class that answers (the smallest at least the agent's).
    walls = [[(0, 9), (9, 9), (9, 11), (0, 11)], [(11.6, 9), (16, 9), (16, 11), (11.6, 11)]]
    mesh = pathkit.NavMesh((0, 0), (20, 20), 0.5, radius_classes=[1.5, 1.0])
    for wall in walls:
        mesh.add_polygon(wall)
    stats = mesh.radius_class_stats()
    assert [entry["radius"] for entry in stats] == [0.5, 1.0, 1.5]
    assert [entry["built"] for entry in stats] == [True, False, False]
    start, goal = (10.3, 3), (10.3, 17)
    answering_class = {None: 0.5, 0.2: 0.5, 0.5: 0.5, 0.9: 1.0, 1.0: 1.0, 1.2: 1.5, 1.5: 1.5}
    for radius, class_radius in answering_class.items():
        graph = pathkit.ObstacleGraph(buffer_radius=class_radius)
        for wall in walls:
            graph.add_polygon(wall)
        by_mesh = mesh.find_path(start, goal, radius=radius)
        by_graph = graph.find_path(start, goal)
        assert by_mesh.found and by_mesh.cost == pytest.approx(by_graph.cost, rel=1e-4), radius
    assert mesh.find_path(start, goal, radius=1.0).cost == pytest.approx(14, rel=1e-4)
    assert mesh.find_path(start, goal, radius=1.5).cost > 14 + 2  # round the far end
    stats = mesh.radius_class_stats()
    assert all(entry["built"] for entry in stats)
    assert all(entry["triangles"] > 0 and entry["memory_bytes"] > 0 for entry in stats)
    with pytest.raises(pathkit.Error, match="no radius class holds agents of radius 2"):
        mesh.find_path(start, goal, radius=2)
    with pytest.raises(pathkit.Error, match="radius"):
        mesh.find_path(start, goal, radius=float("nan"))
    with pytest.raises(pathkit.Error, match="radius class 0"):
        pathkit.NavMesh((0, 0), (20, 20), radius_classes=[-1])


def test_the_obstacle_graph_climbs_a_ladder_rather_than_walk_round_and_never_climbs_a_ledge():
    graph = pathkit.ObstacleGraph()
    graph.add_polygon([(-1000, 9), (1020, 9), (1020, 11), (-1000, 11)])  # a long wall
    ladder = graph.add_link((15, 12), (15, 8), cost=10)
    path = graph.find_path((3, 15), (3, 5))
    walk = (12**2 + 3**2) ** 0.5
    assert path.cost == pytest.approx(2 * walk + 10, rel=1e-5)
    assert path.links == [-1, ladder, -1]
    ledge = graph.add_link((5, 12), (5, 8), bidirectional=False)
    graph.remove_link(ladder)
    assert graph.find_path((3, 15), (3, 5)).links == [-1, ledge, -1]
    assert all(link == -1 for link in graph.find_path((3, 5), (3, 15)).links)  # walks round
    with pytest.raises(TypeError):
        graph.add_link((1, 1), (2, 2), 5)  # the cost is a keyword
    with pytest.raises(pathkit.Error, match="inside obstacle"):
        graph.add_link((5, 10), (5, 5))  # inside the wall
    with pytest.raises(pathkit.Error, match="not in the graph"):
        graph.remove_link(ladder)


def test_a_river_is_swum_at_its_cost_or_is_a_wall_for_units_that_cannot_swim():
    mesh = pathkit.NavMesh((0, 0), (20, 10))
    river = mesh.add_area([(8, 0), (12, 0), (12, 10), (8, 10)], 2)
    assert river == 0
    assert mesh.area_type_at((10, 5)) == 2
    assert mesh.area_type_at((3, 5)) == 0
    assert mesh.find_path((2, 5), (18, 5)).cost == pytest.approx(16)
    # Straight across is cheapest: 12 units walked and 4 swum at 3 each.
    assert mesh.find_path((2, 5), (18, 5), costs={2: 3}).cost == pytest.approx(24, rel=1e-4)
    assert mesh.find_path((2, 5), (18, 5), exclude=[2]).status == "no_path"
    with pytest.raises(pathkit.Error, match="excludes"):
        mesh.find_path((10, 5), (18, 5), exclude=[2])
    with pytest.raises(pathkit.Error, match="at least 1"):
        mesh.find_path((2, 5), (18, 5), costs={2: 0.5})
    with pytest.raises(pathkit.Error, match="funnel"):
        mesh.find_path((2, 5), (18, 5), "funnel", exclude=[2])
    with pytest.raises(pathkit.Error, match="self-intersecting"):
        mesh.add_area([(1, 1), (5, 5), (5, 1), (1, 5)], 3)
    mesh.remove_area(river)
    assert mesh.find_path((2, 5), (18, 5), exclude=[2]).cost == pytest.approx(16)
