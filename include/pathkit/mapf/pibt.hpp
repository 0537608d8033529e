/// Pibt: one step for every agent at once by priority inheritance (Okumura et al., "Priority
/// Inheritance with Backtracking for Iterative Multi-agent Path Finding", AIJ 2022).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>
#include <vector>

#include "pathkit/mapf/distance_tables.hpp"
#include "pathkit/mapf/mapf_graph.hpp"

namespace pathkit {

/// Plans the next configuration from the current one.
///
/// Agents choose in priority order; each takes the free neighbour (or its own tile) nearest to
/// its goal, random among equals. An agent that wants a tile another undecided agent stands on
/// lends that agent its priority, and the lender tries its next choice if the other cannot
/// move away. With `swap` (from LaCAM3), an agent that must pass another in a corridor pulls
/// it instead of pushing it, so the two can trade places where the corridor widens.
///
/// The result never has two agents on one tile or two agents trading tiles along one edge.
/// Deterministic for a seed. Not thread-safe; the graph and tables must outlive it.
class Pibt {
  public:
    /// Agents with `goals` (valid vertices of `graph`), their distances in `distances`.
    Pibt(const MapfGraph& graph, DistanceTables& distances, std::span<const MapfVertex> goals,
         std::uint64_t seed, bool swap = true);

    /// A second PIBT for the agents of `other` (same graph, tables, goals, swap and preferred
    /// routes) with its own seed, sharing `other`'s per-vertex scratch and routes instead of
    /// copying them (8 bytes a vertex saved): the two must then plan one at a time, on one
    /// thread.
    Pibt(const Pibt& other, std::uint64_t seed);
    /// Bytes held: goals, tables, and the scratch (8 bytes a vertex) and preferred routes (8
    /// bytes a step) unless they are shared from another.
    [[nodiscard]] std::size_t memory_bytes() const;

    /// Routes to prefer (`spread_paths`, `guide_paths`): while an agent stands on its route,
    /// the route's next tile comes first among its choices (after the first visit, where a route
    /// comes back to a tile). Empty routes, or none, leave agents to PIBT alone.
    void prefer_routes(const std::vector<std::vector<MapfVertex>>& routes);
    /// Routes to follow (`TrafficFlow::routes`), replacing `prefer_routes`: an agent's choices
    /// are ordered by steps to its goal along its route instead of the distance: a tile on the
    /// route by the route's steps from there, a tile next to it by one more than its nearest
    /// route tile, any other by its distance plus what the route adds to the shortest path plus
    /// 2. Empty routes leave their agents to the distance. May throw `DistanceTables::OutOfTime`.
    void follow_routes(std::span<const std::span<const MapfVertex>> routes);
    /// The tile each agent faces (invalid: none), which comes first among equally good choices
    /// (the kit's robots turn before they move); an empty span forgets them.
    void set_headings(std::span<const MapfVertex> ahead) {
        ahead_.assign(ahead.begin(), ahead.end());
    }
    /// Each agent's heading (0 east, +x; 1 south, +y; 2 west; 3 north) and what a quarter turn
    /// costs, in steps: a tile that takes k quarter turns to face then counts k x `turn_cost`
    /// more among the agent's choices. An empty span, or a cost of 0, forgets them.
    void set_turn_costs(std::span<const std::uint8_t> headings, double turn_cost) {
        headings_.assign(headings.begin(), headings.end());
        turn_cost_ = turn_cost;
    }
    /// A tile for each agent to try first (its own or a neighbour; invalid: none), ahead of its
    /// routes and distances: a plan made earlier that the agent keeps to while it can. Unlike a
    /// constraint of `plan_step`, an agent of higher priority that needs the tile, or needs
    /// the agent out of its way, still gets it (priority inheritance works as ever). An empty
    /// span forgets them.
    void set_first_choices(std::span<const MapfVertex> first) {
        first_choices_.assign(first.begin(), first.end());
    }
    /// Changes one agent's goal (and drops its preferred route).
    void set_goal(std::uint32_t agent, MapfVertex goal);
    /// The agents' goals.
    [[nodiscard]] std::span<const MapfVertex> goals() const { return goals_; }
    /// Steps from `vertex` to the agent's goal (`DistanceTables::unreachable` when none).
    [[nodiscard]] std::uint32_t distance_to_goal(std::uint32_t agent, MapfVertex vertex) {
        return distances_->distance(tables_[agent], vertex);
    }

    /// Fills `next` (one entry per agent) from `from`: entries already valid are constraints
    /// (the agent must move there), the others are chosen for agents in `order` (every agent
    /// without a constraint must be listed). Returns false, leaving `next` unspecified, when
    /// the constraints conflict, or an agent in `order` finds no tile (only possible when the
    /// constraints or an earlier agent took its own tile).
    bool plan_step(const MapfConfiguration& from, MapfConfiguration& next,
                   std::span<const std::uint32_t> order);

  private:
    static constexpr std::uint32_t none = UINT32_MAX;

    bool choose(std::uint32_t agent, const MapfConfiguration& from, MapfConfiguration& next);
    [[nodiscard]] std::uint32_t swap_partner(std::uint32_t agent, MapfVertex best,
                                             const MapfConfiguration& from,
                                             const MapfConfiguration& next);
    [[nodiscard]] bool swap_needed(std::uint32_t pusher, std::uint32_t puller, MapfVertex pusher_at,
                                   MapfVertex puller_at);
    [[nodiscard]] bool swap_feasible(MapfVertex pusher_at, MapfVertex puller_at) const;
    [[nodiscard]] int room_to_pull(MapfVertex puller_at, MapfVertex pusher_at,
                                   MapfVertex& onwards) const;
    [[nodiscard]] double random_fraction();
    [[nodiscard]] MapfVertex route_next(std::uint32_t agent, MapfVertex here);
    [[nodiscard]] double choice_key(std::uint32_t agent, MapfVertex vertex);
    // The low half of `agent`'s route step on `vertex` (the next vertex, or the steps to go of
    // followed routes), or none when its route does not pass it.
    [[nodiscard]] std::uint32_t route_step_on(std::uint32_t agent, MapfVertex vertex) const;

    const MapfGraph* graph_;
    DistanceTables* distances_;
    std::vector<MapfVertex> goals_;
    std::vector<std::uint32_t> tables_;  // by agent: its goal's distance table
    // By vertex: the agent on it (`occupied_now`) or going there (`occupied_next`) plus one, 0
    // for none, so that the arrays come zeroed from the system: on a map of millions of tiles
    // only the pages agents stand on are ever written (filling them took 0.3 s and more at
    // 67 million tiles, with no clock check in between).
    struct Scratch {
        struct Release {
            void operator()(std::uint32_t* marks) const { std::free(marks); }
        };
        using Marks = std::unique_ptr<std::uint32_t[], Release>;
        explicit Scratch(std::size_t vertices)
            : occupied_now(zeroed(vertices)), occupied_next(zeroed(vertices)) {}
        static Marks zeroed(std::size_t vertices) {
            auto* marks = static_cast<std::uint32_t*>(std::calloc(vertices, sizeof(std::uint32_t)));
            if (marks == nullptr) throw std::bad_alloc();
            return Marks(marks);
        }
        Marks occupied_now;
        Marks occupied_next;
    };
    /// The agent on `vertex` now, or none.
    [[nodiscard]] std::uint32_t agent_on(MapfVertex vertex) const {
        return occupied_now_[vertex.index()] - 1;
    }
    /// The agent going to `vertex` next, or none.
    [[nodiscard]] std::uint32_t agent_going_to(MapfVertex vertex) const {
        return occupied_next_[vertex.index()] - 1;
    }
    /// Marks `agent` (none: nobody) on `vertex` now; none + 1 wraps to 0.
    void stand_on(MapfVertex vertex, std::uint32_t agent) {
        occupied_now_[vertex.index()] = agent + 1;
    }
    /// Marks `agent` (none: nobody) going to `vertex` next.
    void send_to(MapfVertex vertex, std::uint32_t agent) {
        occupied_next_[vertex.index()] = agent + 1;
    }
    std::shared_ptr<Scratch> scratch_;
    bool owns_scratch_ = true;
    // The scratch's arrays, indexed by the hot loops through the four helpers above.
    std::uint32_t* occupied_now_ = nullptr;
    std::uint32_t* occupied_next_ = nullptr;
    struct Routes {
        std::vector<std::uint32_t> first;   // by agent: where its steps begin (and one past)
        std::vector<std::uint64_t> steps;   // vertex << 32 | next vertex (or steps to go)
        std::vector<std::uint32_t> detour;  // by agent, followed: route minus shortest steps
        // Preferred: the routes in their order, one after another from `first_along`, each
        // tile as vertex << 32 | route_step_on's answer there; and by step, the place in its
        // route where the step's vertex first comes.
        std::vector<std::uint64_t> along;
        std::vector<std::uint32_t> first_along;
        std::vector<std::uint32_t> place_along;
        bool followed = false;  // steps to go, from `follow_routes`
    };
    std::shared_ptr<const Routes> routes_;     // none without preferred routes
    std::vector<std::uint8_t> route_dropped_;  // by agent, with routes: its goal changed
    // By agent, with preferred routes: its place along its route at the last look-up. An agent
    // mostly stands still or goes on along its route, so the next look-up is there or a step on.
    std::vector<std::uint32_t> along_at_;
    // Closes `table`'s agent index, makes it the routes in use and clears the dropped marks.
    void use_routes(std::shared_ptr<Routes> table);
    // Where `agent`'s step on `vertex` is in `routes.steps`, or none.
    [[nodiscard]] static std::uint32_t step_index(const Routes& routes, std::uint32_t agent,
                                                  MapfVertex vertex);
    std::vector<MapfVertex> ahead_;       // by agent: the tile it faces, or none given
    std::vector<std::uint8_t> headings_;  // by agent, with turn costs: the way it faces
    double turn_cost_ = 0;
    std::vector<MapfVertex> first_choices_;  // by agent: the tile it tries first, or none
    std::uint64_t random_state_;
    bool swap_;
};

}  // namespace pathkit
