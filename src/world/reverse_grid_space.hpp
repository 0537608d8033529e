// Internal to world/: a grid space with every move turned around, for costs *to* a tile.
#pragma once

#include <cstdlib>

#include "pathkit/grid/grid_space.hpp"

namespace pathkit::world_detail {

/// The successors of a tile are the tiles that can step onto it, at the cost of that step
/// (grid moves are symmetric, but a step costs the terrain of the tile entered). A search from
/// a tile over this space gives every tile's cost *to* it.
class ReverseGridSpace {
  public:
    explicit ReverseGridSpace(const GridSpace& space) : space_(&space) {}

    [[nodiscard]] std::size_t state_count() const { return space_->state_count(); }
    [[nodiscard]] bool is_valid(StateId state) const { return space_->is_valid(state); }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        const int stride = space_->map().stride();
        space_->for_each_successor(state, [&](StateId before, Cost) {
            const int apart =
                std::abs(static_cast<int>(state.value) - static_cast<int>(before.value));
            const bool diagonal = apart != 1 && apart != stride;
            visit(before, space_->step_cost(diagonal, state.value));
        });
    }

  private:
    const GridSpace* space_;
};

}  // namespace pathkit::world_detail
