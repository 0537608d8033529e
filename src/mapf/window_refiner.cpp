// WindowRefiner: windowed large neighbourhood search over robots' poses, replanned by a
// space-time A* over (tile, heading, time, arrived).
#include "pathkit/mapf/window_refiner.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace pathkit {

namespace {

constexpr std::int32_t nobody = -1;
constexpr std::uint32_t no_state = UINT32_MAX;
// Steps charged for a goal that cannot be reached (larger than any real distance on a graph
// of fewer than a million vertices, small enough to add up without overflow).
constexpr std::uint32_t far_away = 1u << 22;
// The search's bytes a state: its cost, parent and generation.
constexpr std::size_t state_bytes = 3 * sizeof(std::uint32_t);

constexpr int step_x[4] = {1, 0, -1, 0};
constexpr int step_y[4] = {0, 1, 0, -1};

}  // namespace

WindowRefiner::WindowRefiner(const MapfGraph& graph, Options options)
    : graph_(&graph), options_(std::move(options)), random_(options_.seed) {
    std::vector<std::uint16_t>& costs = options_.move_costs;
    costs_valid_ =
        costs.empty() || (costs.size() == std::size_t{graph.vertex_count()} * 5 &&
                          std::all_of(costs.begin(), costs.end(), [](std::uint16_t cost) {
                              return cost >= 1 && cost <= largest_move_cost;
                          }));
    if (!costs_valid_) costs.clear();  // unit costs for the cost functions; refine refuses
    largest_cost_ = costs.empty() ? 1 : *std::max_element(costs.begin(), costs.end());
    ahead_.resize(graph.vertex_count());
    for (std::uint32_t vertex = 0; vertex < graph.vertex_count(); ++vertex) {
        const Cell cell = graph.cell(MapfVertex(vertex));
        for (int heading = 0; heading < 4; ++heading)
            ahead_[vertex][heading] =
                graph.vertex_at({cell.x + step_x[heading], cell.y + step_y[heading]});
    }
}

const std::vector<std::uint32_t>& WindowRefiner::table_for(MapfVertex goal) {
    const std::size_t table_bytes = std::size_t{graph_->vertex_count()} * 4 * sizeof(std::uint32_t);
    if (!tables_.contains(goal.index()) &&
        (tables_.size() + 1) * table_bytes > options_.table_memory)
        tables_.clear();
    auto [entry, made] = tables_.try_emplace(goal.index());
    std::vector<std::uint32_t>& costs = entry->second;
    if (!made) return costs;
    // Dijkstra backwards from every pose on the goal, by buckets of equal cost (Dial's: move
    // costs are small integers; when all are 1 this is a breadth-first search). A pose's
    // predecessors are its tile turned either way (with headings) and the tile behind it (or,
    // without, every neighbour's same heading).
    costs.assign(std::size_t{graph_->vertex_count()} * 4, UINT32_MAX);
    std::vector<std::vector<std::uint32_t>> buckets(std::size_t{largest_cost_} + 1);
    std::size_t pending = 0;
    // Costs past UINT32_MAX - 1 (only on maps of millions of tiles with dear moves) are left
    // unreachable rather than wrapped round.
    const auto visit = [&](std::uint32_t pose, std::uint64_t reached) {
        if (reached >= costs[pose]) return;
        const auto cost = static_cast<std::uint32_t>(reached);
        costs[pose] = cost;
        buckets[cost % buckets.size()].push_back(pose);
        ++pending;
    };
    for (std::uint32_t heading = 0; heading < 4; ++heading)
        visit(goal.index() * 4 + heading, 0);
    for (std::uint32_t cost = 0; pending > 0; ++cost) {
        std::vector<std::uint32_t>& bucket = buckets[cost % buckets.size()];
        // Moves cost at least 1, so nothing joins this bucket while it is read.
        for (const std::uint32_t pose : bucket) {
            --pending;
            if (costs[pose] != cost) continue;  // reached more cheaply since
            const std::uint32_t vertex = pose / 4;
            const std::uint32_t heading = pose % 4;
            if (options_.headings) {
                const std::uint64_t turn = std::uint64_t{cost} + unit_cost(vertex, stay_way);
                visit(vertex * 4 + (heading + 1) % 4, turn);
                visit(vertex * 4 + (heading + 3) % 4, turn);
                const MapfVertex behind = ahead_[vertex][(heading + 2) % 4];
                if (behind.is_valid())
                    visit(behind.index() * 4 + heading,
                          std::uint64_t{cost} + unit_cost(behind.index(), heading));
            } else {
                for (std::uint32_t way = 0; way < 4; ++way) {
                    const MapfVertex neighbour = ahead_[vertex][(way + 2) % 4];
                    if (neighbour.is_valid())
                        visit(neighbour.index() * 4 + heading,
                              std::uint64_t{cost} + unit_cost(neighbour.index(), way));
                }
            }
        }
        bucket.clear();
    }
    return costs;
}

std::uint32_t WindowRefiner::steps_to_goal(MapfPose pose, MapfVertex goal) {
    return table_for(goal)[pose.vertex.index() * 4 + pose.heading];
}

std::size_t WindowRefiner::moves(MapfPose pose, std::array<MapfPose, 5>& next) const {
    std::size_t count = 0;
    next[count++] = pose;
    if (options_.headings) {
        next[count++] = {pose.vertex, static_cast<std::uint8_t>((pose.heading + 1) % 4)};
        next[count++] = {pose.vertex, static_cast<std::uint8_t>((pose.heading + 3) % 4)};
        const MapfVertex forward = ahead(pose.vertex, pose.heading);
        if (forward.is_valid()) next[count++] = {forward, pose.heading};
    } else {
        for (const MapfVertex neighbour : graph_->neighbours(pose.vertex))
            next[count++] = {neighbour, pose.heading};
    }
    return count;
}

bool WindowRefiner::legal_step(MapfPose from, MapfPose to) const {
    std::array<MapfPose, 5> next;
    const std::size_t count = moves(from, next);
    return std::find(next.begin(), next.begin() + static_cast<std::ptrdiff_t>(count), to) !=
           next.begin() + static_cast<std::ptrdiff_t>(count);
}

std::uint32_t WindowRefiner::move_cost(MapfPose from, MapfPose to) const {
    const std::uint32_t vertex = from.vertex.index();
    if (to.vertex == from.vertex) return unit_cost(vertex, stay_way);
    if (options_.headings) return unit_cost(vertex, from.heading);
    std::uint32_t way = 0;
    while (way < 3 && ahead_[vertex][way] != to.vertex)
        ++way;
    return unit_cost(vertex, way);
}

std::uint32_t WindowRefiner::path_cost(const std::vector<MapfPose>& path, MapfVertex goal) {
    std::uint32_t cost = 0;
    for (std::size_t t = 0; t < path.size(); ++t) {
        if (path[t].vertex == goal) return cost;
        if (t + 1 < path.size()) cost += move_cost(path[t], path[t + 1]);
    }
    const std::uint32_t rest = steps_to_goal(path.back(), goal);
    return cost + std::min(rest, far_away);
}

std::uint64_t WindowRefiner::plan_cost(const MapfPosePlan& plan, const MapfConfiguration& goals) {
    std::uint64_t sum = 0;
    for (std::size_t robot = 0; robot < plan.size(); ++robot)
        sum += path_cost(plan[robot], goals[robot]);
    return sum;
}

bool WindowRefiner::valid(const MapfPosePlan& plan) const {
    if (plan.empty()) return true;
    const std::size_t length = plan.front().size();
    std::vector<std::int32_t> on(graph_->vertex_count(), nobody), before(on.size(), nobody);
    for (std::size_t t = 0; t < length; ++t) {
        std::fill(on.begin(), on.end(), nobody);
        for (std::size_t robot = 0; robot < plan.size(); ++robot) {
            const auto& path = plan[robot];
            if (path.size() != length || !path[t].vertex.is_valid() ||
                path[t].vertex.index() >= on.size() || path[t].heading > 3)
                return false;
            if (t > 0 && !legal_step(path[t - 1], path[t])) return false;
            std::int32_t& there = on[path[t].vertex.index()];
            if (there != nobody) return false;
            there = static_cast<std::int32_t>(robot);
        }
        // Trades: a robot on b's old tile while b is on its old one.
        if (t > 0)
            for (std::size_t robot = 0; robot < plan.size(); ++robot) {
                const auto& path = plan[robot];
                if (path[t].vertex == path[t - 1].vertex) continue;
                const std::int32_t other = before[path[t].vertex.index()];
                if (other != nobody && other != static_cast<std::int32_t>(robot) &&
                    on[path[t - 1].vertex.index()] == other)
                    return false;
            }
        std::swap(on, before);
    }
    return true;
}

void WindowRefiner::reserve(std::uint32_t robot, const std::vector<MapfPose>& path, bool on) {
    const std::size_t vertices = graph_->vertex_count();
    for (std::size_t t = 0; t < path.size(); ++t)
        occupant_[t * vertices + path[t].vertex.index()] =
            on ? static_cast<std::int32_t>(robot) : nobody;
}

bool WindowRefiner::search(MapfVertex goal, std::vector<MapfPose>& path) {
    const std::vector<std::uint32_t>& table = table_for(goal);
    const std::uint32_t vertices = graph_->vertex_count();
    const MapfPose start = path.front();
    ++searches_;
    if (++generation_ == 0) {
        std::fill(seen_.begin(), seen_.end(), 0);
        generation_ = 1;
    }
    const auto state_of = [&](std::uint32_t t, std::uint32_t pose, std::uint32_t arrived) {
        return ((t * vertices) * 4 + pose) * 2 + arrived;
    };
    const auto pose_of = [](std::uint32_t pose) {
        return MapfPose{MapfVertex(pose / 4), static_cast<std::uint8_t>(pose % 4)};
    };
    const auto estimate = [&](std::uint32_t pose, std::uint32_t arrived) {
        return arrived ? 0 : std::min(table[pose], far_away);
    };
    // Open states by (estimate, later time first, state), smallest first.
    std::vector<std::uint64_t>& open = open_;
    open.clear();
    const auto push = [&](std::uint32_t state, std::uint32_t t, std::uint32_t total) {
        open.push_back((std::uint64_t{total} << 40) | (std::uint64_t{255 - t} << 32) | state);
        std::push_heap(open.begin(), open.end(), std::greater<>());
    };
    const std::uint32_t first_pose = start.vertex.index() * 4 + start.heading;
    const std::uint32_t first_arrived = start.vertex == goal ? 1 : 0;
    const std::uint32_t first = state_of(0, first_pose, first_arrived);
    seen_[first] = generation_;
    cost_[first] = 0;
    parent_[first] = no_state;
    push(first, 0, estimate(first_pose, first_arrived));
    std::uint32_t found = no_state;
    while (!open.empty()) {
        std::pop_heap(open.begin(), open.end(), std::greater<>());
        const std::uint64_t top = open.back();
        open.pop_back();
        const auto state = static_cast<std::uint32_t>(top);
        const std::uint32_t t = 255 - static_cast<std::uint32_t>((top >> 32) & 0xff);
        const std::uint32_t arrived = state & 1;
        const std::uint32_t pose = (state >> 1) % (vertices * 4);
        const std::uint32_t cost = cost_[state];
        if ((top >> 40) != cost + estimate(pose, arrived)) continue;  // a stale entry
        if (t == window_) {
            found = state;
            break;
        }
        const std::uint32_t vertex = pose / 4;
        std::array<MapfPose, 5> next_poses;
        const std::size_t count = moves(pose_of(pose), next_poses);
        const std::size_t now = std::size_t{t} * vertices;
        const std::size_t later = now + vertices;
        for (std::size_t option = 0; option < count; ++option) {
            const std::uint32_t next_vertex = next_poses[option].vertex.index();
            const std::uint32_t next_pose = next_vertex * 4 + next_poses[option].heading;
            if (occupant_[later + next_vertex] != nobody) continue;
            if (next_vertex != vertex) {
                const std::int32_t other = occupant_[now + next_vertex];
                if (other != nobody && occupant_[later + vertex] == other) continue;  // a trade
            }
            const std::uint32_t next_arrived = arrived | (next_vertex == goal.index() ? 1 : 0);
            const std::uint32_t next = state_of(t + 1, next_pose, next_arrived);
            const std::uint32_t next_cost =
                cost + (arrived ? 0 : move_cost(pose_of(pose), next_poses[option]));
            if (seen_[next] == generation_ && cost_[next] <= next_cost) continue;
            seen_[next] = generation_;
            cost_[next] = next_cost;
            parent_[next] = state;
            push(next, t + 1, next_cost + estimate(next_pose, next_arrived));
        }
    }
    if (found == no_state) return false;
    for (std::uint32_t state = found, t = window_; state != no_state; state = parent_[state], --t) {
        const std::uint32_t pose = (state >> 1) % (vertices * 4);
        path[t] = {MapfVertex(pose / 4), static_cast<std::uint8_t>(pose % 4)};
    }
    return true;
}

std::vector<std::uint32_t> WindowRefiner::choose(const MapfPosePlan& plan,
                                                 const MapfConfiguration& goals) {
    const auto robots = static_cast<std::uint32_t>(plan.size());
    const std::uint32_t size = std::min(options_.neighbourhood, robots);
    std::vector<std::uint32_t> chosen;
    std::vector<bool> taken(robots, false);
    const auto take = [&](std::uint32_t robot) {
        if (chosen.size() >= size || taken[robot]) return;
        taken[robot] = true;
        chosen.push_back(robot);
    };
    std::uniform_int_distribution<std::uint32_t> any(0, robots - 1);
    if (options_.walks && random_() % 2 == 0) {
        const std::int64_t delayed = most_delayed(plan, goals);
        if (delayed >= 0) {
            auto robot = static_cast<std::uint32_t>(delayed);
            take(robot);
            walk(plan, goals, robot, 0, size, chosen, taken);
            for (int attempt = 0; attempt < 10 && chosen.size() < size; ++attempt) {
                robot = chosen[random_() % chosen.size()];
                walk(plan, goals, robot, static_cast<std::uint32_t>(random_() % window_), size,
                     chosen, taken);
            }
            if (chosen.size() >= 2) return chosen;
        }
    } else if (random_() % 2 == 0) {
        // The most delayed of 4 robots drawn, then the robots on or next to its path's tiles.
        std::uint32_t seed = any(random_);
        std::uint32_t worst = 0;
        for (int draw = 0; draw < 4; ++draw) {
            const std::uint32_t robot = any(random_);
            const std::uint32_t delay =
                costs_[robot] -
                std::min(costs_[robot],
                         std::min(steps_to_goal(plan[robot].front(), goals[robot]), far_away));
            if (draw == 0 || delay > worst) {
                seed = robot;
                worst = delay;
            }
        }
        take(seed);
        std::vector<std::uint32_t> near;
        const std::size_t vertices = graph_->vertex_count();
        const auto collect = [&](MapfVertex vertex) {
            for (std::size_t t = 0; t <= window_; ++t) {
                const std::int32_t other = occupant_[t * vertices + vertex.index()];
                if (other != nobody && !taken[static_cast<std::uint32_t>(other)])
                    near.push_back(static_cast<std::uint32_t>(other));
            }
        };
        for (const MapfPose& pose : plan[seed]) {
            collect(pose.vertex);
            for (const MapfVertex neighbour : graph_->neighbours(pose.vertex))
                collect(neighbour);
        }
        std::shuffle(near.begin(), near.end(), random_);
        for (const std::uint32_t robot : near)
            take(robot);
    }
    while (chosen.size() < size)
        take(any(random_));
    return chosen;
}

std::int64_t WindowRefiner::most_delayed(const MapfPosePlan& plan, const MapfConfiguration& goals) {
    const auto robots = static_cast<std::uint32_t>(plan.size());
    if (tabu_.size() != robots) {
        tabu_.assign(robots, 0);
        tabu_count_ = 0;
    }
    std::int64_t worst_robot = -1;
    std::uint32_t worst = 0;
    for (std::uint32_t robot = 0; robot < robots; ++robot) {
        if (tabu_[robot]) continue;
        const std::uint32_t delay =
            costs_[robot] -
            std::min(costs_[robot],
                     std::min(steps_to_goal(plan[robot].front(), goals[robot]), far_away));
        if (delay > worst) {
            worst = delay;
            worst_robot = robot;
        }
    }
    if (worst_robot < 0 || tabu_count_ + 1 >= robots) {
        std::fill(tabu_.begin(), tabu_.end(), 0);
        tabu_count_ = 0;
    }
    if (worst_robot >= 0) {
        tabu_[static_cast<std::size_t>(worst_robot)] = 1;
        ++tabu_count_;
    }
    return worst_robot;
}

void WindowRefiner::walk(const MapfPosePlan& plan, const MapfConfiguration& goals,
                         std::uint32_t robot, std::uint32_t t, std::uint32_t size,
                         std::vector<std::uint32_t>& chosen, std::vector<bool>& taken) {
    const std::vector<MapfPose>& path = plan[robot];
    const MapfVertex goal = goals[robot];
    for (std::uint32_t before = 0; before <= t; ++before)
        if (path[before].vertex == goal) return;  // arrived by then: nothing cheaper to find
    const std::size_t vertices = graph_->vertex_count();
    const auto add = [&](std::int32_t other) {
        if (other == nobody || chosen.size() >= size) return;
        const auto index = static_cast<std::uint32_t>(other);
        if (taken[index]) return;
        taken[index] = true;
        chosen.push_back(index);
    };
    std::uint32_t spent = 0;  // the cost of the walk's moves so far, from the path's start
    for (std::uint32_t before = 0; before < t; ++before)
        spent += move_cost(path[before], path[before + 1]);
    MapfPose pose = path[t];
    for (; t < window_ && chosen.size() < size; ++t) {
        std::array<MapfPose, 5> options;
        std::size_t count = moves(pose, options);
        bool moved = false;
        while (count > 0 && !moved) {
            const std::size_t pick = random_() % count;
            const MapfPose next = options[pick];
            options[pick] = options[--count];
            const std::uint32_t rest =
                next.vertex == goal ? 0 : std::min(steps_to_goal(next, goal), far_away);
            const std::uint32_t step = move_cost(pose, next);
            if (spent + step + rest >= costs_[robot]) continue;
            const std::size_t later = (t + 1) * vertices;
            add(occupant_[later + next.vertex.index()]);
            if (next.vertex != pose.vertex) {  // the robot it would trade tiles with
                const std::int32_t other = occupant_[t * vertices + next.vertex.index()];
                if (other != nobody && occupant_[later + pose.vertex.index()] == other) add(other);
            }
            pose = next;
            spent += step;
            moved = true;
        }
        if (!moved || pose.vertex == goal) return;
    }
}

bool WindowRefiner::fits(const MapfPosePlan& plan, const MapfConfiguration& goals) const {
    const std::size_t vertices = graph_->vertex_count();
    if (plan.empty() || goals.size() != plan.size()) return false;
    const std::size_t poses = plan.front().size();
    if (poses < 2 || poses > std::size_t{longest_window} + 1) return false;
    if (poses * vertices * 8 > std::size_t{UINT32_MAX}) return false;  // state indices
    if (poses * vertices * 8 * state_bytes > options_.search_memory) return false;
    const auto on_graph = [&](MapfVertex vertex) {
        return vertex.is_valid() && vertex.index() < vertices;
    };
    for (std::size_t robot = 0; robot < plan.size(); ++robot) {
        if (plan[robot].size() != poses || !on_graph(goals[robot])) return false;
        for (const MapfPose& pose : plan[robot])
            if (!on_graph(pose.vertex) || pose.heading > 3) return false;
    }
    return true;
}

std::uint64_t WindowRefiner::refine(MapfPosePlan& plan, const MapfConfiguration& goals,
                                    std::chrono::steady_clock::time_point deadline,
                                    std::uint64_t max_rounds) {
    searches_ = 0;
    improved_ = 0;
    if (!costs_valid_ || !fits(plan, goals)) return 0;
    window_ = static_cast<std::uint32_t>(plan.front().size() - 1);
    const std::size_t vertices = graph_->vertex_count();
    occupant_.assign((window_ + 1) * vertices, nobody);
    const std::size_t states = (window_ + 1) * vertices * 8;
    if (seen_.size() < states) {
        seen_.assign(states, 0);
        cost_.resize(states);
        parent_.resize(states);
        generation_ = 0;
    }
    const auto robots = static_cast<std::uint32_t>(plan.size());
    costs_.resize(robots);
    for (std::uint32_t robot = 0; robot < robots; ++robot) {
        reserve(robot, plan[robot], true);
        costs_[robot] = path_cost(plan[robot], goals[robot]);
    }
    std::vector<std::vector<MapfPose>> old_paths;
    std::vector<std::uint32_t> new_costs;
    std::uint64_t rounds = 0;
    while (rounds < max_rounds && std::chrono::steady_clock::now() < deadline) {
        ++rounds;
        std::vector<std::uint32_t> chosen = choose(plan, goals);
        std::shuffle(chosen.begin(), chosen.end(), random_);
        old_paths.clear();
        std::uint64_t old_sum = 0;
        for (const std::uint32_t robot : chosen) {
            old_paths.push_back(plan[robot]);
            old_sum += costs_[robot];
            reserve(robot, plan[robot], false);
        }
        std::uint64_t new_sum = 0;
        new_costs.clear();
        std::size_t planned = 0;
        for (; planned < chosen.size(); ++planned) {
            const std::uint32_t robot = chosen[planned];
            if (!search(goals[robot], plan[robot])) break;
            reserve(robot, plan[robot], true);
            new_costs.push_back(path_cost(plan[robot], goals[robot]));
            new_sum += new_costs.back();
        }
        const bool better = planned == chosen.size() && new_sum < old_sum;
        if (better) {
            ++improved_;
            for (std::size_t i = 0; i < chosen.size(); ++i)
                costs_[chosen[i]] = new_costs[i];
            continue;
        }
        for (std::size_t i = 0; i < planned; ++i)
            reserve(chosen[i], plan[chosen[i]], false);
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            plan[chosen[i]] = old_paths[i];
            reserve(chosen[i], plan[chosen[i]], true);
        }
    }
    return rounds;
}

std::vector<std::uint16_t> crisscross_move_costs(const MapfGraph& graph, std::uint16_t along,
                                                 std::uint16_t against, std::uint16_t stay,
                                                 std::uint16_t middle_rise) {
    const auto clamp = [](unsigned cost) {
        return static_cast<std::uint16_t>(
            std::clamp<unsigned>(cost, 1, WindowRefiner::largest_move_cost));
    };
    const double half_width = graph.width() / 2.0, half_height = graph.height() / 2.0;
    std::vector<std::uint16_t> costs(std::size_t{graph.vertex_count()} * 5);
    for (std::uint32_t vertex = 0; vertex < graph.vertex_count(); ++vertex) {
        const Cell cell = graph.cell(MapfVertex(vertex));
        // How far out the tile lies: 0 in the map's middle, towards 1 on its outer ring; the
        // whole rise inside `rise_whole_within`, none past `rise_none_beyond`.
        const double ring = std::max(std::abs(cell.x + 0.5 - half_width) / half_width,
                                     std::abs(cell.y + 0.5 - half_height) / half_height);
        const double share = std::clamp(
            (rise_none_beyond - ring) / (rise_none_beyond - rise_whole_within), 0.0, 1.0);
        const auto rise = static_cast<unsigned>(std::lround(middle_rise * share));
        const bool even_row = cell.y % 2 == 0;
        const bool even_column = cell.x % 2 == 0;
        std::uint16_t* move = &costs[std::size_t{vertex} * 5];
        move[0] = clamp((even_row ? along : against) + rise);     // east
        move[2] = clamp((even_row ? against : along) + rise);     // west
        move[1] = clamp((even_column ? along : against) + rise);  // south
        move[3] = clamp((even_column ? against : along) + rise);  // north
        move[4] = clamp(stay + rise);
    }
    return costs;
}

}  // namespace pathkit
