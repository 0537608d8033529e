// Fuzz target: agents scenario JSON; small scenarios run for a few steps, and no agent may ever
// leave free space, stop being finite, or outrun its top speed by more than its push-apart;
// their timed obstacle changes in the first steps run as `pathkit agents` runs them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "pathkit/agents/agent_world.hpp"
#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/agents_run.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    const auto scenario = parse_agent_scenario(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    if (!scenario) return 0;
    const AgentScenario& read = scenario.value();
    if (read.scene.obstacles.size() > 16 || read.agents.size() > 16) return 0;
    auto built = build_nav_mesh(read.scene);
    if (!built) return 0;
    const NavMesh mesh = std::move(built).value();
    auto made = AgentWorld::create(mesh);
    if (!made) std::abort();  // a triangulated mesh (even empty) and default options are fine
    AgentWorld world = std::move(made).value();
    std::vector<AgentId> ids;
    for (const ScenarioAgent& agent : read.agents) {
        auto added = world.add_agent(agent.at, agent.params);
        if (!added) continue;  // a start inside an obstacle: refused, as the CLI does
        if (world.set_target(added.value(), agent.to)) ids.push_back(added.value());
    }
    float widest = 0;
    for (AgentId id : ids)
        widest = std::max(widest, world.agent(id).params.radius);
    std::vector<Point2> before;
    const int steps = static_cast<int>(std::min<std::int64_t>(read.max_steps, 60));
    for (int step = 0; step < steps; ++step) {
        before.clear();
        for (AgentId id : ids)
            before.push_back(world.agent(id).position);
        if (!world.step(read.dt)) std::abort();
        for (std::size_t index = 0; index < ids.size(); ++index) {
            const Agent& agent = world.agent(ids[index]);
            if (!std::isfinite(agent.position.x) || !std::isfinite(agent.position.y) ||
                !std::isfinite(agent.velocity.x) || !std::isfinite(agent.velocity.y))
                std::abort();
            if (mesh.is_inside_obstacle(agent.position) || !mesh.triangle_at(agent.position))
                std::abort();
            const float moved =
                std::hypot(agent.position.x - before[index].x, agent.position.y - before[index].y);
            // Top speed for the step, plus pushes apart (each round at most the radius sum).
            const float reach =
                agent.params.max_speed * read.dt * 1.01f + 4 * 2 * agent.params.radius * 16 + 0.05f;
            if (moved > reach) std::abort();
        }
    }
    // The changes of those steps, applied and repaired as the CLI's run does them: refused
    // only with the file named, and never a centre left in an obstacle.
    AgentScenario changing = read;
    changing.max_steps = steps;
    std::erase_if(changing.changes,
                  [&](const ObstacleChange& change) { return change.step > steps; });
    if (changing.changes.empty()) return 0;
    const auto run = run_agent_scenario(changing, "fuzz.json", {});
    if (!run) {
        if (run.error().message().rfind("fuzz.json: ", 0) != 0) std::abort();
    } else if (run.value().centres_in_obstacles > 0) {
        std::abort();
    }
    return 0;
}
