// LacamSearch: high-level nodes (configurations), their lazy constraint trees, and LaCAM*'s
// cost rewiring.
#include "pathkit/mapf/lacam.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <numeric>
#include <unordered_map>

#include "pathkit/mapf/pibt.hpp"
#include "splitmix.hpp"

namespace pathkit {

namespace {

constexpr std::uint32_t no_node = UINT32_MAX;

// "The first `agents.size()` agents of the order go to these vertices."
struct Constraint {
    std::vector<std::uint32_t> agents;
    std::vector<MapfVertex> vertices;
};

// A configuration visited: how it was reached, its agents' priorities, and the constraint
// trees still to try from it.
struct Node {
    MapfConfiguration configuration;
    std::vector<float> priorities;
    std::vector<std::uint32_t> order;  // agents by falling priority
    std::uint32_t parent = no_node;
    std::uint64_t g = 0;  // sum of loss from the start
    std::uint64_t h = 0;  // sum of distances to the goals
    std::deque<Constraint> constraints;
    std::vector<std::uint32_t> neighbours;  // anytime: configurations reached from this one
};

std::uint64_t hash_of(const MapfConfiguration& configuration) {
    std::uint64_t hash = 0x84222325cbf29ce4ULL;
    for (const MapfVertex vertex : configuration) {
        hash ^= vertex.value;
        hash *= 0x100000001b3ULL;
        hash ^= hash >> 29;
    }
    return hash;
}

}  // namespace

struct LacamSearch::Impl {
    Impl(const MapfGraph& graph_, DistanceTables& distances, MapfConfiguration starts,
         MapfConfiguration goals_, const LacamOptions& options_)
        : graph(graph_),
          goals(std::move(goals_)),
          options(options_),
          pibt(graph_, distances, goals, options_.seed, options_.swap),
          random_state(options_.seed ^ 0x5851f42d4c957f2dULL) {
        for (std::uint32_t run = 1; run < options_.pibt_runs; ++run)
            extra_pibts.emplace_back(graph_, distances, goals, options_.seed + run, options_.swap);
        const std::size_t agents = goals.size();
        std::vector<float> priorities(agents);
        for (std::uint32_t agent = 0; agent < agents; ++agent)
            priorities[agent] = static_cast<float>(pibt.distance_to_goal(agent, starts[agent])) /
                                static_cast<float>(agents);
        open.push_back(add_node(std::move(starts), std::move(priorities), no_node));
    }

    LacamState run(std::chrono::steady_clock::time_point deadline);

    std::uint32_t add_node(MapfConfiguration configuration, std::vector<float> priorities,
                           std::uint32_t parent);
    [[nodiscard]] std::uint32_t find(const MapfConfiguration& configuration) const;
    [[nodiscard]] std::uint64_t loss(const MapfConfiguration& from,
                                     const MapfConfiguration& to) const;
    [[nodiscard]] std::uint64_t heuristic(const MapfConfiguration& configuration);
    void branch(Node& node, const Constraint& constraint);
    bool successor(const Node& node, const Constraint& constraint, MapfConfiguration& next);
    void rewire(std::uint32_t from, std::uint32_t to);
    std::uint64_t random();

    const MapfGraph& graph;
    MapfConfiguration goals;
    LacamOptions options;
    Pibt pibt;
    std::vector<Pibt> extra_pibts;  // Monte-Carlo generation: more PIBT runs per successor
    MapfConfiguration candidate;
    std::uint64_t random_state;
    std::vector<Node> nodes;
    std::unordered_multimap<std::uint64_t, std::uint32_t> explored;
    std::vector<std::uint32_t> open;  // a stack: depth first
    std::uint32_t goal_node = no_node;
    std::size_t bytes = 0;
    double seconds_run = 0;
    double first_solution_seconds = -1;
    MapfConfiguration scratch;
};

std::uint64_t LacamSearch::Impl::random() {
    return mapf_detail::splitmix64(random_state);
}

std::uint64_t LacamSearch::Impl::heuristic(const MapfConfiguration& configuration) {
    std::uint64_t sum = 0;
    for (std::uint32_t agent = 0; agent < configuration.size(); ++agent)
        sum += pibt.distance_to_goal(agent, configuration[agent]);
    return sum;
}

std::uint64_t LacamSearch::Impl::loss(const MapfConfiguration& from,
                                      const MapfConfiguration& to) const {
    std::uint64_t cost = 0;
    for (std::size_t agent = 0; agent < goals.size(); ++agent)
        cost += !(from[agent] == goals[agent] && to[agent] == goals[agent]);
    return cost;
}

std::uint32_t LacamSearch::Impl::find(const MapfConfiguration& configuration) const {
    const auto [first, last] = explored.equal_range(hash_of(configuration));
    for (auto it = first; it != last; ++it)
        if (nodes[it->second].configuration == configuration) return it->second;
    return no_node;
}

std::uint32_t LacamSearch::Impl::add_node(MapfConfiguration configuration,
                                          std::vector<float> priorities, std::uint32_t parent) {
    const auto index = static_cast<std::uint32_t>(nodes.size());
    Node node;
    node.parent = parent;
    node.h = heuristic(configuration);
    if (parent != no_node)
        node.g = nodes[parent].g + loss(nodes[parent].configuration, configuration);
    node.order.resize(configuration.size());
    std::iota(node.order.begin(), node.order.end(), 0u);
    std::stable_sort(node.order.begin(), node.order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return priorities[a] > priorities[b];
    });
    node.priorities = std::move(priorities);
    node.constraints.emplace_back();  // the root of its constraint tree: no constraint
    explored.emplace(hash_of(configuration), index);
    node.configuration = std::move(configuration);
    bytes += node.configuration.size() * 12 + sizeof(Node) + 32;
    nodes.push_back(std::move(node));
    return index;
}

// The children of a constraint: the next agent in the order goes to each tile it could.
void LacamSearch::Impl::branch(Node& node, const Constraint& constraint) {
    const std::size_t depth = constraint.agents.size();
    if (depth >= goals.size()) return;
    const std::uint32_t agent = node.order[depth];
    const MapfVertex here = node.configuration[agent];
    std::array<MapfVertex, 5> choices;
    std::size_t count = 0;
    for (const MapfVertex neighbour : graph.neighbours(here))
        choices[count++] = neighbour;
    choices[count++] = here;
    for (std::size_t i = count - 1; i > 0; --i)  // Fisher-Yates with our own generator
        std::swap(choices[i], choices[random() % (i + 1)]);
    for (std::size_t i = 0; i < count; ++i) {
        Constraint child = constraint;
        child.agents.push_back(agent);
        child.vertices.push_back(choices[i]);
        bytes += 8 * (depth + 1) + sizeof(Constraint);
        node.constraints.push_back(std::move(child));
    }
}

bool LacamSearch::Impl::successor(const Node& node, const Constraint& constraint,
                                  MapfConfiguration& next) {
    next.assign(goals.size(), MapfVertex());
    for (std::size_t i = 0; i < constraint.agents.size(); ++i)
        next[constraint.agents[i]] = constraint.vertices[i];
    if (extra_pibts.empty()) return pibt.plan_step(node.configuration, next, node.order);
    // Monte-Carlo generation (LaCAM3): several PIBT runs, the one with the least g + h kept.
    const MapfConfiguration preset = next;
    bool found = pibt.plan_step(node.configuration, next, node.order);
    std::uint64_t best = found ? loss(node.configuration, next) + heuristic(next) : UINT64_MAX;
    for (Pibt& other : extra_pibts) {
        candidate = preset;
        if (!other.plan_step(node.configuration, candidate, node.order)) continue;
        const std::uint64_t cost = loss(node.configuration, candidate) + heuristic(candidate);
        if (cost < best) {
            best = cost;
            std::swap(next, candidate);
            found = true;
        }
    }
    return found;
}

// LaCAM*: `to` is reachable from `from`; cheaper ways through `from` spread to everything
// reached from there (a Dijkstra search over the known configurations).
void LacamSearch::Impl::rewire(std::uint32_t from, std::uint32_t to) {
    nodes[from].neighbours.push_back(to);
    std::deque<std::uint32_t> queue{from};
    while (!queue.empty()) {
        const std::uint32_t at = queue.front();
        queue.pop_front();
        for (const std::uint32_t next : nodes[at].neighbours) {
            const std::uint64_t g =
                nodes[at].g + loss(nodes[at].configuration, nodes[next].configuration);
            if (g >= nodes[next].g) continue;
            nodes[next].g = g;
            nodes[next].parent = at;
            queue.push_back(next);
            if (goal_node != no_node && g + nodes[next].h < nodes[goal_node].g)
                open.push_back(next);
        }
    }
}

LacamState LacamSearch::Impl::run(std::chrono::steady_clock::time_point deadline) {
    const auto began = std::chrono::steady_clock::now();
    const auto seconds_since = [&] {
        return seconds_run +
               std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    LacamState state = LacamState::Searching;
    while (state == LacamState::Searching) {
        if (open.empty()) {
            state = goal_node != no_node ? LacamState::Optimal : LacamState::NoSolution;
            break;
        }
        if (std::chrono::steady_clock::now() >= deadline) break;
        if (bytes > options.memory_limit) {
            state = LacamState::OutOfMemory;
            break;
        }
        const std::uint32_t index = open.back();
        Node& node = nodes[index];
        if (goal_node != no_node && node.g + node.h >= nodes[goal_node].g) {
            open.pop_back();  // cannot lead to a cheaper solution
            continue;
        }
        if (goal_node == no_node && node.configuration == goals) {
            goal_node = index;
            first_solution_seconds = seconds_since();
            if (!options.anytime) state = LacamState::Solved;
            continue;
        }
        if (node.constraints.empty()) {
            open.pop_back();
            continue;
        }
        const Constraint constraint = std::move(node.constraints.front());
        node.constraints.pop_front();
        bytes -= std::min(bytes, 8 * constraint.agents.size() + sizeof(Constraint));
        branch(node, constraint);
        if (!successor(nodes[index], constraint, scratch)) continue;
        if (const std::uint32_t known = find(scratch); known != no_node) {
            if (options.anytime) rewire(index, known);
            // Back to the known configuration: its untried constraints may lead on.
            if (goal_node == no_node || nodes[known].g + nodes[known].h < nodes[goal_node].g)
                open.push_back(known);
            continue;
        }
        std::vector<float> priorities = nodes[index].priorities;
        for (std::uint32_t agent = 0; agent < priorities.size(); ++agent) {
            if (scratch[agent] != goals[agent])
                priorities[agent] += 1;
            else
                priorities[agent] -= std::floor(priorities[agent]);
        }
        const std::uint32_t added = add_node(scratch, std::move(priorities), index);
        if (options.anytime) nodes[index].neighbours.push_back(added);
        open.push_back(added);
    }
    seconds_run = seconds_since();
    if (state == LacamState::Searching && goal_node != no_node) state = LacamState::Solved;
    return state;
}

LacamSearch::LacamSearch(const MapfGraph& graph, DistanceTables& distances,
                         MapfConfiguration starts, MapfConfiguration goals,
                         const LacamOptions& options)
    : impl_(
          std::make_unique<Impl>(graph, distances, std::move(starts), std::move(goals), options)) {}
LacamSearch::LacamSearch(LacamSearch&&) noexcept = default;
LacamSearch& LacamSearch::operator=(LacamSearch&&) noexcept = default;
LacamSearch::~LacamSearch() = default;

void LacamSearch::prefer_routes(const std::vector<std::vector<MapfVertex>>& routes) {
    impl_->pibt.prefer_routes(routes);
    for (Pibt& other : impl_->extra_pibts)
        other.prefer_routes(routes);
}

LacamState LacamSearch::run(std::chrono::steady_clock::time_point deadline) {
    return impl_->run(deadline);
}

std::vector<MapfConfiguration> LacamSearch::solution() const {
    std::vector<MapfConfiguration> path;
    for (std::uint32_t at = impl_->goal_node; at != no_node; at = impl_->nodes[at].parent)
        path.push_back(impl_->nodes[at].configuration);
    std::reverse(path.begin(), path.end());
    return path;
}

std::uint64_t LacamSearch::solution_loss() const {
    return impl_->goal_node == no_node ? 0 : impl_->nodes[impl_->goal_node].g;
}
double LacamSearch::seconds_to_first_solution() const {
    return impl_->first_solution_seconds;
}
std::uint64_t LacamSearch::configurations() const {
    return impl_->nodes.size();
}
std::size_t LacamSearch::memory_bytes() const {
    return impl_->bytes;
}

}  // namespace pathkit
