// Fuzz target: MovingAI `.map` text; when it loads, a search from the first walkable tile to
// the last.
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "pathkit/grid/grid_space.hpp"
#include "pathkit/io/moving_ai.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream input(std::string(reinterpret_cast<const char*>(data), size));
    const auto map = pathkit::read_moving_ai_map(input, "fuzz.map");
    if (!map) return 0;
    const pathkit::GridMap& grid = map.value();
    std::optional<pathkit::Cell> first, last;
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x)
            if (grid.is_walkable({x, y})) (first ? last : first) = pathkit::Cell{x, y};
    if (first && last) (void)pathkit::GridSpace(grid).find_path(*first, *last);
    return 0;
}
