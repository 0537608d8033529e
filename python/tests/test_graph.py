"""Graphs from Python, with GameplayKit's semantics, against Floyd-Warshall written here."""

import math

import numpy as np
import pytest

import pathkit


def floyd_warshall(count, edges):
    """All-pairs cheapest costs of a directed graph given as {(from, to): cost}."""
    best = np.full((count, count), math.inf)
    np.fill_diagonal(best, 0)
    for (source, target), cost in edges.items():
        best[source, target] = min(best[source, target], cost)
    for middle in range(count):
        best = np.minimum(best, best[:, [middle]] + best[[middle], :])
    return best


def test_costs_equal_floyd_warshall_on_random_directed_graphs():
    rng = np.random.default_rng(2)
    for _ in range(5):
        graph = pathkit.Graph()
        nodes = [graph.add_node() for _ in range(25)]
        edges = {}
        for _ in range(70):
            source, target = rng.choice(nodes, size=2, replace=False)
            cost = float(rng.integers(1, 20))
            graph.connect(int(source), int(target), cost=cost)
            edges[(int(source), int(target))] = cost  # a given cost replaces the old one
        best = floyd_warshall(len(nodes), edges)
        for start in nodes:
            for goal in nodes:
                result = graph.find_path(start, goal)
                if math.isinf(best[start, goal]):
                    assert result.status == "no_path"
                    continue
                assert result.cost == pytest.approx(best[start, goal])
                path = result.path.tolist()
                assert path[0] == start and path[-1] == goal
                assert sum(edges[(a, b)] for a, b in zip(path, path[1:])) == pytest.approx(result.cost)


def test_connections_cost_one_without_positions_and_the_distance_with_them():
    graph = pathkit.Graph()
    a, b = graph.add_node(), graph.add_node()
    graph.connect(a, b)
    assert graph.cost(a, b) == 1 and math.isinf(graph.cost(b, a))
    c, d = graph.add_node((0, 0)), graph.add_node((3, 4))
    graph.connect(c, d, bidirectional=True)
    assert graph.cost(c, d) == graph.cost(d, c) == 5
    assert graph.connections(c) == [(d, 5.0)]
    assert len(graph) == 4 and graph.connection_count == 3


def test_disabled_and_removed_nodes_are_not_walked_through():
    graph = pathkit.Graph()
    a, b, c, d = (graph.add_node() for _ in range(4))
    graph.connect(a, [b, c], bidirectional=True)
    graph.connect(b, d, bidirectional=True)
    graph.connect(c, d, bidirectional=True, cost=5)
    assert graph.find_path(a, d).path.tolist() == [a, b, d]
    graph.set_enabled(b, False)
    assert not graph.is_enabled(b)
    assert graph.find_path(a, d).path.tolist() == [a, c, d]
    graph.remove_node(c)
    assert c not in graph
    assert graph.find_path(a, d).status == "no_path"
    with pytest.raises(pathkit.Error, match="not in the graph"):
        graph.find_path(c, d)


def test_the_cheapest_of_several_goals_is_found():
    graph = pathkit.Graph()
    hub, near, far = graph.add_node(), graph.add_node(), graph.add_node()
    graph.connect(hub, near, cost=2)
    graph.connect(hub, far, cost=9)
    assert graph.find_path_to_any(hub, [far, near]).path.tolist() == [hub, near]


def test_bad_connections_are_refused_and_change_nothing():
    graph = pathkit.Graph()
    a, b = graph.add_node(), graph.add_node()
    with pytest.raises(pathkit.Error):
        graph.connect(a, [b, 99])
    with pytest.raises(pathkit.Error):
        graph.connect(a, b, cost=-1)
    with pytest.raises(pathkit.Error):
        graph.connect(a, b, cost=math.nan)
    assert graph.connection_count == 0
    with pytest.raises(pathkit.Error, match="grids"):
        graph.find_path(a, b, "jps")
