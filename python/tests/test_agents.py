"""Round agents on a navigation mesh from Python: a circle of agents swapping sides all arrive,
never overlap by more than the separation allows, and never stand in an obstacle."""

import json
import math

import numpy as np
import pytest

import pathkit


def test_a_circle_of_agents_swapping_sides_all_arrive_without_crowding():
    mesh = pathkit.NavMesh((-20, -20), (20, 20), buffer_radius=0.5)
    mesh.add_circle((0, 0), 2)
    world = pathkit.AgentWorld(mesh)
    count, radius = 12, 0.5
    for index in range(count):
        angle = 2 * math.pi * index / count
        start = (15 * math.cos(angle), 15 * math.sin(angle))
        agent = world.add_agent(start, radius=radius, max_speed=3)
        world.set_target(agent, (-start[0], -start[1]))
    arrived = set()
    deepest = 0.0
    for _ in range(1500):
        arrived |= {agent for agent, kind in world.step(0.05) if kind == "arrived"}
        positions = world.positions
        assert np.all(np.isfinite(positions))
        gaps = np.linalg.norm(positions[:, None] - positions[None, :], axis=2)
        np.fill_diagonal(gaps, math.inf)
        deepest = max(deepest, (2 * radius - gaps.min()) / (2 * radius))
        assert not any(mesh.is_inside_obstacle(tuple(p)) for p in positions)
        if len(arrived) == count:
            break
    assert arrived == set(range(count)) and world.state(0) == "arrived"
    assert deepest <= 0.05
    assert world.step_count < 1500 and world.velocities.shape == (count, 2)


def test_removed_agents_leave_nan_rows_and_refusals_raise():
    mesh = pathkit.NavMesh((0, 0), (10, 10))
    world = pathkit.AgentWorld(mesh)
    first = world.add_agent((1, 1))
    world.add_agent((5, 5))
    world.remove_agent(first)
    assert np.isnan(world.positions[first]).all() and len(world) == 2
    with pytest.raises(pathkit.Error):
        world.add_agent((50, 50))
    with pytest.raises(pathkit.Error):
        world.step(-1)
    with pytest.raises(pathkit.Error, match="does not exist"):
        world.state(first)


def test_an_agent_that_may_not_swim_walks_round_the_pond_a_swimmer_crosses():
    # A pond (area type 1) from x 13 to 17 across most of a 30 x 20 world.
    mesh = pathkit.NavMesh((0, 0), (30, 20), buffer_radius=0.5)
    mesh.add_area([(13, 2), (17, 2), (17, 18), (13, 18)], 1)
    world = pathkit.AgentWorld(mesh)
    swimmer = world.add_agent((5, 10))
    walker = world.add_agent((5, 6))
    world.set_filter(swimmer, costs={1: 1.5})
    world.set_filter(walker, exclude=[1])
    world.set_target(swimmer, (25, 10))
    world.set_target(walker, (25, 6))
    deepest = {swimmer: 0.0, walker: 0.0}
    for _ in range(1000):
        world.step(0.05)
        for agent in (swimmer, walker):
            x, y = world.positions[agent]
            depth = min(x - 13, 17 - x, y - 2, 18 - y)
            deepest[agent] = max(deepest[agent], depth)
        if world.state(swimmer) == "arrived" and world.state(walker) == "arrived":
            break
    assert world.state(swimmer) == "arrived" and world.state(walker) == "arrived"
    assert deepest[swimmer] > 1.5  # through the middle
    assert deepest[walker] < 0.05  # round the end, never in
    with pytest.raises(pathkit.Error, match="outside 0..63"):
        world.set_filter(walker, exclude=[64])
    with pytest.raises(pathkit.Error, match="at least 1"):
        world.set_filter(walker, costs={1: 0.5})


def test_an_agents_file_runs_as_the_cli_runs_it_and_every_agent_ends_at_its_target(repository):
    path = repository / "examples" / "agents" / "doorway.json"
    written = json.loads(path.read_text())
    run = pathkit.run_agent_scenario(path)
    assert run.ids == [agent["id"] for agent in written["agents"]]
    assert run.arrived == len(written["agents"]) and run.states == ["arrived"] * run.arrived
    targets = np.array([agent["to"] for agent in written["agents"]], dtype=float)
    assert np.all(np.linalg.norm(run.positions - targets, axis=1) <= 0.1 + 0.02)
    assert all(0 < step <= run.steps for step in run.arrived_steps)
    assert run.centres_in_obstacles == 0 and run.deepest_overlap < 0.1
    assert set(run.stuck_reasons) <= {"none", "no_path", "no_progress"}


def test_a_gate_that_closes_and_opens_is_reported_step_by_step(repository):
    path = repository / "examples" / "agents" / "gate.json"
    written = json.loads(path.read_text())
    run = pathkit.run_agent_scenario(path)
    assert [change.step for change in run.changes] == [entry["step"] for entry in written["changes"]]
    assert [change.entries for change in run.changes] == [[index] for index in range(12)]
    assert all(change.repair_microseconds > 0 for change in run.changes)
    everyone = sorted(run.ids)
    assert any(change.walled_off == everyone for change in run.changes), "the gate shut"
    assert any(change.replanned == everyone for change in run.changes), "and opened again"
    assert run.arrived == len(everyone) and run.centres_in_obstacles == 0


def test_an_agents_file_it_refuses_raises_with_the_file_and_place(tmp_path):
    walled = tmp_path / "walled.json"
    walled.write_text(
        '{"bounds": [[0, 0], [20, 10]], "buffer_radius": 0.5, '
        '"obstacles": [{"polygon": [[9, 0], [11, 0], [11, 4], [9, 4]]}], '
        '"agents": [{"id": 1, "at": [2, 2], "to": [10, 2]}]}'
    )
    with pytest.raises(pathkit.Error, match=r"walled\.json: /agents/0/to"):
        pathkit.run_agent_scenario(walled)
    with pytest.raises(pathkit.Error, match="missing.json"):
        pathkit.run_agent_scenario(tmp_path / "missing.json")
    unknown = tmp_path / "unknown.json"
    unknown.write_text(
        '{"bounds": [[0, 0], [20, 10]], "obstacles": [], "max_steps": 50, '
        '"agents": [{"id": 1, "at": [2, 2], "to": [18, 2], "radius": 0.5}], '
        '"changes": [{"step": 5, "remove": ["gate"]}]}'
    )
    with pytest.raises(pathkit.Error, match=r"unknown\.json: /changes/0/remove/0: no obstacle"):
        pathkit.run_agent_scenario(unknown)
