/// Landmark heuristics (ALT): exact distances from a few tiles make a far better lower bound
/// than the octile distance on maps with walls, so A* expands far fewer tiles.
#pragma once

#include <cstdint>
#include <vector>

#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

/// Distances from a few landmark tiles, and the lower bound they give: for any landmark L,
/// cost(s -> g) >= d(L, g) - d(L, s) (and, when steps cost the same both ways, d(L, s) - d(L, g)).
///
/// Landmarks are spread by "farthest first" over the region of the first walkable tile; the
/// bound is 0 between tiles a landmark cannot reach. Built for one map and one set of movement
/// rules; rebuild after the map changes. Extra step costs (units, dangers) only raise true
/// costs, so the bound stays admissible for them.
class LandmarkHeuristic {
  public:
    /// No landmarks: the bound is always 0.
    LandmarkHeuristic() = default;
    /// Runs `landmark_count` Dijkstra searches over the whole space (at a level load, say).
    /// `landmark_count` is clamped to 0..16.
    [[nodiscard]] static LandmarkHeuristic build(const GridSpace& space, int landmark_count);

    /// A lower bound on the cost from padded tile `from` to padded tile `to` (>= 0).
    [[nodiscard]] Cost estimate(std::uint32_t from, std::uint32_t to) const {
        Cost best = 0;
        const float* a = distances_.data() + static_cast<std::size_t>(from) * count_;
        const float* b = distances_.data() + static_cast<std::size_t>(to) * count_;
        for (std::uint32_t landmark = 0; landmark < count_; ++landmark) {
            const Cost forward = b[landmark] - a[landmark];  // inf - inf is NaN: never larger
            if (forward > best && forward < infinite_cost) best = forward;
            if (symmetric_) {
                const Cost backward = a[landmark] - b[landmark];
                if (backward > best && backward < infinite_cost) best = backward;
            }
        }
        return best * (1 - 1e-5f);  // float sums of long paths: keep the bound below the truth
    }
    [[nodiscard]] std::size_t landmark_count() const { return count_; }
    [[nodiscard]] std::size_t memory_bytes() const { return distances_.capacity() * sizeof(float); }

  private:
    std::vector<float> distances_;  // tile-major: distances_[tile * count_ + landmark]
    std::uint32_t count_ = 0;
    bool symmetric_ = true;
};

}  // namespace pathkit
