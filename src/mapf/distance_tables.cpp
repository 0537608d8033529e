// DistanceTables: paused breadth-first searches from goals, grown on demand, within a budget.
#include "pathkit/mapf/distance_tables.hpp"

#include <algorithm>

namespace pathkit {

DistanceTables::Frontier& DistanceTables::Frontier::operator=(Frontier&& other) noexcept {
    block_ = other.block_;
    blocks_ = std::move(other.blocks_);
    other.blocks_.clear();
    read_ = std::exchange(other.read_, nullptr);
    read_end_ = std::exchange(other.read_end_, nullptr);
    write_ = std::exchange(other.write_, nullptr);
    write_end_ = std::exchange(other.write_end_, nullptr);
    return *this;
}

void DistanceTables::Frontier::add_block() {
    blocks_.push_back(std::make_unique_for_overwrite<MapfVertex[]>(block_));
    write_ = blocks_.back().get();
    write_end_ = write_ + block_;
    if (blocks_.size() == 1) {
        read_ = write_;
        read_end_ = write_end_;
    }
}

void DistanceTables::Frontier::drop_block() {
    blocks_.erase(blocks_.begin());  // the list stays as short as the frontier
    if (blocks_.empty()) {
        read_ = read_end_ = write_ = write_end_ = nullptr;
        return;
    }
    read_ = blocks_.front().get();
    read_end_ = read_ + block_;
}

DistanceTables::DistanceTables(const MapfGraph& graph, std::size_t memory_limit)
    : graph_(&graph), memory_limit_(memory_limit) {}

std::uint32_t DistanceTables::table_for(MapfVertex goal) {
    PATHKIT_ASSERT(goal.index() < graph_->vertex_count());
    const auto [found, added] =
        table_of_goal_.try_emplace(goal.value, static_cast<std::uint32_t>(tables_.size()));
    if (added) tables_.push_back(Table{.goal = goal});
    return found->second;
}

std::size_t DistanceTables::bytes_of(const Table& table) {
    return table.distance.capacity() * sizeof(std::uint32_t) + table.frontier.bytes();
}

void DistanceTables::recount(std::size_t before, std::size_t after) {
    bytes_ = bytes_ - before + after;
    peak_bytes_ = std::max(peak_bytes_, bytes_);
}

void DistanceTables::make_room(std::size_t bytes, const Table& keep) {
    while (bytes_ + bytes > memory_limit_) {
        Table* oldest = nullptr;
        for (Table& table : tables_)
            if (&table != &keep && !table.distance.empty() &&
                (!oldest || table.last_used < oldest->last_used))
                oldest = &table;
        if (!oldest) return;  // only `keep` is left: it is always allowed
        bytes_ -= bytes_of(*oldest);
        *oldest = Table{.goal = oldest->goal};
    }
}

void DistanceTables::restart(Table& table) {
    if (deadline_ && std::chrono::steady_clock::now() >= *deadline_) throw OutOfTime{};
    const std::size_t vertices = graph_->vertex_count();
    // Room for the distances and a first frontier block; more blocks come as it grows.
    make_room(vertices * sizeof(std::uint32_t) + Frontier::bytes_for(0) + bookkeeping_bytes(),
              table);
    const std::size_t before = bytes_of(table);
    table.distance.assign(vertices, unreachable);
    table.frontier = Frontier(Frontier::block_for(vertices));
    table.frontier.push(table.goal);
    table.distance[table.goal.index()] = 0;
    table.finished = false;
    ++vertices_searched_;
    recount(before, bytes_of(table));
}

// Runs the search until `vertex` has its distance (set when it is first reached) or every
// reachable vertex has one.
std::uint32_t DistanceTables::grow_until(Table& table, MapfVertex vertex) {
    std::uint32_t* distance = table.distance.data();
    std::size_t counted = bytes_of(table);
    const auto count = [&] {
        const std::size_t now = bytes_of(table);
        recount(counted, now);
        counted = now;
    };
    std::uint32_t until_clock = until_clock_;  // counted across calls: short searches add up
    const auto keep_clock = [&] { until_clock_ = until_clock; };
    while (!table.frontier.empty()) {
        if (--until_clock == 0) {
            until_clock = clock_interval;
            count();
            if (deadline_ && std::chrono::steady_clock::now() >= *deadline_) {
                keep_clock();
                throw OutOfTime{};
            }
        }
        const MapfVertex here = table.frontier.pop();
        const std::uint32_t next_distance = distance[here.index()] + 1;
        for (const MapfVertex next : graph_->neighbours(here)) {
            if (distance[next.index()] != unreachable) continue;
            distance[next.index()] = next_distance;
            if (table.frontier.push(next)) count();
            ++vertices_searched_;
        }
        if (distance[vertex.index()] != unreachable) {
            count();
            keep_clock();
            return distance[vertex.index()];
        }
    }
    table.finished = true;
    table.frontier = Frontier();
    count();
    keep_clock();
    return distance[vertex.index()];
}

}  // namespace pathkit
