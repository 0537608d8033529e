// A brute-force oracle for many-agent tests: every joint move on tiny maps, by Dijkstra over
// whole configurations, written here without any of the library's MAPF code.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <queue>
#include <random>
#include <set>
#include <vector>

#include "pathkit/grid/grid_map.hpp"

namespace pathkit::testing {

/// A tiny instance: a map and distinct starts and goals.
struct TinyMapfInstance {
    GridMap map;
    std::vector<Cell> starts;
    std::vector<Cell> goals;
};

/// A width x height map (each tile blocked with probability 0.3) and `agents` agents on
/// distinct random walkable tiles; nullopt when too few tiles are walkable.
inline std::optional<TinyMapfInstance> random_tiny_instance(std::mt19937& random, int width,
                                                            int height, int agents) {
    GridMap map = GridMap::create(width, height).value();
    std::vector<Cell> open;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            if (std::uniform_real_distribution<double>(0, 1)(random) < 0.3)
                (void)map.set_walkable({x, y}, false);
            else
                open.push_back({x, y});
        }
    }
    if (static_cast<int>(open.size()) < agents) return std::nullopt;
    std::vector<Cell> starts = open, goals = open;
    std::shuffle(starts.begin(), starts.end(), random);
    std::shuffle(goals.begin(), goals.end(), random);
    starts.resize(static_cast<std::size_t>(agents));
    goals.resize(static_cast<std::size_t>(agents));
    return TinyMapfInstance{std::move(map), std::move(starts), std::move(goals)};
}

/// The least sum of loss (each step of each agent not resting on its goal costs 1) over all
/// plans, or nullopt when no plan exists: Dijkstra over every configuration reachable by joint
/// moves with no shared tile and no trade along an edge.
inline std::optional<std::uint64_t> brute_force_least_loss(const TinyMapfInstance& instance) {
    using Configuration = std::vector<Cell>;
    const std::size_t agents = instance.starts.size();
    std::map<Configuration, std::uint64_t> best{{instance.starts, 0}};
    using Entry = std::pair<std::uint64_t, Configuration>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    open.push({0, instance.starts});
    while (!open.empty()) {
        auto [cost, here] = open.top();
        open.pop();
        if (cost > best[here]) continue;
        if (here == instance.goals) return cost;
        // Every combination of moves (stay, north, west, east, south), agent by agent.
        std::vector<int> choice(agents, 0);
        while (true) {
            Configuration next = here;
            bool ok = true;
            for (std::size_t agent = 0; agent < agents && ok; ++agent) {
                static constexpr int dx[] = {0, 0, -1, 1, 0}, dy[] = {0, -1, 0, 0, 1};
                next[agent] = {here[agent].x + dx[choice[agent]],
                               here[agent].y + dy[choice[agent]]};
                ok = instance.map.is_walkable(next[agent]);
            }
            for (std::size_t a = 0; a < agents && ok; ++a)
                for (std::size_t b = a + 1; b < agents && ok; ++b)
                    ok = next[a] != next[b] && !(next[a] == here[b] && next[b] == here[a]);
            if (ok) {
                std::uint64_t step = 0;
                for (std::size_t agent = 0; agent < agents; ++agent)
                    step += !(here[agent] == instance.goals[agent] &&
                              next[agent] == instance.goals[agent]);
                const auto [known, added] = best.try_emplace(next, cost + step);
                if (added || cost + step < known->second) {
                    known->second = cost + step;
                    open.push({cost + step, next});
                }
            }
            std::size_t digit = 0;
            while (digit < agents && ++choice[digit] == 5)
                choice[digit++] = 0;
            if (digit == agents) break;
        }
    }
    return std::nullopt;
}

/// The sum of loss of a plan given as configurations over time.
inline std::uint64_t loss_of(const std::vector<std::vector<Cell>>& steps,
                             const std::vector<Cell>& goals) {
    std::uint64_t loss = 0;
    for (std::size_t t = 1; t < steps.size(); ++t)
        for (std::size_t agent = 0; agent < goals.size(); ++agent)
            loss += !(steps[t - 1][agent] == goals[agent] && steps[t][agent] == goals[agent]);
    return loss;
}

}  // namespace pathkit::testing
