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

// 64-bit words of one padded row (the map's width and a blocked column each side).
std::size_t words_per_row(const GridMap& map) {
    return (static_cast<std::size_t>(map.width()) + 2 + 63) / 64;
}

std::size_t graph_bytes(std::size_t words, std::size_t vertices) {
    return words * (sizeof(std::uint64_t) + sizeof(std::uint32_t)) +
           vertices * 3 * sizeof(std::uint32_t);
}

}  // namespace

std::size_t MapfGraph::count_vertices(const GridMap& map) {
    return walkable_tiles(map);
}

std::size_t MapfGraph::estimate_bytes(const GridMap& map) {
    return graph_bytes(words_per_row(map) * (static_cast<std::size_t>(map.height()) + 2),
                       walkable_tiles(map));
}

MapfGraph::MapfGraph(const GridMap& map)
    : width_(map.width()),
      height_(map.height()),
      origin_(map.origin()),
      row_bits_(static_cast<std::uint32_t>(64 * words_per_row(map))) {
    const std::size_t rows = static_cast<std::size_t>(height_) + 2;
    const std::size_t words = words_per_row(map) * rows;
    bits_.assign(words, 0);
    before_word_.assign(words, 0);
    links_.reserve(walkable_tiles(map));  // exactly: no doubling, no spare capacity
    const std::uint8_t* tiles = map.walkable_data();
    const auto stride = static_cast<std::size_t>(map.stride());
    for (std::size_t row = 0; row < rows; ++row) {
        for (std::size_t column = 0; column < stride; ++column) {
            if (tiles[row * stride + column] == 0) continue;
            const std::size_t position = row * row_bits_ + column;
            bits_[position >> 6] |= std::uint64_t{1} << (position & 63);
            links_.push_back({static_cast<std::uint32_t>(position), MapfVertex::invalid_value,
                              MapfVertex::invalid_value});
        }
    }
    std::uint32_t before = 0;
    for (std::size_t word = 0; word < words; ++word) {
        before_word_[word] = before;
        before += ones(bits_[word]);
    }
    for (Links& links : links_) {
        if (walkable(links.position - row_bits_)) links.north = rank(links.position - row_bits_);
        if (walkable(links.position + row_bits_)) links.south = rank(links.position + row_bits_);
    }
}

MapfVertex MapfGraph::vertex_at(Cell cell) const {
    const long x = static_cast<long>(cell.x) - origin_.x, y = static_cast<long>(cell.y) - origin_.y;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return MapfVertex();
    const auto position = static_cast<std::uint32_t>(static_cast<std::size_t>(y + 1) * row_bits_ +
                                                     static_cast<std::size_t>(x + 1));
    return walkable(position) ? MapfVertex(rank(position)) : MapfVertex();
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
    return graph_bytes(bits_.capacity(), links_.capacity());
}

}  // namespace pathkit
