// A minimal pathkit user: the seed's graph, one path, printed.
#include <iostream>
#include <sstream>

#include "pathkit/io/graph_file.hpp"
#include "pathkit/pathkit.hpp"

int main() {
    pathkit::Graph graph;
    const auto n1 = graph.add_node(), n2 = graph.add_node(), n5 = graph.add_node();
    if (!graph.add_connections(n1, {n2}, true) || !graph.add_connections(n2, {n5}, false)) return 1;
    const auto result = graph.find_path(n1, n5);
    std::istringstream text("node a\n");
    if (!pathkit::read_graph(text, "inline")) return 1;
    std::cout << "pathkit " << pathkit::version << ": path";
    for (auto node : result.path)
        std::cout << " n" << (node == n1 ? 1 : node == n2 ? 2 : 5);
    std::cout << ", cost " << result.cost << '\n';
    return result.found() ? 0 : 1;
}
