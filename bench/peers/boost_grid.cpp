// Boost.Graph's astar_search on MovingAI scenarios, timed per query like `pathkit bench --json`.
//
// Usage: pathkit_bench_boost_grid SCEN...   (prints one JSON document on stdout)
// Each map becomes a Boost adjacency_list with one vertex per walkable tile and the eight
// moves of the benchmark rule (no corner cutting; straight 1, diagonal sqrt 2), built before
// the clock starts. Each query runs astar_search with the octile heuristic and stops at the
// goal by throwing from the visitor, the idiom the Boost documentation gives.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <vector>

#include "pathkit/io/moving_ai.hpp"

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_weight_t, double>>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

struct ReachedGoal {};

/// Stops the search when the goal is taken off the open list.
class StopAtGoal : public boost::default_astar_visitor {
  public:
    explicit StopAtGoal(Vertex goal) : goal_(goal) {}
    void examine_vertex(Vertex vertex, const Graph&) const {
        if (vertex == goal_) throw ReachedGoal{};
    }

  private:
    Vertex goal_;
};

/// Octile distance to the goal, the admissible estimate for the benchmark's moves.
class Octile : public boost::astar_heuristic<Graph, double> {
  public:
    Octile(const std::vector<pathkit::Cell>& cells, pathkit::Cell goal)
        : cells_(&cells), goal_(goal) {}
    double operator()(Vertex vertex) const {
        const double dx = std::abs((*cells_)[vertex].x - goal_.x);
        const double dy = std::abs((*cells_)[vertex].y - goal_.y);
        return std::max(dx, dy) + (std::sqrt(2.0) - 1) * std::min(dx, dy);
    }

  private:
    const std::vector<pathkit::Cell>* cells_;
    pathkit::Cell goal_;
};

/// The map as a Boost graph: vertex ids per tile (-1 when blocked) and the tile per vertex.
struct GridGraph {
    Graph graph;
    std::vector<long> vertex_of_tile;
    std::vector<pathkit::Cell> cell_of_vertex;
    int width = 0;
    [[nodiscard]] long vertex(pathkit::Cell cell) const {
        return vertex_of_tile[static_cast<std::size_t>(cell.y) * width + cell.x];
    }
};

GridGraph build_graph(const pathkit::GridMap& map) {
    GridGraph grid;
    grid.width = map.width();
    grid.vertex_of_tile.assign(static_cast<std::size_t>(map.width()) * map.height(), -1);
    for (int y = 0; y < map.height(); ++y) {
        for (int x = 0; x < map.width(); ++x) {
            if (!map.is_walkable({x, y})) continue;
            grid.vertex_of_tile[static_cast<std::size_t>(y) * map.width() + x] =
                static_cast<long>(grid.cell_of_vertex.size());
            grid.cell_of_vertex.push_back({x, y});
        }
    }
    for (std::size_t vertex = 0; vertex < grid.cell_of_vertex.size(); ++vertex)
        boost::add_vertex(grid.graph);
    for (const pathkit::Cell cell : grid.cell_of_vertex) {
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const pathkit::Cell next{cell.x + dx, cell.y + dy};
                if ((dx == 0 && dy == 0) || !map.is_walkable(next)) continue;
                const bool diagonal = dx != 0 && dy != 0;
                if (diagonal && (!map.is_walkable({cell.x + dx, cell.y}) ||
                                 !map.is_walkable({cell.x, cell.y + dy})))
                    continue;  // no corner cutting
                boost::add_edge(static_cast<Vertex>(grid.vertex(cell)),
                                static_cast<Vertex>(grid.vertex(next)),
                                diagonal ? std::sqrt(2.0) : 1.0, grid.graph);
            }
        }
    }
    return grid;
}

}  // namespace

int main(int argc, char** argv) {
    nlohmann::json files = nlohmann::json::array();
    std::size_t total_queries = 0, total_mismatches = 0;
    for (int argument = 1; argument < argc; ++argument) {
        const std::string scenario_file = argv[argument];
        const auto scenario = pathkit::load_moving_ai_scenario(scenario_file);
        if (!scenario || scenario.value().queries.empty()) {
            std::cerr << scenario_file << ": cannot read the scenario\n";
            return 2;
        }
        const auto& queries = scenario.value().queries;
        const auto map_file =
            std::filesystem::path(scenario_file).parent_path() / queries.front().map_name;
        const auto map = pathkit::load_moving_ai_map(map_file.string());
        if (!map) {
            std::cerr << map.error().message() << '\n';
            return 2;
        }
        const GridGraph grid = build_graph(map.value());
        const std::size_t count = grid.cell_of_vertex.size();
        std::vector<Vertex> predecessor(count);
        std::vector<double> distance(count), rank(count);
        std::vector<boost::default_color_type> color(count);
        const auto index = boost::get(boost::vertex_index, grid.graph);
        double total_microseconds = 0;
        std::size_t mismatches = 0;
        for (const pathkit::ScenarioQuery& query : queries) {
            const auto start = static_cast<Vertex>(grid.vertex(query.start));
            const auto goal = static_cast<Vertex>(grid.vertex(query.goal));
            const auto started = std::chrono::steady_clock::now();
            try {
                boost::astar_search(
                    grid.graph, start, Octile(grid.cell_of_vertex, query.goal),
                    boost::visitor(StopAtGoal(goal))
                        .predecessor_map(
                            boost::make_iterator_property_map(predecessor.begin(), index))
                        .distance_map(boost::make_iterator_property_map(distance.begin(), index))
                        .rank_map(boost::make_iterator_property_map(rank.begin(), index))
                        .color_map(boost::make_iterator_property_map(color.begin(), index)));
            } catch (const ReachedGoal&) {
            }
            const auto stopped = std::chrono::steady_clock::now();
            total_microseconds +=
                std::chrono::duration<double, std::micro>(stopped - started).count();
            if (!pathkit::matches_optimal_length(distance[goal], query.optimal_length))
                ++mismatches;
        }
        files.push_back({{"scen", scenario_file},
                         {"queries", queries.size()},
                         {"mismatches", mismatches},
                         {"mean_us", total_microseconds / static_cast<double>(queries.size())}});
        total_queries += queries.size();
        total_mismatches += mismatches;
    }
    const nlohmann::json document{{"algo", "astar"},
                                  {"files", files},
                                  {"queries", total_queries},
                                  {"mismatches", total_mismatches}};
    std::cout << document.dump(2) << '\n';
    return total_mismatches == 0 ? 0 : 1;
}
