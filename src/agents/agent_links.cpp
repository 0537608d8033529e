// AgentWorld and the mesh's links: agents whose paths cross a link walk to its entrance, cross
// it out of the crowd for its traversal time, then walk on from its exit; one-at-a-time links
// take their queue in order.
#include <algorithm>
#include <cmath>
#include <map>

#include "agent_world_impl.hpp"

namespace pathkit {

namespace {
// Within this of a link's entrance (beyond `arrival_distance`) an agent is there, as for targets.
constexpr float entrance_slack = 0.02f;
// Agents whose corridor ends at a one-at-a-time link queue within this many radii of its entrance
// (beyond `arrival_distance`): room for a few to stand round the first.
constexpr float queue_radii = 4;
}  // namespace

void AgentWorld::Impl::set_next_link(std::size_t index,
                                     const std::optional<agents::CorridorLink>& link) {
    if (link_legs.size() < agents.size()) link_legs.resize(agents.size());
    agents::LinkLeg& leg = link_legs[index];
    const bool same = leg.next && link && leg.next->link == link->link;
    leg.next = link;
    if (!same) leg.waiting_since = 0;
}

void AgentWorld::Impl::prepare_link_legs() {
    if (link_legs.size() < agents.size()) link_legs.resize(agents.size());
    if (mesh->revision() == link_revision) return;
    link_revision = mesh->revision();
    for (std::size_t index = 0; index < agents.size(); ++index) {
        agents::LinkLeg& leg = link_legs[index];
        if (!agents[index].active || !leg.next || leg.crossing) continue;
        plans[index].needs_plan = true;  // the link may be gone, or an end covered
    }
}

void AgentWorld::Impl::cross_links(float time_step) {
    // Per one-at-a-time link: whether an agent is on it, and the first in its queue.
    struct Use {
        bool busy = false;
        std::size_t first = SIZE_MAX;
    };
    std::map<std::uint32_t, Use> uses;
    const auto waits_for = [&](std::size_t index) {
        const agents::LinkLeg& leg = link_legs[index];
        return agents[index].active && leg.next && !leg.crossing && leg.waiting_since != 0 &&
               agents[index].state == AgentState::Moving;
    };
    const auto before = [&](std::size_t a, std::size_t b) {  // earlier in the queue
        return b == SIZE_MAX || link_legs[a].waiting_since < link_legs[b].waiting_since ||
               (link_legs[a].waiting_since == link_legs[b].waiting_since && a < b);
    };
    for (std::size_t index = 0; index < agents.size(); ++index) {
        const agents::LinkLeg& leg = link_legs[index];
        if (!leg.next) continue;
        Use& use = uses[leg.next->link.value];
        if (leg.crossing && agents[index].active) use.busy = true;
        if (waits_for(index) && before(index, use.first)) use.first = index;
    }
    for (std::size_t index = 0; index < agents.size(); ++index) {
        Agent& agent = agents[index];
        agents::LinkLeg& leg = link_legs[index];
        if (!agent.active) {  // removed: off the link, out of any queue
            leg = {};
            agent.crossing.reset();
            continue;
        }
        if (leg.crossing) {
            leg.elapsed += time_step;
            agent.crossing_fraction =
                leg.duration > 0 ? std::min(1.0f, leg.elapsed / leg.duration) : 1.0f;
            if (leg.elapsed < leg.duration) continue;
            const agents::CorridorLink crossed = *leg.next;
            agent.position = crossed.exit;
            plans[index].in_planning_space = false;  // not known at the exit
            if (!mesh->triangle_at(agent.position))  // an obstacle came over the exit
                if (auto free = mesh->nearest_free_point(agent.position)) agent.position = *free;
            agent.velocity = agent.preferred_velocity = {};
            agent.crossing.reset();
            agent.crossing_fraction = 0;
            leg = {};
            event(agent.id, AgentEventKind::LinkFinished, crossed.link);
            if (agent.target && agent.state == AgentState::Moving) {
                AgentPlanState& state = plans[index];
                state.planned = false;  // walking on is no replan
                state.best_remaining = INFINITY;
                state.seconds_without_progress = 0;
                plan(agent, state);
            }
            continue;
        }
        if (!leg.next || agent.state != AgentState::Moving || agent.corridor.size() != 1) continue;
        const float away = length(leg.next->entrance - agent.position);
        const float there = agent.params.arrival_distance + entrance_slack;
        const std::optional<PlaneLink> link = mesh->link(leg.next->link);
        if (!link) {  // removed since it was planned
            plans[index].needs_plan = true;
            continue;
        }
        Use& use = uses[leg.next->link.value];
        if (link->options.one_at_a_time) {
            if (away > there + queue_radii * agent.params.radius) continue;
            if (leg.waiting_since == 0) {
                leg.waiting_since = steps;
                if (before(index, use.first)) use.first = index;
            }
            if (away > there || use.busy || use.first != index) continue;
            use.busy = true;
            use.first = SIZE_MAX;  // the next in line waits until it is free again
        } else if (away > there) {
            continue;
        }
        leg.crossing = true;
        leg.elapsed = 0;
        leg.waiting_since = 0;
        leg.duration = std::isnan(link->options.traversal_seconds)
                           ? link->options.cost / agent.params.max_speed
                           : link->options.traversal_seconds;
        agent.position = leg.next->entrance;
        plans[index].in_planning_space = false;
        agent.velocity = agent.preferred_velocity = {};
        agent.corridor.clear();
        agent.crossing = leg.next->link;
        agent.crossing_fraction = 0;
        event(agent.id, AgentEventKind::LinkStarted, leg.next->link);
    }
}

void AgentWorld::Impl::hold_link_queues() {
    std::map<std::uint32_t, std::size_t> first;  // per link, the first agent in its queue
    for (std::size_t index = 0; index < link_legs.size(); ++index) {
        const agents::LinkLeg& leg = link_legs[index];
        if (!agents[index].active || leg.waiting_since == 0 || leg.crossing || !leg.next) continue;
        plans[index].seconds_without_progress = 0;  // waiting in line is no lack of progress
        const auto [at, fresh] = first.emplace(leg.next->link.value, index);
        if (fresh) continue;
        const agents::LinkLeg& other = link_legs[at->second];
        const bool earlier = leg.waiting_since < other.waiting_since ||
                             (leg.waiting_since == other.waiting_since && index < at->second);
        std::size_t held = index;
        if (earlier) {
            held = at->second;
            at->second = index;
        }
        agents[held].preferred_velocity = {};
    }
}

}  // namespace pathkit
