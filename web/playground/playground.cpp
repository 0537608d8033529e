// The playground page's bridge to pathkit, compiled to WebAssembly: solves a grid the page
// drew and keeps the answer (path, cost, expansions in order, time) for the page to read.
#include <emscripten/emscripten.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "pathkit/grid/grid_space.hpp"

namespace {

using namespace pathkit;

/// The last answer, read by the page through the getters below.
struct Answer {
    std::string status;
    std::string message;
    std::string method;
    double cost = 0;
    double milliseconds = 0;
    std::vector<std::int32_t> path;        // x, y pairs
    std::vector<std::int32_t> expansions;  // x, y pairs, in the order the search took them
};

Answer answer;

/// The diagonal rules, numbered as the page's menu numbers them.
constexpr DiagonalPolicy diagonal_rules[] = {DiagonalPolicy::Never, DiagonalPolicy::Always,
                                             DiagonalPolicy::AtLeastOneWalkable,
                                             DiagonalPolicy::NoCornerCutting};

int refuse(std::string why) {
    answer = {};
    answer.status = "invalid";
    answer.message = std::move(why);
    return 0;
}

}  // namespace

extern "C" {

/// Solves the grid `walkable` (width x height bytes, row after row, nonzero = walkable) with
/// terrain multipliers `terrain` (as many floats, or null) from (start_x, start_y) to
/// (goal_x, goal_y) by the search named `algorithm` (as pathkit names them everywhere:
/// "astar", "dijkstra", "bfs", "jps", "jps+") under the
/// `diagonal` rule (0 never, 1 always, 2 at least one walkable, 3 no corner cutting).
/// Returns 1 when a path was found. The time is that of a search without recording; the
/// expansions come from a second, recording run of the same search.
EMSCRIPTEN_KEEPALIVE int playground_solve(int width, int height, const std::uint8_t* walkable,
                                          const float* terrain, int start_x, int start_y,
                                          int goal_x, int goal_y, const char* algorithm,
                                          int diagonal) {
    const auto search = search_algorithm_named(algorithm);
    if (!search) return refuse("the search must be one of " + std::string(search_algorithm_names));
    if (diagonal < 0 || diagonal > 3) return refuse("unknown diagonal rule");
    auto made = GridMap::create(width, height);
    if (!made) return refuse(made.error().message());
    GridMap map = std::move(made).value();
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t tile = static_cast<std::size_t>(y) * width + x;
            if (walkable[tile] == 0) (void)map.set_walkable({x, y}, false);
            if (terrain != nullptr && terrain[tile] != 1.0f) {
                const Status set = map.set_terrain_cost({x, y}, terrain[tile]);
                if (!set) return refuse(set.message());
            }
        }
    MovementRules rules;
    rules.diagonal = diagonal_rules[diagonal];
    const GridSpace space(map, rules);
    const Cell from{start_x, start_y}, to{goal_x, goal_y};
    SearchOptions options;
    options.algorithm = *search;
    if (*search == SearchAlgorithm::JpsPlus) (void)space.jump_point_index();  // not timed

    SearchContext context;
    const auto begin = std::chrono::steady_clock::now();
    const GridPath timed = space.find_path(from, to, context, options);
    const auto end = std::chrono::steady_clock::now();

    std::vector<StateId> log;
    context.record_expansions(&log);
    const GridPath recorded = space.find_path(from, to, context, options);

    answer = {};
    answer.status = std::string(to_string(timed.status));
    answer.message = timed.message;
    answer.method = std::string(timed.stats.method);
    answer.cost = timed.cost;
    answer.milliseconds = std::chrono::duration<double, std::milli>(end - begin).count();
    for (const Cell cell : recorded.path) {
        answer.path.push_back(cell.x);
        answer.path.push_back(cell.y);
    }
    for (const StateId state : log) {
        const Cell cell = map.cell(state.value);
        answer.expansions.push_back(cell.x);
        answer.expansions.push_back(cell.y);
    }
    return timed.found() ? 1 : 0;
}

/// "found", "no_path" or "invalid".
EMSCRIPTEN_KEEPALIVE const char* playground_status() {
    return answer.status.c_str();
}
/// Why there is no path ("" when there is one).
EMSCRIPTEN_KEEPALIVE const char* playground_message() {
    return answer.message.c_str();
}
/// Which search ran: "astar", "jps", "dijkstra", "breadth-first".
EMSCRIPTEN_KEEPALIVE const char* playground_method() {
    return answer.method.c_str();
}
EMSCRIPTEN_KEEPALIVE double playground_cost() {
    return answer.cost;
}
EMSCRIPTEN_KEEPALIVE double playground_milliseconds() {
    return answer.milliseconds;
}
/// Tiles of the path (start and goal included), and their x, y pairs.
EMSCRIPTEN_KEEPALIVE int playground_path_length() {
    return static_cast<int>(answer.path.size() / 2);
}
EMSCRIPTEN_KEEPALIVE const std::int32_t* playground_path() {
    return answer.path.data();
}
/// States expanded (tiles, or jump points for JPS), and their x, y pairs in order.
EMSCRIPTEN_KEEPALIVE int playground_expanded() {
    return static_cast<int>(answer.expansions.size() / 2);
}
EMSCRIPTEN_KEEPALIVE const std::int32_t* playground_expansions() {
    return answer.expansions.data();
}

}  // extern "C"
