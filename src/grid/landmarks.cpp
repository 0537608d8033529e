// Landmark heuristics (ALT): farthest-first landmarks and their distance tables.
#include "pathkit/grid/landmarks.hpp"

#include <algorithm>

#include "pathkit/grid/distance_field.hpp"

namespace pathkit {

LandmarkHeuristic LandmarkHeuristic::build(const GridSpace& space, int landmark_count) {
    LandmarkHeuristic result;
    const int count = std::clamp(landmark_count, 0, 16);
    const std::size_t tiles = space.state_count();
    std::uint32_t first = 0;
    while (first < tiles && !space.is_valid(StateId(first)))
        ++first;
    if (count == 0 || first == tiles) return result;

    SearchContext context;
    // Every tile's distance from `source`, by a Dijkstra search that never finds its goal.
    const auto distances_from = [&](std::uint32_t source) {
        std::vector<float> distance(tiles);
        compute_distance_field(space, source, SearchAlgorithm::Dijkstra, context,
                               std::span<float>(distance));
        return distance;
    };
    // Farthest first: each new landmark is the tile farthest from the landmarks so far.
    const auto farthest = [&](const std::vector<float>& nearest) {
        std::uint32_t best = first;
        for (std::uint32_t tile = 0; tile < tiles; ++tile)
            if (nearest[tile] < infinite_cost && nearest[tile] > nearest[best]) best = tile;
        return best;
    };
    std::vector<float> nearest = distances_from(first);
    std::vector<std::vector<float>> tables;
    for (int landmark = 0; landmark < count; ++landmark) {
        tables.push_back(distances_from(farthest(nearest)));
        for (std::uint32_t tile = 0; tile < tiles; ++tile)
            nearest[tile] =
                landmark == 0 ? tables.back()[tile] : std::min(nearest[tile], tables.back()[tile]);
    }
    result.count_ = static_cast<std::uint32_t>(count);
    result.symmetric_ = !space.map().has_terrain_costs();
    result.distances_.resize(tiles * result.count_);
    for (std::uint32_t tile = 0; tile < tiles; ++tile)
        for (std::uint32_t landmark = 0; landmark < result.count_; ++landmark)
            result.distances_[tile * result.count_ + landmark] = tables[landmark][tile];
    return result;
}

}  // namespace pathkit
