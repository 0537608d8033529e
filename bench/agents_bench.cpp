// Round agents in an open world beside DetourCrowd, in one process: the same mesh, the same
// agents and targets, stepped at 0.1 s until every agent stands at its target. Prints a
// Markdown table: time per step (over the steps both ran), arrivals, the deepest overlap of two
// agents, agent centres inside grown obstacles, and the length walked over the shortest. Usage:
// pathkit_bench_agents [AGENTS...] [--steps N]   (default 100 1000 5000, 1500 steps)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "pathkit/agents/agent_world.hpp"
#include "peers/detour_crowd.hpp"
#include "peers/detour_scene.hpp"

namespace pathkit::bench {
namespace {

constexpr float radius = 0.5f;
constexpr float top_speed = 2;
constexpr float top_acceleration = 8;
constexpr float time_step = 0.1f;
// An agent counts as arrived within its radius of its target (world units), in both worlds:
// DetourCrowd slows down over two radii and often stands still a little short.
constexpr float arrived_within = 0.5f;

/// Two squads crossing a square world scattered with rocks: the left third walks to the right
/// third and back, each agent to its own spot, on a world of about 36 square units per agent.
struct Crossing {
    float side = 0;
    std::vector<Obstacle> rocks;
    std::vector<Point2> starts, targets;
};

/// Points of the band x in [low, high) x [1, side - 1], at least `spacing` apart and outside
/// every grown obstacle of `mesh`.
std::vector<Point2> spread_points(const NavMesh& mesh, int count, float low, float high, float side,
                                  float spacing, std::mt19937& random) {
    std::uniform_real_distribution<float> x_of(low, high), y_of(1, side - 1);
    std::vector<Point2> points;
    const float cell = spacing;
    const auto columns = static_cast<std::size_t>(side / cell) + 1;
    std::vector<std::vector<std::uint32_t>> taken(columns * columns);
    while (static_cast<int>(points.size()) < count) {
        const Point2 point{x_of(random), y_of(random)};
        if (!mesh.triangle_at(point) || mesh.is_inside_obstacle(point)) continue;
        const auto column = static_cast<std::size_t>(point.x / cell);
        const auto row = static_cast<std::size_t>(point.y / cell);
        bool clear = true;
        for (std::size_t r = row == 0 ? 0 : row - 1; r <= std::min(row + 1, columns - 1); ++r)
            for (std::size_t c = column == 0 ? 0 : column - 1;
                 c <= std::min(column + 1, columns - 1); ++c)
                for (std::uint32_t other : taken[r * columns + c])
                    clear = clear && std::hypot(points[other].x - point.x,
                                                points[other].y - point.y) >= spacing;
        if (!clear) continue;
        taken[row * columns + column].push_back(static_cast<std::uint32_t>(points.size()));
        points.push_back(point);
    }
    return points;
}

NavMesh crossing_mesh(Crossing& crossing, int agents) {
    crossing.side = std::sqrt(static_cast<float>(agents)) * 6 + 20;
    std::mt19937 random(11);
    std::uniform_real_distribution<float> middle(crossing.side * 0.3f, crossing.side * 0.7f);
    std::uniform_real_distribution<float> anywhere(2, crossing.side - 2);
    std::uniform_real_distribution<float> size(1, 3);
    for (int rock = 0; rock < std::max(10, agents / 10); ++rock) {
        const float x = middle(random), y = anywhere(random), w = size(random), h = size(random);
        crossing.rocks.push_back(
            Obstacle::polygon({{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}));
    }
    NavMesh mesh =
        NavMesh::create({0, 0}, {crossing.side, crossing.side}, {.buffer_radius = radius}).value();
    (void)mesh.add_obstacles(crossing.rocks);
    mesh.triangulate();
    const float band = crossing.side * 0.3f;
    const int half = agents / 2;
    auto left = spread_points(mesh, half, 1, band, crossing.side, 1.2f, random);
    auto right = spread_points(mesh, agents - half, crossing.side - band, crossing.side - 1,
                               crossing.side, 1.2f, random);
    auto left_spots = spread_points(mesh, agents - half, 1, band, crossing.side, 1.2f, random);
    auto right_spots = spread_points(mesh, half, crossing.side - band, crossing.side - 1,
                                     crossing.side, 1.2f, random);
    for (int index = 0; index < half; ++index) {
        crossing.starts.push_back(left[static_cast<std::size_t>(index)]);
        crossing.targets.push_back(right_spots[static_cast<std::size_t>(index)]);
    }
    for (int index = 0; index < agents - half; ++index) {
        crossing.starts.push_back(right[static_cast<std::size_t>(index)]);
        crossing.targets.push_back(left_spots[static_cast<std::size_t>(index)]);
    }
    return mesh;
}

/// What one world did, measured the same way for both.
struct Figures {
    std::vector<double> step_ms;
    int agents = 0;
    int arrived = 0;
    int last_step = 0;
    double deepest_overlap = 0;          // of two agents, as a share of the radius sum
    long long centres_in_obstacles = 0;  // agent centres (over all steps) in grown obstacles
    double deepest_intrusion = 0;        // how far the deepest was from free space
    double walked = 0;
};

/// Measures positions after every step: overlap (a sweep in x), centres in obstacles, walking.
class Observer {
  public:
    Observer(const NavMesh& mesh, const Crossing& crossing, Figures& figures)
        : mesh_(mesh), crossing_(crossing), figures_(figures), last_(crossing.starts) {}

    /// True once every agent stands within `arrived_within` of its target.
    bool observe(const std::vector<Point2>& positions) {
        std::vector<std::size_t> order(positions.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return positions[a].x < positions[b].x; });
        for (std::size_t i = 0; i < order.size(); ++i)
            for (std::size_t j = i + 1; j < order.size(); ++j) {
                const Point2 a = positions[order[i]], b = positions[order[j]];
                if (b.x - a.x >= 2 * radius) break;
                const double gap = std::hypot(double{a.x} - b.x, double{a.y} - b.y);
                figures_.deepest_overlap =
                    std::max(figures_.deepest_overlap, (2 * radius - gap) / (2 * radius));
            }
        int arrived = 0;
        for (std::size_t agent = 0; agent < positions.size(); ++agent) {
            const Point2 at = positions[agent];
            if (mesh_.is_inside_obstacle(at) || !mesh_.triangle_at(at)) {
                ++figures_.centres_in_obstacles;
                if (const auto free = mesh_.nearest_free_point(at))
                    figures_.deepest_intrusion =
                        std::max(figures_.deepest_intrusion,
                                 std::hypot(double{at.x} - free->x, double{at.y} - free->y));
            }
            figures_.walked += std::hypot(at.x - last_[agent].x, at.y - last_[agent].y);
            const Point2 to = crossing_.targets[agent];
            arrived += std::hypot(at.x - to.x, at.y - to.y) <= arrived_within;
        }
        last_ = positions;
        figures_.arrived = arrived;
        return arrived == static_cast<int>(positions.size());
    }

  private:
    const NavMesh& mesh_;
    const Crossing& crossing_;
    Figures& figures_;
    std::vector<Point2> last_;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

Figures run_pathkit(const NavMesh& mesh, const Crossing& crossing, int max_steps) {
    Figures figures;
    AgentWorld world = AgentWorld::create(mesh).value();
    std::vector<AgentId> ids;
    for (std::size_t index = 0; index < crossing.starts.size(); ++index) {
        auto id = world.add_agent(
            crossing.starts[index],
            {.radius = radius, .max_speed = top_speed, .max_acceleration = top_acceleration});
        if (!id || !world.set_target(id.value(), crossing.targets[index])) std::abort();
        ids.push_back(id.value());
    }
    figures.agents = static_cast<int>(ids.size());
    Observer observer(mesh, crossing, figures);
    std::vector<Point2> positions(ids.size());
    for (int step = 1; step <= max_steps; ++step) {
        const auto start = std::chrono::steady_clock::now();
        (void)world.step(time_step);
        figures.step_ms.push_back(milliseconds_since(start));
        for (std::size_t index = 0; index < ids.size(); ++index)
            positions[index] = world.agent(ids[index]).position;
        figures.last_step = step;
        if (observer.observe(positions)) break;
    }
    return figures;
}

Figures run_detour(const NavMesh& mesh, DetourScene& scene, const Crossing& crossing, int max_steps,
                   int quality) {
    Figures figures;
    DetourCrowdPeer crowd(scene.nav_mesh(), static_cast<int>(crossing.starts.size()), radius,
                          quality);
    if (!crowd.ready()) return figures;
    std::vector<int> ids;
    for (std::size_t index = 0; index < crossing.starts.size(); ++index) {
        const int id = crowd.add_agent(crossing.starts[index], crossing.targets[index], radius,
                                       top_speed, top_acceleration);
        if (id < 0) std::abort();
        ids.push_back(id);
    }
    figures.agents = static_cast<int>(ids.size());
    Observer observer(mesh, crossing, figures);
    std::vector<Point2> positions(ids.size());
    for (int step = 1; step <= max_steps; ++step) {
        const auto start = std::chrono::steady_clock::now();
        crowd.step(time_step);
        figures.step_ms.push_back(milliseconds_since(start));
        for (std::size_t index = 0; index < ids.size(); ++index)
            positions[index] = crowd.position(ids[index]);
        figures.last_step = step;
        if (observer.observe(positions)) break;
    }
    return figures;
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
}

double mean(const std::vector<double>& values) {
    return values.empty() ? 0
                          : std::accumulate(values.begin(), values.end(), 0.0) /
                                static_cast<double>(values.size());
}

/// One row; times over the first `window` steps only, the steps in which both worlds move.
void print_row(int agents, const char* engine, const Figures& figures, double shortest,
               std::size_t window, double pathkit_median) {
    const std::vector<double> timed(figures.step_ms.begin(),
                                    figures.step_ms.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                                  window, figures.step_ms.size())));
    const double step = median(timed);
    std::printf("| %d | %s | %.3f | %.3f | %s | %d/%d | %d | %.1f %% | %lld (%.3f) | %.3f |\n",
                agents, engine, step, mean(timed),
                pathkit_median > 0
                    ? (std::to_string(step / pathkit_median).substr(0, 4) + "x").c_str()
                    : "1x",
                figures.arrived, figures.agents, figures.last_step, figures.deepest_overlap * 100,
                figures.centres_in_obstacles, figures.deepest_intrusion, figures.walked / shortest);
    std::fflush(stdout);
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    using namespace pathkit;
    using namespace pathkit::bench;
    std::vector<int> counts;
    int max_steps = 1500;
    for (int index = 1; index < argc; ++index) {
        const std::string argument = argv[index];
        if (argument == "--steps" && index + 1 < argc)
            max_steps = std::atoi(argv[++index]);
        else if (std::atoi(argv[index]) > 0)
            counts.push_back(std::atoi(argv[index]));
        else {
            std::fprintf(stderr, "usage: pathkit_bench_agents [AGENTS...] [--steps N]\n");
            return 2;
        }
    }
    if (counts.empty()) counts = {100, 1000, 5000};
    std::printf(
        "Two squads crossing through rocks, radius %.1f, top speed %.0f, steps of %.1f s "
        "until all stand within %.2f of their targets (at most %d steps); times over the steps "
        "every world ran.\n\n",
        double{radius}, double{top_speed}, double{time_step}, double{arrived_within}, max_steps);
    std::printf(
        "| agents | engine | median ms/step | mean ms/step | time / pathkit's | arrived | "
        "steps | deepest overlap | centres in obstacles (deepest) | walked / shortest |\n"
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const int agents : counts) {
        Crossing crossing;
        const NavMesh mesh = crossing_mesh(crossing, agents);
        double shortest = 0;
        for (std::size_t index = 0; index < crossing.starts.size(); ++index)
            shortest += mesh.find_path(crossing.starts[index], crossing.targets[index]).cost;
        // Detour's winding: the one whose straight paths come out right.
        const auto triangles = mesh.triangles();
        DetourScene as_is(triangles, {0, 0}, {crossing.side, crossing.side}, false);
        DetourScene flipped(triangles, {0, 0}, {crossing.side, crossing.side}, true);
        const bool flip =
            flipped.ready() && flipped.path_length(crossing.starts[0], crossing.targets[0]) > 0;
        DetourScene& scene = flip ? flipped : as_is;
        if (!scene.ready()) {
            std::fprintf(stderr, "Detour could not take the %zu triangles\n", triangles.size());
            return 1;
        }
        const Figures ours = run_pathkit(mesh, crossing, max_steps);
        std::vector<Figures> theirs;
        for (const int quality : {3, 0})
            theirs.push_back(run_detour(mesh, scene, crossing, max_steps, quality));
        std::size_t window = ours.step_ms.size();
        for (const Figures& figures : theirs)
            window = std::min(window, figures.step_ms.size());
        const double ours_median = median(
            {ours.step_ms.begin(), ours.step_ms.begin() + static_cast<std::ptrdiff_t>(window)});
        print_row(agents, "pathkit", ours, shortest, window, 0);
        print_row(agents, "DetourCrowd (high)", theirs[0], shortest, window, ours_median);
        print_row(agents, "DetourCrowd (low)", theirs[1], shortest, window, ours_median);
    }
    return 0;
}
