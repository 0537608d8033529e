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

/// The walkable straight neighbours of a vertex, by value: north, west, east, south (those
/// that exist, in that order).
class MapfNeighbours {
  public:
    [[nodiscard]] const MapfVertex* begin() const { return vertices_.data(); }
    [[nodiscard]] const MapfVertex* end() const { return vertices_.data() + count_; }
    [[nodiscard]] std::size_t size() const { return count_; }
    [[nodiscard]] MapfVertex operator[](std::size_t i) const { return vertices_[i]; }
    void add(MapfVertex vertex) { vertices_[count_++] = vertex; }

  private:
    std::array<MapfVertex, 4> vertices_;
    std::uint32_t count_ = 0;
};

/// The walkable tiles of a map and their up-to-4 straight neighbours (the model of Stern et
/// al., "Multi-Agent Pathfinding: Definitions, Variants, and Benchmarks", SoCS 2019: moves and
/// waits cost 1, no diagonals). A snapshot: later changes to the map are not seen. Immutable
/// after construction, so any number of planners and threads may share one. Holds 4 bytes per
/// tile of the map with its one-tile border, and 4 per vertex; neighbours are read off the
/// tiles, not stored.
class MapfGraph {
  public:
    /// The graph of `map`'s walkable tiles as they are now (one pass over its tiles).
    explicit MapfGraph(const GridMap& map);

    /// Number of vertices (walkable tiles); every vertex id is below it.
    [[nodiscard]] std::uint32_t vertex_count() const {
        return static_cast<std::uint32_t>(tile_of_vertex_.size());
    }
    /// The vertex on `cell`; invalid outside the map or on a blocked tile.
    [[nodiscard]] MapfVertex vertex_at(Cell cell) const;
    /// The tile of a vertex (unchecked in release).
    [[nodiscard]] Cell cell(MapfVertex vertex) const {
        PATHKIT_ASSERT(vertex.index() < tile_of_vertex_.size());
        const std::uint32_t tile = tile_of_vertex_[vertex.index()];
        const auto row = static_cast<int>(tile / static_cast<std::uint32_t>(stride_));
        return {static_cast<int>(tile) - row * stride_ - 1 + origin_.x, row - 1 + origin_.y};
    }
    /// The walkable straight neighbours of a vertex: north, west, east, south (those that
    /// exist, in that order).
    [[nodiscard]] MapfNeighbours neighbours(MapfVertex vertex) const {
        PATHKIT_ASSERT(vertex.index() < tile_of_vertex_.size());
        const std::uint32_t tile = tile_of_vertex_[vertex.index()];
        MapfNeighbours found;
        // The border tiles are never vertices: no tile of the map needs a bounds check.
        for (const std::uint32_t next : {tile - static_cast<std::uint32_t>(stride_), tile - 1,
                                         tile + 1, tile + static_cast<std::uint32_t>(stride_)})
            if (vertex_of_tile_[next] != MapfVertex::invalid_value)
                found.add(MapfVertex(vertex_of_tile_[next]));
        return found;
    }
    /// The map's size and origin, as when the graph was made.
    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] Cell origin() const { return origin_; }
    /// The vertices of `cells` into `vertices` (appended), or why not: a tile off the map or
    /// blocked, or two agents on one tile. `role` names the tiles in messages ("start").
    Status vertices_of(std::span<const Cell> cells, const char* role,
                       MapfConfiguration& vertices) const;
    /// Bytes held: 4 per tile of the map with its border, and 4 per vertex.
    [[nodiscard]] std::size_t memory_bytes() const;
    /// The vertices and bytes the graph of `map` will have, counted before building it (a
    /// pass over the map's tiles, no allocation).
    [[nodiscard]] static std::size_t count_vertices(const GridMap& map);
    [[nodiscard]] static std::size_t estimate_bytes(const GridMap& map);

  private:
    int width_ = 0;
    int height_ = 0;
    int stride_ = 0;  // width + 2
    Cell origin_;
    std::vector<std::uint32_t> vertex_of_tile_;  // by padded tile (`GridMap::index`), or invalid
    std::vector<std::uint32_t> tile_of_vertex_;  // by vertex: its padded tile
};

}  // namespace pathkit
