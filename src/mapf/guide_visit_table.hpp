// The guide paths' visit table: how many paths stand on each vertex and take each move at each
// time, dense by time and vertex while that fits, hashed past it.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit::mapf_detail {

// No vertex: the `to` of a visit (not a move), and an empty slot of the hashed table.
inline constexpr std::uint32_t no_vertex = UINT32_MAX;

// How many paths stand on a vertex at a time (`to` is no_vertex) or take a move from one vertex to
// a neighbour starting at a time: open addressing, entries kept (at count 0) until the table grows,
// when only the live ones move over. For maps and horizons too large for DenseVisits.
class HashedVisits {
  public:
    [[nodiscard]] std::uint32_t count(std::uint32_t from, std::uint32_t to,
                                      std::uint32_t time) const {
        if (entries_.empty()) return 0;
        for (std::size_t slot = slot_of(from, to, time);; slot = (slot + 1) & mask()) {
            const Entry& entry = entries_[slot];
            if (entry.from == no_vertex) return 0;
            if (entry.from == from && entry.to == to && entry.time == time) return entry.count;
        }
    }
    void add(std::uint32_t from, std::uint32_t to, std::uint32_t time, int change) {
        if (2 * (used_ + 1) > entries_.size()) grow();
        std::size_t slot = slot_of(from, to, time);
        for (;; slot = (slot + 1) & mask()) {
            Entry& entry = entries_[slot];
            if (entry.from == from && entry.to == to && entry.time == time) break;
            if (entry.from == no_vertex) {
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
        std::uint32_t from = no_vertex;
        std::uint32_t to = no_vertex;
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
            live += entry.from != no_vertex && entry.count > 0;
        entries_.assign(std::max<std::size_t>(512, std::bit_ceil(4 * (live + 1))), Entry{});
        used_ = 0;
        for (const Entry& entry : old) {
            if (entry.from == no_vertex || entry.count == 0) continue;
            std::size_t slot = slot_of(entry.from, entry.to, entry.time);
            while (entries_[slot].from != no_vertex)
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
            collisions += hashed_.count(to.value, no_vertex, time + 1);
        if (!is_filtered_ || touched_.may_hold(from, time + 1))
            collisions += hashed_.count(to.value, from.value, time);
        return collisions;
    }
    // A path on `vertex` at `time`, added (`change` 1) or taken out (-1).
    void add_visit(MapfVertex vertex, std::uint32_t time, int change) {
        if (is_dense_ && !dense_room_for(time)) to_hashed();
        if (!is_dense_) {
            hashed_.add(vertex.value, no_vertex, time, change);
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
                    hashed_.add(v, no_vertex, time, static_cast<int>(n));
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

}  // namespace pathkit::mapf_detail
