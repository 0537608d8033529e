// LifelongPlanner: PIBT towards each agent's current task, tasks finished and taken as agents
// arrive; and the map properties its guarantee rests on.
#include "pathkit/mapf/lifelong.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "held_bytes.hpp"
#include "pibt_priorities.hpp"
#include "splitmix.hpp"

namespace pathkit {

std::vector<std::uint32_t> connected_parts(const MapfGraph& graph) {
    constexpr std::uint32_t unseen = UINT32_MAX;
    std::vector<std::uint32_t> part(graph.vertex_count(), unseen);
    std::vector<MapfVertex> stack;
    std::uint32_t parts = 0;
    for (std::uint32_t first = 0; first < graph.vertex_count(); ++first) {
        if (part[first] != unseen) continue;
        part[first] = parts;
        stack.push_back(MapfVertex(first));
        while (!stack.empty()) {
            const MapfVertex here = stack.back();
            stack.pop_back();
            for (const MapfVertex next : graph.neighbours(here))
                if (part[next.index()] == unseen) {
                    part[next.index()] = parts;
                    stack.push_back(next);
                }
        }
        ++parts;
    }
    return part;
}

std::vector<LifelongTask> random_lifelong_tasks(const MapfGraph& graph,
                                                std::span<const MapfVertex> starts,
                                                std::size_t tasks_each, std::uint64_t seed) {
    const std::vector<std::uint32_t> part = connected_parts(graph);
    std::vector<std::vector<std::uint32_t>> vertices_of_part;
    for (std::uint32_t vertex = 0; vertex < part.size(); ++vertex) {
        if (part[vertex] >= vertices_of_part.size()) vertices_of_part.resize(part[vertex] + 1);
        vertices_of_part[part[vertex]].push_back(vertex);
    }
    std::vector<LifelongTask> tasks;
    tasks.reserve(starts.size() * tasks_each);
    std::uint64_t state = seed;
    for (std::uint32_t agent = 0; agent < starts.size(); ++agent) {
        const std::vector<std::uint32_t>& choices = vertices_of_part[part[starts[agent].index()]];
        for (std::size_t k = 0; k < tasks_each; ++k) {
            // Multiply-shift: uniform enough for any part below 2^32 tiles, the same everywhere.
            const std::uint64_t draw = mapf_detail::splitmix64(state) >> 32;
            const auto pick = static_cast<std::size_t>((draw * choices.size()) >> 32);
            tasks.push_back({agent, graph.cell(MapfVertex(choices[pick]))});
        }
    }
    return tasks;
}

// Tarjan's bridge test: an edge parent-child is a bridge when nothing below the child reaches
// back above it. The depth-first search keeps its own stack of (vertex, next neighbour).
bool every_edge_on_a_cycle(const MapfGraph& graph) {
    constexpr std::uint32_t unseen = UINT32_MAX;
    const std::uint32_t count = graph.vertex_count();
    std::vector<std::uint32_t> entered(count, unseen), lowest(count, 0), parent(count, unseen);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack;  // vertex, neighbour index
    std::uint32_t clock = 0;
    for (std::uint32_t root = 0; root < count; ++root) {
        if (entered[root] != unseen) continue;
        entered[root] = lowest[root] = clock++;
        stack.emplace_back(root, 0);
        while (!stack.empty()) {
            auto& [vertex, index] = stack.back();
            const auto neighbours = graph.neighbours(MapfVertex(vertex));
            if (index < neighbours.size()) {
                const std::uint32_t next = neighbours[index++].index();
                if (entered[next] == unseen) {
                    entered[next] = lowest[next] = clock++;
                    parent[next] = vertex;
                    stack.emplace_back(next, 0);
                } else if (next != parent[vertex]) {
                    lowest[vertex] = std::min(lowest[vertex], entered[next]);
                }
                continue;
            }
            const std::uint32_t done = vertex;
            stack.pop_back();
            if (parent[done] == unseen) continue;
            const std::uint32_t above = parent[done];
            if (lowest[done] > entered[above]) return false;  // done-above is a bridge
            lowest[above] = std::min(lowest[above], lowest[done]);
        }
    }
    return true;
}

Expected<LifelongPlanner> LifelongPlanner::create(const MapfGraph& graph,
                                                  std::span<const Cell> starts,
                                                  const LifelongOptions& options) {
    MapfConfiguration at;
    if (Status status = graph.vertices_of(starts, "start", at); !status) return status;
    return LifelongPlanner(graph, std::move(at), options);
}

LifelongPlanner::LifelongPlanner(const MapfGraph& graph, MapfConfiguration starts,
                                 const LifelongOptions& options)
    : graph_(&graph),
      distances_(std::make_unique<DistanceTables>(graph, options.distance_memory_limit)),
      positions_(std::move(starts)),
      part_of_vertex_(connected_parts(graph)),
      pibt_(graph, *distances_, positions_, options.seed, options.swap),
      queues_(positions_.size()),
      finished_(positions_.size()),
      task_taken_(positions_.size(), 0),
      priorities_(positions_.size(), 0.0f),
      order_(positions_.size()),
      next_(positions_.size()) {
    for (const MapfVertex vertex : positions_)
        cells_.push_back(graph.cell(vertex));
    // Distinct tie-breaks below 1, so the first steps' order is fixed and ages decide later.
    const auto agents = static_cast<float>(positions_.size());
    for (std::size_t agent = 0; agent < priorities_.size(); ++agent)
        priorities_[agent] = static_cast<float>(agent) / agents;
    std::vector<std::size_t> agents_in_part, tiles_in_part;
    for (const std::uint32_t part : part_of_vertex_) {
        if (part >= tiles_in_part.size()) tiles_in_part.resize(part + 1, 0);
        ++tiles_in_part[part];
    }
    agents_in_part.assign(tiles_in_part.size(), 0);
    for (const MapfVertex vertex : positions_)
        ++agents_in_part[part_of_vertex_[vertex.index()]];
    bool room = true;
    for (std::size_t part = 0; part < tiles_in_part.size(); ++part)
        room = room && agents_in_part[part] < tiles_in_part[part];
    progress_guaranteed_ =
        room && !options.swap && !options.traffic_flow && every_edge_on_a_cycle(graph);
    if (options.traffic_flow)
        flow_ = std::make_unique<TrafficFlow>(graph, *distances_, positions_.size());
}

Status LifelongPlanner::add_task(std::uint32_t agent, Cell tile) {
    if (agent >= queues_.size())
        return Status::invalid_input("agent " + std::to_string(agent) + " does not exist (" +
                                     std::to_string(queues_.size()) + " agents)");
    const MapfVertex vertex = graph_->vertex_at(tile);
    if (!vertex.is_valid())
        return Status::invalid_input("tile " + to_string(tile) + " is outside the map or blocked");
    if (part_of_vertex_[vertex.index()] != part_of_vertex_[positions_[agent].index()])
        return Status::invalid_input("tile " + to_string(tile) + " cannot be reached from agent " +
                                     std::to_string(agent) + "'s tile " + to_string(cells_[agent]));
    queues_[agent].push_back(vertex);
    if (queues_[agent].size() == 1) {
        task_taken_[agent] = steps_;
        finish_tasks(agent);
    }
    return {};
}

Status LifelongPlanner::clear_tasks(std::uint32_t agent) {
    if (agent >= queues_.size())
        return Status::invalid_input("agent " + std::to_string(agent) + " does not exist (" +
                                     std::to_string(queues_.size()) + " agents)");
    queues_[agent].clear();
    if (pibt_.goals()[agent] != positions_[agent]) pibt_.set_goal(agent, positions_[agent]);
    priorities_[agent] -= std::floor(priorities_[agent]);
    return {};
}

// Finishes the agent's tasks on its tile and heads for the next (or stays, without one).
void LifelongPlanner::finish_tasks(std::uint32_t agent) {
    std::deque<MapfVertex>& queue = queues_[agent];
    bool finished_one = false;
    while (!queue.empty() && queue.front() == positions_[agent]) {
        queue.pop_front();
        finished_[agent].push_back(steps_);
        ++tasks_finished_;
        finished_one = true;
    }
    if (finished_one) {
        task_taken_[agent] = steps_;
        priorities_[agent] -= std::floor(priorities_[agent]);
    }
    const MapfVertex goal = queue.empty() ? positions_[agent] : queue.front();
    if (pibt_.goals()[agent] != goal) pibt_.set_goal(agent, goal);
}

bool LifelongPlanner::step(std::chrono::microseconds budget) {
    const auto began = std::chrono::steady_clock::now();
    distances_->stop_at(began + budget);
    std::fill(next_.begin(), next_.end(), MapfVertex());
    mapf_detail::order_by_priority(priorities_, order_);
    bool planned = true;
    try {
        if (flow_) {
            // New tasks' paths, then a sixteenth of the others renewed a step.
            (void)flow_->update(positions_, pibt_.goals(), began + budget / 2,
                                positions_.size() / 16 + 1);
            pibt_.follow_routes(flow_->routes());
        }
        // PIBT may fail only for an agent whose own tile was taken by a constraint; there are
        // none here, so every agent gets a tile.
        planned = pibt_.plan_step(positions_, next_, order_);
    } catch (const DistanceTables::OutOfTime&) {
        planned = false;
    }
    distances_->stop_at(std::nullopt);
    ++steps_;
    if (!planned) {  // out of time: everyone waits, and ages as usual
        ++steps_out_of_time_;
        next_ = positions_;
    }
    mapf_detail::step_priorities(next_, pibt_.goals(), priorities_);
    std::swap(positions_, next_);
    for (std::uint32_t agent = 0; agent < positions_.size(); ++agent) {
        cells_[agent] = graph_->cell(positions_[agent]);
        if (!queues_[agent].empty()) {
            finish_tasks(agent);
        } else if (pibt_.goals()[agent] != positions_[agent]) {  // pushed: stay where it is now
            pibt_.set_goal(agent, positions_[agent]);
            priorities_[agent] -= std::floor(priorities_[agent]);
        }
    }
    return planned;
}

std::uint64_t LifelongPlanner::oldest_task_age() const {
    std::uint64_t oldest = 0;
    for (std::size_t agent = 0; agent < queues_.size(); ++agent)
        if (!queues_[agent].empty()) oldest = std::max(oldest, steps_ - task_taken_[agent]);
    return oldest;
}

std::size_t LifelongPlanner::memory_bytes() const {
    using mapf_detail::held_bytes;
    std::size_t bytes = distances_->memory_bytes() + pibt_.memory_bytes() +
                        (flow_ ? flow_->memory_bytes() : 0) + held_bytes(positions_) +
                        held_bytes(cells_) + held_bytes(part_of_vertex_) + held_bytes(queues_) +
                        held_bytes(finished_) + held_bytes(task_taken_) + held_bytes(priorities_) +
                        held_bytes(order_) + held_bytes(next_);
    for (const auto& queue : queues_)  // a deque holds blocks of 512 bytes and a map of them
        bytes += (queue.size() * sizeof(MapfVertex) / 512 + 1) * 512 + 64;
    for (const auto& steps : finished_)
        bytes += held_bytes(steps);
    return bytes;
}

}  // namespace pathkit
