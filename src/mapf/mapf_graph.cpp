// MapfGraph: numbering the walkable tiles and linking straight neighbours.
#include "pathkit/mapf/mapf_graph.hpp"

#include <algorithm>
#include <bit>
#include <optional>
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
           vertices * (sizeof(std::array<MapfVertex, 4>) + sizeof(std::uint32_t));
}

}  // namespace

std::size_t MapfGraph::count_vertices(const GridMap& map) {
    return walkable_tiles(map);
}

std::size_t MapfGraph::estimate_bytes(const GridMap& map) {
    return graph_bytes(words_per_row(map) * (static_cast<std::size_t>(map.height()) + 2),
                       walkable_tiles(map));
}

MapfGraph::MapfGraph(const GridMap& map) : MapfGraph(map, std::nullopt) {}

std::optional<MapfGraph> MapfGraph::build(const GridMap& map,
                                          std::chrono::steady_clock::time_point deadline) {
    MapfGraph graph(map, deadline);
    const std::uint32_t vertices =
        graph.bits_.empty() ? 0 : graph.before_word_.back() + ones(graph.bits_.back());
    if (graph.place_.size() != vertices) return std::nullopt;  // stopped at the deadline
    return graph;
}

MapfGraph::MapfGraph(const GridMap& map,
                     std::optional<std::chrono::steady_clock::time_point> deadline)
    : width_(map.width()),
      height_(map.height()),
      origin_(map.origin()),
      row_bits_(static_cast<std::uint32_t>(64 * words_per_row(map))) {
    const std::size_t rows = static_cast<std::size_t>(height_) + 2;
    const std::size_t row_words = words_per_row(map);
    const std::size_t words = row_words * rows;
    bits_.assign(words, 0);
    before_word_.assign(words, 0);
    // The bits, 64 tiles at a time without branches.
    const std::uint8_t* tiles = map.walkable_data();
    const auto stride = static_cast<std::size_t>(map.stride());
    for (std::size_t row = 0; row < rows; ++row) {
        const std::uint8_t* row_tiles = tiles + row * stride;
        for (std::size_t word = 0; word < row_words; ++word) {
            const std::size_t first = word * 64, last = std::min(stride, first + 64);
            std::uint64_t bits = 0;
            for (std::size_t column = first; column < last; ++column)
                bits |= static_cast<std::uint64_t>(row_tiles[column] != 0) << (column - first);
            bits_[row * row_words + word] = bits;
        }
    }
    std::uint32_t vertices = 0;
    for (std::size_t word = 0; word < words; ++word) {
        before_word_[word] = vertices;
        vertices += ones(bits_[word]);
    }
    // Each vertex in order, with its neighbours: east and west are the next and the last
    // vertex, north and south are counted. Appended, so every byte is written once.
    neighbours_.reserve(vertices);  // exactly: no doubling, no spare capacity
    place_.reserve(vertices);
    for (std::size_t word = 0; word < words; ++word) {
        if (deadline && word % 4096 == 0 && std::chrono::steady_clock::now() >= *deadline)
            return;  // unfinished: `build` sees fewer vertices than the bits hold
        for (std::uint64_t bits = bits_[word]; bits != 0; bits &= bits - 1) {
            const auto position = static_cast<std::uint32_t>(
                word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
            const auto vertex = static_cast<std::uint32_t>(place_.size());
            std::array<MapfVertex, 4> next;
            std::uint32_t degree = 0;
            if (walkable(position - row_bits_))
                next[degree++] = MapfVertex(rank(position - row_bits_));
            if (walkable(position - 1)) next[degree++] = MapfVertex(vertex - 1);
            if (walkable(position + 1)) next[degree++] = MapfVertex(vertex + 1);
            if (walkable(position + row_bits_))
                next[degree++] = MapfVertex(rank(position + row_bits_));
            neighbours_.push_back(next);
            place_.push_back(position << 3 | degree);
        }
    }
}

MapfVertex MapfGraph::vertex_at(Cell cell) const {
    const long x = static_cast<long>(cell.x) - origin_.x, y = static_cast<long>(cell.y) - origin_.y;
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return MapfVertex();
    const auto position = static_cast<std::uint32_t>(static_cast<std::size_t>(y + 1) * row_bits_ +
                                                     static_cast<std::size_t>(x + 1));
    return walkable(position) ? MapfVertex(rank(position)) : MapfVertex();
}

namespace {

// Why `cells` cannot stand for agents (a tile off the map or blocked, two agents on one tile),
// or ok; `vertex_of(cell)` gives the tile's number, or none for a tile no agent may stand on.
template <class VertexOf>
Status check_agent_cells(std::span<const Cell> cells, const char* role, VertexOf&& vertex_of) {
    std::unordered_map<std::uint64_t, std::size_t> agent_on;
    for (std::size_t agent = 0; agent < cells.size(); ++agent) {
        const std::optional<std::uint64_t> vertex = vertex_of(cells[agent]);
        if (!vertex)
            return Status::invalid_input("agent " + std::to_string(agent) + "'s " + role + " " +
                                         to_string(cells[agent]) +
                                         " is outside the map or blocked");
        const auto [other, added] = agent_on.try_emplace(*vertex, agent);
        if (!added)
            return Status::invalid_input("agents " + std::to_string(other->second) + " and " +
                                         std::to_string(agent) + " share the " + role + " " +
                                         to_string(cells[agent]));
    }
    return {};
}

}  // namespace

Status MapfGraph::check_agents(const GridMap& map, std::span<const Cell> cells, const char* role) {
    return check_agent_cells(cells, role, [&](Cell cell) -> std::optional<std::uint64_t> {
        if (!map.is_walkable(cell)) return std::nullopt;
        return map.index(cell);
    });
}

Status MapfGraph::vertices_of(std::span<const Cell> cells, const char* role,
                              MapfConfiguration& vertices) const {
    if (Status status = check_agent_cells(cells, role,
                                          [&](Cell cell) -> std::optional<std::uint64_t> {
                                              const MapfVertex vertex = vertex_at(cell);
                                              if (!vertex.is_valid()) return std::nullopt;
                                              return vertex.value;
                                          });
        !status)
        return status;
    for (const Cell cell : cells)
        vertices.push_back(vertex_at(cell));
    return {};
}

std::size_t MapfGraph::memory_bytes() const {
    return graph_bytes(bits_.capacity(), place_.capacity());
}

}  // namespace pathkit
