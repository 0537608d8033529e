// `pathkit demo`: a built-in showcase — the GameplayKit graph, a small tile maze, an open world.
#include <array>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "pathkit/geometry/nav_mesh.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "pathkit/graph/graph.hpp"

namespace pathkit::cli {

namespace {

void print_path(const std::string& title, const GraphPath& result,
                const std::vector<std::string>& names) {
    std::cout << title << ": " << to_string(result.status);
    if (result.found()) {
        std::cout << ", cost " << result.cost << ", path";
        for (NodeId node : result.path)
            std::cout << ' ' << names[node.index()];
    }
    std::cout << '\n';
}

/// The seed's graph: n1 -> {n2, n3, n4}, n2 -> {n5, n6}, one way, then both ways.
void gameplaykit_example() {
    std::cout << "== GameplayKit graph (seed 000) ==\n";
    Graph graph;
    std::vector<std::string> names;
    std::array<NodeId, 7> n{};
    for (int index = 1; index <= 6; ++index) {
        n[index] = graph.add_node();
        names.push_back("n" + std::to_string(index));
    }
    (void)graph.add_connections(n[1], {n[2], n[3], n[4]}, false);
    (void)graph.add_connections(n[2], {n[5], n[6]}, false);
    print_path("one way n1 -> n6", graph.find_path(n[1], n[6]), names);
    print_path("one way n6 -> n1", graph.find_path(n[6], n[1]), names);
    (void)graph.add_connections(n[1], {n[2], n[3], n[4]}, true);
    (void)graph.add_connections(n[2], {n[5], n[6]}, true);
    print_path("bidirectional n6 -> n1", graph.find_path(n[6], n[1]), names);
    (void)graph.remove_connections(n[2], {n[5]}, false);
    print_path("after removing n2 -> n5, n5 -> n1", graph.find_path(n[5], n[1]), names);
    print_path("after removing n2 -> n5, n1 -> n5", graph.find_path(n[1], n[5]), names);
}

/// A cat-maze dungeon as a graph of tile centres: 8 neighbours without cutting corners
/// (seed 002), swamp tiles '~' cost three times as much to enter.
void maze_example() {
    std::cout << "\n== Cat maze on a tile graph (seed 002) ==\n";
    std::vector<std::string> rows{
        "##############", "#C....#......#", "#.###.#.####.#", "#.#...#.#~~#.#", "#.#.###.#~~#.#",
        "#...#...#~~..#", "###.#.###.####", "#.....#.....E#", "##############",
    };
    const int height = static_cast<int>(rows.size());
    const int width = static_cast<int>(rows[0].size());
    Graph graph;
    std::vector<NodeId> tile(static_cast<std::size_t>(width * height));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            tile[y * width + x] =
                graph.add_node(Point2{static_cast<float>(x), static_cast<float>(y)});
        }
    }
    auto walkable = [&](int x, int y) { return rows[y][x] != '#'; };
    NodeId cat, exit;
    for (int y = 1; y + 1 < height; ++y) {
        for (int x = 1; x + 1 < width; ++x) {
            if (!walkable(x, y)) continue;
            if (rows[y][x] == 'C') cat = tile[y * width + x];
            if (rows[y][x] == 'E') exit = tile[y * width + x];
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if ((dx == 0 && dy == 0) || !walkable(x + dx, y + dy)) continue;
                    if (dx != 0 && dy != 0 && (!walkable(x + dx, y) || !walkable(x, y + dy)))
                        continue;
                    const float step = (dx != 0 && dy != 0) ? 1.41421356f : 1.0f;
                    const float terrain = rows[y + dy][x + dx] == '~' ? 3.0f : 1.0f;
                    (void)graph.add_connections(tile[y * width + x],
                                                {tile[(y + dy) * width + x + dx]}, false,
                                                step * terrain);
                }
            }
        }
    }
    const GraphPath result = graph.find_path(cat, exit);
    for (std::size_t index = 1; index + 1 < result.path.size(); ++index) {
        const auto node = result.path[index].index();
        rows[node / width][node % width] = '*';
    }
    for (const auto& row : rows)
        std::cout << "  " << row << '\n';
    std::cout << "cat C to exit E: " << to_string(result.status) << ", cost " << std::fixed
              << std::setprecision(3) << result.cost << " over " << result.path.size() - 1
              << " steps, " << result.stats.expanded << " tiles expanded\n";
}

/// A 2D world with polygon and circle obstacles (seed 001's third kind): the shortest path on
/// the obstacle graph beside the navigation mesh's funnelled path, for an agent of radius 4.
void open_world_example() {
    std::cout << "\n== Open world around polygon obstacles (seed 001) ==\n";
    const std::vector<Obstacle> obstacles{
        Obstacle::polygon({{60, 60}, {140, 60}, {140, 100}, {100, 100}, {100, 180}, {60, 180}}),
        Obstacle::circle({220, 150}, 30),
        Obstacle::polygon({{280, 40}, {340, 40}, {340, 120}, {280, 120}}),
    };
    const Point2 from{20, 20}, to{380, 280};
    auto graph = ObstacleGraph::create({.buffer_radius = 4});
    auto mesh = NavMesh::create({0, 0}, {400, 300}, {.buffer_radius = 4});
    if (!graph || !mesh || !graph.value().add_obstacles(obstacles) ||
        !mesh.value().add_obstacles(obstacles))
        return;
    mesh.value().triangulate();
    const auto report = [](const char* name, const PlanePath& path) {
        std::cout << name << ": " << to_string(path.status) << ", length " << std::fixed
                  << std::setprecision(2) << path.cost << ", corners";
        for (const Point2& point : path.path)
            std::cout << " (" << std::setprecision(0) << point.x << ',' << point.y << ')';
        std::cout << '\n';
    };
    std::cout << "obstacle graph: " << graph.value().node_count() << " corners, "
              << graph.value().connection_count()
              << " connections; navmesh: " << mesh.value().triangle_count() << " triangles\n";
    report("visibility graph", graph.value().find_path(from, to));
    report("navmesh + funnel", mesh.value().find_path(from, to));
}

}  // namespace

Command add_demo_command(CLI::App& app) {
    CLI::App* command = app.add_subcommand("demo", "Run the built-in showcase (no files needed)");
    return {command, [] {
                gameplaykit_example();
                maze_example();
                open_world_example();
                return static_cast<int>(exit_found);
            }};
}

}  // namespace pathkit::cli
