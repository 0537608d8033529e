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

namespace {

/// The run's step with changes at `index`, or null after recording why not.
const AgentChangeRecord* change_at(const pk_agent_run* run, std::size_t index, pk_status& status) {
    if (missing(run, "run", status)) return nullptr;
    const std::size_t count = run->run.changes.size();
    if (index < count) return &run->run.changes[index];
    status = fail(PK_INVALID_ARGUMENT, "step with changes " + std::to_string(index) +
                                           " is not among the run's " + std::to_string(count));
    return nullptr;
}

}  // namespace

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

pk_status pk_agent_run_change_count(const pk_agent_run* run, size_t* count) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (missing(run, "run", status) || missing(count, "count", status)) return status;
        *count = run->run.changes.size();
        return PK_OK;
    });
}

pk_status pk_agent_run_change(const pk_agent_run* run, size_t index, int64_t* step,
                              double* repair_microseconds, size_t* triangles_replaced) {
    return guarded([&] {
        pk_status status = PK_OK;
        const AgentChangeRecord* change = change_at(run, index, status);
        if (change == nullptr) return status;
        if (step != nullptr) *step = change->step;
        if (repair_microseconds != nullptr) *repair_microseconds = change->repair_microseconds;
        if (triangles_replaced != nullptr) *triangles_replaced = change->triangles_replaced;
        return PK_OK;
    });
}

pk_status pk_agent_run_change_agents(const pk_agent_run* run, size_t index, int walled_off,
                                     int64_t* ids, size_t capacity, size_t* count) {
    return guarded([&] {
        pk_status status = PK_OK;
        if (count != nullptr) *count = 0;
        const AgentChangeRecord* change = change_at(run, index, status);
        if (change == nullptr) return status;
        const std::vector<std::int64_t>& agents =
            walled_off != 0 ? change->walled_off : change->replanned;
        return c_api::write_items(
            agents.size(), ids, capacity, count,
            [&](std::size_t item, int64_t* out) { out[item] = agents[item]; });
    });
}

}  // extern "C"
