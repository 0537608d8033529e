// spread_paths: congestion-priced routes, one A* per agent on the one engine.
#include "pathkit/mapf/spread_paths.hpp"

#include "pathkit/search/search.hpp"

namespace pathkit {

namespace {

// The graph as a search problem: a step onto a tile costs 1 plus the routes already using it.
class CrowdedRoute {
  public:
    CrowdedRoute(const MapfGraph& graph, DistanceTables& distances, std::uint32_t table,
                 const std::vector<std::uint32_t>& use)
        : graph_(&graph), distances_(&distances), table_(table), use_(&use) {}

    [[nodiscard]] std::size_t state_count() const { return graph_->vertex_count(); }
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.index() < graph_->vertex_count();
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        for (const MapfVertex next : graph_->neighbours(MapfVertex(state.value)))
            visit(StateId(next.value), static_cast<Cost>(1 + (*use_)[next.index()]));
    }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return static_cast<Cost>(distances_->distance(table_, MapfVertex(state.value)));
    }
    [[nodiscard]] bool is_goal(StateId state) const {
        return distances_->goal(table_).value == state.value;
    }

  private:
    const MapfGraph* graph_;
    DistanceTables* distances_;  // lazily grown: asking writes
    std::uint32_t table_;
    const std::vector<std::uint32_t>* use_;
};

}  // namespace

std::vector<std::vector<MapfVertex>> spread_paths(const MapfGraph& graph, DistanceTables& distances,
                                                  const MapfConfiguration& starts,
                                                  const MapfConfiguration& goals,
                                                  std::chrono::steady_clock::time_point deadline) {
    std::vector<std::vector<MapfVertex>> paths(starts.size());
    std::vector<std::uint32_t> use(graph.vertex_count(), 0);
    SearchContext context;
    for (int round = 0; round < 2; ++round) {
        for (std::size_t agent = 0; agent < starts.size(); ++agent) {
            if (std::chrono::steady_clock::now() >= deadline) return paths;
            for (const MapfVertex vertex : paths[agent])
                --use[vertex.index()];
            const CrowdedRoute problem(graph, distances, distances.table_for(goals[agent]), use);
            const SearchResult result = find_path(problem, StateId(starts[agent].value), context);
            paths[agent].clear();
            for (const StateId state : result.path)
                paths[agent].push_back(MapfVertex(state.value));
            for (const MapfVertex vertex : paths[agent])
                ++use[vertex.index()];
        }
    }
    return paths;
}

}  // namespace pathkit
