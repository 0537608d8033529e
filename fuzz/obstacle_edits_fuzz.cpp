// Fuzz target (API): obstacles added and removed in the order the bytes say leave exactly the
// visibility graph that building from the remaining obstacles gives.
#include <cstdint>
#include <vector>

#include "fuzz_bytes.hpp"
#include "fuzz_shapes.hpp"
#include "pathkit/geometry/obstacle_graph.hpp"
#include "support/obstacle_edges.hpp"

namespace {

using namespace pathkit;
using testing::edges_of;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzzing::FuzzBytes bytes(data, size);
    const float radius = static_cast<float>(bytes.in(0, 3));
    ObstacleGraph graph = ObstacleGraph::create({.buffer_radius = radius}).value();
    std::vector<std::pair<ObstacleId, Obstacle>> present;
    for (int change = 0; change < 12 && !bytes.empty(); ++change) {
        if (present.empty() || bytes.in(0, 2) != 0) {
            const Obstacle shape = fuzzing::polygon_from_bytes(bytes, 60);
            const std::vector<Obstacle> added{shape};
            const auto ids = graph.add_obstacles(added);
            if (ids) present.push_back({ids.value().front(), shape});
        } else {
            const std::size_t victim =
                static_cast<std::size_t>(bytes.in(0, static_cast<int>(present.size()) - 1));
            const std::vector<ObstacleId> ids{present[victim].first};
            if (!graph.remove_obstacles(ids)) fuzzing::broken("a present obstacle was refused");
            present.erase(present.begin() + static_cast<std::ptrdiff_t>(victim));
        }
        ObstacleGraph rebuilt = ObstacleGraph::create({.buffer_radius = radius}).value();
        std::vector<Obstacle> all;
        for (const auto& entry : present)
            all.push_back(entry.second);
        if (!rebuilt.add_obstacles(all)) fuzzing::broken("obstacles accepted one by one refused");
        if (edges_of(graph) != edges_of(rebuilt))
            fuzzing::broken("edits gave another graph than a rebuild");
    }
    return 0;
}
