#!/usr/bin/env python3
"""Writes the agents scenarios of this folder (run it from anywhere; no arguments).

circle_swap.json        16 agents on a circle round a pillar, each to the opposite side
corridor_crossing.json  two groups of 6 crossing in a corridor 6 units wide
doorway.json            12 agents through a door in a wall
asteroids.json          16 agents crossing a field of rocks both ways
gate.json               18 agents crossing a wall both ways through a gate that slides shut in
                        front of them and, 15 seconds later, open again
river_crossing.json     12 agents crossing a river (an area of water) with a bridge: swimmers
                        (water costs 1.5 a unit) swim across, walkers (water excluded) take
                        the bridge
"""
import json
import math
import pathlib
import random

HERE = pathlib.Path(__file__).resolve().parent


def rectangle(x0, y0, x1, y1):
    return {"polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def agent(number, at, to, **extra):
    return {"id": number, "at": [round(at[0], 2), round(at[1], 2)],
            "to": [round(to[0], 2), round(to[1], 2)], **extra}


def write(name, scenario):
    """One obstacle and one agent a line."""
    lines = []
    for key, value in scenario.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n    ".join(json.dumps(item) for item in value)
            lines.append(f'  "{key}": [\n    {items}]')
        else:
            lines.append(f'  "{key}": {json.dumps(value)}')
    (HERE / name).write_text("{\n" + ",\n".join(lines) + "\n}\n")


def circle_swap():
    agents = []
    for index in range(16):
        angle = 2 * math.pi * index / 16
        at = (15 + 11 * math.cos(angle), 15 + 11 * math.sin(angle))
        agents.append(agent(index + 1, at, (30 - at[0], 30 - at[1])))
    return {"bounds": [[0, 0], [30, 30]], "buffer_radius": 0.5,
            "obstacles": [{"circle": {"center": [15, 15], "radius": 1.5}}],
            "agents": agents, "dt": 0.1, "max_steps": 1500}


def corridor_crossing():
    # Open rooms at both ends, a corridor 6 units wide (7 between the walls) between them.
    walls = [rectangle(10, 0, 30, 5.5), rectangle(10, 12.5, 30, 18)]
    agents = []
    for row in range(3):
        for column in range(2):
            y = 7 + 2 * row
            x = 3 + 2 * column
            agents.append(agent(len(agents) + 1, (x, y), (40 - x, y)))
            agents.append(agent(len(agents) + 1, (40 - x, y), (x, y), max_speed=1.5))
    return {"bounds": [[0, 0], [40, 18]], "buffer_radius": 0.5, "obstacles": walls,
            "agents": agents, "dt": 0.1, "max_steps": 1500}


def doorway():
    # A wall at x = 14..16 with a door 3 units wide (2 once the buffer grows it).
    walls = [rectangle(14, 0, 16, 8.5), rectangle(14, 11.5, 16, 20)]
    agents = []
    for row in range(4):
        for column in range(3):
            at = (3 + 2 * column, 7 + 2 * row)
            to = (20 + 2.5 * column, 5 + 3 * row)
            agents.append(agent(len(agents) + 1, at, to))
    return {"bounds": [[0, 0], [30, 20]], "buffer_radius": 0.5, "obstacles": walls,
            "agents": agents, "dt": 0.1, "max_steps": 2000}


def rock(rng, centre, size):
    corners = rng.randint(5, 8)
    points = []
    for index in range(corners):
        angle = 2 * math.pi * (index + rng.uniform(-0.3, 0.3)) / corners
        reach = size * rng.uniform(0.7, 1.0)
        points.append([round(centre[0] + reach * math.cos(angle), 2),
                       round(centre[1] + reach * math.sin(angle), 2)])
    return {"polygon": points}


def asteroids():
    rng = random.Random(11)
    rocks, placed = [], []
    while len(rocks) < 24:
        centre = (rng.uniform(16, 104), rng.uniform(6, 54))
        size = rng.uniform(2.5, 5)
        if all(math.dist(centre, other) > size + reach + 4 for other, reach in placed):
            placed.append((centre, size))
            rocks.append(rock(rng, centre, size))
    agents = []
    for lane in range(8):
        y = 6 + 6.5 * lane
        agents.append(agent(len(agents) + 1, (4, y), (116, 54 - 6.5 * lane), max_speed=3))
        agents.append(agent(len(agents) + 1, (116, y + 3), (4, 57 - 6.5 * lane), max_speed=2.5,
                            radius=0.8))
    return {"bounds": [[0, 0], [120, 60]], "buffer_radius": 0.5, "obstacles": rocks,
            "agents": agents, "dt": 0.1, "max_steps": 2000}


def gate():
    # A wall at x = 18..20 with an opening 6 units wide; the gate, a panel kept inside the wall
    # above it, slides down one unit a step to shut it (steps 20..25) and back up (steps
    # 170..175). Agents plan again only when a move blocks their paths.
    walls = [rectangle(18, 0, 20, 9), rectangle(18, 15, 20, 24)]
    panel = {"id": "gate", **rectangle(18.3, 15, 19.7, 21)}
    agents = []
    for row in range(6):
        for column in range(2):
            at = (4 + 2.5 * column, 6 + 2.4 * row)
            agents.append(agent(len(agents) + 1, at, (27 + 2.5 * column, 6 + 2.4 * row)))
        agents.append(agent(len(agents) + 1, (36, 6.6 + 2.4 * row), (8, 7 + 2.4 * row),
                            max_speed=1.6))
    shut = [{"step": step, "move": {"id": "gate", "by": [0, -1]}} for step in range(20, 26)]
    opened = [{"step": step, "move": {"id": "gate", "by": [0, 1]}} for step in range(170, 176)]
    return {"bounds": [[0, 0], [40, 24]], "buffer_radius": 0.5, "obstacles": walls + [panel],
            "agents": agents, "dt": 0.1, "max_steps": 1500, "changes": shut + opened}


def river_crossing():
    # A river from x = 26 to 34 (area type 1) with a bridge from y = 14 to 18 (plain ground).
    river = [{"outline": [[26, 0], [34, 0], [34, 14], [26, 14]], "type": 1},
             {"outline": [[26, 18], [34, 18], [34, 32], [26, 32]], "type": 1}]
    agents = []
    for row in range(6):
        y = 3 + 5 * row
        agents.append(agent(len(agents) + 1, (4, y), (56, y), filter={"costs": {"1": 1.5}}))
        agents.append(agent(len(agents) + 1, (9, y + 2), (51, y + 2), filter={"exclude": [1]}))
    return {"bounds": [[0, 0], [60, 32]], "buffer_radius": 0.5, "obstacles": [],
            "areas": river, "agents": agents, "dt": 0.1, "max_steps": 1500}


if __name__ == "__main__":
    write("circle_swap.json", circle_swap())
    write("corridor_crossing.json", corridor_crossing())
    write("doorway.json", doorway())
    write("asteroids.json", asteroids())
    write("gate.json", gate())
    write("river_crossing.json", river_crossing())
