/// MapfGraph: the walkable tiles of a grid map as a 4-connected graph, the standard MAPF model.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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
class MapfGraph {
  public:
    /// The graph of `map`'s walkable tiles as they are now.
    explicit MapfGraph(const GridMap& map);

    /// Number of vertices (walkable tiles); every vertex id is below it.
    [[nodiscard]] std::uint32_t vertex_count() const {
        return static_cast<std::uint32_t>(cells_.size());
    }
    /// The vertex on `cell`; invalid outside the map or on a blocked tile.
    [[nodiscard]] MapfVertex vertex_at(Cell cell) const;
    /// The tile of a vertex (unchecked in release).
    [[nodiscard]] Cell cell(MapfVertex vertex) const {
        PATHKIT_ASSERT(vertex.index() < cells_.size());
        return cells_[vertex.index()];
    }
    /// The walkable straight neighbours of a vertex: north, west, east, south (those that
    /// exist, in that order).
    [[nodiscard]] std::span<const MapfVertex> neighbours(MapfVertex vertex) const {
        PATHKIT_ASSERT(vertex.index() < cells_.size());
        return {neighbours_[vertex.index()].data(), degree_[vertex.index()]};
    }
    /// The map's size and origin, as when the graph was made.
    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] Cell origin() const { return origin_; }
    /// The vertices of `cells` into `vertices` (appended), or why not: a tile off the map or
    /// blocked, or two agents on one tile. `role` names the tiles in messages ("start").
    Status vertices_of(std::span<const Cell> cells, const char* role,
                       MapfConfiguration& vertices) const;
    /// Bytes held.
    [[nodiscard]] std::size_t memory_bytes() const;

  private:
    int width_ = 0;
    int height_ = 0;
    Cell origin_;
    std::vector<std::uint32_t> vertex_of_tile_;  // by tile in row order, or invalid
    std::vector<Cell> cells_;
    std::vector<std::array<MapfVertex, 4>> neighbours_;
    std::vector<std::uint8_t> degree_;
};

}  // namespace pathkit
