// Fuzz target: `.graph` text; when it loads, a search between its first two nodes.
#include <cstdint>
#include <sstream>
#include <string>

#include "pathkit/io/graph_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream input(std::string(reinterpret_cast<const char*>(data), size));
    const auto loaded = pathkit::read_graph(input, "fuzz.graph");
    if (loaded && loaded.value().graph.node_count() >= 2) {
        const pathkit::Graph& graph = loaded.value().graph;
        const auto path = graph.find_path(pathkit::NodeId(0), pathkit::NodeId(1));
        if (path.found() && !(path.cost >= 0 && path.cost < pathkit::infinite_cost)) std::abort();
    }
    return 0;
}
