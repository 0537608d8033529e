"""pathkit from Python beside NetworkX, Python's general graph library, in one run.

    python bench/python_bench.py MAP.map MAP.map.scen [--queries N] [--repetitions R]

Both answer the same MovingAI queries (8 neighbours, no corner cutting, diagonals sqrt 2,
octile heuristic); every cost is checked against the scenario's optimal length. Prints the
median time per query over the repetitions and the ratios. Run it with the Python that has
pathkit installed (see docs/python.md); NetworkX is Debian's python3-networkx, and without it
only pathkit's figures are printed.
"""

import argparse
import math
import statistics
import sys
import time

import numpy as np

import pathkit

SQRT2 = math.sqrt(2.0)


def networkx_graph(walkable):
    """The map as a NetworkX graph with MovingAI's moves, or None without NetworkX."""
    try:
        import networkx
    except ImportError:
        return None
    graph = networkx.Graph()
    height, width = walkable.shape
    for y, x in np.argwhere(walkable):
        for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height and walkable[ny, nx]):
                continue
            if dx and dy and not (walkable[y, nx] and walkable[ny, x]):
                continue  # no cutting corners
            graph.add_edge((int(x), int(y)), (int(nx), int(ny)), weight=SQRT2 if dx and dy else 1.0)
    return graph


def octile(a, b):
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + (SQRT2 - 1) * min(dx, dy)


def timed(run, repetitions, count):
    """Median microseconds per query over the repetitions, and the last run's costs."""
    times, costs = [], None
    for _ in range(repetitions):
        begin = time.perf_counter()
        costs = run()
        times.append((time.perf_counter() - begin) / count * 1e6)
    return statistics.median(times), costs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("map")
    parser.add_argument("scenario")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--repetitions", type=int, default=5)
    options = parser.parse_args()

    grid = pathkit.load_moving_ai_map(options.map)
    scenario = pathkit.load_moving_ai_scenario(options.scenario)
    # Spread the queries over the whole file, so every length bucket is represented.
    picks = np.linspace(0, len(scenario) - 1, min(options.queries, len(scenario))).astype(int)
    starts, goals = scenario.starts[picks], scenario.goals[picks]
    pairs = [(tuple(map(int, s)), tuple(map(int, g))) for s, g in zip(starts, goals)]
    optimal = scenario.optimal_lengths[picks]
    space = pathkit.GridSpace(grid)
    count = len(pairs)

    runs = {
        "pathkit A*, find_path per query": lambda: [space.find_path(s, g).cost for s, g in pairs],
        "pathkit JPS, find_path per query": lambda: [space.find_path(s, g, "jps").cost for s, g in pairs],
        "pathkit JPS, path_costs batch": lambda: list(space.path_costs(starts, goals, "jps")),
    }
    graph = networkx_graph(grid.walkable)
    if graph is not None:
        import networkx

        runs["NetworkX astar_path_length"] = lambda: [
            networkx.astar_path_length(graph, s, g, heuristic=octile, weight="weight")
            for s, g in pairs
        ]
    else:
        print("NetworkX is not installed (python3-networkx): pathkit's figures only")

    print(f"{options.map}: {count} queries, {options.repetitions} repetitions, medians")
    figures = {}
    for name, run in runs.items():
        micros, costs = timed(run, options.repetitions, count)
        worst = float(np.max(np.abs(np.array(costs) - optimal) - (0.006 + 1e-5 * optimal)))
        if worst > 0:
            print(f"{name}: a cost differs from the optimal length by {worst:.4f}", file=sys.stderr)
            return 1
        figures[name] = micros
    slowest = max(figures.values())
    for name, micros in figures.items():
        print(f"  {name:36s} {micros:10.1f} us/query   {slowest / micros:7.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
