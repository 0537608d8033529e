// Fuzz target (API): a crowd on a map, units and orders made from the bytes; every tick keeps
// the crowd's promises (check_crowd_tick: no shared tiles, swaps, crossings, jumps or walls).
#include <cstdint>
#include <vector>

#include "fuzz_bytes.hpp"
#include "pathkit/crowd/crowd.hpp"
#include "pathkit/crowd/crowd_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    fuzzing::FuzzBytes bytes(data, size);
    const int width = bytes.in(2, 16), height = bytes.in(2, 16);
    GridMap map = GridMap::create(width, height).value();
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (bytes.in(0, 99) < 20) (void)map.set_walkable({x, y}, false);
    CrowdOptions options;
    options.rules.diagonal = static_cast<DiagonalPolicy>(bytes.in(0, 3));
    options.patience_ticks = bytes.in(1, 8);
    options.landmarks = bytes.in(0, 2);
    auto made = Crowd::create(map, options);
    if (!made) return 0;
    Crowd crowd = std::move(made).value();
    const int units = bytes.in(1, 12);
    for (int unit = 0; unit < units; ++unit)
        (void)crowd.add_unit({bytes.in(0, width - 1), bytes.in(0, height - 1)},
                             bytes.in(0, 9) == 0 ? UnitState::Attacking : UnitState::Idle);
    const auto positions = [&] {
        std::vector<Cell> at;
        for (const Unit& unit : crowd.units())
            at.push_back(unit.at);
        return at;
    };
    for (int tick = 0; tick < 200; ++tick) {
        if (!crowd.units().empty() && bytes.in(0, 5) == 0) {
            const Cell target{bytes.in(0, width - 1), bytes.in(0, height - 1)};
            std::vector<UnitId> group;
            const int members = bytes.in(1, 3);
            for (int member = 0; member < members; ++member)
                group.push_back(UnitId(static_cast<std::uint32_t>(
                    bytes.in(0, static_cast<int>(crowd.units().size()) - 1))));
            (void)(group.size() == 1 ? crowd.move_to(group[0], target)
                                     : crowd.move_group(group, target));
        }
        const std::vector<Cell> before = positions();
        if (!crowd.step()) fuzzing::broken("a tick was refused");
        if (const auto bad = check_crowd_tick(map, before, positions()))
            fuzzing::broken(bad->c_str());
    }
    return 0;
}
