// Fuzz target: world XML; small worlds run their NPCs for two game hours.
#include <cstdint>
#include <string_view>

#include "pathkit/io/world_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace pathkit;
    auto file = parse_world_file(std::string_view(reinterpret_cast<const char*>(data), size),
                                 "fuzz.xml", "fuzz-no-folder");
    if (!file || file.value().npcs.size() > 8) return 0;
    std::size_t tiles = 0;
    for (const WorldMap& map : file.value().world.maps())
        tiles += static_cast<std::size_t>(map.grid.width()) * map.grid.height();
    if (tiles > 64 * 64) return 0;
    file.value().world.set_route_memory_limit(std::size_t{8} << 20);
    NpcSimulation simulation(file.value().world, file.value().clock);
    for (NpcSpec& spec : file.value().npcs)
        if (!simulation.add_npc(std::move(spec))) return 0;
    simulation.run_until(simulation.clock().minutes() + 120);
    return 0;
}
