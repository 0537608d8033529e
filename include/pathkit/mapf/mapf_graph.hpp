/// MapfGraph: the walkable tiles of a grid map as a 4-connected graph, the standard MAPF model.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pathkit/core/ids.hpp"
#include "pathkit/core/status.hpp"
#include "pathkit/grid/cell.hpp"
#include "pathkit/grid/grid_map.hpp"

namespace pathkit {

struct MapfVertexTag;
/// A walkable tile of a `MapfGraph`, numbered densely in row order.
using MapfVertex = Id<MapfVertexTag>;

/// Where every agent stands: one vertex per agent, in agent order.
using MapfConfiguration = std::vector<MapfVertex>;

/// The walkable tiles of a map and their up-to-4 straight neighbours (the model of Stern et
/// al., "Multi-Agent Pathfinding: Definitions, Variants, and Benchmarks", SoCS 2019: moves and
/// waits cost 1, no diagonals). A snapshot: later changes to the map are not seen. Immutable
/// after construction, so any number of planners and threads may share one.
///
/// Compact: one bit per tile (rows padded by a blocked border and aligned to 64 bits) with a
/// count of walkable tiles before each 64-bit word, to find a tile's vertex; for each vertex its
/// up-to-4 neighbours, and its bit and their number in one word: 20 bytes a vertex and 0.2 a
/// tile. A vertex's number is the count of walkable tiles before it in row order.
class MapfGraph {
  public:
    /// The graph of `map`'s walkable tiles as they are now (one pass over its tiles; about
    /// 2 s for 67 million tiles, most of it writing the memory).
    explicit MapfGraph(const GridMap& map);
    /// The same, or nothing when `deadline` comes first (the clock is read every 262,144
    /// tiles).
    [[nodiscard]] static std::optional<MapfGraph> build(
        const GridMap& map, std::chrono::steady_clock::time_point deadline);

    /// Number of vertices (walkable tiles); every vertex id is below it.
    [[nodiscard]] std::uint32_t vertex_count() const {
        return static_cast<std::uint32_t>(place_.size());
    }
    /// The vertex on `cell`; invalid outside the map or on a blocked tile.
    [[nodiscard]] MapfVertex vertex_at(Cell cell) const;
    /// The tile of a vertex (unchecked in release).
    [[nodiscard]] Cell cell(MapfVertex vertex) const {
        PATHKIT_ASSERT(vertex.index() < place_.size());
        const std::uint32_t position = place_[vertex.index()] >> 3;
        const auto row = static_cast<int>(position / row_bits_);
        const auto column = static_cast<int>(position % row_bits_);
        return {column - 1 + origin_.x, row - 1 + origin_.y};
    }
    /// The walkable straight neighbours of a vertex: north, west, east, south (those that
    /// exist, in that order).
    [[nodiscard]] std::span<const MapfVertex> neighbours(MapfVertex vertex) const {
        PATHKIT_ASSERT(vertex.index() < place_.size());
        return {neighbours_[vertex.index()].data(), degree(vertex)};
    }
    /// How many neighbours a vertex has.
    [[nodiscard]] std::uint32_t degree(MapfVertex vertex) const {
        return place_[vertex.index()] & 7;
    }
    /// The map's size and origin, as when the graph was made.
    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] Cell origin() const { return origin_; }
    /// The vertices of `cells` into `vertices` (appended), or why not: a tile off the map or
    /// blocked, or two agents on one tile. `role` names the tiles in messages ("start").
    Status vertices_of(std::span<const Cell> cells, const char* role,
                       MapfConfiguration& vertices) const;
    /// What `vertices_of` refuses, checked on the map itself, before any graph is built.
    [[nodiscard]] static Status check_agents(const GridMap& map, std::span<const Cell> cells,
                                             const char* role);
    /// Bytes held: 20 per vertex, and 12 per 64 tiles of the map's rows with their border.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// The vertices and bytes the graph of `map` will have, counted before building it (a
    /// pass over the map's tiles, no allocation).
    [[nodiscard]] static std::size_t count_vertices(const GridMap& map);
    [[nodiscard]] static std::size_t estimate_bytes(const GridMap& map);

  private:
    MapfGraph(const GridMap& map, std::optional<std::chrono::steady_clock::time_point> deadline);
    [[nodiscard]] bool walkable(std::uint32_t position) const {
        return (bits_[position >> 6] >> (position & 63)) & 1;
    }
    // Walkable tiles before `position` in row order.
    [[nodiscard]] std::uint32_t rank(std::uint32_t position) const {
        const std::uint64_t below = (std::uint64_t{1} << (position & 63)) - 1;
        return before_word_[position >> 6] + ones(bits_[position >> 6] & below);
    }
    // std::popcount without -mpopcnt is a call into libgcc; this inlines to a dozen operations.
    [[nodiscard]] static std::uint32_t ones(std::uint64_t word) {
        word -= (word >> 1) & 0x5555555555555555ULL;
        word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
        word = (word + (word >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
        return static_cast<std::uint32_t>((word * 0x0101010101010101ULL) >> 56);
    }

    int width_ = 0;
    int height_ = 0;
    Cell origin_;
    std::uint32_t row_bits_ = 0;              // bits a padded row takes, a multiple of 64
    std::vector<std::uint64_t> bits_;         // by padded row, then column: walkable
    std::vector<std::uint32_t> before_word_;  // walkable tiles before each word
    std::vector<std::array<MapfVertex, 4>> neighbours_;  // by vertex, the first `degree`
    std::vector<std::uint32_t> place_;  // by vertex: its bit << 3 | its degree (bits < 2^29)
};

}  // namespace pathkit
