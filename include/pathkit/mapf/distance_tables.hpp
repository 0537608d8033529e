/// DistanceTables: steps to each agent's goal on a MapfGraph, by breadth-first searches grown
/// only as far as they are asked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// Exact 4-connected distances to goal vertices, for planners that ask "how far is my goal
/// from here" millions of times.
///
/// - One table per distinct goal, shared by every agent with that goal.
/// - Lazy: a table is a breadth-first search from its goal, paused; asking for a vertex it has
///   not reached yet runs it on until it has (LaCAM3 does the same), so tiles far beyond every
///   agent are never visited.
/// - Bounded: tables together hold at most `memory_limit` bytes (8 per vertex while a search
///   runs, 4 once it has finished). A new table past the limit first frees the least recently
///   used others, which are searched again if asked for later; one table is always kept.
/// - Not thread-safe (asking writes): one per planner; the graph may be shared.
class DistanceTables {
  public:
    /// What `distance` returns when no path leads to the goal.
    static constexpr std::uint32_t unreachable = std::numeric_limits<std::uint32_t>::max();

    /// Tables over `graph` (which must outlive them) within `memory_limit` bytes.
    DistanceTables(const MapfGraph& graph, std::size_t memory_limit);

    /// The table for `goal` (a valid vertex of the graph), made on first request.
    [[nodiscard]] std::uint32_t table_for(MapfVertex goal);
    /// Steps from `vertex` to the table's goal, or `unreachable`.
    [[nodiscard]] std::uint32_t distance(std::uint32_t table, MapfVertex vertex) {
        Table& entry = tables_[table];
        entry.last_used = ++clock_;
        if (entry.distance.empty()) restart(entry);
        const std::uint32_t known = entry.distance[vertex.index()];
        return known != unreachable || entry.finished ? known : grow_until(entry, vertex);
    }
    /// The goal of a table.
    [[nodiscard]] MapfVertex goal(std::uint32_t table) const { return tables_[table].goal; }

    /// Bytes the tables hold now, and at most so far.
    [[nodiscard]] std::size_t memory_bytes() const { return bytes_; }
    [[nodiscard]] std::size_t peak_memory_bytes() const { return peak_bytes_; }
    /// Vertices the searches have reached, counted again when a freed table is searched again.
    [[nodiscard]] std::uint64_t vertices_searched() const { return vertices_searched_; }
    /// Tables freed to stay within the limit.
    [[nodiscard]] std::uint64_t tables_freed() const { return tables_freed_; }

  private:
    struct Table {
        MapfVertex goal;
        std::vector<std::uint32_t> distance;  // by vertex; empty while freed
        std::vector<MapfVertex> queue;        // the search's FIFO, emptied when it finishes
        std::size_t head = 0;
        bool finished = false;
        std::uint64_t last_used = 0;
    };

    void restart(Table& table);
    std::uint32_t grow_until(Table& table, MapfVertex vertex);
    void finish(Table& table);
    void make_room(std::size_t bytes, const Table& keep);
    [[nodiscard]] static std::size_t bytes_of(const Table& table);

    const MapfGraph* graph_;
    std::size_t memory_limit_;
    std::vector<Table> tables_;
    std::unordered_map<std::uint32_t, std::uint32_t> table_of_goal_;
    std::uint64_t clock_ = 0;
    std::size_t bytes_ = 0;
    std::size_t peak_bytes_ = 0;
    std::uint64_t vertices_searched_ = 0;
    std::uint64_t tables_freed_ = 0;
};

}  // namespace pathkit
