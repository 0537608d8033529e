/// Landmark heuristics (ALT): exact distances from a few tiles make a far better lower bound
/// than the octile distance on maps with walls, so A* expands far fewer tiles.
#pragma once

#include <cstdint>
#include <vector>

#include "pathkit/core/status.hpp"
#include "pathkit/core/table_allocator.hpp"
#include "pathkit/grid/grid_space.hpp"

namespace pathkit {

/// Distances from a few landmark tiles, and the lower bound they give: for any landmark L,
/// cost(s -> g) >= d(L, g) - d(L, s) (and, when steps cost the same both ways, d(L, s) - d(L, g)).
///
/// Landmarks are spread by "farthest first" over the region of the first walkable tile; the
/// bound is 0 between tiles a landmark cannot reach. Built for one map and one set of movement
/// rules. Extra step costs (units, dangers) only raise true costs, so the bound stays admissible
/// for them.
///
/// After tiles of the map change, before `repair`:
/// - Edits that only block tiles or raise terrain costs keep the bound admissible and consistent
///   as it is, only looser: the tables' bound never exceeded the old cost (d(L, g) - d(L, s) <=
///   d(s, g) is the triangle inequality of the old map), and no cost fell.
/// - Edits that open tiles or lower terrain costs may make it overestimate (a door opened beside
///   a landmark brings tiles behind the wall near, but the tables still say far): `is_current`
///   tells that the map changed, and `repair` must run before the next search.
/// `repair` makes every table exact again for the same landmarks, so the bound is as tight as a
/// build with those landmarks gives; it costs what the edits reach, at most about a build.
class LandmarkHeuristic {
  public:
    /// No landmarks: the bound is always 0.
    LandmarkHeuristic() = default;
    /// Runs `landmark_count` Dijkstra searches over the whole space (at a level load, say).
    /// `landmark_count` is clamped to 0..16.
    [[nodiscard]] static LandmarkHeuristic build(const GridSpace& space, int landmark_count);

    /// True when the tables are exact for `map` as it is now (built or repaired at its
    /// revision, `GridMap::revision`), and always without landmarks. `map` must be the map the
    /// heuristic was built on.
    [[nodiscard]] bool is_current(const GridMap& map) const {
        return count_ == 0 || revision_ == map.revision();
    }
    /// Makes the tables exact for the map of `space` as it is now: `space` must have the map and
    /// rules the heuristic was built with (refreshed, `GridSpace::refresh`, for units bigger
    /// than a tile). Each table is repaired where the map's changes reach it
    /// (`DistanceFieldRepair`), or computed again when the map no longer remembers them
    /// (`GridMap::changes_since`) or they touch more than a quarter of its tiles. A landmark
    /// whose tile is blocked gives no bound until its tile opens again. Refused, changing
    /// nothing, for a space of another size than the tables'. Not while searches read the
    /// heuristic.
    Status repair(const GridSpace& space);

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
    /// The landmarks' tiles, as padded indices of the map.
    [[nodiscard]] const std::vector<std::uint32_t>& landmarks() const { return landmarks_; }
    [[nodiscard]] std::size_t memory_bytes() const {
        return table_bytes(distances_) + landmarks_.capacity() * sizeof(std::uint32_t);
    }

  private:
    // Tile-major, distances_[tile * count_ + landmark]; read at random.
    std::vector<float, TableAllocator<float>> distances_;
    std::vector<std::uint32_t> landmarks_;
    std::uint32_t count_ = 0;
    bool symmetric_ = true;
    std::uint64_t revision_ = 0;  // the map's revision the tables are exact at
};

}  // namespace pathkit
