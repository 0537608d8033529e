// guide_paths: near-shortest paths that avoid each other in space and time, found agent by
// agent in rounds against a table of every other path's visits and moves.
#include "pathkit/mapf/guide_paths.hpp"

#include <algorithm>

#include "guide_visit_table.hpp"
#include "pathkit/core/config.hpp"
#include "splitmix.hpp"

namespace pathkit {

namespace {

using mapf_detail::VisitTable;

constexpr std::uint32_t none = UINT32_MAX;
// The dense visit table may hold an eighth of the memory limit and 64 MiB at most (10 bytes
// a vertex and time step: the 32 x 32 maps and the warehouse of the benchmarks, not den520d or
// Berlin_1_256); past that the counts are hashed.
constexpr std::size_t dense_share_of_memory = 8;
constexpr std::size_t most_dense_bytes = std::size_t{64} << 20;

// Time steps the paths are expected to span: a walk across the map and the margin (mazes take
// longer, and then the visit table may turn from dense to hashed on the way).
std::size_t expected_times(const MapfGraph& graph, const GuidePathOptions& options) {
    return static_cast<std::size_t>(graph.width()) + static_cast<std::size_t>(graph.height()) +
           options.margin + 1;
}

// The paths, their visits and moves, and where each agent rests from when on.
class Guide {
  public:
    Guide(const MapfGraph& graph, DistanceTables& distances, const MapfConfiguration& starts,
          const MapfConfiguration& goals, const GuidePathOptions& options)
        : graph_(graph),
          distances_(distances),
          starts_(starts),
          goals_(goals),
          options_(options),
          paths_(starts.size()),
          visits_(graph, starts.size(), expected_times(graph, options),
                  std::min(options.memory_limit / dense_share_of_memory, most_dense_bytes)),
          goal_agent_(graph.vertex_count(), none),
          resting_since_(graph.vertex_count(), none),
          goal_passes_(starts.size()),
          parent_(graph.vertex_count(), MapfVertex()),
          stamp_(graph.vertex_count(), 0) {
        tables_.reserve(goals.size());
        for (std::uint32_t agent = 0; agent < goals.size(); ++agent) {
            goal_agent_[goals[agent].index()] = agent;
            tables_.push_back(distances.table_for(goals[agent]));
        }
    }

    GuidePaths run(std::chrono::steady_clock::time_point deadline);

    // Bytes held before any path is planned: 16 a vertex and 64 an agent.
    static std::size_t fixed_bytes(std::size_t vertices, std::size_t agents) {
        return 4 * vertices * sizeof(std::uint32_t) +
               agents * (sizeof(std::uint32_t) + 2 * sizeof(std::vector<MapfVertex>) + 12);
    }

  private:
    // An open node in full: any number of collisions and any path length.
    struct WideNode {
        std::uint64_t key;  // collisions << 32 | f
        std::uint32_t collisions;
        std::uint32_t g;
        MapfVertex vertex;
        MapfVertex parent;
        static WideNode make(std::uint32_t collisions, std::uint32_t f, std::uint32_t g,
                             MapfVertex vertex, MapfVertex parent) {
            return {std::uint64_t{collisions} << 32 | f, collisions, g, vertex, parent};
        }
        [[nodiscard]] static bool fits(std::uint32_t /*collisions*/) { return true; }
        [[nodiscard]] std::uint32_t collisions_so_far() const { return collisions; }
        [[nodiscard]] std::uint32_t steps() const { return g; }
        // Fewest collisions first, then the shortest (cost so far plus the exact distance to
        // go), then the deepest among equals (fewer nodes to the goal).
        [[nodiscard]] bool later_than(const WideNode& other) const {
            if (key != other.key) return key > other.key;
            return g < other.g;
        }
    };
    // The same order in 16 bytes and one comparison, while f < 2^21 and collisions < 2^22:
    // the heap moves a third fewer bytes and its operations see the same comparisons, so the
    // nodes come off it in the same order.
    struct PackedNode {
        static constexpr int step_bits = 21;
        static constexpr std::uint32_t most_steps = (std::uint32_t{1} << step_bits) - 1;
        static constexpr std::uint32_t most_collisions = (std::uint32_t{1} << 22) - 1;
        std::uint64_t order;  // collisions, f, most_steps - g
        MapfVertex vertex;
        MapfVertex parent;
        static PackedNode make(std::uint32_t collisions, std::uint32_t f, std::uint32_t g,
                               MapfVertex vertex, MapfVertex parent) {
            return {std::uint64_t{collisions} << (2 * step_bits) | std::uint64_t{f} << step_bits |
                        (most_steps - g),
                    vertex, parent};
        }
        [[nodiscard]] static bool fits(std::uint32_t collisions) {
            return collisions <= most_collisions;
        }
        [[nodiscard]] std::uint32_t collisions_so_far() const {
            return static_cast<std::uint32_t>(order >> (2 * step_bits));
        }
        [[nodiscard]] std::uint32_t steps() const {
            return most_steps - static_cast<std::uint32_t>(order & most_steps);
        }
        [[nodiscard]] bool later_than(const PackedNode& other) const { return order > other.order; }
    };
    // The heap's order as a type, so that the heap operations inline it.
    struct Later {
        template <class Node>
        bool operator()(const Node& a, const Node& b) const {
            return a.later_than(b);
        }
    };
    enum class Found { path, no_path, overflow };

    [[nodiscard]] PATHKIT_ALWAYS_INLINE std::uint32_t move_collisions(MapfVertex from,
                                                                      std::uint32_t slot,
                                                                      MapfVertex to,
                                                                      std::uint32_t time) const;
    [[nodiscard]] std::uint32_t rest_collisions(std::uint32_t agent, std::uint32_t arrival) const;
    std::uint32_t path_collisions(std::uint32_t agent) const;
    void enroll(std::uint32_t agent, int change);
    bool plan(std::uint32_t agent);
    template <class Node>
    Found search(std::uint32_t agent, std::uint32_t shortest, std::vector<Node>& open);
    void renew_stamps();
    [[nodiscard]] std::size_t bytes() const;

    const MapfGraph& graph_;
    DistanceTables& distances_;
    const MapfConfiguration& starts_;
    const MapfConfiguration& goals_;
    GuidePathOptions options_;
    std::vector<std::uint32_t> tables_;
    std::vector<std::vector<MapfVertex>> paths_;
    VisitTable visits_;
    std::vector<std::uint32_t> goal_agent_;                // by vertex: whose goal, or none
    std::vector<std::uint32_t> resting_since_;             // by vertex: the arrival there
    std::vector<std::vector<std::uint32_t>> goal_passes_;  // by agent: others' times on its goal
    std::vector<MapfVertex> parent_;                       // by vertex, valid when stamped
    std::vector<std::uint32_t> stamp_;
    std::uint32_t search_number_ = 0;
    std::vector<PackedNode> packed_open_;  // while the search fits PackedNode
    std::vector<WideNode> wide_open_;
    std::uint64_t collisions_ = 0;  // pairs: each agent's against those enrolled before
    std::size_t path_bytes_ = 0;    // the paths' buffers
    std::size_t pass_bytes_ = 0;    // the buffers of goal_passes_, kept up to date by enroll
    std::size_t best_bytes_ = 0;    // the copy of the best round's paths
    std::size_t peak_bytes_ = 0;
};

std::size_t Guide::bytes() const {
    const std::size_t passes = goal_passes_.capacity() * sizeof(goal_passes_[0]) + pass_bytes_;
    return visits_.bytes() + path_bytes_ + best_bytes_ + passes +
           packed_open_.capacity() * sizeof(PackedNode) + wide_open_.capacity() * sizeof(WideNode) +
           (goal_agent_.capacity() + resting_since_.capacity() + stamp_.capacity() +
            parent_.capacity() + tables_.capacity()) *
               sizeof(std::uint32_t) +
           paths_.capacity() * sizeof(paths_[0]);
}

// Collisions of a move from `from` at `time` to its neighbour number `slot`, `to`, at `time + 1`
// with the paths enrolled.
std::uint32_t Guide::move_collisions(MapfVertex from, std::uint32_t slot, MapfVertex to,
                                     std::uint32_t time) const {
    const std::uint32_t collisions = visits_.move_count(from, slot, to, time);
    const std::uint32_t since = resting_since_[to.index()];
    return collisions + (since != none && since < time + 1);
}

// Collisions of `agent` resting on its goal from `arrival` on: the others that pass there later.
std::uint32_t Guide::rest_collisions(std::uint32_t agent, std::uint32_t arrival) const {
    std::uint32_t later = 0;
    for (const std::uint32_t time : goal_passes_[agent])
        later += time > arrival;
    return later;
}

std::uint32_t Guide::path_collisions(std::uint32_t agent) const {
    const std::vector<MapfVertex>& path = paths_[agent];
    if (path.empty()) return 0;
    std::uint32_t collisions = 0;
    for (std::uint32_t t = 1; t < path.size(); ++t) {
        const auto around = graph_.neighbours(path[t - 1]);
        const auto slot = static_cast<std::uint32_t>(
            std::find(around.begin(), around.end(), path[t]) - around.begin());
        collisions += move_collisions(path[t - 1], slot, path[t], t - 1);
    }
    return collisions + rest_collisions(agent, static_cast<std::uint32_t>(path.size() - 1));
}

// Adds (`change` 1) or takes out (-1) an agent's path from the table.
void Guide::enroll(std::uint32_t agent, int change) {
    const std::vector<MapfVertex>& path = paths_[agent];
    if (path.empty()) return;
    for (std::uint32_t t = 0; t < path.size(); ++t) {
        visits_.add_visit(path[t], t, change);
        if (t > 0) visits_.add_move(path[t - 1], path[t], t - 1, change);
        const std::uint32_t owner = goal_agent_[path[t].index()];
        if (owner == none || owner == agent) continue;
        std::vector<std::uint32_t>& passes = goal_passes_[owner];
        if (change > 0) {
            pass_bytes_ -= passes.capacity() * sizeof(std::uint32_t);
            passes.push_back(t);
            pass_bytes_ += passes.capacity() * sizeof(std::uint32_t);
        } else
            passes.erase(std::find(passes.begin(), passes.end(), t));
    }
    resting_since_[goals_[agent].index()] =
        change > 0 ? static_cast<std::uint32_t>(path.size() - 1) : none;
}

void Guide::renew_stamps() {
    if (++search_number_ == 0) {  // stamps wrapped: clear them
        std::fill(stamp_.begin(), stamp_.end(), 0);
        search_number_ = 1;
    }
}

// A new path for `agent`, the others enrolled: false (its old path kept) when there is none
// within the margin or the search would pass the memory limit.
bool Guide::plan(std::uint32_t agent) {
    const std::uint32_t shortest = distances_.distance(tables_[agent], starts_[agent]);
    if (shortest == DistanceTables::unreachable) return false;
    if (std::uint64_t{shortest} + options_.margin <= PackedNode::most_steps) {
        const Found found = search(agent, shortest, packed_open_);
        if (found != Found::overflow) return found == Found::path;
    }
    return search(agent, shortest, wide_open_) == Found::path;  // from the start, in full
}

// The search of `plan` with open nodes of type `Node`: overflow when a node does not fit it.
template <class Node>
Guide::Found Guide::search(std::uint32_t agent, std::uint32_t shortest, std::vector<Node>& open) {
    const std::uint32_t table = tables_[agent];
    const MapfVertex start = starts_[agent], goal = goals_[agent];
    const std::uint64_t longest = std::uint64_t{shortest} + options_.margin;
    renew_stamps();
    open.clear();
    open.push_back(Node::make(0, shortest, 0, start, MapfVertex()));
    const std::size_t room = options_.memory_limit > bytes() ? options_.memory_limit - bytes() : 0;
    // Only this table is asked during the search, so its finished distances stay put.
    const std::uint32_t* const finished = distances_.finished_distances(table);
    while (!open.empty()) {
        std::pop_heap(open.begin(), open.end(), Later{});
        const Node node = open.back();
        open.pop_back();
        if (stamp_[node.vertex.index()] == search_number_) continue;
        stamp_[node.vertex.index()] = search_number_;
        parent_[node.vertex.index()] = node.parent;
        const std::uint32_t g = node.steps();
        if (node.vertex == goal) {
            std::vector<MapfVertex>& path = paths_[agent];
            path_bytes_ -= path.capacity() * sizeof(MapfVertex);
            path.assign(g + 1, MapfVertex());
            std::size_t step = g;
            for (MapfVertex at = goal; at.is_valid(); at = parent_[at.index()])
                path[step--] = at;
            path_bytes_ += path.capacity() * sizeof(MapfVertex);
            return Found::path;
        }
        const auto around = graph_.neighbours(node.vertex);
        for (std::uint32_t slot = 0; slot < around.size(); ++slot) {
            const MapfVertex next = around[slot];
            if (stamp_[next.index()] == search_number_) continue;
            const std::uint32_t to_go =
                finished ? finished[next.index()] : distances_.distance(table, next);
            if (to_go == DistanceTables::unreachable || g + 1 + std::uint64_t{to_go} > longest)
                continue;
            std::uint32_t collisions =
                node.collisions_so_far() + move_collisions(node.vertex, slot, next, g);
            if (next == goal) collisions += rest_collisions(agent, g + 1);
            if (!Node::fits(collisions)) return Found::overflow;
            if (open.size() == open.capacity() && (open.capacity() + 1) * 2 * sizeof(Node) > room)
                return Found::no_path;
            open.push_back(Node::make(collisions, g + 1 + to_go, g + 1, next, node.vertex));
            std::push_heap(open.begin(), open.end(), Later{});
        }
    }
    return Found::no_path;
}

GuidePaths Guide::run(std::chrono::steady_clock::time_point deadline) {
    GuidePaths result;
    peak_bytes_ = bytes();
    std::vector<std::uint32_t> order(starts_.size());
    for (std::uint32_t agent = 0; agent < order.size(); ++agent)
        order[agent] = agent;
    std::uint64_t random_state = options_.seed ^ 0x2545f4914f6cdd1dULL;
    std::uint64_t best = UINT64_MAX;
    for (std::uint32_t round = 0; round < options_.max_rounds; ++round) {
        for (std::size_t i = order.size(); i > 1; --i)
            std::swap(order[i - 1], order[mapf_detail::splitmix64(random_state) % i]);
        bool whole = true;
        for (const std::uint32_t agent : order) {
            // Room for the table's growth, a path, and the search's first nodes.
            const std::uint32_t shortest = distances_.distance(tables_[agent], starts_[agent]);
            const std::size_t next_path =
                (shortest == DistanceTables::unreachable
                     ? 0
                     : (std::size_t{shortest} + options_.margin + 1) * sizeof(MapfVertex)) +
                64 * sizeof(WideNode);
            if (std::chrono::steady_clock::now() >= deadline ||
                bytes() + visits_.growth() + next_path > options_.memory_limit) {
                whole = false;
                break;
            }
            // After the first round only the paths that meet others are planned again. An
            // enrolled path meets itself once a step (its visits), so one that meets only
            // itself stays as it is, without taking it out and putting it back.
            if (round > 0 &&
                (paths_[agent].empty() || path_collisions(agent) == paths_[agent].size() - 1))
                continue;
            enroll(agent, -1);
            const std::uint32_t before = path_collisions(agent);
            if (round == 0 || before > 0) {
                collisions_ -= before;
                plan(agent);
                collisions_ += path_collisions(agent);
            }
            enroll(agent, 1);
            peak_bytes_ = std::max(peak_bytes_, bytes());
        }
        ++result.rounds;
        const std::uint64_t found = collisions_;
        const bool improved = found < best;
        if (improved && bytes() + path_bytes_ <= options_.memory_limit) {
            best = found;
            result.paths = paths_;
            result.collisions = found;
            best_bytes_ = path_bytes_ + result.paths.capacity() * sizeof(result.paths[0]);
            peak_bytes_ = std::max(peak_bytes_, bytes());
        }
        if (!whole || found == 0 || (round >= 1 && !improved)) break;
    }
    if (result.paths.empty()) result.paths.resize(starts_.size());
    result.memory_bytes = peak_bytes_;
    return result;
}

}  // namespace

GuidePaths guide_paths(const MapfGraph& graph, DistanceTables& distances,
                       const MapfConfiguration& starts, const MapfConfiguration& goals,
                       const GuidePathOptions& options,
                       std::chrono::steady_clock::time_point deadline) {
    // Past the deadline, or over the memory limit, no guide: its per-vertex arrays alone take
    // a second to fill on a map of 67 million tiles, and nothing checks the clock in between.
    if (std::chrono::steady_clock::now() >= deadline ||
        Guide::fixed_bytes(graph.vertex_count(), starts.size()) > options.memory_limit) {
        GuidePaths nothing;
        nothing.paths.resize(starts.size());
        return nothing;
    }
    Guide guide(graph, distances, starts, goals, options);
    return guide.run(deadline);
}

}  // namespace pathkit
