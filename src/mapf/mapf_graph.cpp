// MapfGraph: numbering the walkable tiles and linking straight neighbours.
#include "pathkit/mapf/mapf_graph.hpp"

#include <string>
#include <unordered_map>

namespace pathkit {

namespace {

std::size_t walkable_tiles(const GridMap& map) {
    const std::uint8_t* walkable = map.walkable_data();
    std::size_t count = 0;
    for (std::size_t index = 0; index < map.padded_size(); ++index)
        count += walkable[index] != 0;  // the border is blocked
    return count;
}

std::size_t graph_bytes(std::size_t padded_tiles, std::size_t vertices) {
    return (padded_tiles + vertices) * sizeof(std::uint32_t);
}

}  // namespace

std::size_t MapfGraph::count_vertices(const GridMap& map) {
    return walkable_tiles(map);
}

std::size_t MapfGraph::estimate_bytes(const GridMap& map) {
    return graph_bytes(map.padded_size(), walkable_tiles(map));
}

MapfGraph::MapfGraph(const GridMap& map)
    : width_(map.width()), height_(map.height()), stride_(map.stride()), origin_(map.origin()) {
    vertex_of_tile_.assign(map.padded_size(), MapfVertex::invalid_value);
    tile_of_vertex_.reserve(walkable_tiles(map));  // exactly: no doubling, no spare capacity
    const std::uint8_t* walkable = map.walkable_data();
    for (std::size_t tile = 0; tile < map.padded_size(); ++tile) {
        if (walkable[tile] == 0) continue;
        vertex_of_tile_[tile] = static_cast<std::uint32_t>(tile_of_vertex_.size());
        tile_of_vertex_.push_back(static_cast<std::uint32_t>(tile));
    }
}

MapfVertex MapfGraph::vertex_at(Cell cell) const {
    const long x = static_cast<long>(cell.x) - origin_.x, y = static_cast<long>(cell.y) - origin_.y;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return MapfVertex();
    return MapfVertex(
        vertex_of_tile_[static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(stride_) +
                        static_cast<std::size_t>(x + 1)]);
}

Status MapfGraph::vertices_of(std::span<const Cell> cells, const char* role,
                              MapfConfiguration& vertices) const {
    std::unordered_map<std::uint32_t, std::size_t> agent_on;
    for (std::size_t agent = 0; agent < cells.size(); ++agent) {
        const MapfVertex vertex = vertex_at(cells[agent]);
        if (!vertex.is_valid())
            return Status::invalid_input("agent " + std::to_string(agent) + "'s " + role + " " +
                                         to_string(cells[agent]) +
                                         " is outside the map or blocked");
        const auto [other, added] = agent_on.try_emplace(vertex.value, agent);
        if (!added)
            return Status::invalid_input("agents " + std::to_string(other->second) + " and " +
                                         std::to_string(agent) + " share the " + role + " " +
                                         to_string(cells[agent]));
        vertices.push_back(vertex);
    }
    return {};
}

std::size_t MapfGraph::memory_bytes() const {
    return graph_bytes(vertex_of_tile_.capacity(), tile_of_vertex_.capacity());
}

}  // namespace pathkit
