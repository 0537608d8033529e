// The README's crowd example as a program that builds and runs with the tests.
#include <iostream>
#include <vector>

#include "pathkit/crowd/crowd.hpp"

int main() {
    auto map = pathkit::GridMap::create(40, 20).value();
    for (int y = 0; y < 15; ++y)
        (void)map.set_walkable({12, y}, false);  // a wall to walk round
    auto crowd = pathkit::Crowd::create(map).value();
    auto a = crowd.add_unit({1, 1}).value(), b = crowd.add_unit({2, 1}).value();
    if (!crowd.move_group(std::vector{a, b}, {30, 12})) return 1;
    int arrived = 0;
    while (!crowd.is_settled()) {
        if (!crowd.step()) return 1;
        for (const pathkit::CrowdEvent& event : crowd.events())  // this tick's
            arrived += event.kind == pathkit::CrowdEventKind::Arrived;
    }
    const pathkit::Cell at_a = crowd.unit(a)->at, at_b = crowd.unit(b)->at;
    std::cout << "settled after " << crowd.tick() << " ticks: a at " << pathkit::to_string(at_a)
              << ", b at " << pathkit::to_string(at_b) << ", " << arrived << " arrived\n";
    return at_b == pathkit::Cell{30, 12} && at_a == pathkit::Cell{29, 12} ? 0 : 1;
}
