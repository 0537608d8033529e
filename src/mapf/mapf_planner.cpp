// MapfPlanner: PIBT moves every tick while LaCAM looks for a complete plan in the background
// of each tick's budget; once found, the plan is followed.
#include "pathkit/mapf/mapf_planner.hpp"

#include <map>

#include "held_bytes.hpp"
#include "pathkit/mapf/guide_paths.hpp"
#include "pibt_priorities.hpp"

namespace pathkit {

Expected<MapfPlanner> MapfPlanner::create(const MapfGraph& graph, std::span<const Cell> positions,
                                          std::span<const Cell> goals,
                                          const MapfPlannerOptions& options) {
    if (positions.size() != goals.size())
        return Status::invalid_input(std::to_string(positions.size()) + " agents but " +
                                     std::to_string(goals.size()) + " goals");
    MapfConfiguration at, to;
    if (Status status = graph.vertices_of(positions, "tile", at); !status) return status;
    if (Status status = graph.vertices_of(goals, "goal", to); !status) return status;
    return MapfPlanner(graph, std::move(at), std::move(to), options);
}

MapfPlanner::MapfPlanner(const MapfGraph& graph, MapfConfiguration positions,
                         MapfConfiguration goals, const MapfPlannerOptions& options)
    : graph_(&graph),
      options_(options),
      distances_(std::make_unique<DistanceTables>(graph, options.distance_memory_limit)),
      positions_(std::move(positions)),
      goals_(std::move(goals)),
      pibt_(graph, *distances_, goals_, options.seed),
      order_(positions_.size()) {
    for (const MapfVertex vertex : positions_)
        cells_.push_back(graph.cell(vertex));
    goals_changed_ = true;
}

Status MapfPlanner::set_goal(std::uint32_t agent, Cell goal) {
    if (agent >= goals_.size())
        return Status::invalid_input("agent " + std::to_string(agent) + " does not exist");
    const MapfVertex vertex = graph_->vertex_at(goal);
    if (!vertex.is_valid())
        return Status::invalid_input("goal " + to_string(goal) + " is outside the map or blocked");
    for (std::uint32_t other = 0; other < goals_.size(); ++other)
        if (other != agent && goals_[other] == vertex)
            return Status::invalid_input("goal " + to_string(goal) + " is agent " +
                                         std::to_string(other) + "'s goal");
    if (goals_[agent] == vertex) return {};
    goals_[agent] = vertex;
    pibt_.set_goal(agent, vertex);
    goals_changed_ = true;
    return {};
}

std::vector<Cell> MapfPlanner::goals() const {
    std::vector<Cell> cells;
    for (const MapfVertex vertex : goals_)
        cells.push_back(graph_->cell(vertex));
    return cells;
}

bool MapfPlanner::all_arrived() const {
    return positions_ == goals_;
}

namespace {

using mapf_detail::held_bytes;

// Bytes of a list of configurations as held: the list and every configuration's buffer.
std::size_t configurations_bytes(const std::vector<MapfConfiguration>& configurations) {
    std::size_t bytes = held_bytes(configurations);
    for (const MapfConfiguration& configuration : configurations)
        bytes += held_bytes(configuration);
    return bytes;
}

}  // namespace

std::size_t MapfPlanner::search_memory_bytes() const {
    return (search_ ? search_->memory_bytes() : 0) + configurations_bytes(history_);
}

std::size_t MapfPlanner::memory_bytes() const {
    return distances_->memory_bytes() + search_memory_bytes() + pibt_.memory_bytes() +
           configurations_bytes(plan_) + held_bytes(positions_) + held_bytes(goals_) +
           held_bytes(scratch_) + held_bytes(cells_) + held_bytes(priorities_) + held_bytes(order_);
}

// A new search from where the agents stand, and PIBT priorities as LaCAM starts them.
void MapfPlanner::restart_search() {
    search_.reset();
    plan_.clear();
    history_.clear();
    priorities_.assign(positions_.size(), 0);
    no_solution_ = !mapf_detail::start_priorities(pibt_, positions_, priorities_);
    mapf_detail::order_by_priority(priorities_, order_);
    if (no_solution_) return;  // some goal lies beyond the walls: PIBT does what it can
    search_.emplace(*graph_, *distances_, positions_, goals_,
                    LacamOptions{.seed = options_.seed + restarts_++,
                                 .memory_limit = options_.search_memory_limit});
    history_.push_back(positions_);
}

// Guide paths from where the agents stand, for PIBT's steps and the new search to prefer.
void MapfPlanner::prefer_guide_paths(std::chrono::steady_clock::time_point deadline) {
    const GuidePaths guides =
        guide_paths(*graph_, *distances_, positions_, goals_,
                    GuidePathOptions{.seed = options_.seed + restarts_,
                                     .memory_limit = options_.search_memory_limit},
                    deadline);
    pibt_.prefer_routes(guides.paths);
    search_->prefer_routes(guides.paths);
}

void MapfPlanner::move_to(const MapfConfiguration& next) {
    positions_ = next;
    for (std::size_t agent = 0; agent < positions_.size(); ++agent)
        cells_[agent] = graph_->cell(positions_[agent]);
    if (!search_) return;
    history_.push_back(next);
    // The search and the way back to its start share the search's memory limit: past it the
    // way back would grow without bound, so the search starts again from here.
    if (search_memory_bytes() > options_.search_memory_limit) restart_search();
}

// The plan starts where the search started; the agents may have walked on since. They go back
// along their own steps to the last configuration the plan passes through, then follow it.
void MapfPlanner::adopt(std::vector<MapfConfiguration> solution) {
    std::map<MapfConfiguration, std::size_t> index_in_solution;
    for (std::size_t i = 0; i < solution.size(); ++i)
        index_in_solution[solution[i]] = i;
    std::size_t back = history_.size() - 1;
    auto meeting = index_in_solution.find(history_[back]);
    while (meeting == index_in_solution.end()) {
        PATHKIT_ASSERT(back > 0);  // history_[0] is the solution's start
        meeting = index_in_solution.find(history_[--back]);
    }
    plan_.clear();
    for (std::size_t i = history_.size() - 1; i-- > back;)
        plan_.push_back(history_[i]);
    for (std::size_t i = meeting->second + 1; i < solution.size(); ++i)
        plan_.push_back(std::move(solution[i]));
    plan_next_ = 0;
    search_.reset();
    history_.clear();
}

const std::vector<Cell>& MapfPlanner::step(std::chrono::microseconds budget) {
    const auto now = std::chrono::steady_clock::now();
    const auto deadline = now + budget;
    if (goals_changed_) {
        goals_changed_ = false;
        restart_search();
        if (options_.guide_paths && search_) prefer_guide_paths(now + budget / 2);
    }
    if (!plan_.empty()) {
        move_to(plan_[plan_next_++]);
        if (plan_next_ == plan_.size()) plan_.clear();
        return cells_;
    }
    if (all_arrived()) return cells_;

    scratch_.assign(positions_.size(), MapfVertex());
    if (pibt_.plan_step(positions_, scratch_, order_)) {
        mapf_detail::step_priorities(scratch_, goals_, priorities_);
        mapf_detail::sort_by_priority(priorities_, order_);
        move_to(scratch_);
    }
    if (!search_ || all_arrived()) return cells_;
    const std::size_t way_back = configurations_bytes(history_);
    search_->set_memory_limit(
        way_back < options_.search_memory_limit ? options_.search_memory_limit - way_back : 0);
    switch (search_->run(deadline)) {
        case LacamState::Solved:
        case LacamState::Optimal:
            adopt(search_->solution());
            break;
        case LacamState::NoSolution:
            no_solution_ = true;
            search_.reset();
            history_.clear();
            break;
        case LacamState::OutOfMemory:
            restart_search();
            break;
        case LacamState::Searching:
            break;
    }
    return cells_;
}

}  // namespace pathkit
