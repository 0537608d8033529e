// Round agents while the mesh changes under them: the same agents stepped three times from the
// same start, once with nothing moving and twice with a cart (a 3 x 3 box) moved every step
// (0.1 s) across the middle of the world, the mesh made current by a rebuild (`triangulate()`)
// or by a repair (`update()`). Prints a Markdown table: mean and 99th-percentile step times
// (the AgentWorld step only; the rebuild or repair is timed on its own), and per edit the agents
// that planned again beside the agents walking, all of which planned again before edits were told
// apart by where they changed the mesh. Usage: pathkit_bench_agents_edit [AGENTS] [--steps N]
// (default 1000 agents, 300 steps)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "pathkit/agents/agent_world.hpp"

namespace pathkit::bench {
namespace {

constexpr float side = 200;
constexpr float time_step = 0.1f;

Obstacle box(Point2 low, float size) {
    return Obstacle::polygon(
        {low, {low.x + size, low.y}, {low.x + size, low.y + size}, {low.x, low.y + size}});
}

/// What one run measured.
struct Run {
    std::vector<double> step_ms;
    std::vector<double> mesh_ms;  // per edit, the rebuild or the repair
    long long replans = 0, walking = 0;
    int edits = 0;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

/// How the mesh is made current after the cart moves, if it moves.
enum class Cart { Still, Rebuilt, Repaired };

/// Rocks scattered over the world, agents walking between random free points.
Run run(int agents, int steps, Cart cart_mode) {
    const bool cart_moves = cart_mode != Cart::Still;
    NavMesh mesh = NavMesh::create({0, 0}, {side, side}, {.buffer_radius = 0.5f}).value();
    std::mt19937 random(5);
    std::uniform_real_distribution<float> coordinate(2, side - 6);
    std::vector<Obstacle> rocks;
    for (int rock = 0; rock < 400; ++rock)
        rocks.push_back(box({coordinate(random), coordinate(random)}, 2));
    if (!mesh.add_obstacles(rocks)) std::abort();
    const ObstacleId cart = mesh.add_obstacles(std::vector{box({20, side / 2}, 3)}).value().front();
    mesh.triangulate();
    AgentWorld world = AgentWorld::create(mesh).value();
    const auto free_point = [&] {
        for (;;) {
            const Point2 point{coordinate(random), coordinate(random)};
            if (mesh.triangle_at(point)) return point;
        }
    };
    for (int agent = 0; agent < agents; ++agent) {
        const AgentId id = world.add_agent(free_point(), {.radius = 0.5f}).value();
        if (!world.set_target(id, free_point())) std::abort();
    }
    Run measured;
    for (int step = 0; step < steps; ++step) {
        if (cart_moves && step > 0) {
            const auto start = std::chrono::steady_clock::now();
            if (!mesh.move_obstacle(cart, {0.5f, 0})) std::abort();  // 5 units a second
            if (cart_mode == Cart::Rebuilt) {
                mesh.triangulate();
            } else {
                mesh.update();
            }
            measured.mesh_ms.push_back(milliseconds_since(start));
            ++measured.edits;
            for (const Agent& agent : world.agents())
                measured.walking += agent.state == AgentState::Moving;
        }
        const auto start = std::chrono::steady_clock::now();
        if (!world.step(time_step)) std::abort();
        measured.step_ms.push_back(milliseconds_since(start));
        if (cart_moves && step > 0) measured.replans += world.last_step_stats().replans;
    }
    return measured;
}

double mean(const std::vector<double>& values) {
    double sum = 0;
    for (const double value : values)
        sum += value;
    return values.empty() ? 0 : sum / static_cast<double>(values.size());
}

double percentile(std::vector<double> values, double share) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(share * static_cast<double>(values.size() - 1))];
}

}  // namespace
}  // namespace pathkit::bench

int main(int argc, char** argv) {
    using namespace pathkit::bench;
    int agents = 1000, steps = 300;
    for (int index = 1; index < argc; ++index) {
        const std::string argument = argv[index];
        if (argument == "--steps" && index + 1 < argc)
            steps = std::atoi(argv[++index]);
        else if (std::atoi(argv[index]) > 0)
            agents = std::atoi(argv[index]);
        else {
            std::fprintf(stderr, "usage: pathkit_bench_agents_edit [AGENTS] [--steps N]\n");
            return 2;
        }
    }
    const Run still = run(agents, steps, Cart::Still);
    const Run rebuilt = run(agents, steps, Cart::Rebuilt);
    const Run repaired = run(agents, steps, Cart::Repaired);
    std::printf(
        "%d agents, 400 rocks on a %g x %g world, %d steps of %g s; the cart moves 0.5 "
        "units a step.\n\n",
        agents, side, side, steps, time_step);
    std::printf(
        "| world | mean ms/step | p99 ms/step | mean / still | mesh made current, ms (mean) | "
        "planned again per edit | walking per edit |\n|---|---:|---:|---:|---:|---:|---:|\n");
    std::printf("| nothing moves | %.3f | %.3f | 1x | | | |\n", mean(still.step_ms),
                percentile(still.step_ms, 0.99));
    for (const auto& [name, moving] :
         {std::pair{"a cart moves every step, triangulate()", &rebuilt},
          std::pair{"a cart moves every step, update()", &repaired}}) {
        const double edits = std::max(moving->edits, 1);
        std::printf("| %s | %.3f | %.3f | %.2fx | %.3f | %.1f | %.1f |\n", name,
                    mean(moving->step_ms), percentile(moving->step_ms, 0.99),
                    mean(moving->step_ms) / mean(still.step_ms), mean(moving->mesh_ms),
                    static_cast<double>(moving->replans) / edits,
                    static_cast<double>(moving->walking) / edits);
    }
    return 0;
}
