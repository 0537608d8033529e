// MapfGraph: numbering the walkable tiles and linking straight neighbours.
#include "pathkit/mapf/mapf_graph.hpp"

#include <string>
#include <unordered_map>

namespace pathkit {

MapfGraph::MapfGraph(const GridMap& map)
    : width_(map.width()), height_(map.height()), origin_(map.origin()) {
    const auto tiles = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
    vertex_of_tile_.assign(tiles, MapfVertex::invalid_value);
    for (int y = 0; y < height_; ++y) {
        for (int x = 0; x < width_; ++x) {
            const Cell cell{origin_.x + x, origin_.y + y};
            if (!map.is_walkable(cell)) continue;
            vertex_of_tile_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                            static_cast<std::size_t>(x)] =
                static_cast<std::uint32_t>(cells_.size());
            cells_.push_back(cell);
        }
    }
    neighbours_.resize(cells_.size());
    degree_.assign(cells_.size(), 0);
    for (std::size_t vertex = 0; vertex < cells_.size(); ++vertex) {
        const Cell here = cells_[vertex];
        for (const Cell next : {Cell{here.x, here.y - 1}, Cell{here.x - 1, here.y},
                                Cell{here.x + 1, here.y}, Cell{here.x, here.y + 1}}) {
            const MapfVertex neighbour = vertex_at(next);
            if (neighbour.is_valid()) neighbours_[vertex][degree_[vertex]++] = neighbour;
        }
    }
}

MapfVertex MapfGraph::vertex_at(Cell cell) const {
    const long x = static_cast<long>(cell.x) - origin_.x, y = static_cast<long>(cell.y) - origin_.y;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return MapfVertex();
    return MapfVertex(
        vertex_of_tile_[static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                        static_cast<std::size_t>(x)]);
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
    return vertex_of_tile_.capacity() * sizeof(std::uint32_t) + cells_.capacity() * sizeof(Cell) +
           neighbours_.capacity() * sizeof(neighbours_[0]) + degree_.capacity();
}

}  // namespace pathkit
