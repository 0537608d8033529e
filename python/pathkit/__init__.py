"""pathkit: pathfinding for games, from Python.

Tile grids (A*, jump point search, Dijkstra, breadth-first), GameplayKit-style graphs, open
worlds with polygon obstacles (visibility graphs, navigation meshes), crowds of units, worlds
of linked maps, many-agent planning (LaCAM) and round agents that avoid each other (ORCA).
Positions are (x, y) tuples; paths and bulk data are numpy arrays. Invalid input raises
pathkit.Error (a ValueError) with the library's message; searches release the GIL.
"""

from ._pathkit import (
    AgentObstacleChange,
    AgentScenarioRun,
    AgentWorld,
    Crowd,
    Error,
    Graph,
    GridMap,
    FlowField,
    GridSpace,
    MapfPlan,
    NavMesh,
    ObstacleGraph,
    PathResult,
    Route,
    RouteLeg,
    Scenario,
    ScenarioQuery,
    World,
    __version__,
    load_mapf_instance,
    load_moving_ai_map,
    load_moving_ai_scenario,
    load_world,
    plan_mapf,
    run_agent_scenario,
)

__all__ = [
    "AgentObstacleChange",
    "AgentScenarioRun",
    "AgentWorld",
    "Crowd",
    "Error",
    "Graph",
    "GridMap",
    "FlowField",
    "GridSpace",
    "MapfPlan",
    "NavMesh",
    "ObstacleGraph",
    "PathResult",
    "Route",
    "RouteLeg",
    "Scenario",
    "ScenarioQuery",
    "World",
    "__version__",
    "load_mapf_instance",
    "load_moving_ai_map",
    "load_moving_ai_scenario",
    "load_world",
    "plan_mapf",
    "run_agent_scenario",
]
