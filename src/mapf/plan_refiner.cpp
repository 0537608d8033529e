// PlanRefiner: large neighbourhood search over a plan, agents replanned by space-time A*.
#include "pathkit/mapf/plan_refiner.hpp"

#include <algorithm>
#include <iterator>

#include "held_bytes.hpp"
#include "splitmix.hpp"

namespace pathkit {

namespace {

using mapf_detail::held_bytes;

constexpr std::uint32_t none = UINT32_MAX;
constexpr std::uint32_t neighbourhood_kinds = 4;
constexpr std::uint32_t size_count = std::size(PlanRefiner::neighbourhood_sizes);

std::uint64_t visit(std::uint32_t time, std::uint32_t agent) {
    return (static_cast<std::uint64_t>(time) << 32) | agent;
}
std::uint32_t time_of(std::uint64_t entry) {
    return static_cast<std::uint32_t>(entry >> 32);
}
std::uint32_t agent_of(std::uint64_t entry) {
    return static_cast<std::uint32_t>(entry);
}

// Expansions of one agent's space-time search on a graph of `vertex_count` vertices.
std::uint64_t round_expansion_budget(std::size_t vertex_count) {
    return std::min(16 * static_cast<std::uint64_t>(vertex_count) + 1000,
                    PlanRefiner::max_round_expansions);
}

// States that search reaches at most: each expansion adds at most 5 (4 moves and a wait).
std::size_t most_states(std::size_t vertex_count) {
    return 5 * round_expansion_budget(vertex_count) + 1;
}

}  // namespace

std::size_t PlanRefiner::starting_bytes(std::size_t vertex_count, std::size_t agents,
                                        std::size_t steps) {
    return vertex_count * (sizeof(std::vector<std::uint64_t>) + sizeof(std::uint32_t)) +
           agents * (sizeof(std::vector<MapfVertex>) + 2 * sizeof(std::uint32_t) +
                     2 * steps * (sizeof(MapfVertex) + sizeof(std::uint64_t)));
}

std::size_t PlanRefiner::largest_search_bytes(std::size_t vertex_count) {
    return KeyedSearchContext::largest_bytes(most_states(vertex_count));
}

PlanRefiner::PlanRefiner(const MapfGraph& graph, DistanceTables& distances, MapfConfiguration goals,
                         const std::vector<MapfConfiguration>& steps, std::uint64_t seed,
                         std::size_t memory_limit)
    : graph_(&graph),
      distances_(&distances),
      goals_(std::move(goals)),
      paths_(goals_.size()),
      visits_(graph.vertex_count()),
      resting_agent_(graph.vertex_count(), none),
      random_state_(seed),
      only_size_index_(size_count),
      arm_weights_(neighbourhood_kinds * size_count, 1.0),
      search_(1) {
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
    const std::size_t held = memory_bytes();  // the search holds nothing yet
    search_ = KeyedSearchContext(std::min(
        most_states(graph.vertex_count()),
        KeyedSearchContext::capacity_within(memory_limit > held ? memory_limit - held : 0)));
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

// One agent's moves in space and time around everyone else's paths: a state is a vertex at a
// time (key time * vertices + vertex); every step, a move or a wait, takes 1.
class PlanRefiner::SpaceTime {
  public:
    SpaceTime(const PlanRefiner& refiner, std::uint32_t agent)
        : refiner_(refiner),
          agent_(agent),
          table_(refiner.tables_[agent]),
          goal_(refiner.goals_[agent]),
          free_from_(refiner.last_busy(goal_, agent)),
          vertices_(refiner.graph_->vertex_count()) {}

    [[nodiscard]] StateKey key_of(MapfVertex vertex, std::uint64_t time) const {
        return time * vertices_ + vertex.index();
    }
    [[nodiscard]] MapfVertex vertex_of(StateKey key) const {
        return MapfVertex(static_cast<std::uint32_t>(key % vertices_));
    }
    template <class Visit>
    void for_each_successor(StateKey key, Visit&& visit) const {
        const MapfVertex at = vertex_of(key);
        const auto time = static_cast<std::uint32_t>(key / vertices_);
        for (const MapfVertex next : refiner_.graph_->neighbours(at))
            if (refiner_.is_free(agent_, at, next, time)) visit(key_of(next, time + 1), Cost{1});
        if (refiner_.is_free(agent_, at, at, time)) visit(key_of(at, time + 1), Cost{1});
    }
    // Steps to the goal, and no arrival before the goal is free for good.
    [[nodiscard]] Cost heuristic(StateKey key) const {
        const auto time = static_cast<std::uint32_t>(key / vertices_);
        const std::uint32_t steps = refiner_.distances_->distance(table_, vertex_of(key));
        return static_cast<Cost>(std::max(steps, free_from_ > time ? free_from_ - time : 0));
    }
    [[nodiscard]] bool is_goal(StateKey key) const {
        return vertex_of(key) == goal_ && key / vertices_ >= free_from_;
    }

  private:
    const PlanRefiner& refiner_;
    std::uint32_t agent_;
    std::uint32_t table_;
    MapfVertex goal_;
    std::uint32_t free_from_;
    std::uint64_t vertices_;
};

// Space-time A* for one agent from its start to a rest on its goal, around everyone else, by
// the engine. Ties of f go to the latest time (the engine's smaller h: every step costs 1).
bool PlanRefiner::plan_alone(std::uint32_t agent, std::uint64_t expansion_budget) {
    const SpaceTime space(*this, agent);
    const PathResult<StateKey> found =
        find_keyed_path(space, space.key_of(paths_[agent].front(), 0), search_,
                        {.max_expansions = expansion_budget});
    expansions_ += found.stats.expanded;
    if (found.status != SearchStatus::Found) return false;
    std::vector<MapfVertex>& path = paths_[agent];
    path.clear();
    for (const StateKey key : found.path)
        path.push_back(space.vertex_of(key));
    return true;
}

MapfVertex PlanRefiner::position(std::uint32_t agent, std::uint32_t time) const {
    const std::vector<MapfVertex>& path = paths_[agent];
    return path[std::min<std::size_t>(time, path.size() - 1)];
}

// The most delayed (steps beyond its distance) of 8 agents drawn at random.
std::uint32_t PlanRefiner::most_delayed_of_a_few() {
    const auto agents = static_cast<std::uint32_t>(goals_.size());
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
    return worst;
}

namespace {

void add_agent(std::uint32_t agent, std::uint32_t size, std::vector<std::uint32_t>& chosen) {
    if (chosen.size() < size && std::find(chosen.begin(), chosen.end(), agent) == chosen.end())
        chosen.push_back(agent);
}

}  // namespace

void PlanRefiner::add_crossing(std::uint32_t size, std::vector<std::uint32_t>& chosen) {
    const std::uint32_t worst = most_delayed_of_a_few();
    add_agent(worst, size, chosen);
    for (const MapfVertex vertex : paths_[worst]) {
        for (const std::uint64_t entry : visits_[vertex.index()])
            add_agent(agent_of(entry), size, chosen);
        if (resting_agent_[vertex.index()] != none)
            add_agent(resting_agent_[vertex.index()], size, chosen);
    }
}

// From a random time on a delayed agent's path, steps (moves or waits) that keep an earlier
// arrival possible, drawn at random; whoever holds the tile stepped onto joins. A few walks.
void PlanRefiner::add_random_walk(std::uint32_t size, std::vector<std::uint32_t>& chosen) {
    for (int walk = 0; walk < 4 && chosen.size() < size; ++walk) {
        const std::uint32_t agent = most_delayed_of_a_few();
        add_agent(agent, size, chosen);
        const std::vector<MapfVertex>& path = paths_[agent];
        const auto arrival = static_cast<std::uint32_t>(path.size() - 1);
        if (arrival == 0) continue;
        auto time = static_cast<std::uint32_t>(random() % arrival);
        MapfVertex at = path[time];
        for (std::uint32_t step = 0; step < 4 * size && chosen.size() < size; ++step) {
            MapfVertex options[5];
            std::uint32_t count = 0;
            const auto consider = [&](MapfVertex next) {
                if (time + 1 + distances_->distance(tables_[agent], next) < arrival)
                    options[count++] = next;
            };
            for (const MapfVertex next : graph_->neighbours(at))
                consider(next);
            consider(at);
            if (count == 0) break;
            at = options[random() % count];
            ++time;
            for (const std::uint64_t entry : visits_[at.index()])
                if (time_of(entry) == time && agent_of(entry) != agent)
                    add_agent(agent_of(entry), size, chosen);
            const std::uint32_t resting = resting_agent_[at.index()];
            if (resting != none && resting != agent && paths_[resting].size() - 1 <= time)
                add_agent(resting, size, chosen);
        }
    }
}

void PlanRefiner::add_intersection(std::uint32_t size, std::vector<std::uint32_t>& chosen) {
    const std::uint32_t vertices = graph_->vertex_count();
    MapfVertex centre(static_cast<std::uint32_t>(random() % vertices));
    for (int draw = 0; draw < 16 && graph_->degree(centre) < 3; ++draw)
        centre = MapfVertex(static_cast<std::uint32_t>(random() % vertices));
    std::size_t longest = 1;
    for (const auto& path : paths_)
        longest = std::max(longest, path.size());
    const auto time = static_cast<std::uint32_t>(random() % longest);
    for (const std::uint32_t agent : agents_around(centre, time, size))
        add_agent(agent, size, chosen);
}

std::vector<std::uint32_t> PlanRefiner::agents_around(MapfVertex centre, std::uint32_t time,
                                                      std::uint32_t size) const {
    constexpr std::size_t most_tiles = 256;
    const std::uint32_t from = time > size ? time - size : 0, to = time + size;
    std::vector<std::uint32_t> chosen;
    std::vector<MapfVertex> tiles{centre};
    for (std::size_t next = 0; next < tiles.size() && chosen.size() < size; ++next) {
        const MapfVertex tile = tiles[next];
        std::vector<std::uint64_t> here;  // (time << 32 | agent), the earliest first
        for (const std::uint64_t entry : visits_[tile.index()])
            if (time_of(entry) >= from && time_of(entry) <= to) here.push_back(entry);
        const std::uint32_t resting = resting_agent_[tile.index()];
        if (resting != none && paths_[resting].size() - 1 <= to)
            here.push_back(visit(static_cast<std::uint32_t>(paths_[resting].size() - 1), resting));
        std::sort(here.begin(), here.end());
        for (const std::uint64_t entry : here)
            add_agent(agent_of(entry), size, chosen);
        for (const MapfVertex neighbour : graph_->neighbours(tile))
            if (tiles.size() < most_tiles &&
                std::find(tiles.begin(), tiles.end(), neighbour) == tiles.end())
                tiles.push_back(neighbour);
    }
    return chosen;
}

std::vector<std::uint32_t> PlanRefiner::choose_agents(Neighbourhood kind, std::uint32_t size) {
    const auto agents = static_cast<std::uint32_t>(goals_.size());
    size = std::min(size, agents);
    std::vector<std::uint32_t> chosen;
    switch (kind) {
        case Neighbourhood::Crossing:
            add_crossing(size, chosen);
            break;
        case Neighbourhood::RandomWalk:
            add_random_walk(size, chosen);
            break;
        case Neighbourhood::Intersection:
            add_intersection(size, chosen);
            break;
        case Neighbourhood::Random:
            break;
    }
    while (chosen.size() < size)
        add_agent(static_cast<std::uint32_t>(random() % agents), size, chosen);
    return chosen;
}

namespace {

// How fast the weights follow the savings (Li et al. use 0.01 over many more rounds), and the
// least weight, so that no way is dropped for good.
constexpr double weight_reaction = 0.05;
constexpr double least_weight = 0.01;

}  // namespace

void PlanRefiner::use_only_neighbourhood_size(std::uint32_t size) {
    only_size_index_ = size_count;
    for (std::uint32_t index = 0; index < size_count; ++index)
        if (neighbourhood_sizes[index] == size) only_size_index_ = index;
}

// A way and a size (the only one, when set), drawn in proportion to their weights.
std::uint32_t PlanRefiner::pick_arm() {
    const auto allowed = [&](std::uint32_t arm) {
        return only_size_index_ == size_count || arm % size_count == only_size_index_;
    };
    double total = 0;
    std::uint32_t last = 0;
    for (std::uint32_t arm = 0; arm < arm_weights_.size(); ++arm)
        if (allowed(arm)) {
            total += arm_weights_[arm];
            last = arm;
        }
    double draw = total * static_cast<double>(random() >> 11) * 0x1.0p-53;
    for (std::uint32_t arm = 0; arm < last; ++arm) {
        if (!allowed(arm)) continue;
        if (draw < arm_weights_[arm]) return arm;
        draw -= arm_weights_[arm];
    }
    return last;
}

std::uint64_t PlanRefiner::run(std::chrono::steady_clock::time_point deadline,
                               std::uint64_t max_rounds, std::uint64_t max_expansions) {
    std::uint64_t rounds = 0;
    const std::uint64_t budget = round_expansion_budget(graph_->vertex_count());
    const std::uint64_t expansions_before = expansions_;
    while (rounds < max_rounds && expansions_ - expansions_before < max_expansions &&
           std::chrono::steady_clock::now() < deadline) {
        ++rounds;
        const std::uint32_t arm = pick_arm();
        std::vector<std::uint32_t> chosen = choose_agents(
            static_cast<Neighbourhood>(arm / size_count), neighbourhood_sizes[arm % size_count]);
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
        const bool better = !out_of_time && planned == chosen.size() && new_cost < old_cost;
        const double saved_per_agent =
            better ? static_cast<double>(old_cost - new_cost) / static_cast<double>(chosen.size())
                   : 0.0;
        arm_weights_[arm] = std::max(least_weight, weight_reaction * saved_per_agent +
                                                       (1 - weight_reaction) * arm_weights_[arm]);
        if (better) {
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

std::uint64_t PlanRefiner::run_while_improving(std::chrono::steady_clock::time_point deadline,
                                               std::uint64_t expansions_per_portion,
                                               std::uint64_t max_expansions) {
    std::uint64_t rounds = 0;
    const std::uint64_t expansions_before = expansions_;
    while (expansions_ - expansions_before < max_expansions) {
        const std::uint64_t cost_before = sum_of_costs_;
        const std::uint64_t left = max_expansions - (expansions_ - expansions_before);
        const std::uint64_t ran = run(deadline, UINT64_MAX, std::min(expansions_per_portion, left));
        rounds += ran;
        if (ran == 0 || sum_of_costs_ == cost_before) break;
    }
    return rounds;
}

std::size_t PlanRefiner::memory_bytes() const {
    std::size_t bytes = visits_.capacity() * sizeof(visits_[0]) +
                        resting_agent_.capacity() * sizeof(std::uint32_t) +
                        (goals_.capacity() + tables_.capacity()) * sizeof(std::uint32_t) +
                        paths_.capacity() * sizeof(paths_[0]) + search_.memory_bytes();
    for (const auto& path : paths_)
        bytes += held_bytes(path);
    for (const auto& list : visits_)
        bytes += held_bytes(list);
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
