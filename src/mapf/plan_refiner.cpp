// PlanRefiner: large neighbourhood search over a plan, agents replanned by space-time A*.
#include "pathkit/mapf/plan_refiner.hpp"

#include <algorithm>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "splitmix.hpp"

namespace pathkit {

namespace {

constexpr std::uint32_t none = UINT32_MAX;

std::uint64_t visit(std::uint32_t time, std::uint32_t agent) {
    return (static_cast<std::uint64_t>(time) << 32) | agent;
}
std::uint32_t time_of(std::uint64_t entry) {
    return static_cast<std::uint32_t>(entry >> 32);
}
std::uint32_t agent_of(std::uint64_t entry) {
    return static_cast<std::uint32_t>(entry);
}

}  // namespace

PlanRefiner::PlanRefiner(const MapfGraph& graph, DistanceTables& distances, MapfConfiguration goals,
                         const std::vector<MapfConfiguration>& steps, std::uint64_t seed)
    : graph_(&graph),
      distances_(&distances),
      goals_(std::move(goals)),
      paths_(goals_.size()),
      visits_(graph.vertex_count()),
      resting_agent_(graph.vertex_count(), none),
      random_state_(seed) {
    for (std::uint32_t agent = 0; agent < goals_.size(); ++agent) {
        tables_.push_back(distances.table_for(goals_[agent]));
        std::size_t last = 0;  // the time after its last step off its goal
        for (std::size_t t = 0; t < steps.size(); ++t)
            if (steps[t][agent] != goals_[agent]) last = t + 1;
        for (std::size_t t = 0; t <= last && t < steps.size(); ++t)
            paths_[agent].push_back(steps[t][agent]);
        if (paths_[agent].empty()) paths_[agent].push_back(goals_[agent]);
        sum_of_costs_ += paths_[agent].size() - 1;
        reserve(agent);
    }
}

std::uint64_t PlanRefiner::random() {
    return mapf_detail::splitmix64(random_state_);
}

// An agent's path into the tables: visits before it rests, then its goal for good.
void PlanRefiner::reserve(std::uint32_t agent) {
    const std::vector<MapfVertex>& path = paths_[agent];
    for (std::uint32_t t = 0; t + 1 < path.size(); ++t)
        visits_[path[t].index()].push_back(visit(t, agent));
    resting_agent_[goals_[agent].index()] = agent;
}

void PlanRefiner::release(std::uint32_t agent) {
    const std::vector<MapfVertex>& path = paths_[agent];
    for (std::uint32_t t = 0; t + 1 < path.size(); ++t) {
        auto& list = visits_[path[t].index()];
        list.erase(std::find(list.begin(), list.end(), visit(t, agent)));
    }
    resting_agent_[goals_[agent].index()] = none;
}

// Whether `agent` may step from `from` (at `time`) to `to` (at `time + 1`) around the others.
bool PlanRefiner::is_free(std::uint32_t agent, MapfVertex from, MapfVertex to,
                          std::uint32_t time) const {
    const std::uint32_t resting = resting_agent_[to.index()];
    if (resting != none && resting != agent && paths_[resting].size() - 1 <= time + 1)
        return false;  // it already rests there
    for (const std::uint64_t entry : visits_[to.index()]) {
        const std::uint32_t other = agent_of(entry);
        if (other == agent) continue;
        if (time_of(entry) == time + 1) return false;  // the same tile at the same time
        if (time_of(entry) == time && from != to) {    // would the two trade tiles?
            const std::vector<MapfVertex>& path = paths_[other];
            if (path[std::min<std::size_t>(time + 1, path.size() - 1)] == from) return false;
        }
    }
    return true;
}

// The first time from which no other agent passes `vertex` any more.
std::uint32_t PlanRefiner::last_busy(MapfVertex vertex, std::uint32_t agent) const {
    std::uint32_t after = 0;
    for (const std::uint64_t entry : visits_[vertex.index()])
        if (agent_of(entry) != agent) after = std::max(after, time_of(entry) + 1);
    return after;
}

// Space-time A* for one agent from its start to a rest on its goal, around everyone else.
bool PlanRefiner::plan_alone(std::uint32_t agent, std::uint64_t expansion_budget) {
    const MapfVertex start = paths_[agent].front(), goal = goals_[agent];
    const std::uint32_t free_from = last_busy(goal, agent);
    const std::uint64_t vertices = graph_->vertex_count();
    const auto id = [&](MapfVertex v, std::uint32_t t) { return t * vertices + v.index(); };
    struct Open {
        std::uint32_t f, t;
        std::uint64_t state;
        bool operator<(const Open& other) const {  // least f first, then the latest time
            return f != other.f ? f > other.f : t < other.t;
        }
    };
    std::priority_queue<Open> open;
    std::unordered_map<std::uint64_t, std::uint64_t> parent;
    std::unordered_set<std::uint64_t> closed;
    // Steps to the goal, and no arrival before the goal is free for good.
    const auto h = [&](MapfVertex v, std::uint32_t t) {
        const std::uint32_t steps = distances_->distance(tables_[agent], v);
        return std::max(steps, free_from > t ? free_from - t : 0);
    };
    open.push({h(start, 0), 0, id(start, 0)});
    parent[id(start, 0)] = id(start, 0);
    std::uint64_t expansions = 0;
    while (!open.empty() && expansions++ < expansion_budget) {
        const Open here = open.top();
        open.pop();
        if (!closed.insert(here.state).second) continue;
        const MapfVertex at(static_cast<std::uint32_t>(here.state % vertices));
        if (at == goal && here.t >= free_from) {
            std::vector<MapfVertex> path(here.t + 1);
            for (std::uint64_t state = here.state;; state = parent[state]) {
                path[state / vertices] = MapfVertex(static_cast<std::uint32_t>(state % vertices));
                if (parent[state] == state) break;
            }
            paths_[agent] = std::move(path);
            return true;
        }
        const auto offer = [&](MapfVertex next) {
            const std::uint64_t state = id(next, here.t + 1);
            if (closed.contains(state) || !is_free(agent, at, next, here.t)) return;
            if (parent.try_emplace(state, here.state).second)
                open.push({here.t + 1 + h(next, here.t + 1), here.t + 1, state});
        };
        for (const MapfVertex next : graph_->neighbours(at))
            offer(next);
        offer(at);
    }
    return false;
}

// A few agents: at random, or the most delayed of a sample and those on or near its way.
std::vector<std::uint32_t> PlanRefiner::pick_neighbourhood() {
    const auto agents = static_cast<std::uint32_t>(goals_.size());
    const std::size_t size = std::min<std::size_t>(neighbourhood_size_, agents);
    std::vector<std::uint32_t> chosen;
    const auto add = [&](std::uint32_t agent) {
        if (chosen.size() < size && std::find(chosen.begin(), chosen.end(), agent) == chosen.end())
            chosen.push_back(agent);
    };
    if (random() % 2 == 0) {
        std::uint32_t worst = static_cast<std::uint32_t>(random() % agents);
        std::uint64_t worst_delay = 0;
        for (int sample = 0; sample < 8; ++sample) {
            const auto agent = static_cast<std::uint32_t>(random() % agents);
            const std::vector<MapfVertex>& path = paths_[agent];
            const std::uint64_t delay =
                path.size() - 1 - distances_->distance(tables_[agent], path.front());
            if (delay > worst_delay) {
                worst = agent;
                worst_delay = delay;
            }
        }
        add(worst);
        for (const MapfVertex vertex : paths_[worst]) {
            for (const std::uint64_t entry : visits_[vertex.index()])
                add(agent_of(entry));
            if (resting_agent_[vertex.index()] != none) add(resting_agent_[vertex.index()]);
        }
    }
    while (chosen.size() < size)
        add(static_cast<std::uint32_t>(random() % agents));
    return chosen;
}

std::uint64_t PlanRefiner::run(std::chrono::steady_clock::time_point deadline) {
    std::uint64_t rounds = 0;
    const std::uint64_t budget = std::min(
        16 * static_cast<std::uint64_t>(graph_->vertex_count()) + 1000, max_round_expansions);
    while (std::chrono::steady_clock::now() < deadline) {
        ++rounds;
        std::vector<std::uint32_t> chosen = pick_neighbourhood();
        for (std::size_t i = chosen.size(); i > 1; --i)  // replanned in random order
            std::swap(chosen[i - 1], chosen[random() % i]);
        std::vector<std::vector<MapfVertex>> before;
        std::uint64_t old_cost = 0, new_cost = 0;
        for (const std::uint32_t agent : chosen) {
            before.push_back(paths_[agent]);
            old_cost += paths_[agent].size() - 1;
            release(agent);
        }
        std::size_t planned = 0;
        bool out_of_time = false;
        try {
            for (; planned < chosen.size(); ++planned) {
                if (!plan_alone(chosen[planned], budget)) break;
                reserve(chosen[planned]);
                new_cost += paths_[chosen[planned]].size() - 1;
            }
        } catch (const DistanceTables::OutOfTime&) {
            out_of_time = true;  // the round is undone below: the plan stays whole
        }
        if (!out_of_time && planned == chosen.size() && new_cost < old_cost) {
            sum_of_costs_ = sum_of_costs_ - old_cost + new_cost;
            continue;
        }
        for (std::size_t i = 0; i < planned; ++i)  // no better: the old paths go back
            release(chosen[i]);
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            paths_[chosen[i]] = std::move(before[i]);
            reserve(chosen[i]);
        }
        if (out_of_time) break;
    }
    return rounds;
}

std::size_t PlanRefiner::memory_bytes() const {
    std::size_t bytes = visits_.capacity() * sizeof(visits_[0]) +
                        resting_agent_.capacity() * sizeof(std::uint32_t) +
                        (goals_.capacity() + tables_.capacity()) * sizeof(std::uint32_t) +
                        paths_.capacity() * sizeof(paths_[0]);
    for (const auto& path : paths_)
        bytes += path.capacity() * sizeof(MapfVertex);
    for (const auto& list : visits_)
        bytes += list.capacity() * sizeof(std::uint64_t);
    return bytes;
}

std::vector<MapfConfiguration> PlanRefiner::steps() const {
    std::size_t length = 1;
    for (const auto& path : paths_)
        length = std::max(length, path.size());
    std::vector<MapfConfiguration> result(length, MapfConfiguration(goals_.size()));
    for (std::uint32_t agent = 0; agent < goals_.size(); ++agent)
        for (std::size_t t = 0; t < length; ++t)
            result[t][agent] = paths_[agent][std::min(t, paths_[agent].size() - 1)];
    return result;
}

}  // namespace pathkit
