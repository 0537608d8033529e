// guide_paths: near-shortest paths that avoid each other in space and time, found agent by
// agent in rounds against a hashed table of every other path's visits and moves.
#include "pathkit/mapf/guide_paths.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "splitmix.hpp"

namespace pathkit {

namespace {

constexpr std::uint32_t none = UINT32_MAX;
// The dense visit table may hold an eighth of the memory limit and 64 MiB at most (10 bytes
// a vertex and time step: the 32 x 32 maps and the warehouse of the benchmarks, not den520d or
// Berlin_1_256); past that the counts are hashed.
constexpr std::size_t dense_share_of_memory = 8;
constexpr std::size_t most_dense_bytes = std::size_t{64} << 20;

// How many paths stand on a vertex at a time (`to` is none) or take a move from one vertex to a
// neighbour starting at a time: open addressing, entries kept (at count 0) until the table
// grows, when only the live ones move over. For maps and horizons too large for DenseVisits.
class HashedVisits {
  public:
    [[nodiscard]] std::uint32_t count(std::uint32_t from, std::uint32_t to,
                                      std::uint32_t time) const {
        if (entries_.empty()) return 0;
        for (std::size_t slot = slot_of(from, to, time);; slot = (slot + 1) & mask()) {
            const Entry& entry = entries_[slot];
            if (entry.from == none) return 0;
            if (entry.from == from && entry.to == to && entry.time == time) return entry.count;
        }
    }
    void add(std::uint32_t from, std::uint32_t to, std::uint32_t time, int change) {
        if (2 * (used_ + 1) > entries_.size()) grow();
        std::size_t slot = slot_of(from, to, time);
        for (;; slot = (slot + 1) & mask()) {
            Entry& entry = entries_[slot];
            if (entry.from == from && entry.to == to && entry.time == time) break;
            if (entry.from == none) {
                entry = Entry{from, to, time, 0};
                ++used_;
                break;
            }
        }
        entries_[slot].count =
            static_cast<std::uint32_t>(static_cast<std::int64_t>(entries_[slot].count) + change);
    }
    [[nodiscard]] std::size_t bytes() const { return entries_.capacity() * sizeof(Entry); }
    // Bytes the next `add` may allocate.
    [[nodiscard]] std::size_t growth() const {
        return 2 * (used_ + 1) > entries_.size()
                   ? 2 * std::max<std::size_t>(entries_.size(), 512) * sizeof(Entry)
                   : 0;
    }

  private:
    struct Entry {
        std::uint32_t from = none;
        std::uint32_t to = none;
        std::uint32_t time = 0;
        std::uint32_t count = 0;
    };
    [[nodiscard]] std::size_t mask() const { return entries_.size() - 1; }
    [[nodiscard]] std::size_t slot_of(std::uint32_t from, std::uint32_t to,
                                      std::uint32_t time) const {
        std::uint64_t key = (std::uint64_t{from} << 32 | time) ^ (std::uint64_t{to} * 0x9e3779b1u);
        key ^= key >> 31;
        key *= 0xbf58476d1ce4e5b9ULL;
        key ^= key >> 29;
        return static_cast<std::size_t>(key) & mask();
    }
    void grow() {
        std::vector<Entry> old = std::move(entries_);
        std::size_t live = 0;
        for (const Entry& entry : old)
            live += entry.from != none && entry.count > 0;
        entries_.assign(std::max<std::size_t>(512, std::bit_ceil(4 * (live + 1))), Entry{});
        used_ = 0;
        for (const Entry& entry : old) {
            if (entry.from == none || entry.count == 0) continue;
            std::size_t slot = slot_of(entry.from, entry.to, entry.time);
            while (entries_[slot].from != none)
                slot = (slot + 1) & mask();
            entries_[slot] = entry;
            ++used_;
        }
    }

    std::vector<Entry> entries_;
    std::size_t used_ = 0;
};

// The same counts in one array by time and vertex: a path on the vertex, and the moves into it
// from each of its neighbours (by their place in `MapfGraph::neighbours`), a step earlier. The
// vertices a search looks at sit together, so a look-up costs no cache miss a hashed one would;
// the array grows a time at a time. Counts fit 16 bits while there are fewer agents than that.
class DenseVisits {
  public:
    explicit DenseVisits(std::size_t vertex_count) : vertex_count_(vertex_count) {}

    [[nodiscard]] std::uint32_t here(MapfVertex vertex, std::uint32_t time) const {
        const std::size_t at = std::size_t{time} * vertex_count_ + vertex.index();
        return at < here_.size() ? here_[at] : 0;
    }
    // Moves into `vertex` at `time` from its neighbour number `slot`.
    [[nodiscard]] std::uint32_t entered(MapfVertex vertex, std::uint32_t slot,
                                        std::uint32_t time) const {
        const std::size_t at = std::size_t{time} * vertex_count_ + vertex.index();
        return at < entered_.size() ? entered_[at][slot] : 0;
    }
    // Bytes the arrays hold for `times` times.
    [[nodiscard]] std::size_t bytes_for(std::size_t times) const {
        return times * vertex_count_ * cell_bytes;
    }
    [[nodiscard]] std::size_t times() const { return here_.size() / vertex_count_; }
    [[nodiscard]] std::size_t times_held() const { return here_.capacity() / vertex_count_; }
    [[nodiscard]] std::size_t bytes() const { return here_.capacity() * cell_bytes; }
    // Times the arrays will hold after making room for `time` (doubling, as vectors do).
    [[nodiscard]] std::size_t times_after_room_for(std::uint32_t time) const {
        const std::size_t held = times_held();
        return time < held ? held : std::max<std::size_t>(2 * held, std::size_t{time} + 1);
    }
    void make_room_for(std::uint32_t time) {
        if (time < times()) return;
        const std::size_t after = times_after_room_for(time) * vertex_count_;
        if (after > here_.capacity()) {
            here_.reserve(after);
            entered_.reserve(after);
        }
        here_.resize((std::size_t{time} + 1) * vertex_count_);
        entered_.resize(here_.size());
    }
    // The counts at a time (room made for it), to change.
    [[nodiscard]] std::uint16_t& here_at(MapfVertex vertex, std::uint32_t time) {
        return here_[std::size_t{time} * vertex_count_ + vertex.index()];
    }
    [[nodiscard]] std::uint16_t& entered_at(MapfVertex vertex, std::uint32_t slot,
                                            std::uint32_t time) {
        return entered_[std::size_t{time} * vertex_count_ + vertex.index()][slot];
    }
    void release() {
        std::vector<std::uint16_t>().swap(here_);
        std::vector<std::array<std::uint16_t, 4>>().swap(entered_);
    }

  private:
    static constexpr std::size_t cell_bytes = 5 * sizeof(std::uint16_t);
    std::size_t vertex_count_;
    // By time, then vertex (apart: the paths on the neighbours a search looks at sit closer).
    std::vector<std::uint16_t> here_;
    std::vector<std::array<std::uint16_t, 4>> entered_;
};

// One bit by time and vertex, set once a visit of the vertex or a move into it at that time has
// been counted (kept when the count falls back to 0): where it is clear the hashed table holds
// nothing, and most look-ups on a large sparse map end here instead of in a cache miss.
class TouchedBits {
  public:
    explicit TouchedBits(std::size_t vertex_count) : vertex_count_(vertex_count) {}

    [[nodiscard]] bool may_hold(MapfVertex vertex, std::uint32_t time) const {
        const std::size_t at = std::size_t{time} * vertex_count_ + vertex.index();
        return at >= words_.size() * 64 || (words_[at / 64] >> (at % 64) & 1) != 0;
    }
    // Whether a bit for `time` is held or fits in `limit` bytes (the words doubling).
    [[nodiscard]] bool has_room_for(std::uint32_t time, std::size_t limit) const {
        return words_for(time) <= words_.capacity() ||
               std::max(words_for(time), 2 * words_.capacity()) * sizeof(std::uint64_t) <= limit;
    }
    void touch(MapfVertex vertex, std::uint32_t time) {
        const std::size_t at = std::size_t{time} * vertex_count_ + vertex.index();
        if (at >= words_.size() * 64) {
            const std::size_t words = words_for(time);
            if (words > words_.capacity()) words_.reserve(std::max(words, 2 * words_.capacity()));
            words_.resize(words);
        }
        words_[at / 64] |= std::uint64_t{1} << (at % 64);
    }
    [[nodiscard]] std::size_t bytes() const { return words_.capacity() * sizeof(std::uint64_t); }
    // Bytes the next `touch` may allocate.
    [[nodiscard]] std::size_t growth() const {
        return std::max<std::size_t>(2 * words_.capacity(), words_for(0)) * sizeof(std::uint64_t);
    }

  private:
    // Words for every bit up to the end of `time`.
    [[nodiscard]] std::size_t words_for(std::uint32_t time) const {
        return ((std::size_t{time} + 1) * vertex_count_ + 63) / 64;
    }
    std::size_t vertex_count_;
    std::vector<std::uint64_t> words_;
};

// The visits and moves of the paths enrolled: dense while the array stays within its share of
// the memory limit (and counts fit), hashed from the first time it would not.
class VisitTable {
  public:
    // Dense from the start when the array for `expected_times` fits `dense_limit` (filling a
    // large array only to move its counts over costs more than it saves).
    VisitTable(const MapfGraph& graph, std::size_t agents, std::size_t expected_times,
               std::size_t dense_limit)
        : graph_(graph),
          dense_(graph.vertex_count()),
          touched_(graph.vertex_count()),
          dense_limit_(dense_limit),
          is_dense_(agents <= UINT16_MAX && graph.vertex_count() > 0 &&
                    dense_.bytes_for(expected_times) <= dense_limit) {}

    // Collisions of a move from `from` at `time` to its neighbour number `slot`, `to`: paths on
    // `to` at `time + 1` and paths moving from `to` to `from` meanwhile.
    [[nodiscard]] std::uint32_t move_count(MapfVertex from, std::uint32_t slot, MapfVertex to,
                                           std::uint32_t time) const {
        if (is_dense_) return dense_.here(to, time + 1) + dense_.entered(from, slot, time + 1);
        std::uint32_t collisions = 0;
        if (!is_filtered_ || touched_.may_hold(to, time + 1))
            collisions += hashed_.count(to.value, none, time + 1);
        if (!is_filtered_ || touched_.may_hold(from, time + 1))
            collisions += hashed_.count(to.value, from.value, time);
        return collisions;
    }
    // A path on `vertex` at `time`, added (`change` 1) or taken out (-1).
    void add_visit(MapfVertex vertex, std::uint32_t time, int change) {
        if (is_dense_ && !dense_room_for(time)) to_hashed();
        if (!is_dense_) {
            hashed_.add(vertex.value, none, time, change);
            return touch(vertex, time);
        }
        dense_.make_room_for(time);
        count(dense_.here_at(vertex, time), change);
    }
    // A path moving from `from` at `time` to its neighbour `to`, added or taken out.
    void add_move(MapfVertex from, MapfVertex to, std::uint32_t time, int change) {
        if (is_dense_ && !dense_room_for(time + 1)) to_hashed();
        if (!is_dense_) {
            hashed_.add(from.value, to.value, time, change);
            return touch(to, time + 1);
        }
        dense_.make_room_for(time + 1);
        const auto around = graph_.neighbours(to);
        const auto slot = static_cast<std::uint32_t>(std::find(around.begin(), around.end(), from) -
                                                     around.begin());
        count(dense_.entered_at(to, slot, time + 1), change);
    }
    [[nodiscard]] std::size_t bytes() const {
        return is_dense_ ? dense_.bytes() : hashed_.bytes() + touched_.bytes();
    }
    // Bytes the next `add_visit` or `add_move` may allocate.
    [[nodiscard]] std::size_t growth() const {
        if (!is_dense_) return hashed_.growth() + (is_filtered_ ? touched_.growth() : 0);
        const std::size_t after =
            dense_.times_after_room_for(static_cast<std::uint32_t>(dense_.times_held()));
        return std::max(dense_.bytes_for(after), hashed_bytes_for(live_) + touched_.growth());
    }

  private:
    [[nodiscard]] bool dense_room_for(std::uint32_t time) const {
        return time < dense_.times() ||
               dense_.bytes_for(dense_.times_after_room_for(time)) <= dense_limit_;
    }
    // Marks a visit or move counted at `time`, or stops filtering if the bits would outgrow
    // their share.
    void touch(MapfVertex vertex, std::uint32_t time) {
        if (!is_filtered_) return;
        if (touched_.has_room_for(time, dense_limit_)) return touched_.touch(vertex, time);
        is_filtered_ = false;
        touched_ = TouchedBits(graph_.vertex_count());
    }
    void count(std::uint16_t& counted, int change) {
        live_ -= counted > 0;
        counted = static_cast<std::uint16_t>(counted + change);
        live_ += counted > 0;
    }
    // Bytes the hashed table holds once the dense counts move over.
    [[nodiscard]] static std::size_t hashed_bytes_for(std::size_t live) {
        return std::max<std::size_t>(512, std::bit_ceil(4 * (live + 1))) * 4 *
               sizeof(std::uint32_t);
    }
    void to_hashed() {
        is_dense_ = false;
        for (std::uint32_t time = 0; time < dense_.times(); ++time)
            for (std::uint32_t v = 0; v < graph_.vertex_count(); ++v) {
                const MapfVertex vertex(v);
                if (const std::uint32_t n = dense_.here(vertex, time); n > 0) {
                    hashed_.add(v, none, time, static_cast<int>(n));
                    touch(vertex, time);
                }
                const auto around = graph_.neighbours(vertex);
                for (std::uint32_t slot = 0; slot < around.size(); ++slot)
                    if (const std::uint32_t n = dense_.entered(vertex, slot, time); n > 0) {
                        hashed_.add(around[slot].value, v, time - 1, static_cast<int>(n));
                        touch(vertex, time);
                    }
            }
        dense_.release();
    }

    const MapfGraph& graph_;
    DenseVisits dense_;
    HashedVisits hashed_;
    TouchedBits touched_;
    std::size_t dense_limit_;
    std::size_t live_ = 0;  // counts above 0 in the dense array
    bool is_dense_;
    bool is_filtered_ = true;  // while the hashed table's counts are marked in touched_
};

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
    struct Node {
        std::uint64_t key;
        std::uint32_t collisions;
        std::uint32_t g;
        MapfVertex vertex;
        MapfVertex parent;
    };
    // The heap's order as a type, so that the heap operations inline it.
    struct Later {
        bool operator()(const Node& a, const Node& b) const {
            if (a.key != b.key) return a.key > b.key;
            return a.g < b.g;  // deeper first among equals: fewer nodes to the goal
        }
    };
    // Fewest collisions first, then the shortest (cost so far plus the exact distance to go).
    [[nodiscard]] static std::uint64_t key_of(std::uint32_t collisions, std::uint32_t f) {
        return std::uint64_t{collisions} << 32 | f;
    }

    [[nodiscard]] std::uint32_t move_collisions(MapfVertex from, std::uint32_t slot, MapfVertex to,
                                                std::uint32_t time) const;
    [[nodiscard]] std::uint32_t rest_collisions(std::uint32_t agent, std::uint32_t arrival) const;
    std::uint32_t path_collisions(std::uint32_t agent) const;
    void enroll(std::uint32_t agent, int change);
    bool plan(std::uint32_t agent);
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
    std::vector<Node> open_;
    std::uint64_t collisions_ = 0;  // pairs: each agent's against those enrolled before
    std::size_t path_bytes_ = 0;    // the paths' buffers
    std::size_t pass_bytes_ = 0;    // the buffers of goal_passes_, kept up to date by enroll
    std::size_t best_bytes_ = 0;    // the copy of the best round's paths
    std::size_t peak_bytes_ = 0;
};

std::size_t Guide::bytes() const {
    const std::size_t passes = goal_passes_.capacity() * sizeof(goal_passes_[0]) + pass_bytes_;
    return visits_.bytes() + path_bytes_ + best_bytes_ + passes + open_.capacity() * sizeof(Node) +
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

// A new path for `agent`, the others enrolled: false (its old path kept) when there is none
// within the margin or the search would pass the memory limit.
bool Guide::plan(std::uint32_t agent) {
    const std::uint32_t table = tables_[agent];
    const MapfVertex start = starts_[agent], goal = goals_[agent];
    const std::uint32_t shortest = distances_.distance(table, start);
    if (shortest == DistanceTables::unreachable) return false;
    const std::uint64_t longest = std::uint64_t{shortest} + options_.margin;
    if (++search_number_ == 0) {  // stamps wrapped: clear them
        std::fill(stamp_.begin(), stamp_.end(), 0);
        search_number_ = 1;
    }
    open_.clear();
    open_.push_back(Node{key_of(0, shortest), 0, 0, start, MapfVertex()});
    const std::size_t room = options_.memory_limit > bytes() ? options_.memory_limit - bytes() : 0;
    while (!open_.empty()) {
        std::pop_heap(open_.begin(), open_.end(), Later{});
        const Node node = open_.back();
        open_.pop_back();
        if (stamp_[node.vertex.index()] == search_number_) continue;
        stamp_[node.vertex.index()] = search_number_;
        parent_[node.vertex.index()] = node.parent;
        if (node.vertex == goal) {
            std::vector<MapfVertex>& path = paths_[agent];
            path_bytes_ -= path.capacity() * sizeof(MapfVertex);
            path.assign(node.g + 1, MapfVertex());
            std::size_t step = node.g;
            for (MapfVertex at = goal; at.is_valid(); at = parent_[at.index()])
                path[step--] = at;
            path_bytes_ += path.capacity() * sizeof(MapfVertex);
            return true;
        }
        const auto around = graph_.neighbours(node.vertex);
        for (std::uint32_t slot = 0; slot < around.size(); ++slot) {
            const MapfVertex next = around[slot];
            if (stamp_[next.index()] == search_number_) continue;
            const std::uint32_t to_go = distances_.distance(table, next);
            if (to_go == DistanceTables::unreachable || node.g + 1 + std::uint64_t{to_go} > longest)
                continue;
            std::uint32_t collisions =
                node.collisions + move_collisions(node.vertex, slot, next, node.g);
            if (next == goal) collisions += rest_collisions(agent, node.g + 1);
            if (open_.size() == open_.capacity() &&
                (open_.capacity() + 1) * 2 * sizeof(Node) > room)
                return false;
            open_.push_back(Node{key_of(collisions, node.g + 1 + to_go), collisions, node.g + 1,
                                 next, node.vertex});
            std::push_heap(open_.begin(), open_.end(), Later{});
        }
    }
    return false;
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
                64 * sizeof(Node);
            if (std::chrono::steady_clock::now() >= deadline ||
                bytes() + visits_.growth() + next_path > options_.memory_limit) {
                whole = false;
                break;
            }
            enroll(agent, -1);
            const std::uint32_t before = path_collisions(agent);
            // After the first round only the paths that meet others are planned again.
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
    if (Guide::fixed_bytes(graph.vertex_count(), starts.size()) > options.memory_limit) {
        GuidePaths nothing;
        nothing.paths.resize(starts.size());
        return nothing;
    }
    Guide guide(graph, distances, starts, goals, options);
    return guide.run(deadline);
}

}  // namespace pathkit
