// The README's first graph as a program that builds and runs with the tests.
#include <iostream>

#include "pathkit/pathkit.hpp"

int main() {
    pathkit::Graph graph;  // GameplayKit's GKGraph semantics
    auto n1 = graph.add_node(), n2 = graph.add_node(), n5 = graph.add_node();
    if (!graph.add_connections(n1, {n2}, /*bidirectional=*/false) ||
        !graph.add_connections(n2, {n5}, /*bidirectional=*/true, /*cost=*/2.5f))
        return 1;
    const pathkit::GraphPath result = graph.find_path(n1, n5);
    std::cout << pathkit::to_string(result.status) << ": " << result.path.size() << " nodes, cost "
              << result.cost << '\n';
    return result.found() ? 0 : 1;
}
