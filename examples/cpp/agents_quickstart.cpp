// The README's agents example as a program that builds and runs with the tests.
#include <cmath>
#include <iostream>
#include <vector>

#include "pathkit/agents/agent_world.hpp"

int main() {
    const std::vector<pathkit::Obstacle> rocks{
        pathkit::Obstacle::polygon({{60, 60}, {140, 60}, {140, 100}, {60, 100}}),
        pathkit::Obstacle::circle({220, 150}, 30)};
    auto mesh = pathkit::NavMesh::create({0, 0}, {400, 300}, {.buffer_radius = 4}).value();
    if (!mesh.add_obstacles(rocks)) return 1;
    mesh.triangulate();

    auto world = pathkit::AgentWorld::create(mesh).value();
    auto a = world.add_agent({20, 20}, {.radius = 4, .max_speed = 30}).value();
    if (!world.set_target(a, {380, 280})) return 1;
    int steps = 0;
    while (world.agent(a).state == pathkit::AgentState::Moving && steps < 10'000) {
        if (!world.step(1.0f / 30)) return 1;
        ++steps;
    }
    const pathkit::Agent& agent = world.agent(a);
    std::cout << "agent " << pathkit::to_string(agent.state) << " after " << steps << " steps at "
              << std::lround(agent.position.x) << "," << std::lround(agent.position.y) << "\n";
    return agent.state == pathkit::AgentState::Arrived ? 0 : 1;
}
