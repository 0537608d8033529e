// Internal to crowd/: the claimed tiles of one round of formation or coordinated goals, and the
// breadth-first walk that looks for the nearest unclaimed tile, kept between calls.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "pathkit/crowd/crowd.hpp"

namespace pathkit {

// Tiles are marked with stamps, so a round or a walk starts anew without clearing the map.
struct Crowd::FreeTiles {
    explicit FreeTiles(std::size_t padded_tiles)
        : claimed_in_(padded_tiles, 0), seen_in_(padded_tiles, 0) {}

    void begin_claims() {
        next_stamp(claimed_in_, round_);
        walking_ = false;
    }
    void claim(std::uint32_t tile) { claimed_in_[tile] = round_; }
    [[nodiscard]] bool claimed(std::uint32_t tile) const { return claimed_in_[tile] == round_; }

    // True when the last walk started from `from` for `region` in this round: it goes on.
    [[nodiscard]] bool walk_continues(Cell from, std::uint32_t region) const {
        return walking_ && walk_from_ == from && walk_region_ == region;
    }
    void start_walk(Cell from, std::uint32_t region) {
        next_stamp(seen_in_, walk_);
        frontier.clear();
        frontier.push_back(from);
        walking_ = true;
        walk_from_ = from;
        walk_region_ = region;
    }
    void see(std::uint32_t tile) { seen_in_[tile] = walk_; }
    [[nodiscard]] bool seen(std::uint32_t tile) const { return seen_in_[tile] == walk_; }

    std::deque<Cell> frontier;  // the walk's tiles still to look at, in order

  private:
    static void next_stamp(std::vector<std::uint32_t>& marks, std::uint32_t& stamp) {
        if (++stamp == 0) {
            std::fill(marks.begin(), marks.end(), 0);
            stamp = 1;
        }
    }

    std::vector<std::uint32_t> claimed_in_;  // by padded tile: the round that claimed it
    std::vector<std::uint32_t> seen_in_;     // by padded tile: the walk that reached it
    std::uint32_t round_ = 0;
    std::uint32_t walk_ = 0;
    bool walking_ = false;
    Cell walk_from_;
    std::uint32_t walk_region_ = 0;
};

}  // namespace pathkit
