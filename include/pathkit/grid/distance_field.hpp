/// Distance fields on tile grids: every tile's cost from (or to) one tile, computed whole by the
/// engine or repaired in place after tile changes, to the same bits.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/search/goals.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

/// A grid space with every move turned around, for costs *to* a tile: the successors of a tile
/// are the tiles that can step onto it, at the cost of that step (grid moves go both ways, but a
/// step costs the terrain of the tile entered). A search from a tile over this space gives every
/// tile's cost to it. The grid space must outlive it.
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

/// Writes into `field` (one entry per state of `space`, indexed by state id) every state's cost
/// from `source` over `space`, by a search of the engine that never stops: `algorithm` is
/// Dijkstra, or BreadthFirst where every step costs the same. +infinity where the search does
/// not reach, and everywhere when `source` is not a valid state. `Field` is a span of floats or
/// anything indexed the same way (a column of a table).
template <StateSpace Space, class Field>
void compute_distance_field(const Space& space, std::uint32_t source, SearchAlgorithm algorithm,
                            SearchContext& context, Field&& field) {
    const std::size_t states = space.state_count();
    if (!space.is_valid(StateId(source))) {
        for (std::uint32_t state = 0; state < states; ++state)
            field[state] = infinite_cost;
        return;
    }
    const auto nowhere = [](StateId) { return false; };
    (void)find_path(GoalWhere(space, nowhere), StateId(source), context, {.algorithm = algorithm});
    for (std::uint32_t state = 0; state < states; ++state)
        field[state] = context.cost_to(StateId(state));
}

/// Calls `visit(padded index)` for the padded tiles of `map` whose moves in or out may differ
/// after the tiles at padded indices `changed` changed (walkability or terrain), for a unit of
/// `agent_size` tiles (1..64): the square from `agent_size` tiles left of and above each change
/// to one tile right of and below it (where the unit's fit, its steps onto the tile and the
/// corners it may cut change), kept inside the padded map. A tile near two changes is visited
/// twice; nothing is allocated.
template <class Visit>
void for_each_tile_near_changes(const GridMap& map, int agent_size,
                                std::span<const std::uint32_t> changed, Visit&& visit) {
    const int stride = map.stride();
    const int rows = static_cast<int>(map.padded_size()) / stride;
    for (const std::uint32_t tile : changed) {
        const int row = map.padded_row(tile);
        const int column = static_cast<int>(tile) - row * stride;
        for (int y = std::max(0, row - agent_size); y <= std::min(rows - 1, row + 1); ++y)
            for (int x = std::max(0, column - agent_size); x <= std::min(stride - 1, column + 1);
                 ++x)
                visit(static_cast<std::uint32_t>(y * stride + x));
    }
}

/// The tiles `for_each_tile_near_changes` visits, sorted, each once; at most
/// (agent_size + 2)^2 per change.
[[nodiscard]] inline std::vector<std::uint32_t> tiles_near_changes(
    const GridMap& map, int agent_size, std::span<const std::uint32_t> changed) {
    std::vector<std::uint32_t> tiles;
    tiles.reserve(changed.size() * static_cast<std::size_t>((agent_size + 2) * (agent_size + 2)));
    for_each_tile_near_changes(map, agent_size, changed,
                               [&](std::uint32_t tile) { tiles.push_back(tile); });
    std::sort(tiles.begin(), tiles.end());
    tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
    return tiles;
}

/// Repairs distance fields in place after some states' moves changed, to exactly the bits that
/// `compute_distance_field` would write again, touching only what the changes reach.
///
/// A field is the cheapest cost from a source to every state, as float sums made step by step
/// (what the engine's Dijkstra and, for steps of one cost, its breadth-first order compute).
/// Where a change opened or cheapened moves, costs fall: a Dijkstra search starts at the states
/// near the changes and goes only where it lowers a cost. Where a change blocked or raised
/// moves, a state keeps its cost if a neighbour of lower cost still offers it exactly (its cost
/// plus the step's); otherwise it loses it, and so may the states that took their cost from it,
/// looked at in order of cost; the lost states then take the cheapest offer of their neighbours,
/// and the same search spreads the new costs. A blocked tile in an open room loses only itself
/// and the straight line behind it that had no other equal way round. A state offered its cost
/// only by a neighbour of the same cost (a zero-cost step) is taken as lost, and made again.
///
/// One repairer serves one field at a time and keeps its scratch memory (8 bytes a state) for
/// the next; repairers on different threads may repair different fields at once.
class DistanceFieldRepair {
  public:
    /// Brings `field` from the exact costs from `source` over `forward` before some moves
    /// changed to the exact costs over `forward` now, and returns how many costs it wrote (a
    /// state written twice counts twice; 0 when the changes moved no cost of this field, which is
    /// then untouched). `backward` lists for each state the states that step onto it, at the
    /// same costs as `forward` (a `ReverseGridSpace` for a `GridSpace`, and the other way
    /// round). `near_changes` holds every state with a move in or out that changed, each once
    /// (`tiles_near_changes`). Step costs must be finite and >= 0. `Field` is a span of floats
    /// or anything indexed the same way.
    template <StateSpace Forward, StateSpace Backward, class Field>
    std::size_t repair(const Forward& forward, const Backward& backward, std::uint32_t source,
                       std::span<const std::uint32_t> near_changes, Field&& field);

  private:
    using Entry = std::pair<Cost, std::uint32_t>;  // a cost and a state, cheapest first

    void begin(std::size_t states) {
        if (considered_.size() < states) {
            considered_.resize(states, 0);
            lost_.resize(states, 0);
        }
        if (++round_ == 0) {  // after 2^32 repairs the marks wrap: forget them all once
            std::fill(considered_.begin(), considered_.end(), 0);
            std::fill(lost_.begin(), lost_.end(), 0);
            round_ = 1;
        }
        heap_.clear();
        lost_states_.clear();
    }
    void push(Cost cost, std::uint32_t state) {
        heap_.emplace_back(cost, state);
        std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }
    Entry pop() {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        const Entry top = heap_.back();
        heap_.pop_back();
        return top;
    }
    /// Queues a state whose cost may have to rise, once a repair.
    void consider(Cost cost, std::uint32_t state) {
        if (considered_[state] == round_) return;
        considered_[state] = round_;
        push(cost, state);
    }

    std::vector<std::uint32_t> considered_;  // == round_: queued to be checked in this repair
    std::vector<std::uint32_t> lost_;        // == round_: lost its cost in this repair
    std::uint32_t round_ = 0;
    std::vector<Entry> heap_;
    std::vector<std::uint32_t> lost_states_;
};

template <StateSpace Forward, StateSpace Backward, class Field>
std::size_t DistanceFieldRepair::repair(const Forward& forward, const Backward& backward,
                                        std::uint32_t source,
                                        std::span<const std::uint32_t> near_changes,
                                        Field&& field) {
    begin(forward.state_count());
    // Costs that may have risen, cheapest first: every state a kept neighbour could offer its
    // cost from is decided before it, as offers come only from cheaper states.
    for (const std::uint32_t state : near_changes)
        if (field[state] < infinite_cost) consider(field[state], state);
    while (!heap_.empty()) {
        const Entry top = pop();
        const Cost cost = top.first;
        const std::uint32_t state = top.second;
        bool offered = state == source;
        if (!forward.is_valid(StateId(state))) {
            offered = false;
        } else if (!offered) {
            backward.for_each_successor(StateId(state), [&](StateId before, Cost step) {
                const Cost there = field[before.value];
                offered = offered ||
                          (there < cost && there + step == cost && lost_[before.value] != round_);
            });
        }
        if (offered) continue;
        lost_[state] = round_;
        lost_states_.push_back(state);
        // Before the changes the moves out of a state away from them are what they are now.
        forward.for_each_successor(StateId(state), [&](StateId next, Cost step) {
            const Cost there = field[next.value];
            if (there < infinite_cost && cost + step == there) consider(there, next.value);
        });
    }
    for (const std::uint32_t state : lost_states_)
        field[state] = infinite_cost;
    // Lost states and states near the changes take their neighbours' cheapest offer; lower costs
    // then spread as in Dijkstra's search, and only where they are lower.
    std::size_t written = lost_states_.size();
    const auto take_best_offer = [&](std::uint32_t state) {
        if (!forward.is_valid(StateId(state))) return;
        Cost best = state == source ? 0 : infinite_cost;
        backward.for_each_successor(StateId(state), [&](StateId before, Cost step) {
            best = std::min(best, field[before.value] + step);
        });
        if (best < field[state]) {
            field[state] = best;
            push(best, state);
            written += lost_[state] != round_;
        }
    };
    for (const std::uint32_t state : near_changes)
        take_best_offer(state);
    for (const std::uint32_t state : lost_states_)
        take_best_offer(state);
    while (!heap_.empty()) {
        const Entry top = pop();
        const Cost cost = top.first;
        const std::uint32_t state = top.second;
        if (cost != field[state]) continue;  // lowered again since it was queued
        forward.for_each_successor(StateId(state), [&](StateId next, Cost step) {
            const Cost offer = cost + step;
            if (offer < field[next.value]) {
                field[next.value] = offer;
                push(offer, next.value);
                ++written;
            }
        });
    }
    return written;
}

}  // namespace pathkit
