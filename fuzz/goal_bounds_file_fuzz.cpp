// Fuzz target: goal-bounds files; what loads is written back to the same bytes, and on a map of
// its size its boxes (trusted, whatever they say) still give legal paths or none.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "pathkit/grid/static_grid_index.hpp"
#include "pathkit/io/goal_bounds_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto loaded = pathkit::parse_goal_bounds(bytes, "fuzz.pkx");
    if (!loaded) return 0;
    const pathkit::GoalBounds& bounds = loaded.value();
    if (pathkit::goal_bounds_bytes(bounds) != bytes) std::abort();
    if (!bounds.complete() || bounds.width() * bounds.height() > 4096) return 0;
    // An open map of that size, with a wall down the middle when there is room for one.
    auto map = pathkit::GridMap::create(bounds.width(), bounds.height()).value();
    for (int y = 0; y + 1 < map.height(); ++y)
        (void)map.set_walkable({map.width() / 2, y}, map.width() < 3);
    const pathkit::GridSpace space(map, bounds.rules());
    const auto index = pathkit::StaticGridIndex::build(space);
    if (!index) return 0;
    pathkit::SearchContext context;
    const pathkit::Cell corners[] = {
        {0, 0}, {map.width() - 1, map.height() - 1}, {map.width() - 1, 0}, {0, map.height() - 1}};
    for (const pathkit::Cell from : corners) {
        for (const pathkit::Cell to : corners) {
            const auto path = index.value().find_path(from, to, bounds, context);
            if (!path.found()) continue;
            if (path.path.front() != from || path.path.back() != to) std::abort();
            for (std::size_t step = 1; step < path.path.size(); ++step) {
                const int dx = std::abs(path.path[step].x - path.path[step - 1].x);
                const int dy = std::abs(path.path[step].y - path.path[step - 1].y);
                if (dx > 1 || dy > 1 || dx + dy == 0 || !map.is_walkable(path.path[step]))
                    std::abort();
            }
        }
    }
    return 0;
}
