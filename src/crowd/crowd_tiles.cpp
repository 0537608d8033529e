// Crowd: the map's connected regions, and the nearest free tiles that formations and
// coordinated moves hand out, each tile to one unit.
#include <algorithm>
#include <deque>

#include "pathkit/crowd/crowd.hpp"

#include "free_tiles.hpp"

namespace pathkit {

namespace {
constexpr std::uint32_t none = UINT32_MAX;
}  // namespace

// Numbers the map's connected regions under the movement rules, at the first call.
const std::vector<std::uint32_t>& Crowd::regions() {
    if (!region_.empty()) return region_;
    region_.assign(map_->padded_size(), none);
    std::uint32_t next_region = 0;
    std::deque<std::uint32_t> frontier;
    for (std::uint32_t tile = 0; tile < region_.size(); ++tile) {
        if (region_[tile] != none || !space_.is_valid(StateId(tile))) continue;
        region_[tile] = next_region;
        frontier.push_back(tile);
        while (!frontier.empty()) {
            const std::uint32_t here = frontier.front();
            frontier.pop_front();
            space_.for_each_successor(StateId(here), [&](StateId next, Cost) {
                if (region_[next.value] != none) return;
                region_[next.value] = next_region;
                frontier.push_back(next.value);
            });
        }
        ++next_region;
    }
    return region_;
}

void Crowd::begin_claims() {
    if (!free_tiles_) free_tiles_ = std::make_unique<FreeTiles>(map_->padded_size());
    free_tiles_->begin_claims();
}

bool Crowd::is_claimed(Cell tile) const {
    return free_tiles_->claimed(map_->index(tile));
}

void Crowd::claim(Cell tile) {
    free_tiles_->claim(map_->index(tile));
}

// The walkable tile nearest `wanted` (breadth-first over the map's tiles, blocked ones
// included, in a fixed order) that `from` can reach and that is not claimed; claims it.
//
// Claims only grow until the next `begin_claims`, so every tile the breadth-first walk passed
// over stays unfit: a second call with the same start and region goes on from where the last
// one stopped instead of walking the filled area again (10,000 units sent to one tile cost one
// walk over 10,000 tiles, not 10,000 walks).
std::optional<Cell> Crowd::claim_nearest_free_tile(Cell wanted, Cell from) {
    const std::vector<std::uint32_t>& region = regions();
    const std::uint32_t home = region[map_->index(from)];
    const Cell clamped{
        std::clamp(wanted.x, map_->origin().x, map_->origin().x + map_->width() - 1),
        std::clamp(wanted.y, map_->origin().y, map_->origin().y + map_->height() - 1)};
    FreeTiles& tiles = *free_tiles_;
    if (!tiles.walk_continues(clamped, home)) {
        tiles.start_walk(clamped, home);
        tiles.see(map_->index(clamped));
    }
    while (!tiles.frontier.empty()) {
        const Cell here = tiles.frontier.front();
        tiles.frontier.pop_front();
        const std::uint32_t tile = map_->index(here);
        const bool fits = map_->is_walkable(here) && region[tile] == home && !tiles.claimed(tile);
        for (const auto& [dx, dy] :
             {std::pair{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}) {
            const Cell next{here.x + dx, here.y + dy};
            if (!map_->contains(next) || tiles.seen(map_->index(next))) continue;
            tiles.see(map_->index(next));
            tiles.frontier.push_back(next);
        }
        if (fits) {
            tiles.claim(tile);
            return here;
        }
    }
    return std::nullopt;
}

}  // namespace pathkit
