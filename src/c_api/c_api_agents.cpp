// The C API over agents files: run one as `pathkit agents` does, then read what each agent did.
#include <string>

#include "c_api_support.hpp"
#include "pathkit/io/agents_file.hpp"
#include "pathkit/io/agents_run.hpp"

struct pk_agent_run {
    pathkit::AgentScenario scenario;
    pathkit::AgentRun run;
};

using namespace pathkit;
using c_api::fail;
using c_api::guarded;
using c_api::missing;

extern "C" {

pk_status pk_agent_run_scenario(const char* path, pk_agent_run** out) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(out, "out", status) || missing(path, "path", status)) return status;
        *out = nullptr;
        Expected<AgentScenario> scenario = load_agent_scenario(path);
        if (!scenario) return c_api::refused(scenario.error());
        Expected<AgentRun> run = run_agent_scenario(scenario.value(), path, {});
        if (!run) return c_api::refused(run.error());
        *out = new pk_agent_run{std::move(scenario).value(), std::move(run).value()};
        return PK_OK;
    });
}

void pk_agent_run_destroy(pk_agent_run* run) {
    delete run;
}

pk_status pk_agent_run_summary(const pk_agent_run* run, int64_t* steps, size_t* agents,
                               size_t* arrived) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(run, "run", status)) return status;
        if (steps != nullptr) *steps = run->run.steps;
        if (agents != nullptr) *agents = run->run.final_agents.size();
        if (arrived != nullptr) *arrived = run->run.arrived_count();
        return PK_OK;
    });
}

pk_status pk_agent_run_agent(const pk_agent_run* run, size_t index, int64_t* id, float* x, float* y,
                             int64_t* arrived_step) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(run, "run", status)) return status;
        const std::size_t count = run->run.final_agents.size();
        if (index >= count)
            return fail(PK_INVALID_ARGUMENT, "agent " + std::to_string(index) +
                                                 " is not in the run's " + std::to_string(count));
        if (id != nullptr) *id = run->scenario.agents[index].id;
        if (x != nullptr) *x = run->run.final_agents[index].position.x;
        if (y != nullptr) *y = run->run.final_agents[index].position.y;
        if (arrived_step != nullptr) *arrived_step = run->run.arrived_step[index].value_or(-1);
        return PK_OK;
    });
}

}  // extern "C"
