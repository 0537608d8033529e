// Crowds on random maps edited between ticks, 1,000 edits in all: after every refresh and every
// tick the crowd's rules hold, every unit told its target is unreachable truly cannot reach it,
// and once the edits stop every unit that can reach its target arrives.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"
#include "support/crowd_log.hpp"
#include "support/random_grid.hpp"
#include "support/reference_grid.hpp"

namespace pathkit {
namespace {

using testing::crowd_positions;
using testing::reachable_tiles;

constexpr int edits_per_map = 125;
constexpr unsigned maps = 8;

struct EditedRun {
    std::vector<std::string> problems;
    int edits = 0;
    int displaced = 0;
    int replanned = 0;
    int kept = 0;
    int reachable_targets = 0;  // at the end, targets the units can reach
    int arrived = 0;            // of those, the units standing on theirs
};

// Checks what a refresh did: units stand on distinct tiles, walkable unless stuck; only
// displaced units moved, and only off blocked tiles.
void check_refresh(const GridMap& map, const std::vector<Cell>& before,
                   const std::vector<Cell>& after, const CrowdRepair& repair,
                   std::vector<std::string>& problems) {
    std::set<Cell> taken;
    for (std::uint32_t unit = 0; unit < after.size(); ++unit) {
        const std::string name = "unit " + std::to_string(unit);
        const bool displaced =
            std::count(repair.displaced.begin(), repair.displaced.end(), UnitId(unit)) > 0;
        const bool stuck = std::count(repair.stuck.begin(), repair.stuck.end(), UnitId(unit)) > 0;
        if (!taken.insert(after[unit]).second) problems.push_back(name + " shares a tile");
        if (!map.is_walkable(after[unit]) && !stuck)
            problems.push_back(name + " stands on a blocked tile and is not stuck");
        if (before[unit] != after[unit] && !displaced)
            problems.push_back(name + " moved during a refresh without being displaced");
        if (displaced && map.is_walkable(before[unit]))
            problems.push_back(name + " was displaced from a walkable tile");
    }
}

// Every unit told its target is unreachable in the crowd's last events must truly be cut off.
void check_unreachable(const Crowd& crowd, const GridMap& map, const std::vector<Cell>& targets,
                       std::vector<std::string>& problems) {
    for (const CrowdEvent& event : crowd.events()) {
        if (event.kind != CrowdEventKind::Unreachable) continue;
        const Cell at = crowd.unit(event.unit)->at, target = targets[event.unit.index()];
        if (map.is_walkable(target) && map.is_walkable(at) &&
            reachable_tiles(map, at).contains(target))
            problems.push_back("unit " + std::to_string(event.unit.value) +
                               " was told its reachable target " + to_string(target) +
                               " is unreachable at tick " + std::to_string(event.tick));
    }
}

EditedRun run_edited(unsigned seed) {
    std::mt19937 random(seed);
    EditedRun run;
    GridMap map = GridMap::create(32, 24).value();
    std::bernoulli_distribution wall(0.15);
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (wall(random)) (void)map.set_walkable({x, y}, false);
    const GridMap original = map;
    Crowd crowd = std::move(Crowd::create(map).value());
    std::set<Cell> starts, ends;
    std::vector<Cell> targets;
    while (starts.size() < 24) {
        const Cell start = testing::random_walkable_cell(map, random);
        const Cell target = testing::random_walkable_cell(map, random);
        if (starts.contains(start) || ends.contains(target)) continue;
        starts.insert(start);
        ends.insert(target);
        const UnitId unit = crowd.add_unit(start).value();
        targets.push_back(target);
        (void)crowd.move_to(unit, target);
    }

    std::uniform_int_distribution<int> gap(1, 4), tiles(1, 3), column(0, map.width() - 1),
        row(0, map.height() - 1);
    std::bernoulli_distribution near_a_unit(0.5);
    int next_edit = gap(random);
    while (run.edits < edits_per_map && run.problems.empty()) {
        if (--next_edit == 0) {
            next_edit = gap(random);
            ++run.edits;
            for (int count = tiles(random); count > 0; --count) {
                Cell tile{column(random), row(random)};
                if (near_a_unit(random)) {  // on a unit's tile or the next tile of its way
                    const Unit& unit =
                        crowd.units()[static_cast<std::size_t>(random() % crowd.units().size())];
                    const auto left = unit.remaining_path();
                    tile = left.empty() ? unit.at : left[0];
                }
                (void)map.set_walkable(tile, !map.is_walkable(tile));
            }
            const std::vector<Cell> before = crowd_positions(crowd);
            const CrowdRepair repair = crowd.refresh();
            check_refresh(map, before, crowd_positions(crowd), repair, run.problems);
            check_unreachable(crowd, map, targets, run.problems);
            run.displaced += static_cast<int>(repair.displaced.size());
            run.replanned += static_cast<int>(repair.replanned.size());
            run.kept += static_cast<int>(repair.kept);
        }
        const std::vector<Cell> before = crowd_positions(crowd);
        EXPECT_TRUE(crowd.step());
        if (const auto problem = check_crowd_tick(map, before, crowd_positions(crowd)))
            run.problems.push_back("tick " + std::to_string(crowd.tick()) + ": " + *problem);
        check_unreachable(crowd, map, targets, run.problems);
    }

    // The edits stop with the map put back as it was at the start (one last edit of every tile
    // that differs, so regions cut off meet again); every unit is sent to its target again and
    // must get there if it can.
    for (int y = 0; y < map.height(); ++y)
        for (int x = 0; x < map.width(); ++x)
            if (map.is_walkable({x, y}) != original.is_walkable({x, y}))
                (void)map.set_walkable({x, y}, original.is_walkable({x, y}));
    const std::vector<Cell> before_restoring = crowd_positions(crowd);
    const CrowdRepair restored = crowd.refresh();
    check_refresh(map, before_restoring, crowd_positions(crowd), restored, run.problems);
    for (std::uint32_t unit = 0; unit < targets.size(); ++unit)
        if (crowd.unit(UnitId(unit))->at != targets[unit])
            (void)crowd.move_to(UnitId(unit), targets[unit]);
    testing::CrowdLog log;
    testing::run_checked(crowd, map, crowd.tick() + 4000, log);
    for (std::uint32_t unit = 0; unit < targets.size(); ++unit) {
        const Cell at = crowd.unit(UnitId(unit))->at;
        if (!map.is_walkable(targets[unit]) || !map.is_walkable(at) ||
            !reachable_tiles(map, at).contains(targets[unit]))
            continue;
        ++run.reachable_targets;
        if (at == targets[unit]) {
            ++run.arrived;
        } else {
            run.problems.push_back("unit " + std::to_string(unit) + " did not reach " +
                                   to_string(targets[unit]) + ", stands on " + to_string(at));
        }
    }
    return run;
}

TEST(CrowdEditsProperty, AThousandRandomEditsKeepEveryRuleAndEveryUnitThatCanArriveArrives) {
    int edits = 0, displaced = 0, replanned = 0, kept = 0, reachable = 0;
    for (unsigned seed = 1; seed <= maps; ++seed) {
        const EditedRun run = run_edited(seed);
        for (const std::string& problem : run.problems)
            ADD_FAILURE() << "map " << seed << ": " << problem;
        EXPECT_EQ(run.arrived, run.reachable_targets) << "map " << seed;
        edits += run.edits;
        displaced += run.displaced;
        replanned += run.replanned;
        kept += run.kept;
        reachable += run.reachable_targets;
    }
    EXPECT_EQ(edits, 1000);
    EXPECT_GT(displaced, 0) << "some edits blocked a tile under a unit";
    EXPECT_GT(kept, 0) << "some paths were left alone";
    EXPECT_GT(replanned, 0);
    EXPECT_GT(reachable, static_cast<int>(maps) * 20) << "most targets are reachable again";
}

}  // namespace
}  // namespace pathkit
