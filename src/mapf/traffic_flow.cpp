// TrafficFlow: guide paths priced by the directed flows of the others' remaining paths, planned
// one agent at a time on the one search engine and kept walking along with their agents.
#include "pathkit/mapf/traffic_flow.hpp"

#include <algorithm>

#include "held_bytes.hpp"
#include "pathkit/search/search.hpp"

namespace pathkit {

namespace {

// The graph as a search problem: a step costs 1 plus the traffic it meets (TrafficFlow's
// contract), the exact distance to the goal as heuristic.
class TrafficProblem {
  public:
    using Flows = std::vector<std::array<std::uint32_t, 4>>;
    TrafficProblem(const MapfGraph& graph, DistanceTables& distances, std::uint32_t table,
                   const Flows& out, const std::vector<std::uint32_t>& in,
                   const TrafficFlowOptions& options)
        : graph_(&graph),
          distances_(&distances),
          table_(table),
          out_(&out),
          in_(&in),
          options_(&options) {}

    [[nodiscard]] std::size_t state_count() const { return graph_->vertex_count(); }
    [[nodiscard]] bool is_valid(StateId state) const {
        return state.index() < graph_->vertex_count();
    }
    template <class Visit>
    void for_each_successor(StateId state, Visit&& visit) const {
        const MapfVertex here(state.value);
        for (const MapfVertex next : graph_->neighbours(here)) {
            const std::uint32_t against = (*out_)[next.index()][direction(next, here)];
            const std::uint32_t entering = (*in_)[next.index()];
            const float step = options_->step_costs.empty()
                                   ? 1.0f
                                   : options_->step_costs[here.index() * 4 + direction(here, next)];
            visit(
                StateId(next.value),
                static_cast<Cost>(step + options_->contraflow_weight * static_cast<float>(against) +
                                  options_->congestion_weight * static_cast<float>(entering)));
        }
    }
    [[nodiscard]] Cost heuristic(StateId state) const {
        return static_cast<Cost>(distances_->distance(table_, MapfVertex(state.value)));
    }
    [[nodiscard]] bool is_goal(StateId state) const {
        return distances_->goal(table_).value == state.value;
    }

    // 0 east, 1 south, 2 west, 3 north: vertices are numbered in row order, so east is the
    // next one and west the one before.
    [[nodiscard]] static int direction(MapfVertex from, MapfVertex to) {
        if (to.value == from.value + 1) return 0;
        if (to.value + 1 == from.value) return 2;
        return to.value > from.value ? 1 : 3;
    }

  private:
    const MapfGraph* graph_;
    DistanceTables* distances_;  // lazily grown: asking writes
    std::uint32_t table_;
    const Flows* out_;
    const std::vector<std::uint32_t>* in_;
    const TrafficFlowOptions* options_;
};

}  // namespace

TrafficFlow::TrafficFlow(const MapfGraph& graph, DistanceTables& distances, std::size_t agents,
                         const TrafficFlowOptions& options)
    : graph_(&graph),
      distances_(&distances),
      options_(options),
      out_(graph.vertex_count(), std::array<std::uint32_t, 4>{}),
      in_(graph.vertex_count(), 0),
      paths_(agents),
      walked_(agents, 0),
      off_path_(agents, 0) {
    std::vector<float>& steps = options_.step_costs;
    if (steps.size() != std::size_t{graph.vertex_count()} * 4 ||
        !std::all_of(steps.begin(), steps.end(), [](float cost) { return cost >= 1; }))
        steps.clear();
}

int TrafficFlow::direction(MapfVertex from, MapfVertex to) {
    return TrafficProblem::direction(from, to);
}

// Adds (1) or takes out (-1) the rest of an agent's path from the flows.
void TrafficFlow::count(std::uint32_t agent, int change) {
    const std::vector<MapfVertex>& path = paths_[agent];
    for (std::size_t step = walked_[agent] + 1; step < path.size(); ++step) {
        const MapfVertex from = path[step - 1], to = path[step];
        std::uint32_t& out = out_[from.index()][direction(from, to)];
        out = static_cast<std::uint32_t>(static_cast<std::int64_t>(out) + change);
        in_[to.index()] =
            static_cast<std::uint32_t>(static_cast<std::int64_t>(in_[to.index()]) + change);
    }
}

// A new path for `agent` from `start`, the others counted; nothing changes when the goal
// cannot be reached or the deadline passes during the search (checked every
// `expansions_between_clock_reads` expansions).
TrafficFlow::Planned TrafficFlow::plan(std::uint32_t agent, MapfVertex start, MapfVertex goal,
                                       std::chrono::steady_clock::time_point deadline) {
    constexpr std::size_t expansions_between_clock_reads = 1024;
    const TrafficProblem problem(*graph_, *distances_, distances_->table_for(goal), out_, in_,
                                 options_);
    Search search(problem, context_);
    search.begin(StateId(start.value));
    while (search.step(expansions_between_clock_reads) == SearchStatus::InProgress)
        if (std::chrono::steady_clock::now() >= deadline) return Planned::OutOfTime;
    const SearchResult result = search.finish();
    if (result.path.empty()) return Planned::Unreachable;
    std::vector<MapfVertex>& path = paths_[agent];
    path.clear();
    for (const StateId state : result.path)
        path.push_back(MapfVertex(state.value));
    walked_[agent] = 0;
    off_path_[agent] = 0;
    return Planned::Path;
}

std::size_t TrafficFlow::update(std::span<const MapfVertex> at, std::span<const MapfVertex> goals,
                                std::chrono::steady_clock::time_point deadline,
                                std::size_t renewals) {
    const auto agents = static_cast<std::uint32_t>(paths_.size());
    std::vector<std::uint32_t> order;  // no path to the goal first, then off their path
    std::vector<std::uint32_t> off;
    for (std::uint32_t agent = 0; agent < agents; ++agent) {
        std::vector<MapfVertex>& path = paths_[agent];
        if (path.empty() || path.back() != goals[agent]) {  // a new goal: the old path goes
            count(agent, -1);
            path.clear();
            walked_[agent] = 0;
            off_path_[agent] = 0;
            order.push_back(agent);
            continue;
        }
        const std::size_t from = walked_[agent];
        const std::size_t last = std::min<std::size_t>(path.size() - 1, from + options_.lookahead);
        std::size_t found = from;
        while (found <= last && path[found] != at[agent])
            ++found;
        if (found > last) {
            off_path_[agent] = 1;
            off.push_back(agent);
            continue;
        }
        // Walked on: the steps behind it leave the flows.
        count(agent, -1);
        walked_[agent] = static_cast<std::uint32_t>(found);
        count(agent, 1);
    }
    order.insert(order.end(), off.begin(), off.end());
    const std::size_t first_in_turn = order.size();
    for (std::uint32_t i = 0; i < agents && order.size() - first_in_turn < renewals; ++i) {
        const auto agent = static_cast<std::uint32_t>((next_in_turn_ + i) % agents);
        if (!off_path_[agent] && !paths_[agent].empty() && paths_[agent].back() == goals[agent])
            order.push_back(agent);
    }
    std::size_t planned = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (std::chrono::steady_clock::now() >= deadline) break;
        const std::uint32_t agent = order[i];
        if (!paths_[agent].empty()) count(agent, -1);
        Planned planned_now = Planned::OutOfTime;
        try {
            planned_now = plan(agent, at[agent], goals[agent], deadline);
        } catch (const DistanceTables::OutOfTime&) {  // the old path stays
            if (!paths_[agent].empty()) count(agent, 1);
            throw;
        }
        if (planned_now == Planned::OutOfTime) {  // the old path stays
            if (!paths_[agent].empty()) count(agent, 1);
            break;
        }
        if (planned_now == Planned::Unreachable) {  // a path of its tile
            paths_[agent].assign(1, at[agent]);
            walked_[agent] = 0;
            off_path_[agent] = 0;
        }
        count(agent, 1);
        ++planned;
        if (i >= first_in_turn) next_in_turn_ = (agent + 1) % agents;
    }
    return planned;
}

std::span<const MapfVertex> TrafficFlow::route(std::uint32_t agent) const {
    const std::vector<MapfVertex>& path = paths_[agent];
    if (path.empty()) return {};
    return std::span<const MapfVertex>(path).subspan(walked_[agent]);
}

std::vector<std::span<const MapfVertex>> TrafficFlow::routes() const {
    std::vector<std::span<const MapfVertex>> all;
    all.reserve(paths_.size());
    for (std::uint32_t agent = 0; agent < paths_.size(); ++agent)
        all.push_back(route(agent));
    return all;
}

double TrafficFlow::objective() const {
    double steps = 0, contraflow = 0, congestion = 0;
    for (std::uint32_t agent = 0; agent < paths_.size(); ++agent) {
        const std::span<const MapfVertex> path = route(agent);
        for (std::size_t i = 1; i < path.size(); ++i)
            steps +=
                options_.step_costs.empty()
                    ? 1.0
                    : options_
                          .step_costs[path[i - 1].index() * 4 + direction(path[i - 1], path[i])];
    }
    for (std::uint32_t vertex = 0; vertex < out_.size(); ++vertex) {
        const double entering = in_[vertex];
        congestion += entering * (entering - 1) / 2;
        for (const MapfVertex next : graph_->neighbours(MapfVertex(vertex)))
            if (next.value > vertex)  // each edge once
                contraflow +=
                    static_cast<double>(out_[vertex][direction(MapfVertex(vertex), next)]) *
                    out_[next.index()][direction(next, MapfVertex(vertex))];
    }
    return steps + options_.contraflow_weight * contraflow +
           options_.congestion_weight * congestion;
}

std::size_t TrafficFlow::memory_bytes() const {
    using mapf_detail::held_bytes;
    std::size_t bytes = held_bytes(out_) + held_bytes(in_) + held_bytes(paths_) +
                        held_bytes(walked_) + held_bytes(off_path_);
    for (const auto& path : paths_)
        bytes += held_bytes(path);
    return bytes;
}

}  // namespace pathkit
