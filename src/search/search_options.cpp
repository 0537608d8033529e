// The names of the searches: the one place an algorithm's name is written and read.
#include "pathkit/search/search_options.hpp"

namespace pathkit {

namespace {

struct NamedAlgorithm {
    std::string_view name;
    SearchAlgorithm algorithm;
};

constexpr NamedAlgorithm algorithm_names[] = {
    {"astar", SearchAlgorithm::AStar},      {"dijkstra", SearchAlgorithm::Dijkstra},
    {"bfs", SearchAlgorithm::BreadthFirst}, {"breadth-first", SearchAlgorithm::BreadthFirst},
    {"jps", SearchAlgorithm::Jps},          {"jps+", SearchAlgorithm::JpsPlus},
};

}  // namespace

const char* to_string(SearchAlgorithm algorithm) {
    for (const NamedAlgorithm& named : algorithm_names)
        if (named.algorithm == algorithm) return named.name.data();
    return "unknown";
}

std::optional<SearchAlgorithm> search_algorithm_named(std::string_view name) {
    for (const NamedAlgorithm& named : algorithm_names)
        if (named.name == name) return named.algorithm;
    return std::nullopt;
}

}  // namespace pathkit
