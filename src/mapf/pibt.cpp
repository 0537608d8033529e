// Pibt: priority inheritance with backtracking, one step, with LaCAM3's swap for corridors.
#include "pathkit/mapf/pibt.hpp"

#include <algorithm>
#include <array>

#include "splitmix.hpp"

namespace pathkit {

Pibt::Pibt(const MapfGraph& graph, DistanceTables& distances, std::span<const MapfVertex> goals,
           std::uint64_t seed, bool swap)
    : graph_(&graph),
      distances_(&distances),
      goals_(goals.begin(), goals.end()),
      scratch_(std::make_shared<Scratch>(graph.vertex_count())),
      occupied_now_(scratch_->occupied_now.get()),
      occupied_next_(scratch_->occupied_next.get()),
      random_state_(seed),
      swap_(swap) {
    for (const MapfVertex goal : goals_)
        tables_.push_back(distances.table_for(goal));
}

Pibt::Pibt(const Pibt& other, std::uint64_t seed)
    : graph_(other.graph_),
      distances_(other.distances_),
      goals_(other.goals_),
      tables_(other.tables_),
      scratch_(other.scratch_),
      owns_scratch_(false),
      occupied_now_(other.occupied_now_),
      occupied_next_(other.occupied_next_),
      routes_(other.routes_),
      route_dropped_(other.route_dropped_),
      along_at_(other.along_at_.size(), 0),
      ahead_(other.ahead_),
      random_state_(seed),
      swap_(other.swap_) {}

std::size_t Pibt::memory_bytes() const {
    std::size_t bytes =
        (goals_.capacity() + ahead_.capacity() + first_choices_.capacity()) * sizeof(MapfVertex) +
        headings_.capacity() + (tables_.capacity() + along_at_.capacity()) * sizeof(std::uint32_t) +
        route_dropped_.capacity();
    if (owns_scratch_) {
        bytes += sizeof(Scratch) + 2 * graph_->vertex_count() * sizeof(std::uint32_t);
        if (routes_)
            bytes +=
                sizeof(Routes) +
                (routes_->first.capacity() + routes_->detour.capacity() +
                 routes_->first_along.capacity() + routes_->place_along.capacity()) *
                    sizeof(std::uint32_t) +
                (routes_->steps.capacity() + routes_->along.capacity()) * sizeof(std::uint64_t);
    }
    return bytes;
}

namespace {

// Among the steps from `begin`, sorted by vertex (the upper 32 bits), keeps each vertex's first.
void keep_first_step_per_vertex(std::vector<std::uint64_t>& steps, std::ptrdiff_t begin) {
    steps.erase(std::unique(steps.begin() + begin, steps.end(),
                            [](std::uint64_t a, std::uint64_t b) { return a >> 32 == b >> 32; }),
                steps.end());
}

}  // namespace

void Pibt::use_routes(std::shared_ptr<Routes> table) {
    table->first.push_back(static_cast<std::uint32_t>(table->steps.size()));
    routes_ = std::move(table);
    route_dropped_.assign(goals_.size(), 0);
}

void Pibt::prefer_routes(const std::vector<std::vector<MapfVertex>>& routes) {
    auto table = std::make_shared<Routes>();
    std::size_t steps = 0;
    for (std::size_t agent = 0; agent < routes.size() && agent < goals_.size(); ++agent)
        steps += routes[agent].empty() ? 0 : routes[agent].size() - 1;
    table->steps.reserve(steps);
    table->first.reserve(goals_.size() + 1);
    for (std::size_t agent = 0; agent < goals_.size(); ++agent) {
        const auto begin = static_cast<std::ptrdiff_t>(table->steps.size());
        table->first.push_back(static_cast<std::uint32_t>(begin));
        if (agent >= routes.size()) continue;
        const std::vector<MapfVertex>& route = routes[agent];
        for (std::size_t i = 0; i + 1 < route.size(); ++i)
            table->steps.push_back(std::uint64_t{route[i].value} << 32 | route[i + 1].value);
        // By vertex; a tile the route comes back to keeps its first step (the stable sort).
        const auto first = table->steps.begin() + begin;
        std::stable_sort(first, table->steps.end(),
                         [](std::uint64_t a, std::uint64_t b) { return a >> 32 < b >> 32; });
        keep_first_step_per_vertex(table->steps, begin);
    }
    Routes& built = *table;
    use_routes(std::move(table));
    // Each route in its order with route_step_on's answers, which route_next tries first.
    built.place_along.assign(built.steps.size(), none);
    built.along.reserve(steps + goals_.size());
    built.first_along.reserve(goals_.size() + 1);
    for (std::uint32_t agent = 0; agent < goals_.size(); ++agent) {
        const auto begin = static_cast<std::uint32_t>(built.along.size());
        built.first_along.push_back(begin);
        if (agent >= routes.size()) continue;
        for (const MapfVertex vertex : routes[agent]) {
            const std::uint32_t index = step_index(built, agent, vertex);
            const std::uint32_t next =
                index == none ? none : static_cast<std::uint32_t>(built.steps[index]);
            if (index != none && built.place_along[index] == none)
                built.place_along[index] = static_cast<std::uint32_t>(built.along.size()) - begin;
            built.along.push_back(std::uint64_t{vertex.value} << 32 | next);
        }
    }
    built.first_along.push_back(static_cast<std::uint32_t>(built.along.size()));
    along_at_.assign(goals_.size(), 0);
}

void Pibt::follow_routes(std::span<const std::span<const MapfVertex>> routes) {
    auto table = std::make_shared<Routes>();
    table->followed = true;
    std::size_t steps = 0;
    for (std::size_t agent = 0; agent < routes.size() && agent < goals_.size(); ++agent)
        steps += routes[agent].size();
    table->steps.reserve(steps);
    table->first.reserve(goals_.size() + 1);
    table->detour.assign(goals_.size(), 0);
    for (std::size_t agent = 0; agent < goals_.size(); ++agent) {
        const auto begin = static_cast<std::ptrdiff_t>(table->steps.size());
        table->first.push_back(static_cast<std::uint32_t>(begin));
        if (agent >= routes.size() || routes[agent].empty() ||
            routes[agent].back() != goals_[agent])
            continue;
        const std::span<const MapfVertex> route = routes[agent];
        const auto last = static_cast<std::uint32_t>(route.size() - 1);
        for (std::uint32_t i = 0; i < route.size(); ++i)
            table->steps.push_back(std::uint64_t{route[i].value} << 32 | (last - i));
        const std::uint32_t shortest = distances_->distance(tables_[agent], route.front());
        table->detour[agent] = shortest < last ? last - shortest : 0;
        // By vertex; a tile the route comes back to keeps its last visit (fewest steps to go).
        const auto first = table->steps.begin() + begin;
        std::sort(first, table->steps.end());
        keep_first_step_per_vertex(table->steps, begin);
    }
    use_routes(std::move(table));
}

// A binary search without branches on the comparisons (the compiler makes them conditional
// moves): PIBT asks this for every choice, and against std::lower_bound it makes whole plans
// about 4 % cheaper (CPU time, 39 instances, the same plans).
std::uint32_t Pibt::step_index(const Routes& routes, std::uint32_t agent, MapfVertex vertex) {
    std::size_t count = routes.first[agent + 1] - routes.first[agent];
    if (count == 0) return none;
    const std::uint64_t* at = routes.steps.data() + routes.first[agent];
    const std::uint64_t key = std::uint64_t{vertex.value} << 32 | 0xffffffffu;
    while (count > 1) {
        const std::size_t half = count / 2;
        at = at[half] <= key ? at + half : at;  // the last step on a vertex up to `vertex`
        count -= half;
    }
    return *at >> 32 == vertex.value ? static_cast<std::uint32_t>(at - routes.steps.data()) : none;
}

std::uint32_t Pibt::route_step_on(std::uint32_t agent, MapfVertex vertex) const {
    const std::uint32_t index = step_index(*routes_, agent, vertex);
    return index == none ? none : static_cast<std::uint32_t>(routes_->steps[index]);
}

// How good a tile is for `agent` (smaller is better), before the tie-break.
double Pibt::choice_key(std::uint32_t agent, MapfVertex vertex) {
    if (!routes_ || !routes_->followed || route_dropped_[agent] ||
        routes_->first[agent] == routes_->first[agent + 1])
        return distance_to_goal(agent, vertex);
    const std::uint32_t on = route_step_on(agent, vertex);
    if (on != none) return on;
    std::uint32_t beside = none;
    for (const MapfVertex neighbour : graph_->neighbours(vertex))
        beside = std::min(beside, route_step_on(agent, neighbour));
    if (beside != none) return static_cast<double>(beside) + 1;
    return static_cast<double>(distance_to_goal(agent, vertex)) + routes_->detour[agent] + 2;
}

MapfVertex Pibt::route_next(std::uint32_t agent, MapfVertex here) {
    if (!routes_ || route_dropped_[agent]) return MapfVertex();
    const Routes& routes = *routes_;
    std::uint32_t next = none;
    if (routes.first_along.empty()) {  // followed routes
        next = route_step_on(agent, here);
    } else if (const std::uint32_t begin = routes.first_along[agent], at = begin + along_at_[agent],
               end = routes.first_along[agent + 1];
               at < end && routes.along[at] >> 32 == here.value) {  // where it stood
        next = static_cast<std::uint32_t>(routes.along[at]);
    } else if (at + 1 < end && routes.along[at + 1] >> 32 == here.value) {  // a step on
        next = static_cast<std::uint32_t>(routes.along[at + 1]);
        ++along_at_[agent];
    } else if (const std::uint32_t index = step_index(routes, agent, here); index != none) {
        next = static_cast<std::uint32_t>(routes.steps[index]);
        along_at_[agent] = routes.place_along[index];
    }
    return next == none ? MapfVertex() : MapfVertex(next);
}

void Pibt::set_goal(std::uint32_t agent, MapfVertex goal) {
    if (agent < route_dropped_.size()) route_dropped_[agent] = 1;
    goals_[agent] = goal;
    tables_[agent] = distances_->table_for(goal);
}

double Pibt::random_fraction() {
    return static_cast<double>(mapf_detail::splitmix64(random_state_) >> 11) * 0x1.0p-53;
}

bool Pibt::plan_step(const MapfConfiguration& from, MapfConfiguration& next,
                     std::span<const std::uint32_t> order) {
    PATHKIT_ASSERT(from.size() == goals_.size() && next.size() == goals_.size());
    for (std::uint32_t agent = 0; agent < from.size(); ++agent)
        stand_on(from[agent], agent);
    bool ok = true;
    for (std::uint32_t agent = 0; agent < next.size() && ok; ++agent) {
        const MapfVertex target = next[agent];
        if (!target.is_valid()) continue;
        const std::uint32_t there = agent_on(target);
        ok = agent_going_to(target) == none &&
             (there == none || there == agent || next[there] != from[agent]);
        send_to(target, agent);
    }
    // Every mark a step sets is on a tile of `from` or of `next` (a tile given up for another is
    // always taken by the agent asked to move off it), so clearing those clears them all.
    const auto clear_marks = [&] {
        for (std::uint32_t agent = 0; agent < from.size(); ++agent) {
            stand_on(from[agent], none);
            if (next[agent].is_valid()) send_to(next[agent], none);
        }
    };
    try {
        for (std::size_t i = 0; i < order.size() && ok; ++i)
            if (!next[order[i]].is_valid()) ok = choose(order[i], from, next);
    } catch (const DistanceTables::OutOfTime&) {  // out of time halfway
        clear_marks();
        throw;
    }
    clear_marks();
    return ok;
}

// Takes a tile for `agent`, asking undecided agents in the way to move first.
bool Pibt::choose(std::uint32_t agent, const MapfConfiguration& from, MapfConfiguration& next) {
    const MapfVertex here = from[agent];
    struct Candidate {
        MapfVertex vertex;
        double key;  // steps to the goal plus a random fraction that breaks ties
    };
    std::array<Candidate, 5> unsorted;
    std::size_t count = 0;
    // The tie-break: a random fraction, below every other tile's for the tile ahead.
    const MapfVertex ahead = ahead_.empty() ? MapfVertex() : ahead_[agent];
    const auto tie = [&](MapfVertex vertex) {
        if (!ahead.is_valid()) return random_fraction();
        return vertex == ahead ? 0.0 : 0.5 + 0.5 * random_fraction();
    };
    // Quarter turns to face `vertex`, a neighbour, by its cell's direction from here.
    const auto turns = [&](MapfVertex vertex) {
        if (headings_.empty() || turn_cost_ == 0) return 0.0;
        const Cell at = graph_->cell(here), to = graph_->cell(vertex);
        const int way = to.x > at.x ? 0 : to.y > at.y ? 1 : to.x < at.x ? 2 : 3;
        const int apart = (way - headings_[agent] + 4) % 4;
        return turn_cost_ * (apart == 2 ? 2 : apart == 0 ? 0 : 1);
    };
    for (const MapfVertex neighbour : graph_->neighbours(here))
        unsorted[count++] = {neighbour,
                             choice_key(agent, neighbour) + turns(neighbour) + tie(neighbour)};
    unsorted[count++] = {here, choice_key(agent, here) + tie(here)};
    // A stable sort of at most five by counting, for each, the ones before it: comparisons
    // without branches, where an insertion sort's mispredict on the random keys (and GCC 12
    // under -O2 -fsanitize=thread warns, wrongly, that std::sort reads past five elements).
    std::array<Candidate, 5> candidates;
    for (std::size_t i = 0; i < count; ++i) {
        std::size_t place = 0;
        for (std::size_t k = 0; k < count; ++k)
            place += static_cast<std::size_t>(unsorted[k].key < unsorted[i].key) |
                     static_cast<std::size_t>(unsorted[k].key == unsorted[i].key && k < i);
        candidates[place] = unsorted[i];
    }

    const auto put_first = [&](MapfVertex preferred) {
        if (preferred.is_valid())
            for (std::size_t k = 1; k < count; ++k)
                if (candidates[k].vertex == preferred)
                    std::rotate(candidates.begin(),
                                candidates.begin() + static_cast<std::ptrdiff_t>(k),
                                candidates.begin() + static_cast<std::ptrdiff_t>(k) + 1);
    };
    if (routes_ && !routes_->followed)  // on its route: the route's next tile first
        put_first(route_next(agent, here));
    if (!first_choices_.empty()) put_first(first_choices_[agent]);
    const std::uint32_t partner =
        swap_ ? swap_partner(agent, candidates[0].vertex, from, next) : none;
    if (partner != none)  // make way by going backwards, pulling the partner along
        std::reverse(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(count));

    for (std::size_t k = 0; k < count; ++k) {
        const MapfVertex target = candidates[k].vertex;
        if (agent_going_to(target) != none) continue;
        const std::uint32_t there = agent_on(target);
        if (there != none && next[there] == here) continue;  // the two would trade tiles
        send_to(target, agent);
        next[agent] = target;
        if (there != none && there != agent && !next[there].is_valid() &&
            !choose(there, from, next))
            continue;  // it could not get out of the way: try the next tile
        if (k == 0 && partner != none && !next[partner].is_valid() &&
            agent_going_to(here) == none) {
            send_to(here, partner);
            next[partner] = here;
        }
        return true;
    }
    send_to(here, agent);
    next[agent] = here;
    return false;
}

// The agent `agent` should pull rather than push, if any: the one on its best tile when the
// two must trade places, or a neighbour that needs `agent`'s tile to get past it.
std::uint32_t Pibt::swap_partner(std::uint32_t agent, MapfVertex best,
                                 const MapfConfiguration& from, const MapfConfiguration& next) {
    const MapfVertex here = from[agent];
    const std::uint32_t ahead = agent_on(best);
    if (ahead != none && ahead != agent && !next[ahead].is_valid() &&
        swap_needed(agent, ahead, here, from[ahead]) && swap_feasible(from[ahead], here))
        return ahead;
    if (best == here) return none;
    for (const MapfVertex neighbour : graph_->neighbours(here)) {
        const std::uint32_t other = agent_on(neighbour);
        if (other != none && best != from[other] && swap_needed(other, agent, here, best) &&
            swap_feasible(best, here))
            return other;
    }
    return none;
}

// Neighbours of `puller_at` a pulled agent could step to: not back onto `pusher_at`, not a
// dead end where an agent sits on its goal. `onwards` is one of them.
int Pibt::room_to_pull(MapfVertex puller_at, MapfVertex pusher_at, MapfVertex& onwards) const {
    int room = 0;
    for (const MapfVertex neighbour : graph_->neighbours(puller_at)) {
        const std::uint32_t there = agent_on(neighbour);
        const bool settled_dead_end =  // the cheap tests first
            there != none && goals_[there] == neighbour && graph_->degree(neighbour) == 1;
        if (neighbour == pusher_at || settled_dead_end) continue;
        ++room;
        onwards = neighbour;
    }
    return room;
}

// Whether the pusher, heading for its goal through the puller, meets only a corridor too
// narrow to pass in, so that the two must trade places.
bool Pibt::swap_needed(std::uint32_t pusher, std::uint32_t puller, MapfVertex pusher_at,
                       MapfVertex puller_at) {
    MapfVertex behind = pusher_at, ahead = puller_at;
    while (distance_to_goal(pusher, ahead) < distance_to_goal(pusher, behind)) {
        MapfVertex onwards;
        const int room = room_to_pull(ahead, behind, onwards);
        if (room >= 2) return false;  // a side tile to step into: no trade needed
        if (room == 0) break;
        behind = ahead;
        ahead = onwards;
    }
    return distance_to_goal(puller, behind) < distance_to_goal(puller, ahead) &&
           (distance_to_goal(pusher, behind) == 0 ||
            distance_to_goal(pusher, ahead) < distance_to_goal(pusher, behind));
}

// Whether pulling leads, along the corridor, to a place wide enough to trade in.
bool Pibt::swap_feasible(MapfVertex pusher_at, MapfVertex puller_at) const {
    MapfVertex behind = pusher_at, ahead = puller_at;
    for (std::uint32_t steps = 0; ahead != pusher_at && steps < graph_->vertex_count(); ++steps) {
        MapfVertex onwards;
        const int room = room_to_pull(ahead, behind, onwards);
        if (room >= 2) return true;
        if (room == 0) return false;
        behind = ahead;
        ahead = onwards;
    }
    return false;
}

}  // namespace pathkit
