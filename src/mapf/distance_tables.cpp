// DistanceTables: paused breadth-first searches from goals, grown on demand, within a budget.
#include "pathkit/mapf/distance_tables.hpp"

#include <algorithm>

namespace pathkit {

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
    return (table.distance.capacity() + table.queue.capacity()) * sizeof(std::uint32_t);
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
        ++tables_freed_;
    }
}

void DistanceTables::restart(Table& table) {
    const std::size_t vertices = graph_->vertex_count();
    make_room(2 * vertices * sizeof(std::uint32_t), table);
    table.distance.assign(vertices, unreachable);
    table.queue.reserve(vertices);
    table.queue.push_back(table.goal);
    table.distance[table.goal.index()] = 0;
    table.head = 0;
    table.finished = false;
    ++vertices_searched_;
    bytes_ += bytes_of(table);
    peak_bytes_ = std::max(peak_bytes_, bytes_);
}

// Runs the search until `vertex` has its distance (set when it is first reached) or every
// reachable vertex has one.
std::uint32_t DistanceTables::grow_until(Table& table, MapfVertex vertex) {
    std::uint32_t* distance = table.distance.data();
    while (table.head < table.queue.size()) {
        const MapfVertex here = table.queue[table.head++];
        const std::uint32_t next_distance = distance[here.index()] + 1;
        for (const MapfVertex next : graph_->neighbours(here)) {
            if (distance[next.index()] != unreachable) continue;
            distance[next.index()] = next_distance;
            table.queue.push_back(next);
            ++vertices_searched_;
        }
        if (distance[vertex.index()] != unreachable) return distance[vertex.index()];
    }
    finish(table);
    return distance[vertex.index()];
}

void DistanceTables::finish(Table& table) {
    bytes_ -= bytes_of(table);
    table.finished = true;
    table.queue = {};
    bytes_ += bytes_of(table);
}

}  // namespace pathkit
