/// DistanceTables: steps to each agent's goal on a MapfGraph, by breadth-first searches grown
/// only as far as they are asked.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
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
/// - Bounded: tables together hold at most `memory_limit` bytes (4 per vertex, plus the
///   search's frontier while it runs, in blocks of 4 to 64 KiB). A new table past the limit
///   first frees the least recently used others, which are searched again if asked for later;
///   one table is always kept. `memory_bytes` counts every byte the tables allocate.
/// - Deadline: with `stop_at`, a search that would run past the deadline throws `OutOfTime`
///   instead (the tables stay usable; the one being grown is simply further along).
/// - Not thread-safe (asking writes): one per planner; the graph may be shared.
class DistanceTables {
  public:
    /// Thrown by `distance` past the deadline given to `stop_at`.
    struct OutOfTime {};
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
    /// The table's distances by vertex index (`unreachable` where there is no way) once its
    /// search has reached every vertex it can, or nullptr before that. Counts as a use of the
    /// table, as `distance` does. The pointer stays valid until a call on another table (which
    /// may free this one to make room); then ask again.
    [[nodiscard]] const std::uint32_t* finished_distances(std::uint32_t table) {
        Table& entry = tables_[table];
        entry.last_used = ++clock_;
        return entry.finished && !entry.distance.empty() ? entry.distance.data() : nullptr;
    }
    [[nodiscard]] MapfVertex goal(std::uint32_t table) const { return tables_[table].goal; }
    /// From now on, searching past `deadline` throws `OutOfTime` (checked at every table
    /// (re)started and every 65,536 vertices searched, so within milliseconds); `std::nullopt`
    /// removes the deadline.
    void stop_at(std::optional<std::chrono::steady_clock::time_point> deadline) {
        deadline_ = deadline;
    }

    /// Bytes a table over `vertex_count` vertices holds at most while it is searched (its
    /// distances, and a frontier of at most every vertex); what the limit always lets through.
    [[nodiscard]] static std::size_t largest_table_bytes(std::size_t vertex_count) {
        return vertex_count * sizeof(std::uint32_t) + Frontier::bytes_for(vertex_count);
    }

    /// A memory limit under which tables for `goals` distinct goals over `vertex_count`
    /// vertices are all kept at once, each with the largest frontier it can have: nothing is
    /// freed and searched again. (A limit of only their distances plus a little thrashes on
    /// big maps: planners ask every agent's table in turn, so the least recently used table
    /// freed to make room is the next one asked for.)
    [[nodiscard]] static std::size_t room_for_goals(std::size_t vertex_count, std::size_t goals) {
        return goals * largest_table_bytes(vertex_count);
    }

    /// Bytes the tables hold now, and at most so far (their bookkeeping included).
    [[nodiscard]] std::size_t memory_bytes() const { return bytes_ + bookkeeping_bytes(); }
    [[nodiscard]] std::size_t peak_memory_bytes() const {
        return peak_bytes_ + bookkeeping_bytes();
    }
    /// Vertices the searches have reached, counted again when a freed table is searched again.
    [[nodiscard]] std::uint64_t vertices_searched() const { return vertices_searched_; }

  private:
    // A breadth-first search's queue in blocks, each freed once read: it holds the frontier,
    // not everything reached.
    class Frontier {
      public:
        // Vertices a block holds on a graph of `vertex_count`: 4 to 64 KiB.
        [[nodiscard]] static std::size_t block_for(std::size_t vertex_count) {
            return std::clamp<std::size_t>(vertex_count / 64, 1024, std::size_t{1} << 14);
        }
        // At most what a frontier of every vertex holds.
        [[nodiscard]] static std::size_t bytes_for(std::size_t vertex_count) {
            const std::size_t block = block_for(vertex_count);
            return (vertex_count / block + 2) * (block * sizeof(MapfVertex) + sizeof(void*));
        }
        Frontier() = default;
        explicit Frontier(std::size_t block) : block_(block) {}
        Frontier(Frontier&& other) noexcept { *this = std::move(other); }
        Frontier& operator=(Frontier&& other) noexcept;
        Frontier(const Frontier&) = delete;
        Frontier& operator=(const Frontier&) = delete;
        ~Frontier() = default;

        [[nodiscard]] bool empty() const { return read_ == write_; }
        /// Returns true when it took a new block.
        bool push(MapfVertex vertex) {
            const bool grows = write_ == write_end_;
            if (grows) add_block();
            *write_++ = vertex;
            return grows;
        }
        MapfVertex pop() {
            const MapfVertex vertex = *read_++;
            if (read_ == read_end_) drop_block();  // read through: freed at once
            return vertex;
        }
        [[nodiscard]] std::size_t bytes() const {
            return blocks_.size() * block_ * sizeof(MapfVertex) +
                   blocks_.capacity() * sizeof(void*);
        }

      private:
        void add_block();
        void drop_block();

        std::size_t block_ = 64;
        std::vector<std::unique_ptr<MapfVertex[]>> blocks_;  // the first one is read
        const MapfVertex* read_ = nullptr;
        const MapfVertex* read_end_ = nullptr;
        MapfVertex* write_ = nullptr;  // in the last block
        MapfVertex* write_end_ = nullptr;
    };

    struct Table {
        MapfVertex goal;
        std::vector<std::uint32_t> distance;  // by vertex; empty while freed
        Frontier frontier;                    // the search's queue, empty when it finished
        bool finished = false;
        std::uint64_t last_used = 0;
    };

    void restart(Table& table);
    std::uint32_t grow_until(Table& table, MapfVertex vertex);
    void make_room(std::size_t bytes, const Table& keep);
    void recount(std::size_t before, std::size_t after);
    [[nodiscard]] static std::size_t bytes_of(const Table& table);
    // The list of tables and the goal index (a hash node is 32 bytes with malloc's header).
    [[nodiscard]] std::size_t bookkeeping_bytes() const {
        return tables_.capacity() * sizeof(Table) + table_of_goal_.size() * 32 +
               table_of_goal_.bucket_count() * sizeof(void*);
    }

    const MapfGraph* graph_;
    std::size_t memory_limit_;
    std::vector<Table> tables_;
    std::unordered_map<std::uint32_t, std::uint32_t> table_of_goal_;
    std::uint64_t clock_ = 0;
    std::size_t bytes_ = 0;
    std::size_t peak_bytes_ = 0;
    std::uint64_t vertices_searched_ = 0;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    static constexpr std::uint32_t clock_interval = 1 << 16;
    std::uint32_t until_clock_ = clock_interval;  // vertices to search before reading the clock
};

}  // namespace pathkit
