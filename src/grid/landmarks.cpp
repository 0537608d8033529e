// Landmark heuristics (ALT): farthest-first landmarks and their distance tables.
#include "pathkit/grid/landmarks.hpp"

#include <algorithm>
#include <string>

#include "pathkit/grid/distance_field.hpp"

namespace pathkit {

namespace {
/// One landmark's distances in the tile-major table, indexed by tile as a field is.
struct TableColumn {
    float* first;
    std::size_t stride;
    float& operator[](std::size_t tile) const { return first[tile * stride]; }
};
}  // namespace

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
        result.landmarks_.push_back(farthest(nearest));
        tables.push_back(distances_from(result.landmarks_.back()));
        for (std::uint32_t tile = 0; tile < tiles; ++tile)
            nearest[tile] =
                landmark == 0 ? tables.back()[tile] : std::min(nearest[tile], tables.back()[tile]);
    }
    result.count_ = static_cast<std::uint32_t>(count);
    result.symmetric_ = !space.map().has_terrain_costs();
    result.revision_ = space.map().revision();
    result.distances_.resize(tiles * result.count_);
    for (std::uint32_t tile = 0; tile < tiles; ++tile)
        for (std::uint32_t landmark = 0; landmark < result.count_; ++landmark)
            result.distances_[tile * result.count_ + landmark] = tables[landmark][tile];
    return result;
}

Status LandmarkHeuristic::repair(const GridSpace& space) {
    const GridMap& map = space.map();
    const std::size_t tiles = space.state_count();
    if (tiles * count_ != distances_.size())
        return Status::invalid_input("the landmarks were built for a map of " +
                                     std::to_string(distances_.size() / count_) +
                                     " padded tiles, not " + std::to_string(tiles));
    if (is_current(map)) return {};
    const auto changes = map.changes_since(revision_);
    std::vector<std::uint32_t> near;
    if (changes) near = tiles_near_changes(map, space.rules().agent_size, *changes);
    const bool whole = !changes || near.size() > tiles / 4;
    const ReverseGridSpace reverse(space);
    DistanceFieldRepair repairer;
    SearchContext context;
    for (std::uint32_t landmark = 0; landmark < count_; ++landmark) {
        const TableColumn table{distances_.data() + landmark, count_};
        if (whole)
            compute_distance_field(space, landmarks_[landmark], SearchAlgorithm::Dijkstra, context,
                                   table);
        else
            repairer.repair(space, reverse, landmarks_[landmark], near, table);
    }
    symmetric_ = !map.has_terrain_costs();
    revision_ = map.revision();
    return {};
}

}  // namespace pathkit
