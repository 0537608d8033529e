// The README's world example as a program that builds and runs with the tests.
#include <iostream>

#include "pathkit/io/world_file.hpp"

int main(int argc, char** argv) {
    const std::string path = argc > 1 ? argv[1] : "examples/worlds/town.xml";
    auto loaded = pathkit::load_world_file(path);
    if (!loaded) {
        std::cerr << loaded.error().message() << '\n';
        return 1;
    }
    auto& file = loaded.value();
    pathkit::Route route =
        file.world.find_route({pathkit::MapId(3), {2, 1}}, {pathkit::MapId(5), {5, 1}});
    std::cout << "route through maps";
    for (pathkit::MapId map : route.maps())
        std::cout << ' ' << map.value;
    pathkit::NpcSimulation town(file.world, file.clock);
    for (auto& npc : file.npcs)
        if (!town.add_npc(std::move(npc))) return 1;
    town.run_until(7 * 60);
    const pathkit::Npc& zelda = town.npcs().front();
    std::cout << "; " << zelda.name << ": " << zelda.events.size() << " events, last "
              << pathkit::to_string(zelda.events.back().kind) << " at "
              << pathkit::GameClock::format(zelda.events.back().minute) << '\n';
    return route.found() ? 0 : 1;
}
