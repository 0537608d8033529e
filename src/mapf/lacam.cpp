// LacamSearch: high-level nodes (configurations), their lazy constraint trees, and LaCAM*'s
// cost rewiring, in flat block storage whose bytes are counted as allocated.
#include "pathkit/mapf/lacam.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <span>

#include "pathkit/mapf/pibt.hpp"
#include "pibt_priorities.hpp"
#include "splitmix.hpp"

namespace pathkit {

namespace {

constexpr std::uint32_t none = UINT32_MAX;

// Records of `width` values each, in blocks that never move: it grows without copying, and
// holds the bytes `bytes()` says (blocks of about 16 KiB, or one record when that is bigger,
// so that small searches stay small).
template <class T>
class BlockArray {
  public:
    explicit BlockArray(std::size_t width)
        : width_(std::max<std::size_t>(width, 1)),
          shift_(std::bit_width(
                     std::max<std::size_t>((std::size_t{16} << 10) / sizeof(T) / width_, 1)) -
                 1),
          mask_((std::size_t{1} << shift_) - 1) {}

    [[nodiscard]] std::size_t size() const { return size_; }
    T* at(std::size_t record) {
        return blocks_[record >> shift_].get() + (record & mask_) * width_;
    }
    const T* at(std::size_t record) const {
        return blocks_[record >> shift_].get() + (record & mask_) * width_;
    }
    // A new record at the end (uninitialised).
    T* add() {
        if ((size_ & mask_) == 0)
            blocks_.push_back(std::make_unique_for_overwrite<T[]>((mask_ + 1) * width_));
        return at(size_++);
    }
    [[nodiscard]] std::size_t bytes() const {
        return blocks_.size() * block_bytes() + blocks_.capacity() * sizeof(void*);
    }
    // Bytes the next `add` may take.
    [[nodiscard]] std::size_t growth() const {
        if ((size_ & mask_) != 0) return 0;
        const std::size_t list =
            blocks_.size() == blocks_.capacity() ? 2 * (blocks_.capacity() + 1) * sizeof(void*) : 0;
        return block_bytes() + list;
    }

  private:
    [[nodiscard]] std::size_t block_bytes() const { return (mask_ + 1) * width_ * sizeof(T); }

    std::size_t width_;
    int shift_;  // records a block holds: 2^shift_
    std::size_t mask_;
    std::size_t size_ = 0;
    std::vector<std::unique_ptr<T[]>> blocks_;
};

// Bytes a vector's next push_back may take (a new buffer twice the size; the old one is
// counted already).
template <class T>
std::size_t vector_growth(const std::vector<T>& vector) {
    return vector.size() < vector.capacity() ? 0 : 2 * (vector.capacity() + 1) * sizeof(T);
}

// A configuration visited: how it was reached and what is left to try from it. Its agents'
// tiles, priorities and order (by falling priority) are records of the same index in the
// search's block arrays.
struct Node {
    std::uint64_t hash = 0;
    std::uint64_t g = 0;  // sum of loss from the start
    std::uint64_t h = 0;  // sum of distances to the goals
    std::uint32_t parent = none;
    // Its constraint tree's leaves still to try, a FIFO threaded through the constraint pool.
    std::uint32_t first_constraint = none;
    std::uint32_t last_constraint = none;
    // Anytime: the configurations reached from this one, a list in the edge pool.
    std::uint32_t first_edge = none;
    std::uint32_t last_edge = none;
};

// "Agent order[depth - 1] goes to `vertex`", and the constraints of `parent` above it: the
// constraint trees of every node share one pool.
struct Constraint {
    std::uint32_t parent = none;
    std::uint32_t depth = 0;
    MapfVertex vertex;
    std::uint32_t next = none;  // the next in its node's FIFO
};

struct Edge {
    std::uint32_t to = none;
    std::uint32_t next = none;
};

std::uint64_t hash_of(const MapfVertex* configuration, std::size_t agents) {
    std::uint64_t hash = 0x84222325cbf29ce4ULL;
    for (std::size_t agent = 0; agent < agents; ++agent) {
        hash ^= configuration[agent].value;
        hash *= 0x100000001b3ULL;
        hash ^= hash >> 29;
    }
    return hash;
}

}  // namespace

struct LacamSearch::Impl {
    Impl(const MapfGraph& graph_, DistanceTables& distances, MapfConfiguration starts_,
         MapfConfiguration goals_, const LacamOptions& options_)
        : graph(graph_),
          starts(std::move(starts_)),
          goals(std::move(goals_)),
          options(options_),
          pibt(graph_, distances, goals, options_.seed, options_.swap),
          configurations(goals.size()),
          priorities(goals.size()),
          orders(goals.size()),
          records(1),
          constraints(1),
          edges(1),
          random_state(options_.seed ^ 0x5851f42d4c957f2dULL) {
        extra_pibts.reserve(options_.pibt_runs - 1);
        for (std::uint32_t run = 1; run < options_.pibt_runs; ++run)
            extra_pibts.emplace_back(pibt, options_.seed + run);
        count_pibts();
    }

    // The start node, made by the first run: it asks the tables for distances, which may run
    // out of time.
    void add_start() {
        std::vector<float> first_priorities(agents());
        (void)mapf_detail::start_priorities(pibt, starts, first_priorities);
        const std::uint64_t h = heuristic(starts);
        open.push_back(add_node(starts, first_priorities.data(), none, h));
        starts = {};
    }

    LacamState run(std::chrono::steady_clock::time_point deadline, std::uint64_t max_expansions);

    [[nodiscard]] std::size_t agents() const { return goals.size(); }
    Node& node(std::uint32_t index) { return *records.at(index); }
    const MapfVertex* configuration(std::uint32_t index) const { return configurations.at(index); }
    [[nodiscard]] bool same(const MapfVertex* a, const MapfConfiguration& b) const {
        return std::memcmp(a, b.data(), agents() * sizeof(MapfVertex)) == 0;
    }
    std::uint32_t add_node(const MapfConfiguration& configuration, const float* priorities,
                           std::uint32_t parent, std::uint64_t h);
    [[nodiscard]] std::uint32_t find(const MapfConfiguration& configuration,
                                     std::uint64_t hash) const;
    void remember(std::uint32_t index);
    [[nodiscard]] std::uint64_t loss(const MapfVertex* from, const MapfVertex* to) const;
    [[nodiscard]] std::uint64_t heuristic(const MapfConfiguration& configuration);
    std::uint32_t add_constraint(std::uint32_t parent, std::uint32_t depth, MapfVertex vertex);
    void push_constraint(std::uint32_t node_index, std::uint32_t constraint);
    std::uint32_t pop_constraint(std::uint32_t node_index);
    void branch(std::uint32_t node_index, std::uint32_t constraint);
    bool successor(std::uint32_t node_index, std::uint32_t constraint, MapfConfiguration& next);
    void add_edge(std::uint32_t from, std::uint32_t to);
    void rewire(std::uint32_t from, std::uint32_t to);
    std::uint64_t random();
    [[nodiscard]] std::size_t memory_bytes() const;
    [[nodiscard]] std::size_t growth_bound() const;
    // The PIBT runs' bytes, which change only with `prefer_routes`.
    void count_pibts() {
        pibt_bytes = pibt.memory_bytes() + extra_pibts.capacity() * sizeof(Pibt);
        for (const Pibt& other : extra_pibts)
            pibt_bytes += other.memory_bytes();
    }

    const MapfGraph& graph;
    MapfConfiguration starts;  // until the start node is made
    MapfConfiguration goals;
    LacamOptions options;
    Pibt pibt;
    std::vector<Pibt> extra_pibts;  // Monte-Carlo generation: more PIBT runs per successor
    BlockArray<MapfVertex> configurations;
    BlockArray<float> priorities;
    BlockArray<std::uint32_t> orders;  // agents by falling priority
    BlockArray<Node> records;
    BlockArray<Constraint> constraints;
    BlockArray<Edge> edges;
    std::vector<std::uint32_t> explored;  // open addressing: node indices, or none
    std::vector<std::uint32_t> open;      // a stack: depth first
    std::vector<std::uint32_t> queue;     // rewiring's FIFO
    std::uint32_t goal_node = none;
    std::uint64_t random_state;
    std::size_t pibt_bytes = 0;
    double seconds_run = 0;
    std::uint64_t expansions = 0;  // successors generated (each by every PIBT run)
    double first_solution_seconds = -1;
    MapfConfiguration current;  // the configuration being expanded
    MapfConfiguration candidate;
    MapfConfiguration scratch;
    std::vector<float> scratch_priorities;
};

std::uint64_t LacamSearch::Impl::random() {
    return mapf_detail::splitmix64(random_state);
}

std::size_t LacamSearch::Impl::memory_bytes() const {
    std::size_t bytes =
        configurations.bytes() + priorities.bytes() + orders.bytes() + records.bytes() +
        constraints.bytes() + edges.bytes() +
        (explored.capacity() + open.capacity() + queue.capacity()) * sizeof(std::uint32_t) +
        (starts.capacity() + goals.capacity() + current.capacity() + candidate.capacity() +
         scratch.capacity()) *
            sizeof(MapfVertex) +
        scratch_priorities.capacity() * sizeof(float) + pibt_bytes;
    return bytes;
}

// Bytes one more expansion may allocate: a node, up to five constraints, an edge, and the
// growth of the hash table and the open stack.
std::size_t LacamSearch::Impl::growth_bound() const {
    const std::size_t table = 2 * (records.size() + 1) > explored.size()
                                  ? 2 * explored.size() * sizeof(std::uint32_t)
                                  : 0;
    return configurations.growth() + priorities.growth() + orders.growth() + records.growth() +
           2 * constraints.growth() + edges.growth() + table + vector_growth(open);
}

std::uint64_t LacamSearch::Impl::heuristic(const MapfConfiguration& configuration) {
    std::uint64_t sum = 0;
    for (std::uint32_t agent = 0; agent < configuration.size(); ++agent)
        sum += pibt.distance_to_goal(agent, configuration[agent]);
    return sum;
}

std::uint64_t LacamSearch::Impl::loss(const MapfVertex* from, const MapfVertex* to) const {
    std::uint64_t cost = 0;
    for (std::size_t agent = 0; agent < agents(); ++agent)
        cost += !(from[agent] == goals[agent] && to[agent] == goals[agent]);
    return cost;
}

std::uint32_t LacamSearch::Impl::find(const MapfConfiguration& configuration,
                                      std::uint64_t hash) const {
    if (explored.empty()) return none;
    const std::size_t mask = explored.size() - 1;
    for (std::size_t slot = hash & mask; explored[slot] != none; slot = (slot + 1) & mask) {
        const std::uint32_t index = explored[slot];
        if (records.at(index)->hash == hash && same(configurations.at(index), configuration))
            return index;
    }
    return none;
}

// Puts a node into the hash table, doubling it first when it would be over half full.
void LacamSearch::Impl::remember(std::uint32_t index) {
    if (2 * records.size() > explored.size()) {
        std::vector<std::uint32_t> larger(std::max<std::size_t>(64, 2 * explored.size()), none);
        const std::size_t mask = larger.size() - 1;
        for (const std::uint32_t known : explored) {
            if (known == none) continue;
            std::size_t slot = records.at(known)->hash & mask;
            while (larger[slot] != none)
                slot = (slot + 1) & mask;
            larger[slot] = known;
        }
        explored = std::move(larger);
    }
    const std::size_t mask = explored.size() - 1;
    std::size_t slot = records.at(index)->hash & mask;
    while (explored[slot] != none)
        slot = (slot + 1) & mask;
    explored[slot] = index;
}

std::uint32_t LacamSearch::Impl::add_constraint(std::uint32_t parent, std::uint32_t depth,
                                                MapfVertex vertex) {
    const auto index = static_cast<std::uint32_t>(constraints.size());
    *constraints.add() = Constraint{.parent = parent, .depth = depth, .vertex = vertex};
    return index;
}

void LacamSearch::Impl::push_constraint(std::uint32_t node_index, std::uint32_t constraint) {
    Node& at = node(node_index);
    if (at.last_constraint == none)
        at.first_constraint = constraint;
    else
        constraints.at(at.last_constraint)->next = constraint;
    at.last_constraint = constraint;
}

std::uint32_t LacamSearch::Impl::pop_constraint(std::uint32_t node_index) {
    Node& at = node(node_index);
    const std::uint32_t constraint = at.first_constraint;
    at.first_constraint = constraints.at(constraint)->next;
    if (at.first_constraint == none) at.last_constraint = none;
    constraints.at(constraint)->next = none;
    return constraint;
}

std::uint32_t LacamSearch::Impl::add_node(const MapfConfiguration& configuration,
                                          const float* agent_priorities, std::uint32_t parent,
                                          std::uint64_t h) {
    const auto index = static_cast<std::uint32_t>(records.size());
    const std::size_t count = agents();
    std::copy_n(configuration.data(), count, configurations.add());
    std::copy_n(agent_priorities, count, priorities.add());
    mapf_detail::order_by_priority(std::span(agent_priorities, count),
                                   std::span(orders.add(), count));
    Node& added = *records.add();
    added = Node{.hash = hash_of(configuration.data(), count), .h = h, .parent = parent};
    if (parent != none)
        added.g = node(parent).g + loss(configurations.at(parent), configurations.at(index));
    remember(index);
    push_constraint(index, add_constraint(none, 0, MapfVertex()));  // the root: no constraint
    return index;
}

// The children of a constraint: the next agent in the order goes to each tile it could.
void LacamSearch::Impl::branch(std::uint32_t node_index, std::uint32_t constraint) {
    const std::uint32_t depth = constraints.at(constraint)->depth;
    if (depth >= agents()) return;
    const std::uint32_t agent = orders.at(node_index)[depth];
    const MapfVertex here = configurations.at(node_index)[agent];
    std::array<MapfVertex, 5> choices;
    std::size_t count = 0;
    for (const MapfVertex neighbour : graph.neighbours(here))
        choices[count++] = neighbour;
    choices[count++] = here;
    for (std::size_t i = count - 1; i > 0; --i)  // Fisher-Yates with our own generator
        std::swap(choices[i], choices[random() % (i + 1)]);
    for (std::size_t i = 0; i < count; ++i)
        push_constraint(node_index, add_constraint(constraint, depth + 1, choices[i]));
}

bool LacamSearch::Impl::successor(std::uint32_t node_index, std::uint32_t constraint,
                                  MapfConfiguration& next) {
    next.assign(agents(), MapfVertex());
    const std::uint32_t* order = orders.at(node_index);
    for (std::uint32_t at = constraint; constraints.at(at)->depth > 0;
         at = constraints.at(at)->parent) {
        const Constraint& fixed = *constraints.at(at);
        next[order[fixed.depth - 1]] = fixed.vertex;
    }
    MapfConfiguration& from = current;
    from.assign(configurations.at(node_index), configurations.at(node_index) + agents());
    const std::span<const std::uint32_t> agent_order(order, agents());
    if (extra_pibts.empty()) return pibt.plan_step(from, next, agent_order);
    // Monte-Carlo generation (LaCAM3): several PIBT runs, the one with the least g + h kept.
    const MapfConfiguration preset = next;
    bool found = pibt.plan_step(from, next, agent_order);
    std::uint64_t best = found ? loss(from.data(), next.data()) + heuristic(next) : UINT64_MAX;
    for (Pibt& other : extra_pibts) {
        candidate = preset;
        if (!other.plan_step(from, candidate, agent_order)) continue;
        const std::uint64_t cost = loss(from.data(), candidate.data()) + heuristic(candidate);
        if (cost < best) {
            best = cost;
            std::swap(next, candidate);
            found = true;
        }
    }
    return found;
}

void LacamSearch::Impl::add_edge(std::uint32_t from, std::uint32_t to) {
    const auto index = static_cast<std::uint32_t>(edges.size());
    *edges.add() = Edge{.to = to};
    Node& at = node(from);
    if (at.last_edge == none)
        at.first_edge = index;
    else
        edges.at(at.last_edge)->next = index;
    at.last_edge = index;
}

// LaCAM*: `to` is reachable from `from`; cheaper ways through `from` spread to everything
// reached from there (a Dijkstra search over the known configurations).
void LacamSearch::Impl::rewire(std::uint32_t from, std::uint32_t to) {
    add_edge(from, to);
    queue.assign(1, from);
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::uint32_t at = queue[head];
        for (std::uint32_t edge = node(at).first_edge; edge != none; edge = edges.at(edge)->next) {
            const std::uint32_t next = edges.at(edge)->to;
            const std::uint64_t g =
                node(at).g + loss(configurations.at(at), configurations.at(next));
            if (g >= node(next).g) continue;
            node(next).g = g;
            node(next).parent = at;
            queue.push_back(next);
            if (goal_node != none && g + node(next).h < node(goal_node).g) open.push_back(next);
        }
    }
}

LacamState LacamSearch::Impl::run(std::chrono::steady_clock::time_point deadline,
                                  std::uint64_t max_expansions) {
    const auto began = std::chrono::steady_clock::now();
    const auto seconds_since = [&] {
        return seconds_run +
               std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    LacamState state = LacamState::Searching;
    std::uint32_t trying = none, tried_constraint = none;  // to put back when out of time
    try {
        if (records.size() == 0) add_start();
        while (state == LacamState::Searching) {
            if (open.empty()) {
                state = goal_node != none ? LacamState::Optimal : LacamState::NoSolution;
                break;
            }
            if (std::chrono::steady_clock::now() >= deadline || expansions >= max_expansions) break;
            if (memory_bytes() + growth_bound() > options.memory_limit ||
                constraints.size() > none - 8 || records.size() > none - 2) {
                state = LacamState::OutOfMemory;
                break;
            }
            const std::uint32_t index = open.back();
            const Node& here = node(index);
            if (goal_node != none && here.g + here.h >= node(goal_node).g) {
                open.pop_back();  // cannot lead to a cheaper solution
                continue;
            }
            if (goal_node == none && same(configurations.at(index), goals)) {
                goal_node = index;
                first_solution_seconds = seconds_since();
                if (!options.anytime) state = LacamState::Solved;
                continue;
            }
            if (here.first_constraint == none) {
                open.pop_back();
                continue;
            }
            const std::uint32_t constraint = pop_constraint(index);
            trying = index;
            tried_constraint = constraint;
            // Everything that may run out of time (PIBT, distances) comes before the node
            // changes, so that the constraint can go back as it was.
            const bool generated = successor(index, constraint, scratch);
            ++expansions;
            const std::uint64_t hash = hash_of(scratch.data(), agents());
            const std::uint32_t known = generated ? find(scratch, hash) : none;
            const std::uint64_t h = generated && known == none ? heuristic(scratch) : 0;
            trying = none;
            branch(index, constraint);
            if (!generated) continue;
            if (known != none) {
                if (options.anytime) rewire(index, known);
                // Back to the known configuration: its untried constraints may lead on.
                if (goal_node == none || node(known).g + node(known).h < node(goal_node).g)
                    open.push_back(known);
                continue;
            }
            scratch_priorities.assign(priorities.at(index), priorities.at(index) + agents());
            mapf_detail::step_priorities(scratch, goals, scratch_priorities);
            const std::uint32_t added = add_node(scratch, scratch_priorities.data(), index, h);
            if (options.anytime) add_edge(index, added);
            open.push_back(added);
        }
    } catch (const DistanceTables::OutOfTime&) {
        if (trying != none) {  // the constraint goes back to the front of its node's FIFO
            Node& at = node(trying);
            constraints.at(tried_constraint)->next = at.first_constraint;
            at.first_constraint = tried_constraint;
            if (at.last_constraint == none) at.last_constraint = tried_constraint;
        }
        state = LacamState::Searching;
    }
    seconds_run = seconds_since();
    if (state == LacamState::Searching && goal_node != none) state = LacamState::Solved;
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
    for (std::size_t run = 0; run < impl_->extra_pibts.size(); ++run)  // sharing the routes
        impl_->extra_pibts[run] = Pibt(impl_->pibt, impl_->options.seed + run + 1);
    impl_->count_pibts();
}

void LacamSearch::set_memory_limit(std::size_t bytes) {
    impl_->options.memory_limit = bytes;
}

LacamState LacamSearch::run(std::chrono::steady_clock::time_point deadline,
                            std::uint64_t max_expansions) {
    return impl_->run(deadline, max_expansions);
}

std::vector<MapfConfiguration> LacamSearch::solution() const {
    std::vector<MapfConfiguration> path;
    for (std::uint32_t at = impl_->goal_node; at != none; at = impl_->records.at(at)->parent) {
        const MapfVertex* configuration = impl_->configurations.at(at);
        path.emplace_back(configuration, configuration + impl_->agents());
    }
    std::reverse(path.begin(), path.end());
    return path;
}

std::uint64_t LacamSearch::solution_loss() const {
    return impl_->goal_node == none ? 0 : impl_->records.at(impl_->goal_node)->g;
}
double LacamSearch::seconds_to_first_solution() const {
    return impl_->first_solution_seconds;
}
std::uint64_t LacamSearch::configurations() const {
    return impl_->records.size();
}
std::uint64_t LacamSearch::expansions() const {
    return impl_->expansions;
}
std::size_t LacamSearch::memory_bytes() const {
    return sizeof(Impl) + impl_->memory_bytes();
}

}  // namespace pathkit
