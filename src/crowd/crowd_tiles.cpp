// Crowd: the map's connected regions, and the nearest free tiles that formations and
// coordinated moves hand out, each tile to one unit, by breadth-first searches on the engine.
#include <algorithm>

#include "crowd_impl.hpp"
#include "free_tiles.hpp"
#include "pathkit/search/goals.hpp"

namespace pathkit::crowd {

namespace {
SearchOptions breadth_first() {
    SearchOptions options;
    options.algorithm = SearchAlgorithm::BreadthFirst;
    return options;
}
}  // namespace

FreeTiles::FreeTiles(const GridSpace& space, SearchContext& context)
    : map_(&space.map()),
      context_(&context),
      regions_(map_->padded_size(), no_region),
      claimed_in_(map_->padded_size(), 0),
      problem_(*map_, regions_, claimed_in_, round_) {
    // One search from each tile no earlier one reached, with no goal: every tile it takes off
    // its queue is in the region.
    std::uint32_t next_region = 0;
    const auto in_the_region = [&](StateId tile) {
        regions_[tile.value] = next_region;
        return false;
    };
    const GoalWhere labelling(space, in_the_region);
    for (std::uint32_t tile = 0; tile < regions_.size(); ++tile) {
        if (regions_[tile] != no_region || !space.is_valid(StateId(tile))) continue;
        const SearchResult result = find_path(labelling, StateId(tile), context, breadth_first());
        PATHKIT_ASSERT(result.status == SearchStatus::NoPath);
        ++next_region;
    }
}

FreeTiles::Round FreeTiles::begin_round() {
    walk_.reset();
    if (++round_ == 0) {  // forget every old claim once
        std::fill(claimed_in_.begin(), claimed_in_.end(), 0);
        round_ = 1;
    }
    return Round(*this);
}

std::optional<Cell> FreeTiles::claim_nearest(Cell wanted, Cell from, int size,
                                             const std::uint8_t* fits) {
    const std::uint32_t home = regions_[map_->index(from)];
    const Cell start{std::clamp(wanted.x, map_->origin().x, map_->origin().x + map_->width() - 1),
                     std::clamp(wanted.y, map_->origin().y, map_->origin().y + map_->height() - 1)};
    if (!walk_ || walk_from_ != start || problem_.region != home || walk_size_ != size) {
        walk_.reset();  // lets go of the context before the next walk takes it
        problem_.region = home;
        problem_.size = size;
        problem_.fits = size > 1 && fits ? fits : map_->walkable_data();
        walk_from_ = start;
        walk_size_ = size;
        walk_.emplace(problem_, *context_, breadth_first());
        const SearchStatus begun = walk_->begin(StateId(map_->index(start)));
        PATHKIT_ASSERT(begun == SearchStatus::InProgress);  // inside the map, context free
        (void)begun;
    }
    if (walk_->step() != SearchStatus::Found) return std::nullopt;
    const Cell tile = map_->cell(walk_->goal_found().value);
    claim(tile, size);
    (void)walk_->continue_past_goal();  // the next call goes on from here
    return tile;
}

}  // namespace pathkit::crowd

namespace pathkit {

crowd::FreeTiles::Round Crowd::Impl::begin_claims() {
    if (!free_tiles) free_tiles = std::make_unique<crowd::FreeTiles>(space, context);
    return free_tiles->begin_round();
}

const GridSpace& Crowd::Impl::space_for(int size) {
    if (size <= 1) return space;
    std::unique_ptr<GridSpace>& sized = sized_spaces[size - 2];
    std::uint64_t& revision = sized_revisions[size - 2];
    if (!sized) {
        MovementRules rules = options.rules;
        rules.agent_size = size;
        sized = std::make_unique<GridSpace>(*map, rules);  // its table made at the map's now
        revision = map->revision();
    } else if (revision != map->revision()) {
        sized->refresh();
        revision = map->revision();
    }
    return *sized;
}

std::uint32_t Crowd::Impl::other_holder(std::uint32_t unit, Cell at) const {
    std::uint32_t found = crowd::none;
    (void)crowd::any_footprint_tile(map->index(at), units[unit].size, map->stride(),
                                    [&](std::uint32_t tile) {
                                        const std::uint32_t other = holder[tile];
                                        if (other == crowd::none || other == unit) return false;
                                        found = other;
                                        return true;
                                    });
    return found;
}

void Crowd::Impl::hold(std::uint32_t unit, Cell at, std::uint32_t who) {
    (void)crowd::any_footprint_tile(map->index(at), units[unit].size, map->stride(),
                                    [&](std::uint32_t tile) {
                                        holder[tile] = who;
                                        return false;
                                    });
}

}  // namespace pathkit
